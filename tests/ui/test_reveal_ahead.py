"""The table shown ahead behind the privacy screen (``GameFlowScreen._reveal_ahead``).

While the privacy screen hands the keyboard on, the table is refreshed for the next
person, laid out and painted unseen, so that their Enter only sends a frame. Nothing of
their hand may reach the terminal before that Enter; after it the terminal shows what a
full repaint shows; keys pressed on the privacy screen are answered as ever.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from test_dialog_frames import Sent, record_sent
from test_privacy import hand_text
from test_terminal_output import Written, differences, settled
from textual.pilot import Pilot
from ui_helpers import SIZE, classic, make_app, press, screen_text

from bohnanza_tui.commands.formatting import format_action
from bohnanza_tui.rules import KIND_OF
from bohnanza_tui.rules.actions import MakeOffer
from bohnanza_tui.rules.save import Session, loads
from bohnanza_tui.ui.screens.modal import _POOLS, Dialog
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerAllScreen, AnswerScreen, OfferBuilder

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_ui

ANN, BOB, CY = range(3)


class Screens(Written):
    """The writes, and the terminal's text after each of them."""

    def __init__(
        self, app: Any, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = SIZE
    ) -> None:
        super().__init__(app, monkeypatch, size)
        self.texts: list[str] = []

    def _write(self, data: str) -> None:
        super()._write(data)
        self.texts.append("\n".join(self.terminal.rows()))


@asynccontextmanager
async def game_ahead(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = SIZE
) -> AsyncIterator[tuple[Session, Any, Screens, Pilot[Any]]]:
    """A classic game with the work ahead on, Ann's hand shown and her two plants made;
    every write from then on read by a terminal (``Screens``)."""
    session = classic()
    app = make_app(session)
    app.ahead = True
    written = Screens(app, monkeypatch, size)
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter", "p", "p")
        written.start()
        yield session, app, written, pilot


async def offer_to_bob(pilot: Pilot[Any], face_up: int, card: int) -> None:
    """Ann offers a face-up card to Bob for the kind of one of his hand cards."""
    hs = pilot.app.hotseat  # type: ignore[attr-defined]
    s = hs.state
    want = (KIND_OF[s.players[BOB].hand[card]],)
    text = format_action(s, MakeOffer(ANN, BOB, (s.face_up[face_up],), want))
    await press(pilot, "colon", *("space" if c == " " else c for c in text), "enter")
    assert isinstance(pilot.app.screen, PrivacyScreen)


def unseen(written: Screens, since: int, app: Any, player: int) -> None:
    """Nothing of ``player``'s hand was on the terminal after any write since ``since``."""
    name = app.hotseat.state.players[player].name
    cards = hand_text(app, player)
    for text in written.texts[since:]:
        assert f"{name}'s hand" not in text
        assert cards not in text


async def revealed(pilot: Pilot[Any], written: Screens, player: int) -> None:
    """The privacy screen shows and the work ahead is done: the table was shown ahead to
    ``player`` (unseen), and not a byte went to the terminal for it."""
    app = pilot.app
    await settled(pilot)  # type: ignore[arg-type]
    before = len(written.writes)
    await pilot.pause(0.4)
    assert isinstance(app.screen, PrivacyScreen)
    assert app.hotseat.holder == player  # type: ignore[attr-defined]
    assert len(written.writes) == before


async def repainted_after(pilot: Pilot[Any], written: Screens, *keys: str) -> None:
    for key in keys:
        await press(pilot, key)
        await settled(pilot)  # type: ignore[arg-type]
        assert not differences(written.terminal, written.repainted()), key


