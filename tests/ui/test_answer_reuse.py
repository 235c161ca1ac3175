"""The answer dialogs and the privacy screen are kept and refilled at the next hand-over:
a kept one shows what a new one shows for the same offers, and answers the same.

Each scenario runs twice, in two apps given the same keys: once as the app runs (the
screens kept), once with nothing kept (every screen made anew, as before they were kept).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from ui_helpers import SIZE, classic, make_app, press, screen_text

from bohnanza_tui import i18n
from bohnanza_tui.commands.formatting import format_action
from bohnanza_tui.rules import KIND_OF, Phase
from bohnanza_tui.rules.actions import Action, MakeOffer
from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerAllScreen, AnswerScreen

ANN, BOB, CY = range(3)

Look = list[list[tuple[str, object]]]


def look(app: Any) -> Look:
    """The screen cell by cell: each character with its style (links and mouse data left out)."""
    rows = []
    for strip in app.screen._compositor.render_strips():
        row: list[tuple[str, object]] = []
        for text, style, control in strip:
            if not control:
                plain = style.clear_meta_and_links() if style is not None else None
                row += [(char, plain) for char in text]
        rows.append(row)
    return rows


async def type_command(pilot: Pilot[Any], text: str) -> None:
    await press(pilot, "colon")
    for char in text:
        await pilot.press("space" if char == " " else char)
    await press(pilot, "enter")


async def offer_to_bob(pilot: Pilot[Any], session: Session, face_up: int, card: int | None) -> None:
    """Ann offers a face-up card to Bob for the kind of one of his hand cards (None: as a
    gift), typed on the command line: the keyboard goes to him."""
    s = session.state
    want = () if card is None else (KIND_OF[s.players[BOB].hand[card]],)
    await type_command(pilot, format_action(s, MakeOffer(ANN, BOB, (s.face_up[face_up],), want)))
    assert isinstance(pilot.app.screen, PrivacyScreen)


async def first_answer(pilot: Pilot[Any], session: Session) -> Screen[Any]:
    """Ann turns the cards up and offers the first face-up card to Bob; Bob's dialog opens,
    and he declines; the keyboard is back with Ann. The dialog."""
    await press(pilot, "enter", "p", "p")
    assert session.state.phase is Phase.TRADE
    await offer_to_bob(pilot, session, 0, 0)
    await press(pilot, "enter")
    first = pilot.app.screen
    assert isinstance(first, AnswerScreen)
    await press(pilot, "n", "enter")
    assert isinstance(pilot.app.screen, TableScreen) and "Ann's hand" in screen_text(pilot.app)
    return first


Scenario = Callable[[Pilot[Any], Session], Awaitable[tuple[Screen[Any], Screen[Any]]]]


async def played(
    scenario: Scenario, keys: tuple[str, ...], keep: bool, size: tuple[int, int] = SIZE
) -> tuple[Look, list[Action], bool]:
    """Run ``scenario`` (it returns the first screen of its kind and the one to compare),
    read the screen, press ``keys``: what showed, the actions played by the keys, and
    whether the screen compared was the first one shown again."""
    session = classic()
    app = make_app(session)
    async with app.run_test(size=size) as pilot:
        first, shown = await scenario(pilot, session)
        assert app.screen is shown
        seen = look(app)
        before = len(session.log)
        await press(pilot, *keys)
        return seen, session.log[before:], shown is first


async def compared(
    monkeypatch: pytest.MonkeyPatch, scenario: Scenario, keys: tuple[str, ...], **kwargs: Any
) -> tuple[Look, list[Action]]:
    """The scenario with the screens kept, and again with every screen made anew: the
    same look and the same actions, and the kept run showed the first screen again."""
    kept = await played(scenario, keys, True, **kwargs)
    with monkeypatch.context() as patched:
        for cls in (AnswerScreen, AnswerAllScreen, PrivacyScreen):
            patched.setattr(cls, "POOL", 0)  # nothing kept: each one made for its opening
        new = await played(scenario, keys, False, **kwargs)
    assert kept[2] and not new[2]
    assert kept[0] == new[0]
    assert kept[1] == new[1]
    return kept[0], kept[1]


async def another_offer(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
    """A second offer to Bob (the other face-up card, for another of his kinds)."""
    first = await first_answer(pilot, session)
    await offer_to_bob(pilot, session, 1, 1)
    await press(pilot, "enter")
    return first, pilot.app.screen


async def test_a_kept_answer_dialog_shows_and_answers_another_offer_as_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _look, actions = await compared(monkeypatch, another_offer, ("a",))
    assert len(actions) == 1 and actions[0].give  # type: ignore[attr-defined]


async def test_a_kept_answer_dialog_at_another_size_shows_what_a_new_one_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def resized(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
        first = await first_answer(pilot, session)
        await pilot.resize_terminal(80, 24)  # compact: the dialog takes the whole screen
        await pilot.pause()
        await offer_to_bob(pilot, session, 1, 1)
        await press(pilot, "enter")
        return first, pilot.app.screen

    shown, actions = await compared(monkeypatch, resized, ("space", "a"))
    assert len(shown) == 24
    assert actions == []  # the card asked for unpicked: it can't be accepted so


async def test_an_answer_dialog_made_in_another_language_is_not_shown_again() -> None:
    async def german(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
        first = await first_answer(pilot, session)
        i18n.set_language("de")  # as the set-up screen switches it between two games
        await offer_to_bob(pilot, session, 1, 1)
        await press(pilot, "enter")
        return first, pilot.app.screen

    try:
        _look, actions, same = await played(german, ("n",), True)
        assert not same  # made anew, in German
        assert i18n._("You give (Space picks):") != "You give (Space picks):"
    finally:
        i18n.set_language("en")
    assert len(actions) == 1


async def test_a_gift_is_answered_in_a_dialog_of_its_own_shape(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def gifts(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
        await first_answer(pilot, session)
        await offer_to_bob(pilot, session, 1, None)
        await press(pilot, "enter")
        gift = pilot.app.screen
        assert "wants to give you" in screen_text(pilot.app)
        await press(pilot, "n", "enter")
        await offer_to_bob(pilot, session, 0, None)  # another gift
        await press(pilot, "enter")
        return gift, pilot.app.screen

    _look, actions = await compared(monkeypatch, gifts, ("a",))
    assert len(actions) == 1 and actions[0].give == ()  # type: ignore[attr-defined]


async def bids(pilot: Pilot[Any], bob: tuple[str, ...], cy: tuple[str, ...]) -> None:
    """Bob, then Cy bid to Ann (the keys in their bid's dialog after it opens)."""
    await press(pilot, "B", "1", "enter", *bob, "ctrl+s")
    assert "Someone else bids first: B" in screen_text(pilot.app)
    await press(pilot, "B", "2", "enter", *cy, "ctrl+s")
    assert "2 bids are in for you" in screen_text(pilot.app)
    await press(pilot, "enter")


async def other_bids(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
    await press(pilot, "enter", "p", "p")
    await bids(pilot, (), ("space",))  # as proposed; Cy adds her front card
    first = pilot.app.screen
    assert isinstance(first, AnswerAllScreen)
    await press(pilot, "2", "n")  # one marked, then all declined: the marks are forgotten
    assert isinstance(pilot.app.screen, TableScreen)
    # other bids: Bob gives his second card for nothing, Cy her first for the proposed kind
    await bids(
        pilot,
        ("down", "space", "down", "down", "space", "tab", "left"),
        ("space", "down", "down", "down", "space"),
    )
    return first, pilot.app.screen


async def test_a_kept_dialog_of_all_offers_shows_and_answers_other_bids_as_a_new_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _look, actions = await compared(monkeypatch, other_bids, ("1", "s"))
    assert len(actions) == 2  # Bob's gift taken, Cy's bid declined
    assert [type(a).__name__ for a in actions] == ["Accept", "Decline"]


async def test_a_kept_privacy_screen_shows_what_a_new_one_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def hand_overs(pilot: Pilot[Any], session: Session) -> tuple[Screen[Any], Screen[Any]]:
        await press(pilot, "enter", "p", "p", "B", "1", "enter", "space", "tab", "ctrl+s")
        first = pilot.app.screen
        assert isinstance(first, PrivacyScreen) and "Someone else bids first: B" in screen_text(
            pilot.app
        )
        await press(pilot, "enter", "n")  # Ann declines Bob's bid
        await offer_to_bob(pilot, session, 0, 0)
        assert "Someone else bids first" not in screen_text(pilot.app)
        return first, pilot.app.screen

    _look, actions = await compared(monkeypatch, hand_overs, ("enter", "n"))
    assert [type(a).__name__ for a in actions] == ["Decline"]
