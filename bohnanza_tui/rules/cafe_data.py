"""Guatemala Café's boards and numbers (``seeds/cafe.json``, docs/CAFE.md).

The JSON is read and validated once, at import, with Pydantic, and turned
into plain tuples the rules read on their hot path:

- a *field* (cell) of the plantation board is ``row * COLUMNS + column``;
- a *point* (a corner of fields) is ``row * (COLUMNS + 1) + column``, rows
  0..ROWS and columns 0..COLUMNS;
- an *edge* joins two neighbouring points: the horizontal ones first
  (``row * COLUMNS + column``, the edge right of point (row, column)), then the
  vertical ones (``H_EDGES + row * (COLUMNS + 1) + column``, below the point);
- a *place* of the growing-area board is ``row * ROW_LENGTH + index``;
- a piece on a place is a small int: a sack of kind k is ``k`` (0..4),
  ``HUT``, ``WORKER``, ``PATH``, a ship of kind k ``SHIP + k``, ``EMPTY`` for none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, PositiveInt, ValidationError

from bohnanza_tui.resources import seeds_path

from .data import RuleDataError

__all__ = [
    "BAG",
    "BANK",
    "CELLS",
    "CELL_CORNERS",
    "CELL_NEIGHBOURS",
    "COLUMNS",
    "DEALT",
    "EDGES",
    "EDGE_ENDS",
    "EMPTY",
    "EXTRA_STEP_COST",
    "FIXED_LAYOUT",
    "HARBOR_POINT",
    "HUT",
    "HUT_COST",
    "KINDS",
    "MAX_BUILD",
    "PATH",
    "PATH_STOCK",
    "PLACES",
    "POINTS",
    "POINT_EDGES",
    "REGION",
    "REGIONS",
    "ROWS",
    "ROW_COUNT",
    "ROW_LENGTH",
    "SACKS_PER_KIND",
    "SCORE_LAST",
    "SCORE_MARKED",
    "SCORING_PAY",
    "SHIP",
    "SHIP_COSTS",
    "SIDES",
    "START_CENTAVOS",
    "START_MARKERS",
    "WHITE",
    "WORKER",
    "WORKER_COST",
    "Side",
    "side_for",
]

_Kind = Literal["red", "orange", "blue", "violet", "brown"]
_Pair = tuple[NonNegativeInt, NonNegativeInt]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _Cost(_Model):
    hut: NonNegativeInt
    worker: NonNegativeInt


class _Start(_Model):
    centavos: NonNegativeInt
    markers: PositiveInt
    score: Literal[0]


class _Track(_Model):
    last: PositiveInt
    marked: dict[Literal["2", "3", "4"], PositiveInt]


class _Growing(_Model):
    legend: str
    fixed: tuple[Annotated[str, Field(pattern=r"^[SHWProbvn]+$")], ...]


class _Site(_Model):
    at: _Pair
    kind: _Kind
    left_path: bool = False


class _Side(_Model):
    players: tuple[Literal[2, 3, 4], ...]
    paths: Literal["free"] | tuple[tuple[_Pair, _Pair], ...]
    left_path: NonNegativeInt | None = None
    hut_sites: tuple[_Site, ...]


class _Plantation(_Model):
    rows: PositiveInt
    columns: PositiveInt
    regions: tuple[str, ...]
    region_legend: dict[str, Literal["grey", "green", "yellow"]]
    harbors: dict[_Kind, _Pair]
    sides: dict[Literal["two", "three-four"], _Side]


class _CafeModel(_Model):
    kinds: tuple[_Kind, ...]
    german_names: tuple[str, ...]
    sacks_per_kind: PositiveInt
    bag: NonNegativeInt
    dealt: PositiveInt
    start: _Start
    bank: PositiveInt
    scoring_pay: NonNegativeInt
    extra_step_cost: NonNegativeInt
    max_build: PositiveInt
    path_stock: NonNegativeInt
    ship_costs: tuple[NonNegativeInt, ...]
    regions: dict[Literal["grey", "green", "yellow"], _Cost]
    score_track: _Track
    growing_area: _Growing
    plantation: _Plantation


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the plantation board (R-CAFE-2): its hut sites and where paths may go."""

    name: str
    players: tuple[int, ...]
    #: the kind of the hut site on each field, -1 for a field that is no hut site
    hut_kind: tuple[int, ...]
    #: hut sites of the left path (covered with 3 players, R-CAFE-6)
    left_path: tuple[bool, ...]
    #: edges that may take a path (printed ones; every edge on side ``two``)
    allowed: tuple[bool, ...]
    free_paths: bool
    #: per field: the kinds whose harbor the allowed edges reach from its corners (D-CAFE-9)
    reaches: tuple[frozenset[int], ...]
    #: the hut sites, the other fields (where workers go), the allowed edges: as lists
    sites: tuple[int, ...]
    fields: tuple[int, ...]
    edges: tuple[int, ...]


