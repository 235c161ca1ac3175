"""From actions back to text: the command a player would type for an action.

For each action a few texts are tried, the most natural first, and the first
that reads back as the very same action wins; so
``to_action(state, p, format_action(state, a)) == a`` holds for every legal
action, and the log reads the way players type.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import actions as a
from ..rules.actions import Action
from ..rules.data import KINDS
from ..rules.state import KIND_OF, KONTOR, GameState
from .context import EVERYONE, Context, kontor_sources, table_row
from .lexicon import CommandError, tokenize
from .parser import to_actions

#: words the grammar reads as keywords where a player could stand
_KEYWORDS = frozenset(
    {EVERYONE, "everyone", "everybody", "to", "for", "with", "pay", "ship", "kontor", "nothing"}
)


def format_action(state: GameState, action: Action) -> str:
    """The command text for ``action`` (by ``action.player``) in ``state``."""
    ctx = Context(state, action.player)
    writer = _WRITERS.get(type(action))
    if writer is None:
        raise ValueError(f"no command for {type(action).__name__}")
    candidates = writer(ctx, action)
    for text in candidates:
        if _reads_back(state, action, text):
            return text
    return candidates[-1]


def _reads_back(state: GameState, action: Action, text: str) -> bool:
    try:
        return to_actions(state, action.player, text) == [action]
    except CommandError:
        return False


# -- naming things ------------------------------------------------------------------------


def card_ref(ctx: Context, card: int) -> str:
    if card in ctx.me.hand:
        return f"h{ctx.me.hand.index(card) + 1}"
    row = table_row(ctx.state)
    if card in row:
        return f"f{row.index(card) + 1}"
    for label, c in kontor_sources(ctx.state, ctx.player, ctx.player):
        if c == card:
            return label
    return f"#{card}"


def place_ref(ctx: Context, island: int, slot: int) -> str:
    where = "k" if slot == KONTOR else str(slot + 1)
    if island == ctx.player:
        return where
    return f"{_island(ctx, island)}.{where}"


def _island(ctx: Context, island: int) -> str:
    if island == ctx.player:
        return "home"
    if 0 <= island < len(ctx.state.islands):
        return ctx.state.islands[island].name
    return str(island)


def seat_ref(ctx: Context, player: int) -> str:
    """The player's name when it reads back as them, else the name in quotes, else the seat."""
    if not 0 <= player < len(ctx.state.players):
        return str(player + 1)
    name = ctx.state.players[player].name
    for word in (name, f'"{name}"', f"'{name}'"):
        if _seat_of(ctx, word) == player:
            return word
    return str(player + 1)


def _seat_of(ctx: Context, text: str) -> int | None:
    try:
        words = tokenize(text)
        if len(words) != 1 or (not words[0].quoted and words[0].casefold() in _KEYWORDS):
            return None
        return ctx.seat(words[0])
    except CommandError:
        return None


def ship_ref(ctx: Context, ship: int, owner: int | None = None) -> str:
    owner = ctx.player if owner is None else owner
    ships = ctx.state.ships_of(owner)
    return str(ships.index(ship) + 1) if ship in ships else f"#{ship}"


def _kinds(cards: tuple[int, ...]) -> str:
    return " ".join(KINDS[KIND_OF[c]] for c in cards)


def _refs(ctx: Context, cards: tuple[int, ...]) -> str:
    return " ".join(card_ref(ctx, c) for c in cards)


# -- one writer per action ----------------------------------------------------------------------


def _plant(ctx: Context, x: a.Plant) -> list[str]:
    place = place_ref(ctx, x.island, x.slot)
    kind = KINDS[KIND_OF[x.card]]
    return [
        f"plant {place}",
        f"plant {kind} {place}",
        f"plant kept {kind} {place}",
        f"plant received {kind} {place}",
        f"plant {card_ref(ctx, x.card)} {place}",
    ]


def _offer(ctx: Context, x: a.MakeOffer) -> list[str]:
    to = EVERYONE if x.to is None else seat_ref(ctx, x.to)
    give = _refs(ctx, x.give)
    want = " ".join(KINDS[k] for k in x.want)
    if not x.give and x.want:
        return [f"ask {to} for {want}"]
    if x.give and not x.want:
        return [f"donate {give} to {to}", f"offer {give} to {to}"]
    return [f"offer {give} to {to} for {want or 'nothing'}"]


def _accept(ctx: Context, x: a.Accept) -> list[str]:
    if not x.give:
        return [f"accept {x.offer}"]
    return [f"accept {x.offer}", f"accept {x.offer} with {_refs(ctx, x.give)}"]


