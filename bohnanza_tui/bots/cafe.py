"""Computer players of Guatemala Café (mode ``cafe``, docs/CAFE.md): random, basic, strong.

Each sees only its seat's view (``cafe.view``: the others' sacks and the bag
hidden) and returns a legal action of the move list (``cafe.legal_actions``).

- ``random``: ``cafe.random_action`` (uniform, passing rarely);
- ``basic``: one step at a time: each action is judged by the position it
  leads to (``value``: points, plantations' prospects, money), a scoring by
  what it brings each player if nobody blocks, and the blocking question by
  who gains; the move goes to the row whose best action is best;
- ``strong``: plans the whole turn: every move of the buyer, then every
  scoring or a beam search over the builds (up to three pieces), judged at its
  end; a scoring counts the chance that someone blocks it (from the sacks
  nobody has seen), and the prospects weigh less as the score track closes.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..rules import cafe
from ..rules.actions import Action, Allow, Block, Build, EndPhase, MoveBuyer, Pass, ScoreSack
from ..rules.cafe import ACT, BLOCK, MOVE, REFILL, CafeState
from ..rules.cafe_data import (
    CELL_CORNERS,
    EDGE_ENDS,
    HARBOR_POINT,
    KINDS,
    POINT_EDGES,
    SACKS_PER_KIND,
    SCORING_PAY,
)
from .driver import GameResult

KIND_COUNT = len(KINDS)


@dataclass(frozen=True, slots=True)
class CafeWeights:
    """The figures a position is judged by."""

    #: a Centavo, in points
    money: float = 0.12
    #: a plantation's prospect: its points if its kind were scored now, times this
    prospect: float = 0.9
    #: a hut (room for workers), a worker of a plantation without its hut yet
    hut: float = 1.2
    unhutted_worker: float = 0.4
    #: a missing path edge halves the value of the ships waiting at the harbor this often
    path_decay: float = 0.6
    #: a scoring's chance to go through, when the bot can't say better
    unblocked: float = 0.6
    #: block a scoring when another player gains this many points more than the bot
    block_margin: float = 2.0
    #: pass instead of moving when the best action is worth less than this
    pass_below: float = -0.5
    #: the prospects weigh less as the track closes (strong): full weight this far from the end
    horizon: float = 0.0


BASIC = CafeWeights()
STRONG = CafeWeights(prospect=1.0, hut=1.5, path_decay=0.7, block_margin=1.0, horizon=12.0)


# -- judging positions ---------------------------------------------------------------------


def missing_edges(state: CafeState, cell: int, kind: int) -> int:
    """The fewest path edges still to build from the field to its kind's harbor (-1: none can)."""
    board = state.board
    goal = HARBOR_POINT[kind]
    dist = {v: 0 for v in CELL_CORNERS[cell]}
    frontier = list(dist)
    # 0-1 breadth-first search: built edges cost 0, empty allowed edges 1
    queue: list[tuple[int, int]] = [(0, v) for v in frontier]
    best = -1
    while queue:
        queue.sort()
        d, v = queue.pop(0)
        if d > dist.get(v, 1 << 30):
            continue
        if v == goal:
            best = d
            break
        for e in POINT_EDGES[v]:
            if not board.allowed[e]:
                continue
            a, b = EDGE_ENDS[e]
            w = b if a == v else a
            nd = d + (0 if state.paths[e] else 1)
            if nd < dist.get(w, 1 << 30):
                dist[w] = nd
                queue.append((nd, w))
    return best


def points_if_scored(state: CafeState, kind: int) -> list[int]:
    """What each player would score if ``kind`` were scored now, unblocked (R-CAFE-21)."""
    out = [0] * len(state.players)
    hut_kind = state.board.hut_kind
    for pid, pl in enumerate(state.plantations):
        if pl.hut >= 0 and hut_kind[pl.hut] == kind:
            out[pl.owner] += cafe.plantation_points(state, pid)[0]
    return out


