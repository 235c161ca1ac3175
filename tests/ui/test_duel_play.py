"""The Bean Duel played by keys (RULES.md section 5): every turn through the table's keys,
privacy screens only between the two turns, to the end screen."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from ui_helpers import SIZE, make_app, press, screen_text

from bohnanza_tui.rules import GameState, Phase, check
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.save import Session, load_file
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.end import EndScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen, TurnOverScreen
from bohnanza_tui.ui.screens.table import TableScreen


def duel(seed: int = 3) -> Session:
    return Session.new("classic", ["Ann", "Bob"], seed)


async def test_first_turn_shows_the_duel_table(tmp_path: Path) -> None:
    """R-DUEL-4 by keys: plant, discard from the hand, turn up three (the discard pile's top
    shown), plant one, leave the rest on offer; Bob's step 1 shows them as his to deal with."""
    app = make_app(duel(), autosave=tmp_path / "a.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await press(pilot, "enter")
        state = app.session.state
        await press(pilot, "p")
        assert state.planted == 1 and state.phase is Phase.PLANT  # the player turns up
        hand = state.players[0].hand[:]
        await press(pilot, "d")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "down", "enter")  # the second hand card
        assert state.discarded and state.players[0].hand == [hand[0], *hand[2:]]
        assert "(top" in screen_text(app)  # the discard pile's top card, in the status line
        await press(pilot, "e")
        assert state.phase is Phase.TRADE and len(state.face_up) >= 3
        text = screen_text(app)
        assert "Turned up by Ann: plant any" in text and "leaves the rest to Bob" in text
        turned = state.face_up[:]
        await press(pilot, "3")  # the selected turned-up bean onto field 3
        assert len(state.face_up) == len(turned) - 1
        await press(pilot, "e")
        assert state.active == 1
        assert [c for c in turned if c not in state.offered] == [
            c for c in turned if c in state.players[0].holdings[0].fields[2]
        ]
        # Ann sees what she drew, then the keyboard goes to Bob behind the privacy screen
        assert isinstance(app.screen, TurnOverScreen)
        await press(pilot, "space")
        assert isinstance(app.screen, PrivacyScreen)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "On offer to Bob: plant (p, 1-3) or discard (d) each" in text
        offered = state.offered[:]
        await press(pilot, "d")
        assert state.offered == offered[1:]
        assert state.discard[-1] == offered[0]


async def play_turn(pilot: Pilot, app: BohnanzaApp) -> None:
    """One whole turn by keys, the simplest legal way."""
    state = app.session.state
    turn = state.turn
    for _step in range(40):
        if state.over or state.turn != turn:
            return
        if isinstance(app.screen, PrivacyScreen):
            await press(pilot, "enter")
            continue
        assert isinstance(app.screen, TableScreen), app.screen
        me = state.active
        if state.offered or (
            state.phase is Phase.PLANT and state.planted == 0 and state.players[me].hand
        ):
            card = state.offered[0] if state.offered else state.players[me].hand[0]
            target = next((s for s in range(3) if _fits(state, me, card, s)), None)
            if target is not None:
                await press(pilot, str(target + 1))
            elif state.offered:
                await press(pilot, "d")
            else:
                await press(pilot, "h")
                if isinstance(app.screen, ChoiceScreen):
                    await press(pilot, "enter")
            continue
        await press(pilot, "e")
    raise AssertionError("the turn did not end")


def _fits(state: GameState, me: int, card: int, slot: int) -> bool:
    return check(state, Plant(me, card, me, slot)) is None


async def test_a_whole_duel_to_the_end_screen(tmp_path: Path) -> None:
    """R-DUEL-5, R-DUEL-6: a whole duel by keys ends at the first run-out on the end screen;
    the privacy screen shows only when the turn passes (D-9)."""
    save = tmp_path / "a.json"
    app = make_app(duel(5), autosave=save)
    privacy = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        state = app.session.state
        for _turn in range(80):
            if state.over:
                break
            turn = state.turn
            if isinstance(app.screen, TurnOverScreen):
                await press(pilot, "space")  # the cards drawn, seen by the player of the turn
            if isinstance(app.screen, PrivacyScreen):
                privacy += 1
            await play_turn(pilot, app)
            assert state.over or state.turn == turn + 1
        await pilot.pause()
        assert state.over and state.exhaustions == 1 and state.shuffles == 1
        assert isinstance(app.screen, EndScreen)
        assert "Ann" in screen_text(app) and "Bob" in screen_text(app)
    assert privacy == state.turn  # one privacy screen a turn, none within a turn
    assert load_file(save).state == state