def _pay(texts: list[str], pay: tuple[int, ...]) -> list[str]:
    return [*texts, *(f"{t} pay {_kinds(pay)}" for t in texts)]


def _store(ctx: Context, x: a.ToStore) -> list[str]:
    texts = [f"store {KINDS[KIND_OF[x.card]]}"]
    for i in ctx.state.ships_of(ctx.player):
        if ctx.state.ships[i].cargo[:1] == [x.card]:
            texts.append(f"store ship {ship_ref(ctx, i)}")
    return [*texts, f"store {card_ref(ctx, x.card)}"]


def _move(ctx: Context, x: a.KontorToField) -> list[str]:
    island = ctx.player
    for h in ctx.me.holdings:
        if x.card in h.kontor:
            island = h.island
    target = place_ref(ctx, island, x.slot)
    kind = KINDS[KIND_OF[x.card]]
    kontor = place_ref(ctx, island, KONTOR)
    return [
        f"move {kind} to {target}",
        f"move {kind} {kontor} to {target}",
        f"move {card_ref(ctx, x.card)} to {target}",
    ]


def _load(ctx: Context, x: a.Load) -> list[str]:
    ship = ship_ref(ctx, x.ship)
    kind = KINDS[KIND_OF[x.cards[0]]] if x.cards else ""
    return [f"load {ship} {kind} {len(x.cards)}", f"load {ship} {_refs(ctx, x.cards)}"]


def _raid_kontor(ctx: Context, x: a.RaidKontor) -> list[str]:
    victim = seat_ref(ctx, x.victim)
    place = place_ref(ctx, x.island, x.slot)
    kind = KINDS[KIND_OF[x.card]] if 0 <= x.card < len(KIND_OF) else ""
    texts = [f"raid {victim} {kind} to {place}"]
    for label, c in kontor_sources(ctx.state, x.victim, ctx.player):
        if c == x.card:
            island = label.rpartition(".")[0] or "home"
            texts += [
                f"raid {victim} kontor {island} {kind} to {place}",
                f"raid {victim} {label} to {place}",
            ]
    return _pay(texts, x.pay)


def _sail(ctx: Context, x: a.Sail) -> list[str]:
    ships = " ".join(ship_ref(ctx, s) for s in x.ships)
    return [f"sail {ships} to {_island(ctx, x.island)}"]


_WRITERS: dict[type[Action], Callable[[Context, Any], list[str]]] = {
    a.ChooseIsland: lambda ctx, x: [f"island {_island(ctx, x.island)}"],
    a.Plant: _plant,
    a.Harvest: lambda ctx, x: [f"harvest {place_ref(ctx, x.island, x.slot)}"],
    a.BuyField: lambda ctx, x: (
        ["buy field"] if x.island == ctx.player else [f"buy field {_island(ctx, x.island)}"]
    ),
    a.EndPhase: lambda ctx, x: ["end"],
    a.Keep: lambda ctx, x: [f"keep {card_ref(ctx, x.card)}"],
    a.Discard: lambda ctx, x: [
        f"discard {KINDS[KIND_OF[x.card]]}",
        f"discard {card_ref(ctx, x.card)}",
    ],
    a.MakeOffer: _offer,
    a.Accept: _accept,
    a.Decline: lambda ctx, x: [f"decline {x.offer}"],
    a.Confirm: lambda ctx, x: [f"confirm {x.offer} {seat_ref(ctx, x.partner)}"],
    a.Withdraw: lambda ctx, x: [f"withdraw {x.offer}"],
    a.BuyHarbor: lambda ctx, x: [f"buy harbor {_island(ctx, x.island)}"],
    a.BuyShip: lambda ctx, x: ["buy ship"],
    a.BuyPirateShip: lambda ctx, x: _pay(["buy pirate"], x.pay),
    a.Sail: _sail,
    a.Load: _load,
    a.Unload: lambda ctx, x: [f"unload {ship_ref(ctx, x.ship)} {x.count}"],
    a.ToStore: _store,
    a.KontorToField: _move,
    a.RaidKontor: _raid_kontor,
    a.RaidShip: lambda ctx, x: _pay(
        [
            f"raid {seat_ref(ctx, _owner(ctx, x.ship))} ship {ship_ref(ctx, x.ship, _owner(ctx, x.ship))}"
        ],
        x.pay,
    ),
}


def _owner(ctx: Context, ship: int) -> int:
    if 0 <= ship < len(ctx.state.ships):
        return ctx.state.ships[ship].owner
    return ctx.player
