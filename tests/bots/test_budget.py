"""The strong level's per-mode settings: the time per searched decision (the app's, or
the one given), the rollouts' rounds and the swap thresholds."""

from __future__ import annotations

import pytest

from bohnanza_tui.bots import BUDGET_MS, make_bot, strong, strong_trade
from bohnanza_tui.bots.strong import StrongBot
from bohnanza_tui.bots.tournament import main as tournament_main
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import MakeOffer
from bohnanza_tui.rules.state import GameState
from bohnanza_tui.rules.views import view


def play_some(mode: str, bot: StrongBot, seed: int, players: int = 4) -> None:
    """Play with ``bot`` in seat 0 and basic players elsewhere until it has searched 5 times."""
    bots = [bot] + [make_bot("basic", seed + i) for i in range(1, players)]
    state = engine.new_game(mode, [f"P{i}" for i in range(players)], seed)
    while not state.over and bot.searches < 5:
        p = engine.next_to_act(state)
        engine.apply(state, bots[p].act(view(state, p), p))
    assert bot.searches >= 5


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_mode_sets_the_budget(mode: str) -> None:
    state = engine.new_game(mode, ["A", "B", "C", "D"], 1)
    bot = make_bot("strong", 1)
    assert isinstance(bot, StrongBot)
    assert bot.budget(view(state, 0)) == BUDGET_MS[mode]
    given = make_bot("strong", 1, budget_ms=7.5)
    assert isinstance(given, StrongBot)
    assert given.budget(view(state, 0)) == 7.5


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_a_spent_budget_stops_the_search_after_one_sample(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mode whose budget is zero: each search ends after its first sample; the other
    mode's large budget is not used."""
    other = "voyage" if mode == "classic" else "classic"
    monkeypatch.setitem(strong.BUDGET_MS, mode, 0.0)
    monkeypatch.setitem(strong.BUDGET_MS, other, 60_000.0)
    bot = StrongBot(3)
    play_some(mode, bot, 3)
    assert bot.samples == bot.searches


def test_a_given_budget_overrides_the_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(strong.BUDGET_MS, "voyage", 60_000.0)
    bot = StrongBot(4, budget_ms=0.0)
    play_some("voyage", bot, 4)
    assert bot.samples == bot.searches


def test_the_tournament_names_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--mode", "voyage", "--players", "strong,basic,basic", "--games", "1"]
    assert tournament_main([*args, "--no-progress", "--budget-ms", "1"]) == 0
    assert "strong budget 1 ms," in capsys.readouterr().out
    assert tournament_main([*args, "--no-progress"]) == 0
    budget = f"{BUDGET_MS['voyage']:g}"
    assert f"strong budget {budget} ms (the app's for voyage)" in capsys.readouterr().out
    basic = ["--mode", "classic", "--players", "basic,basic", "--games", "1", "--no-progress"]
    assert tournament_main(basic) == 0
    assert "strong budget" not in capsys.readouterr().out


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_rollouts_play_the_rounds_of_the_mode(mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A rollout plays ``HORIZON_ROUNDS[mode]`` rounds and the rest of the current turn."""
    monkeypatch.setitem(strong.HORIZON_ROUNDS, mode, 3)
    turns: list[int] = []
    real = strong.ro.rollout

    def recording(s: GameState, n: int, max_steps: int = 2000) -> None:
        turns.append(n)
        real(s, n, max_steps)

    monkeypatch.setattr(strong.ro, "rollout", recording)
    play_some(mode, StrongBot(5, max_samples=2), 5)
    assert turns and set(turns) == {4 * 3 + 1}


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_swaps_follow_the_thresholds_of_the_mode(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No kind is wanted in a mode whose ``WANT_MIN`` is out of reach: strong asks for no
    beans there (gifts only); with the table's value it does ask, whatever the other
    mode's value."""

    def swaps(seed: int) -> int:
        bots = [StrongBot(seed, max_samples=1)] + [make_bot("basic", seed + i) for i in (1, 2, 3)]
        state = engine.new_game(mode, ["A", "B", "C", "D"], seed)
        asked = 0
        while not state.over:
            p = engine.next_to_act(state)
            a = bots[p].act(view(state, p), p)
            asked += p == 0 and isinstance(a, MakeOffer) and bool(a.want)
            engine.apply(state, a)
        return asked

    other = "voyage" if mode == "classic" else "classic"
    monkeypatch.setitem(strong_trade.WANT_MIN, other, 100.0)
    assert swaps(6) > 0
    monkeypatch.setitem(strong_trade.WANT_MIN, mode, 100.0)
    assert swaps(6) == 0
