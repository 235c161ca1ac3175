"""Helpers of the bot tests (named so that no other test folder's module clashes)."""

from __future__ import annotations

import random

from bohnanza_tui.bots import make_bot
from bohnanza_tui.bots.strong import StrongBot
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Action
from bohnanza_tui.rules.state import GameState
from bohnanza_tui.rules.views import view


def play_all(mode: str, bot: StrongBot, seed: int) -> list[Action]:
    """A whole game of ``bot`` in seat 0 against basic players; the actions played."""
    bots = [bot] + [make_bot("basic", seed + i) for i in (1, 2, 3)]
    state = engine.new_game(mode, ["A", "B", "C", "D"], seed)
    played = []
    while not state.over:
        p = engine.next_to_act(state)
        a = bots[p].act(view(state, p), p)
        played.append(a)
        engine.apply(state, a)
    return played


def strong_game(seed: int) -> list[Action]:
    """The actions of a Bohn Voyage game of a strong player (2 samples) and three basic."""
    return play_all("voyage", StrongBot(seed, max_samples=2), seed)


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
