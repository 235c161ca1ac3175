"""What the screens ask of the app, as small protocols: no screen imports the app class.

The app (``app.BohnanzaApp``) implements both and hands itself to the screens
it opens; a screen knows only the few calls it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from bohnanza_tui.modes import DEFAULT_OFFERS

if TYPE_CHECKING:
    from pathlib import Path

    from bohnanza_tui.modes import OfferFrequency
    from bohnanza_tui.seating.seats import Seat

    from .saves import SavedGame


class GameHost(Protocol):
    """What the table needs from the app around a game."""

    #: seconds a computer player's move stays visible before the next one
    bot_delay: float

    def after_action(self) -> None:
        """Record the new position (the coins chart) and write the autosave."""

    def opening_lines(self) -> list[str]:
        """The log's first lines: mode, players, seed, and whether the game was resumed."""

    def show_end(self) -> None:
        """Show the end screen (the game is over)."""


class SetupHost(Protocol):
    """What the set-up screen needs from the app: start a game, or go on with one."""

    def new_game(
        self,
        mode: str,
        seats: list[Seat],
        seed: int | None,
        *,
        offers_to_people: OfferFrequency = DEFAULT_OFFERS,
        hints: bool = True,
        side: str = "fixed",
    ) -> str | None:
        """Start a game (the unfinished one in the autosave is put aside); the error, if any.

        ``offers_to_people`` and ``hints`` are the game's options (kept in its save);
        ``side``: Guatemala Café's growing-area board (R-CAFE-3).
        """

    def unfinished_games(self) -> list[SavedGame]:
        """The unfinished games on disk, the autosave's first."""

    def resume_game(self, path: Path) -> None:
        """Go on with the unfinished game in ``path``."""
