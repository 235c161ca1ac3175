"""Game night at one keyboard: no slip of a key loses anything (issue: game night).

Each test plays the situation a group ran into and asserts the game state
(and what the screen says) afterwards.
"""

from __future__ import annotations

from textual.widgets import Static
from ui_helpers import SIZE, classic, log_text, make_app, notice, press, screen_text

from bohnanza_tui.rules import Phase
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
        assert not isinstance(
            app.screen, PrivacyScreen
        )  # called out to the table: nobody must look
        await press(pilot, "B", "1", "enter", "a")  # Bob takes it up (B, who: Bob), Cy stays silent
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


async def test_start_asks_before_an_unfinished_game_is_replaced_and_keeps_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from bohnanza_tui.rules.save import load_file, save_file
    from bohnanza_tui.ui import saves
    from bohnanza_tui.ui.app import BohnanzaApp
    from bohnanza_tui.ui.screens.confirm import ConfirmScreen
    from bohnanza_tui.ui.screens.table import TableScreen

    autosave = tmp_path / "autosave.json"
    old = classic(seed=3)
    save_file(old, autosave)
    app = BohnanzaApp(autosave=autosave, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "classic · Ann, Bob, Cy · turn 1" in screen_text(app)  # listed
        await press(pilot, "ctrl+n")
        assert isinstance(app.screen, ConfirmScreen)
        assert "is not finished. It is kept" in screen_text(app)
        await press(pilot, "enter")  # Enter keeps things as they are
        assert not isinstance(app.screen, ConfirmScreen) and app.session is None
        assert load_file(autosave).seed == 3
        await press(pilot, "ctrl+n", "y")
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert app.session is not None and load_file(autosave).state == app.session.state
    # the old game was put aside, whole, and is listed
    [kept] = [g for g in saves.unfinished(autosave) if not g.latest]
    assert load_file(kept.path).state == old.state
    app = BohnanzaApp(autosave=autosave, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#unfinished")
        assert listing.option_count == 2
        listing.focus()
        await press(pilot, "down", "enter")  # the game put aside
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert app.session is not None and app.session.seed == 3
    # now the autosave holds it; the newer game went aside in its place
    games = saves.unfinished(autosave)
    assert [g.latest for g in games] == [True, False]
    assert load_file(autosave).seed == 3


def test_only_the_newest_unfinished_games_are_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import os

    from bohnanza_tui.rules.save import save_file
    from bohnanza_tui.ui import saves

    autosave = tmp_path / "autosave.json"
    for n in range(saves.KEEP + 3):
        save_file(classic(seed=n), autosave)
        os.utime(autosave, (1000 + n, 1000 + n))
        assert saves.put_aside(autosave) is not None
        assert not autosave.exists()
    kept = saves.unfinished(autosave)
    assert len(kept) == saves.KEEP
    assert [g.saved for g in kept] == [1000 + n for n in range(saves.KEEP + 2, 2, -1)]
    assert saves.put_aside(autosave) is None  # nothing there: nothing moves


async def test_the_command_bar_is_closed_and_empty_after_a_hand_over() -> None:
    from textual.widgets import Input

    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "colon")
        table = app.screen
        bar = table.query_one("#command")
        line = table.query_one("#command-input", Input)
        line.value = "offer f2 to bob for soy"
        await press(pilot, "enter")
        assert len(session.state.offers) == 1
        assert isinstance(app.screen, PrivacyScreen)  # Bob's turn to answer
        assert not bar.display and line.value == ""
        await press(pilot, "enter")
        assert "Done: offer" not in screen_text(app)  # Ann's last command is not Bob's to read
        await press(pilot, "n", "enter")  # Bob declines; back to Ann
        assert not bar.display and line.value == ""


async def test_shift_h_hands_the_keyboard_to_the_harvester_and_back() -> None:
    from test_table_keys import bob_grows_wax
    from ui_helpers import from_state

    session = from_state(bob_grows_wax())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "H")
        assert [c.label.plain for c in app.screen.choices] == ["Ann", "Bob", "Cy"]
        await press(pilot, "2")
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Bob" in screen_text(app)
        assert "Bob harvests a field" in screen_text(app)
        await press(pilot, "enter", "enter")  # a double tap harvests nothing
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Bob harvests which field?" in text
        assert "Ann's hand" not in text
        # the second Enter showed which entry the next Enter picks, instead of doing nothing
        assert app.screen.query_one("#choices").highlighted == 0
        await press(pilot, "1")
        assert session.state.players[1].holdings[0].fields[0] == []
        assert len(session.state.players[1].coins) == 1
        # the keyboard goes back to Ann, whose turn it is
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Ann" in screen_text(app)
        await press(pilot, "enter")
        assert "Ann's hand" in screen_text(app)


