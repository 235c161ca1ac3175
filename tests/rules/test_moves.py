"""The move list is complete (in the manner of OpenSpiel's RandomSimTest).

At positions of many random games (offers open, both modes, every player
count, the Bean Duel included), every action ``engine.check`` accepts among a broad enumeration of
candidate actions (every action type, with every plausible argument, built
here without the move generator) must be listed by ``engine.legal_actions``
or represented there: the same type, player and place, a card of the same kind
from the same pile (the rule of ``rules/moves.py``). Everything listed must pass
``check``, and each group of interchangeable actions is listed exactly once.
New offers, acceptances and confirmations are left out by that rule.

``BOHNANZA_MOVES_GAMES`` sets the games per set-up (default 4); run with
``pytest -s`` to see the figures (positions and actions checked).
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Hashable, Iterator

import pytest

from bohnanza_tui.modes import PLAYER_COUNTS
from bohnanza_tui.rules import engine, moves
from bohnanza_tui.rules.actions import (
    Action,
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    KontorToField,
    Load,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
    Withdraw,
)
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.state import KIND_OF, KONTOR, GameState

GAMES = int(os.environ.get("BOHNANZA_MOVES_GAMES", "4"))
#: a position is examined with this chance after each action (offers open: OFFERS_SAMPLE)
SAMPLE = 0.03
OFFERS_SAMPLE = 0.1
SETUPS = [(mode, n) for mode in ("classic", "voyage") for n in PLAYER_COUNTS[mode]]


# -- where a card lies, and the key that makes actions interchangeable ------------------------


def pile(state: GameState, card: int) -> Hashable:
    """The pile ``card`` lies in: interchangeable cards are of one kind from one pile."""
    for p, pl in enumerate(state.players):
        if card in pl.hand:
            return ("hand", p, pl.hand.index(card) == 0)
        if card in pl.kept:
            return ("kept", p)
        if card in pl.received:
            return ("received", p)
        for h in pl.holdings:
            if card in h.kontor:
                return ("kontor", p, h.island)
    for i, s in enumerate(state.ships):
        if card in s.cargo:
            return ("ship", i)
    if card in state.face_up:
        return ("face up",)
    if card in state.offered:
        return ("offered",)
    return ("elsewhere",)


def key(state: GameState, a: Action) -> Hashable:
    """What makes two actions interchangeable (the payment from the store is not part of it)."""
    if isinstance(a, Plant | Keep | ToStore | KontorToField):
        where = (a.island, a.slot) if isinstance(a, Plant) else getattr(a, "slot", None)
        return (type(a), a.player, KIND_OF[a.card], pile(state, a.card), where)
    if isinstance(a, Discard) and a.card in state.players[a.player].hand:
        # any card of a run of one kind leaves the same row of kinds in the hand
        row = [KIND_OF[c] for c in state.players[a.player].hand if c != a.card]
        return (Discard, a.player, tuple(row))
    if isinstance(a, Discard):
        return (Discard, a.player, KIND_OF[a.card], pile(state, a.card))
    if isinstance(a, Load):
        return (Load, a.player, a.ship, KIND_OF[a.cards[0]], len(a.cards))
    if isinstance(a, Sail):
        return (Sail, a.player, frozenset(a.ships), a.island)
    if isinstance(a, BuyPirateShip):
        return (BuyPirateShip, a.player)
    if isinstance(a, RaidShip):
        return (RaidShip, a.player, a.ship)
    if isinstance(a, RaidKontor):
        return (
            RaidKontor,
            a.player,
            a.victim,
            KIND_OF[a.card],
            pile(state, a.card),
            a.island,
            a.slot,
        )
    return a


# -- the broad enumeration, independent of the generator ---------------------------------------


def loose_cards(state: GameState) -> list[int]:
    """Every card a player could name: hands, kept, received, face up, Kontors, cargo, stores."""
    out = list(state.face_up) + state.offered
    for pl in state.players:
        out += pl.hand + pl.kept + pl.received + pl.store
        for h in pl.holdings:
            out += h.kontor
    for s in state.ships:
        out += s.cargo
    return out


def payments(state: GameState, player: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Every 5-bean payment from the store when few, else a sample of them; plus a short one."""
    store = state.players[player].store
    combos = list(itertools.combinations(store, 5))
    if len(combos) > 8:
        combos = rng.sample(combos, 8)
    return [*combos, tuple(store[:4])]