_PIECES: Final = {"H": 5, "W": 6, "P": 7}
_SHIP_LETTERS: Final = "robvn"

EMPTY: Final = -1
HUT: Final = 5
WORKER: Final = 6
PATH: Final = 7
SHIP: Final = 8


def _load() -> _CafeModel:
    path = seeds_path() / "cafe.json"
    try:
        return _CafeModel.model_validate_json(path.read_bytes())
    except (OSError, ValidationError) as exc:
        raise RuleDataError(f"cafe.json: {exc}") from exc


def _check(m: _CafeModel) -> None:
    if list(m.kinds) != ["red", "orange", "blue", "violet", "brown"]:
        raise RuleDataError("cafe.json: kinds must be red, orange, blue, violet, brown")
    if len(m.german_names) != len(m.kinds):
        raise RuleDataError("cafe.json: one German name per kind")
    rows = m.growing_area.fixed
    if not rows or len({len(r) for r in rows}) != 1:
        raise RuleDataError("cafe.json: the growing-area rows must be of one length")
    white = sum(r.count("S") for r in rows)
    total = m.sacks_per_kind * len(m.kinds)
    if white + 1 + m.bag + m.dealt != total:
        raise RuleDataError(
            f"cafe.json: {white} white-edged + 1 + {m.bag} bag + {m.dealt} dealt != {total} sacks"
        )
    for n in (2, 3, 4):
        if m.dealt % n:
            raise RuleDataError(f"cafe.json: {m.dealt} sacks can't be dealt evenly to {n}")
    for key, mark in m.score_track.marked.items():
        if mark > m.score_track.last:
            raise RuleDataError(f"cafe.json: the mark for {key} players is off the track")
    if len(m.ship_costs) < 1:
        raise RuleDataError("cafe.json: ship costs needed")
    p = m.plantation
    if len(p.regions) != p.rows or any(len(r) != p.columns for r in p.regions):
        raise RuleDataError("cafe.json: regions must be rows x columns")
    if any(ch not in p.region_legend for r in p.regions for ch in r):
        raise RuleDataError("cafe.json: a region letter is not in the legend")
    if set(p.harbors) != set(m.kinds):
        raise RuleDataError("cafe.json: one harbor per kind")
    for kind, (r, c) in p.harbors.items():
        if r > p.rows or c > p.columns:
            raise RuleDataError(f"cafe.json: the {kind} harbor is off the board")
    counts: set[int] = set()
    for name, side in p.sides.items():
        counts.update(side.players)
        cells: set[tuple[int, int]] = set()
        for site in side.hut_sites:
            r, c = site.at
            if r >= p.rows or c >= p.columns or (r, c) in cells:
                raise RuleDataError(f"cafe.json {name}: hut site {site.at} is off or twice")
            cells.add((r, c))
        if side.paths != "free":
            for (r1, c1), (r2, c2) in side.paths:
                if (r1 != r2 and c1 != c2) or max(r1, r2) > p.rows or max(c1, c2) > p.columns:
                    raise RuleDataError(f"cafe.json {name}: path {r1, c1}-{r2, c2} is not straight")
    if counts != {2, 3, 4}:
        raise RuleDataError("cafe.json: the sides must cover 2, 3 and 4 players")


_M: Final = _load()
_check(_M)

KINDS: Final[tuple[str, ...]] = tuple(_M.kinds)
SACKS_PER_KIND: Final = _M.sacks_per_kind
BAG: Final = _M.bag
DEALT: Final = _M.dealt
START_CENTAVOS: Final = _M.start.centavos
START_MARKERS: Final = _M.start.markers
BANK: Final = _M.bank
SCORING_PAY: Final = _M.scoring_pay
EXTRA_STEP_COST: Final = _M.extra_step_cost
MAX_BUILD: Final = _M.max_build
PATH_STOCK: Final = _M.path_stock
SHIP_COSTS: Final[tuple[int, ...]] = tuple(_M.ship_costs)
SCORE_LAST: Final = _M.score_track.last
SCORE_MARKED: Final[Mapping[int, int]] = {int(k): v for k, v in _M.score_track.marked.items()}

ROW_COUNT: Final = len(_M.growing_area.fixed)
ROW_LENGTH: Final = len(_M.growing_area.fixed[0])
PLACES: Final = ROW_COUNT * ROW_LENGTH


def _piece(letter: str) -> int:
    if letter == "S":
        return EMPTY  # a sack is dealt there at the start (R-CAFE-3)
    if letter in _PIECES:
        return _PIECES[letter]
    return SHIP + _SHIP_LETTERS.index(letter)