async def test_harvest_digits_are_the_field_numbers_on_the_table() -> None:
    from test_voyage_play import A1, take, voyage_position
    from ui_helpers import from_state

    state = voyage_position()
    ann = state.players[0]
    ann.holdings[0].fields[1] = [take(state, "blue") for _ in range(4)]
    ann.holdings[1].fields[0] = [take(state, "blue")]
    assert ann.holdings[1].island == A1
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert (
            "2. field 2: 4 × ◆ blue → sells for 1" in text
        )  # field 1 is empty: not listed, not renumbered
        assert "a. A1 field 1: 1 × ◆ blue → sells for 0" in text
        await press(pilot, "2")
        ann = session.state.players[0]
        assert ann.holdings[0].fields[1] == [] and len(ann.holdings[1].fields[0]) == 1


def phase_three_with_a_stuck_bean():  # type: ignore[no-untyped-def]
    """Ann in phase 3: a chili that no field takes, then a wax that field 1 takes."""
    from test_voyage_play import take

    from bohnanza_tui.rules import Phase, new_game

    state = new_game("classic", ["Ann", "Bob", "Cy"], 7)
    ann = state.players[0]
    ann.holdings[0].fields = [
        [take(state, "wax"), take(state, "wax")],
        [take(state, "blue"), take(state, "blue")],
        [take(state, "soy"), take(state, "soy")],
    ]
    ann.kept = [take(state, "chili"), take(state, "wax")]
    state.phase = Phase.PLANT_TRADED
    return state


async def test_phase_three_selects_a_bean_that_can_be_planted() -> None:
    from ui_helpers import from_state

    session = from_state(phase_three_with_a_stuck_bean())
    chili, wax = session.state.players[0].kept
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        assert session.state.players[0].kept == [chili]  # the wax went first, onto its field
        assert wax in session.state.players[0].holdings[0].fields[0]


async def test_a_refused_key_says_why_once() -> None:
    from ui_helpers import from_state

    session = from_state(phase_three_with_a_stuck_bean())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")  # the wax; the chili fits nowhere now
        for _ in range(3):
            await press(pilot, "p")
        assert "R-BASE-7" in notice(app) and not app._notifications  # one notice line
        assert log_text(app).count("✗ R-BASE-7") == 1  # said once


async def test_buying_a_third_field_is_chosen_from_a_list() -> None:
    from test_voyage_play import take
    from ui_helpers import from_state

    from bohnanza_tui.rules import new_game

    state = new_game("classic", ["Ann", "Bob", "Cy", "Dee"], 7)
    state.players[0].coins = [take(state, "blue") for _ in range(3)]
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "b")
        assert isinstance(app.screen, ChoiceScreen)  # one key never spends coins
        assert len(session.state.players[0].coins) == 3
        # R-BASE-4: classic has no islands, so no "at home" (Bohn Voyage's words)
        assert [c.label.plain for c in app.screen.choices] == ["Third field (3 coins)"]
        await press(pilot, "1")
        assert len(session.state.players[0].holdings[0].fields) == 3
        assert session.state.players[0].coins == []


