"""Bots play complete games of every mode, level and player count; they see only their view."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path

import pytest
from bots_helpers import hide_elsewhere

from bohnanza_tui.bots import LEVELS, Bot, make_bot, play_game
from bohnanza_tui.bots.tournament import main as tournament_main
from bohnanza_tui.bots.tournament import seating, wilson
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.state import HIDDEN, GameState
from bohnanza_tui.rules.views import view

#: strong at a tiny, fixed amount of search: fast and reproducible
TINY = {"max_samples": 1}


def _bots(levels: list[str], seed: int) -> list[Bot]:
    return [
        make_bot(lv, seed * 31 + i, **(TINY if lv == "strong" else {}))
        for i, lv in enumerate(levels)
    ]


def play_checked(mode: str, levels: list[str], seed: int) -> GameState:
    """A whole game, checking the card invariant after every action."""
    bots = _bots(levels, seed)
    state = engine.new_game(mode, [f"P{i}" for i in range(len(levels))], seed)
    cards = sorted(state.all_cards())
    assert len(cards) == len(set(cards))
    actions = 0
    while not state.over:
        p = engine.next_to_act(state)
        assert p in engine.pending_players(state)
        v = view(state, p)
        action = bots[p].act(v, p)
        assert action.player == p
        engine.apply(state, action)  # raises IllegalAction on a bot bug
        assert sorted(state.all_cards()) == cards
        actions += 1
        assert actions < 20_000, "the game does not end"
    assert engine.pending_players(state) == []
    return state


CASES = [("classic", n) for n in range(2, 8)] + [("voyage", n) for n in range(3, 6)]


@pytest.mark.parametrize(("mode", "players"), CASES)
@pytest.mark.parametrize("level", LEVELS)
def test_complete_games(mode: str, players: int, level: str) -> None:
    # the level under test against a mix of the others
    others = [lv for lv in LEVELS if lv != level]
    levels = [level] + [others[i % len(others)] for i in range(players - 1)]
    state = play_checked(mode, levels, seed=players * 10 + LEVELS.index(level))
    # the game ran its course to the last deck exhaustion (R-BASE-17), not cut short
    assert state.exhaustions == setup(state).exhaustion_limit


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_all_same_level(mode: str) -> None:
    for level in LEVELS:
        play_checked(mode, [level] * 4, seed=5)


def test_play_game_result() -> None:
    """The result reports the final position: coins, R-BASE-18 winners, the actions played."""
    r = play_game("voyage", ["basic", "random", "strong"], seed=3, budget_ms=2, keep_state=True)
    state = r.state
    assert state is not None and state.over
    assert r.levels == ["basic", "random", "strong"]
    assert r.coins == [len(p.coins) for p in state.players]
    best = max((len(p.coins), len(p.hand)) for p in state.players)
    winners = [q for q, p in enumerate(state.players) if (len(p.coins), len(p.hand)) == best]
    assert r.wins == [1 / len(winners) if q in winners else 0.0 for q in range(3)]
    assert [q for q in range(3) if r.ranks[q] == 1] == winners
    assert sum(r.decisions) == r.actions > 0
    assert r.turns == state.turn


def test_make_bot_levels() -> None:
    for level in LEVELS:
        assert make_bot(level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)


@pytest.mark.parametrize("mode", ["classic", "voyage"])
@pytest.mark.parametrize("level", LEVELS)
def test_bots_never_see_hidden_cards(mode: str, level: str) -> None:
    """Changing the hidden parts of the state does not change a decision (fixed seed)."""
    rng = random.Random(11)
    bots = _bots(["basic"] * 4, 2)
    state = engine.new_game(mode, ["A", "B", "C", "D"], 2)
    checked = 0
    for step in range(400):
        if state.over:
            break
        p = engine.next_to_act(state)
        if step % 7 == 0:
            other = hide_elsewhere(state, p, rng)
            assert sorted(other.all_cards()) == sorted(state.all_cards())
            v1, v2 = view(state, p), view(other, p)
            assert v1 == v2
            assert all(c == HIDDEN for c in v1.deck)
            a1 = make_bot(level, 99, max_samples=3).act(v1, p)
            a2 = make_bot(level, 99, max_samples=3).act(v2, p)
            assert a1 == a2
            assert engine.check(state, a1) is None and engine.check(other, a2) is None
            checked += 1
        engine.apply(state, bots[p].act(view(state, p), p))
    assert checked > 20


def test_wilson() -> None:
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert seating(["a", "b", "c"], 1) == ["b", "c", "a"]


def test_tournament_json(capsys: pytest.CaptureFixture[str]) -> None:
    rc = tournament_main(
        [
            "--mode",
            "classic",
            "--players",
            "basic,random,random",
            "--games",
            "4",
            "--json",
            "--no-progress",
            "--seed",
            "3",
        ]
    )
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"basic", "random"}
    for r in out.values():
        assert set(r) >= {"win_rate", "ci95", "mean_coins", "mean_decision_ms", "games"}
        assert 0 <= r["win_rate"] <= 1
        lo, hi = r["ci95"]
        assert 0 <= lo <= r["win_rate"] <= hi <= 1
        assert r["games"] == 4
        assert r["mean_decision_ms"] >= 0
    total = out["basic"]["win_rate"] * 4 + out["random"]["win_rate"] * 8
    assert abs(total - 4) < 0.01  # shares of every game add up to one win


def test_tournament_parallel_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    rc = tournament_main(
        [
            "--mode",
            "voyage",
            "--players",
            "strong,basic,basic",
            "--games",
            "2",
            "--jobs",
            "2",
            "--budget-ms",
            "1",
            "--json",
            "--no-progress",
        ]
    )
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["strong"]["games"] == 2
    assert tournament_main(["--players", "basic,wizard,random"]) == 2
    assert tournament_main(["--mode", "voyage", "--players", "basic,basic"]) == 2


def test_tournament_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--csv: one row per game after a header; its figures add up to the summary."""
    out_file = tmp_path / "games.csv"
    out_file.write_text("old content that is overwritten\n")
    args = ["--mode", "classic", "--players", "basic,random,random", "--games", "6"]
    args += ["--seed", "4", "--jobs", "2", "--json", "--no-progress", "--csv", str(out_file)]
    assert tournament_main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    with out_file.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["game"]) for r in rows] == list(range(6))
    assert all(r["mode"] == "classic" and r["players"] == "3" for r in rows)
    for level in ("basic", "random"):
        seats = [(r, i) for r in rows for i in (1, 2, 3) if r[f"seat{i}_level"] == level]
        s = summary[level]
        assert len(seats) == s["seats"]
        wins = sum(float(r[f"seat{i}_win"]) for r, i in seats)
        assert wins / len(seats) == pytest.approx(s["win_rate"], abs=1e-3)
        coins = sum(int(r[f"seat{i}_coins"]) for r, i in seats)
        assert coins / len(seats) == pytest.approx(s["mean_coins"], abs=1e-3)
        offers = sum(int(r[f"seat{i}_offers"]) for r, i in seats)
        assert offers / len(seats) == pytest.approx(s["offers_per_game"], abs=1e-3)
        decisions = sum(int(r[f"seat{i}_decisions"]) for r, i in seats)
        cpu = sum(float(r[f"seat{i}_mean_cpu_ms"]) * int(r[f"seat{i}_decisions"]) for r, i in seats)
        assert cpu / decisions == pytest.approx(s["mean_decision_cpu_ms"], abs=1e-2)
        assert s["mean_decision_cpu_ms"] > 0
        for r, i in seats:
            assert float(r[f"seat{i}_max_ms"]) >= float(r[f"seat{i}_mean_ms"]) >= 0
            assert 0 <= int(r[f"seat{i}_accepted"]) <= int(r[f"seat{i}_offers"])
    for r in rows:
        # each row is a game that play_game plays again from its seed
        levels = [r[f"seat{i}_level"] for i in (1, 2, 3)]
        again = play_game("classic", levels, int(r["seed"]))
        assert [int(r[f"seat{i}_coins"]) for i in (1, 2, 3)] == again.coins
        assert [int(r[f"seat{i}_rank"]) for i in (1, 2, 3)] == again.ranks
        assert sum(float(r[f"seat{i}_win"]) for i in (1, 2, 3)) == pytest.approx(1, abs=1e-3)


def test_tournament_csv_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A directory, a missing directory or a name under a file: one line, nothing played."""
    (tmp_path / "a.csv").write_text("")
    base = ["--players", "basic,random", "--games", "1", "--no-progress", "--csv"]
    for bad in [
        str(tmp_path),
        str(tmp_path / "new") + "/",
        str(tmp_path / "no" / "x.csv"),
        str(tmp_path / "a.csv" / "x.csv"),
        "",
    ]:
        assert tournament_main([*base, bad]) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.count("\n") == 1 and "--csv" in captured.err
        assert "Traceback" not in captured.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.csv"]


def test_the_bots_hot_path_is_compiled_with_the_rules_core() -> None:
    """A regular install compiles the bots' position values and rollouts along with the
    rules core (hatch_build.py); an editable one leaves both pure Python."""
    from bohnanza_tui import bots, rules

    assert bots.COMPILED == rules.COMPILED
