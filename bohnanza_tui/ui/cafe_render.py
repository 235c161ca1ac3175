"""Guatemala Café as it shows (mode ``cafe``, docs/CAFE.md): pure functions from a view to text.

Every function takes ``cafe.view(state, holder)``: a player's secret sacks show
only in the holder's own view (D-CAFE-18). Places, fields and edges are named as
the command language names them (place 3, C7, C7s), and every piece has a
letter besides its colour, so the table reads without colour too.
"""

from __future__ import annotations

from typing import Final

from textual.content import Content

from bohnanza_tui.i18n import N_, _, ngettext
from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.cafe import ACT, BLOCK, GAME_OVER, MOVE, REFILL, CafeState
from bohnanza_tui.rules.cafe_data import (
    COLUMNS,
    EMPTY,
    H_EDGES,
    HARBOR_POINT,
    HUT,
    HUT_COST,
    KINDS,
    PATH,
    REGION,
    ROW_COUNT,
    ROW_LENGTH,
    ROWS,
    SCORE_MARKED,
    SHIP,
    SHIP_COSTS,
    WORKER,
    WORKER_COST,
)
from bohnanza_tui.rules.outcome import COFFEE

from .render import DIM

#: a coffee kind's letter (the same in every language, as in ``bohnanza show``)
KIND_LETTERS: Final = "robvn"
KIND_STYLES: Final = (
    "bold #ff5f5f",
    "bold #ffaf00",
    "bold #5fafff",
    "bold #d787ff",
    "bold #c8a070",
)
#: the players' colours, by seat
PLAYER_STYLES: Final = ("bold #00d7ff", "bold #ff87d7", "bold #afff5f", "bold #ffffff")
#: the regions' backgrounds and empty-field marks: grey, green, yellow
REGION_STYLES: Final = ("on #303030", "on #17351c", "on #3d3814")
REGION_MARKS: Final = (".", ":", "'")
REGION_NAMES: Final = (N_("grey region"), N_("green region"), N_("yellow region"))
#: a field or edge shown by its key, as a target of the list being chosen from
KEYED: Final = "bold reverse $accent"
#: a field is this many columns wide on the board, its separator included
CELL: Final = 4


def kind_name(kind: int) -> str:
    return _(COFFEE[kind])


def _letter(kind: int, form: str = "{}") -> Content:
    """The kind's letter in ``form`` (``({})`` a sack, ``<{}>`` a ship), in its colour."""
    return Content.styled(form.format(KIND_LETTERS[kind]), KIND_STYLES[kind])


def _player_style(seat: int) -> str:
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def piece_name(piece: int) -> str:
    """A piece of the growing area in words."""
    if piece == EMPTY:
        return _("nothing")
    if piece < HUT:
        return _("{coffee} sack").format(coffee=kind_name(piece))
    if piece >= SHIP:
        return _("{coffee} ship").format(coffee=kind_name(piece - SHIP))
    return (_("hut"), _("worker"), _("path"))[piece - HUT]


def _place(piece: int) -> Content:
    """A place of the growing area, 3 columns: (r) a sack, H, W, = a path, <r> a ship."""
    if piece == EMPTY:
        return Content.styled(" · ", DIM)
    if piece < HUT:
        return _letter(piece, "({})")
    if piece >= SHIP:
        return _letter(piece - SHIP, "<{}>")
    return Content.styled(f" {'HW='[piece - HUT]} ", "bold")


def growing_area(v: CafeState) -> Content:
    """The growing-area board: a line per row, the buyer's row marked ▶ and highlighted."""
    head = "    " + "".join(f"  {n} " for n in range(1, ROW_LENGTH + 1))
    lines = [Content.styled(head.rstrip(), DIM)]
    for r in range(ROW_COUNT):
        here = r == v.buyer
        mark = Content.styled("▶", "bold $accent") if here else Content(" ")
        parts = [mark, Content(f"{r + 1:>2} ")]
        for i in range(ROW_LENGTH):
            parts += [Content(" "), _place(v.places[r * ROW_LENGTH + i])]
        line = Content.assemble(*parts)
        lines.append(line.stylize("on $boost") if here else line)
    where = (
        _("The buyer stands before row 1.")
        if v.buyer < 0
        else _("The buyer is on row {row}.").format(row=v.buyer + 1)
    )
    lines.append(Content.styled(where, DIM))
    return Content("\n").join(lines)