async def test_lists_put_what_can_be_done_first() -> None:
    from test_voyage_play import voyage_position
    from ui_helpers import from_state

    app = make_app(from_state(voyage_position()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "b")
        allowed = [c.allowed for c in app.screen.choices]
        assert any(allowed) and not all(allowed)
        assert allowed == sorted(allowed, reverse=True)
        assert app.screen.keys[: allowed.count(True)] == [
            str(n) for n in range(1, allowed.count(True) + 1)
        ]


async def test_the_turn_s_player_sees_the_cards_drawn_before_the_hand_over() -> None:
    from bohnanza_tui.ui import render
    from bohnanza_tui.ui.screens.privacy import TurnOverScreen

    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "e", "e", "p", "p")  # the last plant ends the turn
        assert session.state.turn == 2
        assert isinstance(app.screen, TurnOverScreen)
        drawn = session.state.players[0].hand[-3:]
        text = screen_text(app)
        assert "Ann, your turn is over" in text
        assert "You drew: " + ", ".join(render.card(c).plain for c in drawn) in text
        assert "Ann's hand" in text and "Bob's hand" not in text
        await press(pilot, "enter")  # Enter does not pass the keyboard on
        assert isinstance(app.screen, TurnOverScreen)
        await press(pilot, "space")
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Bob" in screen_text(app)


WAX_METERS = "○ wax         4 7 9 11    3 7 10 12   5 9 12 14   2 6 9 11"  # home, A, B, C (R-VOY-4)


async def test_colony_beanometers_show_on_the_table_when_buying_and_in_help() -> None:
    from test_voyage_play import voyage_position
    from ui_helpers import from_state

    from bohnanza_tui.ui.screens.help import HelpScreen

    app = make_app(from_state(voyage_position()))
    async with app.run_test(size=(160, 50)) as pilot:
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Beanometers by island type" in text and WAX_METERS in text
        await press(pilot, "b")  # buying a harbor: what each island type pays, in the list
        assert isinstance(app.screen, ChoiceScreen) and WAX_METERS in screen_text(app)
        await press(pilot, "escape", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        markdown = app.screen.query_one("#help-text", Static).content.markup
        assert "| ○ wax | 4 7 9 11 | 3 7 10 12 | 5 9 12 14 | 2 6 9 11 |" in markdown


async def test_a_resumed_game_shows_its_log() -> None:
    from bohnanza_tui.rules.actions import Plant

    session = classic()
    session.play(Plant(0, session.state.players[0].hand[0], 0, 0))
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        text = log_text(app)
        assert "Ann plants wax on field 1." in text
        assert text.index("Ann plants wax on field 1.") < text.index(
            "Game resumed after 1 actions."
        )


async def test_an_e_right_after_the_cards_turned_up_by_themselves_asks_first() -> None:
    """R-BASE-8: the second plant turns the cards up by itself; an `e` typed as if it still
    had to (p p e) does not end the trading unseen: it says so, and a second `e` ends it."""
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        assert session.state.phase is Phase.TRADE
        await press(pilot, "e")
        assert session.state.phase is Phase.TRADE
        assert "press e again to end trading" in screen_text(app)
        await press(pilot, "e")
        assert session.state.phase is Phase.PLANT_TRADED
    # one plant, then `e` turns the cards up: the next `e` is meant and ends the trading at once
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "e")
        assert session.state.phase is Phase.TRADE
        await press(pilot, "e")
        assert session.state.phase is Phase.PLANT_TRADED


async def test_an_offer_a_person_cannot_meet_is_declined_without_a_hand_over() -> None:
    """R-BASE-8: Ann asks Bob for two beans of a kind he holds none of. He could only
    decline: it is declined for him (the log says so), the keyboard never goes to him and
    no answer dialog opens; it goes back to Ann."""
    from ui_helpers import from_state

    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import MakeOffer
    from bohnanza_tui.seating.hotseat import fallback_action

    session = classic()
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    state = session.state
    held = {KIND_OF[c] for c in state.players[1].hand}
    kind = next(k for k in sorted(set(KIND_OF)) if k not in held and k != 0)
    session.play(MakeOffer(0, 1, (state.face_up[0],), (kind, kind)))
    oid = session.state.offers[0].id
    app = make_app(from_state(session.state))
    seen: list[str] = []
    push = app.push_screen

    def counted(screen: object, *args: object, **kwargs: object) -> object:
        seen.append(type(screen).__name__ + " " + str(getattr(screen, "player_name", "")))
        return push(screen, *args, **kwargs)  # type: ignore[arg-type]

    app.push_screen = counted  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Ann" in screen_text(app)
        assert app.hotseat is not None
        assert app.hotseat.state.offer(oid) is None  # declined by its only addressee: gone
        text = log_text(app)
        assert f"Bob can't give what offer {oid} asks for: declined for them." in text
        assert f"Bob declines offer {oid}." in text
        await press(pilot, "enter")
        assert not isinstance(app.screen, AnswerScreen)
    assert [s for s in seen if not s.startswith("TableScreen")] == ["PrivacyScreen Ann"]


