"""The table and its dialogs on a small terminal (80x24): nothing essential cut or covered.

The pilot tests play whole turns at 80x24 and check, at every step, that the
hand, the cards on the table (face-up, offered, to plant), the open offers and
the key bar lie whole inside the screen and under no toast.
"""

from __future__ import annotations

import pytest
from test_duel_play import _fits
from test_trading_at_one_keyboard import SEATS, Generous, four_seats
from test_voyage_play import B1, busy_voyage_position, voyage_position
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets._toast import Toast
from ui_helpers import classic, from_state, log_text, make_app, notice, press, screen_text

from bohnanza_tui.rules import KIND_OF, Phase
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen, TurnOverScreen
from bohnanza_tui.ui.screens.sized import SizedDialog
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerAllScreen, AnswerScreen, OfferBuilder

SMALL = (80, 24)

#: what must never be cut or covered on the table
ESSENTIAL = ("#hand", "#keys", "#faceup", "#pending", "#offers")


def shown_whole(app: App, widget: Widget) -> None:
    """The widget lies inside the screen, is not clipped by its containers and has its lines."""
    screen = widget.screen
    whole = Region(0, 0, *app.size)
    region = widget.region
    name = widget.id
    assert region.area, f"{name} has no room"
    assert whole.contains_region(region), f"{name} {region} is outside the screen {whole}"
    geometry = screen.find_widget(widget)
    assert region.intersection(geometry.clip) == region, f"{name} is cut by its container"
    content = widget.render()
    width = widget.content_size.width
    if hasattr(content, "wrap") and width:
        lines = len(content.wrap(width))
        assert widget.content_size.height >= lines, f"{name}: {lines} lines in {widget.size}"
    for toast in screen.query(Toast):
        assert not toast.region.overlaps(region), f"a toast covers {name}"


def table_in_view(app: App) -> None:
    """On the table (not behind the privacy screen): every essential part whole and uncovered."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    if app.screen is not table:
        return
    assert "Please enlarge" not in screen_text(app)
    for selector in ESSENTIAL:
        widget = table.query_one(selector)
        if selector in ("#hand", "#keys"):
            assert widget.display, selector
        if widget.display:
            shown_whole(app, widget)


#: what must never be cut in a dialog: the offer, who grows what, the cards, the keys
DIALOG_PARTS = (
    ".dialog-fields",
    "#offer-face-up",
    "#offer-preview",
    "#answer-offer",
    "#answer-check",
    "#answer-all-check",
    "#give",
    "#want",
    "#to",
    "#answer-give",
    "#answers",
    "#choices",
    ".buttons",
    ".dialog-note",
    ".dialog-keys",
    "#keys",
)


def dialog_in_view(app: App) -> None:
    """A dialog of the table (offer, answer, choice): every part of it whole on the screen."""
    screen = app.screen
    if not isinstance(screen, SizedDialog):
        return
    for selector in DIALOG_PARTS:
        for widget in screen.query(selector):
            if widget.display:
                shown_whole(app, widget)


async def step(pilot: Pilot, *keys: str) -> None:
    """Press the keys one by one, checking the table (or the dialog on it) after each."""
    for key in keys:
        await press(pilot, key)
        table_in_view(pilot.app)
        dialog_in_view(pilot.app)


# -- notices ------------------------------------------------------------------------------------


async def test_a_notice_never_covers_the_hand_and_goes_at_the_hand_over() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await step(pilot, "enter", "p", "p")  # the face-up cards turn up by themselves
        assert "Two cards are turned up: ♠ green, ○ wax." in notice(app)
        assert not app._notifications  # a line of the table, not a toast
        table_in_view(app)
        await step(pilot, "e")  # the cards turned up by themselves: the first e asks again
        assert "press e again to end trading" in notice(app)
        await step(pilot, "e")  # Ann moves: the notice has been read
        assert notice(app) == ""
        await step(pilot, "p", "p")
        assert isinstance(app.screen, TurnOverScreen)
        await step(pilot, "space", "enter", "p", "p")
        assert session.state.active == 1 and "Bob's hand" in screen_text(app)
        assert "Two cards are turned up" in notice(app)
        # the app's own notices are toasts still: at the top, never over the hand or the keys
        app.notify("Saved to a file.", title="Saved")
        await pilot.pause(0.2)
        assert len(app.screen.query(Toast)) == 1
        table_in_view(app)


async def test_the_whole_log_gives_the_players_their_rows_back_at_the_hand_over() -> None:
    """At 80x24 ``v`` shows the whole log over most of the height, the players' area shrinks:
    the view lasts while the person keeps the keyboard in the turn; the next person finds
    the log's strip and their own panel whole."""
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SMALL) as pilot:
        await step(pilot, "enter", "v")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.side == "history"
        assert "Whole log  v: Beanometers" in screen_text(app)  # (the log's title says which)
        await step(pilot, "p", "p", "e", "e")
        assert table.side == "history"  # Ann's turn goes on: her view stays
        await step(pilot, "p", "p")
        assert isinstance(app.screen, TurnOverScreen)
        await step(pilot, "space", "enter")
        assert "Bob's hand" in screen_text(app)
        assert table.side == "log"
        assert "Log  v: Whole log" in screen_text(app)
        shown_whole(app, table.query_one("#player-big"))