def prospect(state: CafeState, player: int, w: CafeWeights) -> float:
    """What the player's plantations promise (their points at a future scoring)."""
    board = state.board
    total = 0.0
    for pl in state.plantations:
        if pl.owner != player:
            continue
        if pl.hut < 0:
            total += w.unhutted_worker * pl.workers
            continue
        kind = board.hut_kind[pl.hut]
        ships = state.ships[kind]
        mult = 1.0
        if ships:
            missing = (
                0 if cafe.connected(state, pl.hut, kind) else missing_edges(state, pl.hut, kind)
            )
            if missing >= 0:
                mult += ships * (w.path_decay**missing)
        total += w.hut + pl.workers * mult * w.prospect
    return total


def value(state: CafeState, player: int, w: CafeWeights) -> float:
    """The player's standing: points, money, prospects (the prospects fade near the end)."""
    p = state.players[player]
    weight = 1.0
    if w.horizon > 0:
        left = state.lowest_sack() - max(q.score for q in state.players)
        weight = max(0.2, min(1.0, left / w.horizon))
    return p.score + w.money * p.centavos + weight * prospect(state, player, w)


def relative(state: CafeState, player: int, w: CafeWeights) -> float:
    """The player's value against the others' (the best of them counts most)."""
    mine = value(state, player, w)
    others = [value(state, q, w) for q in range(len(state.players)) if q != player]
    return mine - 0.5 * (max(others) + sum(others) / len(others))


def gain_of_scoring(state: CafeState, player: int, kind: int) -> float:
    """The scoring's points for the player against the others'."""
    pts = points_if_scored(state, kind)
    others = [pts[q] for q in range(len(pts)) if q != player]
    return pts[player] - 0.5 * (max(others) + sum(others) / len(others))


def block_chance(state: CafeState, player: int, kind: int) -> float:
    """The chance that some other player holds a sack of ``kind`` and blocks (strong)."""
    seen = sum(1 for x in state.places if x == kind) + state.track.count(kind)
    seen += state.players[player].sacks[kind] if state.players[player].sacks else 0
    unseen_kind = max(0, SACKS_PER_KIND - seen)
    hidden_total = len(state.bag) + sum(
        p.sack_count for q, p in enumerate(state.players) if q != player
    )
    if hidden_total <= 0 or unseen_kind <= 0:
        return 0.0
    pts = points_if_scored(state, kind)
    chance_none = 1.0
    for q, p in enumerate(state.players):
        if q == player or p.sack_count == 0:
            continue
        if pts[q] >= pts[player]:  # q gains as much: q lets it pass
            continue
        h = min(p.sack_count, hidden_total)
        # the chance that q's h sacks hold none of the unseen ones of this kind
        none = math.comb(hidden_total - unseen_kind, h) / math.comb(hidden_total, h)
        chance_none *= none
    return 1.0 - chance_none


# -- the players ------------------------------------------------------------------------------


