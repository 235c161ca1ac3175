"""Fit the basic level's weights (``bohnanza_tui.bots.weights.Weights``) by self-play.

    python scripts/tune_basic.py --mode classic --players 4 --games 400 --rounds 3 --seed 1
    python scripts/tune_basic.py --check 1000 --start fitted.json   # only the check

Coordinate ascent: weight by weight (in an order drawn from ``--seed``), a
candidate (the best weights so far with one weight a step up, then a step
down) plays the best so far. Every comparison is ``--games`` games on new
deals: each deal is played twice, the candidate in the even seats and then in
the odd ones, so both sides get the same cards. The score is the candidate's
mean coins per seat minus the best's, averaged per deal; the candidate
replaces the best when that difference is positive with ``z > --z`` (its
standard error from the spread between deals) over at least ``MIN_DEALS`` deals. A weight whose steps both lose
has its step halved for the next round. Each step is printed as it is decided.

At the end (and with ``--check N`` alone) the fitted weights play the
defaults in ``N`` games on deals no comparison used (seats alternating as
above): the fitted side's share of the wins with its 95% Wilson interval
and the mean coin difference per seat with its 95% interval. Deterministic
for a given ``--seed`` (basic decides without a clock); ``--jobs`` only
changes the speed. Measure on the compiled build (a regular install), from
outside the source tree.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from bohnanza_tui.bots import make_bot, play_game
from bohnanza_tui.bots.tournament import wilson
from bohnanza_tui.bots.weights import DEFAULT, Weights
from bohnanza_tui.rules.data import PLAYER_COUNTS


@dataclass(frozen=True)
class Spec:
    """How a weight is searched: first step, and the range it stays in."""

    step: float
    lo: float
    hi: float
    #: the modes (and "duel": two players) where the weight matters; empty: all
    only: tuple[str, ...] = ()


SPECS: dict[str, Spec] = {
    "discount_base": Spec(0.05, 0.2, 0.7),
    "discount_per_card": Spec(0.005, 0.0, 0.04),
    "forced_penalty": Spec(0.5, 0.0, 4.0),
    "late_turns": Spec(1.0, 0.5, 8.0),
    "hand_per_turn": Spec(0.4, 0.4, 4.0),
    "kontor_bean": Spec(0.15, 0.0, 1.0, ("voyage",)),
    "store_bean": Spec(0.1, 0.0, 1.0, ("voyage",)),
    "accept_min": Spec(0.15, 0.0, 1.5),
    "gift_min": Spec(0.1, -0.5, 0.5),
    "gift_hand": Spec(1, 0, 12),
    "give_away_min": Spec(0.15, 0.0, 1.5),
    "want_min": Spec(0.15, 0.0, 1.5),
    "max_offers": Spec(2, 0, 12),
    "targets": Spec(1, 0, 4),
    "field_turns": Spec(1.0, 0.0, 8.0),
    "harbor_turns": Spec(1.0, 0.0, 8.0, ("voyage",)),
    "duel_plant_min": Spec(0.1, -0.5, 1.0, ("duel",)),
    "deny": Spec(0.25, 0.0, 1.5, ("duel",)),
}
assert set(SPECS) == {f.name for f in fields(Weights)}, "every weight needs a Spec"
#: a comparison on fewer deals never replaces the best (its z means little)
MIN_DEALS = 10
INTEGER = {f.name for f in fields(Weights) if f.type in (int, "int")}


@dataclass
class Match:
    """A comparison: per deal, the candidate's coin and win advantage over both seatings."""

    coins: list[float]
    wins: list[float]  # the candidate's share of the wins in the deal's two games
    games: int

    @property
    def mean(self) -> float:
        return sum(self.coins) / len(self.coins)

    @property
    def se(self) -> float:
        n = len(self.coins)
        if n < 2:
            return math.inf
        m = self.mean
        var = sum((c - m) ** 2 for c in self.coins) / (n - 1)
        return math.sqrt(var / n) if var > 0 else 1e-12

    @property
    def z(self) -> float:
        return self.mean / self.se

    @property
    def win_share(self) -> float:
        return sum(self.wins) / len(self.wins)


