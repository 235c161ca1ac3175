"""A digest of 40 whole random games: their save files and every log line.

    python scripts/game_digest.py

CI runs it on the compiled build and on the pure-Python source and requires
the same digest: both builds of the rules core play identical games.
"""

from __future__ import annotations

import hashlib
import random

from bohnanza_tui.rules import COMPILED, engine
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps

CASES = (("classic", 2), ("classic", 4), ("classic", 7), ("voyage", 3), ("voyage", 5))


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
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(), "compiled" if COMPILED else "pure")
