"""Benchmark of the rules core: full random games per second.

    python -m bohnanza_tui.bench [--games N] [--seconds S]

Random legal play, with random trade offers, answers and donations in most
turns, so the whole turn structure is exercised. The random players harvest
when they must, and otherwise consider an optional harvest at one decision in
five (uniform play would harvest every field as soon as it holds a bean). Every action is checked
once (``engine.check``) before it is applied on the fast path. One line per mode and player count,
each followed by what its games are made of (offers, trades, harvests, and in Bohn Voyage
harbors bought, sails, loads and raids per game, counted in untimed replays of its first games),
after a line naming the build: the rules core compiled with mypyc (a regular install) or pure
Python (an editable install, or ``BOHNANZA_PURE=1`` at install time). Guatemala Café (mode
``cafe``) is played by ``cafe.random_action``: uniform over the move list, passing at one turn in
twenty (``cafe.PASS_RATE``); its mix counts builds, scorings, blocks and refills per game.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections import Counter

from .rules import COMPILED, cafe, engine
from .rules.randomplay import RandomPlayer

#: how often a random player considers an optional harvest (a forced one is always made)
HARVEST_RATE = 0.2

CASES = (
    ("classic", 2),
    ("classic", 3),
    ("classic", 4),
    ("classic", 7),
    ("voyage", 3),
    ("voyage", 4),
    ("voyage", 5),
    ("cafe", 2),
    ("cafe", 3),
    ("cafe", 4),
)


#: the action counts shown per game under each line: (label, action names counted)
MIX = (
    ("offers", ("offer",)),
    ("trades", ("accept", "confirm")),
    ("harvests", ("harvest",)),
    ("harbors", ("buy-harbor",)),
    ("sails", ("sail",)),
    ("loads", ("load",)),
    ("raids", ("raid-kontor", "raid-ship")),
)
#: the mix of a Guatemala Café game
CAFE_MIX = (
    ("builds", ("build",)),
    ("scorings", ("score",)),
    ("blocks", ("block",)),
    ("refills", ("refill",)),
    ("passes", ("pass",)),
)
#: games played (untimed) for the action mix
MIX_GAMES = 50


def play_one(mode: str, players: int, seed: int, seen: Counter[str] | None = None) -> int:
    """Play one random game to the end; return the number of actions applied.

    With ``seen``, count the actions applied by name (the untimed mix line).
    """
    if mode == cafe.MODE:
        return play_cafe(players, seed, seen)
    state = engine.new_game(mode, [f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    player = RandomPlayer(rng, harvest_rate=HARVEST_RATE)
    actions = 0
    while not state.over:
        # every action the random player returns has passed engine.check
        action = player.step(state)
        engine.apply_unchecked(state, action)
        actions += 1
        if seen is not None:
            seen[action.name] += 1
    return actions


def play_cafe(players: int, seed: int, seen: Counter[str] | None = None) -> int:
    """One random Guatemala Café game (``cafe.random_action``); the number of actions."""
    state = cafe.new_game([f"P{i + 1}" for i in range(players)], seed)
    rng = random.Random(seed)
    actions = 0
    while not state.over:
        action = cafe.random_action(state, rng)
        cafe.apply_unchecked(state, action)
        actions += 1
        if seen is not None:
            seen[action.name] += 1
    return actions


def action_mix(mode: str, players: int, games: int) -> str:
    """What the random games are made of: actions of each sort per game, over ``games`` games."""
    seen: Counter[str] = Counter()
    for seed in range(games):
        play_one(mode, players, seed, seen)
    shown = CAFE_MIX if mode == cafe.MODE else MIX if mode == "voyage" else MIX[:3]
    parts = [f"{sum(seen[n] for n in names) / games:.1f} {label}" for label, names in shown]
    return "  per game: " + ", ".join(parts)


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
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="and at least this long per line"
    )
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
        print(action_mix(mode, players, min(games, MIX_GAMES)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
