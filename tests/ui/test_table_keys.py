"""Every key of the table, pressed by a pilot, and the game state it leaves.

Each test presses keys as a player would and asserts what changed in the game
(fields, hands, offers, ships, coins), not only that the screen survived.
``test_every_key_of_the_table_is_tested`` keeps the list complete: a new
binding without a test here fails it.
"""

from __future__ import annotations

from pathlib import Path

from test_voyage_play import A1, A2, B1, take, voyage_position
from textual.binding import Binding
from textual.widgets import Input
from ui_helpers import SIZE, classic, from_state, log_text, make_app, notice, press, screen_text

from bohnanza_tui.rules import KIND_OF, GameState, Phase, new_game
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.data import KIND_INDEX
from bohnanza_tui.rules.save import load_file
from bohnanza_tui.rules.state import Holding
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import HelpScreen, TextScreen
from bohnanza_tui.ui.screens.path import PathScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerScreen, OfferBuilder

# seed 7, classic, 3 players: Ann's hand starts wax (card 38), blue (49); the first
# face-up cards are green and wax
WAX, BLUE = 38, 49
SOY = KIND_INDEX["soy"]

#: every key the tests below press on the table (and the app's own keys there)
TESTED = {
    "1", "2", "3", "4", "p", "left", "right", "h", "H", "e", "k", "t", "d", "o",
    "b", "i", "s", "l", "x", "g", "m", "r", "u", "ctrl+z", "colon", "slash",
    "question_mark", "f1", "ctrl+s", "ctrl+q",
    "n",  # the hint: test_hint_key.py
    "B",  # a bid: test_trading_at_one_keyboard.py
}  # fmt: skip


def test_every_key_of_the_table_is_tested() -> None:
    keys = {
        key.strip()
        for b in [*TableScreen.BINDINGS, *BohnanzaApp.BINDINGS]
        if isinstance(b, Binding)
        for key in b.key.split(",")
    }
    assert keys == TESTED


def fields(session, player: int = 0, holding: int = 0) -> list[list[int]]:  # type: ignore[no-untyped-def]
    return session.state.players[player].holdings[holding].fields


async def test_each_digit_plants_on_that_field_and_u_takes_it_back() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        for key, slot in (("3", 2), ("1", 0), ("2", 1)):
            await press(pilot, key)
            expected = [[], [], []]
            expected[slot] = [WAX]
            assert fields(session) == expected, key
            assert session.log == [Plant(0, WAX, 0, slot)]
            await press(pilot, "u" if key != "2" else "ctrl+z")
            assert fields(session) == [[], [], []] and session.log == []
        # there is no fourth field in a 3-player game: refused, nothing changes
        await press(pilot, "4")
        assert session.log == [] and fields(session) == [[], [], []]
        assert "R-BASE-4" in log_text(app)


async def test_p_plants_the_front_card_and_e_turns_up_two_cards() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        assert fields(session) == [[WAX], [], []]
        assert session.state.players[0].hand[0] == BLUE
        assert session.state.phase is Phase.PLANT
        await press(pilot, "e")  # one bean is enough: end planting
        assert session.state.phase is Phase.TRADE
        assert len(session.state.face_up) == 2
        assert fields(session) == [[WAX], [], []]  # the blue stays in the hand
        assert session.state.players[0].hand[0] == BLUE


async def test_k_keeps_the_chosen_card_and_e_ends_trading() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        first, second = session.state.face_up
        await press(pilot, "k")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "2")
        assert session.state.players[0].kept == [second]
        assert session.state.face_up == [first]
        await press(pilot, "e")  # the card left face up is kept as well (R-BASE-8)
        assert session.state.phase is Phase.PLANT_TRADED
        assert session.state.players[0].kept == [second, first]


async def test_right_selects_the_card_to_plant_in_phase_three() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        first, second = session.state.face_up
        await press(pilot, "e", "e", "right", "p")
        p = session.state.players[0]
        assert p.kept == [first]  # the second card went first
        assert second in [c for f in p.holdings[0].fields for c in f]
        await press(pilot, "right", "left", "p")  # round the one card left: still that card
        assert session.state.players[0].kept == []


async def test_h_harvests_the_chosen_field() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")  # wax on field 1, blue on field 2
        assert fields(session) == [[WAX], [BLUE], []]
        await press(pilot, "h")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "2")
        assert fields(session) == [[WAX], [], []]
        assert BLUE in session.state.discard  # one blue bean sells for nothing


