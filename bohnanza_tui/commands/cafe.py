"""The command language of Guatemala Café (mode ``cafe``, docs/COMMANDS.md).

    move            move the buyer one row (R-CAFE-8)
    move 2          two rows, for the extra step's 2 Centavos
    pass            don't move: no action this turn (R-CAFE-9)
    build 3 C7      the piece on place 3 of the buyer's row onto field C7 (a hut or a worker)
    build 5 C7s     a path on the south side of field C7 (n, e, s, w)
    build 2         a ship (it goes into the harbor of its kind)
    end             end the building after 1 or 2 pieces
    score 4         score the sack on place 4 of the buyer's row (R-CAFE-19)
    block / allow   answer the blocking question (R-CAFE-20)
    refill blue     refill the scored sack's place from your supply (R-CAFE-23)

Places are numbered 1 to 7 along the buyer's row; fields are a row letter A-F
and a column 1-10. The words stay the same in every language; coffee kinds
may be named in English or in the language of the texts. Whether a move is
allowed is the rules' answer (``cafe.check``), never decided here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..rules import cafe
from ..rules.actions import (
    Action,
    Allow,
    Block,
    Build,
    EndPhase,
    MoveBuyer,
    Pass,
    Refill,
    ScoreSack,
)
from ..rules.cafe import CafeState
from ..rules.cafe_data import COLUMNS, EDGES, KINDS, PATH, ROW_LENGTH, ROWS, SHIP
from ..rules.outcome import COFFEE
from .lexicon import CommandError, is_number, or_list, to_number, tokenize

#: every command word of the mode, with its usage
USAGE: dict[str, str] = {
    "move": "move [2]",
    "pass": "pass",
    "build": "build PLACE [FIELD | FIELDside]",
    "end": "end",
    "score": "score PLACE",
    "block": "block",
    "allow": "allow",
    "refill": "refill KIND",
}
_SIDES = "nesw"


def seat(names: Sequence[str], word: str) -> int:
    """A player by name (case-insensitive, unambiguous prefix) or seat number."""
    key = word.casefold()
    exact = [p for p, name in enumerate(names) if name.casefold() == key]
    if exact:
        return exact[0]
    if is_number(key):
        number = to_number(key)
        if 1 <= number <= len(names):
            return number - 1
        raise CommandError(
            _("there is no seat {seat}: the seats are 1 to {n}").format(seat=number, n=len(names))
        )
    found = [p for p, name in enumerate(names) if name.casefold().startswith(key)]
    if len(found) == 1:
        return found[0]
    if found:
        raise CommandError(
            _("'{word}' could be {names}").format(word=word, names=or_list(names[p] for p in found))
        )
    raise CommandError(
        _("there is no player '{word}'; the players are {names}").format(
            word=word, names=", ".join(names)
        )
    )


def kind(word: str) -> int:
    """A coffee kind by its English key or its name in the texts' language."""
    key = word.casefold()
    for k, name in enumerate(KINDS):
        if key in (name, _(COFFEE[k]).casefold()):
            return k
    raise CommandError(
        _("'{word}' is no coffee kind; the kinds are {kinds}").format(
            word=word, kinds=", ".join(KINDS)
        )
    )


def _field(word: str) -> tuple[int, str]:
    """A field ("C7") and an optional side letter ("C7s") as (cell, side)."""
    w = word.casefold()
    side = ""
    if len(w) >= 3 and w[-1] in _SIDES and not w[-1].isdigit():
        w, side = w[:-1], w[-1]
    if len(w) >= 2 and "a" <= w[0] <= chr(ord("a") + ROWS - 1) and is_number(w[1:]):
        column = to_number(w[1:])
        if 1 <= column <= COLUMNS:
            return (ord(w[0]) - ord("a")) * COLUMNS + column - 1, side
    raise CommandError(
        _(
            "'{word}' is not a field: a row letter A to {last} and a column 1 to {columns}, as C7 (for a path add a side: C7n, C7e, C7s or C7w)"
        ).format(word=word, last=chr(ord("A") + ROWS - 1), columns=COLUMNS)
    )


