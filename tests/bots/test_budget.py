"""The strong level's per-mode settings: the search per decision (the app's number of
samples with its wall-clock cap, or the time given), the rollouts' rounds and the swap
thresholds."""

from __future__ import annotations

import pytest
from bots_helpers import play_all

from bohnanza_tui.bots import CAP_MS, SAMPLES, make_bot, strong, strong_trade
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
def test_the_mode_sets_the_search(mode: str) -> None:
    """The app's search: the mode's number of samples and wall-clock cap; a given budget
    searches for that time, a given number of samples without a clock."""
    state = engine.new_game(mode, ["A", "B", "C", "D"], 1)
    bot = make_bot("strong", 1)
    assert isinstance(bot, StrongBot)
    assert bot.limits(view(state, 0)) == (SAMPLES[mode], CAP_MS[mode])
    assert CAP_MS[mode] < 1000  # the app's limit for one decision
    given = make_bot("strong", 1, budget_ms=7.5)
    assert isinstance(given, StrongBot)
    assert given.limits(view(state, 0)) == (None, 7.5)
    capped = make_bot("strong", 1, max_samples=3)
    assert isinstance(capped, StrongBot)
    assert capped.limits(view(state, 0)) == (3, None)


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_app_plays_its_number_of_samples_whatever_the_clock(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Unless the cap stops it, the app's search plays exactly as a search capped at the
    mode's number of samples: the same game, on an idle or a loaded machine."""
    monkeypatch.setitem(strong.SAMPLES, mode, 2)
    monkeypatch.setitem(strong.CAP_MS, mode, 60_000.0)
    app = StrongBot(7)
    assert play_all(mode, app, 7) == play_all(mode, StrongBot(7, max_samples=2), 7)
    assert app.searches > 0 and app.capped == 0
    assert app.searches <= app.samples <= 2 * app.searches


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_the_cap_stops_the_search_after_one_sample(
    mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mode whose cap is zero: each search ends after its first sample and counts as
    stopped by the clock; the other mode's settings are not used."""
    other = "voyage" if mode == "classic" else "classic"
    monkeypatch.setitem(strong.CAP_MS, mode, 0.0)
    monkeypatch.setitem(strong.CAP_MS, other, 60_000.0)
    monkeypatch.setitem(strong.SAMPLES, mode, 50)
    bot = StrongBot(3)
    play_some(mode, bot, 3)
    assert bot.samples == bot.searches == bot.capped


def test_a_given_budget_overrides_the_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(strong.SAMPLES, "voyage", 1000)
    monkeypatch.setitem(strong.CAP_MS, "voyage", 60_000.0)
    bot = StrongBot(4, budget_ms=0.0)
    play_some("voyage", bot, 4)
    assert bot.samples == bot.searches
    assert bot.capped == 0  # a budget of time, not a number of samples cut short


def test_the_tournament_names_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--mode", "voyage", "--players", "strong,basic,basic", "--games", "1"]
    assert tournament_main([*args, "--no-progress", "--budget-ms", "1"]) == 0
    assert "strong budget 1 ms," in capsys.readouterr().out
    assert tournament_main([*args, "--no-progress"]) == 0
    app = f"strong {SAMPLES['voyage']} samples a search, at most {CAP_MS['voyage']:g} ms"
    assert f"{app} (the app's for voyage)" in capsys.readouterr().out
    basic = ["--mode", "classic", "--players", "basic,basic", "--games", "1", "--no-progress"]
    assert tournament_main(basic) == 0
    assert "strong" not in capsys.readouterr().out.splitlines()[0]


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
