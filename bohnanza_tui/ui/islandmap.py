"""The Bohn Voyage island map, laid out like the table in the rules.

The rules lay the B islands on the left, the C island(s) in the middle and the
A islands on the right; the map keeps that order, one column per type. Each
island is a few short lines::

    ★A1 ⚑ Bob ♠×3=1 –  K:○
        ⚑ Ann ⊘ ◆×2=0  K:–
        ▸ Bob 1 ○×2
    A2  ⚑⚑ free

``★`` marks this turn's island, ``⚑`` a harbor with its owner (or free), then
the owner's fields there (glyph, beans, what they sell for now; ``–`` an empty
field) and the small Kontor; ``⊘`` marks an owner who is blockaded there
(``voyage.blockaded``); ``▸`` a docked ship with its owner's number for it and
its cargo. Pure functions of a view, like ``render``.
"""

from __future__ import annotations

from itertools import zip_longest

from textual.content import Content

from bohnanza_tui.i18n import _, current_language
from bohnanza_tui.rules import KIND_OF, GameState, Mode
from bohnanza_tui.rules.data import SALE_TABLES
from bohnanza_tui.rules.state import IslandType
from bohnanza_tui.rules.voyage import blockaded, ship_number

from .render import DIM, flow, mark

#: left to right as the rules lay the islands out on the table
COLUMNS = (IslandType.B, IslandType.C, IslandType.A)
NAME_WIDTH = 7
INDENT = "    "


def short_name(name: str, width: int = NAME_WIDTH) -> str:
    return name if len(name) <= width else name[: width - 1] + "…"


def _empty() -> Content:
    return Content.styled("–", DIM)


def field_cell(state: GameState, island: int, field: list[int]) -> Content:
    """``♠×3=1``: the bean, how many, what they sell for on this island now."""
    if not field:
        return _empty()
    kind, n = KIND_OF[field[0]], len(field)
    coins = SALE_TABLES[state.islands[island].type.value][kind][n]
    return Content.assemble(mark(kind), f"×{n}", (f"={coins}", "bold $text-warning"))


def harbor_cell(state: GameState, island: int, owner: int | None) -> Content:
    """``⚑ Ann ⊘ ♠×3=1 – K:○``: one harbor, its owner's fields and Kontor there."""
    if owner is None:
        return Content.styled("⚑ " + _("free"), DIM)
    h = state.players[owner].holding(island)
    assert h is not None
    parts: list[Content] = [Content.assemble("⚑ ", (short_name(state.players[owner].name), "bold"))]
    if blockaded(state, owner, island):
        parts.append(Content.styled("⊘", "bold $text-error"))
    parts += [field_cell(state, island, f) for f in h.fields]
    kontor = Content("").join(mark(KIND_OF[c]) for c in h.kontor) if h.kontor else _empty()
    parts.append(Content.assemble(_("K") + ":", kontor))
    return Content(" ").join(parts)


def ship_cell(state: GameState, ship: int) -> Content:
    """``▸ Bob 1 ○×2``: a docked ship, its owner's number for it and its cargo."""
    s = state.ships[ship]
    cargo = Content.assemble(mark(KIND_OF[s.cargo[0]]), f"×{len(s.cargo)}") if s.cargo else _empty()
    return Content.assemble(
        "▸ ", short_name(state.players[s.owner].name), f" {ship_number(state, ship)} ", cargo
    )


def island_lines(state: GameState, island: int) -> list[Content]:
    """Two lines for an island with an owner (one per harbor), one when both are free."""
    isl = state.islands[island]
    here = state.mode is Mode.VOYAGE and state.turn_island == island and not state.over
    label = Content.assemble(
        ("★" if here else " ", "bold $text-accent"), (f"{isl.name:<3}", "bold")
    )
    if all(o is None for o in isl.harbors):
        lines = [Content.assemble(label, Content.styled("⚑⚑ " + _("both free"), DIM))]
    else:
        owners = sorted(isl.harbors, key=lambda o: o is None)  # owners first, then "free"
        lines = [Content.assemble(label, harbor_cell(state, island, owners[0]))]
        lines += [Content.assemble(INDENT, harbor_cell(state, island, o)) for o in owners[1:]]
    ships = [i for i, s in enumerate(state.ships) if s.island == island]
    if ships:
        lines.append(
            Content.assemble(INDENT, Content(" · ").join(ship_cell(state, i) for i in ships))
        )
    return lines


