"""Guatemala Café at the table, played by keys (docs/CAFE.md, ui/screens/cafe.py).

A whole 2-player game of a person against a computer player; two people at one
keyboard with the blocking question (R-CAFE-20) behind the privacy screen; the
set-up screen starting a cafe game; a cafe save resumed; refusals shown with
their rule id (D-CAFE-20).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from ui_helpers import PatientApp, log_text, press, screen_text

from bohnanza_tui import i18n
from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.cafe import ACT, BLOCK, MOVE, REFILL
from bohnanza_tui.rules.cafe_session import CafeSession
from bohnanza_tui.rules.save import load_any_file
from bohnanza_tui.seating.seats import COMPUTER, Seat
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.cafe import CafeScreen
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import TextScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.setup import SetupScreen

SIZE = (120, 40)
SMALL = (80, 24)


def cafe_app(
    seed: int = 3, people: int = 1, autosave: Path | None = None, level: str = "basic"
) -> PatientApp:
    names = ["Ann", "Bob"]
    session = CafeSession.new(names, seed)
    seats = [Seat("Ann"), Seat("Bob") if people == 2 else Seat("Bob", COMPUTER, level)]
    return PatientApp(session, seats=seats, autosave=autosave, bot_factory=None, bot_delay=0)


def table(app: BohnanzaApp) -> CafeScreen:
    return next(s for s in app.screen_stack if isinstance(s, CafeScreen))


async def settle(pilot: Pilot, app: BohnanzaApp) -> None:
    """Let the computer player move until a person is asked or the game is over."""
    for _ in range(200):
        await pilot.pause()
        state = app.session.state  # type: ignore[union-attr]
        waiting = cafe.next_to_act(state)
        if waiting is None or waiting == 0 or not isinstance(app.screen, CafeScreen):
            return


async def test_a_whole_game_against_a_computer_by_keys() -> None:
    """R-CAFE-8..25: the person moves the buyer (m), picks from the row's list and the
    targets (1), answers the blocking question and the refill (1), until the game ends."""
    app = cafe_app(seed=3)
    keys = 0
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert isinstance(session, CafeSession)
        for _ in range(3000):
            await settle(pilot, app)
            if session.state.over:
                break
            screen = app.screen
            if isinstance(screen, ChoiceScreen):
                await press(pilot, screen.keys[0] or "enter")  # the first allowed entry
            elif isinstance(screen, CafeScreen) and session.state.phase == MOVE:
                await press(pilot, "m")
            elif isinstance(screen, CafeScreen) and session.state.phase == ACT:
                await press(pilot, "b")  # the row's list again (it opens by itself after m)
            elif isinstance(screen, CafeScreen):
                await press(pilot, "a")
            else:
                raise AssertionError(f"unexpected screen {screen!r}")
            keys += 1
        assert session.state.over, "the game did not end"
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)  # the ranking
        text = screen_text(app)
        assert "Ann" in text and "Bob" in text and "points" in text and "New game" in text
        await press(pilot, "n")
        assert isinstance(app.screen, SetupScreen)
        # the log names every action; the person built and scored by keys
        people = [a for a in session.log if a.player == 0]
        assert any(type(a).__name__ == "Build" for a in people)
        assert any(type(a).__name__ == "ScoreSack" for a in people)
        assert keys > 0


async def test_two_people_pass_the_blocking_question_behind_the_privacy_screen() -> None:
    """R-CAFE-20, D-CAFE-18: Ann scores; Bob is asked behind the privacy screen, which shows
    no sacks of anyone; Bob's dialog shows his own sacks only; then the keyboard goes back."""
    app = cafe_app(seed=3, people=2)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert isinstance(session, CafeSession)
        assert isinstance(app.screen, PrivacyScreen)  # the first person is asked to come
        await press(pilot, "enter")
        ann = session.state.players[0].sacks[:]
        bob = session.state.players[1].sacks[:]
        text = screen_text(app)
        assert "your sacks" in text and "12 sacks (secret)" in text  # Ann sees her own only
        await press(pilot, "m")
        assert isinstance(app.screen, ChoiceScreen)
        assert "score the brown coffee sack" in screen_text(app)
        await press(pilot, "1")  # score the sack on place 1
        assert session.state.phase == BLOCK and session.state.asking == 1
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Bob" in text and "block" in text
        assert "your sacks" not in text
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "block?" in text and f"you have {bob[4]}" in text
        await press(pilot, "escape")  # the table beneath: Bob's sacks, not Ann's
        text = screen_text(app)
        assert "Bob (you)" in text and "Ann (you)" not in text
        await press(pilot, "a", "1")  # let it pass
        assert session.state.phase == REFILL
        assert isinstance(app.screen, PrivacyScreen)  # back to Ann for the refill
        await press(pilot, "enter", "1")
        assert session.state.phase == MOVE and session.state.active == 1
        assert sum(session.state.players[0].sacks) == sum(ann) - 1
        assert isinstance(app.screen, PrivacyScreen)  # Bob's turn


