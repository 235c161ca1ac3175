"""Uniformly random legal play, trades included: for benchmarks, property tests and the floor bot.

``legal_actions`` leaves trades out (there are too many); this module makes
random offers, answers, donations and confirmations and keeps only those that
``engine.check`` accepts, so every part of the turn is exercised.
"""

from __future__ import annotations

import random

from .actions import Accept, Action, Confirm, Decline, EndPhase, Harvest, MakeOffer
from .data import KINDS
from .engine import Spec, candidate_specs, check, pending_players
from .state import KIND_OF, TRADE, GameState

#: offers the active player makes at most per turn in random play
MAX_OFFERS = 3


def tradeable(state: GameState, player: int) -> list[int]:
    """Cards ``player`` could give in a trade right now."""
    p = state.players[player]
    cards = p.hand[:]
    if player == state.active:
        cards += state.face_up
    for h in p.holdings:
        cards += h.kontor
    return cards


def matching(cards: list[int], want: list[int], rng: random.Random) -> tuple[int, ...] | None:
    """Cards out of ``cards`` whose kinds are exactly ``want``, picked at random; None if impossible."""
    pool = cards[:]
    rng.shuffle(pool)
    out = []
    for k in want:
        for c in pool:
            if KIND_OF[c] == k:
                pool.remove(c)
                out.append(c)
                break
        else:
            return None
    return tuple(out)


def random_offer(state: GameState, player: int, rng: random.Random) -> MakeOffer | None:
    n = len(state.players)
    if player == state.active:
        to: int | None = rng.choice([None, *[p for p in range(n) if p != player]])
    else:
        to = state.active
    cards = tradeable(state, player)
    give = tuple(rng.sample(cards, min(len(cards), rng.randint(0, 2))))
    want = tuple(rng.randrange(len(KINDS)) for _ in range(rng.randint(0 if give else 1, 2)))
    offer = MakeOffer(player, to, give, want)
    return offer if check(state, offer) is None else None


def random_answer(state: GameState, player: int, rng: random.Random) -> Action | None:
    for o in state.offers:
        if (
            player in o.addressees(len(state.players))
            and player not in o.answers
            and player not in o.declined
        ):
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
    candidates = candidate_specs(state, player)
    harvests: list[Spec] = []
    if harvest_rate < 1.0 and rng.random() >= harvest_rate:
        harvests = [c for c in candidates if c[0] is Harvest]
        candidates = [c for c in candidates if c[0] is not Harvest]
    for pool in (candidates, harvests):
        rand = rng.random
        for i in range(len(pool) - 1, -1, -1):
            j = int(rand() * (i + 1))
            spec = pool[j]
            action: Action = spec[0](*spec[1:])
            if check(state, action) is None:
                return action
            pool[j] = pool[i]
    raise ValueError(f"player {player} has no legal action")


class RandomPlayer:
    """Picks a pending player and one of its legal actions at random, trading now and then."""

    def __init__(self, rng: random.Random, harvest_rate: float = 1.0) -> None:
        self.rng = rng
        self.harvest_rate = harvest_rate
        self._offers_turn = -1
        self._offers = 0

    def action_for(self, state: GameState, player: int) -> Action:
        rng = self.rng
        if state.phase is TRADE:
            answer = random_answer(state, player, rng)
            if answer is not None:
                return answer
            if player == state.active:
                for o in state.offers:
                    if o.proposer == player and o.answers and rng.random() < 0.7:
                        return Confirm(player, o.id, rng.choice(sorted(o.answers)))
            if self._offers_turn != state.turn:
                self._offers_turn, self._offers = state.turn, 0
            if self._offers < MAX_OFFERS and rng.random() < 0.3:
                self._offers += 1
                offer = random_offer(state, player, rng)
                if offer is not None:
                    return offer
        if player == state.active and state.phase is TRADE and rng.random() < 0.3:
            return EndPhase(player)
        return random_legal(state, player, rng, self.harvest_rate)

    def step(self, state: GameState) -> Action:
        """An action some pending player may take now."""
        pending = pending_players(state)
        player = pending[0] if len(pending) == 1 else self.rng.choice(pending)
        return self.action_for(state, player)
