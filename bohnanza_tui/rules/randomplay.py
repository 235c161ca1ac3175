"""Random legal play, trades included: for benchmarks, property tests and the floor bot.

The moves come from the one move list (``moves``): a family at a time for the
random player's proposals, all of it for a uniform pick. The list leaves new
offers, answers and confirmations out (there are too many); this module makes
random ones and keeps only those that ``engine.check`` accepts, so every part
of the turn is exercised.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeVar

from . import common, moves
from .actions import (
    Accept,
    Action,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    MakeOffer,
    Plant,
)
from .common import setup
from .data import KINDS
from .engine import check, pending_players
from .moves import Spec, build, candidates, family
from .state import CHOOSE_ISLAND, KIND_OF, PLANT, TRADE, VOYAGE, GameState
from .trading import owes_answer, tradeable

T = TypeVar("T")

#: offers the active player makes at most per turn in random play
MAX_OFFERS: Final = 3
#: the families of voyage move a random player tries (``moves.FAMILIES``), repeats as weights
VOYAGE_MOVES: Final = (
    ("buy",) * 3
    + ("sail",) * 2
    + ("load", "unload")
    + ("store",) * 3
    + (
        "move",
        "raid",
        "raid",
        "raid",
    )
)


def _pick(rng: random.Random, items: Sequence[T]) -> T:
    """A uniform pick, as ``rng.choice`` but without its Python-level helper calls."""
    return items[int(rng.random() * len(items))]


def matching(cards: list[int], want: list[int], rng: random.Random) -> tuple[int, ...] | None:
    """Cards out of ``cards`` whose kinds are exactly ``want``, picked at random; None if impossible."""
    pool = cards[:]
    out = []
    for k in want:
        fits = [c for c in pool if KIND_OF[c] == k]
        if not fits:
            return None
        c = _pick(rng, fits)
        pool.remove(c)
        out.append(c)
    return tuple(out)


def random_offer(state: GameState, player: int, rng: random.Random) -> MakeOffer | None:
    n = len(state.players)
    if player == state.active:
        to: int | None = _pick(rng, [None, *[p for p in range(n) if p != player]])
    else:
        to = state.active
    cards = tradeable(state, player)
    give = tuple(
        cards.pop(int(rng.random() * len(cards)))
        for _card in range(min(len(cards), int(rng.random() * 3)))
    )
    least = 0 if give else 1
    want = tuple(
        int(rng.random() * len(KINDS)) for _ in range(least + int(rng.random() * (3 - least)))
    )
    offer = MakeOffer(player, to, give, want)
    return offer if check(state, offer) is None else None


def random_answer(state: GameState, player: int, rng: random.Random) -> Action | None:
    n = len(state.players)
    for o in state.offers:
        if not owes_answer(o, player, n):
            continue
        if rng.random() < 0.5:
            give = matching(tradeable(state, player), o.want, rng)
            if give is not None:
                accept = Accept(player, o.id, give)
                if check(state, accept) is None:
                    return accept
        return Decline(player, o.id)
    return None


def random_legal(
    state: GameState, player: int, rng: random.Random, harvest_rate: float = 1.0
) -> Action:
    """One of the legal non-trade actions of ``player``, each equally likely.

    The first legal action of a random permutation of the candidates is a
    uniform pick among the legal ones, and costs far fewer checks than listing
    them all. With ``harvest_rate`` below 1 an optional harvest is considered
    only that often (a harvest that is the only legal action is always taken).
    """
    rand = rng.random
    with_harvests = harvest_rate >= 1.0 or rand() < harvest_rate
    pools = [candidates(state, player, with_harvests)]
    if not with_harvests:
        pools.append(family(state, player, "harvest"))
    for pool in pools:
        for i in range(len(pool) - 1, -1, -1):
            j = int(rand() * (i + 1))
            action: Action = build(pool[j])
            if check(state, action) is None:
                return action
            pool[j] = pool[i]
    raise ValueError(f"player {player} has no legal action")


class RandomPlayer:
    """Random legal play: proposes cheap random actions and keeps the first that ``check`` allows.

    Each decision draws a few proposals from a distribution shaped like a
    turn (plant, end the phase, keep, offer, answer, a voyage move, now and
    then a harvest); every proposal goes through ``engine.check``, so refused
    ones exercise the refusal path too. After ``TRIES`` refusals it falls back
    to a uniform pick among all legal actions, so it never gets stuck.
    """

    TRIES = 6

    def __init__(self, rng: random.Random, harvest_rate: float = 1.0) -> None:
        self.rng = rng
        self.harvest_rate = harvest_rate
        self._offers_turn = -1
        self._offers = 0

    def action_for(self, state: GameState, player: int) -> Action:
        rng = self.rng
        duel = setup(state).duel
        if state.phase is TRADE and not duel:
            trade = self._trade(state, player)
            if trade is not None:
                return trade
        for _ in range(self.TRIES):
            action = self._propose(state, player, duel)
            if action is not None and check(state, action) is None:
                return action
        return random_legal(state, player, rng, self.harvest_rate)

    def step(self, state: GameState) -> Action:
        """An action some pending player may take now."""
        pending = pending_players(state)
        player = pending[0] if len(pending) == 1 else pending[int(self.rng.random() * len(pending))]
        return self.action_for(state, player)

    # -- proposals ---------------------------------------------------------------

    def _trade(self, state: GameState, player: int) -> Action | None:
        rng = self.rng
        answer = random_answer(state, player, rng)
        if answer is not None:
            return answer
        if player == state.active:
            for o in state.offers:
                if o.proposer == player and o.answers and rng.random() < 0.7:
                    return Confirm(player, o.id, _pick(rng, sorted(o.answers)))
        if self._offers_turn != state.turn:
            self._offers_turn, self._offers = state.turn, 0
        if self._offers < MAX_OFFERS and rng.random() < 0.3:
            self._offers += 1
            return random_offer(state, player, rng)
        return None

    def _propose(self, state: GameState, player: int, duel: bool) -> Action | None:
        rng = self.rng
        r = rng.random()
        p = state.players[player]
        if r < self.harvest_rate * 0.5:
            return self._harvest(state, player, None)
        phase = state.phase
        if phase is CHOOSE_ISLAND:
            return self._one(family(state, player, "choose_island"))
        if state.mode is VOYAGE and player == state.active and r > 0.6:
            name = VOYAGE_MOVES[int(rng.random() * len(VOYAGE_MOVES))]
            return self._one(family(state, player, name))
        if duel and player == state.active:
            return self._duel(state, player)
        if phase is PLANT:
            if state.planted and r > 0.6:
                return EndPhase(player)
            return self._plant(state, player, p.hand[0], state.turn_island)
        if phase is TRADE:
            if state.face_up and r > 0.5:
                return Keep(player, _pick(rng, state.face_up))
            return EndPhase(player)
        if p.kept:
            return self._plant(state, player, _pick(rng, p.kept), state.turn_island)
        if p.received:
            return self._plant(state, player, _pick(rng, p.received), None)
        return EndPhase(player)

    def _duel(self, state: GameState, player: int) -> Action | None:
        """A Bean Duel move (R-DUEL-4): the offered beans, phase 1 and the discard, the turned-up beans."""
        rand = self.rng.random
        if state.phase is PLANT:
            if state.offered:  # planted where it fits, else (and now and then) discarded
                card = _pick(self.rng, state.offered)
                places = common.places(state, player, card, state.turn_island)
                if not places or rand() < 0.4:
                    return Discard(player, card)
                i, slot = _pick(self.rng, places)
                return Plant(player, card, i, slot)
            hand = state.players[player].hand
            free = bool(hand) and not state.discarded
            if free and state.planted < 2 and (state.planted == 0 or rand() < 0.5):
                return self._plant(state, player, hand[0], state.turn_island)
            if free and state.planted and rand() < 0.5:
                return Discard(player, _pick(self.rng, hand))
            return EndPhase(player)
        if state.face_up and rand() < 0.5:  # a turned-up bean, where it fits (none is required)
            card = _pick(self.rng, state.face_up)
            places = common.places(state, player, card, state.turn_island)
            if places:
                i, slot = _pick(self.rng, places)
                return Plant(player, card, i, slot)
        return EndPhase(player)

    def _one(self, specs: list[Spec]) -> Action | None:
        """One of ``specs``, built, each equally likely; None if there are none."""
        return build(_pick(self.rng, specs)) if specs else None

    def _plant(self, state: GameState, player: int, card: int, island: int | None) -> Action | None:
        """Plant where the bean fits; if it fits nowhere, harvest first (R-BASE-7)."""
        places = common.places(state, player, card, island)
        if not places:
            return self._harvest(state, player, island)
        i, slot = _pick(self.rng, places)
        return Plant(player, card, i, slot)

    def _harvest(self, state: GameState, player: int, island: int | None) -> Action | None:
        fields = moves.harvestable(state, player, False)
        if island is not None:
            fields = [f for f in fields if f[0] == island]
        if not fields:
            return None
        i, slot = _pick(self.rng, fields)
        return Harvest(player, i, slot)
