"""Computer players: ``make_bot(level, seed)`` and the game driver ``play_game``.

A bot decides from its seat's view only (``rules.view``), never from the deck
order or the other hands. Levels (``LEVELS``):

- ``random``: uniformly random legal play, with occasional random trades;
- ``basic``: heuristics (``basic``), a few milliseconds a decision at most;
- ``strong``: determinized Monte Carlo search over sampled hidden cards with
  fast rollouts (``strong``), within ``budget_ms`` per searched decision.

Tournaments: ``bohnanza_tui.bots.tournament.main(argv)``.
"""

from __future__ import annotations

from .base import LEVELS, Bot
from .basic import BasicBot
from .driver import GameResult, play_game
from .random_bot import RandomBot
from .strong import DEFAULT_BUDGET_MS, StrongBot

__all__ = [
    "DEFAULT_BUDGET_MS",
    "LEVELS",
    "BasicBot",
    "Bot",
    "GameResult",
    "RandomBot",
    "StrongBot",
    "make_bot",
    "play_game",
]


def make_bot(
    level: str,
    seed: int | None = None,
    *,
    budget_ms: float | None = None,
    max_samples: int | None = None,
) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``); ``budget_ms`` and ``max_samples`` tune ``strong``."""
    if level == "random":
        return RandomBot(seed)
    if level == "basic":
        return BasicBot(seed)
    if level == "strong":
        return StrongBot(
            seed,
            budget_ms=DEFAULT_BUDGET_MS if budget_ms is None else budget_ms,
            max_samples=max_samples,
        )
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
