"""Opening and closing a dialog: what the screen shows then.

The dialogs are kept and refilled (``Kept.reused``): what one shows must be the position
as it is now, in the theme in use, and closing it shows what was written beneath.
"""

from __future__ import annotations

from test_table_repaint import repainted_alike
from test_voyage_play import busy_voyage_position
from textual.pilot import Pilot
from ui_helpers import SIZE, PatientApp, from_state, make_app, press, screen_text

from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.widgets import EventLog


def rich_position() -> Session:
    """The busy Bohn Voyage position, Ann (at the keyboard) with coins to buy with."""
    state = busy_voyage_position()
    state.players[0].coins = [state.deck.pop() for _ in range(12)]
    return from_state(state)


async def looks(app: PatientApp, pilot: Pilot[None]) -> str:
    """The screen with its colours (Textual's screenshot), once settled."""
    await pilot.pause(0.1)
    return app.export_screenshot()


async def test_closing_a_dialog_shows_what_was_written_beneath_it() -> None:
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
        assert isinstance(app.screen, ChoiceScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = table.query_one(EventLog)
        log.add_events([f"A line written beneath, number {n}." for n in range(12)])
        await pilot.pause(0.2)
        await press(pilot, "escape")
        await pilot.pause(0.2)
        assert app.screen is table
        assert "A line written beneath, number 11." in screen_text(app)
        assert log.scroll_y == log.max_scroll_y
        assert await repainted_alike(app, pilot)


async def test_a_kept_dialog_shown_again_after_the_theme_changed_takes_the_new_theme() -> None:
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
        dark = await looks(app, pilot)
        kept = app.screen
        await press(pilot, "escape")
        app.theme = "textual-light"
        await pilot.pause(0.2)
        await press(pilot, "h")
        assert app.screen is kept  # (refilled, not made anew)
        light = await looks(app, pilot)
        assert light != dark
        app.screen.update_node_styles(animate=False)
        for widget in app.screen.query("*"):
            widget.refresh()
        app.screen.refresh()
        assert await looks(app, pilot) == light  # as a dialog styled anew


async def test_a_dialog_opened_again_shows_the_table_as_it_is_now() -> None:
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
        await pilot.pause(0.2)
        first = screen_text(app)
        await press(pilot, "escape", "1", "h")  # a bean planted between the two openings
        await pilot.pause(0.2)
        assert isinstance(app.screen, ChoiceScreen)
        assert screen_text(app) != first
        await press(pilot, "escape", "question_mark")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        table.query_one(EventLog).add_events(["Written beneath the help."])
        await pilot.pause(0.2)
        await press(pilot, "question_mark", "h", "escape")
        await pilot.pause(0.2)
        assert app.screen is table and "Written beneath the help." in screen_text(app)


async def test_a_refusal_that_wraps_keeps_its_indent() -> None:
    """A refused entry's reason stands indented under it, the lines it wraps onto too."""
    from textual.content import Content
    from textual.widgets import OptionList

    from bohnanza_tui.ui.choices import Choice

    reason = "R-TEST-1: " + " ".join(f"word{n}" for n in range(40))
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        entries = [Choice(Content("first"), 1), Choice(Content("second"), 2, reason)]
        app.push_screen(ChoiceScreen.reused(app, "Pick one", entries))
        await pilot.pause(0.2)
        box = app.screen.query_one(OptionList).content_region
        rows = [
            row[box.x : box.right].rstrip()
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        start = next(i for i, row in enumerate(rows) if "second  ✗" in row)
        edge = rows[start].index("2. second")  # the entry's left edge (after the gutter)
        below = [row[edge:] for row in rows[start + 1 :] if row[edge:].strip()]
        assert len(below) >= 3  # the reason wraps
        assert all(row.startswith("   ") and row[3] != " " for row in below), below
        assert " ".join(row.strip() for row in below) == reason
        # what the entry says, as before (the tests read entries so)
        option = app.screen.query_one(OptionList).get_option_at_index(1)
        assert str(option.prompt) == f"2. second  ✗\n   {reason}"
