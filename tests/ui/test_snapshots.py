"""Snapshots of the app's screens at a fixed size (update with ``pytest --snapshot-update``)."""

from __future__ import annotations

import random

from test_voyage_play import busy_voyage_position, voyage_position
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import SIZE, classic, from_state, make_app, table_fitted

from bohnanza_tui.rules import KIND_OF, GameState, legal_actions, pending_players
from bohnanza_tui.rules.actions import EndPhase, Harvest, Plant
from bohnanza_tui.rules.data import SALE_TABLES
from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.app import BohnanzaApp


def no_blink(pilot: Pilot) -> None:
    for inp in pilot.app.screen.query(Input):
        inp.cursor_blink = False


def test_setup_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = BohnanzaApp(autosave=None)
    assert snap_compare(app, terminal_size=SIZE, run_before=no_blink)


def test_privacy_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(classic()), terminal_size=SIZE)


def test_classic_table(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(classic()), press=["enter", "p", "p"], terminal_size=SIZE)


def test_voyage_table_with_island_map(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(from_state(voyage_position()))
    assert snap_compare(app, press=["enter", "b", "3", "s", "1"], terminal_size=SIZE)


def test_voyage_table_five_players(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Five players' panels do not fit whole beside the island map at 120x40: each other
    player in a few lines, the map kept (``TableView._fit_players``)."""
    app = make_app(from_state(busy_voyage_position()))

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("enter")
        await table_fitted(pilot)

    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)


def test_voyage_table_five_players_small(snap_compare) -> None:  # type: ignore[no-untyped-def]
    app = make_app(from_state(busy_voyage_position()))
    assert snap_compare(app, press=["enter"], terminal_size=(100, 30))


def test_trade_dialog(snap_compare) -> None:  # type: ignore[no-untyped-def]
    keys = ["enter", "p", "p", "t", "down", "space", "tab", *["down"] * 6, "right", "tab"]
    assert snap_compare(make_app(classic()), press=keys, terminal_size=SIZE)


def test_bid_dialog_with_its_proposal(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Bob's bid to Ann as it opens: his wax (Ann grows wax) for the face-up green."""
    keys = ["enter", "p", "p", "B", "1", "enter"]
    assert snap_compare(make_app(classic()), press=keys, terminal_size=SIZE)


def finished_game(seed: int = 5, names: list[str] | None = None, mode: str = "classic") -> Session:
    """A game (classic unless ``mode``) played to its end by a simple greedy policy (no trades)."""
    session = Session.new(mode, names, seed) if names else classic(seed)
    rng = random.Random(seed)
    while not session.state.over:
        state = session.state
        player = pending_players(state)[0]
        actions = legal_actions(state, player)
        harvests = [a for a in actions if isinstance(a, Harvest)]
        good = [a for a in harvests if sale(state, a) >= 2]
        plants = [a for a in actions if isinstance(a, Plant)]
        ends = [a for a in actions if isinstance(a, EndPhase)]
        for group in (good, plants, ends, harvests, actions):
            if group:
                session.play(rng.choice(group) if group is actions else group[0])
                break
    return session


def sale(state: GameState, a: Harvest) -> int:
    field = state.players[a.player].holding(a.island).fields[a.slot]  # type: ignore[union-attr]
    return SALE_TABLES["home"][KIND_OF[field[0]]][len(field)]


def test_end_screen(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(finished_game()), terminal_size=SIZE)


def test_too_small(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(classic()), press=["enter"], terminal_size=(79, 24))


def duel() -> Session:
    return Session.new("classic", ["Ann", "Bob"], 3)


def test_duel_turned_up_beans(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """R-DUEL-4 step 3: the turned-up beans as cards, whose they are and where the rest go."""
    assert snap_compare(make_app(duel()), press=["enter", "p", "e"], terminal_size=SIZE)


def test_duel_beans_on_offer_small(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """R-DUEL-4 step 1 at the smallest table: the beans on offer to Bob, the discard pile's top."""
    keys = ["enter", "p", "d", "enter", "e", "3", "e", "space", "enter"]
    assert snap_compare(make_app(duel()), press=keys, terminal_size=(100, 30))


def test_duel_at_80x24(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """R-DUEL-4 at 80x24: Bob's hand, fields, the beans on offer to him and the discard's top."""
    keys = ["enter", "p", "d", "enter", "e", "3", "e", "space", "enter"]
    assert snap_compare(make_app(duel()), press=keys, terminal_size=(80, 24))
