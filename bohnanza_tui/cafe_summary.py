"""A plain-text picture of a Guatemala Café position (``bohnanza show`` of a cafe save).

Drawn from ``cafe.view``, so a player's sacks are shown only to their owner
(D-CAFE-18); places, fields and edges use the command notation (place 3,
C7, C7s), so what is printed can be typed back.
"""

from __future__ import annotations

from .i18n import _
from .rules import cafe
from .rules.cafe import ACT, BLOCK, GAME_OVER, MOVE, REFILL, CafeState
from .rules.cafe_data import (
    COLUMNS,
    EDGES,
    EMPTY,
    HUT,
    PATH,
    REGION,
    ROW_COUNT,
    ROW_LENGTH,
    ROWS,
    SHIP,
    SHIP_COSTS,
    WORKER,
)
from .rules.outcome import COFFEE

#: a field's mark by region when it is empty: grey, green, yellow
_REGION_MARKS = ".:'"
_KIND_LETTERS = "robvn"


def _piece(piece: int) -> str:
    if piece == EMPTY:
        return "-"
    if piece < HUT:
        return _("{coffee} sack").format(coffee=_(COFFEE[piece]))
    if piece == HUT:
        return _("hut")
    if piece == WORKER:
        return _("worker")
    if piece == PATH:
        return _("path")
    return _("{coffee} ship").format(coffee=_(COFFEE[piece - SHIP]))


def _waiting(state: CafeState) -> str:
    name = state.players[state.active].name
    if state.phase == MOVE:
        return _("{name} moves the buyer or passes").format(name=name)
    if state.phase == ACT:
        return _("{name} builds or scores").format(name=name)
    if state.phase == BLOCK:
        return _("{name} is asked whether to block the {coffee} scoring").format(
            name=state.players[state.asking].name, coffee=_(COFFEE[state.scoring_kind])
        )
    if state.phase == REFILL:
        return _("{name} refills the scored sack's place").format(name=name)
    return _("the game is over")


def _board(state: CafeState) -> list[str]:
    board = state.board
    lines = ["     " + "".join(f"{c + 1:>4}" for c in range(COLUMNS))]
    for r in range(ROWS):
        cells = []
        for c in range(COLUMNS):
            i = r * COLUMNS + c
            piece = state.cell_piece[i]
            if piece != EMPTY:
                owner = state.plantations[state.cell_plant[i]].owner + 1
                mark = ("H" if piece == HUT else "W") + str(owner)
                if piece == HUT:
                    mark += _KIND_LETTERS[board.hut_kind[i]]
            elif board.hut_kind[i] >= 0:
                covered = state.covered and board.left_path[i]
                mark = "##" if covered else "[" + _KIND_LETTERS[board.hut_kind[i]] + "]"
            else:
                mark = _REGION_MARKS[REGION[i]]
            cells.append(f"{mark:>4}")
        lines.append(f"   {chr(ord('A') + r)} " + "".join(cells))
    return lines


def describe(state: CafeState, viewer: int | None = None) -> str:
    """The position as text, as ``viewer`` sees it (None: as an onlooker, every supply hidden)."""
    v = cafe.view(state, viewer)
    n = len(v.players)
    side = _("fixed side") if v.side == "fixed" else _("variable side")
    out = [
        _("Guatemala Café, {n} players, {side}; turn {turn}: {waiting}.").format(
            n=n, side=side, turn=v.turn, waiting=_waiting(v)
        )
    ]
    if v.buyer < 0:
        out.append(_("Growing area (the buyer stands before row 1):"))
    else:
        out.append(_("Growing area (the buyer is on row {row}):").format(row=v.buyer + 1))
    for r in range(ROW_COUNT):
        pieces = [_piece(v.places[r * ROW_LENGTH + i]) for i in range(ROW_LENGTH)]
        mark = ">" if r == v.buyer else " "
        out.append(f" {mark} {r + 1}: " + ", ".join(f"{i + 1} {p}" for i, p in enumerate(pieces)))
    out.append(
        _(
            "Plantation board (H1r: player 1's red hut, W1: a worker, [r]: a red hut site, ##: covered; empty fields . grey, : green, ' yellow):"
        )
    )
    out.extend(_board(v))
    paths = [cafe.edge_label(e) for e in range(EDGES) if v.paths[e]]
    out.append(_("Paths: {paths}.").format(paths=", ".join(paths) if paths else _("none")))
    harbors = []
    for k in range(len(COFFEE)):
        ships = v.ships[k]
        cost = (
            _("next ship {cost}").format(cost=SHIP_COSTS[ships])
            if ships < len(SHIP_COSTS)
            else _("full")
        )
        harbors.append(
            _("{coffee} {ships} ({cost})").format(coffee=_(COFFEE[k]), ships=ships, cost=cost)
        )
    out.append(_("Harbors: {harbors}.").format(harbors="; ".join(harbors)))
    out.append(
        _(
            "Score track: the lowest sack on place {at}; {n} sacks there; the bag holds {bag}."
        ).format(at=v.lowest_sack(), n=len(v.track), bag=len(v.bag))
    )
    for p, pl in enumerate(v.players):
        if pl.sacks:
            sacks = ", ".join(
                f"{_(COFFEE[k])} {pl.sacks[k]}" for k in range(len(COFFEE)) if pl.sacks[k]
            ) or _("none")
        else:
            sacks = _("{n} (secret)").format(n=pl.hidden)
        out.append(
            _(
                "{seat}. {name}: {score} points, {centavos} Centavos, {markers} ownership markers; sacks: {sacks}"
            ).format(
                seat=p + 1,
                name=pl.name,
                score=pl.score,
                centavos=pl.centavos,
                markers=pl.markers,
                sacks=sacks,
            )
        )
    if v.phase == GAME_OVER:
        ranks = ", ".join(
            _("{rank}. {name} ({score} points, {centavos} Centavos)").format(
                rank=s.rank, name=v.players[s.player].name, score=s.score, centavos=s.centavos
            )
            for s in cafe.standings(v)
        )
        out.append(_("Result: {ranks}.").format(ranks=ranks))
    return "\n".join(out)


__all__ = ["describe"]