async def test_an_offer_a_person_can_meet_still_goes_to_them() -> None:
    """The same offer for one bean Bob holds: the keyboard goes to him, and the answer
    dialog picks his card of that kind."""
    from ui_helpers import from_state

    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import MakeOffer
    from bohnanza_tui.seating.hotseat import fallback_action

    session = classic()
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    state = session.state
    card = state.players[1].hand[-1]
    session.play(MakeOffer(0, 1, (state.face_up[0],), (KIND_OF[card],)))
    app = make_app(from_state(session.state))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Pass the keyboard to Bob" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerScreen)
        assert "[x]" in screen_text(app) and "Missing to give" not in screen_text(app)


async def test_back_to_the_active_player_with_nothing_to_plant_says_to_end_the_turn() -> None:
    """D-4: in Bohn Voyage the active player ends phase 3. Bob planted what Ann gave him;
    Ann kept nothing, so the privacy screen says what she is handed the keyboard for."""
    from ui_helpers import from_state

    from bohnanza_tui.rules import new_game
    from bohnanza_tui.rules.actions import Accept, Confirm, EndPhase, MakeOffer
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.seating.hotseat import fallback_action
    from bohnanza_tui.ui.screens.privacy import PrivacyScreen

    session = Session(new_game("voyage", ["Ann", "Bob", "Cy"], 5))
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    session.play(MakeOffer(0, 1, tuple(session.state.face_up), ()))
    oid = session.state.offers[0].id
    session.play(Accept(1, oid, ()))
    if session.state.offers:
        session.play(Confirm(0, oid, 1))
    session.play(EndPhase(0))
    assert session.state.phase is Phase.PLANT_TRADED
    assert len(session.state.players[1].received) == 2 and not session.state.players[0].kept
    session = from_state(session.state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # Bob
        for _ in range(4):  # his two beans: onto his empty fields, 1 then 2
            if not session.state.players[1].received:
                break
            slot = "1" if not session.state.players[1].holdings[0].fields[0] else "2"
            await press(pilot, "p", slot)
        assert session.state.players[1].received == [], screen_text(app)
        assert isinstance(app.screen, PrivacyScreen)
        assert "Back to Ann: draw and end the turn (e)." in screen_text(app)


async def test_plant_list_digits_are_the_field_numbers_on_the_table() -> None:
    """Bohn Voyage: field 1 grows another kind (refused, listed last), field 2 is empty: `2`
    plants on field 2, `k` in the Kontor, as the table numbers them."""
    from test_voyage_play import take, voyage_position
    from ui_helpers import from_state

    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.data import KIND_INDEX

    state = voyage_position()
    ann = state.players[0]
    front = KIND_OF[ann.hand[0]]
    other = next(k for k in ("red", "soy", "wax", "blue") if KIND_INDEX[k] != front)
    ann.holdings[0].fields[0] = [take(state, other)]
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        if not isinstance(app.screen, ChoiceScreen) or "where?" not in screen_text(app):
            await press(pilot, "1")  # this turn's island first, if asked: home
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "2. field 2: empty" in text and "k. Kontor" in text
        assert "1. field 1" in text  # refused, listed after the others with its own number
        await press(pilot, "2")
        assert [len(f) for f in session.state.players[0].holdings[0].fields] == [1, 1]
