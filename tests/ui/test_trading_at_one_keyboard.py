"""Trading at one keyboard as at a real table, with few hand-overs (issue: game night).

- A computer player's turn asks each person at most once: all its offers to
  that person in one dialog, answered together, "decline all" on one key.
- A bean received by a person away from the keyboard is planted without a
  hand-over where their plant key would put it (classic).
- Any player may bid to the active player in phase 2 (R-BASE-8).
- A person's undo takes back their move with the computer replies after it.
"""

from __future__ import annotations

from typing import Any

from ui_helpers import SIZE, make_app, press, screen_text

from bohnanza_tui.rules import GameState, Phase, new_game
from bohnanza_tui.rules.actions import Action, Decline, EndPhase, MakeOffer
from bohnanza_tui.rules.save import Session
from bohnanza_tui.rules.trading import awaiting
from bohnanza_tui.ui.hotseat import Seat, fallback_action
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.trade import AnswerAllScreen, AnswerScreen

CY, DEE, ANN, BOB = range(4)
NAMES = ["Cy", "Dee", "Ann", "Bob"]
SEATS = [Seat("Cy", "computer"), Seat("Dee", "computer"), Seat("Ann"), Seat("Bob")]


class Generous:
    """A computer player that, in its phase 2 of turn 1, makes three offers then ends trading:
    the first face-up card as a gift to Ann, the second to everyone for a chili, the front
    hand card as a gift to Ann; it declines every offer it is asked about."""

    level = "scripted"

    def __init__(self) -> None:
        self.plan: list[Action] | None = None

    def remark(self) -> None:
        return None

    def act(self, view: GameState, me: int) -> Action:
        if view.phase is Phase.TRADE and awaiting(view, me):
            return Decline(me, awaiting(view, me)[0].id)
        if view.phase is Phase.TRADE and view.active == me:
            if self.plan is None:
                self.plan = [
                    MakeOffer(me, ANN, (view.face_up[0],), ()),
                    MakeOffer(me, None, (view.face_up[1],), (3,)),
                    MakeOffer(me, ANN, (view.players[me].hand[0],), ()),
                ]
                if view.turn > 1:
                    self.plan = []
            return self.plan.pop(0) if self.plan else EndPhase(me)
        return fallback_action(view, me)


def four_seats() -> Session:
    return Session(new_game("classic", NAMES, 11))


def counting(app: Any, session: Session) -> list[tuple[int, str]]:
    """The privacy screens and answer dialogs the app opens from now on, with the turn."""
    seen: list[tuple[int, str]] = []
    push = app.push_screen

    def counted(screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, PrivacyScreen):
            seen.append((session.state.turn, "privacy " + screen.player_name))
        elif isinstance(screen, AnswerScreen | AnswerAllScreen):
            seen.append((session.state.turn, "answer " + NAMES[screen.player]))
        return push(screen, *args, **kwargs)

    app.push_screen = counted
    return seen


async def test_a_computer_turn_asks_each_person_once_with_every_offer() -> None:
    session = four_seats()
    bots: dict[int, Generous] = {}
    app = make_app(
        session,
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    seen = counting(app, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Cy has made all three offers before anyone is asked; Dee (a computer) answered
        assert isinstance(app.screen, PrivacyScreen)
        assert len(session.state.offers) == 3
        text = screen_text(app)
        assert "Pass the keyboard to Ann" in text and "Ann has 3 trade offers to answer." in text
        await press(pilot, "enter", "enter")  # a double tap marks nothing
        assert isinstance(app.screen, AnswerAllScreen)
        text = screen_text(app)
        assert "Ann, answer 3 offers" in text
        assert text.count("[ ]") == 3 and "[x]" not in text
        await press(pilot, "1", "3")  # the two gifts
        assert screen_text(app).count("[x]") == 2
        await press(pilot, "s")  # sent together; then Bob answers the offer to everyone
        assert len(session.state.players[ANN].received) == 2
        assert isinstance(app.screen, PrivacyScreen)
        assert "Bob has a trade offer to answer." in screen_text(app)
        await press(pilot, "enter", "n")
        # nobody is asked again in Cy's turn: Cy ends trading, Ann's gifts are planted
        # for her (she is away from the keyboard), the turn moves on to Dee, a computer
        await pilot.pause()
        assert session.state.turn >= 2
        assert session.state.players[ANN].received == []
        assert sum(len(f) for f in session.state.players[ANN].holdings[0].fields) == 2
    in_cy_s_turn = [what for turn, what in seen if turn == 1]
    assert in_cy_s_turn == ["privacy Ann", "answer Ann", "privacy Bob", "answer Bob"]


async def test_decline_all_is_one_key() -> None:
    session = four_seats()
    bots: dict[int, Generous] = {}
    app = make_app(
        session,
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        await press(pilot, "n")
        assert awaiting(session.state, ANN) == []
        assert session.state.players[ANN].received == []
        assert "Ann declines offer 1." in " ".join(session_log(app))
        assert "Ann declines offer 3." in " ".join(session_log(app))


def session_log(app: Any) -> list[str]:
    from bohnanza_tui.ui.widgets import EventLog

    log = next(s for s in app.screen_stack if s.query(EventLog)).query_one(EventLog)
    return [strip.text.strip() for strip in log.lines]
