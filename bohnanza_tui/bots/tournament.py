"""Tournaments: many bot games in parallel processes, win rates with confidence intervals.

    bohnanza tournament --mode voyage --players strong,basic,basic,basic \\
        --games 2000 --seed 1 --jobs 2 [--budget-ms 30] [--json] [--csv games.csv]

Without ``--budget-ms`` the strong level searches as in the app: the number
of samples ``strong.SAMPLES`` gives the mode (the wall-clock cap
``strong.CAP_MS`` as a safety net), so its play does not depend on the
machine's load; with it, for that time per searched decision.

Game ``g`` is dealt with seed ``seed * 1_000_003 + g`` and the seats rotate:
in game ``g`` seat ``i`` plays the level listed at ``(i + g) % players``, so
every level sits in every seat equally often.

Per level (all the seats of that level together): the win rate with its 95%
Wilson interval, mean coins, and mean decision time (ms per call of
``Bot.act``, trivial decisions included). A shared win (R-BASE-18: same
coins and same cards in hand) counts as ``1/k`` of a win for each of the ``k``
winners, so the win rates of all seats of a game add up to 1 and a fair share
is ``1 / players``. Offers: how many a seat of the level made per game, and
the share of them that another player accepted. The interval treats each
seat-game as one trial; with two or more seats of one level in a game those
trials are not independent, so that interval is a little too narrow.

``--csv FILE`` also writes one row per game (``CSV_COLUMNS``): the game's
index, its seed (``play_game(mode, levels, seed)`` plays it again), the mode,
the number of players, and per seat ``i`` (1, 2, ...) in seat order its level,
coins, rank, win share, decisions, mean and longest decision (ms), offers made
and offers accepted. An existing file is overwritten; a directory is refused.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from ..modes import LEVELS
from ..rules.data import PLAYER_COUNTS
from .driver import play_game
from .strong import CAP_MS, SAMPLES

CHUNK = 10


@dataclass
class LevelStats:
    seats: int = 0
    wins: float = 0.0
    coins: int = 0
    decision_ms: float = 0.0
    cpu_ms: float = 0.0
    decisions: int = 0
    offers: int = 0
    accepted: int = 0
    games: set[int] = field(default_factory=set)

    def summary(self) -> dict[str, object]:
        rate = self.wins / self.seats if self.seats else 0.0
        lo, hi = wilson(self.wins, self.seats)
        return {
            "win_rate": round(rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_coins": round(self.coins / self.seats, 3) if self.seats else 0.0,
            "mean_decision_ms": round(self.decision_ms / self.decisions, 3)
            if self.decisions
            else 0.0,
            "mean_decision_cpu_ms": round(self.cpu_ms / self.decisions, 3)
            if self.decisions
            else 0.0,
            "offers_per_game": round(self.offers / self.seats, 3) if self.seats else 0.0,
            "offers_accepted": round(self.accepted / self.offers, 4) if self.offers else 0.0,
            "games": len(self.games),
            "seats": self.seats,
        }


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (fractional wins allowed)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def seating(levels: list[str], game: int) -> list[str]:
    n = len(levels)
    return [levels[(i + game) % n] for i in range(n)]


@dataclass
class GameRow:
    """One game of a tournament, per seat (``seats``: the level of each seat)."""

    game: int
    seats: list[str]
    coins: list[int]
    wins: list[float]
    decision_ms: list[float]
    decisions: list[int]
    offers: list[int]
    accepted: list[int]
    #: the seed the game was dealt (and its bots seeded) with
    seed: int = 0
    ranks: list[int] = field(default_factory=list)
    max_decision_ms: list[float] = field(default_factory=list)
    decision_cpu_ms: list[float] = field(default_factory=list)


def play_chunk(
    mode: str, levels: list[str], seed: int, games: list[int], budget_ms: float | None
) -> list[GameRow]:
    out = []
    for g in games:
        seats = seating(levels, g)
        r = play_game(mode, seats, game_seed(seed, g), budget_ms=budget_ms)
        out.append(
            GameRow(
                g,
                seats,
                r.coins,
                r.wins,
                r.decision_ms,
                r.decisions,
                r.offers,
                r.accepted,
                seed=r.seed,
                ranks=r.ranks,
                max_decision_ms=r.max_decision_ms,
                decision_cpu_ms=r.decision_cpu_ms,
            )
        )
    return out


def game_seed(seed: int, game: int) -> int:
    """The seed game ``game`` of a tournament with ``seed`` is dealt with."""
    return seed * 1_000_003 + game


#: per seat, after the game's own columns ``game, seed, mode, players``
SEAT_COLUMNS = (
    "level",
    "coins",
    "rank",
    "win",
    "decisions",
    "mean_ms",
    "max_ms",
    "offers",
    "accepted",
    "mean_cpu_ms",
)


def csv_columns(players: int) -> list[str]:
    return ["game", "seed", "mode", "players"] + [
        f"seat{i + 1}_{c}" for i in range(players) for c in SEAT_COLUMNS
    ]


def csv_row(mode: str, row: GameRow) -> list[object]:
    out: list[object] = [row.game, row.seed, mode, len(row.seats)]
    for i, level in enumerate(row.seats):
        n = row.decisions[i]
        out += [
            level,
            row.coins[i],
            row.ranks[i],
            round(row.wins[i], 4),
            n,
            round(row.decision_ms[i] / n, 4) if n else 0.0,
            round(row.max_decision_ms[i], 4),
            row.offers[i],
            row.accepted[i],
            round(row.decision_cpu_ms[i] / n, 4) if n else 0.0,
        ]
    return out


def csv_problem(path: str) -> str | None:
    """Why ``--csv path`` can't be written (None: it can); an existing file is overwritten."""
    if not path.strip():
        return "--csv needs a file name"
    p = Path(path)
    if p.is_dir() or path.endswith(("/", os.sep)):
        return f"--csv {path}: that is a directory, not a file"
    parent = p.parent
    if not parent.is_dir():
        return f"--csv {path}: the directory {parent} does not exist"
    existed = p.exists()
    try:
        # opened for appending, it is left as it is; a new file is removed again
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        if existed:
            return f"--csv {path}: the file can't be written ({exc.strerror or exc})"
        return f"--csv {path}: the file can't be created ({exc.strerror or exc})"
    if not existed:
        p.unlink()
    return None


