"""The tinted table beneath a dialog is kept from one opening to the next while the
table shows the same (``Watched``), and made anew after any change of the table."""

from __future__ import annotations

from typing import Any

import pytest
from test_dialog_frames import ahead, background_as_fresh, built, rich_position
from textual.drivers.headless_driver import HeadlessDriver
from ui_helpers import SIZE, press

from bohnanza_tui.ui.screens import modal
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.widgets import EventLog


@pytest.fixture
def tinted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the table beneath was tinted anew (one entry a time); the frames are
    rendered as a terminal's would be."""
    made: list[int] = []
    render = modal.TintedScreen._render

    def counted(self: modal.TintedScreen, *args: Any) -> Any:
        made.append(1)
        return render(self, *args)

    monkeypatch.setattr(modal.TintedScreen, "_render", counted)
    monkeypatch.setattr(HeadlessDriver, "is_headless", property(lambda self: False))
    return made


async def test_the_tinted_table_is_kept_while_the_table_shows_the_same(tinted: list[int]) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "h", "escape")
        await pilot.pause(0.2)
        for key, close in [("h", "escape"), ("b", "escape"), ("question_mark", "question_mark")]:
            tinted.clear()
            await press(pilot, key)
            await pilot.pause(0.2)
            assert not tinted, key  # nothing changed on the table: the lines kept
            assert await background_as_fresh(app, pilot), key
            await press(pilot, close)
            await pilot.pause(0.2)
        # a move: the table changed; while it waits for the next key it is tinted again
        # ahead, as the last dialog tinted it, and the list paints those lines
        tinted.clear()
        await press(pilot, "1")
        await pilot.pause(0.3)
        assert tinted
        tinted.clear()
        await press(pilot, "h")
        await pilot.pause(0.2)
        assert not tinted
        assert await background_as_fresh(app, pilot)
        # a change beneath the list while it shows: painted, and not kept as before
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        table.query_one(EventLog).add_events(["Written beneath the list."])
        await pilot.pause(0.2)
        await press(pilot, "escape", "h")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ChoiceScreen)
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "Written beneath the list." in text
        assert await background_as_fresh(app, pilot)
        # another terminal size: tinted anew at the new size
        tinted.clear()
        await pilot.resize_terminal(100, 36)
        await pilot.pause(0.3)
        assert tinted
        assert await background_as_fresh(app, pilot)


async def test_without_the_work_ahead_a_list_tints_the_changed_table_anew(
    tinted: list[int],
) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        app.ahead = False  # (as in the tests: nothing done ahead after a key)
        await press(pilot, "enter", "h", "escape", "1")
        await pilot.pause(0.3)
        tinted.clear()
        await press(pilot, "h")
        await pilot.pause(0.2)
        assert tinted
        assert await background_as_fresh(app, pilot)


async def test_the_first_dialog_after_the_reveal_paints_a_tint_made_ahead(
    tinted: list[int],
) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        tinted.clear()
        await press(pilot, "enter")
        await pilot.pause(0.3)
        assert tinted  # tinted while the table waits, as a dialog built ahead would
        tinted.clear()
        await press(pilot, "question_mark")
        await pilot.pause(0.2)
        assert not tinted
        assert await background_as_fresh(app, pilot)