async def test_a_refused_key_names_its_rule() -> None:
    """D-CAFE-20: a refused option says why, with the rule id, and changes nothing."""
    app = cafe_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "m")
        assert isinstance(app.screen, ChoiceScreen)
        # the row's ship has no plantation to sail for yet: refused with its rule
        assert "R-CAFE-16" in screen_text(app)
        await press(pilot, "escape", "e")  # nothing built yet: e is not a key now
        session = app.session
        assert isinstance(session, CafeSession)
        assert session.state.phase == ACT and session.state.built == 0


async def test_the_command_bar_takes_the_cafe_commands() -> None:
    app = cafe_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert isinstance(session, CafeSession)
        await press(pilot, "colon", *"move", "enter")
        assert session.state.phase == ACT
        assert isinstance(app.screen, CafeScreen)  # a typed command opens no list
        await press(pilot, *"build 2 Z9", "enter")
        assert session.state.built == 0  # not a field: the command's own error
        await press(pilot, *"build 2 D4", "enter")
        assert session.state.built == 1
        assert "Done" in screen_text(app)


async def test_the_setup_screen_starts_a_cafe_game(tmp_path: Path) -> None:
    app = BohnanzaApp(autosave=tmp_path / "autosave.json", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "Guatemala Café (2-4 players)" in screen_text(app)
        from bohnanza_tui.ui.toggles import Cycle, RadioList

        screen.query_one("#mode", RadioList).value = "cafe"
        await pilot.pause()
        side = screen.query_one("#setup-side", Cycle)
        assert side.display and not screen.query_one("#setup-offers", Cycle).display
        side.value = "variable"  # R-CAFE-4
        await pilot.pause()
        screen.action_start()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.session, CafeSession) and app.session.side == "variable"
        assert any(isinstance(s, CafeScreen) for s in app.screen_stack)
    assert (tmp_path / "autosave.json").exists()


