"""Hand-made positions for the rules tests.

``make_state`` starts from ``engine.new_game`` and then moves chosen cards into
chosen places. Cards are named by kind (``"blue"``); the helper picks ids of
that kind from wherever they lie (the deck first), so every card of the mode's
deck stays in exactly one place. A pile's top is the end of its list (the deck
is drawn from its end), a hand's front is its start.

The module is named ``rules_helpers`` (not ``helpers``) so it cannot clash with
a helper module of another test folder under pytest's default import mode.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Action, EndPhase, Harvest, Plant
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import KIND_INDEX, KINDS
from bohnanza_tui.rules.outcome import IllegalAction, Refusal
from bohnanza_tui.rules.state import (
    CARDS_OF_KIND,
    KIND_OF,
    KONTOR,
    GameState,
    Holding,
    IslandType,
    Phase,
    Ship,
)
from bohnanza_tui.rules.validate import position_problem

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]

K = KIND_INDEX

#: a field, Kontor, hand... described by bean kinds, e.g. ``["blue", "blue"]``
Kinds = Sequence[str]


def kind(card: int) -> str:
    return KINDS[KIND_OF[card]]


def kinds(cards: Iterable[int]) -> list[str]:
    return [kind(c) for c in cards]


def island(state: GameState, name: str) -> int:
    """Index of a colony island by name (``"A1"``, ``"C1"``...)."""
    for i, isl in enumerate(state.islands):
        if isl.name == name and isl.type is not IslandType.HOME:
            return i
    raise KeyError(name)


def deck_ids(state: GameState) -> list[int]:
    """Every card id of the mode's deck, sorted."""
    return sorted(c for k in setup(state).deck_kinds for c in CARDS_OF_KIND[k])


def assert_cards_conserved(state: GameState) -> None:
    assert sorted(state.all_cards()) == deck_ids(state)


