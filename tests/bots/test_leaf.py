"""The strong level's leaf evaluation: the parts of a position's value and their weights,
and the share of the best other player in the score.

``evaluate.features`` splits ``player_value`` into parts; ``rollout.score``
weighs them with ``leaf.LEAF`` when ``strong.USE_LEAF`` is on for the mode;
``scripts/fit_leaf.py`` fits the weights and writes them into ``leaf.py``;
``strong.LEADER`` replaces a share of the others' mean by the best of them.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from bots_helpers import strong_game

from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots import leaf, make_bot, strong
from bohnanza_tui.bots import rollout as ro
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.state import GameState
from bohnanza_tui.rules.views import view

ROOT = Path(__file__).resolve().parents[2]
PLAIN = (1.0, 1.0, 1.0, 1.0, ev.DEFAULT.kontor_bean, ev.DEFAULT.store_bean, 0.0)


def positions(mode: str, seed: int, every: int = 7) -> list[GameState]:
    """Every ``every``-th position of a game of four basic players (full states)."""
    bots = [make_bot("basic", seed * 10 + i) for i in range(4)]
    state = engine.new_game(mode, list("ABCD"), seed)
    out = []
    step = 0
    while not state.over:
        if step % every == 0:
            out.append(state.copy())
        p = engine.next_to_act(state)
        engine.apply(state, bots[p].act(view(state, p), p))
        step += 1
    return out


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_parts_add_up_to_the_plain_value(mode: str) -> None:
    """With the plain weights the parts are ``player_value``, in every phase of a game."""
    assert len(PLAIN) == len(ev.FEATURES)
    checked = 0
    for s in positions(mode, 3):
        tl = ev.own_turns_left(s)
        for q in range(4):
            f = ev.features(s, q, tl)
            assert f[0] == len(s.players[q].coins)
            assert f[6] == len(s.players[q].holdings) - 1
            assert sum(w * x for w, x in zip(PLAIN, f, strict=True)) == pytest.approx(
                ev.player_value(s, q, turns_left=tl)
            )
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_leaf_with_plain_weights_scores_as_the_plain_value(mode: str) -> None:
    table = ((2.0, 5.0), (PLAIN, PLAIN, PLAIN))
    for s in positions(mode, 4, every=11):
        for me in range(4):
            assert ro.score(s, me, leaf=table) == pytest.approx(ro.score(s, me))


def test_the_stage_of_the_game_picks_the_weights() -> None:
    """Coins alone count, twice as much before the bound as after it: the score follows."""
    s = next(p for p in positions("voyage", 5) if ev.own_turns_left(p) > 3)
    tl = ev.own_turns_left(s)
    coins_only = (1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    twice = tuple(2 * x for x in coins_only)
    coins = [len(p.coins) for p in s.players]
    diff = coins[0] - sum(coins[1:]) / 3
    assert ro.score(s, 0, leaf=((tl + 1,), (twice, coins_only))) == pytest.approx(2 * diff)
    assert ro.score(s, 0, leaf=((tl - 1,), (twice, coins_only))) == pytest.approx(diff)


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_table_has_weights_for_every_stage(mode: str) -> None:
    bounds, table = leaf.LEAF[mode]
    assert list(bounds) == sorted(bounds)
    assert len(table) == len(bounds) + 1
    assert all(len(ws) == len(ev.FEATURES) for ws in table)


def test_the_leaf_changes_the_search_only_where_it_is_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaf weights that count only harbors change a strong player's game in Bohn Voyage
    where ``USE_LEAF`` is on; off, it plays with the plain value whatever the table says."""
    assert strong.USE_LEAF == {"classic": 0, "voyage": 1}
    monkeypatch.setitem(strong.USE_LEAF, "voyage", 0)
    before = strong_game(8)
    harbors = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    monkeypatch.setitem(leaf.LEAF, "voyage", ((), (harbors,)))
    assert strong_game(8) == before
    monkeypatch.setitem(strong.USE_LEAF, "voyage", 1)
    assert strong_game(8) != before


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_leader_share_scores_against_the_best_other(mode: str) -> None:
    """``leader`` 1: my value minus the best other's; 0.5: minus the mean of that and the
    others' mean; at the game's end the same with the coins, plus the win."""
    for s in positions(mode, 6, every=13):
        tl = ev.own_turns_left(s)
        vals = [ev.player_value(s, q, turns_left=tl) for q in range(4)]
        for me in range(4):
            others = [v for q, v in enumerate(vals) if q != me]
            best, mean = max(others), sum(others) / 3
            assert ro.score(s, me, leader=1.0) == pytest.approx(vals[me] - best)
            assert ro.score(s, me, leader=0.5) == pytest.approx(vals[me] - (best + mean) / 2)
    bots = [make_bot("basic", 60 + i) for i in range(4)]
    s = engine.new_game(mode, list("ABCD"), 6)
    while not s.over:
        p = engine.next_to_act(s)
        engine.apply(s, bots[p].act(view(s, p), p))
    coins = [len(p.coins) for p in s.players]
    for me in range(4):
        best = max(c for q, c in enumerate(coins) if q != me)
        won = 1.0 if coins[me] > best else 0.0
        assert ro.score(s, me, leader=1.0) == pytest.approx(coins[me] - best + won)


def test_the_leader_share_of_the_mode_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bohn Voyage plays with half the best other's value (``LEADER``); classic's share
    does not enter a Bohn Voyage game."""
    assert strong.LEADER == {"classic": 0.0, "voyage": 0.5}
    before = strong_game(9)
    monkeypatch.setitem(strong.LEADER, "classic", 1.0)
    assert strong_game(9) == before
    monkeypatch.setitem(strong.LEADER, "voyage", 0.0)
    assert strong_game(9) != before


def read_leaf(path: Path) -> dict[str, leaf.LeafTable]:
    """``LEAF`` of a leaf.py, read as data (a literal, never run)."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "LEAF":
            assert node.value is not None
            table: dict[str, leaf.LeafTable] = ast.literal_eval(node.value)
            return table
    raise AssertionError("no LEAF")


def test_the_fit_writes_the_table(tmp_path: Path) -> None:
    """A small fit runs, prints a row per stage and writes weights the module reads back."""
    target = tmp_path / "leaf.py"
    target.write_text((ROOT / "bohnanza_tui/bots/leaf.py").read_text())
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/fit_leaf.py"),
            *("--mode", "voyage", "--games", "6", "--bounds", "3,6", "--write"),
            *("--leaf", str(target)),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "[0, 3)" in out and "[3, 6)" in out and "[6, inf)" in out
    written = read_leaf(target)
    bounds, table = written["voyage"]
    assert bounds == (3.0, 6.0)
    assert len(table) == 3 and all(len(ws) == len(ev.FEATURES) for ws in table)
    assert table != leaf.LEAF["voyage"][1]
    assert written["classic"] == leaf.LEAF["classic"]