def map_signature(state: GameState) -> tuple[object, ...]:
    """Everything ``island_columns`` reads, cheaply: equal means the same columns (and map)."""
    owners = sorted({o for isl in state.islands for o in isl.harbors if o is not None})
    islands = state.islands
    # the colonies' holdings only: the map shows no home field (planting there leaves it)
    holdings = tuple(
        (
            o,
            state.players[o].name,
            tuple(
                (h.island, tuple(map(tuple, h.fields)), tuple(h.kontor))
                for h in state.players[o].holdings
                if not 0 <= h.island < len(islands) or islands[h.island].type is not IslandType.HOME
            ),
        )
        for o in owners
    )
    return (
        current_language(),
        state.mode,
        state.over,
        state.turn_island,
        tuple((isl.name, isl.type, tuple(isl.harbors)) for isl in state.islands),
        tuple((s.owner, s.island, tuple(s.cargo)) for s in state.ships),
        holdings,
    )


def _column_lines(state: GameState) -> list[list[Content]]:
    """The lines of the three columns (B, C, A), every island of one type top to bottom."""
    columns: list[list[Content]] = []
    for kind in COLUMNS:
        lines: list[Content] = []
        for i, isl in enumerate(state.islands):
            if isl.type is kind:
                lines += island_lines(state, i)
        columns.append(lines)
    return columns


def island_columns(state: GameState) -> list[Content]:
    """The three columns (B, C, A), padded to one height."""
    columns = _column_lines(state)
    height = max(len(lines) for lines in columns)
    return [Content("\n").join(lines + [Content("")] * (height - len(lines))) for lines in columns]


def column_title(kind: IslandType) -> str:
    return _("Type {t} islands").format(t=kind.value)


def legend(kind: IslandType) -> str:
    """A third of the map's key under each column, so the whole key shows at once."""
    if kind is IslandType.B:
        return _("⚑ harbor  K Kontor  – empty")
    if kind is IslandType.C:
        return _("♠×3=1: 3 beans sell for 1")
    return _("▸ ship  ⊘ blockaded  ★ this turn")


def map_block(state: GameState, width: int) -> Content:
    """The whole map in ``width`` cells: the three columns side by side where they fit, else
    one under the other, each under its title; the key at the end."""
    titled = [
        [Content.styled(column_title(kind), "bold underline"), *(lines or [Content("")])]
        for kind, lines in zip(COLUMNS, _column_lines(state), strict=True)
    ]
    widest = max(line.cell_length for lines in titled for line in lines)
    gap = 2
    if 3 * widest + 2 * gap <= width:
        rows = [
            Content(" " * gap).join(c.pad_right(widest - c.cell_length) for c in cells)
            for cells in zip_longest(*titled, fillvalue=Content(""))
        ]
    else:
        rows = [line for lines in titled for line in lines]
    key = [line for kind in COLUMNS for line in legend_lines(kind, width)]
    return Content("\n").join([*rows, *key])


def legend_lines(kind: IslandType, width: int) -> list[Content]:
    """The column's third of the key in lines of ``width``, breaking between its entries only."""
    entries = [Content.styled(e.strip(), DIM) for e in legend(kind).split("  ") if e.strip()]
    return flow(entries, width, "  ", 0)


def column_with_legend(kind: IslandType, column: Content, width: int) -> Content:
    """A column of the map with its third of the key under it, in lines of ``width``."""
    return Content("\n").join([column, *legend_lines(kind, width)])
