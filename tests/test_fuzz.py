"""Fuzzing in the suite: hostile text never gets further than a one-sentence error.

The command language (``parse``, ``to_actions``, ``completions``) takes any
text; the loader (``loads``) takes any document. Anything but the module's own
error (``CommandError``, ``SaveError``) is a crash. The examples are bounded so
the suite stays quick; ``scripts/fuzz.py`` runs a million commands, and
``scripts/hostile_saves.py`` a hundred kinds of damaged saves.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza_tui.commands import CommandError, completions, parse, to_actions
from bohnanza_tui.rules import apply, new_game
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import SaveError, Session, dumps, loads
from bohnanza_tui.rules.state import GameState

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import fuzz  # (the standalone fuzzer's vocabulary and hostile pieces)


def _positions() -> list[GameState]:
    out = []
    for mode, n, steps in (("classic", 3, 0), ("classic", 5, 40), ("voyage", 4, 90)):
        state = new_game(mode, fuzz.NAMES[:n], 11)
        player = RandomPlayer(random.Random(11), harvest_rate=0.2)
        for _ in range(steps):
            if state.over:
                break
            apply(state, player.step(state))
        out.append(state)
    return out


POSITIONS = _positions()
WORDS = sorted({w for s in POSITIONS for w in fuzz.vocabulary(s)} | set(fuzz.HOSTILE))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

any_text = st.text(max_size=60)
word_soup = st.lists(st.sampled_from(WORDS), max_size=8).flatmap(
    lambda words: st.sampled_from([" ", ",", "\t", "  "]).map(lambda sep: sep.join(words))
)
commands = st.one_of(any_text, word_soup)


def run_everything(state: GameState, player: int, text: str) -> None:
    completions(state, player, text)
    try:
        parse(text)
    except CommandError as exc:
        assert str(exc) and "\n" not in str(exc)
    try:
        to_actions(state, player, text)
    except CommandError as exc:
        assert str(exc) and "\n" not in str(exc)


@FUZZ
@given(position=st.sampled_from(POSITIONS), player=st.integers(0, 6), text=commands)
def test_any_command_is_an_action_or_one_sentence(
    position: GameState, player: int, text: str
) -> None:
    run_everything(position, player % len(position.players), text)


@pytest.mark.parametrize("piece", fuzz.HOSTILE, ids=lambda p: repr(p)[:20])
def test_every_hostile_piece_in_every_command(piece: str) -> None:
    """Each hostile piece in each argument slot of each command word."""
    state = POSITIONS[-1]
    for word in fuzz.COMMAND_WORDS:
        for text in (f"{word} {piece}", f"{word} 1 {piece}", f"{word} {piece} to bob"):
            run_everything(state, 0, text)


# -- the loader -------------------------------------------------------------------------------------

SAVE = dumps(Session.new("voyage", ["Ann", "Bob", "Cy"], 5))
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*prefix, i))
    return out


PATHS = [p for p in _paths(json.loads(SAVE)) if p]


def _replace(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


def load_or_one_sentence(text: str) -> None:
    try:
        loads(text)
    except SaveError as exc:
        assert str(exc) and "\n" not in str(exc)


@FUZZ
@given(
    changes=st.lists(st.tuples(st.sampled_from(PATHS), json_values), min_size=1, max_size=3),
)
def test_a_damaged_save_loads_or_is_one_sentence(changes: list[tuple[Any, Any]]) -> None:
    """Any value anywhere in a save: it loads, or the loader says what is wrong in a sentence."""
    doc = json.loads(SAVE)
    for path, value in changes:
        try:
            _replace(doc, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    load_or_one_sentence(json.dumps(doc))


@FUZZ
@given(cut=st.integers(0, len(SAVE)), junk=st.text(max_size=20))
def test_a_cut_or_spliced_save_is_one_sentence(cut: int, junk: str) -> None:
    load_or_one_sentence(SAVE[:cut] + junk)
    load_or_one_sentence(junk + SAVE[cut:])
