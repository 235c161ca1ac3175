"""Fit the strong level's leaf evaluation: what a position is worth in final coins.

    python scripts/fit_leaf.py --mode voyage --games 3000 --seed 1 --jobs 2 --write

A rollout of the strong level stops after a round or two and scores the
position: its value minus the others' (``rollout.score``). This script
learns that score from self-play: it plays ``--games`` games of four
players of ``--players`` levels (seats rotating), and at the start of every
turn records, for each player, the parts of its value (``evaluate.FEATURES``:
coins, the fields' sale value, their growth, what the hand adds, Kontor and
store beans, harbors) minus the mean of the others', together with the
game's result: that player's final coins minus the mean of the others'.
A least-squares fit (no constant: the table is symmetric) per stage of the
game (``--bounds``: the own turns left, as ``evaluate.own_turns_left``
counts them) gives the weights of the parts; with the weights 1, 1, 1, 1,
0.15, 0.15, 0 the score is ``player_value``'s. It prints, per stage, the
weights, how many positions were fitted and the mean squared error of the
fit against that of the plain value, on the fitted positions and on
held-out games (every fifth game). ``--write`` puts the weights into
``bohnanza_tui/bots/leaf.py`` (``LEAF[mode]``). Deterministic for a seed;
run it on the compiled build, from outside the source tree, with ``--write``
pointing into the source (``--leaf FILE``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bohnanza_tui.bots import COMPILED, Bot, make_bot
from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots.tournament import game_seed, seating
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.views import view

#: one position: the game, the stage, the features minus the others' mean, the result
Row = tuple[int, int, list[float], float]


def stage(turns_left: float, bounds: list[float]) -> int:
    """The index of the stage: 0 for the fewest turns left."""
    for i, b in enumerate(bounds):
        if turns_left < b:
            return i
    return len(bounds)


def play(args: tuple[str, int, list[int], list[str], list[float], int]) -> list[Row]:
    mode, seed, games, levels, bounds, samples = args
    out: list[Row] = []
    for g in games:
        seats = seating(levels, g)
        s = game_seed(seed, g)
        bots: list[Bot] = [
            make_bot(lv, s * 7919 + i, max_samples=samples if lv == "strong" else None)
            for i, lv in enumerate(seats)
        ]
        state = engine.new_game(mode, [f"P{i}" for i in range(len(seats))], s)
        n = len(seats)
        seen: list[tuple[int, list[list[float]]]] = []
        turn = -1
        while not state.over:
            if state.turn != turn:
                turn = state.turn
                tl = ev.own_turns_left(state)
                feats = [ev.features(state, q, tl) for q in range(n)]
                seen.append((stage(tl, bounds), feats))
            p = engine.next_to_act(state)
            engine.apply(state, bots[p].act(view(state, p), p))
        coins = [len(p.coins) for p in state.players]
        for st, feats in seen:
            for q in range(n):
                others = [feats[r] for r in range(n) if r != q]
                diff = [
                    feats[q][j] - sum(o[j] for o in others) / (n - 1)
                    for j in range(len(ev.FEATURES))
                ]
                result = coins[q] - (sum(coins) - coins[q]) / (n - 1)
                out.append((g, st, diff, result))
    return out


def solve(rows: list[Row], ridge: float) -> list[float]:
    """Least squares without a constant (a little ridge toward the plain weights)."""
    k = len(ev.FEATURES)
    prior = plain()
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for _, _, x, y in rows:
        for i in range(k):
            b[i] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += ridge * len(rows)
        b[i] += ridge * len(rows) * prior[i]
    # Gaussian elimination with partial pivoting
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else prior[i] for i in range(k)]


def plain() -> list[float]:
    w = ev.DEFAULT
    return [1.0, 1.0, 1.0, 1.0, w.kontor_bean, w.store_bean, 0.0]


def mse(rows: list[Row], weights: list[float]) -> float:
    if not rows:
        return 0.0
    err = 0.0
    for _, _, x, y in rows:
        err += (sum(a * b for a, b in zip(weights, x, strict=True)) - y) ** 2
    return err / len(rows)


def write(path: Path, mode: str, bounds: list[float], table: list[list[float]]) -> None:
    """Replace the entry of ``mode`` in ``LEAF`` of ``leaf.py``."""
    text = path.read_text()
    rows = ",\n".join("            (" + ", ".join(f"{x:.3f}" for x in ws) + ")" for ws in table)
    entry = (
        f'    "{mode}": (\n        ({", ".join(str(float(b)) for b in bounds)}),\n'
        f"        (\n{rows},\n        ),\n    ),\n"
    )
    pattern = re.compile(rf'    "{mode}": \(\n.*?\n    \),\n', re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: no entry for {mode} in LEAF")
    path.write_text(pattern.sub(lambda _m: entry, text))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=("classic", "voyage"), default="voyage")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="basic,basic,basic,basic")
    ap.add_argument("--samples", type=int, default=4, help="strong players' search size")
    ap.add_argument("--bounds", default="2,4,7,12", help="stages by own turns left")
    ap.add_argument("--ridge", type=float, default=0.001)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--write", action="store_true")
    ap.add_argument(
        "--leaf", default=str(Path(__file__).parent.parent / "bohnanza_tui/bots/leaf.py")
    )
    ap.add_argument("--json", default=None, help="also write the weights to this file")
    args = ap.parse_args()
    levels = args.players.split(",")
    bounds = [float(b) for b in args.bounds.split(",")]
    t0 = time.perf_counter()
    chunks = [list(range(g, min(g + 20, args.games))) for g in range(0, args.games, 20)]
    work = [(args.mode, args.seed, c, levels, bounds, args.samples) for c in chunks]
    rows: list[Row] = []
    if args.jobs == 1:
        for w in work:
            rows += play(w)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(play, work):
                rows += part
    print(
        f"{args.mode}, {args.games} games of {args.players}, seed {args.seed} "
        f"({'compiled' if COMPILED else 'pure'}, {time.perf_counter() - t0:.0f} s)"
    )
    print(
        "stage (turns left)  positions  "
        + " ".join(f"{f:>7}" for f in ev.FEATURES)
        + "   mse fit/plain (held out)"
    )
    table = []
    edges = [0.0, *bounds, float("inf")]
    for st in range(len(bounds) + 1):
        fit_rows = [r for r in rows if r[1] == st and r[0] % 5 != 0]
        held = [r for r in rows if r[1] == st and r[0] % 5 == 0]
        ws = solve(fit_rows, args.ridge) if fit_rows else plain()
        table.append(ws)
        print(
            f"[{edges[st]:g}, {edges[st + 1]:g})".ljust(20)
            + f"{len(fit_rows):>9}  "
            + " ".join(f"{x:>7.3f}" for x in ws)
            + f"   {mse(fit_rows, ws):.2f}/{mse(fit_rows, plain()):.2f}"
            + f" ({mse(held, ws):.2f}/{mse(held, plain()):.2f})"
        )
    if args.json:
        Path(args.json).write_text(json.dumps({"bounds": bounds, "weights": table}))
    if args.write:
        write(Path(args.leaf), args.mode, bounds, table)
        print(f"written to {args.leaf}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