class _Builder:
    """Takes cards of a kind out of the state, keeping every card in one place."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        # cards placed by the builder must not be taken again
        self.placed: set[int] = set()

    def take(self, name: str) -> int:
        s = self.state
        k = K[name]
        # the deck is the neutral pool: take from there first
        for i in range(len(s.deck)):
            c = s.deck[i]
            if KIND_OF[c] == k and c not in self.placed:
                del s.deck[i]
                self.placed.add(c)
                return c
        # elsewhere: swap it with a pool card so sizes stay as they were
        for pile in self._piles():
            for i, c in enumerate(pile):
                if KIND_OF[c] == k and c not in self.placed:
                    j = next(j for j, d in enumerate(s.deck) if d not in self.placed)
                    pile[i] = s.deck.pop(j)
                    self.placed.add(c)
                    return c
        raise ValueError(f"no {name} card left to place (is it in this mode's deck?)")

    def take_all(self, names: Kinds) -> list[int]:
        return [self.take(n) for n in names]

    def _piles(self) -> list[list[int]]:
        s = self.state
        piles = [s.discard, s.face_up, s.offered]
        for p in s.players:
            piles += [p.hand, p.coins, p.kept, p.received, p.store]
            for h in p.holdings:
                piles.append(h.kontor)
                piles += h.fields
        piles += [sh.cargo for sh in s.ships]
        return piles


def make_state(
    mode: str = "classic",
    n: int = 4,
    *,
    seed: int = 1,
    hands: Mapping[int, Kinds] | None = None,
    fields: Mapping[int, Sequence[Kinds]] | None = None,
    coins: Mapping[int, int | Kinds] | None = None,
    deck: Kinds | None = None,
    deck_top: Kinds | None = None,
    discard: Kinds | None = None,
    leftover: str | int | None = None,
    face_up: Kinds | None = None,
    offered: Kinds | None = None,
    kept: Mapping[int, Kinds] | None = None,
    received: Mapping[int, Kinds] | None = None,
    harbors: Mapping[int, Sequence[str]] | None = None,
    colony_fields: Mapping[tuple[int, str], Sequence[Kinds]] | None = None,
    kontors: Mapping[tuple[int, str], Kinds] | None = None,
    ships: Mapping[int, tuple[str, Kinds]] | None = None,
    extra_ships: Sequence[tuple[int, str, Kinds]] = (),
    store: Mapping[int, Kinds] | None = None,
    pirate: Iterable[int] = (),
    phase: Phase | None = None,
    active: int | None = None,
    exhaustions: int | None = None,
) -> GameState:
    """A game of ``mode`` with ``n`` players, then the given cards put in place.

    - ``hands``/``fields``/``coins``/``kept``/``received``/``store`` by player;
      ``fields[p]`` lists every home field (two or three); ``coins[p]`` is a
      count or a list of kinds (bottom first).
    - ``deck_top``: these cards on top of the deck, the last one on top; the
      rest of the deck stays below. ``deck``: the exact deck (last = top).
    - ``discard``: the exact discard pile (last = top).
    - ``leftover``: where the cards not placed go when ``deck`` is exact:
      ``"discard"`` (the default, unless ``discard`` is exact too) or a player
      number (onto that player's coins, below the coins placed here).
    - voyage: ``harbors[p]`` island names where p owns a harbor (one field and
      a Kontor of 1 each, unless ``colony_fields[(p, name)]`` lists them);
      ``kontors[(p, "home" | name)]``; ``ships[i] = (where, cargo)`` moves
      ship ``i`` ("home" is its owner's home); ``extra_ships`` adds ships
      ``(owner, where, cargo)``; ``pirate`` players own a pirate ship.
    - Bean Duel (2 players): ``offered`` are the beans on offer to the active
      player (R-DUEL-4 step 1).
    """
    s = engine.new_game(mode, NAMES[:n], seed)
    b = _Builder(s)

    def where(owner: int, name: str) -> int:
        return owner if name == "home" else island(s, name)

    # put back what will be replaced, at the bottom of the deck
    for p in hands or {}:
        s.deck[:0] = s.players[p].hand
        s.players[p].hand = []
    for p, spec in (hands or {}).items():
        s.players[p].hand = b.take_all(spec)
    for p, spec_fields in (fields or {}).items():
        home = s.players[p].holdings[0]
        home.fields = [b.take_all(f) for f in spec_fields]
    for p, spec_c in (coins or {}).items():
        if isinstance(spec_c, int):
            s.players[p].coins = [b.take(kind(s.deck[0])) for _ in range(spec_c)]
        else:
            s.players[p].coins = b.take_all(spec_c)
    for p, names in (harbors or {}).items():
        for name in names:
            i = island(s, name)
            isl = s.islands[i]
            isl.harbors[isl.harbors.index(None)] = p
            s.players[p].holdings.append(Holding(i, [[]], [], setup(s).colony_kontor))
    for (p, name), spec_fields in (colony_fields or {}).items():
        h = s.players[p].holding(island(s, name))
        assert h is not None, f"player {p} has no harbor on {name}"
        h.fields = [b.take_all(f) for f in spec_fields]
    for (p, name), spec in (kontors or {}).items():
        h = s.players[p].holding(where(p, name))
        assert h is not None
        h.kontor = b.take_all(spec)
    for i, (name, cargo) in (ships or {}).items():
        s.ships[i].island = where(s.ships[i].owner, name)
        s.ships[i].cargo = b.take_all(cargo)
    for owner, name, cargo in extra_ships:
        s.ships.append(Ship(owner, where(owner, name), b.take_all(cargo)))
    for p, spec in (store or {}).items():
        s.players[p].store = b.take_all(spec)
    for p in pirate:
        s.players[p].pirate_ship = True
    for p, spec in (kept or {}).items():
        s.players[p].kept = b.take_all(spec)
    for p, spec in (received or {}).items():
        s.players[p].received = b.take_all(spec)
    if face_up is not None:
        s.face_up = b.take_all(face_up)
    if offered is not None:
        s.offered = b.take_all(offered)
    if discard is not None:
        s.deck[:0] = s.discard
        s.discard = []
        s.discard = b.take_all(discard)
    if deck is not None:
        exact = b.take_all(deck)
        rest = s.deck
        s.deck = exact
        if leftover is None:
            leftover = "discard" if discard is None else None
        if leftover == "discard":
            s.discard[:0] = rest
        elif isinstance(leftover, int):
            s.players[leftover].coins[:0] = rest
        elif rest:
            raise ValueError("an exact deck and discard need leftover=<player>")
    elif deck_top is not None:
        top = b.take_all(deck_top)
        s.deck += top
    if active is not None:
        s.active = active
        s.turn = active + 1
        s.turn_island = active
    if phase is not None:
        s.phase = phase
    if exhaustions is not None:
        s.exhaustions = exhaustions
    assert_cards_conserved(s)
    return s


def seat(state: GameState, player: int) -> None:
    """Make ``player`` the active player, with the turn number and the turn's island to match."""
    state.active = player
    state.turn = player + 1
    state.turn_island = player


# -- asserting ----------------------------------------------------------------


def refused(state: GameState, action: Action, rule: str) -> Refusal:
    """``action`` is refused naming ``rule`` and the state is unchanged (D-10)."""
    before = state.copy()
    assert engine.check(state, action) is not None, f"{action} was allowed"
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, action)
    refusal = info.value.refusal
    assert refusal.rule == rule, f"{action}: {refusal}"
    assert str(refusal).startswith(f"{rule}: ")
    assert refusal.reason.strip()
    assert state == before
    return refusal


def ok(state: GameState, *actions: Action) -> None:
    """Apply legal actions (each must pass ``check``); each leaves a valid position (validate.py)."""
    for a in actions:
        r = engine.check(state, a)
        assert r is None, f"{a} refused: {r}"
        engine.apply(state, a)
        problem = position_problem(state)
        assert problem is None, problem


# -- playing along ----------------------------------------------------------------


def autoplant(state: GameState, player: int, card: int, island: int | None) -> None:
    """Plant ``card`` on a legal place (on ``island`` if given), harvesting first if needed."""
    for _ in range(10):
        plants = [
            a
            for a in engine.legal_actions(state, player)
            if isinstance(a, Plant) and a.card == card and (island is None or a.island == island)
        ]
        fields = [a for a in plants if a.slot != KONTOR]
        if plants:
            ok(state, (fields or plants)[0])
            return
        harvests = [a for a in engine.legal_actions(state, player) if isinstance(a, Harvest)]
        harvests = [a for a in harvests if island is None or a.island == island]
        ok(state, harvests[0])
    raise AssertionError("could not plant")


def end_turn(state: GameState, turn: int) -> None:
    """End turn number ``turn`` by ``EndPhase`` as often as needed (if it has not ended).

    The engine may move on by itself where nothing is left to do (an empty
    hand skips phase 1, a classic phase 3 ends when every bean is planted);
    the rules do not say who presses on, so the tests accept both.
    """
    for _ in range(4):
        if state.over or state.turn != turn:
            return
        ok(state, EndPhase(state.active))
    raise AssertionError("the turn did not end")


def end_until(state: GameState, phase: Phase) -> None:
    """``EndPhase`` until ``phase`` is reached (the engine may have got there by itself)."""
    order = [Phase.PLANT, Phase.TRADE, Phase.PLANT_TRADED]
    while state.phase is not phase:
        assert state.phase in order and order.index(state.phase) < order.index(phase), state.phase
        ok(state, EndPhase(state.active))


def finish_turn(state: GameState) -> None:
    """Play the active player's turn to its end the quickest legal way (one bean, no trades)."""
    p = state.active
    turn = state.turn
    for _ in range(50):
        if state.over or state.turn != turn:
            return
        player = state.players[p]
        if state.phase is Phase.PLANT and state.planted == 0 and player.hand:
            autoplant(state, p, player.hand[0], state.turn_island)
        elif state.phase is Phase.PLANT_TRADED and player.kept:
            autoplant(state, p, player.kept[0], state.turn_island)
        elif state.phase is Phase.PLANT_TRADED and any(q.received for q in state.players):
            q = next(i for i, q in enumerate(state.players) if q.received)
            autoplant(state, q, state.players[q].received[0], None)
        else:
            ok(state, EndPhase(p))
    raise AssertionError("the turn did not end")
