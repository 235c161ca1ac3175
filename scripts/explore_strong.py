"""Compare settings of the strong level on fixed deals, at a fixed search size.

    python scripts/explore_strong.py --mode voyage --games 300 --seed 11 --samples 16 \\
        --set 'strong.HORIZON_ROUNDS[voyage]=2' --set 'strong_trade.SWAP_MIN[voyage]=0.25' \\
        --out h2.json
    python scripts/explore_strong.py --compare ref.json h2.json

One strong player against three basic ones, seats rotating, on the deals of
``bohnanza tournament --seed``. The search stops after at most ``--samples``
samples (``max_samples``) instead of a time budget, so the machine's load
does not enter the comparison and a run is the same on every machine (and
build: the game digest checks that both builds play the same games).
``--set module.NAME=VALUE`` (or ``module.NAME[key]=VALUE`` for a table
such as ``strong.SAMPLES``) changes a constant of ``bohnanza_tui.bots`` for
the run (in every process). The result: the win rate with its 95%
interval, "coins" (strong's coins minus the mean of the other three, per
game), the searched decisions and samples per searched decision, and with
``--out`` the per-game figures, which ``--compare A B`` pairs deal by deal
(B minus A, with a 95% interval). Run it on the compiled build, from outside
the source tree.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bohnanza_tui.bots import COMPILED, Bot, make_bot, play_game
from bohnanza_tui.bots.strong import StrongBot
from bohnanza_tui.bots.tournament import game_seed, seating, wilson

LEVELS = ["strong", "basic", "basic", "basic"]


def apply_settings(settings: list[str]) -> None:
    """``module.NAME=VALUE`` or ``module.NAME[key]=VALUE``: set a number of ``bohnanza_tui.bots.module``
    (a constant, or the entry of a table such as ``strong.HORIZON_ROUNDS[voyage]``)."""
    for item in settings:
        target, _, raw = item.partition("=")
        target, _, key = target.partition("[")
        key = key.rstrip("]")
        mod_name, _, name = target.rpartition(".")
        mod = importlib.import_module(f"bohnanza_tui.bots.{mod_name}")
        if not hasattr(mod, name):
            raise SystemExit(f"--set {item}: bohnanza_tui.bots.{mod_name} has no {name}")
        table = getattr(mod, name)
        if key:
            if not isinstance(table, dict) or key not in table:
                raise SystemExit(f"--set {item}: {name} has no entry {key!r}")
            table[key] = type(table[key])(float(raw))
        else:
            setattr(mod, name, type(table)(float(raw)))


def play(
    args: tuple[str, int, list[int], int | None, float | None, list[str]],
) -> list[dict[str, object]]:
    mode, seed, games, samples, budget_ms, settings = args
    apply_settings(settings)
    out = []
    for g in games:
        seats = seating(LEVELS, g)
        s = game_seed(seed, g)
        bots: list[Bot] = []
        strong = StrongBot(0)
        for i, level in enumerate(seats):
            if level == "strong":
                strong = StrongBot(s * 7919 + i, budget_ms=budget_ms, max_samples=samples)
                bots.append(strong)
            else:
                bots.append(make_bot(level, s * 7919 + i))
        r = play_game(mode, seats, s, bots=bots)
        me = seats.index("strong")
        others = [c for q, c in enumerate(r.coins) if q != me]
        out.append(
            {
                "game": g,
                "win": r.wins[me],
                "coins": r.coins[me] - sum(others) / len(others),
                "ms": r.decision_ms[me] / max(1, r.decisions[me]),
                "max_ms": r.max_decision_ms[me],
                "cpu_ms": r.decision_cpu_ms[me] / max(1, r.decisions[me]),
                "capped": strong.capped,
                "decisions": r.decisions[me],
                "searched": strong.searches,
                "samples": strong.samples,
            }
        )
    return out


def summary(rows: list[dict[str, float]]) -> str:
    n = len(rows)
    wins = sum(r["win"] for r in rows)
    lo, hi = wilson(wins, n)
    coins = [r["coins"] for r in rows]
    m = sum(coins) / n
    dec = sum(r["decisions"] for r in rows)
    srch = sum(r["searched"] for r in rows)
    smp = sum(r["samples"] for r in rows)
    ms = sum(r["ms"] * r["decisions"] for r in rows) / max(1, dec)
    cpu = sum(r.get("cpu_ms", 0.0) * r["decisions"] for r in rows) / max(1, dec)
    capped = sum(r.get("capped", 0) for r in rows)
    longest = sorted(r["max_ms"] for r in rows)
    p99 = longest[min(n - 1, math.ceil(0.99 * n) - 1)]
    return (
        f"{n} games: win {wins / n:.1%} [{lo:.1%}, {hi:.1%}], coins {m:+.2f}, "
        f"{ms:.2f} ms a decision ({cpu:.2f} ms processor time), searched "
        f"{srch / max(1, dec):.1%} of {dec / n:.0f} decisions a game, "
        f"{smp / max(1, srch):.1f} samples a search ({capped} stopped by the clock), longest decision "
        f"{longest[-1]:.0f} ms (99% of games' longest <= {p99:.0f})"
    )


def compare(a_path: str, b_path: str) -> None:
    a = {r["game"]: r for r in json.loads(Path(a_path).read_text())["games"]}
    b = {r["game"]: r for r in json.loads(Path(b_path).read_text())["games"]}
    common = sorted(set(a) & set(b))
    d = [b[g]["coins"] - a[g]["coins"] for g in common]
    n = len(d)
    m = sum(d) / n
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
    w = [b[g]["win"] - a[g]["win"] for g in common]
    dw = sum(w) / n
    sw = math.sqrt(sum((x - dw) ** 2 for x in w) / (n - 1) / n)
    print(
        f"{b_path} - {a_path}: {n} deals, coins {m:+.2f} +- {1.96 * se:.2f}, "
        f"win rate {dw:+.1%} +- {1.96 * sw:.1%}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=("classic", "voyage"), default="voyage")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--samples", type=int, default=None, help="the search size (default 16)")
    ap.add_argument(
        "--budget-ms",
        type=float,
        default=None,
        help="search against the clock instead (0: the app's search, strong.SAMPLES samples "
        "with the cap strong.CAP_MS)",
    )
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--set", dest="settings", action="append", default=[])
    ap.add_argument("--out", default=None)
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), default=None)
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return 0
    apply_settings(args.settings)  # refuse a bad name before playing
    if args.budget_ms is None and args.samples is None:
        args.samples = 16
    budget = args.budget_ms or None
    t0 = time.perf_counter()
    chunks = [list(range(g, min(g + 10, args.games))) for g in range(0, args.games, 10)]
    work = [(args.mode, args.seed, c, args.samples, budget, args.settings) for c in chunks]
    rows: list[dict[str, object]] = []
    if args.jobs == 1:
        for w in work:
            rows += play(w)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(play, work):
                rows += part
    line = summary(rows)  # type: ignore[arg-type]
    print(
        f"{args.mode}, seed {args.seed}, {args.samples or '-'} samples, "
        f"{'-' if args.budget_ms is None else args.budget_ms or 'app'} ms, {' '.join(args.settings) or '-'}"
        f" ({'compiled' if COMPILED else 'pure'}, {time.perf_counter() - t0:.0f} s): {line}"
    )
    if args.out:
        Path(args.out).write_text(json.dumps({"settings": args.settings, "games": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
