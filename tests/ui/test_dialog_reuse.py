"""Dialogs are built once and shown again with new content: what the reuse must keep."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList
from ui_helpers import SIZE, classic, make_app, press, screen_text

from bohnanza_tui.rules.actions import MakeOffer
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import HelpScreen
from bohnanza_tui.ui.screens.table import TableScreen


def entries(app: object) -> list[str]:
    """The open list's entries as shown."""
    screen = app.screen  # type: ignore[attr-defined]
    options = screen.query_one(OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def test_a_list_opened_again_shows_the_new_position_not_the_old_one() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "h")
        first = app.screen
        assert isinstance(first, ChoiceScreen)
        assert entries(app) == ["1. field 1: 1 × ○ wax → sells for 0"]
        await press(pilot, "escape", "p", "h")  # a second field planted
        assert app.screen is first  # the same dialog, shown again
        assert entries(app) == [
            "1. field 1: 1 × ○ wax → sells for 0",
            "2. field 2: 1 × ◆ blue → sells for 0",
        ]
        assert "field 2: 1 × ◆ blue" in screen_text(app)
        await press(pilot, "1")  # harvests field 1 (a field of one: the other holds one too)
        assert session.state.players[0].holdings[0].fields[0] == []
        await press(pilot, "h")
        assert app.screen is first
        assert entries(app) == ["2. field 2: 1 × ◆ blue → sells for 0"]
        # Enter picks the first entry: the highlight moved with the new content
        assert app.screen.query_one(OptionList).highlighted == 0
        text = screen_text(app)
        assert "2. field 2" in text and "1. field 1" not in text


async def test_the_same_list_twice_in_a_row_is_two_dialogs_when_the_first_still_closes() -> None:
    """'Who harvests?' answered with the one at the keyboard opens the harvest list from its
    callback, while the first list is still leaving the screen: that one is not handed out."""
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "H")
        who = app.screen
        assert isinstance(who, ChoiceScreen) and "Who harvests?" in screen_text(app)
        await press(pilot, "1")  # Ann, at the keyboard already
        assert isinstance(app.screen, ChoiceScreen) and app.screen is not who
        assert "Harvest which field?" in screen_text(app)
        assert entries(app) == ["1. field 1: 1 × ○ wax → sells for 0"]
        await press(pilot, "escape", "H")
        assert "Who harvests?" in screen_text(app)
        assert [e.split(". ")[1] for e in entries(app)] == ["Ann", "Bob", "Cy"]


async def test_a_resize_reaches_the_dialog_and_the_table_beneath() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "h")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.resize_terminal(110, 38)
        await pilot.pause()
        assert app.screen.size == (110, 38)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert table.size == (110, 38)


async def test_the_help_opened_again_starts_at_the_top() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        await press(pilot, "space", "space")
        page = help_screen.query_one("#help", VerticalScroll)
        assert page.scroll_y > 0
        await press(pilot, "escape", "question_mark")
        assert app.screen is help_screen
        await pilot.pause()
        assert page.scroll_y == 0
        assert "How to play Bohnanza" in screen_text(app)


async def test_the_command_leaves_the_shown_table_out_of_later_garbage_collections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bohnanza_tui.ui import collector

    settled: list[bool] = []
    monkeypatch.setattr(collector, "settle", lambda: settled.append(True))
    for command in (False, True):
        app = make_app(classic())
        app.settle_gc = command  # set by run_app, the ``bohnanza`` command
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(100):
                await pilot.pause(0.05)
                if settled:
                    break
            assert isinstance(app.screen, Screen)
        assert settled == ([True] if command else [])


def offer_state(app: object) -> tuple[list[tuple[str, bool]], list[str], str]:
    """The open offer dialog: the cards to give (picked or not), the wanted kinds' rows,
    and the person asked."""
    from bohnanza_tui.ui.toggles import RadioList

    screen = app.screen  # type: ignore[attr-defined]
    give = screen.query_one("#give")
    cards = [
        (
            str(give.get_option_at_index(i).prompt),
            give.get_option_at_index(i).value in give.selected,
        )
        for i in range(give.option_count)
    ]
    want = screen.query_one("#want")
    wanted = [str(want.get_option_at_index(i).prompt) for i in range(want.option_count)]
    radio = screen.query_one("#to", RadioList)
    return cards, wanted, radio.options[radio.index][0]


async def test_the_offer_dialog_opened_again_starts_afresh_with_the_new_hand() -> None:
    from bohnanza_tui.ui.screens.trade import OfferBuilder, giveable

    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "t")
        first = app.screen
        assert isinstance(first, OfferBuilder)
        cards, wanted, to = offer_state(app)
        assert not any(picked for _card, picked in cards) and to == "everyone"
        # pick a card, want a bean, ask Bob: then leave it unsent
        await press(pilot, "down", "space", "tab", "right", "tab", "down", "escape")
        await press(pilot, "k", "1")  # Ann keeps a face-up card: her cards to give change
        await press(pilot, "t")
        assert app.screen is first
        cards, wanted, to = offer_state(app)
        state = session.state
        assert [label for label, _picked in cards] == [
            str(label) for label, _card in giveable(state, 0)
        ]
        assert not any(picked for _card, picked in cards)
        assert all(row.startswith("◀  0 ▶") for row in wanted)
        assert to == "everyone"
        text = screen_text(app)
        assert "Make an offer — Ann" in text
        # and it still sends what is chosen in it
        await press(pilot, "space", "tab", "right", "ctrl+s")
        # (sent: the people who can't meet it decline it at once, so read it in the log)
        [offer] = [a for a in session.log if isinstance(a, MakeOffer)]
        assert offer.to is None and len(offer.give) == 1 and len(offer.want) == 1


async def test_a_donation_is_a_dialog_of_its_own_shape() -> None:
    """A donation asks for nothing in return (no wanted kinds): not the offer dialog refilled."""
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "t")
        offer = app.screen
        await press(pilot, "escape", "d")
        assert isinstance(app.screen, OfferBuilder) and app.screen is not offer
        assert not app.screen.query("#want")
        assert "Donate — Ann" in screen_text(app)


async def test_a_dialog_made_in_another_language_is_not_shown_again() -> None:
    from bohnanza_tui import i18n
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    app = make_app(classic())
    try:
        async with app.run_test(size=SIZE) as pilot:
            await press(pilot, "enter", "p", "p", "t")
            english = app.screen
            assert "Give (Space picks)" in screen_text(app)
            await press(pilot, "escape")
            i18n.set_language("de")  # as the set-up screen switches it between two games
            german = i18n._("Give (Space picks)")
            assert german != "Give (Space picks)"
            await press(pilot, "t")
            assert isinstance(app.screen, OfferBuilder) and app.screen is not english
            text = screen_text(app)
            assert german in text and "Give (Space picks)" not in text
            await press(pilot, "escape", "t")  # the German one is kept in its place
            assert app.screen is not english and german in screen_text(app)
    finally:
        i18n.set_language("en")