def write_csv(path: str, mode: str, rows: list[GameRow]) -> None:
    """One row per game, in game order, after a header row."""
    players = len(rows[0].seats) if rows else 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(csv_columns(players))
        for row in sorted(rows, key=lambda r: r.game):
            w.writerow(csv_row(mode, row))


def run(
    mode: str,
    levels: list[str],
    games: int,
    seed: int,
    jobs: int,
    budget_ms: float | None,
    progress: bool = True,
    keep: list[GameRow] | None = None,
) -> dict[str, LevelStats]:
    """Play the games; ``keep``: a list that receives every game's row."""
    stats = {level: LevelStats() for level in levels}
    chunks = [list(range(i, min(i + CHUNK, games))) for i in range(0, games, CHUNK)]

    def add(rows: list[GameRow]) -> None:
        if keep is not None:
            keep.extend(rows)
        for row in rows:
            for i, level in enumerate(row.seats):
                st = stats[level]
                st.seats += 1
                st.wins += row.wins[i]
                st.coins += row.coins[i]
                st.decision_ms += row.decision_ms[i]
                st.cpu_ms += row.decision_cpu_ms[i]
                st.decisions += row.decisions[i]
                st.offers += row.offers[i]
                st.accepted += row.accepted[i]
                st.games.add(row.game)

    with _progress(progress, games) as advance:
        if jobs <= 1:
            for chunk in chunks:
                add(play_chunk(mode, levels, seed, chunk, budget_ms))
                advance(len(chunk))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                todo = iter(chunks)
                running = set()
                for chunk in _take(todo, jobs * 2):
                    running.add(pool.submit(play_chunk, mode, levels, seed, chunk, budget_ms))
                while running:
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for fut in done:
                        rows = fut.result()
                        add(rows)
                        advance(len(rows))
                        for chunk in _take(todo, 1):
                            running.add(
                                pool.submit(play_chunk, mode, levels, seed, chunk, budget_ms)
                            )
    return stats


