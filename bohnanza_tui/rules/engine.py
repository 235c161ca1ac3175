"""The rules engine: the one entry point for every action, and the classic actions' rules.

The turn itself (dealing, phases moving on, drawing, the end) lives in
``turn``; the Bohn Voyage, trading and Bean Duel actions in ``voyage``,
``trading`` and ``duel``; the move list in ``moves``. Users (the app, the
bots, the command runner, the tests) call, all from here:

- ``new_game(mode, names, seed)``;
- ``pending_players(state)``: who is expected to act now (more than one
  player can be: trade partners, everyone planting received beans);
- ``legal_actions(state, player)``: the move list (``moves``): every legal
  action but new offers, acceptances and confirmations (too many to list;
  ``check`` validates any concrete one);
- ``check(state, action)``: ``None`` or the ``Refusal`` naming the rule;
- ``apply(state, action)``: the events, or ``IllegalAction`` and no change;
- ``apply_unchecked``: the fast path for actions known to be legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from . import duel, moves, trading, turn, voyage
from .actions import (
    Accept,
    Action,
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    KontorToField,
    Load,
    MakeOffer,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
    Withdraw,
)
from .common import (
    check_coins,
    check_place,
    check_player,
    check_voyage,
    event,
    holding_at,
    island_label,
    pay,
    place_label,
    places,
    protected,
    put,
    refuse,
    sell,
    setup,
)
from .data import SALE_TABLES
from .outcome import Event, IllegalAction, Plural, Refusal
from .state import (
    CHOOSE_ISLAND,
    CLASSIC,
    KIND_OF,
    PLANT,
    PLANT_TRADED,
    TRADE,
    GameState,
)

# the entry points that live in ``turn``, offered here with the rest
from .turn import Standing as Standing
from .turn import new_game as new_game
from .turn import next_to_act as next_to_act
from .turn import pending_players as pending_players
from .turn import standings as standings

# the most frequent log lines, built once
HARVESTS: Final = Plural(
    "{name} harvests {n} {bean} from {place} for {coins} coin.",
    "{name} harvests {n} {bean} from {place} for {coins} coins.",
    "coins",
)


# -- planting, harvesting, fields, phases ---------------------------------------------


def check_plant(state: GameState, a: Plant) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    p = state.players[a.player]
    island: int | None = state.turn_island  # where the bean may go
    if state.phase is PLANT:
        if a.player != state.active:
            return refuse(
                "R-BASE-6",
                "in phase 1 only {name} plants",
                name=state.players[state.active].name,
            )
        if state.offered or state.discarded:  # only in the Bean Duel
            r = duel.check_plant(state, a)
            if r:
                return r
        elif not p.hand:
            return refuse("R-BASE-6", "your hand is empty")
        elif state.planted >= 2:
            return refuse("R-BASE-6", "you have planted two cards; end the phase")
        elif a.card != p.hand[0]:
            return refuse("R-BASE-3", "beans are planted from the front of the hand, in order")
        if a.island != state.turn_island:
            return _wrong_island(state)
    elif state.phase is TRADE and setup(state).duel:
        r = duel.check_plant(state, a)
        if r:
            return r
        if a.island != state.turn_island:
            return _wrong_island(state)
    elif state.phase is PLANT_TRADED:
        if a.card in p.received:
            island = None  # R-BASE-9: received beans go onto any own field
        elif a.card in p.hand:
            return refuse("R-BASE-6", "hand cards are planted in phase 1 only")
        elif a.card not in p.kept:
            return refuse("R-BASE-9", "that card is not one you kept or received this turn")
        elif a.island != state.turn_island:
            return _wrong_island(state)
    elif state.phase is CHOOSE_ISLAND:
        return refuse("R-VOY-13", "first choose this turn's island")
    else:
        return refuse("R-BASE-6", "beans are planted in phases 1 and 3")
    r = check_place(state, a.player, a.card, a.island, a.slot)
    if r is not None and (r.rule == "R-BASE-5" or r.rule == "R-VOY-7"):
        return _no_room(state, a, island) or r
    return r


def _no_room(state: GameState, a: Plant, island: int | None) -> Refusal | None:
    """D-13: R-BASE-7 when no place (on ``island``, if given) takes the bean, with what to do."""
    if places(state, a.player, a.card, island):
        return None  # another field could take it: the place's own refusal stands
    home = state.players[a.player].holdings[0]
    cost = setup(state).third_field_cost
    if cost is not None and len(home.fields) < 3 and island in (None, a.player):
        return refuse(
            "R-BASE-7",
            "no field takes the {bean} bean: harvest a field first, or buy the third field",
            bean=KIND_OF[a.card],
        )
    return refuse(
        "R-BASE-7", "no field takes the {bean} bean: harvest a field first", bean=KIND_OF[a.card]
    )


def _wrong_island(state: GameState) -> Refusal:
    if state.mode is CLASSIC:
        return refuse("R-BASE-5", "beans are planted on your own fields")
    return refuse(
        "R-VOY-13",
        "this turn's beans from the hand and the kept face-up cards go to {island}",
        island=island_label(state, state.turn_island),
    )


def plant(state: GameState, a: Plant) -> list[Event]:
    p = state.players[a.player]
    if state.phase is PLANT:
        if state.offered:
            state.offered.remove(a.card)  # R-DUEL-4 step 1
        else:
            p.hand.pop(0)
            state.planted += 1
    elif state.phase is TRADE:
        state.face_up.remove(a.card)  # R-DUEL-4 step 3
    elif a.card in p.kept:
        p.kept.remove(a.card)
    else:
        p.received.remove(a.card)
    put(state, a.player, a.card, a.island, a.slot)
    events = [
        event(
            "{name} plants {bean} on {place}.",
            name=p.name,
            bean=KIND_OF[a.card],
            place=place_label(state, a.player, a.island, a.slot),
        )
    ]
    if state.phase is PLANT:
        if (state.planted == 2 or not p.hand) and not setup(state).duel:
            turn.end_planting(state, events)  # nothing more may be planted: turn up the cards
    elif state.phase is PLANT_TRADED:
        turn.maybe_end_turn(state, events)
    return events


def check_harvest(state: GameState, a: Harvest) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if a.player != state.active and setup(state).duel:
        return refuse("R-DUEL-3", "with two players you harvest only in your own turn")
    h = holding_at(state, a.player, a.island)
    if h is None or not 0 <= a.slot < len(h.fields):
        return refuse("R-BASE-13", "there is no such field")
    f = h.fields[a.slot]
    if not f:
        return refuse("R-BASE-13", "field {slot} is empty", slot=a.slot + 1)
    if protected(h.fields, f):
        return refuse(
            "R-BASE-12",
            "a field with one bean can't be harvested while another field has more",
        )
    return None


def harvest(state: GameState, a: Harvest) -> list[Event]:
    h = holding_at(state, a.player, a.island)
    assert h is not None
    f = h.fields[a.slot]
    kind, n = KIND_OF[f[0]], len(f)
    coins = SALE_TABLES[state.islands[a.island].type][kind][n]
    sell(state, a.player, f[:], coins)
    f.clear()
    return [
        event(
            HARVESTS,
            name=state.players[a.player].name,
            n=n,
            bean=kind,
            place=place_label(state, a.player, a.island, a.slot),
            coins=coins,
        )
    ]


def check_buy_field(state: GameState, a: BuyField) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if a.island != a.player:
        return check_voyage(state) or voyage.check_buy_colony_field(state, a.player, a.island)
    cost = setup(state).third_field_cost
    if cost is None:
        if setup(state).duel:
            return refuse("R-DUEL-1", "with 2 players everyone has three fields from the start")
        return refuse("R-BASE-4", "with 3 players everyone has the third field from the start")
    if len(state.players[a.player].holdings[0].fields) >= 3:
        return refuse("R-BASE-4", "you have your third field already")
    return check_coins(state, a.player, cost, "R-BASE-4")


def buy_field(state: GameState, a: BuyField) -> list[Event]:
    if a.island != a.player:
        return voyage.buy_colony_field(state, a.player, a.island)
    cost = setup(state).third_field_cost
    assert cost is not None
    pay(state, a.player, cost)
    state.players[a.player].holdings[0].fields.append([])
    return [
        event(
            "{name} buys a third field for {cost} coins.",
            name=state.players[a.player].name,
            cost=cost,
        )
    ]


def check_end(state: GameState, a: EndPhase) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if a.player != state.active:
        return refuse(
            "R-BASE-6",
            "only {name} ends the phases of this turn",
            name=state.players[state.active].name,
        )
    if state.phase is CHOOSE_ISLAND:
        return refuse("R-VOY-13", "first choose this turn's island")
    if state.phase is PLANT:
        if state.offered:
            return duel.OFFERED_FIRST
        if state.planted == 0 and state.players[a.player].hand:
            return refuse("R-BASE-6", "plant the front card of your hand first")
    elif state.phase is PLANT_TRADED:
        waiting = [p.name for p in state.players if p.kept or p.received]
        if waiting:
            return refuse(
                "R-BASE-9",
                "every kept or received bean must be planted first: {names}",
                names=", ".join(waiting),
            )
    return None


def end_phase(state: GameState, a: EndPhase) -> list[Event]:
    events: list[Event] = []
    if state.phase is PLANT:
        turn.end_planting(state, events)
    elif state.phase is TRADE:
        turn.end_trading(state, events)
    else:
        turn.end_turn(state, events)
    return events


def choose_island(state: GameState, a: ChooseIsland) -> list[Event]:
    events = voyage.choose_island(state, a)
    turn.begin_planting(state, events)
    return events


def check_keep(state: GameState, a: Keep) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if setup(state).duel:
        return refuse(
            "R-DUEL-4", "with two players the turned-up beans are planted or left on offer"
        )
    if state.phase is not TRADE or a.player != state.active:
        return refuse("R-BASE-8", "only the active player keeps face-up cards, in phase 2")
    if a.card not in state.face_up:
        return refuse("R-BASE-8", "that card is not face up")
    return None


def keep(state: GameState, a: Keep) -> list[Event]:
    state.face_up.remove(a.card)
    state.players[a.player].kept.append(a.card)
    trading.prune_offers(state)
    return [
        event(
            "{name} keeps the face-up {bean}.",
            name=state.players[a.player].name,
            bean=KIND_OF[a.card],
        )
    ]


# -- dispatch -----------------------------------------------------------------------

A = TypeVar("A", bound=Action)
Check = Callable[[GameState, Any], Refusal | None]
Effect = Callable[[GameState, Any], list[Event]]

RULES: Final[dict[type[Action], tuple[Check, Effect]]] = {
    Plant: (check_plant, plant),
    Harvest: (check_harvest, harvest),
    BuyField: (check_buy_field, buy_field),
    EndPhase: (check_end, end_phase),
    Keep: (check_keep, keep),
    MakeOffer: (trading.check_make_offer, trading.make_offer),
    Accept: (trading.check_accept, trading.accept),
    Decline: (trading.check_decline, trading.decline),
    Confirm: (trading.check_confirm, trading.confirm),
    Withdraw: (trading.check_withdraw, trading.withdraw),
    Discard: (duel.check_discard, duel.discard),
    ChooseIsland: (voyage.check_choose_island, choose_island),
    BuyHarbor: (voyage.check_buy_harbor, voyage.buy_harbor),
    BuyShip: (voyage.check_buy_ship, voyage.buy_ship),
    BuyPirateShip: (voyage.check_buy_pirate_ship, voyage.buy_pirate_ship),
    Sail: (voyage.check_sail, voyage.sail),
    Load: (voyage.check_load, voyage.load),
    Unload: (voyage.check_unload, voyage.unload),
    ToStore: (voyage.check_to_store, voyage.to_store),
    KontorToField: (voyage.check_kontor_to_field, voyage.kontor_to_field),
    RaidKontor: (voyage.check_raid_kontor, voyage.raid_kontor),
    RaidShip: (voyage.check_raid_ship, voyage.raid_ship),
}


def check(state: GameState, action: Action) -> Refusal | None:
    """``None`` if ``action`` is legal now, else the refusal naming the rule (D-10)."""
    entry = RULES.get(type(action))
    if entry is None:
        return refuse("D-10", "unknown action")
    return entry[0](state, action)


def apply(state: GameState, action: Action) -> list[Event]:
    """Apply a legal action and return its events; raise ``IllegalAction`` and change nothing otherwise."""
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalAction(refusal)
    return apply_unchecked(state, action)


def apply_unchecked(state: GameState, action: Action) -> list[Event]:
    """The fast path: ``action`` must be legal (from ``legal_actions`` or ``check``)."""
    events = RULES[type(action)][1](state, action)
    if state.offers and state.phase is TRADE and type(action) not in (MakeOffer, Decline, Withdraw):
        trading.prune_offers(state)
    return events


# -- who acts, and what they may do ----------------------------------------------------


def legal_actions(state: GameState, player: int) -> list[Action]:
    """The move list of ``player`` now (see ``moves``): every legal action but new offers,
    acceptances and confirmations, one for each group of interchangeable ones."""
    return [a for a in map(moves.build, moves.candidates(state, player)) if check(state, a) is None]
