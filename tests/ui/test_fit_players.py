"""Bohn Voyage late in a game: every player's panel whole, whatever the terminal's size.

Harbors, ships, Kontors and pirate stores make the players' panels longer as a game goes
on than the size of the terminal promised at its start. The table gives way one step at a
time (``TableView._fit_players``): the beanometers by island type leave the board, then
the other players go to a few lines each (the island map kept). These positions are
reached by random play (seeded): the rules core's own ``RandomPlayer``.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot
from ui_helpers import from_state, make_app, screen_text, table_fitted

from bohnanza_tui.rules import Phase, legal_actions, new_game
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.tableview import TableView

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def late_trade(players: int, seed: int) -> Session:
    """A Bohn Voyage game played at random past the first run through the deck, stopped
    when two cards are turned up (phase 2: the board shows them)."""
    session = Session(new_game("voyage", NAMES[:players], seed))
    player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
    while True:
        state = session.state
        assert not state.over
        if state.exhaustions >= 1 and state.phase is Phase.TRADE and state.face_up:
            return from_state(state.copy())
        session.play(player.step(state))


def table(app: BohnanzaApp) -> TableView:
    return next(s for s in app.screen_stack if isinstance(s, TableView))


def cut_rows(app: BohnanzaApp) -> tuple[int, int]:
    """How many rows of the players' panels and of the face-up cards are out of sight."""
    screen = table(app)
    players = screen.query_one("#players")
    need = sum(w.outer_size.height for w in players.children if w.display)
    board, faceup = screen.query_one("#board"), screen.query_one("#faceup")
    assert board.display and faceup.display  # phase 2: the cards turned up are on the board
    shown = min(faceup.outer_size.height, board.region.height)
    return max(0, need - players.scrollable_content_region.height), faceup.outer_size.height - shown


async def shown(pilot: Pilot) -> None:
    await pilot.press("enter")  # the first person takes the keyboard
    await table_fitted(pilot)


@pytest.mark.parametrize(
    ("players", "seed", "size"),
    [(4, 2, (120, 40)), (5, 1, (120, 40)), (4, 1, (160, 50)), (3, 1, (120, 40))],
)
async def test_no_panel_is_cut_late_in_a_game(
    players: int, seed: int, size: tuple[int, int]
) -> None:
    """Every player's fields, Kontor, ships and store in sight while they trade."""
    app = make_app(late_trade(players, seed))
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        assert cut_rows(app) == (0, 0)
        text = screen_text(app)
        for name in NAMES[:players]:
            assert name in text
        assert table(app).query_one("#island-map").display  # the map stays at these sizes


async def test_the_beanometers_give_way_first() -> None:
    """Three players at 120x40: only the board's beanometers by island type leave (``v``
    still shows them); the players keep their larger panels."""
    app = make_app(late_trade(3, 1))
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(pilot)
        screen = table(app)
        assert cut_rows(app) == (0, 0)
        assert screen.has_class("-no-reference") and not screen.has_class("-compact")
        assert "Beanometers by island type" not in screen_text(app)
        await pilot.press("v", "v")  # the log, the map, the beanometers
        await pilot.pause()
        assert screen.side == "meters"


async def test_a_table_that_fits_keeps_its_beanometers() -> None:
    """Early in the same game the board keeps them: nothing gives way for nothing."""
    session = Session(new_game("voyage", NAMES[:3], 1))
    player = RandomPlayer(random.Random(1), harvest_rate=0.2)
    while not (session.state.phase is Phase.TRADE and session.state.face_up):
        session.play(player.step(session.state))
    app = make_app(from_state(session.state.copy()))
    async with app.run_test(size=(140, 45)) as pilot:
        await shown(pilot)
        screen = table(app)
        assert not screen.has_class("-no-reference") and not screen.has_class("-compact")
        assert "Beanometers by island type" in screen_text(app)


async def test_a_larger_terminal_tries_the_larger_layout_again() -> None:
    app = make_app(late_trade(5, 1))
    async with app.run_test(size=(120, 40)) as pilot:
        await shown(pilot)
        screen = table(app)
        assert screen.has_class("-compact") and screen.has_class("-crowded")
        await pilot.resize_terminal(200, 70)
        await table_fitted(pilot)
        assert not screen.has_class("-compact") and not screen.has_class("-no-reference")
        assert cut_rows(app) == (0, 0)
        assert "Beanometers by island type" in screen_text(app)


async def test_the_face_up_cards_are_whole_on_the_compact_table() -> None:
    """At 100x30 the board is as high as its lines: the row its scrollbar kept free had
    wrapped the face-up line into two, and the board showed one of them."""
    app = make_app(late_trade(5, 1))
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot)
        assert table(app).has_class("-compact")
        assert cut_rows(app) == (0, 0)
        assert "t offers it in a trade" in screen_text(app)


async def test_the_table_gives_way_before_the_cards_are_turned_up() -> None:
    """Counted for phase 2 already in phase 1: the table gives way behind the privacy
    screen, and the ``e`` that turns the cards up changes no layout."""
    session = late_trade(5, 1)
    state = session.state
    while state.phase is Phase.TRADE:  # the next player's turn, in phase 1
        session = Session(state)
        player = RandomPlayer(random.Random(1), harvest_rate=0.0)
        while session.state.phase is not Phase.PLANT or session.state.planted:
            session.play(player.step(session.state))
        state = session.state
    plant = next(a for a in legal_actions(state, state.active) if isinstance(a, Plant))
    session.play(plant)  # the first bean planted: e turns the cards up
    app = make_app(from_state(session.state.copy()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = table(app)
        assert screen.has_class("-crowded")  # before anyone has taken the keyboard
        await shown(pilot)
        classes = set(screen.classes)
        await pilot.press("e")
        await table_fitted(pilot)
        assert app.screen is screen and screen.hs.state.phase is Phase.TRADE
        assert set(screen.classes) == classes
        assert cut_rows(app) == (0, 0)
