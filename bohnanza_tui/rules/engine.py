"""The rules engine: new games, the turn, and the one entry point for every action.

Users (the app, the bots, the command runner, the tests) call:

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

import random
from collections.abc import Callable
from typing import Any, Final, NamedTuple, TypeVar

from . import duel, moves, trading, voyage
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
    draw,
    event,
    holding_at,
    island_label,
    pay,
    place_label,
    protected,
    put,
    refuse,
    sell,
    setup,
    shuffle,
)
from .data import KINDS, SALE_TABLES, setup_for
from .limits import name_problem, seed_problem
from .outcome import Event, IllegalAction, Plural, Refusal
from .params import Row
from .state import (
    CARDS_OF_KIND,
    CHOOSE_ISLAND,
    CLASSIC,
    GAME_OVER,
    HOME,
    KIND_OF,
    PLANT,
    PLANT_TRADED,
    TRADE,
    VOYAGE,
    GameState,
    Holding,
    Island,
    IslandType,
    Mode,
    Player,
    Ship,
)

# the most frequent log lines, built once
HARVESTS: Final = Plural(
    "{name} harvests {n} {bean} from {place} for {coins} coin.",
    "{name} harvests {n} {bean} from {place} for {coins} coins.",
    "coins",
)
DRAWS: Final = Plural("{name} draws {n} card.", "{name} draws {n} cards.", "n")


# -- a new game -----------------------------------------------------------------


def new_game(mode: Mode | str, names: list[str], seed: int | None = None) -> GameState:
    """Deal a new game (R-BASE-1, R-BASE-2, R-BASE-4, R-VOY-1..3); same seed, same game."""
    mode = Mode(mode)
    names = [n.strip() for n in names]
    s = setup_for(mode.value, len(names))  # ValueError for a player count the mode lacks
    problem = name_problem(names) or (seed_problem(seed) if seed is not None else None)
    if problem:
        raise ValueError(problem)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    n = len(names)
    islands = [Island("home", HOME, [p]) for p in range(n)]
    counter: dict[str, int] = {}
    for t in s.colonies:
        counter[t] = counter.get(t, 0) + 1
        islands.append(Island(f"{t}{counter[t]}", IslandType(t), [None, None]))
    players = [
        Player(
            name,
            holdings=[
                Holding(
                    p, [[] for _field in range(2 if s.third_field_cost else 3)], [], s.home_kontor
                )
            ],
        )
        for p, name in enumerate(names)
    ]
    ships = [Ship(p, p) for p in range(n)] if mode is VOYAGE else []
    state = GameState(mode, seed, players, islands, ships)
    state.deck = [c for k in range(len(KINDS)) if k not in s.removed for c in CARDS_OF_KIND[k]]
    shuffle(state, state.deck)
    for p, size in enumerate(s.hand_sizes):
        for _card in range(size):
            players[p].hand.append(state.deck.pop())
    _start_turn(state, [])
    return state


# -- the turn ---------------------------------------------------------------------


def _start_turn(state: GameState, events: list[Event]) -> None:
    state.planted = 0
    state.discarded = False
    for ship in state.ships:
        ship.sailed = False
    p = state.active
    if state.mode is VOYAGE and state.rotation_applies(p):
        kind, islands = voyage.rotation_due(state, p)
        if len(islands) > 1:
            state.phase = CHOOSE_ISLAND
            return
        voyage.set_turn_island(state, islands[0])
        if kind is not HOME:
            events.append(
                event(
                    "{name} plants on {island} this turn.",
                    name=state.players[p].name,
                    island=state.islands[islands[0]].name,
                )
            )
        _begin_planting(state, events)
        return
    state.turn_island = p
    state.players[p].last_type = HOME
    _begin_planting(state, events)


def _begin_planting(state: GameState, events: list[Event]) -> None:
    """Phase 1; with an empty hand it is skipped (R-BASE-6).

    In the Bean Duel the player ends steps 1 and 2 (R-DUEL-4) with ``EndPhase``:
    a harvest may still change the discard pile's top before the cards are turned up.
    """
    state.phase = PLANT
    if not state.players[state.active].hand and not setup(state).duel:
        _end_planting(state, events)


def _finish(state: GameState, events: list[Event]) -> None:
    """R-BASE-18, R-VOY-18: every field is harvested (no protection), then the game is over."""
    state.offers.clear()
    duel.discard_offered(state, events)
    for p, player in enumerate(state.players):
        for h in player.holdings:
            table = SALE_TABLES[state.islands[h.island].type]
            for f in h.fields:
                if f:
                    kind, n = KIND_OF[f[0]], len(f)
                    coins = table[kind][n]
                    sell(state, p, f[:], coins)
                    f.clear()
                    events.append(
                        event(
                            Plural(
                                "Final harvest: {name} sells {n} {bean} for {coins} coin.",
                                "Final harvest: {name} sells {n} {bean} for {coins} coins.",
                                "coins",
                            ),
                            name=player.name,
                            n=n,
                            bean=kind,
                            coins=coins,
                        )
                    )
    state.phase = GAME_OVER
    ranking = standings(state)
    winners = [state.players[r.player].name for r in ranking if r.rank == 1]
    events.append(
        event(
            Plural(
                "The game is over. Winner: {names} with {coins} coin.",
                "The game is over. Winner: {names} with {coins} coins.",
                "coins",
            ),
            names=" & ".join(winners),
            coins=ranking[0].coins,
        )
    )


class Standing(NamedTuple):
    player: int
    coins: int
    hand: int
    rank: int


def standings(state: GameState) -> list[Standing]:
    """R-BASE-18: most coins, then most cards in hand; a tie after that is shared."""
    keyed = sorted(
        range(len(state.players)),
        key=lambda p: (-len(state.players[p].coins), -len(state.players[p].hand), p),
    )
    out: list[Standing] = []
    for i, p in enumerate(keyed):
        coins, hand = len(state.players[p].coins), len(state.players[p].hand)
        if out and (out[-1].coins, out[-1].hand) == (coins, hand):
            rank = out[-1].rank
        else:
            rank = i + 1
        out.append(Standing(p, coins, hand, rank))
    return out


def _reveal_face_up(state: GameState, events: list[Event]) -> None:
    s = setup(state)
    for _card in range(s.turn_up):
        card = draw(state, events)
        if card is None:
            break
        state.face_up.append(card)
    if state.exhaustions >= s.exhaustion_limit:
        state.ending = True  # R-BASE-17, D-11: finish phases 2 and 3, then the game ends
    events.append(
        event(
            "Face up: {cards}.",
            cards=Row(state.face_up),
        )
    )
    if s.duel:
        duel.match_discard(state, events)


def _draw_phase(state: GameState, events: list[Event]) -> None:
    """Phase 4 (R-BASE-10), then the next turn; a final exhaustion ends the game at once."""
    limit = setup(state).exhaustion_limit
    player = state.players[state.active]
    drawn = 0
    for _card in range(setup(state).draw):
        card = draw(state, events)
        if card is not None:
            player.hand.append(card)
            drawn += 1
        if state.exhaustions >= limit:
            break
    events.append(
        event(
            DRAWS,
            name=player.name,
            n=drawn,
        )
    )
    if state.exhaustions >= limit:
        _finish(state, events)
        return
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    events.append(event("{name}'s turn.", name=state.players[state.active].name))
    _start_turn(state, events)


# -- planting, harvesting, fields, phases ---------------------------------------------


def check_plant(state: GameState, a: Plant) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    p = state.players[a.player]
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
        if a.card in p.kept:
            if a.island != state.turn_island:
                return _wrong_island(state)
        elif a.card not in p.received:
            return refuse("R-BASE-9", "that card is not one you kept or received this turn")
    else:
        return refuse("R-BASE-6", "beans are planted in phases 1 and 3")
    return check_place(state, a.player, a.card, a.island, a.slot)


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
            _end_planting(state, events)  # nothing more may be planted: turn up the cards
    elif state.phase is PLANT_TRADED:
        _maybe_end_turn(state, events)
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
        _end_planting(state, events)
    elif state.phase is TRADE:
        _end_trading(state, events)
    else:
        _end_turn(state, events)
    return events


def _end_planting(state: GameState, events: list[Event]) -> None:
    state.phase = TRADE
    _reveal_face_up(state, events)


def _end_trading(state: GameState, events: list[Event]) -> None:
    if setup(state).duel:
        duel.leave_on_offer(state, events)  # R-DUEL-4 step 3, then step 4
        _end_turn(state, events)
        return
    state.offers.clear()
    state.players[state.active].kept.extend(state.face_up)
    state.face_up.clear()
    state.phase = PLANT_TRADED
    events.append(event("Trading ends; kept and traded beans are planted now."))
    _maybe_end_turn(state, events)


def _end_turn(state: GameState, events: list[Event]) -> None:
    if state.ending:
        _finish(state, events)
    else:
        _draw_phase(state, events)


def _maybe_end_turn(state: GameState, events: list[Event]) -> None:
    """Classic: phase 3 ends by itself once every bean is planted.

    Nothing else belongs to phase 3 in classic Bohnanza (harvests and the third
    field are allowed at any time). In Bohn Voyage the active player ends it,
    because the turn's ship and Kontor actions may still follow (D-4).
    """
    if state.mode is CLASSIC:
        for p in state.players:
            if p.kept or p.received:
                return
        _end_turn(state, events)


def choose_island(state: GameState, a: ChooseIsland) -> list[Event]:
    events = voyage.choose_island(state, a)
    _begin_planting(state, events)
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


def pending_players(state: GameState) -> list[int]:
    """Players the game waits for now, in seat order from the active player."""
    phase = state.phase
    active = state.active
    if phase is PLANT or phase is CHOOSE_ISLAND:
        return [active]
    if phase is GAME_OVER:
        return []
    players = state.players
    n = len(players)
    if phase is TRADE:
        if not state.offers:
            return [active]
        waiting = {active}
        for o in state.offers:
            waiting.update(trading.awaited(state, o))
        return [p % n for p in range(active, active + n) if p % n in waiting]
    planting = [
        p % n for p in range(active, active + n) if players[p % n].kept or players[p % n].received
    ]
    return planting or [active]  # then the active player ends the turn


def next_to_act(state: GameState) -> int:
    """The one pending player to serve next: those answering offers or planting
    received beans go before the active player, in seat order from the active player.

    Raises ``ValueError`` once the game is over (nobody acts).
    """
    pending = pending_players(state)
    if not pending:
        raise ValueError("the game is over: nobody acts")
    active = state.active
    for p in pending:
        if p != active:
            return p
    return pending[0]


def legal_actions(state: GameState, player: int) -> list[Action]:
    """The move list of ``player`` now (see ``moves``): every legal action but new offers,
    acceptances and confirmations, one for each group of interchangeable ones."""
    return [a for a in map(moves.build, moves.candidates(state, player)) if check(state, a) is None]
