"""Benchmark of the rules core: full random games per second.

    python -m bohnanza_tui.bench [--games N] [--seconds S]

Random legal play, with random trade offers, answers and donations in most
turns, so the whole turn structure is exercised. The random players harvest
when they must, and otherwise consider an optional harvest at one decision in
five (uniform play would harvest every field as soon as it holds a bean). Every action is checked
once (``engine.check``) before it is applied on the fast path. One line per mode and player count,
after a line naming the build: the rules core compiled with mypyc (a regular install) or pure
Python (an editable install, or ``BOHNANZA_PURE=1`` at install time).
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from .rules import COMPILED, engine
from .rules.randomplay import RandomPlayer

#: how often a random player considers an optional harvest (a forced one is always made)
HARVEST_RATE = 0.2

CASES = (("classic", 3), ("classic", 4), ("classic", 7), ("voyage", 3), ("voyage", 4), ("voyage", 5))


def play_one(mode: str, players: int, seed: int) -> int:
    """Play one random game to the end; return the number of actions applied."""
    state = engine.new_game(mode, [f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    player = RandomPlayer(rng, harvest_rate=HARVEST_RATE)
    actions = 0
    while not state.over:
        # every action the random player returns has passed engine.check
        engine.apply_unchecked(state, player.step(state))
        actions += 1
    return actions


def run(mode: str, players: int, games: int, seconds: float) -> tuple[int, int, float]:
    start = time.perf_counter()
    played = total = 0
    while played < games or time.perf_counter() - start < seconds:
        total += play_one(mode, players, played)
        played += 1
        if played >= games and time.perf_counter() - start >= seconds:
            break
    return played, total, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bohnanza_tui.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="at least this many games per line")
    parser.add_argument("--seconds", type=float, default=2.0, help="and at least this long per line")
    args = parser.parse_args(argv)
    build = "compiled with mypyc" if COMPILED else "pure Python"
    print(f"rules core: {build}, Python {platform.python_version()}", flush=True)
    for mode, players in CASES:
        games, actions, elapsed = run(mode, players, args.games, args.seconds)
        print(
            f"{mode} {players}p: {games / elapsed:,.0f} games/s, "
            f"{actions / elapsed / 1000:,.0f}k actions/s, {actions / games:,.0f} actions/game",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
