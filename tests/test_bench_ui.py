"""The tmux mode of scripts/bench_ui.py: its helpers work (its figures are not judged here)."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

from bohnanza_tui.rules import Phase, legal_actions
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.save import loads

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import bench_ui


def test_positions_are_late_voyage_games_in_the_state_the_keys_need() -> None:
    positions = bench_ui.voyage_positions(1)
    assert [kind for kind, _text in positions] == ["plant", "select"]
    (_, plant), (_, select) = positions
    s = loads(plant).state
    assert s.mode.value == "voyage" and len(s.players) == 5 and s.turn >= 25
    assert s.phase is Phase.PLANT and s.planted == 0
    assert Plant(s.active, s.players[s.active].hand[0], s.turn_island, 0) in legal_actions(
        s, s.active
    )
    t = loads(select).state
    assert t.phase is Phase.PLANT_TRADED and t.turn >= 25
    # the person the app reveals first (after what it plants for people away) has two to choose from
    actor, shown = bench_ui.revealed_first(t)
    served = shown.players[actor]
    assert len(served.kept + served.received) >= 2
    assert any(isinstance(a, Plant) and a.player == actor for a in legal_actions(shown, actor))


def test_figures_name_the_median_the_p90_the_max_and_the_count() -> None:
    line = bench_ui.figures([0.001 * n for n in range(1, 11)])
    assert line.split() == ["median", "5.5", "p90", "10.0", "max", "10.0", "ms", "(N", "10)"]


def test_the_app_command_runs_in_a_fresh_home(tmp_path: Path) -> None:
    command = bench_ui.app_command("/x/bohnanza", "load 'a b.json'", tmp_path / "h o")
    assert command.startswith("env -u LC_ALL -u LANGUAGE HOME=")
    assert f"XDG_DATA_HOME='{tmp_path}/h o/data'" in command
    assert command.endswith("/x/bohnanza load 'a b.json'")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_key_sent_through_tmux_is_answered_and_timed(tmp_path: Path) -> None:
    tm = bench_ui.Tmux(tmp_path, 60, 10)
    try:
        tm.start("cat")  # echoes each key: an answer to time
        sample = bench_ui.press(tm, "x", "table", 0.05)
        assert sample is not None and sample.group == "table"
        assert 0 <= sample.first <= sample.last
        assert "x" in tm.screen()
        # a key that changes nothing is dropped, not timed
        assert bench_ui.press(tm, "Escape", "close", 0.05, expect="never", timeout=0.3) is None
    finally:
        tm.close()


def test_the_cpu_mode_times_each_key_of_a_position() -> None:
    (_, select) = bench_ui.voyage_positions(1)[1]
    samples = asyncio.run(bench_ui.cpu_position("select", select, 1))
    assert [(s.key, s.group) for s in samples] == [
        ("enter", "reveal"),
        ("right", "table"),
        ("left", "table"),
    ]
    for s in samples:
        assert 0 < s.first <= s.shown == s.last  # a frame went out, and it cost CPU time


def test_the_hand_overs_are_timed_in_a_group_of_their_own() -> None:
    (_, plant) = bench_ui.voyage_positions(1)[0]
    steps = bench_ui.hand_over_steps(plant)
    timed = [s.label for s in steps if s.label]
    assert timed == [
        "offer sent: privacy",
        "Enter: answer",
        "declined: privacy",
        "Enter: table",
        "bidder: privacy",
        "Enter: bid",
        "bid sent: privacy",
        "bidder: privacy",
        "Enter: bid",
        "bid sent: privacy",
        "Enter: answer all",
        "declined all: table",
    ]
    # (the bench's own wait for each key's answer: a shorter one missed the bid's frame when
    # four test workers shared two cores)
    # (the run checks that each key's screen shows what the step expects)
    samples = asyncio.run(bench_ui.cpu_position("plant", plant, 1))
    hand_over = [s for s in samples if s.group == "hand-over"]
    assert [s.label for s in hand_over] == timed
    for s in hand_over:
        assert 0 < s.first <= s.shown and s.sent > 0
    # the keys before them are timed as before
    assert [s.key for s in samples if s.group == "open"] == [
        "question_mark",
        "h",
        "b",
        "colon",
        "t",
    ]
