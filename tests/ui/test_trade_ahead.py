"""The offer dialog refilled ahead: once the table has shown and waits (after ``e`` the
next key is often ``t``), the kept offer dialog is refilled for the position, laid out
and painted unseen. Opening it then paints the screen once; it must read as a dialog
made anew for the position as it is when it opens."""

from __future__ import annotations

import pytest
from test_dialog_frames import (
    ahead,
    background_as_fresh,
    built,
    frames,
    key_frames,
    rich_position,
)
from test_dialog_reuse import offer_state
from textual.pilot import Pilot
from textual.strip import Strip
from ui_helpers import SIZE, PatientApp, make_app, press, screen_text

from bohnanza_tui.rules.save import Session, dumps, loads
from bohnanza_tui.ui import app as app_module
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import OfferBuilder, giveable

__all__ = ["frames"]  # the fixture, used by name


def dialog_look(app: PatientApp) -> list[list[object]]:
    """The open offer dialog as painted (text and styles of each cell), and its key bar:
    not the table beneath, whose log tells how the game got here."""
    box = app.screen.query_one("#offer-dialog").region
    strips = app.screen._compositor.render_strips()
    rows: list[Strip] = [strip.crop(box.x, box.right) for strip in strips[box.y : box.bottom]]
    rows.append(strips[-1])
    return [list(row.simplify()) for row in rows]


async def fresh_dialog(session: Session, size: tuple[int, int] = SIZE) -> list[list[object]]:
    """The offer dialog of an app that composes it anew, on a copy of ``session``."""
    app = make_app(loads(dumps(session)))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter", "t")
        await pilot.pause(0.2)
        assert isinstance(app.screen, OfferBuilder)
        return dialog_look(app)


def kept_builder(app: PatientApp) -> OfferBuilder:
    builder = app.get_screen("OfferBuilder-0")
    assert isinstance(builder, OfferBuilder)
    return builder


async def refilled(app: PatientApp, pilot: Pilot[None]) -> OfferBuilder:
    """Wait until the kept offer dialog has been refilled ahead and its unseen work is done."""
    builder = kept_builder(app)
    for _ in range(100):
        await pilot.pause(0.05)
        if not builder._ahead:
            continue
        if not builder._layout_required and not builder._unpainted():
            return builder
    raise AssertionError("the offer dialog was not refilled ahead")


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_after_e_the_offer_dialog_is_ready_and_opens_in_one_frame_as_a_fresh_one(
    frames: list[str], size: tuple[int, int]
) -> None:
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=size) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        builder = await refilled(app, pilot)
        # unseen: the cards to give of this position (the face-up cards among them now)
        give = builder.query_one("#give")
        state = session.state
        assert [str(give.get_option_at_index(i).prompt) for i in range(give.option_count)] == [
            str(label) for label, _card in giveable(state, state.active)
        ]
        assert isinstance(app.screen, TableScreen)
        opened = await key_frames(app, pilot, "t", frames)
        assert app.screen is builder and len(opened) == 1
        assert not builder._ahead  # showing: Textual's own frames from now on
        assert dialog_look(app) == await fresh_dialog(session, size)
        assert await background_as_fresh(app, pilot)  # the table beneath, tinted ahead


async def test_the_table_tinted_ahead_is_not_shown_once_the_table_changed() -> None:
    """The table beneath the offer dialog is tinted ahead too; a change to the table after
    that (a line written to its log, a move) is shown as the dialog opens."""
    from bohnanza_tui.ui.widgets import EventLog

    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        builder = await refilled(app, pilot)
        assert builder._tinted_for is not None and builder._untinted() is None
        table = app.screen
        assert isinstance(table, TableScreen) and table.tinted is not None
        tinted = table.tinted[1]  # the lines tinted ahead
        # the log scrolls: its scrollbar, at the screen's edge, shows beside the dialog
        table.query_one(EventLog).add_events([f"Written after the tint, {n}." for n in range(30)])
        await press(pilot, "t")  # before the table's frame and any work ahead
        await pilot.pause(0.2)
        assert app.screen is builder
        assert table.tinted is not None and table.tinted[1] != tinted
        assert await background_as_fresh(app, pilot)