def _cell(v: CafeState, cell: int, mark: str | None = None) -> Content:
    board = v.board
    region = REGION_STYLES[REGION[cell]]
    if mark is not None:  # a target of the list being chosen from, by its key
        return Content.styled(f"{mark:^3}", KEYED)
    piece = v.cell_piece[cell]
    if piece != EMPTY:
        owner = v.plantations[v.cell_plant[cell]].owner
        style = f"{_player_style(owner)} {region}"
        if piece == HUT:
            kind = board.hut_kind[cell]
            return Content.assemble(
                (f"H{owner + 1}", style), (KIND_LETTERS[kind], f"{KIND_STYLES[kind]} {region}")
            )
        return Content.styled(f"W{owner + 1} ", style)
    kind = board.hut_kind[cell]
    if kind >= 0:
        if v.covered and board.left_path[cell]:
            return Content.styled("###", f"{DIM} {region}")
        return Content.styled(f"[{KIND_LETTERS[kind]}]", f"{KIND_STYLES[kind]} {region}")
    return Content.styled(f" {REGION_MARKS[REGION[cell]]} ", f"{DIM} {region}")


def plantation_board(
    v: CafeState, marks: dict[int, str] | None = None, edge_marks: dict[int, str] | None = None
) -> Content:
    """The plantation board: fields (regions, hut sites, huts, workers), paths, harbors.

    ━ and ┃ are paths; ╌ and ╎ printed paths without one yet (with 2 players any
    edge takes a path, D-CAFE-10); the harbors under the bottom edge, with their ships.
    ``marks``: fields shown by a key instead (the targets of a list); ``edge_marks``
    the same for edges (a path's targets).
    """
    marks = marks or {}
    edge_marks = edge_marks or {}
    head = "   " + "".join(f"{c + 1:^{CELL - 1}} " for c in range(COLUMNS))
    lines = [Content.styled(head.rstrip(), DIM)]
    for r in range(ROWS + 1):
        parts: list[Content] = [Content("  ")]
        for c in range(COLUMNS + 1):
            parts.append(Content.styled("·", DIM))
            if c < COLUMNS:
                parts.append(_edge(v, r * COLUMNS + c, edge_marks, vertical=False))
        lines.append(Content.assemble(*parts))
        if r == ROWS:
            break
        parts = [Content(f"{chr(ord('A') + r)} ")]
        for c in range(COLUMNS + 1):
            parts.append(_edge(v, H_EDGES + r * (COLUMNS + 1) + c, edge_marks, vertical=True))
            if c < COLUMNS:
                parts.append(_cell(v, r * COLUMNS + c, marks.get(r * COLUMNS + c)))
        lines.append(Content.assemble(*parts))
    lines.append(_harbors(v))
    return Content("\n").join(lines)


def _edge(v: CafeState, e: int, edge_marks: dict[int, str], vertical: bool) -> Content:
    """An edge (┃ between fields, ━━━ between rows): its key as a target, its path, or the
    printed mark of one."""
    if e in edge_marks:
        return Content.styled(edge_marks[e][:1] if vertical else f" {edge_marks[e]} ", KEYED)
    if v.paths[e]:
        return Content.styled("┃" if vertical else "━━━", "bold")
    if not v.board.free_paths and v.board.allowed[e]:
        return Content.styled("╎" if vertical else "╌╌╌", DIM)
    return Content(" " if vertical else "   ")


def _harbors(v: CafeState) -> Content:
    """The harbors under their points: ≋ and the kind's letter, the ships in it."""
    slots: list[Content] = []
    at = 0
    for k in sorted(range(len(KINDS)), key=lambda k: HARBOR_POINT[k]):
        col = HARBOR_POINT[k] % (COLUMNS + 1)
        x = max(at, 2 + col * CELL - 1)
        label = Content.styled(f"{KIND_LETTERS[k]}{v.ships[k]}", KIND_STYLES[k])
        slots += [Content(" " * (x - at)), Content.styled("≋", KIND_STYLES[k]), label]
        at = x + 1 + label.cell_length
    return Content.assemble(*slots)