async def test_a_refusal_left_on_the_table_is_gone_for_the_next_person() -> None:
    from test_game_night import phase_three_with_a_stuck_bean

    session = from_state(phase_three_with_a_stuck_bean())
    app = make_app(session)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await step(pilot, "enter", "p")  # the wax; the chili fits nowhere now
        await step(pilot, "p", "p", "p")
        assert "R-BASE-7" in notice(app) and not app._notifications
        # Bob harvests out of turn (R-BASE-11): the keyboard goes to him, Ann's refusal does not
        await step(pilot, "H")
        assert isinstance(app.screen, ChoiceScreen)
        await step(pilot, "2")
        assert isinstance(app.screen, PrivacyScreen)
        assert notice(app) == ""
        await step(pilot, "enter")
        assert isinstance(app.screen, ChoiceScreen) and "Bob harvests" in screen_text(app)
        assert notice(app) == ""
        # Ann harvests: her move clears her own notice too
        await step(pilot, "escape")
        if isinstance(app.screen, PrivacyScreen):
            await step(pilot, "enter")
        await step(pilot, "p", "p")
        assert "R-BASE-7" in notice(app)
        await step(pilot, "h", "2")
        assert session.state.players[0].holdings[0].fields[1] == []
        assert notice(app) == ""


async def test_refusals_replace_each_other_and_never_stack() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await step(pilot, "enter", "p", "3")  # the second bean onto field 3: allowed
        await step(pilot, "e", "e", "p")
        assert session.state.phase is Phase.PLANT_TRADED
        for _ in range(3):
            await step(pilot, "4")  # a fourth field nobody has: refused each time
        first = notice(app)
        assert first.count("Not allowed") == 1 and not app._notifications
        table = app.screen
        assert isinstance(table, TableScreen)
        table.notify("another", title="Not possible now", severity="warning")
        assert "another" in notice(app) and "Not allowed" not in notice(app)
        assert len(table.query("#notice")) == 1


# -- whole turns at 80x24 -----------------------------------------------------------------------


async def test_duel_turns_at_80x24_keep_the_hand_and_the_beans_on_offer_in_view() -> None:
    session = Session.new("classic", ["Ann", "Bob"], 3)
    app = make_app(session)
    state = session.state
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        for _step in range(200):
            if state.turn > 4:
                break
            if isinstance(app.screen, PrivacyScreen):
                await step(pilot, "enter")
                continue
            if isinstance(app.screen, TurnOverScreen):
                await step(pilot, "space")
                continue
            assert isinstance(app.screen, TableScreen), app.screen
            me = state.active
            text = screen_text(app)
            assert f"{state.players[me].name}'s hand" in text
            if state.offered:
                assert "On offer to" in text
            if state.offered or (
                state.phase is Phase.PLANT and state.planted == 0 and state.players[me].hand
            ):
                card = state.offered[0] if state.offered else state.players[me].hand[0]
                target = next((s for s in range(3) if _fits(state, me, card, s)), None)
                if target is not None:
                    await step(pilot, str(target + 1))
                elif state.offered:
                    await step(pilot, "d")
                else:
                    await step(pilot, "h")
                    if isinstance(app.screen, ChoiceScreen):
                        await step(pilot, "enter")
                continue
            await step(pilot, "e")
        assert state.turn > 4