async def test_escape_closes_the_harvest_list_and_plays_nothing() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        played = len(session.log)
        await press(pilot, "h", "escape")
        assert not isinstance(app.screen, ChoiceScreen)
        assert len(session.log) == played and fields(session) == [[WAX], [BLUE], []]
        assert "Not allowed" not in notice(app)


def bob_grows_wax() -> GameState:
    state = new_game("classic", ["Ann", "Bob", "Cy"], 7)
    state.players[1].holdings[0].fields[0] = [take(state, "wax") for _ in range(4)]
    return state


async def test_shift_h_lets_another_player_harvest() -> None:
    session = from_state(bob_grows_wax())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "H")
        assert "Who harvests?" in screen_text(app)
        await press(pilot, "2", "enter")  # Bob, who takes the keyboard
        assert "Bob harvests which field?" in screen_text(app)
        await press(pilot, "1")
        bob = session.state.players[1]
        assert bob.holdings[0].fields[0] == []
        assert len(bob.coins) == 1  # four wax sell for 1 coin


OFFER_WAX_TO_BOB_FOR_SOY = [
    "t", "down", "space", "tab", *["down"] * 6, "right", "tab", "down", "enter",
]  # fmt: skip


async def test_t_makes_an_offer() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        wax = session.state.face_up[1]
        await press(pilot, *OFFER_WAX_TO_BOB_FOR_SOY)
        assert isinstance(app.screen, OfferBuilder)
        await press(pilot, "ctrl+s")
        [offer] = session.state.offers
        assert (offer.proposer, offer.to, offer.give, offer.want) == (0, 1, [wax], [SOY])


async def test_d_offers_a_gift() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        green = session.state.face_up[0]
        await press(pilot, "d", "space", "tab", "down", "down", "enter", "ctrl+s")
        [offer] = session.state.offers
        assert (offer.proposer, offer.to, offer.give, offer.want) == (0, 2, [green], [])


async def test_o_confirms_an_answer() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")
        wax = session.state.face_up[1]
        # the wax to everyone for a soy: Bob takes it up (B, who bids: Bob), Cy stays silent
        offer = ["t", "down", "space", "tab", *["down"] * 6, "right", "ctrl+s"]
        await press(pilot, *offer)
        await press(pilot, "B", "1", "enter")
        assert isinstance(app.screen, AnswerScreen)
        await press(pilot, "a", "enter")
        # back to Ann: the offers list opens by itself; closed, `o` opens it again
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "escape", "o")
        assert isinstance(app.screen, ChoiceScreen)
        assert "Confirm with Bob" in screen_text(app)
        await press(pilot, "1")
        assert session.state.offers == []
        assert wax in session.state.players[1].received
        assert [KIND_OF[c] for c in session.state.players[0].received] == [SOY]


async def test_command_bar_opens_with_colon_and_slash_and_reads_any_case() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "colon")
        bar = app.screen.query_one("#command-input", Input)
        assert bar.has_focus
        bar.value = "Plant 2"
        await press(pilot, "enter")
        assert session.log == [Plant(0, WAX, 0, 1)]
        assert bar.value == ""
        bar.value = "UNDO"
        await press(pilot, "enter")
        assert session.log == []
        bar.value = "Undo"
        await press(pilot, "enter")
        # read as undo (nothing left to undo), not as an unknown command
        assert "there is no" not in str(app.screen.query_one("#command-hint").render())
        assert "nothing to undo" in notice(app)
        bar.value = "HELP plant"
        await press(pilot, "enter")
        assert isinstance(app.screen, TextScreen)
        await press(pilot, "escape", "escape")
        await press(pilot, "slash")
        bar = app.screen.query_one("#command-input", Input)
        assert bar.has_focus
        bar.value = "plant 3"
        await press(pilot, "enter")
        assert fields(session) == [[], [], [WAX]]


async def test_help_keys_save_and_quit(tmp_path: Path) -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        for key in ("question_mark", "f1"):
            await press(pilot, key)
            assert isinstance(app.screen, HelpScreen)
            await press(pilot, "escape")
            assert isinstance(app.screen, TableScreen)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PathScreen)
        target = tmp_path / "night.json"
        app.screen.query_one(Input).value = str(target)
        await press(pilot, "enter")
        assert load_file(target).state == session.state
        await press(pilot, "ctrl+q")
    assert app.return_code == 0