def play_deal(args: tuple[str, int, int, Weights, Weights]) -> tuple[float, float]:
    """Both seatings of one deal: (candidate coins - other coins per seat, candidate win share)."""
    mode, players, seed, cand, other = args
    diff = 0.0
    share = 0.0
    for first in (0, 1):
        mine = [i for i in range(players) if i % 2 == first]
        theirs = [i for i in range(players) if i % 2 != first]
        bots = [
            make_bot("basic", seed * 7919 + i, weights=cand if i in mine else other)
            for i in range(players)
        ]
        r = play_game(mode, ["basic"] * players, seed, bots=bots)
        diff += sum(r.coins[i] for i in mine) / len(mine)
        diff -= sum(r.coins[i] for i in theirs) / len(theirs)
        share += sum(r.wins[i] for i in mine)
    return diff / 2, share / 2


def match(
    modes: list[str],
    players: int,
    seeds: Iterable[int],
    cand: Weights,
    other: Weights,
    pool: ProcessPoolExecutor | None,
) -> Match:
    work = [(mode, players, s, cand, other) for s in seeds for mode in modes]
    results = list(pool.map(play_deal, work, chunksize=8) if pool else map(play_deal, work))
    return Match([c for c, _ in results], [w for _, w in results], 2 * len(work))


def relevant(name: str, modes: list[str], players: int) -> bool:
    only = SPECS[name].only
    if not only:
        return True
    return any(m in only for m in modes) or ("duel" in only and players == 2)


def stepped(w: Weights, name: str, step: float) -> Weights | None:
    """``w`` with ``name`` moved by ``step`` (None: out of its range, or no move)."""
    spec = SPECS[name]
    old = getattr(w, name)
    new: float = old + step
    if name in INTEGER:
        new = round(new)
    else:
        new = round(new, 4)
    if new == old or not spec.lo <= new <= spec.hi:
        return None
    return replace(w, **{name: new})


def show(w: Weights) -> str:
    changed = w.changed(DEFAULT)
    if not changed:
        return "the defaults"
    return ", ".join(f"{k} {a} -> {b}" for k, (a, b) in changed.items())


