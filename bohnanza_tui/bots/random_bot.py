"""Level ``random``: uniformly random legal play, with some random trading.

The floor for tournaments and the fuzzer for tests. Each call picks uniformly
among ``engine.legal_actions``; now and then it also makes a random offer
(active player, phase 2) or accepts an offer with random matching cards, so
that trading is exercised. Its offers per turn are bounded, and after many
actions in one turn it only plants or ends the phase, so a game always ends.
"""

from __future__ import annotations

import random
from collections import Counter

from ..rules import engine, trading
from ..rules.actions import Accept, Action, Confirm, Decline, EndPhase, MakeOffer, Plant, Withdraw
from ..rules.common import setup
from ..rules.outcome import Event
from ..rules.state import KIND_OF, GameState, Phase
from .base import is_legal, known_view, unanswered

OFFER_CHANCE = 0.15
ACCEPT_CHANCE = 0.5
MAX_OFFERS = 2
PATIENCE = 40


class RandomBot:
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._turn = -1
        self._offers = 0
        self._actions = 0

    def remark(self) -> Event | None:
        """A random player gives no reasons."""
        return None

    def act(self, view: GameState, player: int) -> Action:
        if view.turn != self._turn:
            self._turn, self._offers, self._actions = view.turn, 0, 0
        self._actions += 1
        rng = self.rng
        pending = unanswered(view, player)
        if pending:
            o = view.offer(pending[0])
            assert o is not None
            if rng.random() < ACCEPT_CHANCE:
                give = matching_cards(view, player, o.want, rng)
                if give is not None:
                    a: Action = Accept(player, o.id, give)
                    if is_legal(view, a):
                        return a
            return Decline(player, o.id)
        if view.phase is Phase.TRADE and player == view.active:
            for o in view.offers:
                if o.proposer == player and not trading.awaited(view, o):
                    choices: list[Action] = [Withdraw(player, o.id)]
                    choices += [Confirm(player, o.id, p) for p in o.answers]
                    for a in rng.sample(choices, len(choices)):
                        if is_legal(view, a):
                            return a
            if self._offers < MAX_OFFERS and rng.random() < OFFER_CHANCE:
                a2 = self._random_offer(view, player)
                if a2 is not None:
                    self._offers += 1
                    return a2
        legal = engine.legal_actions(view, player)
        if self._actions > PATIENCE:
            calm: list[Action] = [a for a in legal if isinstance(a, EndPhase | Plant)]
            legal = calm or legal
        if not legal:
            raise ValueError(f"player {player} has nothing to do: not pending")
        return rng.choice(legal)

    def _random_offer(self, view: GameState, player: int) -> Action | None:
        rng = self.rng
        own = trading.tradeable(view, player)
        if not own:
            return None
        give = tuple(rng.sample(own, min(len(own), rng.randint(1, 2))))
        kinds = setup(view).deck_kinds
        want = tuple(rng.choice(kinds) for _ in range(rng.randint(0, 2)))
        others = [q for q in range(len(view.players)) if q != player]
        to = rng.choice([None, *others])
        a = MakeOffer(player, to, give, want)
        return a if is_legal(view, a) else None


def matching_cards(
    view: GameState, player: int, want: list[int], rng: random.Random | None = None
) -> tuple[int, ...] | None:
    """Cards of ``player`` (hand, Kontors, face-up if active) of the kinds ``want`` names, or None."""
    own = [c for c in trading.tradeable(known_view(view), player) if c >= 0]
    if rng is not None:
        own = rng.sample(own, len(own))
    need = Counter(want)
    out: list[int] = []
    for c in own:
        k = KIND_OF[c]
        if need[k] > 0:
            need[k] -= 1
            out.append(c)
    if any(need.values()):
        return None
    return tuple(out)
