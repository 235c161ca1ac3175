"""Fuzz the command language: random commands through parse, to_actions and completions.

    python scripts/fuzz.py [--commands 1000000] [--seed 1]

Each command is built from the language's own words (command words, keywords,
card and place references, bean kinds, names, numbers) mixed with hostile
pieces (Unicode digits, huge numbers, control characters, quotes, long
words), and run against positions from random games of every mode. A
``CommandError`` is the expected answer to a bad command; any other exception
is a crash: the script prints the first few with their command and exits 1.
It prints how many commands it ran, how many became actions, and the crashes.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
import traceback

from bohnanza_tui.commands import (
    COMMAND_WORDS,
    CommandError,
    completions,
    format_action,
    parse,
    to_actions,
)
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.data import KINDS
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.state import GameState

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Lee Ann", "Gus"]
KEYWORDS = ["to", "for", "with", "pay", "all", "ship", "kontor", "kept", "received", "nothing"]
HOSTILE = [
    "²",
    "①",
    "٣",
    "߀",
    "𝟙",
    "Ⅻ",
    "½",
    "-1",
    "0",
    "00",
    "+3",
    "1e9",
    "0x10",
    "9" * 7,
    "9" * 5000,
    "18446744073709551617",
    "4294967296",
    "#",
    "#-1",
    "#9999999",
    "h0",
    "h" + "9" * 30,
    "f0",
    "k0",
    "A1.k0",
    "A9.9",
    "home.0",
    ".",
    "..",
    "A1.",
    ".1",
    "\x1b[2J",
    "\x00",
    "\u202e",
    "\ufeff",
    '"',
    "'",
    '""',
    "''",
    '"Ann',
    "'Bob'",
    ",",
    ",,",
    "ß",
    "ﬁ",
    "İ",
    "K",
    "\t",
    "\n",
    "x" * 300,
    "all",
    "ALL",
    "Home",
    "#17",
    "bl",
    "b",
    "",
    " ",
]


def vocabulary(state: GameState) -> list[str]:
    """The words worth trying in this position, and the commands of its legal moves."""
    islands = [isl.name for isl in state.islands[len(state.players) :]]
    words = [*COMMAND_WORDS, *KEYWORDS, *KINDS, *islands, *(p.name for p in state.players)]
    words += [f'"{p.name}"' for p in state.players]
    words += [f"h{i}" for i in range(1, 9)] + ["f1", "f2", "f3", "k1", "k2", "k", "1", "2", "3"]
    words += [f"{i}.{s}" for i in islands for s in ("1", "2", "k", "k1")]
    words += [str(i) for i in range(0, 12)] + [f"#{i}" for i in (0, 1, 5, 17, 153, 154)]
    return words


def legal_commands(state: GameState) -> list[tuple[int, str]]:
    """Each player's legal moves as commands (mutated later, to reach deep into resolution)."""
    return [
        (p, format_action(state, a))
        for p in range(len(state.players))
        for a in engine.legal_actions(state, p)
    ]


def positions(seed: int, count: int) -> list[GameState]:
    """Positions from random games of every mode and player count, at every stage."""
    rng = random.Random(seed)
    out: list[GameState] = []
    configs = [("classic", n) for n in range(3, 8)] + [("voyage", n) for n in range(3, 6)]
    while len(out) < count:
        mode, n = rng.choice(configs)
        state = engine.new_game(mode, NAMES[:n], rng.randrange(2**31))
        player = RandomPlayer(random.Random(rng.random()), harvest_rate=0.2)
        stop = rng.randrange(400)
        for _step in range(stop):
            if state.over:
                break
            engine.apply(state, player.step(state))
        out.append(state)
    return out


def command(rng: random.Random, words: list[str], legal: list[tuple[int, str]]) -> str:
    """A random command: a legal move's command with a word changed, or random words."""
    if legal and rng.random() < 0.3:
        parts = rng.choice(legal)[1].split()
        for _change in range(rng.randrange(3)):
            i = rng.randrange(len(parts) + 1)
            word = rng.choice(HOSTILE) if rng.random() < 0.3 else rng.choice(words)
            if i < len(parts) and rng.random() < 0.7:
                parts[i] = word
            else:
                parts.insert(i, word)
        return " ".join(parts)
    parts = [rng.choice(list(COMMAND_WORDS))] if rng.random() < 0.9 else []
    for _word in range(rng.randrange(7)):
        parts.append(rng.choice(HOSTILE) if rng.random() < 0.15 else rng.choice(words))
    if rng.random() < 0.05:
        parts.insert(rng.randrange(len(parts) + 1), "".join(rng.choice(HOSTILE) for _ in range(3)))
    sep = rng.choice([" ", " ", " ", ",", "  ", "\t"])
    text = sep.join(parts)
    if rng.random() < 0.1:
        text = text[: rng.randrange(len(text) + 1)]
    if rng.random() < 0.05:
        text += " "
    return text


def run_one(state: GameState, player: int, text: str) -> bool:
    """Run the three entry points; True if the command made actions."""
    completions(state, player, text)
    with contextlib.suppress(CommandError):
        parse(text)
    try:
        to_actions(state, player, text)
    except CommandError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    states = positions(args.seed, 200)
    vocabularies = [vocabulary(s) for s in states]
    legal = [legal_commands(s) for s in states]
    crashes: list[str] = []
    crash_count = actions = 0
    started = time.perf_counter()
    for i in range(args.commands):
        k = rng.randrange(len(states))
        state, words = states[k], vocabularies[k]
        player = rng.randrange(len(state.players))
        text = command(rng, words, legal[k])
        try:
            actions += run_one(state, player, text)
        except Exception:
            crash_count += 1
            if len(crashes) < 5:
                shown = repr(text) if len(text) < 200 else repr(text[:200]) + "..."
                crashes.append(f"{shown} (player {player}):\n{traceback.format_exc()}")
        if (i + 1) % 100_000 == 0:
            print(f"{i + 1} commands, {crash_count} crashes", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - started
    print(
        f"{args.commands} fuzzed commands in {elapsed:.0f} s: {actions} became actions, "
        f"{crash_count} tracebacks"
    )
    for crash in crashes:
        print(crash)
    return 1 if crash_count else 0


if __name__ == "__main__":
    sys.exit(main())