def harbor_line(v: CafeState) -> Content:
    """The harbors in words: ships in each, the next ship's cost (R-CAFE-11)."""
    parts = []
    for k in range(len(KINDS)):
        ships = v.ships[k]
        cost = (
            _("next {cost}").format(cost=SHIP_COSTS[ships])
            if ships < len(SHIP_COSTS)
            else _("full")
        )
        parts.append(Content.assemble(_letter(k, "≋{}"), f" {ships} ", (f"({cost})", DIM)))
    return Content.assemble(Content.styled(_("Harbors:") + " ", "bold"), Content("  ").join(parts))


def track_bar(v: CafeState) -> Content:
    """The score track drawn from 0 to its last marked place: each player's marker by seat
    number (``*`` for several), each sack by its kind's letter, a tick every 5 places."""
    top = SCORE_MARKED[len(v.players)]
    sack_at = {top - i: k for i, k in enumerate(v.track)}
    cells: list[Content] = []
    for place in range(top + 1):
        here = [i for i, p in enumerate(v.players) if min(p.score, top) == place]
        if here:
            mark = str(here[0] + 1) if len(here) == 1 else "*"
            style = _player_style(here[0]) if len(here) == 1 else "bold"
            cells.append(Content.styled(mark, f"{style} reverse"))
        elif place in sack_at:
            cells.append(_letter(sack_at[place]))
        else:
            cells.append(Content.styled("┆" if place % 5 == 0 else "·", DIM))
    ticks = "".join(f"{n:<5}" for n in range(0, top + 1, 5))
    return Content.assemble(*cells, "\n", Content.styled(ticks.rstrip(), DIM))


def score_track(v: CafeState, bar: bool = False) -> Content:
    """The score track: its sacks from the last marked place down, and each player's marker
    (``bar``: drawn too, where there is room)."""
    top = SCORE_MARKED[len(v.players)]
    sacks = [Content.assemble(f"{top - i}", _letter(k)) for i, k in enumerate(v.track)]
    lowest = v.lowest_sack()
    line = Content.assemble(
        Content.styled(_("Score track:") + " ", "bold"),
        _("the game ends at {at}").format(at=lowest),
        " · ",
        _("sacks"),
        " ",
        Content(" ").join(sacks),
    )
    markers = Content("  ").join(
        Content.assemble((f"{i + 1}", _player_style(i)), f"▸{p.score}")
        for i, p in enumerate(v.players)
    )
    bag = ngettext("{n} sack in the bag", "{n} sacks in the bag", len(v.bag)).format(n=len(v.bag))
    shown = Content.assemble(line, "\n", markers, Content.styled(f" · {bag}", DIM))
    return Content.assemble(shown, "\n", track_bar(v)) if bar else shown


def sack_list(sacks: list[int]) -> Content:
    """Secret sacks (the holder's own): a letter and a number per kind held."""
    parts = [Content.assemble(_letter(k, "({})"), f"{n}") for k, n in enumerate(sacks) if n]
    return Content(" ").join(parts) if parts else Content(_("none"))