def broad(state: GameState, player: int, rng: random.Random) -> Iterator[Action]:
    """Every action type but offers, acceptances and confirmations, with plausible arguments."""
    cards = loose_cards(state)
    islands = range(len(state.islands))
    slots = (KONTOR, 0, 1, 2)
    ships = range(len(state.ships))
    yield EndPhase(player)
    for i in islands:
        yield ChooseIsland(player, i)
        yield BuyField(player, i)
        yield BuyHarbor(player, i)
        for s in slots:
            yield Harvest(player, i, s)
            for c in cards:
                yield Plant(player, c, i, s)
    for c in cards:
        yield Keep(player, c)
        yield Discard(player, c)
        yield ToStore(player, c)
        for s in slots:
            yield KontorToField(player, c, s)
    for o in range(state.next_offer + 1):
        yield Decline(player, o)
        yield Withdraw(player, o)
    if state.mode.value != "voyage":
        return
    yield BuyShip(player)
    pays = payments(state, player, rng)
    for pay in pays:
        yield BuyPirateShip(player, pay)
    for ship in ships:
        for other in ships:
            for i in islands:
                yield Sail(player, (ship,) if ship == other else (ship, other), i)
        yield from (Unload(player, ship, n) for n in range(len(state.ships[ship].cargo) + 2))
        kontors = [c for h in state.players[player].holdings for c in h.kontor]
        for size in range(1, len(kontors) + 1):
            for cs in itertools.combinations(kontors, size):
                yield Load(player, ship, cs)
        for pay in pays:
            yield RaidShip(player, ship, pay)
    for v, vp in enumerate(state.players):
        for c in [c for h in vp.holdings for c in h.kontor]:
            for i in islands:
                for s in slots:
                    for pay in pays[:1]:
                        yield RaidKontor(player, v, c, i, s, pay)


# -- the test ------------------------------------------------------------------------------------


def examine(state: GameState, rng: random.Random, figures: dict[str, int]) -> None:
    figures["positions"] += 1
    figures["with offers"] += bool(state.offers)
    for player in range(len(state.players)):
        listed = engine.legal_actions(state, player)
        for a in listed:
            assert engine.check(state, a) is None, (
                f"listed {a} is refused: {engine.check(state, a)}"
            )
        keys = [key(state, a) for a in listed]
        assert len(set(keys)) == len(keys), f"a group listed twice: {listed}"
        known = set(keys)
        figures["listed"] += len(listed)
        for a in broad(state, player, rng):
            figures["actions checked"] += 1
            if engine.check(state, a) is None:
                figures["legal"] += 1
                assert key(state, a) in known, f"legal {a} is neither listed nor represented"


@pytest.mark.parametrize(("mode", "n"), SETUPS)
def test_every_legal_action_is_listed_or_represented(mode: str, n: int) -> None:
    """rules/moves.py's rule, checked against ``check`` over random games (D-10)."""
    figures = dict.fromkeys(("positions", "with offers", "actions checked", "legal", "listed"), 0)
    for g in range(GAMES):
        seed = 1000 * n + g
        rng = random.Random(seed)
        state = engine.new_game(mode, [f"P{i}" for i in range(n)], seed)
        player = RandomPlayer(random.Random(seed), harvest_rate=0.3)
        while not state.over:
            if rng.random() < (OFFERS_SAMPLE if state.offers else SAMPLE):
                examine(state, rng, figures)
            engine.apply(state, player.step(state))
        examine(state, rng, figures)  # over: nothing is listed, nothing is legal
        assert all(engine.legal_actions(state, p) == [] for p in range(n))
    print(f"\n{mode} {n}p move list:", ", ".join(f"{v:,} {k}" for k, v in figures.items()))
    assert figures["legal"] >= figures["listed"] > 0
    assert figures["with offers"] > 0 or n == 2  # no trading in the Bean Duel (R-DUEL-2)


@pytest.mark.parametrize("name", sorted(moves.FAMILIES))
def test_wide_families_hold_the_tight_ones(name: str) -> None:
    """A family's wide list (the app's options) holds its pre-filtered one."""
    for mode, n in (("classic", 4), ("voyage", 3), ("voyage", 5)):
        state = engine.new_game(mode, [f"P{i}" for i in range(n)], n)
        player = RandomPlayer(random.Random(n))
        while not state.over and state.turn < 40:
            for p in range(n):
                assert set(moves.family(state, p, name)) <= set(moves.family(state, p, name, True))
            engine.apply(state, player.step(state))
