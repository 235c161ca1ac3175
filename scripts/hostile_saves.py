"""A hundred kinds of damaged or hostile save files, each given to ``bohnanza show``.

    python scripts/hostile_saves.py [--keep DIR]

Each kind is written to a file (or is a device, a pipe, a folder) and run as
``python -m bohnanza_tui show FILE`` in its own process. Every one must be
answered with one sentence on standard error (``bohnanza: ...``), nothing on
standard output, exit status 2 and no traceback, within 1 s of CPU time and
200 MB of memory (the process's maximum resident set size, from ``wait4``).
A few valid variations (a byte order mark, Windows line ends) run as
controls and must load (status 0). The script prints one line per kind and
the largest time and memory; it exits 1 if any kind fails.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps
from bohnanza_tui.rules.state import CARDS_OF_KIND

MAX_SECONDS = 1.0
MAX_MB = 200
Doc = dict[str, Any]


# -- the base saves ------------------------------------------------------------------------------


def _played(mode: str, n: int, seed: int, steps: int) -> Session:
    session = Session.new(mode, ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"][:n], seed)
    player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
    for _ in range(steps):
        if session.state.over:
            break
        session.play(player.step(session.state))
    return session


def _trading() -> Session:
    """Classic, 3 players, in phase 2 with an open offer to everyone."""
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 11)
    from bohnanza_tui.rules import legal_actions
    from bohnanza_tui.rules.actions import MakeOffer, Plant

    while session.state.phase.value == "plant":
        session.play(next(a for a in legal_actions(session.state, 0) if isinstance(a, Plant)))
    session.play(MakeOffer(0, None, (session.state.face_up[0],), (2,)))
    return session


BASES: dict[str, Callable[[], Session]] = {
    "classic": lambda: _played("classic", 4, 3, 40),
    "voyage": lambda: Session.new("voyage", ["Ann", "Bob", "Cy"], 5),
    "trading": _trading,
    "finished": lambda: _played("classic", 3, 5, 100_000),
}
_CACHE: dict[str, str] = {}


def text(base: str = "classic") -> str:
    if base not in _CACHE:
        _CACHE[base] = dumps(BASES[base]())
    return _CACHE[base]


def doc(base: str = "classic") -> Doc:
    return json.loads(text(base))


def state_only(base: str = "classic") -> Doc:
    """The position alone (``state`` is then the start), for damage to the position."""
    d = doc(base)
    del d["start"]
    d["log"] = []
    return d


def dump(d: Any) -> bytes:
    return json.dumps(d).encode("utf-8")


# -- the kinds --------------------------------------------------------------------------------------

#: name -> bytes to write, or a callable returning the path to give (devices, pipes, folders)
KINDS: dict[str, Callable[[Path], bytes | Path]] = {}


def kind(name: str) -> Callable[[Callable[[Path], bytes | Path]], Callable[[Path], bytes | Path]]:
    def register(make: Callable[[Path], bytes | Path]) -> Callable[[Path], bytes | Path]:
        KINDS[name] = make
        return make

    return register


def simple(name: str, make: Callable[[], bytes]) -> None:
    KINDS[name] = lambda _folder: make()


def position(name: str, change: Callable[[Doc], None], base: str = "classic") -> None:
    def make() -> bytes:
        d = state_only(base)
        change(d)
        return dump(d)

    simple(name, make)


def envelope(name: str, change: Callable[[Doc], None], base: str = "classic") -> None:
    def make() -> bytes:
        d = doc(base)
        change(d)
        return dump(d)

    simple(name, make)


def cut(fraction: float) -> bytes:
    data = text().encode("utf-8")
    return data[: int(len(data) * fraction)]


# the file itself
simple("empty file", lambda: b"")
simple("only white space", lambda: b"  \n\t \n")
simple("truncated at 10%", lambda: cut(0.1))
simple("truncated at 50%", lambda: cut(0.5))
simple("truncated at 99%", lambda: cut(0.99))
simple("truncated after the last brace", lambda: cut(1.0)[:-3])
simple("random binary", lambda: random.Random(1).randbytes(5000))
simple("invalid UTF-8 inside", lambda: cut(0.5) + b"\xff\xfe\xc0" + cut(1.0)[len(cut(0.5)) :])
simple("UTF-16", lambda: text().encode("utf-16"))
simple("a byte order mark and a cut", lambda: b"\xef\xbb\xbf" + cut(0.7))
simple("a byte order mark and binary", lambda: b"\xef\xbb\xbf" + random.Random(2).randbytes(300))
simple("Windows line ends and a cut", lambda: text().replace("\n", "\r\n").encode()[:-40])
simple("NUL bytes", lambda: b"\x00" * 4096)
simple("a NUL inside a string", lambda: text().replace('"Ann"', '"An\\u0000n"').encode())
simple("not JSON", lambda: b"hello, world")
simple("JSON with comments", lambda: b"// a save\n" + text().encode())
simple("trailing garbage", lambda: text().encode() + b"}}}garbage")
simple("a JSON array", lambda: b"[1, 2, 3]")
simple("a JSON string", lambda: b'"bohnanza-tui-save"')
simple("JSON null", lambda: b"null")
simple("a number", lambda: b"7")
simple("an empty object", lambda: b"{}")
simple("200,000 nested arrays", lambda: b"[" * 200_000 + b"]" * 200_000)
simple("200,000 nested objects", lambda: b'{"a":' * 200_000 + b"1" + b"}" * 200_000)
simple(
    "deep nesting in a log entry",
    lambda: text().replace('"log": [', '"log": [' + "[" * 3000 + "]" * 3000 + ",", 1).encode(),
)
simple("2 MB of white space", lambda: b" " * (2 * 1024 * 1024 - 10) + b"{}")
simple(
    "a 600 kB name (three times)",
    lambda: text().replace('"Ann"', '"' + "A" * 600_000 + '"').encode(),
)
simple("a million empty lists", lambda: b"[" + b"[]," * 600_000 + b"[]]")


@kind("/dev/zero")
def _zero(_folder: Path) -> Path:
    return Path("/dev/zero")


@kind("/dev/urandom")
def _urandom(_folder: Path) -> Path:
    return Path("/dev/urandom")


@kind("a FIFO with no writer")
def _fifo(folder: Path) -> Path:
    path = folder / "fifo.json"
    os.mkfifo(path)
    return path


@kind("a folder")
def _folder(folder: Path) -> Path:
    path = folder / "a-folder.json"
    path.mkdir()
    return path


@kind("no such file")
def _missing(folder: Path) -> Path:
    return folder / "missing.json"


@kind("a file of 3 GB (sparse)")
def _sparse(folder: Path) -> Path:
    path = folder / "sparse.json"
    with path.open("wb") as out:
        out.truncate(3 * 1024**3)
    return path


@kind("a file of a foreign format with a save's name")
def _foreign(folder: Path) -> Path:
    path = folder / "game.json"
    path.write_bytes(b"PK\x03\x04" + random.Random(3).randbytes(2000))  # a zip archive
    return path


def _unreadable(folder: Path) -> Path:
    path = folder / "secret.json"
    path.write_text(text(), encoding="utf-8")
    path.chmod(0)
    return path


if os.geteuid() != 0:  # the superuser reads any file
    KINDS["an unreadable file"] = _unreadable


# numbers
def _seed(value: str) -> Callable[[], bytes]:
    return lambda: text().replace('"seed": 3', f'"seed": {value}').encode()


for label, value in [
    ("a seed of 5000 digits", "9" * 5000),
    ("a seed of 20 digits", "9" * 20),
    ("a negative seed of 5000 digits", "-" + "9" * 5000),
    ("a seed of 2**63", str(2**63)),
    ("a NaN seed", "NaN"),
    ("an infinite seed", "Infinity"),
    ("a float seed", "3.0"),
    ("a seed of 1e400", "1e400"),
    ("a seed as a string", '"3"'),
    ("a seed as true", "true"),
]:
    simple(label, _seed(value))

simple(
    "a card id of 30 digits",
    lambda: text().replace('"deck": [', '"deck": [' + "7" * 30 + ", ", 1).encode(),
)
envelope("version 2", lambda d: d.update(version=2))
envelope("version as a string", lambda d: d.update(version="1"))
envelope("version -1", lambda d: d.update(version=-1))
envelope("no version", lambda d: d.pop("version"))
envelope("another format", lambda d: d.update(format="chess-save"))
envelope("an unknown mode", lambda d: d.update(mode="chess"))
envelope("the mode disagrees", lambda d: d.update(mode="voyage"))
envelope("no players", lambda d: d.pop("players"))
envelope("players not a list", lambda d: d.update(players="Ann,Bob"))
envelope("an unknown top entry", lambda d: d.update(cheat=True))
envelope("no position at all", lambda d: [d.pop("start"), d.pop("state")])
envelope("a log but no start", lambda d: d.pop("start"))
envelope("seats for the wrong count", lambda d: d.update(seats=[{"kind": "human"}]))
envelope(
    "a seat of an unknown level",
    lambda d: d.update(seats=[{"kind": "computer", "level": "god"}] * 4),
)
envelope("a result of a game not over", lambda d: d.update(result=doc("finished")["result"]))
envelope("a tampered result", lambda d: d["result"][0].update(coins=99), base="finished")
envelope("a result of the wrong type", lambda d: d.update(result="Ann wins"), base="finished")

# names
for label, name in [
    ("a name with an escape sequence", "\x1b[2J\x1b[HX"),
    ("a name that sets the terminal title", "\x1b]0;pwned\x07"),
    ("a name with a NUL", "A\x00n"),
    ("a name with a bidi override", "Ann\u202e"),
    ("an empty name", ""),
    ("a name of 10,000 characters", "x" * 10_000),
    ("a name that is a seat number", "2"),
    ("a name with a colon", "Ann:"),
    ("two players of the same name", "BOB"),
]:

    def _rename(d: Doc, name: str = name) -> None:
        d["players"][0] = name
        for part in ("start", "state"):
            d[part]["players"][0]["name"] = name

    envelope(label, _rename)
envelope("the names disagree", lambda d: d["players"].__setitem__(0, "Zed"))

# the log
envelope("a log entry that is not an object", lambda d: d["log"].insert(0, 7))
envelope("an unknown action", lambda d: d["log"].insert(0, {"action": "dance", "player": 0}))
envelope(
    "a log entry lacking a field", lambda d: d["log"].insert(0, {"action": "plant", "player": 0})
)
envelope(
    "a log entry of the wrong type", lambda d: d["log"].insert(0, {"action": "end", "player": "0"})
)
envelope("a log entry for player 99", lambda d: d["log"].insert(0, {"action": "end", "player": 98}))
envelope("a refused log entry", lambda d: d["log"].insert(0, {"action": "end", "player": 1}))
envelope("20,001 log entries", lambda d: d.update(log=[{"action": "end", "player": 0}] * 20_001))
envelope("a log that misses the state", lambda d: d["log"].pop())
envelope("a log of 100,000 numbers", lambda d: d.update(log=list(range(100_000))))

# positions the rules could not produce
CHILI = CARDS_OF_KIND[3]


def _deck_to(d: Doc, where: list[int], count: int = 1) -> None:
    for _ in range(count):
        where.append(d["state"]["deck"].pop())


position("a card in two places", lambda d: d["state"]["deck"].append(d["state"]["deck"][0]))
position("a card missing", lambda d: d["state"]["deck"].pop())
position("a card that does not exist", lambda d: d["state"]["deck"].append(9999))
position("a negative card", lambda d: d["state"]["deck"].append(-5))
position("a hidden card", lambda d: d["state"]["deck"].__setitem__(0, -1))
position("a card of a removed kind", lambda d: d["state"]["deck"].append(CARDS_OF_KIND[0][0]))
position(
    "no fields",
    lambda d: [
        d["state"]["deck"].extend(
            c for f in d["state"]["players"][0]["holdings"][0]["fields"] for c in f
        ),
        d["state"]["players"][0]["holdings"][0].update(fields=[]),
    ],
)
position("no holdings", lambda d: d["state"]["players"][0].update(holdings=[]))
position("another player's island as the turn's", lambda d: d["state"].update(turn_island=1))
position("the turn's island 99", lambda d: d["state"].update(turn_island=99))
position(
    "kept cards on a player not active", lambda d: _deck_to(d, d["state"]["players"][1]["kept"])
)
position(
    "a Kontor over capacity",
    lambda d: _deck_to(d, d["state"]["players"][0]["holdings"][0]["kontor"], 4),
    base="voyage",
)
position(
    "a Kontor room of 999",
    lambda d: d["state"]["players"][0]["holdings"][0].update(kontor_cap=999),
    base="voyage",
)
position("choose_island in classic", lambda d: d["state"].update(phase="choose_island"))
position("planted 99", lambda d: d["state"].update(planted=99))
position("turn -3", lambda d: d["state"].update(turn=-3))
position("active 99", lambda d: d["state"].update(active=99))
position("exhaustions 99", lambda d: d["state"].update(exhaustions=99))
position("next_offer 0", lambda d: d["state"].update(next_offer=0))
position("an unknown phase", lambda d: d["state"].update(phase="phase 5"))
position(
    "an offer of deck cards",
    lambda d: d["state"]["offers"][0].update(give=[d["state"]["deck"][0]]),
    base="trading",
)
position(
    "two offers with one number",
    lambda d: [
        d["state"]["offers"].append({**d["state"]["offers"][0], "want": [3]}),
        d["state"].update(next_offer=3),
    ],
    base="trading",
)
position(
    "an offer asking for 3,000,000 beans",
    lambda d: d["state"]["offers"][0].update(want=[2] * 3_000 * 10),
    base="trading",
)
position(
    "an offer to its own maker", lambda d: d["state"]["offers"][0].update(to=0), base="trading"
)
position(
    "an offer of player 99", lambda d: d["state"]["offers"][0].update(proposer=98), base="trading"
)
position("offers outside phase 2", lambda d: d["state"].update(phase="plant"), base="trading")
position(
    "a harbor owner without fields",
    lambda d: d["state"]["islands"][3].update(harbors=[0, None]),
    base="voyage",
)
position(
    "a harbor of player 99",
    lambda d: d["state"]["islands"][3].update(harbors=[98, None]),
    base="voyage",
)
position(
    "ships in classic",
    lambda d: d["state"].update(ships=[{"owner": 0, "island": 0, "cargo": [], "sailed": False}]),
)
position("a ship of player 99", lambda d: d["state"]["ships"][0].update(owner=98), base="voyage")
position(
    "a ship of another player sailed",
    lambda d: d["state"]["ships"][1].update(sailed=True),
    base="voyage",
)
position("islands missing", lambda d: d["state"].update(islands=d["state"]["islands"][:2]))
position(
    "a field of two kinds",
    lambda d: d["state"]["players"][0]["holdings"][0]["fields"][0].extend(
        [CHILI[0], CARDS_OF_KIND[2][0]]
    ),
)
position(
    "a pirate store with two beans of a kind",
    lambda d: (
        _deck_to(d, d["state"]["players"][0]["store"], 0)
        or d["state"]["players"][0].update(store=[CHILI[0], CHILI[1]])
    ),
    base="voyage",
)
position(
    "a player count the mode lacks",
    lambda d: d["state"].update(players=d["state"]["players"][:2]),
    base="voyage",
)
position(
    "fields left at the end",
    lambda d: d["state"].update(phase="game_over"),
)
position("a face-up card outside phase 2", lambda d: _deck_to(d, d["state"]["face_up"]))
position(
    "a hand of the whole deck",
    lambda d: _deck_to(d, d["state"]["players"][0]["hand"], len(d["state"]["deck"])),
)
position("100,000 unknown keys", lambda d: d["state"].update({f"k{i}": i for i in range(100_000)}))
position(
    "10,000 offers",
    lambda d: d["state"].update(
        offers=[{**d["state"]["offers"][0], "id": i} for i in range(1, 10_001)], next_offer=10_001
    ),
    base="trading",
)


def _markup_name() -> bytes:
    d = doc()
    d["players"][1] = "[/x]"
    for part in ("start", "state"):
        d[part]["players"][1]["name"] = "[/x]"
    return dump(d)


CONTROLS: dict[str, Callable[[], bytes]] = {
    "a name like markup (control: loads; shown as plain text)": _markup_name,
    "a byte order mark (control: loads)": lambda: b"\xef\xbb\xbf" + text().encode(),
    "Windows line ends (control: loads)": lambda: text().replace("\n", "\r\n").encode(),
    "a finished game (control: loads)": lambda: text("finished").encode(),
}


# -- running them ---------------------------------------------------------------------------------


TIME = Path("/usr/bin/time")


def run(path: Path) -> tuple[int, str, str, float, float, float]:
    """Status, stdout, stderr, wall seconds, CPU seconds and peak memory (MB) of ``show``.

    The time and memory are measured by /usr/bin/time (GNU time) around the one
    process; ``wait4``'s figure would count the forking parent's memory too.
    """
    command = [sys.executable, "-m", "bohnanza_tui", "show", str(path)]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        proc = subprocess.Popen(
            [str(TIME), "-f", "@@time %e %U %S %M", *command],
            stdout=out,
            stderr=err,
            stdin=subprocess.DEVNULL,
        )
        try:
            proc.wait(timeout=30)  # a hang is a failure, not a stuck script
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        wall = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        output = out.read().decode(errors="replace")
        lines = err.read().decode(errors="replace").splitlines()
    figures = next((line for line in reversed(lines) if line.startswith("@@time ")), None)
    cpu, rss = wall, 0.0
    if figures is not None:
        lines.remove(figures)
        _tag, _elapsed, user, system, rss_kb = figures.split()
        cpu, rss = float(user) + float(system), int(rss_kb) / 1024
    lines = [line for line in lines if not line.startswith(("Command exited", "Command term"))]
    errors = "\n".join(lines) + ("\n" if lines else "")
    return proc.returncode, output, errors, wall, cpu, rss


def check(name: str, path: Path, expect_ok: bool) -> tuple[bool, float, float, float]:
    status, out, err, wall, cpu, rss = run(path)
    lines = err.strip().splitlines()
    if expect_ok:
        good = status == 0 and not err
        said = out.splitlines()[0] if out else err.strip()
    else:
        good = (
            status == 2
            and not out
            and len(lines) == 1
            and lines[0].startswith("bohnanza: ")
            and "Traceback" not in err
            and cpu <= MAX_SECONDS
            and rss <= MAX_MB
        )
        said = lines[0] if lines else "(nothing)"
    mark = "ok  " if good else "FAIL"
    shown = said if len(said) < 150 else said[:150] + "..."
    print(f"{mark} {cpu:5.2f}s cpu {wall:5.2f}s wall {rss:5.0f} MB  {name}: {shown}", flush=True)
    if not good and not expect_ok:
        print(err[-2000:])
    return good, wall, cpu, rss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="hostile-saves-"))
    folder.mkdir(parents=True, exist_ok=True)
    failures = 0
    worst_wall = worst_cpu = worst_rss = 0.0
    for i, (name, make) in enumerate(KINDS.items(), 1):
        made = make(folder)
        if isinstance(made, Path):
            path = made
        else:
            path = folder / f"kind-{i:03}.json"
            path.write_bytes(made)
        good, wall, cpu, rss = check(name, path, expect_ok=False)
        failures += not good
        worst_wall, worst_cpu, worst_rss = (
            max(worst_wall, wall),
            max(worst_cpu, cpu),
            max(worst_rss, rss),
        )
    for name, make_bytes in CONTROLS.items():
        path = folder / f"control-{abs(hash(name))}.json"
        path.write_bytes(make_bytes())
        good, _wall, _cpu, _rss = check(name, path, expect_ok=True)
        failures += not good
    print(
        f"{len(KINDS)} kinds of hostile saves: {len(KINDS) - failures} answered with one sentence and"
        f" status 2; at most {worst_cpu:.2f} s of CPU ({worst_wall:.2f} s wall) and"
        f" {worst_rss:.0f} MB; {len(CONTROLS)} valid controls; {failures} failures"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
