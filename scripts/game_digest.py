"""A digest of 40 whole random games (their save files and every log line) and of 4
games of computer players (every action), then of 12 random games and 3 games of
computer players of Guatemala Café.

    python scripts/game_digest.py

CI runs it on the compiled build and on the pure-Python source and requires
the same digest: both builds of the rules core, and of the bots' position values
and rollouts, play identical games. The strong level searches a fixed number of
samples here (``max_samples``), so its games are reproducible.
"""

from __future__ import annotations

import hashlib
import random

from bohnanza_tui import bots
from bohnanza_tui.bots import make_bot
from bohnanza_tui.bots.cafe import make_cafe_bot
from bohnanza_tui.rules import COMPILED, cafe, engine, view
from bohnanza_tui.rules.cafe_session import CafeSession
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps

CASES = (("classic", 2), ("classic", 4), ("classic", 7), ("voyage", 3), ("voyage", 5))
#: bot games: mode, levels
BOT_CASES = (
    ("classic", ("strong", "basic", "basic", "basic")),
    ("voyage", ("strong", "basic", "basic", "basic")),
    ("classic", ("strong", "basic")),
    ("voyage", ("basic", "strong", "random")),
)


def digest(games_per_case: int = 10) -> str:
    h = hashlib.sha256()
    for mode, players in CASES:
        for seed in range(games_per_case):
            session = Session(engine.new_game(mode, [f"P{i + 1}" for i in range(players)], seed))
            player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
            while not session.state.over:
                for event in session.play(player.step(session.state)):
                    h.update(str(event).encode())
            h.update(dumps(session).encode())
    for seed, (mode, levels) in enumerate(BOT_CASES):
        seats = [make_bot(lv, seed * 10 + i, max_samples=3) for i, lv in enumerate(levels)]
        names = [f"P{i + 1}" for i in range(len(levels))]
        session = Session(engine.new_game(mode, names, seed))
        while not session.state.over:
            p = engine.next_to_act(session.state)
            for event in session.play(seats[p].act(view(session.state, p), p)):
                h.update(str(event).encode())
        h.update(dumps(session).encode())
    for players in (2, 3, 4):
        for seed in range(4):
            side = "variable" if seed % 2 else "fixed"
            cafe_session = CafeSession.new([f"P{i + 1}" for i in range(players)], seed, side)
            rng = random.Random(seed)
            while not cafe_session.state.over:
                for event in cafe_session.play(cafe.random_action(cafe_session.state, rng)):
                    h.update(str(event).encode())
            h.update(dumps(cafe_session).encode())
    for seed, levels in enumerate(
        (("strong", "basic", "basic"), ("basic", "random"), ("strong", "basic", "basic", "random"))
    ):
        cafe_bots = [make_cafe_bot(lv, seed * 10 + i) for i, lv in enumerate(levels)]
        cafe_session = CafeSession.new([f"P{i + 1}" for i in range(len(levels))], seed)
        while not cafe_session.state.over:
            p = cafe.next_to_act(cafe_session.state)
            assert p is not None
            action = cafe_bots[p].act(cafe.view(cafe_session.state, p), p)
            for event in cafe_session.play(action):
                h.update(str(event).encode())
        h.update(dumps(cafe_session).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(), "compiled" if COMPILED and bots.COMPILED else "pure")
