"""No hand but the revealed player's ever appears on screen during a scripted hot-seat game.

After every key press the test reads the whole screen and checks that

- behind the privacy screen no hand shows at all;
- otherwise only the person at the keyboard (``HotSeat.holder``) has a hand
  row, and no other player's cards, as their own hand row would show them,
  appear anywhere;
- every widget that renders a hand was given a view in which the other hands
  are hidden.
"""

from __future__ import annotations

import random

import pytest
from ui_helpers import SIZE, classic, make_app, screen_text

from bohnanza_tui.rules import HIDDEN, Phase, view
from bohnanza_tui.ui import render
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen, TurnOverScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen, OfferBuilder

TURNS = 3


def hand_text(app: BohnanzaApp, player: int) -> str:
    """The player's cards as their own hand row shows them (without the title)."""
    hs = app.hotseat
    assert hs is not None
    row = render.hand_row(view(hs.state, player), player).plain
    return row.split(": ", 1)[1]


def check_screen(app: BohnanzaApp, seen_views: list[tuple[int | None, object]]) -> None:
    hs = app.hotseat
    assert hs is not None
    text = screen_text(app)
    names = [p.name for p in hs.state.players]
    if isinstance(app.screen, PrivacyScreen):
        assert hs.holder is None
        assert "'s hand" not in text
        assert "hand 1" not in text
        for p in range(len(names)):
            if len(hs.state.players[p].hand) >= 2:
                assert hand_text(app, p) not in text
        return
    holder = hs.holder
    for p, name in enumerate(names):
        if p == holder:
            continue
        assert f"{name}'s hand" not in text, (
            f"{name}'s hand shows while {holder} holds the keyboard"
        )
        if len(hs.state.players[p].hand) >= 2:
            assert hand_text(app, p) not in text, f"{name}'s cards show"
    # dialogs list cards of the person at the keyboard only
    if isinstance(app.screen, OfferBuilder | AnswerScreen):
        assert app.screen.player == holder
    # what the hand widget was given: the other hands hidden
    for viewer, state in seen_views:
        for p, player in enumerate(state.players):  # type: ignore[attr-defined]
            if p != viewer:
                assert all(c == HIDDEN for c in player.hand)
    seen_views.clear()


def next_keys(app: BohnanzaApp, rng: random.Random, offered: set[int]) -> list[str]:
    """A plausible next move for whoever holds the keyboard."""
    screen = app.screen
    hs = app.hotseat
    assert hs is not None
    if isinstance(screen, PrivacyScreen):
        return ["enter"]
    if isinstance(screen, TurnOverScreen):
        return ["space"]
    if isinstance(screen, AnswerScreen):
        return [rng.choice(["a", "n", "n"])]
    if isinstance(screen, ChoiceScreen):
        if any(c.allowed for c in screen.choices):
            return ["1"]
        # nowhere to plant this bean: harvest a field first (R-BASE-7)
        return ["escape", "h", "1"]
    if isinstance(screen, OfferBuilder):
        return ["escape"]
    assert isinstance(screen, TableScreen)
    state = hs.state
    if state.phase is Phase.TRADE and state.turn not in offered and hs.holder == state.active:
        offered.add(state.turn)
        # offer the first face-up card to everyone for one bean of the second kind
        return ["t", "space", "tab", "down", "right", "ctrl+s", "escape"]
    if "plant" in screen.refused:
        # no field takes the bean (the key is dimmed and says why): harvest one first
        return ["p", "h", "1"]
    if screen.check_action("plant", ()):
        return ["p"]
    for action in ("end_plant", "end_trade", "end_turn"):
        if screen.check_action(action, ()):
            return ["e"]
    if screen.check_action("offers", ()):
        return ["o"]
    return ["h"]


@pytest.mark.parametrize("seed", [3])
async def test_no_foreign_hand_is_ever_shown(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int | None, object]] = []
    original = render.hand_row

    def spy(state, viewer, *args):  # type: ignore[no-untyped-def]
        seen.append((viewer, state))
        return original(state, viewer, *args)

    monkeypatch.setattr(render, "hand_row", spy)
    session = classic(seed)
    app = make_app(session)
    rng = random.Random(seed)
    offered: set[int] = set()
    presses = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        check_screen(app, seen)
        while session.state.turn <= TURNS and not session.state.over:
            for key in next_keys(app, rng, offered):
                await pilot.press(key)
                await pilot.pause()
                presses += 1
                check_screen(app, seen)
            assert presses < 400, "the scripted game is stuck"
    assert session.state.turn > TURNS
