"""What one player may see (D-9), and how a bot fills in the rest for a search.

A view is a ``GameState`` whose hidden cards are ``HIDDEN``: the deck, the
other players' hands (but for cards they have put on the table in an open
offer), the coin stacks (coin side up) and the discard pile but for its top
card. Sizes and positions stay true, so a view renders, counts and checks
trades like a state, and ``determinize`` keeps every open offer intact.
"""

from __future__ import annotations

import random

from .common import setup
from .state import CARDS_OF_KIND, HIDDEN, GameState


def view(state: GameState, player: int | None) -> GameState:
    """The state as ``player`` sees it (``None``: an onlooker who sees no hand)."""
    v = state.copy()
    if not v.over:
        v.seed = HIDDEN  # the seed replays every shuffle: the deck and every hand (D-9)
    v.deck = [HIDDEN] * len(v.deck)
    if v.discard:
        v.discard = [HIDDEN] * (len(v.discard) - 1) + v.discard[-1:]
    shown = _offered(v)
    for p, pl in enumerate(v.players):
        pl.coins = [HIDDEN] * len(pl.coins)
        if p != player:
            pl.hand = [c if c in shown else HIDDEN for c in pl.hand]
    return v


def _offered(state: GameState) -> set[int]:
    """Cards named in open offers and answers: shown on the table, so seen by everyone."""
    cards: set[int] = set()
    for o in state.offers:
        cards.update(o.give)
        for answer in o.answers.values():
            cards.update(answer)
    return cards


def unseen_cards(v: GameState) -> list[int]:
    """The cards of the game that the view does not show, in id order."""
    s = setup(v)
    seen = set(v.all_cards())
    return [c for k in s.deck_kinds for c in CARDS_OF_KIND[k] if c not in seen]


def determinize(v: GameState, rng: random.Random) -> GameState:
    """A full state consistent with the view: the unseen cards dealt at random to the hidden places."""
    s = v.copy()
    pool = unseen_cards(v)
    rng.shuffle(pool)

    def fill(cards: list[int]) -> None:
        for i, c in enumerate(cards):
            if c == HIDDEN:
                cards[i] = pool.pop()

    if s.seed == HIDDEN:
        s.seed = rng.randrange(2**31)  # future reshuffles are as unknown as the deck
    fill(s.deck)
    fill(s.discard)
    for pl in s.players:
        fill(pl.hand)
        fill(pl.coins)
    return s
