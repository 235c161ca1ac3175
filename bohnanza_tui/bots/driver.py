"""Play whole games with bots: for tests, tournaments and the app's demo games."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..rules import engine
from ..rules.actions import Accept, MakeOffer
from ..rules.state import GameState, Phase
from ..rules.views import view
from .base import Bot
from .factory import make_bot

#: a game that needs more actions than this is a bot bug (a loop), not a long game
MAX_ACTIONS = 50_000


@dataclass
class GameResult:
    mode: str
    levels: list[str]
    seed: int
    coins: list[int]
    #: share of the win per seat: 1 for a sole winner, 1/k for each of k tied winners
    wins: list[float]
    ranks: list[int]
    turns: int
    actions: int
    #: per seat: total decision time (ms) and number of decisions
    decision_ms: list[float] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    #: per seat: the longest single decision (ms)
    max_decision_ms: list[float] = field(default_factory=list)
    #: per seat: the processor time of its decisions (ms; the wall-clock time above also
    #: counts the waits of a loaded machine)
    decision_cpu_ms: list[float] = field(default_factory=list)
    #: per seat: offers made, and how many of them someone accepted
    offers: list[int] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)
    state: GameState | None = None


def play_game(
    mode: str,
    levels: list[str],
    seed: int,
    budget_ms: float | None = None,
    *,
    bots: list[Bot] | None = None,
    names: list[str] | None = None,
    keep_state: bool = False,
    max_actions: int = MAX_ACTIONS,
) -> GameResult:
    """Play one game; seat ``i`` is a bot of ``levels[i]`` seeded from ``seed`` and ``i``.

    Every bot gets only its view; each action is checked by the engine
    (``IllegalAction`` is a bot bug and propagates). Mode ``cafe``: ``bots.cafe.play_cafe_game``.
    """
    if mode == "cafe":
        from .cafe import play_cafe_game

        return play_cafe_game(levels, seed, names=names, max_actions=max_actions)
    if bots is None:
        bots = [
            make_bot(level, seed * 7919 + i, budget_ms=budget_ms) for i, level in enumerate(levels)
        ]
    names = names or [f"Bot {i + 1}" for i in range(len(bots))]
    state = engine.new_game(mode, names, seed)
    n = len(bots)
    spent = [0.0] * n
    cpu = [0.0] * n
    count = [0] * n
    longest = [0.0] * n
    offers = [0] * n
    accepted = [0] * n
    proposer: dict[int, int] = {}  # offer id -> seat, until someone accepts it
    actions = 0
    clock = time.perf_counter
    cpu_clock = time.process_time
    while state.phase is not Phase.GAME_OVER:
        p = engine.next_to_act(state)
        c0 = cpu_clock()
        t0 = clock()
        action = bots[p].act(view(state, p), p)
        took = clock() - t0
        cpu[p] += cpu_clock() - c0
        spent[p] += took
        longest[p] = max(longest[p], took)
        count[p] += 1
        if isinstance(action, MakeOffer):
            proposer[state.next_offer] = p
            offers[p] += 1
        elif isinstance(action, Accept) and action.offer in proposer:
            accepted[proposer.pop(action.offer)] += 1
        engine.apply(state, action)
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game {mode} seed {seed} did not end after {actions} actions")
    ranking = engine.standings(state)
    ranks = [0] * n
    coins = [0] * n
    for r in ranking:
        ranks[r.player] = r.rank
        coins[r.player] = r.coins
    winners = [r.player for r in ranking if r.rank == 1]
    wins = [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    return GameResult(
        mode=mode,
        levels=list(levels),
        seed=seed,
        coins=coins,
        wins=wins,
        ranks=ranks,
        turns=state.turn,
        actions=actions,
        decision_ms=[s * 1000 for s in spent],
        decisions=count,
        max_decision_ms=[s * 1000 for s in longest],
        decision_cpu_ms=[s * 1000 for s in cpu],
        offers=offers,
        accepted=accepted,
        state=state if keep_state else None,
    )
