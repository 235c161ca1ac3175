"""Helpers of the bot tests (named so that no other test folder's module clashes)."""

from __future__ import annotations

import random

from bohnanza_tui.rules.state import GameState


def hide_elsewhere(state: GameState, player: int, rng: random.Random) -> GameState:
    """The same game as ``player`` sees it, with the hidden cards dealt differently."""
    s = state.copy()
    # cards named by open offers are known to be in their owners' hands: they stay
    pinned = {c for o in s.offers for c in o.give}
    pinned |= {c for o in s.offers for cards in o.answers.values() for c in cards}
    pool = list(s.deck)
    for q, pl in enumerate(s.players):
        if q != player:
            pool += [c for c in pl.hand if c not in pinned]
    pool += s.discard[:-1] if s.discard else []
    for pl in s.players:
        pool += pl.coins
    rng.shuffle(pool)

    def refill(cards: list[int]) -> None:
        for i in range(len(cards)):
            if cards[i] not in pinned:
                cards[i] = pool.pop()

    refill(s.deck)
    for q, pl in enumerate(s.players):
        if q != player:
            refill(pl.hand)
        refill(pl.coins)
    if s.discard:
        top = s.discard[-1]
        s.discard[:-1] = [pool.pop() for _ in s.discard[:-1]]
        s.discard[-1] = top
    assert not pool
    return s