async def test_the_next_hand_never_reaches_the_terminal_before_enter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two offers to Bob: from each hand-over to Bob's Enter, no write puts his hand on the
    terminal, though the table was shown to him ahead; after Enter the terminal shows
    what a full repaint shows (the answer dialog over his table), and his answer plays."""
    async with game_ahead(monkeypatch) as (session, app, written, pilot):
        await settled(pilot)  # type: ignore[arg-type]
        for face_up, card, answer in ((0, 0, "n"), (1, 1, "n")):
            since = len(written.texts)
            await offer_to_bob(pilot, face_up, card)
            await revealed(pilot, written, BOB)
            unseen(written, since, app, BOB)
            await repainted_after(pilot, written, "enter")
            assert isinstance(app.screen, AnswerScreen) and app.screen.player == BOB
            assert "Bob's hand" in "\n".join(written.terminal.rows())
            since = len(written.texts)
            await repainted_after(pilot, written, answer)  # the privacy screen for Ann
            await revealed(pilot, written, ANN)
            unseen(written, since, app, ANN)
            await repainted_after(pilot, written, "enter")
            assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
        names = [type(a).__name__ for a in session.log[-4:]]
        assert names == ["MakeOffer", "Decline", "MakeOffer", "Decline"]


@pytest.mark.parametrize("wait", [0.0, 0.005, 0.03])
async def test_enter_during_the_work_ahead_shows_the_table_as_ever(
    monkeypatch: pytest.MonkeyPatch, wait: float
) -> None:
    """Enter pressed at once, or while the table is being made ready for Bob: his dialog
    opens over his table as a full repaint shows it, and answers as ever."""
    async with game_ahead(monkeypatch) as (session, app, written, pilot):
        await settled(pilot)  # type: ignore[arg-type]
        await offer_to_bob(pilot, 0, 0)
        await pilot.pause(wait)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, AnswerScreen) and app.screen.player == BOB
        await repainted_after(pilot, written, "n")
        assert isinstance(app.screen, PrivacyScreen)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
        assert type(session.log[-1]).__name__ == "Decline"


async def test_someone_else_bids_first_hides_the_table_shown_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B on the privacy screen that hands Ann her bids, after the table was shown to her
    ahead: her hand is hidden again (never on the terminal), Cy bids, and the bids are
    answered together as ever."""
    async with game_ahead(monkeypatch) as (session, app, written, pilot):
        await press(pilot, "B", "1", "enter", "space", "tab", "right", "ctrl+s")
        since = len(written.texts)
        await revealed(pilot, written, ANN)
        await repainted_after(pilot, written, "B")  # someone else bids first
        assert app.hotseat is not None and app.hotseat.holder is None
        await repainted_after(pilot, written, "2")  # Cy
        assert "Cy makes a bid to Ann." in screen_text(app)
        await press(pilot, "enter", "space", "tab", "ctrl+s")  # a gift of Cy's front card
        await revealed(pilot, written, ANN)
        unseen(written, since, app, ANN)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        await press(pilot, "1", "s")  # Bob's bid taken, Cy's declined
        assert len(session.state.players[ANN].received) == 1
        assert session.state.offers == []


# -- the bidder's Enter: the table shown ahead to them, the bid's dialog made over it ----


def kept(app: Any, kind: type[Dialog[Any]]) -> list[Any]:
    """The dialogs of ``kind`` the app keeps (``Dialog.reused``)."""
    return list(_POOLS.get(app, {}).get(kind, []))


def bid_frame_made(app: Any, bidder: int) -> None:
    """The table was shown ahead to ``bidder`` behind their privacy screen, and the bid's
    dialog has its whole frame made over that table, for what it shows now."""
    [builder] = [b for b in kept(app, OfferBuilder) if b.bid]
    table = app.screen_stack[-2]
    assert isinstance(app.screen, PrivacyScreen) and isinstance(table, TableScreen)
    assert app.hotseat.holder == bidder and table._shown_ahead == bidder
    assert builder.player == bidder and builder.bid
    assert builder._prepared is not None
    assert builder._prepared[0] == builder._frame_key(table)


