"""A kept list refilled with another number of entries (another height, a scrollbar
coming or going) shows them all; two kinds of list opened in turn keep their own."""

from __future__ import annotations

from test_dialog_frames import rich_position
from textual.widgets import OptionList
from ui_helpers import SIZE, make_app, press

from bohnanza_tui.ui import choices
from bohnanza_tui.ui.screens.choice import ChoiceScreen


def prompts(screen: object) -> list[str]:
    assert isinstance(screen, ChoiceScreen)
    shown = screen.query_one(OptionList)
    return [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]


async def test_a_refilled_list_takes_the_height_of_its_entries() -> None:
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        heights = set()
        for key in ["h", "b", "h", "b"]:  # entries for no scrollbar, then for one, in turn
            await press(pilot, key)
            await pilot.pause(0.1)
            assert isinstance(app.screen, ChoiceScreen)
            listed = app.screen.query_one("#choices", OptionList)
            heights.add((listed.size.height, listed.show_vertical_scrollbar))
            assert listed.size.height >= min(listed.option_count, 3)
            await press(pilot, "escape")
        assert len(heights) == 2  # the lists did change height (and scrollbar)


async def test_a_list_opened_again_after_a_move_shows_its_new_entries() -> None:
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
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


async def test_two_kinds_of_list_in_turn_each_keep_their_own() -> None:
    """The harvest and the buy list opened in turn each get the kept list that showed them
    last (``ChoiceScreen.showed_like``), with their entries."""
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h", "escape", "b", "escape")
        shown: dict[str, object] = {}
        entries: dict[str, list[str]] = {}
        for key in ["h", "b", "h", "b"]:
            await press(pilot, key)
            await pilot.pause(0.1)
            assert isinstance(app.screen, ChoiceScreen)
            assert shown.setdefault(key, app.screen) is app.screen  # the same list each time
            assert entries.setdefault(key, prompts(app.screen)) == prompts(app.screen)
            await press(pilot, "escape")
        assert shown["h"] is not shown["b"]
