"""The benchmark runs and prints one line per mode and player count (its figures are not judged here)."""

import re
from collections import Counter

from bohnanza_tui import bench


def test_bench_prints_a_line_per_case(capsys) -> None:
    assert bench.main(["--games", "1", "--seconds", "0"]) == 0
    build, *out = capsys.readouterr().out.splitlines()
    assert re.match(r"^rules core: (compiled with mypyc|pure Python), Python 3\.\d+", build)
    lines, mixes = out[::2], out[1::2]
    cafe = [mode == "cafe" for mode, _n in bench.CASES]
    assert all(
        re.match(r"^  per game: \d+\.\d builds, \d+\.\d scorings, ", m)
        if is_cafe
        else re.match(r"^  per game: \d+\.\d offers, \d+\.\d trades, ", m)
        for m, is_cafe in zip(mixes, cafe, strict=True)
    )
    assert ["sails" in m for m in mixes] == [mode == "voyage" for mode, _n in bench.CASES]
    assert [line.split(":")[0] for line in lines] == [f"{m} {n}p" for m, n in bench.CASES]
    pattern = re.compile(r"^\w+ \dp: [\d,]+ games/s, [\d,]+k actions/s, [\d,]+ actions/game$")
    assert all(pattern.match(line) for line in lines), lines


def test_the_action_mix_counts_what_the_games_apply() -> None:
    """The mix line counts the actions of the same games the benchmark times."""
    seen: Counter[str] = Counter()
    total = sum(bench.play_one("voyage", 4, seed, seen) for seed in range(3))
    assert sum(seen.values()) == total
    assert seen["plant"] > 0 and seen["offer"] > 0
    line = bench.action_mix("voyage", 4, 3)
    sails = float(re.search(r"([\d.]+) sails", line).group(1))
    assert sails == round(seen["sail"] / 3, 1)


def test_benchmark_games_end_with_every_card_in_place(monkeypatch) -> None:
    """The benchmark's random play ends its games, and moves cards only by the rules."""
    from bohnanza_tui.rules import engine

    games = []
    real_new_game = engine.new_game

    def recording_new_game(*args, **kwargs):
        games.append(real_new_game(*args, **kwargs))
        return games[-1]

    monkeypatch.setattr(engine, "new_game", recording_new_game)
    for mode, players in bench.CASES:
        if mode == "cafe":  # its pieces and Centavos: tests/rules/test_cafe.py
            continue
        assert bench.play_one(mode, players, seed=3) > 0
        state = games[-1]
        fresh = real_new_game(mode, [p.name for p in state.players], 3)
        assert state.over
        assert sorted(state.all_cards()) == sorted(fresh.all_cards())


def test_cafe_benchmark_games_end() -> None:
    """The benchmark's Guatemala Café games end, and the mix counts what they apply."""
    seen: Counter[str] = Counter()
    total = sum(bench.play_one("cafe", 3, seed, seen) for seed in range(3))
    assert sum(seen.values()) == total and seen["build"] > 0 and seen["score"] > 0