async def bid_opened(pilot: Pilot[Any], written: Screens, sent: Sent, bidder: int) -> None:
    """Enter on the bidder's privacy screen: their bid's dialog opens with the frame made
    ahead, the text of a frame rendered anew, and the terminal shows what a full repaint
    shows."""
    sent.clear()
    await press(pilot, "enter")
    await settled(pilot)  # type: ignore[arg-type]
    app = pilot.app
    assert isinstance(app.screen, OfferBuilder) and app.screen.player == bidder
    assert [made for made, _text, _anew in sent] == [True]
    assert all(text == anew for _made, text, anew in sent)
    assert not differences(written.terminal, written.repainted())
    state = app.hotseat.state  # type: ignore[attr-defined]
    shown = "\n".join(written.terminal.rows())
    assert f"Bid to {state.players[ANN].name} — {state.players[bidder].name}" in shown
    if written.size == SIZE:  # (at 80x24 the dialog covers the table)
        assert f"{state.players[bidder].name}'s hand" in shown


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_the_bidders_hand_never_reaches_the_terminal_before_their_enter(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Bob bids, then Cy (B on Ann's privacy screen): from each hand-over to the bidder's
    Enter no write puts their hand (or Ann's) on the terminal, though the table was shown
    to them ahead and their bid's dialog made over it; Enter sends that frame, and the
    terminal shows what a full repaint shows. The bids are answered as ever."""
    sent = record_sent(monkeypatch, (OfferBuilder,))
    async with game_ahead(monkeypatch, size) as (session, app, written, pilot):
        since = len(written.texts)
        await press(pilot, "B", "1")  # Bob
        await revealed(pilot, written, BOB)
        bid_frame_made(app, BOB)
        unseen(written, since, app, BOB)
        await bid_opened(pilot, written, sent, BOB)
        since = len(written.texts)
        await repainted_after(pilot, written, "space", "tab", "right", "ctrl+s")
        assert "Pass the keyboard to Ann" in screen_text(app)
        await revealed(pilot, written, ANN)
        await repainted_after(pilot, written, "B")  # Cy bids first: Ann's hand hidden
        assert app.hotseat.holder is None
        await repainted_after(pilot, written, "2")  # Cy
        await revealed(pilot, written, CY)
        bid_frame_made(app, CY)
        unseen(written, since, app, ANN)
        unseen(written, since, app, CY)
        await bid_opened(pilot, written, sent, CY)
        await press(pilot, "space", "tab", "ctrl+s")  # a gift of Cy's front card
        await revealed(pilot, written, ANN)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        await press(pilot, "1", "s")  # Bob's bid taken, Cy's declined
        assert len(session.state.players[ANN].received) == 1
        assert session.state.offers == []


@pytest.mark.parametrize("wait", [0.0, 0.005, 0.02, 0.05])
async def test_the_bidders_enter_during_the_work_ahead_opens_their_bid_as_ever(
    monkeypatch: pytest.MonkeyPatch, wait: float
) -> None:
    """Enter pressed at once, or while the table and the bid's dialog are made ready for
    Bob: his bid's dialog opens over his table as a full repaint shows it, whatever frame
    it sends is the one rendered anew, and the bid plays."""
    sent = record_sent(monkeypatch, (OfferBuilder,))
    async with game_ahead(monkeypatch) as (session, app, written, pilot):
        await press(pilot, "B", "1")
        await pilot.pause(wait)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, OfferBuilder) and app.screen.player == BOB
        assert "Bob's hand" in screen_text(app)
        assert sent and all(text == anew for _made, text, anew in sent)
        await repainted_after(pilot, written, "space", "tab", "right", "ctrl+s")
        assert isinstance(app.screen, PrivacyScreen)
        assert isinstance(session.log[-1], MakeOffer) and session.log[-1].player == BOB


async def test_other_keys_on_the_bidders_privacy_screen_keep_their_hand_hidden(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After the table was shown ahead to Bob behind his privacy screen: Escape, B and
    another bidder's number change nothing there; the help opens over the privacy screen
    and closes; his bid cancelled hides his hand again and hands the keyboard back to Ann.
    Nothing of his hand reaches the terminal before his Enter, nor of Ann's before hers."""
    async with game_ahead(monkeypatch) as (session, app, written, pilot):
        since = len(written.texts)
        await press(pilot, "B", "1")
        await revealed(pilot, written, BOB)
        for key in ("escape", "B", "2", "question_mark"):
            await repainted_after(pilot, written, key)
        assert not isinstance(app.screen, PrivacyScreen)  # the help, over it
        assert "Pass the keyboard to Bob" not in screen_text(app)
        await repainted_after(pilot, written, "question_mark")  # closed
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Bob" in screen_text(app)
        unseen(written, since, app, BOB)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, OfferBuilder) and app.screen.player == BOB
        since = len(written.texts)
        await repainted_after(pilot, written, "escape")  # no bid after all
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Ann" in screen_text(app)
        await revealed(pilot, written, ANN)
        # Bob's dialog shows until Ann's privacy screen covers it (the kept privacy screen's
        # new texts may come first, in a frame of their own): from then on, neither hand
        since = next(
            i
            for i, t in enumerate(written.texts)
            if i >= since and "keyboard to Ann" in t and "Bob's hand" not in t
        )
        unseen(written, since, app, BOB)
        unseen(written, since, app, ANN)
        await repainted_after(pilot, written, "enter")
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
        assert not any(isinstance(a, MakeOffer) for a in session.log)


# -- a late game: the log scrolled ahead too ------------------------------------------


async def test_in_a_late_game_each_hand_over_enter_sends_one_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The benchmark's late Bohn Voyage game and its hand-overs (an offer answered, two
    bids, answered together): the log overflows, and the table laid out for the next
    person gives it another height. Behind the privacy screen the log is scrolled to its
    last line with the rest of the table (it scrolled a frame after the table's, as the
    table resumed), and the table's first widget that takes the focus has it (Textual's
    auto focus as the table resumed restyled it a frame later: the command line closed
    with the offer had it), so each Enter sends one frame after the privacy screen's
    pressed button, and the terminal shows what a full repaint shows."""
    (_kind, plant) = bench_ui.voyage_positions(1)[0]
    steps = bench_ui.hand_over_steps(plant)
    app = make_app(loads(plant))
    app.ahead = True
    written = Screens(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "1", "e")
        written.start()
        checked = []
        for step in steps:
            if not step.label.startswith("Enter"):
                await press(pilot, *bench_ui.pilot_keys(step))
                await settled(pilot)  # type: ignore[arg-type]
                continue
            await pilot.pause(0.4)  # the work ahead
            assert isinstance(app.screen, PrivacyScreen) and app.hotseat.holder is not None
            before = len(written.writes)
            await repainted_after(pilot, written, "enter")
            await pilot.pause(0.3)
            sent = written.writes[before:]
            assert len(sent) == 2 and "show my hand" in sent[0], step.label
            assert not differences(written.terminal, written.repainted())
            assert step.expect is not None and step.expect in screen_text(app)
            checked.append(step.label)
        assert checked == [
            "Enter: answer",
            "Enter: table",
            "Enter: bid",
            "Enter: bid",
            "Enter: answer all",
        ]
