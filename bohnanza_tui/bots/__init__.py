"""Computer players: ``make_bot(level, seed)`` and the game driver ``play_game``.

A bot decides from its seat's view only (``rules.view``), never from the deck
order or the other hands. Levels (``LEVELS``):

- ``random``: uniformly random legal play, with occasional random trades;
- ``basic``: heuristics (``basic``), a few milliseconds a decision at most;
- ``strong``: determinized Monte Carlo search over sampled hidden cards with
  fast rollouts (``strong``), a fixed number of samples per searched decision
  (``SAMPLES``, with a wall-clock cap ``CAP_MS``) unless given ``budget_ms``.

Tournaments: ``bohnanza_tui.bots.tournament.main(argv)``.
"""

from __future__ import annotations

from ..modes import LEVELS
from . import evaluate, rollout
from .base import Bot
from .basic import BasicBot
from .driver import GameResult, play_game
from .factory import make_bot
from .random_bot import RandomBot
from .strong import CAP_MS, SAMPLES, StrongBot

#: True when the bots' hot modules (``evaluate``, ``rollout``) are compiled with mypyc
#: (see hatch_build.py; ``bohnanza_tui.rules.COMPILED`` says the same of the rules core)
COMPILED: bool = not any((m.__file__ or "").endswith(".py") for m in (evaluate, rollout))

__all__ = [
    "CAP_MS",
    "COMPILED",
    "LEVELS",
    "SAMPLES",
    "BasicBot",
    "Bot",
    "GameResult",
    "RandomBot",
    "StrongBot",
    "make_bot",
    "play_game",
]