# -- Bohn Voyage -----------------------------------------------------------------------


def choice_index(app: BohnanzaApp, text: str) -> str:
    """The key of the entry whose label holds ``text`` in the open list."""
    screen = app.screen
    assert isinstance(screen, ChoiceScreen)
    labels = [c.label.plain for c in screen.choices]
    return screen.keys[next(i for i, label in enumerate(labels) if text in label)]


async def test_b_buys_what_is_chosen() -> None:
    session = from_state(voyage_position())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "b")
        await press(pilot, choice_index(app, "Second merchant ship"))
        assert len(session.state.ships_of(0)) == 2
        assert len(session.state.players[0].coins) == 1  # 4 coins, the ship costs 3


async def test_l_loads_x_unloads_m_moves_and_g_stores() -> None:
    state = voyage_position()
    state.players[0].store.remove(state.players[0].store[0])  # the wax leaves the store
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "k")  # the wax into the home Kontor
        ann = session.state.players[0]
        [wax] = ann.holdings[0].kontor
        await press(pilot, "l")
        assert session.state.ships[0].cargo == [wax] and ann.holdings[0].kontor == []
        await press(pilot, "x")
        assert session.state.ships[0].cargo == [] and ann.holdings[0].kontor == [wax]
        await press(pilot, "m", "2")  # the Kontor's wax onto field 2
        assert ann.holdings[0].fields[1] == [wax] and ann.holdings[0].kontor == []
        # the next card into the Kontor, then into the pirate store (which lacks wax now)
        await press(pilot, "e", "e")
        while ann.kept:
            await press(pilot, "p")
            if isinstance(app.screen, ChoiceScreen):
                await press(pilot, choice_index(app, "Kontor"))
        kontor = list(ann.holdings[0].kontor)
        assert kontor
        await press(pilot, "g")
        if isinstance(app.screen, ChoiceScreen):
            await press(pilot, "1")
        assert kontor[0] in ann.store


async def test_s_sails_and_r_raids() -> None:
    state = voyage_position()
    state.islands[B1].harbors = [0, None]
    state.players[0].holdings.append(Holding(B1, [[]], [], 1))
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "s")
        await press(pilot, choice_index(app, "→ B1"))
        assert session.state.ships[0].island == B1
        chili = session.state.players[1].holdings[0].kontor[0]
        await press(pilot, "r")
        await press(pilot, choice_index(app, "Bob's Kontor"))
        await press(pilot, choice_index(app, "Kontor"))
        ann = session.state.players[0]
        assert session.state.players[1].holdings[0].kontor == []
        assert ann.holdings[0].kontor == [chili]
        assert ann.store == []  # the raid cost the five beans of the store


async def test_i_chooses_the_turns_island() -> None:
    state = voyage_position()
    ann = state.players[0]
    state.islands[A2].harbors = [1, 0]
    ann.holdings.append(Holding(A2, [[]], [], 1))  # two colony fields: the rotation applies
    state.phase = Phase.CHOOSE_ISLAND
    assert [h.island for h in ann.holdings[1:]] == [A1, A2]
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert isinstance(app.screen, ChoiceScreen)  # asked at once
        await press(pilot, "escape", "i")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, choice_index(app, "A2"))
        assert session.state.turn_island == A2
        assert session.state.phase is Phase.PLANT


def test_the_open_offers_list_puts_confirmations_above_withdrawals() -> None:
    """Ann's first offer got no answer, Bob took up her second: Enter on the list (its first
    entry) confirms Bob's answer, never withdraws the older offer (R-BASE-8)."""
    from bohnanza_tui.rules.actions import Accept, MakeOffer
    from bohnanza_tui.seating.hotseat import fallback_action
    from bohnanza_tui.ui.choices import offer_choices

    session = classic()
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    first, second = session.state.face_up
    session.play(MakeOffer(0, None, (first,), ()))
    session.play(MakeOffer(0, None, (second,), ()))
    older, newer = (o.id for o in session.state.offers)
    session.play(Accept(1, newer, ()))
    labels = [c.label.plain for c in offer_choices(session.state, 0)]
    assert labels[0] == "Confirm with Bob: nothing"
    assert [x.split(" ")[0] for x in labels] == ["Confirm", "Withdraw", "Withdraw"]
    assert f"#{older}" in labels[1] and f"#{newer}" in labels[2]
