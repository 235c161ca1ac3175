"""The offer dialog's first frame made ahead: after the work ahead (``e``, then the table
waits), the dialog's whole frame is rendered unseen to the text the terminal gets, and
``t`` sends it if nothing it shows changed since. Whatever is sent must be the text a
frame rendered anew then gives (every widget and the table beneath painted again)."""

from __future__ import annotations

import pytest
from test_dialog_frames import Sent, ahead, built, frames, record_sent, rich_position
from test_trade_ahead import dialog_look, fresh_dialog, kept_builder, refilled
from ui_helpers import SIZE, press, screen_text

from bohnanza_tui.rules.save import dumps
from bohnanza_tui.ui import app as app_module
from bohnanza_tui.ui.screens.modal import Watched
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import OfferBuilder

__all__ = ["frames"]  # the fixture, used by name

#: each whole frame of the offer dialog: (made ahead, its text, a frame's text rendered anew)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    return record_sent(monkeypatch, (OfferBuilder,))


async def test_t_after_e_sends_the_frame_made_ahead_as_a_frame_rendered_anew(
    sent: Sent, frames: list[str]
) -> None:
    session = rich_position()
    app = ahead(session)
    # with the notices, as the command runs: each screen has a rack of them, which
    # Textual shows (or hides: no notice) on the dialog as it opens
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        builder = await refilled(app, pilot)
        for _ in range(40):  # the frame comes last, after the tint
            if builder._prepared is not None:
                break
            await pilot.pause(0.05)
        assert builder._prepared is not None
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "t")
        await pilot.pause(0.2)
        assert app.screen is builder
        assert [ahead for ahead, _text, _anew in sent] == [True]
        [(_ahead, text, anew)] = sent
        assert text == anew
        assert builder._prepared is None  # sent once
        assert dialog_look(app) == await fresh_dialog(session)
        # closed and opened again: made ahead again after the table's frame
        await press(pilot, "escape")
        await pilot.pause(0.5)
        sent.clear()
        await press(pilot, "t")
        await pilot.pause(0.2)
        assert [ahead for ahead, _text, _anew in sent] == [True]
        assert all(text == anew for _ahead, text, anew in sent)


async def test_a_move_after_the_frame_made_ahead_is_shown(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The position changes once the frame was made ahead, and ``t`` comes before any work
    ahead again: the frame made ahead is not sent, the dialog shows the new position."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        builder = await refilled(app, pilot)
        for _ in range(40):
            if builder._prepared is not None:
                break
            await pilot.pause(0.05)
        assert builder._prepared is not None
        monkeypatch.setattr(app_module, "AHEAD_AFTER_FRAME", 60.0)  # no work ahead from now on
        before = dumps(session)
        await press(pilot, "k", "1")  # Ann keeps a face-up card: her cards to give change
        assert dumps(session) != before
        await press(pilot, "t")
        await pilot.pause(0.2)
        assert app.screen is kept_builder(app)
        assert sent and not any(ahead for ahead, _text, _anew in sent)
        assert all(text == anew for _ahead, text, anew in sent)
        assert dialog_look(app) == await fresh_dialog(session)
        await press(pilot, "escape", "u")  # and back: the keep undone
        assert dumps(session) == before
        sent.clear()
        await press(pilot, "t")
        await pilot.pause(0.2)
        assert all(text == anew for _ahead, text, anew in sent)
        assert dialog_look(app) == await fresh_dialog(session)


@pytest.mark.parametrize("wait", [0.0, 0.02, 0.05, 0.1])
async def test_keys_during_the_work_ahead_are_answered_and_shown(sent: Sent, wait: float) -> None:
    """A move typed while the dialog is refilled, painted and its frame made ahead (at
    several moments of that work), then ``t``: the move is played, the dialog shows the
    position after it, and whatever frame is sent is the one rendered anew."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        await pilot.press("e")
        await pilot.pause(wait)
        before = dumps(session)
        await pilot.press("k", "1", "t")
        await pilot.pause(0.3)
        assert dumps(session) != before  # the keep was played
        assert isinstance(app.screen, OfferBuilder)
        assert sent and all(text == anew for _ahead, text, anew in sent)
        assert dialog_look(app) == await fresh_dialog(session)


async def test_a_notice_up_as_t_comes_is_shown_on_the_dialog(sent: Sent) -> None:
    """A notice raised after the frame was made ahead shows on the dialog as it opens
    (the frame made ahead has none)."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        builder = await refilled(app, pilot)
        for _ in range(40):
            if builder._prepared is not None:
                break
            await pilot.pause(0.05)
        assert builder._prepared is not None
        app.notify("A notice for the dialog", timeout=60)
        await press(pilot, "t")
        await pilot.pause(0.3)
        assert app.screen is builder
        assert "A notice for the dialog" in screen_text(app)
        assert sent and not sent[0][0]  # not the frame made ahead
        assert all(text == anew for _ahead, text, anew in sent)


async def test_after_e_the_offer_dialog_is_made_ready_before_the_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While ``t`` may open the offer dialog (after ``e`` it is the likely next key), the
    work ahead makes its frame first, then refills the lists and makes theirs and the
    help's; in phase 1 (no trade) the lists go at once."""
    from bohnanza_tui.ui.screens.flow import GameFlowScreen
    from bohnanza_tui.ui.screens.modal import Dialog

    done: list[str] = []
    prepare = Dialog._prepare_frame
    lists_ahead = GameFlowScreen.lists_ahead

    def prepared(self: Dialog[object], beneath: Watched[object]) -> None:
        prepare(self, beneath)
        done.append(type(self).__name__)

    def lists(self: GameFlowScreen) -> None:
        done.append("lists")
        lists_ahead(self)

    monkeypatch.setattr(Dialog, "_prepare_frame", prepared)
    monkeypatch.setattr(GameFlowScreen, "lists_ahead", lists)
    app = ahead(rich_position())
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        await pilot.pause(0.5)
        assert "lists" in done and "OfferBuilder" not in done  # phase 1: no trade
        done.clear()
        await press(pilot, "e")
        for _ in range(40):
            await pilot.pause(0.05)
            if "lists" in done and "ChoiceScreen" in done[done.index("lists") :]:
                break
        assert done[: done.index("lists")] == ["OfferBuilder"], done
        assert "HelpScreen" in done[done.index("lists") :]
        builder = kept_builder(app)
        assert builder._prepared is not None  # still ready for t
        await press(pilot, "t")
        await pilot.pause(0.2)
        assert app.screen is builder
