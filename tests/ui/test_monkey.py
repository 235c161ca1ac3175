"""Hostile keyboard: no key sequence gives a traceback, a hang or an impossible position.

A short run of the monkey (scripts/monkey.py: random keys of every screen,
typed commands, pastes, clicks, resizes) on seeded games of each kind, with
people and computer players mixed. After every step the app has raised
nothing, the game passes the one validator and holds every card once,
somebody can go on, and every few steps the autosave loads and holds the
game shown. The long run is the script's (``--keys 20000``).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import monkey

from bohnanza_tui.ui.app import BohnanzaApp

#: steps per game in the suite (the script runs thousands)
STEPS = 100


def run(episode: monkey.Episode, seed: int, tmp_path: Path, **kwargs: Any) -> monkey.Outcome:
    return monkey.run_episode(
        episode, rng=random.Random(seed), keys=STEPS, timeout=120, folder=tmp_path, **kwargs
    )


def explain(episode: monkey.Episode, out: monkey.Outcome, seed: int) -> str:
    """The failure, and how to replay it: the episode and its steps as the script's JSON."""
    data = json.dumps({"seed": seed, "episode": asdict(episode)})
    return f"{monkey.report(episode, out, seed)}\nreplay with scripts/monkey.py --replay on: {data}"


H, B, R = "human", "computer:basic", "computer:random"
#: (kind, seats, random legal moves before the app opens, terminal size): both modes, people
#: and computers mixed, a fresh game and one near its end, the smallest size and a large one
GAMES = [
    ("duel", [H, B], 0, (80, 24)),
    ("duel", [H, H], 60, (120, 40)),
    ("classic", [H, B, H, R], 0, (100, 30)),
    ("classic", [H, H, H, H, H], 250, (80, 24)),
    ("voyage", [H, H, H], 0, (80, 24)),
    ("voyage", [R, H, B, H, R], 300, (160, 50)),
]


def game_id(game: tuple[str, list[str], int, tuple[int, int]]) -> str:
    kind, seats, advance, (w, h) = game
    return f"{kind}-{''.join(s[0] for s in seats)}-{advance}-{w}x{h}"


@pytest.mark.parametrize(("kind", "seats", "advance", "size"), GAMES, ids=map(game_id, GAMES))
def test_random_keys_break_nothing(
    kind: str,
    seats: list[str],
    advance: int,
    size: tuple[int, int],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # "save as" writes relative names
    seed = len(seats) * 1000 + advance
    episode = monkey.Episode(kind, monkey.NAMES[: len(seats)], seats, seed, advance, size)
    out = run(episode, seed, tmp_path)
    assert out.failure is None, explain(episode, out, seed)
    assert out.steps == STEPS


# -- the monkey notices what it must notice ----------------------------------------------------


def an_episode() -> monkey.Episode:
    return monkey.Episode("classic", ["Ann", "Bob", "Cy"], ["human"] * 3, 7, 0, (100, 30))


class Fragile(BohnanzaApp):
    """An app whose help key raises."""

    def action_help(self) -> None:
        raise RuntimeError("help is broken")


def test_an_exception_in_the_app_is_a_failure_with_its_step(tmp_path: Path) -> None:
    episode = an_episode()
    episode.steps = ["key:enter", "key:escape", "key:f1", "key:escape"]
    out = monkey.run_episode(episode, rng=None, keys=4, folder=tmp_path, app_class=Fragile)
    assert out.failure is not None and out.failure.kind == "exception"
    assert "help is broken" in out.failure.message and out.failure.step == 2


def test_an_impossible_position_is_a_failure(tmp_path: Path) -> None:
    class Cheat(BohnanzaApp):
        def action_help(self) -> None:
            assert self.session is not None
            self.session.state.players[0].hand.append(self.session.state.deck[0])  # a card twice

    episode = an_episode()
    episode.steps = ["key:enter", "key:question_mark"]
    out = monkey.run_episode(episode, rng=None, keys=2, folder=tmp_path, app_class=Cheat)
    assert out.failure is not None and out.failure.kind == "invalid"
    assert "lies in 2 places" in out.failure.message and out.failure.step == 1


def test_a_hang_is_interrupted_and_reported_where_it_hung(tmp_path: Path) -> None:
    class Stuck(BohnanzaApp):
        def action_help(self) -> None:
            while True:
                pass

    episode = an_episode()
    episode.steps = ["key:enter", "key:f1"]
    out = monkey.run_episode(episode, rng=None, keys=2, folder=tmp_path, app_class=Stuck, timeout=2)
    assert out.failure is not None and out.failure.kind == "hang"
    assert "action_help" in out.failure.detail


def test_a_shrunk_failure_keeps_only_the_steps_it_needs(monkeypatch: pytest.MonkeyPatch) -> None:
    episode = an_episode()
    episode.steps = ["key:enter", "key:left", "key:x", "key:f1", "key:y", "key:z"]
    failure = monkey.Failure("exception", "RuntimeError: help is broken", 5)
    seen: list[list[str]] = []

    def fake_replay(ep: monkey.Episode, steps: list[str], timeout: float = 60) -> monkey.Outcome:
        del ep, timeout  # the replay's signature; this fake needs only the steps
        seen.append(steps)
        fails = "key:f1" in steps and "key:enter" in steps
        return monkey.Outcome(failure=failure if fails else None)

    monkeypatch.setattr(monkey, "replay", fake_replay)
    steps = monkey.shrink(episode, failure, log=lambda _line: None)
    assert steps == ["key:enter", "key:f1"]


def test_playing_what_is_no_action_is_a_failure_in_the_pure_build_too(tmp_path: Path) -> None:
    """The pure core refuses ``None`` (a warning); the compiled one raises: both are caught."""

    class Careless(BohnanzaApp):
        def action_help(self) -> None:
            self.screen.play(None)  # type: ignore[attr-defined]  # Escape on a list, before f2f064a

    episode = an_episode()
    episode.steps = ["key:enter", "key:f1"]
    out = monkey.run_episode(episode, rng=None, keys=2, folder=tmp_path, app_class=Careless)
    assert out.failure is not None and out.failure.kind in ("not-an-action", "exception")
    assert "None" in out.failure.message
