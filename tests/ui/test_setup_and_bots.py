"""The set-up screen starts a game; computer players move on their own, without privacy screens."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import SIZE, click_option, press, screen_text

from bohnanza_tui.rules.save import load_file
from bohnanza_tui.seating.hotseat import Seat, default_bot_factory
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.setup import SetupScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen


async def test_one_human_against_two_computers(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    app = BohnanzaApp(autosave=save, bot_factory=default_bot_factory(), bot_delay=0)
    privacy_seen = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Bohnanza — a new game" in screen_text(app)
        # Bob and Cy become computer players; a seed makes the deal repeatable
        for seat in (1, 2):
            await pilot.click(f"#kind-{seat}")  # Human → Computer · basic
        assert "Computer · basic" in screen_text(app)
        await pilot.click("#seed")
        await press(pilot, "4", "2", "ctrl+n")
        assert isinstance(app.screen, TableScreen)
        hs = app.hotseat
        assert hs is not None and hs.state.seed == 42
        # one person at the keyboard: no privacy screen, Ann's hand shows at once
        assert "Ann's hand:" in screen_text(app)
        await press(pilot, "p", "e")
        # (Ann's first turn only: the computers' turns may come round to her again quickly,
        # an offer she can't meet declined for her without waiting for her)
        while hs.state.active == 0 and hs.state.turn == 1 and not hs.state.over:
            if app.screen.check_action("plant", ()):  # type: ignore[union-attr]
                await press(pilot, "p")
                if not isinstance(app.screen, TableScreen):
                    await press(pilot, "1")
            else:
                await press(pilot, "e")
        # the computers play their turns on a timer; wait until Ann's turn comes back
        for _ in range(400):
            if hs.state.active == 0 and hs.state.turn > 1:
                break
            privacy_seen |= isinstance(app.screen, PrivacyScreen)
            if isinstance(app.screen, AnswerScreen):
                # a computer player offered Ann a trade: she sees it at once and declines
                assert "answer offer" in screen_text(app)
                await press(pilot, "n")
            await pilot.pause(0.01)
        assert hs.state.turn == 4 and hs.state.active == 0
        text = screen_text(app)
        assert "Turn 4 · Ann" in text
        assert "Cy draws" in text
        assert not privacy_seen
    # the seats are kept in the autosave, so a resumed game keeps its computers
    saved = load_file(save)
    assert saved.state == hs.state
    assert saved.seats is not None and [s.kind for s in saved.seats] != ["human"] * len(saved.seats)


async def test_one_step_from_human_gives_the_default_computer_level() -> None:
    """Right from "Human" gives the basic computer, the default; then stronger, then the
    weakest; Left from "Human" goes round the other way."""
    app = BohnanzaApp(autosave=None, bot_factory=lambda *args, **kwargs: None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#kind-1").focus()
        shown = []
        for _ in range(4):
            await press(pilot, "right")
            shown.append(screen.seats()[1])
        assert [(s.kind, s.level) for s in shown] == [
            ("computer", "basic"),
            ("computer", "strong"),
            ("computer", "random"),
            ("human", "basic"),
        ]
        await press(pilot, "right")
        assert "◀ Computer · basic ▶" in screen_text(app)
        await press(pilot, "left", "left")
        assert screen.seats()[1] == Seat("Bob", "computer", "random")
        assert "◀ Computer · random ▶" in screen_text(app)


async def test_the_game_is_chosen_by_keys_as_in_a_radio_set() -> None:
    """↓/→ and ↑/← move the cursor over the modes without choosing; Enter or Space chooses
    the mode under it; a click chooses the mode clicked. The mark reads in the text."""
    app = BohnanzaApp(autosave=None, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#mode").focus()
        await press(pilot, "down")
        assert screen.mode == "classic" and "(•) Classic Bohnanza" in screen_text(app)
        await press(pilot, "enter")
        assert screen.mode == "voyage" and "(•) Bohn Voyage" in screen_text(app)
        await press(pilot, "right", "right", "space")  # on to Guatemala Café, round to the first
        assert screen.mode == "classic" and "( ) Bohn Voyage" in screen_text(app)
        await press(pilot, "left", "space")  # round to the last
        assert screen.mode == "cafe" and "(•) Guatemala Café" in screen_text(app)
        await press(pilot, "up", "up", "enter")
        assert screen.mode == "classic"
        await press(pilot, "tab")  # away, then back with a click on the second line
        await click_option(pilot, "#mode", 1)
        assert screen.mode == "voyage" and app.focused is screen.query_one("#mode")
        await click_option(pilot, "#mode", 1)  # clicked again: stays chosen
        assert screen.mode == "voyage"


async def test_voyage_set_up_limits_the_player_count() -> None:
    app = BohnanzaApp(autosave=None, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Computer players are not installed" in screen_text(app)
        await press(pilot, *["plus"] * 6)
        assert "◀ 7 ▶" in screen_text(app) and "7." in screen_text(app)
        await click_option(pilot, "#mode", 1)  # Bohn Voyage
        text = screen_text(app)
        assert "◀ 5 ▶" in text and "6." not in text  # Bohn Voyage: 3 to 5 players
        await press(pilot, "ctrl+n")
        hs = app.hotseat
        assert hs is not None and hs.state.mode.value == "voyage" and len(hs.seats) == 5
        assert "Islands" in screen_text(app) or "Pass the keyboard to Ann" in screen_text(app)


async def test_a_thinking_computer_does_not_block_the_table(tmp_path: Path) -> None:
    import threading

    from ui_helpers import classic, make_app

    from bohnanza_tui.seating.hotseat import COMPUTER, Seat

    threads: list[str] = []

    class SlowBot:
        def act(self, view, player):  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread().name)
            return None  # no idea: the app falls back to a legal move

    seats = [Seat("Ann", COMPUTER, "strong"), Seat("Bob"), Seat("Cy", COMPUTER, "basic")]
    app = make_app(classic(), seats=seats, bot_factory=lambda level, seed, **_options: SlowBot())
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            if app.hotseat and app.hotseat.state.active == 1:
                break
            await pilot.pause(0.01)
        assert app.hotseat is not None and app.hotseat.state.active == 1
        assert threads and all(name != "MainThread" for name in threads)


async def test_resume_button_and_palette_continue_the_autosave(tmp_path: Path) -> None:
    from bohnanza_tui.rules import legal_actions
    from bohnanza_tui.rules.save import Session, save_file

    save = tmp_path / "autosave.json"
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
    session.play(legal_actions(session.state, 0)[-1])
    save_file(session, save)
    app = BohnanzaApp(autosave=save, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#resume")  # the set-up screen's button
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert app.session is not None and len(app.session.log) == 1
        await press(pilot, "enter")
        assert "Game resumed after 1 actions." in screen_text(app)
        await app.run_action("resume")  # the command palette's entry runs the same action
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)


async def test_a_seed_that_is_no_number_is_told_under_the_form() -> None:
    app = BohnanzaApp(autosave=None, bot_factory=None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert "whole number" not in screen_text(app)
        screen.query_one("#seed").focus()
        await press(pilot, "minus", "ctrl+n")  # a minus sign alone
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "The seed must be a whole number." in text
        assert text.index("whole number") < text.index("Start (ctrl+n)")  # above the buttons
        await press(pilot, "backspace", "4", "ctrl+n")
        assert app.hotseat is not None and app.hotseat.state.seed == 4


async def test_a_key_typed_while_the_computers_move_says_why_it_does_nothing() -> None:
    """The computer players move a step at a time (``bot_delay``): a key nothing takes then
    (a Space typed as if the turn's end were there) is not lost unseen; the table's notice
    says who is playing, and goes once the computers are done."""
    from ui_helpers import PatientApp, classic, notice

    session = classic()
    seats = [Seat("Ann"), Seat("Bob", kind="computer"), Seat("Cy", kind="computer")]
    app = PatientApp(
        # slow steps: the keys below come while Bob still plays, on a loaded machine too
        session,
        seats=seats,
        autosave=None,
        bot_factory=default_bot_factory(),
        bot_delay=0.6,
    )
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "e", "e", "p", "p")  # Ann's turn ends
        assert session.state.active == 1
        assert notice(app) == ""
        await press(pilot, "question_mark", "escape")  # keys that work meanwhile: no word
        assert notice(app) == ""
        await press(pilot, "space")
        assert "Bob is playing" in notice(app)
        for _ in range(200):  # Bob plays (and may offer Ann a trade), then Cy
            await pilot.pause(0.1)
            if app.hotseat is not None and app.hotseat.next_actor() == 0:
                break
        await pilot.pause(0.2)
        assert notice(app) == ""
