"""Helpers for the app's tests: a seeded app, keys, and what the screen shows."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

from bohnanza_tui.rules import GameState
from bohnanza_tui.rules.save import Session
from bohnanza_tui.seating.hotseat import BotFactory, Seat
from bohnanza_tui.ui.app import BohnanzaApp

SIZE = (120, 40)
NAMES = ["Ann", "Bob", "Cy"]


def screen_text(app: App) -> str:
    """The whole visible screen as text, top to bottom (what a person would read)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


class PatientApp(BohnanzaApp):
    """The app with notices that stay up for the whole test: a snapshot never depends
    on how fast the keys went (a loaded machine took longer than a notice lasts)."""

    NOTIFICATION_TIMEOUT = 600


def make_app(
    session: Session,
    *,
    seats: list[Seat] | None = None,
    autosave: Path | None = None,
    bot_factory: BotFactory | None = None,
) -> PatientApp:
    names = [p.name for p in session.state.players]
    app = PatientApp(
        session,
        seats=seats or [Seat(n) for n in names],
        autosave=autosave,
        bot_factory=bot_factory,
        bot_delay=0,
    )
    return app


def classic(seed: int = 7, names: list[str] = NAMES) -> Session:
    return Session.new("classic", names, seed)


def from_state(state: GameState) -> Session:
    """A session that starts from a hand-made position."""
    return Session(state)


async def press(pilot: Pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def log_text(app: App) -> str:
    """The event log's lines as shown (wrapped lines joined again), for long log sentences."""
    from bohnanza_tui.ui.widgets import EventLog

    log = next(s for s in app.screen_stack if s.query(EventLog)).query_one(EventLog)
    return " ".join(strip.text.strip() for strip in log.lines)


def notice(app: App) -> str:
    """The table's notice line as shown ("" when there is none)."""
    from bohnanza_tui.ui.screens.tableview import TableView

    table = next(s for s in app.screen_stack if isinstance(s, TableView))
    line = table.query_one("#notice")
    return str(line.render()) if line.display else ""


async def click_option(pilot: Pilot, selector: str, index: int) -> None:
    """Click the ``index``-th option (a line) of a list of options such as the game's mode."""
    widget = pilot.app.screen.query_one(selector)
    inside = widget.content_region.offset - widget.region.offset
    await pilot.click(selector, offset=(inside.x + 1, inside.y + index))


async def table_fitted(pilot: Pilot) -> None:
    """Wait until the table has made room for every player's panel, if it had to
    (``TableView._fit_players``: each step it gives way is laid out anew)."""
    for _ in range(3):
        await pilot.pause()
