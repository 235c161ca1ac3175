"""The hint key ``n``: what the strong computer player would do now, with its reason.

Shown to the person at the keyboard, never played; searched in a worker thread;
a hint for a position that changed meanwhile is dropped; off when the game's
set-up turned hints off; never for nobody (the privacy screen) or for a person
with nothing to decide.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import SIZE, classic, from_state, make_app, notice, press, screen_text

from bohnanza_tui.rules.actions import MakeOffer
from bohnanza_tui.rules.save import OptionsRecord
from bohnanza_tui.rules.state import GameState
from bohnanza_tui.ui import hints
from bohnanza_tui.ui.screens.table import TableScreen

RULES_TESTS = str(Path(__file__).resolve().parent.parent / "rules")
if RULES_TESTS not in sys.path:
    sys.path.append(RULES_TESTS)

from rules_helpers import make_state  # noqa: E402

ROOM_HINT = "Harvest the garden field for 3 coins: the green needs its room."


@pytest.fixture(autouse=True)
def _fixed_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search of a fixed size: the same hint on every run, however busy the machine."""
    monkeypatch.setattr(TableScreen, "hint_search", {"max_samples": 3})


def crowded() -> GameState:
    """R-BASE-7: Ann must plant a green bean that fits no field; the full garden field sells."""
    return make_state(
        n=3,
        hands={0: ["green", "wax"]},
        fields={0: [["garden"] * 3, ["red"] * 3, ["blue"] * 4]},
    )


async def ask_hint(pilot: Pilot) -> None:
    await press(pilot, "n")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_n_shows_the_hint_and_its_reason_and_plays_nothing() -> None:
    session = from_state(crowded())
    before = session.state.copy()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert " n Hint " in screen_text(app)
        await ask_hint(pilot)
        text = screen_text(app)
        assert "Hint for Ann" in text and ROOM_HINT in text
        assert "as a command: harvest 1" in text
        assert session.log == [] and session.state == before  # shown, never played
        await press(pilot, "n")  # n again hides it
        assert ROOM_HINT not in screen_text(app) and session.log == []


async def test_the_hint_is_searched_off_the_ui_thread_and_a_stale_one_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release, threads = threading.Event(), []
    real_ask = hints.ask

    def slow_ask(*args: Any) -> hints.HintText | None:
        threads.append(threading.current_thread().name)
        release.wait(10)
        return real_ask(*args)

    monkeypatch.setattr(hints, "ask", slow_ask)
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "n")
        assert "Thinking…" in screen_text(app)  # the table still takes keys meanwhile
        await press(pilot, "p")  # Ann plants: the position the hint was asked for is gone
        assert len(session.log) == 1 and "Thinking…" not in screen_text(app)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Hint for Ann" not in text and "as a command" not in text
        assert threads and all(name != "MainThread" for name in threads)


async def test_hints_turned_off_at_the_set_up_are_refused_with_a_reason() -> None:
    session = from_state(crowded())
    session.options = OptionsRecord(hints=False)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert " n Hint " not in screen_text(app)
        await press(pilot, "n")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Hints are off in this game: its set-up turned them off." in notice(app)
        text = screen_text(app)
        assert ROOM_HINT not in text and "Hint for Ann" not in text


async def test_no_hint_for_nobody_nor_for_a_person_with_nothing_to_decide() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        # behind the privacy screen nobody holds the keyboard: no hint for anyone
        assert table.hs.holder is None and not table.check_action("hint", ())
        await press(pilot, "n")
        assert "Hint for" not in screen_text(app)
        await press(pilot, "enter")
        assert table.check_action("hint", ())
        # Bob has nothing to decide in Ann's phase 1: nothing to hint at
        table.hs.holder = 1
        assert not table.check_action("hint", ()) and not table.check_action("hint_off", ())


async def test_the_hint_speaks_the_players_language() -> None:
    from bohnanza_tui import i18n

    i18n.set_language("de")
    app = make_app(from_state(crowded()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await ask_hint(pilot)
        text = screen_text(app)
    assert "Tipp für Ann" in text and "Gartenbohne" in text and ROOM_HINT not in text


def test_hint_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot) -> None:
        await press(pilot, "enter")
        await ask_hint(pilot)

    app = make_app(from_state(crowded()))
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


async def test_a_hinted_offer_once_made_is_not_hinted_again() -> None:
    """R-BASE-8: Ann makes the offer the hint suggested; asked again, the hint moves on."""
    from bohnanza_tui.rules.state import Phase

    state = make_state(
        n=3,
        hands={0: ["blue", "blue"]},
        fields={0: [["blue"] * 3, ["chili"] * 3], 1: [["stink"] * 2, ["wax"]]},
        face_up=["stink", "chili"],
        phase=Phase.TRADE,
    )
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await ask_hint(pilot)
        text = " ".join(screen_text(app).split())
        command = text.split("as a command: ")[1].split(" ╰")[0].split(" │")[0].strip()
        assert command.startswith(("offer", "donate")), command
        await press(pilot, "n", "colon")
        for ch in command:
            await pilot.press("space" if ch == " " else ch)
        await press(pilot, "enter", "escape")
        # made (those who can't meet it decline it at once: it may be closed already)
        assert any(isinstance(a, MakeOffer) and a.player == 0 for a in session.log)
        await ask_hint(pilot)
        again = " ".join(screen_text(app).split())
        assert "as a command: " + command not in again


async def offer_to_bob(pilot: Pilot) -> None:
    """Ann offers her face-up wax to Bob for a soy; Bob takes the keyboard: his answer
    dialog opens by itself (``n`` declines there)."""
    await press(pilot, "enter", "p", "p", "t")
    await press(pilot, "down", "space", "tab", *["down"] * 6, "right", "tab", "down", "enter")
    await press(pilot, "ctrl+s", "enter")


async def test_h_hints_in_the_answer_dialog_from_the_answerers_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bohnanza_tui.rules.views import view
    from bohnanza_tui.ui.screens.trade import AnswerHint, AnswerScreen

    monkeypatch.setattr(AnswerHint, "hint_search", {"max_samples": 3})
    seen: list[tuple[GameState, int]] = []
    real_ask = hints.ask

    def noted(game_view: GameState, player: int, *args: Any) -> hints.HintText | None:
        seen.append((game_view, player))
        return real_ask(game_view, player, *args)

    monkeypatch.setattr(hints, "ask", noted)
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await offer_to_bob(pilot)
        assert isinstance(app.screen, AnswerScreen)
        assert " h Hint " in screen_text(app)
        log = list(session.log)
        await press(pilot, "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Hint for Bob" in text and "h hides it" in text
        assert isinstance(app.screen, AnswerScreen) and session.log == log  # nothing played
        # the search saw Bob's view only: Ann's hand hidden
        assert seen == [(view(session.state, 1), 1)]
        assert seen[0][0] != session.state
        await press(pilot, "h")  # h again hides it
        assert "Hint for Bob" not in screen_text(app)


async def test_no_hint_key_in_the_answer_dialog_when_hints_are_off() -> None:
    from bohnanza_tui.ui.screens.trade import AnswerScreen

    session = classic()
    session.options = OptionsRecord(hints=False)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await offer_to_bob(pilot)
        assert isinstance(app.screen, AnswerScreen)
        assert " h Hint " not in screen_text(app)
        await press(pilot, "h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Hint for Bob" not in screen_text(app)
        assert isinstance(app.screen, AnswerScreen)