async def answer_or_pass(pilot: Pilot) -> bool:
    """Whatever is not the active player's table: hand over, answer, pick; False if it is."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        await step(pilot, "enter")
    elif isinstance(screen, TurnOverScreen):
        await step(pilot, "space")
    elif isinstance(screen, AnswerScreen):
        accept = screen.query_one("#accept")
        await step(pilot, "n" if accept.disabled else "a")  # type: ignore[attr-defined]
    elif isinstance(screen, AnswerAllScreen):
        await step(pilot, "n")
    elif isinstance(screen, ChoiceScreen):
        allowed = [i for i, c in enumerate(screen.choices) if c.allowed]
        if allowed and screen.keys[allowed[0]]:
            await step(pilot, screen.keys[allowed[0]])
        else:
            await step(pilot, "escape")
    else:
        return False
    return True


async def plant_or_end(pilot: Pilot, session: Session) -> None:
    """The active player's simplest move on the table: plant, else harvest, else end the phase."""
    app = pilot.app
    state = session.state
    before = len(session.log)
    if state.phase is Phase.TRADE:
        await step(pilot, "e")
        return
    await step(pilot, "p")
    if isinstance(app.screen, ChoiceScreen):
        await answer_or_pass(pilot)
    if len(session.log) == before and state.phase is not Phase.TRADE:
        await step(pilot, "h")
        if isinstance(app.screen, ChoiceScreen):
            await answer_or_pass(pilot)
    if len(session.log) == before:
        await step(pilot, "e")


async def holder_at_the_table(app: App, pilot: Pilot) -> int | None:
    """The person at the table with their hand shown, or None after a dialog was answered."""
    if await answer_or_pass(pilot):
        return None
    assert isinstance(app.screen, TableScreen), app.screen
    holder = app.screen.hs.holder
    assert holder is not None
    state = app.screen.hs.state
    assert f"{state.players[holder].name}'s hand" in screen_text(app)
    return holder


async def test_classic_turns_with_a_trade_at_80x24() -> None:
    """Four people, a whole round: each offers a trade to the next, who answers."""
    session = classic(names=["Ann", "Bob", "Cy", "Dee"])
    state = session.state
    app = make_app(session)
    offered: set[int] = set()
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        for _step in range(300):
            if state.turn > 4:
                break
            holder = await holder_at_the_table(app, pilot)
            if holder is None:
                continue
            if state.phase is Phase.TRADE and state.turn not in offered and holder == state.active:
                offered.add(state.turn)
                await step(pilot, "t")
                assert isinstance(app.screen, OfferBuilder)
                assert "Make an offer" in screen_text(app)
                # the first card to give, for a kind the next player holds, to that player
                other = (state.active + 1) % len(state.players)
                kind = KIND_OF[state.players[other].hand[0]]
                row = list(setup(state).deck_kinds).index(kind)
                to = [p for p in range(len(state.players)) if p != state.active].index(other)
                keys = ["space", "tab", *["down"] * row, "right", "tab", *["down"] * (to + 1)]
                await step(pilot, *keys, "enter")
                assert f"to {state.players[other].name} for 1 ×" in screen_text(app)
                await step(pilot, "ctrl+s")
                if isinstance(app.screen, OfferBuilder):  # refused (it gives that kind): none
                    await step(pilot, "escape")
                continue
            await plant_or_end(pilot, session)
        assert state.turn > 4
    assert any(type(a).__name__ == "Accept" for a in session.log)


