"""A seeded classic game played by keys: two full turns with a trade and a donation.

Each step asserts what the screen shows, the way a person at the table would
check it, and only then what the state holds.
"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import SIZE, classic, make_app, press, screen_text

from bohnanza_tui.rules import Phase
from bohnanza_tui.rules.save import load_file
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen, OfferBuilder

# seed 7, classic, 3 players: Ann holds wax, blue x4; Bob soy, black-eyed, green,
# wax, red; the first face-up cards are green and wax.


async def test_two_turns_with_a_trade_and_a_donation(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    session = classic()
    app = make_app(session, autosave=save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # three people share the keyboard: the game opens behind the privacy screen
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass the keyboard to Ann" in text
        assert "hand" not in text.lower().replace("show my hand", "")

        await press(pilot, "enter")
        text = screen_text(app)
        assert "Ann's hand: ▶1 ○ wax (front)  2 ◆ blue" in text
        assert "Phase 1 · plant" in text
        assert "Bob's hand" not in text and "Cy's hand" not in text

        # phase 1: plant the front two cards; the face-up cards turn up by themselves
        await press(pilot, "p")
        # Ann's larger panel: the field, what it sells for, and its whole beanometer
        assert "1: ○ wax ×1 = 0    ›4→1   7→2   9→3  11→4" in screen_text(app)
        await press(pilot, "p")
        text = screen_text(app)
        assert "Phase 2 · trade" in text
        assert "│ ♠ green │ │ ○ wax   │" in text  # the face-up cards, as cards on the table

        # a trade: the face-up wax to Bob for one soy
        await press(pilot, "t")
        assert isinstance(app.screen, OfferBuilder)
        await press(pilot, "down", "space", "tab", *["down"] * 6, "right", "tab", "down", "enter")
        assert "You give 1 × ○ wax to Bob for 1 × ■ soy." in screen_text(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Bob" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerScreen)
        text = screen_text(app)
        assert "Ann offers 1 × ○ wax and wants 1 × ■ soy." in text
        assert "hand 1 ■ soy" in text  # his card to give (the dialog covers the table)
        assert "Ann's hand" not in text
        await press(pilot, "a")
        # the trade is done; the keyboard goes back to Ann
        assert "Pass the keyboard to Ann" in screen_text(app)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Ann trades 1 wax to Bob for 1 soy." in text
        assert "to plant: 1 × ■ soy" in text  # Ann's panel: what waits for phase 3

        # a donation: the face-up green to Cy, who must consent
        await press(pilot, "d", "space", "tab", "down", "down", "enter")
        assert "You give 1 × ♠ green to Cy as a gift." in screen_text(app)
        await press(pilot, "ctrl+s")
        assert "Pass the keyboard to Cy" in screen_text(app)
        await press(pilot, "enter")
        assert "Ann wants to give you 1 × ♠ green." in screen_text(app)
        # a gift lists no cards to give, so the dialog shows Cy's hand itself (the table's
        # hand line is under the dialog in a small terminal)
        hand = str(app.screen.query_one("#answer-hand").render())
        assert hand.startswith("Cy's hand: ▶1 ")
        await press(pilot, "a", "enter")
        assert "Ann gives 1 green to Cy." in screen_text(app)

        # end trading: Bob and Cy are away from the keyboard; the bean each received goes
        # where their plant key would put it (classic fields are alike), without a hand-over
        await press(pilot, "e")
        assert session.state.phase is Phase.PLANT_TRADED
        assert isinstance(app.screen, TableScreen)
        assert session.state.players[1].received == [] and session.state.players[2].received == []
        assert [len(f) for f in session.state.players[1].holdings[0].fields] == [1, 0, 0]
        assert [len(f) for f in session.state.players[2].holdings[0].fields] == [1, 0, 0]
        text = screen_text(app)
        assert "Ann's hand" in text  # still Ann at the keyboard
        await press(pilot, "p")  # the soy onto Ann's empty third field; the turn ends by itself
        # Ann sees the three cards she drew, then Bob gets the keyboard for turn 2
        assert "Ann, your turn is over" in screen_text(app)
        await press(pilot, "space")
        assert "Pass the keyboard to Bob" in screen_text(app)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Turn 2 · Bob · Phase 1 · plant" in text
        assert "Ann draws 3 cards." in text
        assert session.state.turn == 2

        # Bob plants one card, turns up two, keeps both and plants them
        await press(pilot, "p", "e")
        assert "Phase 2 · trade" in screen_text(app)
        await press(pilot, "e")
        assert session.state.phase is Phase.PLANT_TRADED
        await press(pilot, "p", "p")
        # turn 3 begins with Cy
        assert session.state.turn == 3
        await press(pilot, "space")
        assert "Pass the keyboard to Cy" in screen_text(app)
        await press(pilot, "enter")
        assert "Turn 3 · Cy" in screen_text(app)
        assert isinstance(app.screen, TableScreen)

    # every action was saved as it happened
    assert load_file(save).state == session.state
