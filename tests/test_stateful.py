"""Whole random games for every mode and player count, with invariants checked at every step.

Each example is one game from a seed: random legal actions (from
``legal_actions``), random trade offers, answers, donations and confirmations
(built from what the player can see and kept only when ``check`` allows
them), and random junk actions that must be refused without a trace. After
every step:

- the position passes the validator (``rules/validate.py``, the invariants
  the save loader checks too): every card of the mode's deck lies in exactly
  one place; fields hold one kind, Kontors and ships respect their limits,
  the pirate store one bean per kind; the phase, the turn, the turn's island,
  the kept and received cards and the offers agree; someone must act and has
  a legal move;
- a player's coins change only by a harvest (by the beanometer), a purchase
  (by its price), a raid on a ship, or the final harvest;
- a refused action leaves the state identical (D-10);
- the player's view shows no card he may not see (D-9).

At the end the game must be over (within a step bound), and replaying the log
of applied actions from ``new_game(mode, names, seed)`` must pass through the
very same states (R-BASE-1).

``BOHNANZA_STATEFUL_GAMES`` sets the number of games (default 200), spread
over the eight mode/player-count set-ups.
"""

from __future__ import annotations

import math
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_md import coins_for

from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import (
    ACTION_TYPES,
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
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import KINDS
from bohnanza_tui.rules.outcome import IllegalAction
from bohnanza_tui.rules.state import CARDS_OF_KIND, HIDDEN, KIND_OF, KONTOR, GameState, Phase
from bohnanza_tui.rules.validate import position_problem
from bohnanza_tui.rules.views import determinize, view

CONFIGS = [("classic", n) for n in range(2, 8)] + [("voyage", n) for n in range(3, 6)]
GAMES = int(os.environ.get("BOHNANZA_STATEFUL_GAMES", "200"))
PER_CONFIG = max(1, math.ceil(GAMES / len(CONFIGS)))
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
#: no game may take more attempted actions than this
MAX_ATTEMPTS = 40_000
#: offers made per turn at most (random offers are cheap and rarely accepted)
MAX_OFFERS = 6
ALL_TYPES = tuple(ACTION_TYPES.values())


# -- invariants ----------------------------------------------------------------------


def deck_ids(state: GameState) -> list[int]:
    return sorted(c for k in setup(state).deck_kinds for c in CARDS_OF_KIND[k])


def check_position(state: GameState) -> None:
    """Every invariant of a position, from the one validator (rules/validate.py)."""
    problem = position_problem(state)
    assert problem is None, problem


#: prices in coins (RULES.md R-BASE-4, R-VOY-1, R-VOY-5, R-VOY-6, R-VOY-11)
THIRD_FIELD = {"classic": {4: 3, 5: 3, 6: 2, 7: 2}, "voyage": {3: 3, 4: 3, 5: 3}}
HARBOR, COLONY_FIELD, SHIP = 2, 2, 3
#: R-VOY-17: of a raided cargo's coins the pirate gets half, rounded down (at most 4 coins)
LOOT = {0: 0, 1: 0, 2: 1, 3: 1, 4: 2}


def sale(state: GameState, island: int, cards: list[int]) -> int:
    if not cards:
        return 0
    return coins_for(state.islands[island].type.value, KINDS[KIND_OF[cards[0]]], len(cards))


def expected_coin_changes(before: GameState, after: GameState, a: Action) -> list[int] | None:
    """What each player's coin count must change by, or None if the game just ended."""
    n = len(before.players)
    delta = [0] * n
    if after.over and not before.over:
        return None  # the final harvest (R-BASE-18, R-VOY-18) is checked separately
    if isinstance(a, Harvest):
        h = before.players[a.player].holding(a.island)
        assert h is not None
        delta[a.player] = sale(before, a.island, h.fields[a.slot])
    elif isinstance(a, BuyField):
        third = THIRD_FIELD[before.mode.value][n]
        delta[a.player] = -(third if a.island == a.player else COLONY_FIELD)
    elif isinstance(a, BuyHarbor):
        delta[a.player] = -HARBOR
    elif isinstance(a, BuyShip):
        delta[a.player] = -SHIP
    elif isinstance(a, RaidShip):
        cargo = before.ships[a.ship].cargo
        coins = coins_for("home", KINDS[KIND_OF[cargo[0]]], len(cargo))  # the normal beanometer
        delta[a.player] = LOOT[coins]
        delta[before.ships[a.ship].owner] = coins - LOOT[coins]
    return delta


def final_harvest(before: GameState) -> list[int]:
    return [
        sum(sale(before, h.island, f) for h in p.holdings for f in h.fields) for p in before.players
    ]


def check_coins(before: GameState, after: GameState, a: Action) -> None:
    delta = [
        len(q.coins) - len(p.coins) for p, q in zip(before.players, after.players, strict=True)
    ]
    expected = expected_coin_changes(before, after, a)
    if expected is None:
        # the game ended in this step: only the final harvest adds coins, after what the
        # step itself did (a harvest, or nothing): check the final total against the fields
        # just before the end, which only this action can have changed
        assert all(d >= 0 for d in delta), f"{a}: coins lost at the end"
        return
    assert delta == expected, f"{a}: coins changed by {delta}, expected {expected}"


def check_view(state: GameState, player: int, rng: random.Random) -> None:
    """D-9: nothing hidden shows in ``view(state, player)``; everything public does."""
    v = view(state, player)
    forbidden = set(state.deck) | set(state.discard[:-1])
    for p, pl in enumerate(state.players):
        forbidden |= set(pl.coins)
        if p != player:
            forbidden |= set(pl.hand)
    for o in state.offers:  # offered cards and answers are shown at the table
        forbidden -= set(o.give)
        for cards in o.answers.values():
            forbidden -= set(cards)
    shown = set(v.all_cards()) - {HIDDEN}
    assert not shown & forbidden, f"view of {player} shows hidden cards {shown & forbidden}"
    assert len(v.deck) == len(state.deck) and len(v.discard) == len(state.discard)
    assert v.discard[-1:] == state.discard[-1:]
    for p, (vp, sp) in enumerate(zip(v.players, state.players, strict=True)):
        assert len(vp.hand) == len(sp.hand) and len(vp.coins) == len(sp.coins)
        assert vp.holdings == sp.holdings and vp.store == sp.store
        assert vp.kept == sp.kept and vp.received == sp.received
        if p == player:
            assert vp.hand == sp.hand
    assert v.ships == state.ships and v.face_up == state.face_up and v.offers == state.offers
    assert v.offered == state.offered and v.discarded == state.discarded  # D-12
    assert (v.phase, v.active, v.exhaustions, v.turn) == (
        state.phase,
        state.active,
        state.exhaustions,
        state.turn,
    )
    if not state.over:
        assert v.seed != state.seed, "D-9: the seed gives the deck away"
    if rng.random() > 0.1:
        return
    # a determinization is a full state that agrees with the view
    d = determinize(v, rng)
    assert sorted(d.all_cards()) == deck_ids(state)
    assert d.players[player].hand == state.players[player].hand
    assert d.face_up == state.face_up and d.discard[-1:] == state.discard[-1:]


#: actions ``legal_actions`` leaves out by design (rules/moves.py: too many to list)
UNLISTED = (MakeOffer, Accept, Confirm)


def source(state: GameState, card: int) -> str:
    """The pile a card lies in, as the move list tells interchangeable cards apart."""
    for p in state.players:
        for name, cards in (("kept", p.kept), ("received", p.received), ("hand", p.hand)):
            if card in cards:
                return name
        for h in p.holdings:
            if card in h.kontor:
                return f"kontor {h.island}"
    for i, sh in enumerate(state.ships):
        if card in sh.cargo:
            return f"ship {i}"
    if card in state.offered:
        return "offered"
    return "face up" if card in state.face_up else "?"


def listed(state: GameState, a: Action, legal: list[Action]) -> bool:
    """Is the legal action ``a`` in ``legal``, or represented there (rules/moves.py)?

    The list names one card of a kind per pile and place, and pays from the
    pirate store with one payment; every other variant is listed as it is.
    """
    if a in legal:
        return True
    same = [b for b in legal if type(b) is type(a) and b.player == a.player]
    if isinstance(a, BuyPirateShip):
        return bool(same)
    if isinstance(a, RaidShip):
        return any(isinstance(b, RaidShip) and b.ship == a.ship for b in same)
    if isinstance(a, Sail):
        return any(
            isinstance(b, Sail) and {*b.ships} == {*a.ships} and b.island == a.island for b in same
        )
    if isinstance(a, Load):
        return any(
            isinstance(b, Load)
            and b.ship == a.ship
            and len(b.cards) == len(a.cards)
            and KIND_OF[b.cards[0]] == KIND_OF[a.cards[0]]
            for b in same
        )
    if isinstance(a, Discard):
        after = discarded_row(state, a)
        return any(isinstance(b, Discard) and discarded_row(state, b) == after for b in legal)

    def like(b: Action, card: int, b_card: int) -> bool:
        same_card = KIND_OF[b_card] == KIND_OF[card] and source(state, b_card) == source(
            state, card
        )
        return same_card and all(
            getattr(b, f) == getattr(a, f) for f in ("island", "slot", "victim") if hasattr(a, f)
        )

    if isinstance(a, Plant | Keep | ToStore | KontorToField | RaidKontor):
        return any(like(b, a.card, b.card) for b in same)  # type: ignore[attr-defined]
    return False


def discarded_row(state: GameState, a: Discard) -> tuple[list[int], list[int]]:
    """The kinds left in the hand and on offer after ``a``: discards that agree are alike."""
    hand = [c for c in state.players[a.player].hand if c != a.card]
    offered = sorted(KIND_OF[c] for c in state.offered if c != a.card)
    return [KIND_OF[c] for c in hand], offered


# -- random actions ------------------------------------------------------------------------


def tradeable(state: GameState, player: int) -> list[int]:
    p = state.players[player]
    cards = p.hand[:]
    if player == state.active:
        cards += state.face_up
    for h in p.holdings:
        cards += h.kontor
    return cards


def random_trade(state: GameState, rng: random.Random, offers_made: int) -> Action | None:
    n = len(state.players)
    roll = rng.random()
    open_offers = state.offers
    if open_offers and roll < 0.5:
        o = rng.choice(open_offers)
        if rng.random() < 0.2:
            return Withdraw(o.proposer, o.id)
        if o.answers and o.to is None and rng.random() < 0.6:
            return Confirm(o.proposer, o.id, rng.choice(sorted(o.answers)))
        p = rng.choice(o.addressees(n))
        pool = tradeable(state, p)
        rng.shuffle(pool)
        give: list[int] = []
        for k in o.want:
            match = next((c for c in pool if KIND_OF[c] == k and c not in give), None)
            if match is None and pool and rng.random() < 0.3:
                match = pool[0]  # a wrong kind: must be refused
            if match is not None:
                give.append(match)
        return Accept(p, o.id, tuple(give))
    if offers_made >= MAX_OFFERS:
        return None
    p = state.active if rng.random() < 0.6 else rng.randrange(n)
    if p == state.active:
        to: int | None = rng.choice([None, *[q for q in range(n) if q != p]])
    else:
        to = state.active if rng.random() < 0.85 else rng.choice([None, *range(n)])
    pool = tradeable(state, p)
    give = rng.sample(pool, min(len(pool), rng.randint(0, 2)))
    kinds = setup(state).deck_kinds
    want = [rng.choice(kinds) for _ in range(rng.randint(0 if give else 1, 2))]
    return MakeOffer(p, to, tuple(give), tuple(want))


def variant(state: GameState, a: Action, rng: random.Random) -> Action:
    """Another form of a listed action that the list leaves out (more beans, other payers)."""
    p = state.players[a.player]
    if isinstance(a, Load):
        h = p.holding(state.ships[a.ship].island)
        assert h is not None
        same = [c for c in h.kontor if KIND_OF[c] == KIND_OF[a.cards[0]]]
        return Load(a.player, a.ship, tuple(rng.sample(same, rng.randint(1, len(same)))))
    if isinstance(a, Unload):
        return Unload(a.player, a.ship, rng.randint(1, len(state.ships[a.ship].cargo)))
    if isinstance(a, (BuyPirateShip, RaidShip, RaidKontor)):
        pay = tuple(rng.sample(p.store, 5))
        if isinstance(a, BuyPirateShip):
            return BuyPirateShip(a.player, pay)
        if isinstance(a, RaidShip):
            return RaidShip(a.player, a.ship, pay)
        return RaidKontor(a.player, a.victim, a.card, a.island, a.slot, pay)
    if isinstance(a, Discard):
        pool = state.offered if a.card in state.offered else p.hand
        alike = [
            c for c in pool if discarded_row(state, Discard(a.player, c)) == discarded_row(state, a)
        ]
        return Discard(a.player, rng.choice(alike))
    if isinstance(a, Plant) and state.phase is Phase.PLANT_TRADED:
        same = [c for c in p.kept + p.received if KIND_OF[c] == KIND_OF[a.card]]
        return Plant(a.player, rng.choice(same), a.island, a.slot)
    if isinstance(a, Sail):
        ships = [i for i in state.ships_of(a.player) if not state.ships[i].sailed]
        if len(ships) == 2:
            return Sail(a.player, tuple(rng.sample(ships, 2)), a.island)
    if isinstance(a, ToStore):
        for s in state.ships:
            if a.card in s.cargo:
                return ToStore(a.player, rng.choice(s.cargo))
    return a


def random_junk(state: GameState, rng: random.Random) -> Action:
    """Any action with arbitrary arguments: mostly illegal, sometimes not."""
    n = len(state.players)
    players = [*range(n), -1, n]
    p = rng.choice(players) if rng.random() < 0.1 else rng.randrange(n)
    cards = [HIDDEN, 999, *rng.sample(range(154), 4)]
    for pl in state.players:  # real cards are the interesting ones
        for pile in (pl.hand, pl.kept, pl.received, pl.store, *[h.kontor for h in pl.holdings]):
            cards += pile[:2]
    cards += state.face_up + state.offered
    card = rng.choice(cards)
    isl = rng.randrange(-1, len(state.islands) + 1)
    slot = rng.choice([KONTOR, 0, 1, 2, 3, -2])
    ship = rng.randrange(-1, len(state.ships) + 1)
    offer = rng.randrange(0, state.next_offer + 1)
    pay = tuple(rng.sample(cards, min(len(cards), 5)))
    if state.players[p % n].store and rng.random() < 0.5:
        pay = tuple(state.players[p % n].store[:5])
    t = rng.choice(ALL_TYPES)
    if t is Plant:
        return Plant(p, card, isl, slot)
    if t is Harvest:
        return Harvest(p, isl, slot)
    if t is BuyField:
        return BuyField(p, isl)
    if t is EndPhase:
        return EndPhase(p)
    if t is Keep:
        return Keep(p, card)
    if t is Discard:
        return Discard(p, card)
    if t is MakeOffer:
        to = rng.choice([None, *players])
        want = tuple(rng.randrange(-1, len(KINDS) + 1) for _ in range(rng.randint(0, 2)))
        return MakeOffer(p, to, tuple(rng.sample(cards, rng.randint(0, 2))), want)
    if t is Accept:
        return Accept(p, offer, tuple(rng.sample(cards, rng.randint(0, 2))))
    if t is Decline:
        return Decline(p, offer)
    if t is Confirm:
        return Confirm(p, offer, rng.choice(players))
    if t is Withdraw:
        return Withdraw(p, offer)
    if t is ChooseIsland:
        return ChooseIsland(p, isl)
    if t is BuyHarbor:
        return BuyHarbor(p, isl)
    if t is BuyShip:
        return BuyShip(p)
    if t is BuyPirateShip:
        return BuyPirateShip(p, pay)
    if t is Sail:
        ships = tuple(rng.randrange(-1, len(state.ships) + 1) for _ in range(rng.randint(0, 3)))
        return Sail(p, ships, isl)
    if t is Load:
        return Load(p, ship, tuple(rng.sample(cards, rng.randint(0, 3))))
    if t is Unload:
        return Unload(p, ship, rng.randint(-1, 4))
    if t is ToStore:
        return ToStore(p, card)
    if t is KontorToField:
        return KontorToField(p, card, slot)
    if t is RaidKontor:
        return RaidKontor(p, rng.choice(players), card, isl, slot, pay)
    return RaidShip(p, ship, pay)


# -- one game ----------------------------------------------------------------------------------------


def play(mode: str, n: int, seed: int) -> None:
    rng = random.Random(seed)
    names = NAMES[:n]
    state = engine.new_game(mode, names, seed)
    ids = deck_ids(state)
    assert len(ids) == setup(state).deck_size
    log: list[Action] = []
    #: the state before each applied action (the previous one's result), then the end
    snapshots: list[GameState] = []
    #: a copy of the state as it is now: refused actions must leave it so
    current = state.copy()
    offers_made, offers_turn = 0, state.turn
    view_every = rng.choice([2, 3, 4])
    for _attempt in range(MAX_ATTEMPTS):
        if state.over:
            break
        if state.turn != offers_turn:
            offers_made, offers_turn = 0, state.turn
        action: Action | None = None
        from_list = False
        roll = rng.random()
        if roll < 0.08:
            action = random_junk(state, rng)
        elif state.phase is Phase.TRADE and roll < 0.4:
            action = random_trade(state, rng, offers_made)
        if action is None:
            pending = engine.pending_players(state)
            assert pending, "the game waits for nobody"
            p = rng.choice(pending) if rng.random() < 0.9 else rng.randrange(n)
            legal = engine.legal_actions(state, p)
            if not legal:
                assert p not in pending, f"{names[p]} is awaited but can do nothing"
                continue
            action = rng.choice(legal)
            from_list = True
            if rng.random() < 0.3:
                other = variant(state, action, rng)
                from_list = other == action
                action = other
        refusal = engine.check(state, action)
        if refusal is not None:
            with pytest.raises(IllegalAction) as info:
                engine.apply(state, action)
            assert info.value.refusal == refusal
            assert str(refusal).startswith(refusal.rule + ": ") and refusal.reason
            assert state == current, f"refused {action} changed the state"
            continue
        if not from_list and not isinstance(action, UNLISTED):
            legal = engine.legal_actions(state, action.player)
            assert listed(state, action, legal), f"legal {action} missing from legal_actions"
        before = current
        events = engine.apply(state, action)
        for e in events:
            assert str(e)
        if isinstance(action, MakeOffer):
            offers_made += 1
        log.append(action)
        snapshots.append(before)
        current = state.copy()
        check_position(state)
        check_coins(before, state, action)
        if state.over:
            check_final(before, state, action)
        if len(log) % view_every == 0:
            check_view(state, rng.randrange(n), rng)
    else:
        raise AssertionError(f"{mode} {n} seed {seed}: no end after {MAX_ATTEMPTS} attempts")
    assert state.over, f"{mode} {n} seed {seed} did not end"
    assert engine.pending_players(state) == []
    assert all(engine.legal_actions(state, p) == [] for p in range(n))
    assert state.exhaustions == setup(state).exhaustion_limit
    assert all(not f for p in state.players for h in p.holdings for f in h.fields)
    ranking = engine.standings(state)
    assert sorted(r.player for r in ranking) == list(range(n))
    assert ranking[0].rank == 1
    keys = [(-r.coins, -r.hand) for r in ranking]
    assert keys == sorted(keys)
    # the same seed and actions replay to the same states (R-BASE-1)
    again = engine.new_game(mode, names, seed)
    for i, a in enumerate(log):
        assert again == snapshots[i], f"replay differs before action {i}: {a}"
        engine.apply(again, a)
    assert again == state, "replay differs at the end"


def check_final(before: GameState, after: GameState, a: Action) -> None:
    """R-BASE-18 / R-VOY-18: the final harvest sells every field, nothing else pays."""
    if isinstance(a, Harvest):
        # cannot happen: a harvest never ends the game
        raise AssertionError("a harvest ended the game")
    gained = [
        len(q.coins) - len(p.coins) for p, q in zip(before.players, after.players, strict=True)
    ]
    # fields may change between ``before`` and the end only by the planting action itself
    mid = before.copy()
    if isinstance(a, Plant):
        h = mid.players[a.player].holding(a.island)
        assert h is not None
        if a.slot != KONTOR:
            h.fields[a.slot].append(a.card)
    assert gained == final_harvest(mid), f"final harvest {gained} != {final_harvest(mid)}"


@pytest.mark.parametrize(("mode", "n"), CONFIGS)
@settings(
    max_examples=PER_CONFIG,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_games(mode: str, n: int, seed: int) -> None:
    """Random legal games with trades and junk: invariants at every step, a replayable log."""
    play(mode, n, seed)
