"""Snapshots of the Guatemala Café table at 120x40 and 80x24 (``pytest --snapshot-update``)."""

from __future__ import annotations

import pytest
from ui_helpers import PatientApp

from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.actions import Build, MoveBuyer, Pass
from bohnanza_tui.rules.cafe_session import CafeSession
from bohnanza_tui.seating.seats import COMPUTER, Seat

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}


def built_game() -> CafeSession:
    """Three players, a few pieces on the board: Ann to move (seeded: the same each run)."""
    session = CafeSession.new(["Ann", "Bob", "Cy"], 7)
    for _ in range(9):
        state = session.state
        player = cafe.next_to_act(state)
        assert player is not None
        acts = cafe.legal_actions(state, player)
        builds = [a for a in acts if isinstance(a, Build)]
        moves = [a for a in acts if isinstance(a, MoveBuyer)]
        pick = builds[0] if builds else moves[0] if moves else acts[0]
        if isinstance(pick, Pass) and len(acts) > 1:
            pick = acts[1]
        session.play(pick)
    while cafe.next_to_act(session.state) != 0:
        state = session.state
        player = cafe.next_to_act(state)
        assert player is not None
        session.play(cafe.legal_actions(state, player)[0])
    return session


def app_for(session: CafeSession) -> PatientApp:
    seats = [Seat("Ann"), Seat("Bob", COMPUTER), Seat("Cy", COMPUTER)]
    return PatientApp(session, seats=seats, autosave=None, bot_factory=None, bot_delay=0)


@pytest.mark.parametrize("size", SIZES)
def test_cafe_table(snap_compare, size: str) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(built_game()), terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_cafe_row_list(snap_compare, size: str) -> None:  # type: ignore[no-untyped-def]
    """The buyer's row after a move: what can be built or scored, refused ones with the rule."""
    assert snap_compare(app_for(built_game()), press=["m"], terminal_size=SIZES[size])


@pytest.mark.parametrize("size", SIZES)
def test_cafe_target_list(snap_compare, size: str) -> None:  # type: ignore[no-untyped-def]
    """Where the worker on place 1 goes: the board with each allowed field's key, the list."""
    assert snap_compare(app_for(built_game()), press=["m", "1"], terminal_size=SIZES[size])
