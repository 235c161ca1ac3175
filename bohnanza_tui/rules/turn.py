"""The turn: a new game, how the phases move on, the end of the game, and who acts.

The engine (``engine``) checks and applies what players do; the functions here
are what happens by itself around those actions: dealing (R-BASE-1, -2, -4,
R-VOY-1..3), starting a turn with its island (R-VOY-13), ending phases,
turning up and drawing cards (R-BASE-8, -10), the final harvest and the
standings (R-BASE-17, -18), and which players the game waits for.
"""

from __future__ import annotations

import random
from typing import Final, NamedTuple

from . import duel, trading, voyage
from .common import draw, event, sell, setup, shuffle
from .data import KINDS, SALE_TABLES, setup_for
from .limits import name_problem, seed_problem
from .outcome import Event, Plural
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
    start_turn(state, [])
    return state


# -- the turn ---------------------------------------------------------------------


def start_turn(state: GameState, events: list[Event]) -> None:
    state.planted = 0
    state.discarded = False
    for ship in state.ships:
        ship.sailed = False
    p = state.active
    if state.mode is VOYAGE and state.rotation_applies(p):
        island_type, islands = voyage.rotation_due(state, p)
        if len(islands) > 1:
            state.phase = CHOOSE_ISLAND
            return
        voyage.set_turn_island(state, islands[0])
        if island_type is not HOME:
            events.append(
                event(
                    "{name} plants on {island} this turn.",
                    name=state.players[p].name,
                    island=state.islands[islands[0]].name,
                )
            )
        begin_planting(state, events)
        return
    state.turn_island = p
    state.players[p].last_type = HOME
    begin_planting(state, events)


def begin_planting(state: GameState, events: list[Event]) -> None:
    """Phase 1; with an empty hand it is skipped (R-BASE-6).

    In the Bean Duel the player ends steps 1 and 2 (R-DUEL-4) with ``EndPhase``:
    a harvest may still change the discard pile's top before the cards are turned up.
    """
    state.phase = PLANT
    if not state.players[state.active].hand and not setup(state).duel:
        end_planting(state, events)


def finish(state: GameState, events: list[Event]) -> None:
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


def reveal_face_up(state: GameState, events: list[Event]) -> None:
    s = setup(state)
    for _card in range(s.turn_up):
        card = draw(state, events)
        if card is None:
            break
        state.face_up.append(card)
    events.append(
        event(
            "Face up: {cards}.",
            cards=Row(state.face_up),
        )
    )
    if s.duel:
        duel.match_discard(state, events)


def draw_phase(state: GameState, events: list[Event]) -> None:
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
        finish(state, events)
        return
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    events.append(event("{name}'s turn.", name=state.players[state.active].name))
    start_turn(state, events)


# -- phases ending ---------------------------------------------------------------


def end_planting(state: GameState, events: list[Event]) -> None:
    state.phase = TRADE
    reveal_face_up(state, events)


def end_trading(state: GameState, events: list[Event]) -> None:
    if setup(state).duel:
        duel.leave_on_offer(state, events)  # R-DUEL-4 step 3, then step 4
        end_turn(state, events)
        return
    state.offers.clear()
    state.players[state.active].kept.extend(state.face_up)
    state.face_up.clear()
    state.phase = PLANT_TRADED
    events.append(event("Trading ends; kept and traded beans are planted now."))
    maybe_end_turn(state, events)


def end_turn(state: GameState, events: list[Event]) -> None:
    # R-BASE-17, D-11: the final exhaustion came in phase 2 (a draw in phase 4
    # that brings it ends the game at once): phases 2 and 3 are over, so is the game
    if state.exhaustions >= setup(state).exhaustion_limit:
        finish(state, events)
    else:
        draw_phase(state, events)


def maybe_end_turn(state: GameState, events: list[Event]) -> None:
    """Classic: phase 3 ends by itself once every bean is planted.

    Nothing else belongs to phase 3 in classic Bohnanza (harvests and the third
    field are allowed at any time). In Bohn Voyage the active player ends it,
    because the turn's ship and Kontor actions may still follow (D-4).
    """
    if state.mode is CLASSIC:
        for p in state.players:
            if p.kept or p.received:
                return
        end_turn(state, events)


# -- who acts ---------------------------------------------------------------------


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