async def test_voyage_turns_with_harvest_buy_and_sail_at_80x24() -> None:
    session = from_state(voyage_position())
    state = session.state
    app = make_app(session)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await step(pilot, "enter", "b")
        assert isinstance(app.screen, ChoiceScreen)
        assert "Harbor on B1 (type B; harbors: free, free) for 2 coins" in screen_text(app)
        await step(pilot, "3")  # a harbor on B1
        assert state.islands[B1].harbors == [0, None]
        await step(pilot, "s")
        assert isinstance(app.screen, ChoiceScreen) and "Ship 1 (home) → B1" in screen_text(app)
        await step(pilot, "1")
        assert state.ships[0].island == B1
        harvested = False
        for _step in range(300):
            if state.turn > 4:
                break
            holder = await holder_at_the_table(app, pilot)
            if holder is None:
                continue
            fields = state.players[holder].holdings[0].fields
            if not harvested and state.phase is Phase.PLANT and any(fields):
                await step(pilot, "h")
                assert isinstance(app.screen, ChoiceScreen)
                assert "Harvest which field?" in screen_text(app)
                harvested = await answer_or_pass(pilot)
                continue
            await plant_or_end(pilot, session)
        assert state.turn > 4 and harvested
    assert any(type(a).__name__ == "Harvest" for a in session.log)


# -- snapshots (update with pytest --snapshot-update, then look at each) -------------------------

TABLE_SIZES = [(80, 24), (100, 30), (160, 50)]
TRADE_KEYS = ["enter", "p", "p", "t", "down", "space", "tab", *["down"] * 6, "right", "tab"]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.mark.parametrize("size", TABLE_SIZES, ids=size_id)
def test_classic_four_players_table(size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Ann in phase 2: her fields, the other three, the face-up cards, her hand, the keys."""
    app = make_app(classic(names=["Ann", "Bob", "Cy", "Dee"]))
    assert snap_compare(app, press=["enter", "p", "p"], terminal_size=size)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=size_id)
def test_voyage_five_players_table(size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    """A busy 5-player Bohn Voyage table: colonies, ships, Kontors, the island map or its key."""
    app = make_app(from_state(busy_voyage_position()))
    assert snap_compare(app, press=["enter"], terminal_size=size)


def test_trade_dialog_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The offer being made, what everyone grows, the cards to give and the kinds wanted."""
    assert snap_compare(make_app(classic()), press=TRADE_KEYS, terminal_size=SMALL)


def test_answer_dialog_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Bob answers Ann's offer: the offer, who grows what, his cards, accept/decline/counter."""
    keys = [*TRADE_KEYS, "down", "enter", "ctrl+s", "enter"]
    assert snap_compare(make_app(classic()), press=keys, terminal_size=SMALL)


def test_answer_all_dialog_for_a_computer_turn_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Cy (a computer) made three offers: Ann answers them in one dialog, the first marked."""
    bots: dict[int, Generous] = {}
    app = make_app(
        four_seats(),
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    assert snap_compare(app, press=["enter", "1"], terminal_size=SMALL)


def test_bid_dialog_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Bob bids to Ann (B): the face-up cards, their kinds first among the wanted ones, the
    bid proposed."""
    keys = ["enter", "p", "p", "B", "1", "enter"]
    assert snap_compare(make_app(classic()), press=keys, terminal_size=SMALL)


def test_bids_answered_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Ann answers the bids of Bob and Cy in one dialog."""
    keys = ["enter", "p", "p", "B", "1", "enter", "ctrl+s"]  # the bids as proposed
    keys += ["B", "2", "enter", "ctrl+s", "enter"]
    assert snap_compare(make_app(classic()), press=keys, terminal_size=SMALL)


def test_buy_list_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Bohn Voyage's buy list: what each island type pays above it, every entry reachable."""
    app = make_app(from_state(voyage_position()))
    assert snap_compare(app, press=["enter", "b"], terminal_size=SMALL)


async def test_an_offer_that_cannot_be_met_is_declined_for_the_person_at_80x24() -> None:
    """Cy asks everyone for a chili; Ann has none: the offer is declined for her without
    reaching her (issue 28) and the log says so; her dialog holds Cy's two gifts only."""
    bots: dict[int, Generous] = {}
    session = four_seats()
    hand, deck = session.state.players[2].hand, session.state.deck
    for i, card in enumerate(hand):  # Ann (seat 3) holds no chili (kind 3)
        if KIND_OF[card] == 3:
            other = next(c for c in deck if KIND_OF[c] != 3)
            deck[deck.index(other)], hand[i] = card, other
    app = make_app(
        session,
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        await step(pilot, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        assert "Ann, answer 2 offers" in screen_text(app)
        assert "Ann can't give what offer 2 asks for: declined for them." in log_text(app)
        assert not app._notifications
