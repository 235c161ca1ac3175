"""``make_bot``: a computer player of a level (``bohnanza_tui.modes.LEVELS``)."""

from __future__ import annotations

from collections.abc import Collection

from ..modes import LEVELS
from .base import Bot, OfferFrequency
from .basic import BasicBot
from .random_bot import RandomBot
from .strong import StrongBot
from .weights import DEFAULT, Weights


def make_bot(
    level: str,
    seed: int | None = None,
    *,
    budget_ms: float | None = None,
    max_samples: int | None = None,
    people: Collection[int] = (),
    offers_to_people: OfferFrequency = "often",
    weights: Weights = DEFAULT,
) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``).

    ``budget_ms`` and ``max_samples`` tune ``strong``'s search (without either:
    the app's, ``strong.SAMPLES`` samples with the wall-clock cap ``strong.CAP_MS``). ``people``: the
    seats that people play; ``offers_to_people`` ("often", "rarely": at most
    one a turn, "never") limits the offers a computer player makes that one of
    them must answer (``random`` ignores both). ``weights``: the figures
    ``basic`` judges by (``weights.Weights``; ``strong`` keeps the defaults).
    """
    if level == "random":
        return RandomBot(seed)
    if level == "basic":
        return BasicBot(seed, people=people, offers_to_people=offers_to_people, weights=weights)
    if level == "strong":
        return StrongBot(
            seed,
            budget_ms=budget_ms,
            max_samples=max_samples,
            people=people,
            offers_to_people=offers_to_people,
        )
    raise ValueError(f"unknown bot level {level!r}: choose one of {', '.join(LEVELS)}")