def players(v: CafeState, holder: int | None, short: bool = False) -> Content:
    """Each player: points, Centavos, ownership markers, sacks (the holder's by kind).

    ``short`` (80x24): a line per player, the holder's sacks on a line of their own.
    """
    lines: list[Content] = []
    waiting = cafe.next_to_act(v)
    for i, p in enumerate(v.players):
        style = _player_style(i)
        mark = "▶" if i == waiting else " "
        head = Content.assemble(mark, (f"{i + 1} ", style), (p.name, style))
        if i == holder:
            head = Content.assemble(head, Content.styled(" " + _("(you)"), DIM))
        facts = (
            _("{points} pts · {centavos} ¢ · {markers} markers")
            if short
            else _("{points} pts · {centavos} Centavos · {markers} markers")
        ).format(points=p.score, centavos=p.centavos, markers=p.markers)
        n = p.sack_count
        if p.sacks and i == holder:
            sacks = Content.assemble(_("your sacks:"), " ", sack_list(p.sacks))
            if short:
                lines += [Content.assemble(head, "  ", facts), Content.assemble("   ", sacks)]
                continue
        elif short:
            sacks = Content(ngettext("{n} sack", "{n} sacks", n).format(n=n))
        else:
            sacks = Content(ngettext("{n} sack (secret)", "{n} sacks (secret)", n).format(n=n))
        lines.append(Content.assemble(head, "  ", facts, " · ", sacks))
    return Content("\n").join(lines)


def status(v: CafeState) -> str:
    """Whose turn it is and what the game waits for."""
    name = v.players[v.active].name
    turn = _("Turn {turn}").format(turn=v.turn)
    if v.phase == MOVE:
        what = _("{name}: move the buyer (m, M for 2 rows) or pass (p)").format(name=name)
    elif v.phase == ACT:
        what = _("{name}: build ({built} of 3) or score a sack").format(name=name, built=v.built)
    elif v.phase == BLOCK:
        what = _("{name} scores {coffee}: {asked} is asked whether to block").format(
            name=name, coffee=kind_name(v.scoring_kind), asked=v.players[v.asking].name
        )
    elif v.phase == REFILL:
        what = _("{name} refills the scored sack's place").format(name=name)
    elif v.phase == GAME_OVER:
        what = _("The game is over.")
    else:
        what = ""
    return f"{turn} · {what}"


def field_name(v: CafeState, cell: int) -> str:
    """A field for a target list: its label, and its hut site's kind or else its region
    (a hut site's cost says its region)."""
    kind = v.board.hut_kind[cell]
    if kind >= 0:
        return _("{field} · {coffee} hut site").format(
            field=cafe.field_label(cell), coffee=kind_name(kind)
        )
    region = _(REGION_NAMES[REGION[cell]])
    return _("{field} ({region})").format(field=cafe.field_label(cell), region=region)


def target_name(v: CafeState, piece: int, target: int) -> str:
    """Where a piece goes, for a target list: a field with its cost, an edge, a harbor."""
    if piece in (HUT, WORKER):
        cost = HUT_COST[target] if piece == HUT else WORKER_COST[target]
        where = field_name(v, target)
        return _("{where} · {cost}").format(where=where, cost=centavos(cost))
    if piece == PATH:
        return _("path on {edge}").format(edge=cafe.edge_label(target))
    kind = piece - SHIP
    berth = v.ships[kind]
    cost = SHIP_COSTS[berth] if berth < len(SHIP_COSTS) else 0
    return _("{coffee} harbor · {cost}").format(coffee=kind_name(kind), cost=centavos(cost))


def scoring_points(v: CafeState, kind: int) -> list[int]:
    """What a scoring of ``kind`` brings each player if nobody blocks it (R-CAFE-21)."""
    points = [0] * len(v.players)
    hut_kind = v.board.hut_kind
    for pid, pl in enumerate(v.plantations):
        if pl.hut >= 0 and hut_kind[pl.hut] == kind:
            points[pl.owner] += cafe.plantation_points(v, pid)[0]
    return points


def scoring_note(v: CafeState, kind: int) -> str:
    """A scoring's points for each player, for the scorer's list and the blocking question."""
    parts = [
        ngettext("{name} {n} point", "{name} {n} points", n).format(name=p.name, n=n)
        for p, n in zip(v.players, scoring_points(v, kind), strict=True)
    ]
    return _("Unblocked, {coffee} scores: {points}").format(
        coffee=kind_name(kind), points=", ".join(parts)
    )


def centavos(n: int) -> str:
    return ngettext("{n} Centavo", "{n} Centavos", n).format(n=n)


def legend() -> Content:
    """What the letters mean."""
    return Content.styled(
        _("(r) sack · H hut · W worker · = path · <r> ship · [r] hut site · ━ path"), DIM
    )