def _take(it: Iterator[list[int]], n: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        try:
            out.append(next(it))
        except StopIteration:
            break
    return out


class _progress:
    """A rich progress bar on stderr (or nothing)."""

    def __init__(self, show: bool, total: int) -> None:
        self.show, self.total = show, total

    def __enter__(self) -> Callable[[int], None]:
        if not self.show:
            return lambda n: None
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            "games",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._bar.start()
        task = self._bar.add_task("games", total=self.total)
        return lambda n: self._bar.advance(task, n)

    def __exit__(self, *_exc: object) -> None:
        if self.show:
            self._bar.stop()


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="bohnanza tournament", description="Play bot games and compare the levels."
    )
    ap.add_argument("--mode", choices=("classic", "voyage", "cafe"), default="classic")
    ap.add_argument(
        "--players",
        default="strong,basic,basic,basic",
        help="comma-separated levels, one per seat (" + ", ".join(LEVELS) + ")",
    )
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="strong: search for this time per decision (default: the app's number of samples, "
        + ", ".join(f"{m} {n}" for m, n in SAMPLES.items())
        + ")",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object keyed by level")
    ap.add_argument(
        "--csv",
        metavar="FILE",
        default=None,
        help="also write one row per game to FILE (overwritten if it exists)",
    )
    ap.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    levels = [s.strip() for s in args.players.split(",") if s.strip()]
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        print(f"unknown level {bad[0]!r}: choose from {', '.join(LEVELS)}", file=sys.stderr)
        return 2
    if len(levels) not in PLAYER_COUNTS[args.mode]:
        counts = PLAYER_COUNTS[args.mode]
        print(
            f"{args.mode} is played by {counts[0]} to {counts[-1]} players, not {len(levels)}",
            file=sys.stderr,
        )
        return 2
    if args.games < 1 or args.jobs < 1:
        print("--games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.csv is not None:
        problem = csv_problem(args.csv)
        if problem is not None:
            print(problem + ".", file=sys.stderr)
            return 2
    rows: list[GameRow] | None = [] if args.csv is not None else None
    t0 = time.perf_counter()
    stats = run(
        args.mode,
        levels,
        args.games,
        args.seed,
        args.jobs,
        args.budget_ms,
        progress=not args.no_progress,
        keep=rows,
    )
    elapsed = time.perf_counter() - t0
    result = {level: st.summary() for level, st in stats.items()}
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print_table(args, levels, result, elapsed)
    if args.csv is not None and rows is not None:
        try:
            write_csv(args.csv, args.mode, rows)
        except OSError as exc:
            print(f"--csv {args.csv}: could not write it ({exc.strerror or exc}).", file=sys.stderr)
            return 1
    return 0


def print_table(
    args: argparse.Namespace,
    levels: list[str],
    result: dict[str, dict[str, object]],
    elapsed: float,
) -> None:
    if args.mode == "cafe":  # bots.cafe: no sampled search; the scores are points
        budget = ", strong plans whole turns" if "strong" in levels else ""
    elif args.budget_ms is not None:
        budget = f", strong budget {args.budget_ms:g} ms"
    elif "strong" in levels:
        budget = (
            f", strong {SAMPLES[args.mode]} samples a search, at most {CAP_MS[args.mode]:g} ms"
            f" (the app's for {args.mode})"
        )
    else:
        budget = ""
    print(
        f"{args.mode}, {len(levels)} players ({', '.join(levels)}), {args.games} games, "
        f"seed {args.seed}{budget}, {elapsed:.0f} s"
    )
    money = "points" if args.mode == "cafe" else "coins"
    print(
        f"{'level':8} {'win rate':>9} {'95% CI':>17} {money:>7} {'ms/decision':>12}"
        f" {'cpu ms':>7} {'offers/game':>12} {'accepted':>9}"
    )
    for level, r in result.items():
        ci = r["ci95"]
        assert isinstance(ci, list)
        lo, hi = ci
        print(
            f"{level:8} {r['win_rate']:>9.1%} {f'[{lo:.1%}, {hi:.1%}]':>17} "
            f"{r['mean_coins']:>7.2f} {r['mean_decision_ms']:>12.2f}"
            f" {r['mean_decision_cpu_ms']:>7.2f}"
            f" {r['offers_per_game']:>12.2f} {r['offers_accepted']:>9.1%}"
        )
    print("A shared win counts 1/k for each of its k winners.")


if __name__ == "__main__":
    raise SystemExit(main())
