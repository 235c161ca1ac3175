"""Who sits at the table: a person or a computer player of some level, and where the bots come from.

What the set-up screen needs before the rules core loads: nothing here
imports ``bohnanza_tui.rules`` at run time, so the app's first screen shows
without it (``hotseat`` builds the game on these seats).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bohnanza_tui.modes import LEVELS as LEVELS  # the set-up screen's choices

if TYPE_CHECKING:
    from bohnanza_tui.modes import OfferFrequency
    from bohnanza_tui.rules import Action, GameState

HUMAN = "human"
COMPUTER = "computer"
#: the level a computer player has unless chosen otherwise (``bohnanza new``, old saves)
DEFAULT_LEVEL = "basic"
#: the set-up screen's order of the levels: the default first (one step from "Human"),
#: then the others, strongest first
SEAT_LEVELS: tuple[str, ...] = (
    DEFAULT_LEVEL,
    *reversed([lv for lv in LEVELS if lv != DEFAULT_LEVEL]),
)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at one place of the table: a person, or a computer player of some level."""

    name: str
    kind: str = HUMAN
    level: str = DEFAULT_LEVEL

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


class Keyboard:
    """Who sits where and who holds the one keyboard: what the hot-seat of every game
    (``hotseat.HotSeat``, ``cafe.CafeHotSeat``) shares. ``holder`` is the person whose
    secrets may show; set only by ``reveal``, after that person's privacy screen."""

    seats: list[Seat]
    holder: int | None

    @property
    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.is_human]

    @property
    def computers(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if not s.is_human]

    def is_human(self, player: int) -> bool:
        return self.seats[player].is_human

    @property
    def shared(self) -> bool:
        """Do several people share the keyboard (so hands must be hidden between them)?"""
        return len(self.humans) > 1

    def needs_pass(self, player: int) -> bool:
        """Must the keyboard go to ``player`` behind the privacy screen first?"""
        return self.is_human(player) and self.holder != player

    def hide(self) -> None:
        """Hide every secret (the keyboard is about to change hands, or computers play)."""
        if self.shared:
            self.holder = None

    def reveal(self, player: int) -> None:
        self.holder = player


class Bot(Protocol):
    def act(self, view: GameState, player: int) -> Action: ...


class BotFactory(Protocol):
    """Makes the computer player of a seat: ``bohnanza_tui.bots.make_bot``'s arguments.

    ``people``: the seats people play; ``offers_to_people``: the game's option
    (``modes.OFFER_FREQUENCIES``).
    """

    def __call__(
        self, level: str, seed: int, *, people: Collection[int], offers_to_people: OfferFrequency
    ) -> Bot: ...


def default_bot_factory() -> BotFactory | None:
    """``bohnanza_tui.bots.make_bot`` when the computer players are installed (imported on first use)."""
    from importlib.util import find_spec

    if find_spec("bohnanza_tui.bots") is None:
        return None

    def make(
        level: str, seed: int, *, people: Collection[int], offers_to_people: OfferFrequency
    ) -> Bot:
        from bohnanza_tui.bots import make_bot

        return make_bot(level, seed, people=people, offers_to_people=offers_to_people)

    return make
