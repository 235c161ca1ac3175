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


async def test_a_list_opened_again_unchanged_is_not_laid_out_and_a_changed_one_shows_its_entries(
    frames: list[str],
) -> None:
    from textual.screen import Screen

    from bohnanza_tui.ui import choices

    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "b", "escape")
        layouts: list[str] = []
        refresh_layout = Screen._refresh_layout

        def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
            layouts.append(type(screen).__name__)
            refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

        Screen._refresh_layout = counted  # type: ignore[method-assign]
        try:
            opened = await key_frames(app, pilot, "b", frames)
        finally:
            Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
        assert isinstance(app.screen, ChoiceScreen)
        assert len(opened) == 1 and "ChoiceScreen" not in layouts  # the same entries: kept
        await press(pilot, "escape", "h")
        before = prompts(app.screen)
        # a move changes the harvest list's entries: the list shows the new ones
        await press(pilot, "escape", "1", "h")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ChoiceScreen)
        hs = app.hotseat
        assert hs is not None and hs.holder is not None
        after = prompts(app.screen)
        assert after != before
        expected = choices.harvest_choices(hs.state, hs.holder)
        assert len(after) == len(expected)
        for choice in expected:
            assert any(choice.label.plain in p for p in after), choice.label.plain


def prompts(screen: object) -> list[str]:
    from textual.widgets import OptionList

    assert isinstance(screen, ChoiceScreen)
    shown = screen.query_one(OptionList)
    return [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]


async def test_two_kinds_of_list_in_turn_each_keep_their_entries(frames: list[str]) -> None:
    """The app builds two lists ahead: the harvest and the buy list opened in turn each get
    the one that showed them last, with their entries: not refilled, not laid out."""
    from textual.screen import Screen

    app = ahead(rich_position())
    layouts: list[str] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(type(screen).__name__)
        refresh_layout(screen, *args, **kwargs)  # type: ignore[arg-type]

    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "h", "escape", "b", "escape")
        shown = {}
        for key in ["h", "b", "h", "b"]:
            layouts.clear()
            Screen._refresh_layout = counted  # type: ignore[method-assign]
            try:
                opened = await key_frames(app, pilot, key, frames)
            finally:
                Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
            assert isinstance(app.screen, ChoiceScreen)
            assert len(opened) == 1 and "ChoiceScreen" not in layouts, key
            assert shown.setdefault(key, app.screen) is app.screen  # the same list each time
            await key_frames(app, pilot, "escape", frames)
        assert shown["h"] is not shown["b"]