def _place(state: CafeState, word: str, usage: str) -> int:
    if not is_number(word):
        raise CommandError(_("'{word}' is not a place number").format(word=word), usage)
    number = to_number(word)
    if not 1 <= number <= ROW_LENGTH:
        raise CommandError(
            _("a row has places 1 to {n}").format(n=ROW_LENGTH),
            usage,
        )
    if state.buyer < 0:  # before the first move: the rules refuse it (move the buyer first)
        return -number
    return state.buyer * ROW_LENGTH + number - 1


def parse(state: CafeState, player: int, text: str) -> Action:
    """The action a command means for ``player``; ``CommandError`` if it can't be read."""
    words = tokenize(text)
    if not words:
        raise CommandError(_("type a command, as 'move' or 'score 3'"))
    word, args = words[0].casefold(), [str(w) for w in words[1:]]
    usage = USAGE.get(word)
    if usage is None:
        raise CommandError(
            _("'{word}' is not a command of Guatemala Café; the commands are {words}").format(
                word=words[0], words=", ".join(USAGE)
            )
        )
    most = {"move": 1, "build": 2, "score": 1, "refill": 1}.get(word, 0)
    least = {"score": 1, "refill": 1, "build": 1}.get(word, 0)
    if not least <= len(args) <= most:
        raise CommandError(_("'{word}' takes other words than these").format(word=word), usage)
    if word == "move":
        if args and args[0] not in ("1", "2"):
            raise CommandError(_("the buyer moves 1 or 2 rows"), usage)
        return MoveBuyer(player, int(args[0]) if args else 1)
    if word == "pass":
        return Pass(player)
    if word == "end":
        return EndPhase(player)
    if word == "block":
        return Block(player)
    if word == "allow":
        return Allow(player)
    if word == "refill":
        return Refill(player, kind(args[0]))
    place = _place(state, args[0], usage)
    if word == "score":
        return ScoreSack(player, place)
    piece = state.places[place] if place >= 0 else -1
    if piece >= SHIP:
        if len(args) > 1 and kind(args[1]) != piece - SHIP:
            return Build(player, place, kind(args[1]))
        return Build(player, place, piece - SHIP)
    if len(args) < 2:
        raise CommandError(_("say where the piece goes: a field, as C7, or an edge, as C7s"), usage)
    cell, side = _field(args[1])
    if piece == PATH or side:
        if not side:
            raise CommandError(_("a path goes on a side of a field: C7n, C7e, C7s or C7w"), usage)
        return Build(player, place, cafe.field_edge(cell, side))
    return Build(player, place, cell)


def format_action(state: CafeState, action: Action) -> str:
    """The command for an action (``parse(state, p, format_action(state, a)) == a``)."""
    if isinstance(action, MoveBuyer):
        return "move" if action.steps == 1 else f"move {action.steps}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, EndPhase):
        return "end"
    if isinstance(action, Block):
        return "block"
    if isinstance(action, Allow):
        return "allow"
    if isinstance(action, Refill):
        return f"refill {KINDS[action.kind]}" if 0 <= action.kind < len(KINDS) else "refill"
    if isinstance(action, ScoreSack):
        return f"score {cafe.place_number(action.place)}"
    if isinstance(action, Build):
        place = cafe.place_number(action.place)
        piece = state.places[action.place] if 0 <= action.place < len(state.places) else -1
        if piece >= SHIP:
            return f"build {place}"
        if piece == PATH and 0 <= action.target < EDGES:
            return f"build {place} {cafe.edge_label(action.target)}"
        if 0 <= action.target < ROWS * COLUMNS:
            return f"build {place} {cafe.field_label(action.target)}"
    return action.name


def help_text() -> str:
    """The commands of Guatemala Café, one a line (``bohnanza commands cafe``)."""
    return "\n".join(f"  {usage}" for usage in USAGE.values())


__all__ = ["USAGE", "format_action", "help_text", "kind", "parse", "seat"]