async def test_a_dialog_refilled_ahead_shows_the_position_as_it_is_when_it_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The position changes after the dialog was refilled ahead, and the dialog opens before
    it could be refilled again (a key right after a move): it shows the new position."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        await refilled(app, pilot)
        monkeypatch.setattr(app_module, "AHEAD_AFTER_FRAME", 60.0)  # no refill from now on
        before = dumps(session)
        await press(pilot, "k", "1")  # Ann keeps a face-up card: her cards to give change
        assert dumps(session) != before
        await press(pilot, "t")
        assert app.screen is kept_builder(app)
        assert dialog_look(app) == await fresh_dialog(session)
        await press(pilot, "escape", "u")  # and back: the keep undone
        assert dumps(session) == before
        await press(pilot, "t")
        assert dialog_look(app) == await fresh_dialog(session)


async def test_what_was_chosen_in_the_dialog_is_gone_when_it_opens_again() -> None:
    """Nothing changed on the table between two openings: the cards picked, the beans
    wanted and the person asked the last time are not kept (the dialog refills only what
    differs from what it shows)."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        await refilled(app, pilot)
        await press(pilot, "t")
        fresh = dialog_look(app)
        await press(pilot, "down", "space", "tab", "right", "right", "tab", "down", "space")
        cards, wanted, to = offer_state(app)
        assert any(picked for _card, picked in cards) and to != "everyone"
        await press(pilot, "escape")
        await refilled(app, pilot)
        await press(pilot, "t")
        cards, wanted, to = offer_state(app)
        assert not any(picked for _card, picked in cards)
        assert all(row.startswith("◀  0 ▶") for row in wanted)
        assert to == "everyone"
        assert app.screen.query_one("#give").has_focus
        assert dialog_look(app) == fresh
        # and it sends what is chosen in it now
        await press(pilot, "space", "tab", "right", "ctrl+s")
        [offer] = session.state.offers
        assert offer.to is None and len(offer.give) == 1 and len(offer.want) == 1


async def test_t_right_after_e_opens_the_dialog_of_the_position() -> None:
    """``t`` typed before the work ahead is done (or begun): the dialog as ever."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        await pilot.press("e", "t")
        await pilot.pause(0.3)
        assert isinstance(app.screen, OfferBuilder)
        assert "Make an offer — Ann" in screen_text(app)
        assert dialog_look(app) == await fresh_dialog(session)


async def test_a_bid_dialog_kept_from_an_earlier_bid_is_ready_when_the_bidder_takes_the_keyboard() -> (
    None
):
    """While the privacy screen hands the keyboard to a bidder, the bid dialog kept from an
    earlier bid is refilled for them unseen; Enter shows it as a fresh one."""
    from ui_helpers import classic

    session = classic()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "p", "p", "B", "1", "enter")  # Bob bids: a bid's dialog
        bid = app.screen
        assert isinstance(bid, OfferBuilder) and "Bid to Ann — Bob" in screen_text(app)
        await press(pilot, "space", "tab", "right", "ctrl+s")
        await press(pilot, "B", "2")  # Cy bids too, before Ann sees the bids
        assert "Cy makes a bid to Ann." in screen_text(app)
        for _ in range(100):
            await pilot.pause(0.05)
            if bid._ahead and not bid._layout_required and not bid._unpainted():
                break
        else:
            raise AssertionError("the bid's dialog was not refilled ahead")
        assert bid.query_one(".dialog-title").content == "Bid to Ann — Cy"
        await press(pilot, "enter")
        await pilot.pause(0.2)
        assert app.screen is bid and "Bid to Ann — Cy" in screen_text(app)
        fresh = make_app(classic())  # the same keys, the dialog refilled as it opens
        async with fresh.run_test(size=SIZE) as other:
            await press(other, "enter", "p", "p", "B", "1", "enter", "space", "tab", "right")
            await press(other, "ctrl+s", "B", "2", "enter")
            await other.pause(0.2)
            assert "Bid to Ann — Cy" in screen_text(fresh)
            assert dialog_look(fresh) == dialog_look(app)