def tune(args: argparse.Namespace, start: Weights, pool: ProcessPoolExecutor | None) -> Weights:
    rng = random.Random(args.seed)
    deal_counter = 0
    per = max(1, args.games // (2 * len(args.modes)))  # deals per comparison

    def next_seeds() -> list[int]:
        nonlocal deal_counter
        # the tuning deals: seed * 1_000_003 + 1, 2, ... (the check uses another range)
        s = [args.seed * 1_000_003 + deal_counter + i + 1 for i in range(per)]
        deal_counter += per
        return s

    best = start
    names = args.only or [n for n in SPECS if relevant(n, args.modes, args.players)]
    steps = {n: SPECS[n].step for n in names}
    t0 = time.perf_counter()
    for rnd in range(1, args.rounds + 1):
        order = names[:]
        rng.shuffle(order)
        improved_any = False
        for name in order:
            moved = False
            for sign in (1, -1):
                cand = stepped(best, name, sign * steps[name])
                if cand is None:
                    continue
                m = match(args.modes, args.players, next_seeds(), cand, best, pool)
                keep = m.mean > 0 and m.z > args.z and len(m.coins) >= MIN_DEALS
                print(
                    f"round {rnd} {name} {getattr(best, name)} -> {getattr(cand, name)}: "
                    f"coins {m.mean:+.3f} a seat (z {m.z:+.2f}), wins {m.win_share:.1%} "
                    f"of {m.games} games: {'KEPT' if keep else 'no'}"
                    f"  [{time.perf_counter() - t0:.0f} s]",
                    flush=True,
                )
                if keep:
                    best, moved, improved_any = cand, True, True
                    break
            if not moved:
                steps[name] /= 2
                if name in INTEGER:
                    steps[name] = max(1, int(steps[name]))
        print(f"after round {rnd}: {show(best)}", flush=True)
        if not improved_any and rnd > 1:
            print("no weight moved in this round: stop", flush=True)
            break
    return best


def check(
    args: argparse.Namespace, fitted: Weights, pool: ProcessPoolExecutor | None
) -> dict[str, object]:
    """Fitted against the defaults on fresh deals: win share and coin difference, with CIs."""
    per = max(1, args.check // (2 * len(args.modes)))
    seeds = [(args.seed + 500_000) * 1_000_003 + i for i in range(per)]
    m = match(args.modes, args.players, seeds, fitted, DEFAULT, pool)
    # each deal gives 2 games (both seatings) of `players` seats; the wins of a
    # seating add up to 1, shared between the sides, so one trial per game
    lo, hi = wilson(sum(m.wins) * 2, m.games)
    out = {
        "games": m.games,
        "win_share": round(m.win_share, 4),
        "win_ci95": [round(lo, 4), round(hi, 4)],
        "coins_per_seat": round(m.mean, 3),
        "coins_ci95": [round(m.mean - 1.96 * m.se, 3), round(m.mean + 1.96 * m.se, 3)],
    }
    print(
        f"check: fitted vs defaults, {m.games} games ({', '.join(args.modes)}, "
        f"{args.players} players): fitted wins {m.win_share:.1%} [{lo:.1%}, {hi:.1%}] "
        f"(fair {'50%' if args.players % 2 == 0 else 'about 50%'}), coins a seat "
        f"{m.mean:+.3f} [{m.mean - 1.96 * m.se:+.3f}, {m.mean + 1.96 * m.se:+.3f}]",
        flush=True,
    )
    return out


def load(path: str) -> Weights:
    """Weights from a JSON object of weight names (the others keep their defaults)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SystemExit(f"--start {path}: can't read it ({exc})") from None
    if not isinstance(data, dict):
        raise SystemExit(f"--start {path}: not a JSON object of weights")
    data = data.get("weights", data)
    known = {f.name: f for f in fields(Weights)}
    bad = [k for k in data if k not in known]
    if bad:
        raise SystemExit(f"--start {path}: unknown weight {bad[0]!r}")
    for k, v in data.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise SystemExit(f"--start {path}: {k} must be a number")
        if k in INTEGER and v != int(v):
            raise SystemExit(f"--start {path}: {k} must be a whole number")
    return replace(DEFAULT, **{k: int(v) if k in INTEGER else float(v) for k, v in data.items()})


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", default="classic", help="classic, voyage, or classic,voyage")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200, help="games per comparison (even)")
    ap.add_argument("--rounds", type=int, default=2, help="passes over the weights")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--z", type=float, default=2.0, help="how sure a change must be to be kept")
    ap.add_argument("--jobs", type=int, default=1, help="parallel processes")
    ap.add_argument("--only", default="", help="comma-separated weights to tune (default: all)")
    ap.add_argument("--start", help="JSON file of weights to start from (default: the defaults)")
    ap.add_argument("--out", help="write the fitted weights (and the check) as JSON")
    ap.add_argument(
        "--check", type=int, default=0, help="games of the final check against the defaults"
    )
    ap.add_argument(
        "--check-only", action="store_true", help="no tuning: check the --start weights"
    )
    args = ap.parse_args(argv)
    args.modes = [m.strip() for m in args.mode.split(",") if m.strip()]
    for m in args.modes:
        if m not in PLAYER_COUNTS:
            ap.error(f"unknown mode {m!r}: classic or voyage")
        if args.players not in PLAYER_COUNTS[m]:
            ap.error(f"{m} is not played by {args.players} players")
    args.only = [n.strip() for n in args.only.split(",") if n.strip()]
    for n in args.only:
        if n not in SPECS:
            ap.error(f"unknown weight {n!r}: one of {', '.join(SPECS)}")
    if not args.modes or args.games < 2 or args.rounds < 0 or args.jobs < 1 or args.check < 0:
        ap.error("--games at least 2, --rounds and --check at least 0, --jobs at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    start = load(args.start) if args.start else DEFAULT
    t0 = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        print(
            f"tuning basic: {', '.join(args.modes)}, {args.players} players, {args.games} games "
            f"a comparison, seed {args.seed}; start: {show(start)}",
            flush=True,
        )
        fitted = start if args.check_only else tune(args, start, pool)
        print(f"fitted: {show(fitted)}", flush=True)
        result: dict[str, object] = {"weights": asdict(fitted)}
        if args.check:
            result["check"] = check(args, fitted, pool)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"{time.perf_counter() - t0:.0f} s", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
