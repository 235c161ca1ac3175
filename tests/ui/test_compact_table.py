"""The table and its dialogs on a small terminal (80x24): nothing essential cut or covered.

The pilot tests play whole turns at 80x24 and check, at every step, that the
hand, the cards on the table (face-up, offered, to plant), the open offers and
the key bar lie whole inside the screen and under no toast.
"""

from __future__ import annotations

from test_duel_play import _fits
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets._toast import Toast
from ui_helpers import classic, from_state, make_app, notice, press, screen_text

from bohnanza_tui.rules import Phase
from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen, TurnOverScreen
from bohnanza_tui.ui.screens.table import TableScreen

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


async def step(pilot: Pilot, *keys: str) -> None:
    """Press the keys one by one, checking the table after each."""
    for key in keys:
        await press(pilot, key)
        table_in_view(pilot.app)


# -- notices ------------------------------------------------------------------------------------


async def test_a_notice_never_covers_the_hand_and_goes_at_the_hand_over() -> None:
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await step(pilot, "enter", "p", "p")  # the face-up cards turn up by themselves
        assert "Two cards are turned up: ♠ green, ○ wax." in notice(app)
        assert not app._notifications  # a line of the table, not a toast
        table_in_view(app)
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