class CafeBot:
    """The shared frame: answers the blocking question and the refill, leaves the rest."""

    level = "basic"

    def __init__(self, seed: int | None = None, weights: CafeWeights = BASIC) -> None:
        self.rng = random.Random(seed)
        self.w = weights

    def remark(self) -> None:
        return None

    def act(self, view: CafeState, player: int) -> Action:
        acts = cafe.legal_actions(view, player)
        if len(acts) == 1:
            return acts[0]
        if view.phase == BLOCK:
            return self.answer(view, player, acts)
        if view.phase == REFILL:
            return self.refill(view, player, acts)
        if view.phase == MOVE:
            return self.move(view, player, acts)
        return self.build_or_score(view, player, acts)

    def answer(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        pts = points_if_scored(view, view.scoring_kind)
        best_other = max(pts[q] for q in range(len(pts)) if q != player)
        if best_other - pts[player] >= self.w.block_margin and any(
            isinstance(a, Block) for a in acts
        ):
            return Block(player)
        return Allow(player)

    def refill(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        def score(a: Action) -> float:
            kind = getattr(a, "kind", 0)
            # a sack in the row helps whoever scores it next: prefer a kind that serves the bot
            return gain_of_scoring(view, player, kind) + self.rng.random() * 0.01

        return max(acts, key=score)

    def action_value(self, view: CafeState, player: int, a: Action) -> float:
        if isinstance(a, ScoreSack):
            kind = view.places[a.place]
            chance = self.unblocked(view, player, kind)
            after = view.copy()
            cafe.apply_unchecked(after, a)
            base = relative(after, player, self.w)
            return base + chance * gain_of_scoring(view, player, kind)
        after = view.copy()
        cafe.apply_unchecked(after, a)
        return relative(after, player, self.w)

    def unblocked(self, view: CafeState, player: int, kind: int) -> float:
        return self.w.unblocked

    def best_in_row(self, view: CafeState, player: int) -> tuple[float, Action | None]:
        acts = cafe.legal_actions(view, player)
        best: tuple[float, Action | None] = (relative(view, player, self.w), None)
        for a in acts:
            v = self.action_value(view, player, a) + self.rng.random() * 1e-6
            if best[1] is None or v > best[0]:
                best = (v, a)
        return best

    def move(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        here = relative(view, player, self.w)
        best: tuple[float, Action] = (here + self.w.pass_below, Pass(player))
        for a in acts:
            if not isinstance(a, MoveBuyer):
                continue
            after = view.copy()
            cafe.apply_unchecked(after, a)
            if after.phase != ACT or after.active != player:
                v = relative(after, player, self.w)
            else:
                v = self.best_in_row(after, player)[0]
            if v > best[0]:
                best = (v, a)
        return best[1]

    def build_or_score(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        best: tuple[float, Action] | None = None
        for a in acts:
            if isinstance(a, EndPhase):
                v = relative(view, player, self.w)
            else:
                v = self.action_value(view, player, a)
            v += self.rng.random() * 1e-6
            if best is None or v > best[0]:
                best = (v, a)
        assert best is not None
        return best[1]


class CafeBasicBot(CafeBot):
    level = "basic"


class CafeStrongBot(CafeBot):
    """Plans the whole turn (see the module's text)."""

    level = "strong"
    BEAM = 6

    def __init__(self, seed: int | None = None, weights: CafeWeights = STRONG) -> None:
        super().__init__(seed, weights)
        self.plan: list[Action] = []

    def unblocked(self, view: CafeState, player: int, kind: int) -> float:
        return 1.0 - block_chance(view, player, kind)

    def turn_plan(self, view: CafeState, player: int) -> tuple[float, list[Action]]:
        """The best sequence of this turn's remaining actions from an ACT position."""
        best: tuple[float, list[Action]] = (-1e9, [])
        acts = cafe.legal_actions(view, player)
        for a in acts:
            if isinstance(a, ScoreSack):
                v = self.action_value(view, player, a)
                if v > best[0]:
                    best = (v, [a])
        # builds: a beam over sequences of pieces
        beam: list[tuple[float, list[Action], CafeState]] = [(0.0, [], view)]
        for _depth in range(3):
            grown: list[tuple[float, list[Action], CafeState]] = []
            for _v, seq, state in beam:
                if seq and (state.phase != ACT or state.active != player):
                    continue
                for a in cafe.legal_actions(state, player):
                    if not isinstance(a, Build):
                        continue
                    after = state.copy()
                    cafe.apply_unchecked(after, a)
                    grown.append((relative(after, player, self.w), [*seq, a], after))
            if not grown:
                break
            grown.sort(key=lambda t: -t[0])
            for v, seq, _state in grown[:1]:
                if v > best[0]:
                    best = (v, seq)
            beam = grown[: self.BEAM]
        if best[1] and isinstance(best[1][-1], Build) and len(best[1]) < 3:
            best = (best[0], [*best[1], EndPhase(player)])
        return best

    def move(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        here = relative(view, player, self.w)
        best: tuple[float, Action, list[Action]] = (here + self.w.pass_below, Pass(player), [])
        for a in acts:
            if not isinstance(a, MoveBuyer):
                continue
            after = view.copy()
            cafe.apply_unchecked(after, a)
            plan: list[Action] = []
            if after.phase != ACT or after.active != player:
                v = relative(after, player, self.w)
            else:
                v, plan = self.turn_plan(after, player)
            if v > best[0]:
                best = (v, a, plan)
        self.plan = list(best[2])
        return best[1]

    def build_or_score(self, view: CafeState, player: int, acts: list[Action]) -> Action:
        while self.plan:
            a = self.plan.pop(0)
            if a in acts:
                return a
        _v, plan = self.turn_plan(view, player)
        if plan and plan[0] in acts:
            self.plan = plan[1:]
            return plan[0]
        return super().build_or_score(view, player, acts)


class CafeRandomBot:
    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def remark(self) -> None:
        return None

    def act(self, view: CafeState, player: int) -> Action:
        return cafe.random_action(view, self.rng)


AnyCafeBot = CafeRandomBot | CafeBasicBot | CafeStrongBot


def make_cafe_bot(level: str, seed: int | None = None) -> AnyCafeBot:
    """A Guatemala Café computer player of ``level`` (``random``, ``basic`` or ``strong``)."""
    if level == "random":
        return CafeRandomBot(seed)
    if level == "basic":
        return CafeBasicBot(seed)
    if level == "strong":
        return CafeStrongBot(seed)
    raise ValueError(f"unknown bot level {level!r}: choose one of random, basic, strong")


__all__ = [
    "BASIC",
    "SCORING_PAY",
    "STRONG",
    "CafeBasicBot",
    "CafeRandomBot",
    "CafeStrongBot",
    "CafeWeights",
    "make_cafe_bot",
    "play_cafe_game",
    "points_if_scored",
    "value",
]


def play_cafe_game(
    levels: list[str], seed: int, *, names: list[str] | None = None, max_actions: int = 50_000
) -> GameResult:
    """One game of computer players (``driver.play_game`` for mode ``cafe``): ``coins`` are points."""
    import time

    bots = [make_cafe_bot(level, seed * 7919 + i) for i, level in enumerate(levels)]
    n = len(bots)
    state = cafe.new_game(names or [f"Bot {i + 1}" for i in range(n)], seed)
    spent = [0.0] * n
    count = [0] * n
    longest = [0.0] * n
    actions = 0
    while not state.over:
        p = cafe.next_to_act(state)
        assert p is not None
        t0 = time.perf_counter()
        action = bots[p].act(cafe.view(state, p), p)
        took = time.perf_counter() - t0
        spent[p] += took
        longest[p] = max(longest[p], took)
        count[p] += 1
        cafe.apply(state, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game cafe seed {seed} did not end after {actions} actions")
    ranking = cafe.standings(state)
    ranks = [0] * n
    points = [0] * n
    for r in ranking:
        ranks[r.player] = r.rank
        points[r.player] = r.score
    winners = [r.player for r in ranking if r.rank == 1]
    return GameResult(
        mode=cafe.MODE,
        levels=list(levels),
        seed=seed,
        coins=points,
        wins=[1.0 / len(winners) if p in winners else 0.0 for p in range(n)],
        ranks=ranks,
        turns=state.turn,
        actions=actions,
        decision_ms=[s * 1000 for s in spent],
        decisions=count,
        max_decision_ms=[s * 1000 for s in longest],
        decision_cpu_ms=[s * 1000 for s in spent],
        offers=[0] * n,
        accepted=[0] * n,
    )
