"""The games, their player counts and the computer players' levels.

What the set-up screen needs before the rules core loads.

Kept outside ``bohnanza_tui.rules`` so that the first screen of the app can
show them without importing (and validating) the rule data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, get_args

from .i18n import N_

#: every mode of the rules core: the two Bohnanza games and Guatemala Café (docs/CAFE.md)
MODES: Final = ("classic", "voyage", "cafe")
#: the Bohnanza modes (their set-ups are seeds/setups.json); Guatemala Café has its own
#: session and table (``rules.cafe``, ``ui.screens.cafe``), and the set-up screen offers all three
BEAN_MODES: Final = ("classic", "voyage")
#: R-BASE (3 to 7 players; 2 play the Bean Duel, R-DUEL), R-VOY-1 (3 to 5 players),
#: R-CAFE-1 (2 to 4 players)
PLAYER_COUNTS: Final[Mapping[str, tuple[int, ...]]] = {
    "classic": (2, 3, 4, 5, 6, 7),
    "voyage": (3, 4, 5),
    "cafe": (2, 3, 4),
}

#: the computer players' levels, weakest first (``bohnanza_tui.bots.make_bot``, the save format)
BotLevel = Literal["random", "basic", "strong"]
LEVELS: Final[tuple[str, ...]] = get_args(BotLevel)

#: how often computer players make offers that a person at the table must answer: the
#: set-up's choice, kept in the save file (``bohnanza_tui.bots.make_bot``'s ``offers_to_people``)
OfferFrequency = Literal["often", "rarely", "never"]
OFFER_FREQUENCIES: Final[tuple[str, ...]] = get_args(OfferFrequency)
#: a new game's choice: at most one offer a person must answer in a computer player's turn
#: (a game saved before the choice existed keeps "often", as it was played)
DEFAULT_OFFERS: Final[OfferFrequency] = "rarely"
#: the choices as the set-up screen and ``bohnanza show`` name them (translated where shown)
OFFER_NAMES: Final[Mapping[str, str]] = {
    "often": N_("often"),
    "rarely": N_("rarely"),
    "never": N_("never"),
}
