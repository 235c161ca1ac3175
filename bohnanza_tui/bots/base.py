"""The bot interface and what every level shares: reading a view, checking an action.

A bot sees only its seat's view (``rules.view(state, player)``): the other
hands, the deck, the coin stacks and the discard pile (but its top) are
``HIDDEN``. Two things in a view need care:

- the cards an open offer names (``Offer.give``, ``Offer.answers``) are known
  to lie in a hidden hand; ``known_view`` puts them there, so that
  ``engine.check`` can judge an ``Accept`` or a ``Confirm`` on the view, and so
  that a determinization keeps the offers valid;
- ``determinize`` (from the rules core) deals every unseen card at random to
  the hidden places; ``sample_state`` does so after ``known_view``.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from ..modes import OFFER_FREQUENCIES as OFFER_FREQUENCIES  # how often offers go to people
from ..modes import OfferFrequency as OfferFrequency
from ..rules import engine, trading
from ..rules.actions import Action
from ..rules.outcome import Event
from ..rules.state import HIDDEN, GameState
from ..rules.views import determinize


@runtime_checkable
class Bot(Protocol):
    """A computer player.

    ``act`` is called when ``player`` is in ``engine.pending_players(state)``,
    with ``view = rules.view(state, player)``; it returns one legal action.
    The game driver (and the app) should let the other pending players answer
    open offers before it asks the active player, who then confirms.
    """

    level: str

    def act(self, view: GameState, player: int) -> Action: ...

    def remark(self) -> Event | None:
        """Why the last action was taken, for the game's log (None: nothing to say)."""


def known_view(view: GameState) -> GameState:
    """A copy of the view with the cards named by open offers put into the hidden hands."""
    v = view.copy()
    for o in v.offers:
        _reveal(v, o.proposer, o.give)
        for p, cards in o.answers.items():
            _reveal(v, p, cards)
    return v


def _reveal(v: GameState, player: int, cards: list[int]) -> None:
    hand = v.players[player].hand
    for c in cards:
        if trading.available(v, player, c):
            continue
        try:
            i = hand.index(HIDDEN)
        except ValueError:
            return
        hand[i] = c


def is_legal(view: GameState, action: Action) -> bool:
    """``engine.check`` on the view (with offer cards revealed for Accept and Confirm)."""
    if view.offers:
        view = known_view(view)
    return engine.check(view, action) is None


def sample_state(view: GameState, rng: random.Random) -> GameState:
    """A full state consistent with the view and its open offers."""
    return determinize(known_view(view) if view.offers else view, rng)


def promised(view: GameState, player: int) -> set[int]:
    """The cards ``player`` has promised: named in its open offers or in its answers to others'.

    A computer never offers such a card again while the offer is open (R-BASE-8): a
    person who accepted a swap would otherwise see the same card go to them, or to
    someone else, as a gift, and the trade they agreed to fall through.
    """
    out: set[int] = set()
    for o in view.offers:
        if o.proposer == player:
            out.update(o.give)
        out.update(o.answers.get(player, ()))
    return out


def unanswered(view: GameState, player: int) -> list[int]:
    """Ids of the open offers ``player`` still owes an answer to (``trading.awaiting``)."""
    return [o.id for o in trading.awaiting(view, player)]
