"""A reused list refilled with another number of entries (another height, a scrollbar
coming or going) is laid out in the passes it needs at once and sends one frame."""

from __future__ import annotations

from test_dialog_frames import ahead, built, frames, key_frames, rich_position
from ui_helpers import SIZE, press

from bohnanza_tui.ui.screens.choice import ChoiceScreen

__all__ = ["frames"]  # the fixture


async def test_a_refilled_list_sends_one_frame(frames: list[str]) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter")
        heights = set()
        for key in ["h", "b", "h", "b"]:  # entries for no scrollbar, then for one, in turn
            opened = await key_frames(app, pilot, key, frames)
            assert isinstance(app.screen, ChoiceScreen)
            choices = app.screen.query_one("#choices")
            heights.add((choices.size.height, choices.show_vertical_scrollbar))
            assert len(opened) == 1, key
            await key_frames(app, pilot, "escape", frames)
        assert len(heights) == 2  # the lists did change height (and scrollbar)
