"""A hint for a person: what the strong level would do now, and why, in one line.

    from bohnanza_tui.bots.hint import hint
    h = hint(rules.view(state, p), p)      # p must be a pending player
    h.action                                # never played for the person
    str(h.reason)                           # "Harvest the chili field for 2 coins: ..."

It sees only the asking player's view (``rules.view(state, p)``): the strong
level samples what it cannot see, as it does when it plays. The reason is an
``Event`` (its text is translated when shown), built from the position the
person sees: the same evaluation the computer players use.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..rules import engine
from ..rules.actions import (
    Accept,
    Action,
    BuyField,
    ChooseIsland,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    MakeOffer,
    Plant,
    Withdraw,
)
from ..rules.common import event, island_label
from ..rules.outcome import Event, Plural
from ..rules.params import Bean
from ..rules.state import KIND_OF, KONTOR, GameState, Phase
from . import evaluate as ev
from .basic import Policy
from .strong import StrongBot

#: the app's budget for one hint (the strong level stops early when it is sure)
HINT_BUDGET_MS = 500.0
#: how many offers already made a hint passes over before it suggests ending the trade
MAX_REPEATS = 12


class Hint(NamedTuple):
    action: Action
    #: one line; ``str(reason)`` renders it in the player's language
    reason: Event


def hint(
    view: GameState,
    player: int,
    *,
    budget_ms: float = HINT_BUDGET_MS,
    max_samples: int | None = None,
    seed: int = 0,
    made: Sequence[MakeOffer] = (),
) -> Hint:
    """What the strong level would do now as ``player``, from ``player``'s view, and why.

    ``player`` must be a pending player (``engine.pending_players``);
    ``max_samples`` fixes the search's size (for reproducible tests). ``made``:
    the offers ``player`` made in this trading phase; none is suggested again
    (the table answered it already), as the strong level never repeats one when
    it plays.
    """
    if player not in engine.pending_players(view):
        raise ValueError(f"player {player} has nothing to do now")
    bot = StrongBot(seed, budget_ms=budget_ms, max_samples=max_samples)
    seen = {_offer_key(o) for o in made}
    action = bot.act(view, player)
    repeats = 0
    while isinstance(action, MakeOffer) and _offer_key(action) in seen:
        repeats += 1
        if repeats > MAX_REPEATS and player == view.active:
            action = EndPhase(player)
            break
        action = bot.act(view, player)  # its memory of the turn skips the one it just chose
    return Hint(action, bot.remark() or reason(view, player, action))


def reason(view: GameState, player: int, action: Action) -> Event:
    """Why ``action`` is good for ``player`` now, in one line (from the view only)."""
    p = view.players[player]
    if isinstance(action, Plant):
        k = KIND_OF[action.card]
        if action.slot == KONTOR:
            return event(
                "Put the {bean} in the Kontor: no field can take it without a loss.", bean=k
            )
        h = p.holding(action.island)
        field = h.fields[action.slot] if h is not None else []
        if field:
            return event(
                "Plant the {bean} on your {bean} field: it grows toward more coins.", bean=k
            )
        return event("Plant the {bean} in an empty field: no field of yours grows it.", bean=k)
    if isinstance(action, Harvest):
        return _harvest(view, player, action)
    if isinstance(action, EndPhase):
        if view.phase is Phase.PLANT and p.hand and p.hand[0] >= 0:
            return event(
                "Keep the {bean} in your hand: planting it now would cost a field.",
                bean=KIND_OF[p.hand[0]],
            )
        if view.phase is Phase.TRADE:
            return event("End trading: no offer would help you now.")
        return event("Go on: nothing more to do in this phase.")
    if isinstance(action, Accept):
        return event("Accept offer {id}: the trade helps your fields.", id=action.offer)
    if isinstance(action, Decline):
        return event("Decline offer {id}: the trade would not help your fields.", id=action.offer)
    if isinstance(action, Confirm):
        return event(
            "Take {partner}'s answer to offer {id}: it helps you most.",
            partner=view.players[action.partner].name,
            id=action.offer,
        )
    if isinstance(action, Withdraw):
        return event("Withdraw offer {id}: no answer helps you.", id=action.offer)
    if isinstance(action, Discard):  # the Bean Duel: a bean on offer or a hand card
        return event(
            "Discard the {bean}: planting it would cost you a field.", bean=KIND_OF[action.card]
        )
    if isinstance(action, BuyField):
        return event("Buy a field: more room, fewer forced harvests.")
    if isinstance(action, ChooseIsland):
        return event(
            "Plant on {island} this turn: your hand fits its fields best.",
            island=island_label(view, action.island),
        )
    return event("The strong computer player would do this now.")


HARVEST_FOR_ROOM = Plural(
    "Harvest the {bean} field for {coins} coin: the {need} needs its room.",
    "Harvest the {bean} field for {coins} coins: the {need} needs its room.",
    "coins",
)
HARVEST_AT_TOP = Plural(
    "Harvest the {bean} field for {coins} coin: it cannot earn more.",
    "Harvest the {bean} field for {coins} coins: it cannot earn more.",
    "coins",
)
HARVEST_NOW = Plural(
    "Harvest the {bean} field for {coins} coin now.",
    "Harvest the {bean} field for {coins} coins now.",
    "coins",
)


def _harvest(view: GameState, player: int, action: Harvest) -> Event:
    h = view.players[player].holding(action.island)
    field = h.fields[action.slot] if h is not None else []
    if not field:
        return event("The strong computer player would do this now.")
    k = KIND_OF[field[0]]
    t = ev.TYPE_INDEX[view.islands[action.island].type]
    n = min(len(field), ev.MAX_N)
    coins = ev.SALE[t][k][n]
    need = _waiting_bean(view, player)
    if need is not None and not Policy(view, player).places(need[0], need[1]):
        return event(HARVEST_FOR_ROOM, bean=k, coins=coins, need=Bean(KIND_OF[need[0]]))
    if coins == max(ev.SALE[t][k]):
        return event(HARVEST_AT_TOP, bean=k, coins=coins)
    return event(HARVEST_NOW, bean=k, coins=coins)


def _waiting_bean(view: GameState, player: int) -> tuple[int, int | None] | None:
    """The bean ``player`` must plant next and where (None: anywhere), if any."""
    p = view.players[player]
    if view.phase is Phase.PLANT and player == view.active and view.planted == 0 and p.hand:
        return p.hand[0], view.turn_island
    if view.phase is Phase.PLANT_TRADED:
        if p.received:
            return p.received[0], None
        if player == view.active and p.kept:
            return p.kept[0], view.turn_island
    return None


def _offer_key(o: MakeOffer) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
    """An offer as the table hears it: to whom, which kinds given, which kinds wanted."""
    return (o.to, tuple(sorted(KIND_OF[c] for c in o.give)), tuple(sorted(o.want)))