async def test_a_cafe_game_is_saved_and_resumed(tmp_path: Path) -> None:
    autosave = tmp_path / "autosave.json"
    app = cafe_app(seed=3, autosave=autosave)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "m", "1")
        await pilot.pause()
        played = len(app.session.log)  # type: ignore[union-attr]
    assert played >= 2
    saved = load_any_file(autosave)
    assert isinstance(saved, CafeSession) and len(saved.log) == played
    again = BohnanzaApp(autosave=autosave, bot_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        again.action_resume()
        await pilot.pause()
        assert isinstance(again.session, CafeSession)
        assert len(again.session.log) >= played
        assert "Game resumed" in log_text(again)


async def test_the_table_fits_80x24() -> None:
    """Every part shows at 80x24: the board's rows, the buyer's row, the track, the players."""
    app = cafe_app(seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for part in ("A ", "F ", "≋r0", "Score track", "Ann", "Bob", " 8 ", "Move buyer"):
            assert part in text, part
        screen = table(app)
        for wid in screen.query("#cafe-main Static, #log"):
            assert wid.region.height >= 1 or not wid.display, wid.id
        assert screen.query_one("#cafe-row").region.height >= 9
        assert screen.query_one("#cafe-players-short").region.height == 3  # a line each, sacks
        assert screen.query_one("#log").region.height >= 5


LANGUAGES = ["en", *(lang for lang in ("de", "nl", "bg") if lang in i18n.available_languages())]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [SMALL, SIZE])
async def test_four_players_fit_in_every_language(lang: str, size: tuple[int, int]) -> None:
    """Every player, the whole board, the whole growing area and the keys show at 80x24 and
    120x40 in each language; the person's own sacks show, nobody else's (D-CAFE-18)."""
    i18n.choose_language(lang)
    try:
        names = ["Ann", "Bob", "Cy", "Dee"]
        session = CafeSession.new(names, 5)
        seats = [Seat("Ann"), *(Seat(n, COMPUTER) for n in names[1:])]
        app = PatientApp(session, seats=seats, autosave=None, bot_factory=None, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            text = screen_text(app)
            lines = text.splitlines()
            for name in names:
                assert name in text, name
            assert any(line.startswith("F ") or "│ F " in line for line in lines)  # the board
            assert " 8 " in text and "≋n0" in text  # the row 8, the last harbor
            assert text.count("(r)") >= 2  # the legend or the own sacks, and the row
            assert i18n._("Move buyer") in text
            screen = table(app)
            for wid in screen.query("#cafe-main Static"):
                if wid.display and wid.id != "cafe-legend":
                    assert wid.region.height >= wid.virtual_size.height, wid.id
    finally:
        i18n.choose_language("en")


async def test_undo_takes_back_a_piece_of_the_turn() -> None:
    """u takes back the last piece built this turn (CafeSession's undo); the row shows it again."""
    app = cafe_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert isinstance(session, CafeSession)
        await press(pilot, "m", "2", "1")  # the hut on place 2, on its first site
        assert session.state.built == 1
        await press(pilot, "escape", "u")
        assert session.state.built == 0 and session.state.phase == ACT
        assert "taken back" in log_text(app)


async def test_the_hint_key_names_a_legal_move() -> None:
    """n: the strong computer player's move, as a command that the rules allow now."""
    from bohnanza_tui.commands import cafe as commands

    app = cafe_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert isinstance(session, CafeSession)
        await press(pilot, "n")
        line = log_text(app).split("would: ")[-1].strip()
        action = commands.parse(session.state, 0, line)
        assert cafe.check(session.state, action) is None


#: the keys a monkey presses at the cafe table: its own, the lists', the dialogs', typing
MONKEY_KEYS = [*"mMpbseaun123456789abcdefghijkxyz", "enter", "escape", "space", "tab", "up"]
MONKEY_KEYS += ["down", "colon", "backspace", "question_mark", "ctrl+s"]


@pytest.mark.parametrize("seed", [1, 2])
async def test_random_keys_keep_every_piece_and_the_autosave(seed: int, tmp_path: Path) -> None:
    """Hostile keys (two people and a computer): nothing raises, every piece, sack and
    Centavo stays accounted for (``cafe.inventory``), and the autosave holds the game shown."""
    import random

    rng = random.Random(seed)
    autosave = tmp_path / "autosave.json"
    session = CafeSession.new(["Ann", "Bob", "Cy"], seed)
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy", COMPUTER, "random")]
    app = PatientApp(session, seats=seats, autosave=autosave, bot_factory=None, bot_delay=0)
    start = cafe.inventory(session.state)
    async with app.run_test(size=rng.choice([SIZE, SMALL])) as pilot:
        for step in range(150):
            key = rng.choice(MONKEY_KEYS)
            await pilot.press(key)
            await pilot.pause()
            if key == "ctrl+s" or (isinstance(app.screen, TextScreen) and rng.random() < 0.5):
                await pilot.press("escape")
            state = app.session.state  # type: ignore[union-attr]
            assert cafe.inventory(state) == start, step
        app._autosave_due()
        shown = app.session
        assert isinstance(shown, CafeSession) and len(shown.log) >= 3  # it got somewhere
        saved = load_any_file(autosave)
        assert isinstance(saved, CafeSession) and saved.state == shown.state


async def test_help_shows_this_games_keys_and_commands() -> None:
    app = cafe_app(seed=3)
    async with app.run_test(size=SMALL) as pilot:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, TextScreen)
        text = screen_text(app)
        assert "Guatemala Café" in text and "move the buyer" in text and "build PLACE" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, CafeScreen)


async def test_the_table_follows_a_resize() -> None:
    """From 120x40 to 80x24 and back: the compact layout (players under the board, no
    drawn track) and the full one again, the game unchanged."""
    app = cafe_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table(app)
        assert not screen.has_class("-compact") and "┆" in screen_text(app)
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert screen.has_class("-compact") and "┆" not in screen_text(app)
        assert screen.query_one("#cafe-players-short").region.height > 0
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not screen.has_class("-compact") and "┆" in screen_text(app)