#: the fixed side's printed pieces, EMPTY on a white-edged place
FIXED_LAYOUT: Final[tuple[int, ...]] = tuple(
    _piece(ch) for row in _M.growing_area.fixed for ch in row
)
#: the white-edged places (a sack each at the start)
WHITE: Final[tuple[int, ...]] = tuple(
    i for i, ch in enumerate("".join(_M.growing_area.fixed)) if ch == "S"
)

ROWS: Final = _M.plantation.rows
COLUMNS: Final = _M.plantation.columns
CELLS: Final = ROWS * COLUMNS
POINTS: Final = (ROWS + 1) * (COLUMNS + 1)
H_EDGES: Final = (ROWS + 1) * COLUMNS
EDGES: Final = H_EDGES + ROWS * (COLUMNS + 1)
REGIONS: Final = ("grey", "green", "yellow")


def _point(r: int, c: int) -> int:
    return r * (COLUMNS + 1) + c


def _edge_ends(e: int) -> tuple[int, int]:
    if e < H_EDGES:
        r, c = divmod(e, COLUMNS)
        return _point(r, c), _point(r, c + 1)
    r, c = divmod(e - H_EDGES, COLUMNS + 1)
    return _point(r, c), _point(r + 1, c)


EDGE_ENDS: Final[tuple[tuple[int, int], ...]] = tuple(_edge_ends(e) for e in range(EDGES))
POINT_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(e for e in range(EDGES) if v in EDGE_ENDS[e]) for v in range(POINTS)
)
CELL_CORNERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (_point(r, c), _point(r, c + 1), _point(r + 1, c), _point(r + 1, c + 1))
    for r in range(ROWS)
    for c in range(COLUMNS)
)


def _neighbours(cell: int) -> tuple[int, ...]:
    r, c = divmod(cell, COLUMNS)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < ROWS and 0 <= c + dc < COLUMNS:
            out.append((r + dr) * COLUMNS + c + dc)
    return tuple(out)


CELL_NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(c) for c in range(CELLS))
REGION: Final[tuple[int, ...]] = tuple(
    REGIONS.index(_M.plantation.region_legend[ch]) for row in _M.plantation.regions for ch in row
)
HUT_COST: Final[tuple[int, ...]] = tuple(_M.regions[REGIONS[g]].hut for g in REGION)
WORKER_COST: Final[tuple[int, ...]] = tuple(_M.regions[REGIONS[g]].worker for g in REGION)
HARBOR_POINT: Final[tuple[int, ...]] = tuple(_point(*_M.plantation.harbors[k]) for k in _M.kinds)


def _reach(allowed: tuple[bool, ...], cell: int) -> frozenset[int]:
    """The kinds whose harbor point the allowed edges reach from the field's corners."""
    seen = set(CELL_CORNERS[cell])
    todo = list(seen)
    while todo:
        v = todo.pop()
        for e in POINT_EDGES[v]:
            if allowed[e]:
                a, b = EDGE_ENDS[e]
                w = b if a == v else a
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
    return frozenset(k for k, v in enumerate(HARBOR_POINT) if v in seen)


def _side(name: str, m: _Side) -> Side:
    kinds = [-1] * CELLS
    left = [False] * CELLS
    for site in m.hut_sites:
        cell = site.at[0] * COLUMNS + site.at[1]
        kinds[cell] = KINDS.index(site.kind)
        left[cell] = site.left_path
    if m.paths == "free":
        allowed = tuple(True for _ in range(EDGES))
    else:
        marks = [False] * EDGES
        for (r1, c1), (r2, c2) in m.paths:
            for r in range(min(r1, r2), max(r1, r2) + 1):
                for c in range(min(c1, c2), max(c1, c2) + 1):
                    if r1 == r2 and c < max(c1, c2):
                        marks[r * COLUMNS + c] = True
                    if c1 == c2 and r < max(r1, r2):
                        marks[H_EDGES + r * (COLUMNS + 1) + c] = True
        allowed = tuple(marks)
    reaches = tuple(_reach(allowed, c) if kinds[c] >= 0 else frozenset() for c in range(CELLS))
    return Side(
        name,
        tuple(m.players),
        tuple(kinds),
        tuple(left),
        allowed,
        m.paths == "free",
        reaches,
        tuple(c for c in range(CELLS) if kinds[c] >= 0),
        tuple(c for c in range(CELLS) if kinds[c] < 0),
        tuple(e for e in range(EDGES) if allowed[e]),
    )


SIDES: Final[Mapping[str, Side]] = {
    name: _side(name, side) for name, side in _M.plantation.sides.items()
}


def side_for(players: int) -> Side:
    """The plantation board's side for a player count (R-CAFE-2)."""
    for side in SIDES.values():
        if players in side.players:
            return side
    raise ValueError(players)
