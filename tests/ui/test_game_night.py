"""Game night at one keyboard: no slip of a key loses anything (issue: game night).

Each test plays the situation a group ran into and asserts the game state
(and what the screen says) afterwards.
"""

from __future__ import annotations

from ui_helpers import SIZE, classic, make_app, press, screen_text

from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen

GIFT_GREEN_TO_CY = ["d", "space", "tab", "down", "down", "enter", "ctrl+s"]
WAX_TO_ALL_FOR_SOY = ["t", "down", "space", "tab", *["down"] * 6, "right", "ctrl+s"]


async def test_a_second_enter_after_the_privacy_screen_accepts_no_gift() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", *GIFT_GREEN_TO_CY)
        assert isinstance(app.screen, PrivacyScreen)
        offers = [o.id for o in session.state.offers]
        await press(pilot, "enter", "enter")  # a double tap on the privacy screen
        assert isinstance(app.screen, AnswerScreen)
        assert [o.id for o in session.state.offers] == offers  # not accepted
        assert session.state.players[2].received == []
        await press(pilot, "a")  # accepting takes its own key
        assert session.state.players[2].received != []


async def test_a_second_enter_confirms_no_trade() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", *WAX_TO_ALL_FOR_SOY)
        await press(pilot, "enter", "a", "enter", "n")  # Bob accepts, Cy declines
        assert isinstance(app.screen, PrivacyScreen)
        assert "The answers to Ann's offers are in." in screen_text(app)
        await press(pilot, "enter", "enter")
        assert isinstance(app.screen, ChoiceScreen)  # the offers list, nothing picked
        assert len(session.state.offers) == 1
        assert session.state.players[0].received == []
        await press(pilot, "1")
        assert session.state.offers == [] and len(session.state.players[0].received) == 1


async def test_ctrl_q_quits_from_any_dialog() -> None:
    for keys in (["p", "p", "k"], ["p", "p", "t"], ["question_mark"], ["colon"]):
        app = make_app(classic())
        async with app.run_test(size=SIZE) as pilot:
            await press(pilot, "enter", *keys)
            await press(pilot, "ctrl+q")
            assert app._exit, keys


async def test_quitting_says_the_game_is_saved_and_how_to_go_on(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = make_app(classic(), autosave=tmp_path / "autosave.json")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "ctrl+q")
    note = app.farewell()
    assert note is not None and note.startswith("The game is saved. To go on with it: ")
    assert note.endswith(" resume")


def test_the_resume_command_works_where_the_game_was_started(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bohnanza_tui.ui.app import resume_command

    program = tmp_path / "venv" / "bin" / "bohnanza"
    program.parent.mkdir(parents=True)
    program.write_text("")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", "/nowhere")
    assert resume_command(str(program)) == f"{program} resume"  # the venv is not active
    monkeypatch.setenv("PATH", str(program.parent))
    assert resume_command(str(program)) == "bohnanza resume"
    assert resume_command("/x/bohnanza_tui/__main__.py").endswith(" -m bohnanza_tui resume")
