"""The command bar, the out-of-turn harvest, undo, help, the palette and a small terminal."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from ui_helpers import SIZE, classic, click_option, make_app, press, screen_text

from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import HelpScreen, TextScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.table import TableScreen


async def test_command_bar_completes_plays_and_explains() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "colon")
        bar_input = app.screen.query_one("#command-input", Input)
        assert bar_input.has_focus
        await press(pilot, "p", "l")
        assert "plant" in screen_text(app)  # the completions shown above the input
        await pilot.pause(0.05)  # the suggester answers asynchronously
        await press(pilot, "tab")
        assert bar_input.value == "plant"
        await press(pilot, "space", "9", "enter")
        assert "✗ R-BASE-4: there is no field 9 there" in screen_text(app)
        assert session.log == []
        bar_input.value = "plant 2"
        await press(pilot, "enter")
        assert isinstance(session.log[0], Plant) and session.log[0].slot == 1
        assert "Done: plant 2" in screen_text(app)
        bar_input.value = "help plant"
        await press(pilot, "enter")
        assert isinstance(app.screen, TextScreen)
        assert "plant [kept|received] [KIND] PLACE" in screen_text(app)
        await press(pilot, "escape")
        bar_input.value = "undo"
        await press(pilot, "enter")
        assert session.log == []
        await press(pilot, "escape")
        assert not app.screen.query_one("#command").display


async def test_after_a_mistyped_command_the_bar_shows_why_and_takes_a_fresh_one() -> None:
    """A command the language can't read leaves its error shown and an empty line: the next
    command typed is read alone (it was appended to the mistyped one: "blargh 12plant 9")."""
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "colon")
        bar_input = app.screen.query_one("#command-input", Input)
        await press(pilot, *"blargh", "space", "1", "2", "enter")
        assert "✗" in screen_text(app) and "blargh" in screen_text(app)
        assert bar_input.value == "" and bar_input.has_focus
        await press(pilot, *"plant", "space", "1", "enter")
        assert isinstance(session.log[0], Plant)
        assert "Done: plant 1" in screen_text(app)


async def test_out_of_turn_harvest_passes_the_keyboard_back() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "e", "e")  # Ann keeps both face-up cards
        # Bob plants nothing; let him harvest out of turn? he has no beans yet: Ann harvests instead
        await press(pilot, "H")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Who harvests?" in text
        assert "Ann's hand" not in text  # hands hide while someone else may take the keyboard
        await press(pilot, "2")  # Bob
        assert "Pass the keyboard to Bob" in screen_text(app)
        await press(pilot, "enter")
        assert "Bob harvests which field?" in screen_text(app)
        assert "Nothing to choose from now." in screen_text(app)
        await press(pilot, "escape")
        # Bob had nothing to harvest: the keyboard goes back to Ann behind the privacy screen
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Ann" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, TableScreen)
        assert "Ann's hand" in screen_text(app)


async def test_undo_takes_back_a_planting() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        assert "1: ○ wax ×1" in screen_text(app)
        await press(pilot, "u")
        assert session.log == []
        text = screen_text(app)
        assert "Undone" in text and "1: ○ wax" not in text
        assert "Ann's hand: ▶1 ○ wax (front)" in text


async def test_help_screen_and_palette() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "How to play Bohnanza" in text
        await press(pilot, "escape", "ctrl+p")
        await press(pilot, *"save game")
        assert "Save game" in screen_text(app)
        await press(pilot, "escape")


async def test_too_small_terminal_says_so() -> None:
    app = make_app(classic())
    async with app.run_test(size=(79, 24)) as pilot:
        await press(pilot, "enter")
        assert "Please enlarge the terminal to at least 80×24" in screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "Please enlarge" not in screen_text(app)
        assert "Ann's hand" in screen_text(app)


async def test_counter_offer_goes_back_to_the_active_player() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        # Ann offers the face-up wax to Bob for a soy; Bob counters
        offer = ["t", "down", "space", "tab", *["down"] * 6, "right", "tab", "down", "enter"]
        await press(pilot, "enter", "p", "p", *offer, "ctrl+s", "enter", "c")
        text = screen_text(app)
        assert "Make an offer — Bob" in text
        # the counter starts as the offer turned round: Bob's soy for Ann's wax
        assert "You give 1 × ■ soy to Ann for 1 × ○ wax." in text
        await press(pilot, "tab", "down", "down", "right", "ctrl+s")  # ask for a blue bean too
        assert "Pass the keyboard to Ann" in screen_text(app)
        assert "Ann, a bid is in for you." in screen_text(app)  # a counter is a bid to Ann
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Bob offers 1 × ■ soy and wants 1 × ○ wax, 1 × ◆ blue." in text
        await press(pilot, "a")
        assert "Bob trades 1 soy to Ann for" in screen_text(app)
        assert sorted(len(p.received) for p in session.state.players) == [0, 1, 2]


async def test_no_color_keeps_beans_apart_by_glyph_and_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(classic())
    assert app.no_color
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert "Ann's hand: ▶1 ○ wax (front)  2 ◆ blue" in screen_text(app)
        # the trade dialog: picked cards and the chosen addressee read in the text, not the colour
        await press(pilot, "p", "p", "t")
        text = screen_text(app)
        assert "[ ] face up ♠ green" in text and "[ ] face up ○ wax" in text
        assert "(•) everyone" in text and "( ) Bob" in text
        await press(pilot, "down", "space", "tab", "right", "tab", "down", "enter")
        text = screen_text(app)
        assert "[ ] face up ♠ green" in text and "[x] face up ○ wax" in text
        assert "◀  1 ▶  ♣ coffee" in text  # how many are wanted: a number
        assert "( ) everyone" in text and "(•) Bob" in text
        assert "You give 1 × ○ wax to Bob for 1 × ♣ coffee." in text


async def test_set_up_choices_read_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    from bohnanza_tui.ui.app import BohnanzaApp

    monkeypatch.setenv("NO_COLOR", "1")
    app = BohnanzaApp(autosave=None, bot_factory=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "(•) Classic Bohnanza" in text and "( ) Bohn Voyage" in text
        assert "◀ 3 ▶" in text and "◀ Human ▶" in text
        await click_option(pilot, "#mode", 1)  # Bohn Voyage
        text = screen_text(app)
        assert "( ) Classic Bohnanza" in text and "(•) Bohn Voyage" in text
