"""Count the computer players' moves that look silly, over whole games, and show a few.

    python scripts/check_decisions.py --mode classic --games 20 --players strong,basic,basic,basic
    python scripts/check_decisions.py --mode voyage --games 20 --show 5

Each game is played by the levels given (strong searches ``--samples`` samples, so a
run is reproducible); every decision is checked before it is played, from the rules'
side (the move list, the fields, the offers), not from the bot's own evaluation:

- ``promised twice``: an offer of a card that one of the player's open offers names;
- ``split``: a bean planted into an empty field while a field of its kind on the same
  island takes it and can still grow;
- ``harvest for nothing``: a field sold for no coin while every bean waiting to be
  planted finds a place without it;
- ``free bean declined``: a gift of one bean declined though it goes onto a field of
  its kind and the front hand card still finds its place (an empty field for the gift
  is left out: it may be the one the front card needs);
- ``late purchase``: a field or a harbor bought with less than one own turn left.

What a check finds is a lead to look at (with the position shown), not always a
mistake: a test of the decision (tests/bots/test_decisions.py) says which is one.
"""

from __future__ import annotations

import argparse
import collections

from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots import make_bot
from bohnanza_tui.bots.base import promised
from bohnanza_tui.rules import engine, view
from bohnanza_tui.rules.actions import (
    Action,
    BuyField,
    BuyHarbor,
    Decline,
    Harvest,
    MakeOffer,
    Plant,
)
from bohnanza_tui.rules.data import KINDS
from bohnanza_tui.rules.state import KIND_OF, KONTOR, GameState, Phase

MAX_GAMES = 10_000


def describe(s: GameState, p: int) -> str:
    pl = s.players[p]

    def names(cards: list[int]) -> list[str]:
        return [KINDS[KIND_OF[c]] for c in cards]

    fields = [
        (h.island, [f"{KINDS[KIND_OF[f[0]]]} x{len(f)}" if f else "-" for f in h.fields])
        for h in pl.holdings
    ]
    return (
        f"fields {fields} hand {names(pl.hand)} received {names(pl.received)} "
        f"kept {names(pl.kept)} phase {s.phase.name} planted {s.planted} "
        f"own turns left {ev.own_turns_left(s):.1f}"
    )


def findings(s: GameState, p: int, a: Action) -> list[str]:
    """The checks ``a`` (about to be played by ``p`` in ``s``) fails."""
    out = []
    pl = s.players[p]
    if isinstance(a, MakeOffer) and promised(s, p) & set(a.give):
        out.append("promised twice")
    if isinstance(a, Plant) and a.slot != KONTOR:
        h = pl.holding(a.island)
        assert h is not None
        k = KIND_OF[a.card]
        t = ev.TYPE_INDEX[s.islands[a.island].type]
        top = ev.SALE[t][k]
        growing = any(
            f and KIND_OF[f[0]] == k and top[min(len(f), ev.MAX_N)] < top[ev.MAX_N]
            for f in h.fields
        )
        if not h.fields[a.slot] and growing:
            out.append("split")
    if isinstance(a, Harvest):
        h = pl.holding(a.island)
        assert h is not None
        f = h.fields[a.slot]
        t = ev.TYPE_INDEX[s.islands[a.island].type]
        coins = ev.SALE[t][KIND_OF[f[0]]][min(len(f), ev.MAX_N)]
        placed = {KIND_OF[x.card] for x in engine.legal_actions(s, p) if isinstance(x, Plant)}
        waiting = [*pl.received, *(pl.kept if p == s.active else [])]
        if s.phase is Phase.PLANT and p == s.active and pl.hand and s.planted == 0:
            waiting.append(pl.hand[0])
        needed = any(KIND_OF[c] not in placed for c in waiting)  # R-BASE-7: room is needed
        if coins == 0 and placed and not needed:
            out.append("harvest for nothing")
    if isinstance(a, Decline):
        o = s.offer(a.offer)
        if o is not None and not o.want and len(o.give) == 1:
            k = KIND_OF[o.give[0]]
            fields = [f for h in pl.holdings for f in h.fields]
            kinds = {KIND_OF[f[0]] for f in fields if f}
            front = KIND_OF[pl.hand[0]] if pl.hand else -1
            front_fits = front < 0 or front in kinds or any(not f for f in fields)
            if k in kinds and front_fits:
                out.append("free bean declined")
    if isinstance(a, BuyField | BuyHarbor) and ev.own_turns_left(s) < 1.0:
        out.append("late purchase")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=("classic", "voyage"), default="classic")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", default="strong,basic,basic,basic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--samples", type=int, default=10, help="strong's search size")
    ap.add_argument("--show", type=int, default=3, help="positions shown per check")
    args = ap.parse_args()
    levels = args.players.split(",")
    if not 0 < args.games <= MAX_GAMES:
        ap.error(f"--games: 1 to {MAX_GAMES}")
    counts: collections.Counter[str] = collections.Counter()
    decisions = 0
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        bots = [
            make_bot(lv, seed * 10 + i, max_samples=args.samples)
            if lv == "strong"
            else make_bot(lv, seed * 10 + i)
            for i, lv in enumerate(levels)
        ]
        s = engine.new_game(args.mode, [f"P{i + 1}" for i in range(len(levels))], seed)
        while not s.over:
            p = engine.next_to_act(s)
            a = bots[p].act(view(s, p), p)
            decisions += 1
            for kind in findings(s, p, a):
                counts[kind] += 1
                if counts[kind] <= args.show:
                    print(f"{kind}: game {g} turn {s.turn} {levels[p]} P{p + 1}: {a}")
                    print(f"    {describe(s, p)}")
            engine.apply(s, a)
    found = ", ".join(f"{k} {n}" for k, n in sorted(counts.items())) or "nothing"
    print(f"{args.mode}, {args.games} games ({args.players}), {decisions} decisions: {found}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
