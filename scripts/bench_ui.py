"""Benchmark of the app: launch time, and key press to updated table.

    python scripts/bench_ui.py [--runs N] [--presses N] [--positions N]
    python scripts/bench_ui.py --cpu [--profile FILE [--profile-keys KEYS]]
    python scripts/bench_ui.py --tmux [--size WxH]

1. Launch: wall time from starting a Python process to the first interactive
   screen (the set-up screen, painted), against a minimal Textual app started
   the same way (headless, exits after its first paint). Reported as a ratio.
   The app starts as the ``bohnanza`` command starts it (``bohnanza_tui.cli``,
   no arguments), only headless, and exits once the set-up screen is painted
   with its footer (two refreshes after mount; it checks the screen is there).
2. Key press to table: 5-player Bohn Voyage games played randomly deep into
   the game (several positions: the figure depends on what is on the table);
   the active player plants onto field 1 (key ``1``) and takes it back
   (``u``), over and over. Each sample is the time from the key press to
   the first screen update sent to the terminal after it. Reported as the
   median and the 90th percentile.

With ``--cpu`` the tmux run's keys are pressed in-process (headless, each frame
rendered to terminal text all the same) and timed in CPU time of the process, to
the first frame and until all the key started is done: a figure a loaded machine
changes far less than wall time. ``--profile FILE [--profile-keys 1,u]`` adds a
cProfile of those keys (CPU time).

With ``--tmux [--size 80x24]`` the same questions are asked of the installed
``bohnanza`` command in a real terminal: tmux (a detached server of its own,
one window of a fixed size) runs it, keys go in by ``send-keys`` through one
control-mode client, and the client's ``%output`` notifications time the
app's output. A sample is the time from sending the key to the last byte of
the app's answer (its output then stays quiet for ``--quiet`` ms), and the
pane's text (``capture-pane``) must have changed, and show what the key
opens. Positions: 5-player Bohn Voyage games played by the basic computer
players to turn 25, saved and opened with ``bohnanza load`` (all seats people:
nothing moves without a key), in a fresh HOME. Keys: plant on field 1 and
undo, phase 1 ends (``e``), ← → in phase 3 (table keys); help ``?``, the trade
dialog ``t``, the harvest and buy lists ``h`` ``b``, the command bar ``:``
(opening); closing them (``?``, Escape: Textual waits ``ESCDELAY`` ms, 25 as the
app sets it, to tell a lone Escape from a key sequence). Hand-overs (``hand_over_steps``,
in phase 2 after ``e``): the active player's offer to the next person (typed on the
command line) and its Enter, which brings the privacy screen; its Enter, the answer
dialog; ``n``, the privacy screen back to the active player; its Enter, the table; then
two bids (``B``, a bidder, Enter, the bid's dialog, F2 sends it as proposed) and the active player's
Enter on them, the dialog answering both, ``n`` declining them. Launch: ``bohnanza`` to
its set-up screen, settled, against a minimal Textual app started the same way.
Each group's figures are followed by the openings and hand-overs again without the first
of each key in a launch (which composes its dialog), and by the hand-overs' Enters alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import os
import queue
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual import events

    from bohnanza_tui.ui.app import BohnanzaApp

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Minimal().run(headless=True)
"""

BOHNANZA = """
from bohnanza_tui.cli import main
from bohnanza_tui.ui import app
class Timed(app.BohnanzaApp):
    def on_mount(self):  # Textual calls BohnanzaApp.on_mount as well, after this
        self.call_after_refresh(lambda: self.call_after_refresh(self.painted))
    def painted(self):
        if type(self.screen).__name__ != "SetupScreen" or not self.screen.query_one("#start").region:
            raise RuntimeError("the set-up screen is not on screen yet")
        self.exit()
    def run(self, **kwargs):
        return super().run(headless=True, **kwargs)
app.BohnanzaApp = Timed  # what the command's run_app starts
raise SystemExit(main([]))
"""


def launch(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def late_voyage_game(seed: int = 11):  # type: ignore[no-untyped-def]
    """A 5-player voyage game played randomly until late, stopped at a plantable moment."""
    from bohnanza_tui.rules import Phase, check, new_game
    from bohnanza_tui.rules.actions import Plant
    from bohnanza_tui.rules.randomplay import RandomPlayer
    from bohnanza_tui.rules.save import Session

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    state = new_game("voyage", names, seed)
    session = Session(state)
    player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
    while True:
        s = session.state
        if s.over:
            raise RuntimeError("the game ended before a late position was found")
        if (
            s.exhaustions >= 1
            and s.phase is Phase.PLANT
            and s.planted == 0
            and s.players[s.active].hand
            and check(s, Plant(s.active, s.players[s.active].hand[0], s.turn_island, 0)) is None
        ):
            return Session(s.copy())
        session.play(player.step(s))


async def key_to_table(presses: int, seed: int = 11) -> list[float]:
    from bohnanza_tui.seating.hotseat import Seat
    from bohnanza_tui.ui.app import BohnanzaApp

    session = late_voyage_game(seed)
    names = [p.name for p in session.state.players]
    app = BohnanzaApp(session, seats=[Seat(n) for n in names], autosave=None, bot_factory=None)
    samples = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        painted: list[float] = []
        hook = app.post_display_hook

        def stamped() -> None:  # the moment the screen's update went out to the terminal
            hook()
            painted.append(time.perf_counter())

        app.post_display_hook = stamped  # type: ignore[method-assign]
        for i in range(presses):
            key = "1" if i % 2 == 0 else "u"
            await pilot.pause()
            painted.clear()
            start = time.perf_counter()
            await pilot.press(key)
            while not painted:
                await asyncio.sleep(0.001)
            samples.append(painted[0] - start)
        assert len(session.log) == 0 or session.log[-1].name == "plant"
    return samples


# -- CPU time per key, in-process -----------------------------------------------------------


async def cpu_position(
    kind: str, text: str, rounds: int, profiler: cProfile.Profile | None = None, keys: str = ""
) -> list[Sample]:
    """Open a saved position in the app (headless, but every frame rendered to the text a
    terminal would get) and press the keys of the tmux run: the CPU time of the process from
    each key to its first frame (``first``) and until all it started is done (``shown`` and
    ``last``: the frames after it, the autosave). ``profiler`` runs during the ``keys``."""
    from textual.drivers.headless_driver import HeadlessDriver

    from bohnanza_tui.rules.save import loads
    from bohnanza_tui.ui import collector
    from bohnanza_tui.ui.app import BohnanzaApp

    home = Path(tempfile.mkdtemp(prefix="bench-ui-cpu-"))
    session = loads(text)
    app = BohnanzaApp(session, autosave=home / "autosave.json", bot_factory=None)
    collector.relax()  # the garbage collector as ``run_app`` (the command) sets it
    app.settle_gc = True
    frames: list[float] = []
    hook = app.post_display_hook  # (the app's own: it times the autosave after the frame)

    def stamped() -> None:
        frames.append(time.process_time())
        hook()

    app.post_display_hook = stamped  # type: ignore[method-assign]
    samples: list[Sample] = []
    # the frames are rendered to the text a terminal would get (and thrown away)
    headless = HeadlessDriver.is_headless
    HeadlessDriver.is_headless = property(lambda self: False)  # type: ignore[method-assign,assignment]
    try:
        steps = hand_over_steps(text) if kind == "plant" else []
        await _cpu_keys(app, kind, rounds, frames, samples, profiler, keys, steps)
    finally:
        HeadlessDriver.is_headless = headless  # type: ignore[method-assign]
    return samples


async def _cpu_keys(
    app: BohnanzaApp,
    kind: str,
    rounds: int,
    frames: list[float],
    samples: list[Sample],
    profiler: cProfile.Profile | None,
    keys: str,
    steps: list[Step],
) -> None:
    async with app.run_test(size=(120, 40)):
        driver = app._driver
        assert driver is not None
        sent: list[int] = []

        def write(data: str) -> None:  # what the terminal driver would send (then dropped)
            sent.append(len(data.encode()))

        driver.write = write  # type: ignore[method-assign]

        async def key(k: str, group: str, label: str = "") -> None:
            # idle first (an idle app costs no CPU); the key goes in as the driver sends it
            # (a pilot's press would wait on every widget, which costs CPU of its own)
            await asyncio.sleep(0.1)
            frames.clear()
            sent.clear()
            profiling = profiler is not None and (
                not keys or bool({k, label} & set(keys.split(",")))
            )
            if profiling:
                assert profiler is not None
                profiler.enable()
            start = time.process_time()
            driver.send_message(pilot_key(k))
            await asyncio.sleep(SETTLE)
            end = time.process_time()
            if profiling:
                assert profiler is not None
                profiler.disable()
            first = frames[0] - start if frames else end - start
            # sleeping costs no CPU: the whole answer is ``end - start``
            samples.append(Sample(k, group, first, end - start, end - start, sum(sent), label))

        await key("enter", "reveal")
        if kind == "plant":
            for _ in range(rounds):
                await key("1", "table")
                await key("u", "table")
            for _ in range(max(1, rounds // 3)):
                await key("question_mark", "open")
                await key("question_mark", "close")
                await key("h", "open")
                await key("escape", "close (Escape)")
                await key("b", "open")
                await key("escape", "close (Escape)")
                await key("colon", "open")
                await key("escape", "close (Escape)")
            await key("1", "table")
            await key("e", "table")
            await key("t", "open")
            await key("escape", "close (Escape)")
            for _ in range(max(1, rounds // 3) if steps else 0):
                for step in steps:
                    if step.typed:
                        for name in pilot_keys(step):
                            driver.send_message(pilot_key(name))
                            await asyncio.sleep(0.02)
                        await asyncio.sleep(SETTLE)
                    elif step.label:
                        await key(pilot_keys(step)[0], "hand-over", step.label)
                    else:
                        driver.send_message(pilot_key(pilot_keys(step)[0]))
                        await asyncio.sleep(SETTLE)
                    if step.expect is not None:
                        await _shows(app, step.expect)
        else:
            for _ in range(rounds):
                await key("right", "table")
                await key("left", "table")


#: seconds after a key by which its answer is done (frames, the autosave)
SETTLE = 0.4


async def _shows(app: BohnanzaApp, text: str, timeout: float = 10.0) -> None:
    """Wait until the app's screen shows ``text`` (a loaded machine may take longer than
    ``SETTLE``); an error if it doesn't within ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while True:
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        if text in shown:
            return
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{text!r} never showed; the screen was:\n{shown}")
        await asyncio.sleep(0.05)


def pilot_key(key: str) -> events.Key:
    """The key event a terminal's ``key`` (a pilot's name) becomes."""
    import unicodedata

    from textual import events
    from textual.keys import _get_unicode_name_from_key

    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


#: tmux key names as a pilot names them
PILOT_KEYS = {
    "Enter": "enter",
    "Space": "space",
    "Tab": "tab",
    "Right": "right",
    "F2": "f2",
    ":": "colon",
}


def pilot_keys(step: Step) -> list[str]:
    """A step's keys as a pilot names them: its text typed, a character at a time, or its key."""
    if step.typed:
        return ["space" if char == " " else char for char in step.key]
    return [PILOT_KEYS.get(step.key, step.key)]


#: pilot key names as the tmux run names them
CPU_KEYS = {
    "enter": "Enter",
    "question_mark": "?",
    "escape": "Escape",
    "colon": ":",
    "right": "Right",
    "left": "Left",
}


def cpu_main(args: argparse.Namespace) -> None:
    profiler = None
    if args.profile:
        profiler = cProfile.Profile(time.process_time)  # CPU time, not the loaded machine's wall
    samples: list[Sample] = []
    for kind, text in voyage_positions(args.positions):
        samples += asyncio.run(cpu_position(kind, text, args.presses, profiler, args.profile_keys))
    for s in samples:
        s.key = CPU_KEYS.get(s.key, s.key)
    load = os.getloadavg()
    print(
        f"CPU time per key, in-process at 120x40, late 5-player Bohn Voyage ({args.positions} "
        f"positions of each kind; load average {load[0]:.2f}); to everything done, and to the "
        "first frame:"
    )
    report(samples)
    for group in ("table", "open", "close (Escape)", "hand-over"):
        these = [s for s in samples if s.group == group]
        if these:
            print(f"  ({group}: first frame {figures([s.first for s in these])})")
    sizes: dict[str, list[int]] = {}
    for s in samples:
        sizes.setdefault(s.label or OPENING.get(s.key, s.key), []).append(s.sent)
    print(
        "  bytes written per key (median): "
        + ", ".join(f"{k} {statistics.median(v):.0f}" for k, v in sizes.items())
    )
    if profiler is not None:
        import io
        import pstats

        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("cumulative").print_stats(120)
        stats.sort_stats("tottime").print_stats(60)
        Path(args.profile).write_text(out.getvalue())
        profiler.dump_stats(args.profile + ".pstats")
        print(f"profile: {args.profile}")


# -- in a real terminal: tmux ------------------------------------------------------------------

#: what the keys that open a screen or dialog open
OPENING = {"?": "help", "t": "trade", "h": "harvest list", "b": "buy list", ":": "command bar"}
MINIMAL_TMUX = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
Minimal().run()
"""


@dataclass
class Sample:
    key: str
    group: str
    #: seconds from sending the key to the first byte of the answer, to the screen as it
    #: ends up (the end of the output burst after which the pane's text no longer changes),
    #: and to the last byte (repaints that change nothing included)
    first: float
    shown: float
    last: float
    #: bytes written to the terminal (``--cpu``: what the terminal driver would send)
    sent: int = 0
    #: what the key brings, where the key alone doesn't say (the hand-overs' Enter)
    label: str = ""


class Tmux:
    """A tmux server of its own with one window of a fixed size, driven by a control-mode client.

    The client's ``%output`` lines arrive as the pane's program writes: a reader
    thread stamps them, so an answer's bursts of output are timed to a fraction
    of a millisecond. Commands (``send-keys``, ``capture-pane``) go through the
    same client, whose replies come back in ``%begin``/``%end`` blocks: a
    capture takes about a millisecond, no process started.
    """

    def __init__(self, folder: Path, width: int, height: int) -> None:
        self.socket = str(folder / "tmux.sock")
        self.target = "bench:0.0"
        self._tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", "bench",
            "-x", str(width), "-y", str(height), "sh",
        )  # fmt: skip
        self._tmux("set-option", "-t", "bench", "window-size", "manual")
        self._tmux("set-option", "-t", "bench", "remain-on-exit", "on")
        self.client = subprocess.Popen(
            ["tmux", "-S", self.socket, "-C", "attach", "-t", "bench"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            bufsize=0,
        )
        self.output: list[float] = []  # when each %output line arrived
        self._lock = threading.Lock()
        self._replies: queue.Queue[tuple[bool, str]] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._replies.get(timeout=10)  # the attach's own reply

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True, text=True)
        if done.returncode:
            raise RuntimeError(f"tmux {args[0]}: {done.stderr.strip()}")
        return done.stdout

    def _read(self) -> None:
        assert self.client.stdout is not None
        block: list[bytes] | None = None
        for line in self.client.stdout:
            if block is not None:  # inside a reply: no notification comes in between
                if line.startswith((b"%end ", b"%error ")):
                    text = b"".join(block).decode("utf-8", "replace")
                    self._replies.put((line.startswith(b"%end "), text))
                    block = None
                else:
                    block.append(line)
            elif line.startswith(b"%output "):
                stamp = time.perf_counter()
                with self._lock:
                    self.output.append(stamp)
            elif line.startswith(b"%begin "):
                block = []

    def command(self, line: str) -> tuple[float, str]:
        """Run one tmux command through the control client: when it was sent, and its output."""
        assert self.client.stdin is not None
        stamp = time.perf_counter()
        self.client.stdin.write(line.encode() + b"\n")
        ok, text = self._replies.get(timeout=30)
        if not ok:
            raise RuntimeError(f"tmux {line.split()[0]}: {text.strip()}")
        return stamp, text

    def send(self, key: str, literal: bool = False) -> float:
        """Send a key as tmux names it, or (``literal``) text, one key per character."""
        flag = " -l" if literal else ""
        return self.command(f"send-keys -t {self.target}{flag} {shlex.quote(key)}")[0]

    def start(self, command: str) -> float:
        """Run ``command`` in the window (whatever ran there is killed first)."""
        return self.command(f"respawn-pane -k -t {self.target} {shlex.quote(command)}")[0]

    def screen(self) -> str:
        return self.command(f"capture-pane -p -t {self.target}")[1]

    def dead(self) -> bool:
        reply = self.command(f"display-message -p -t {self.target} '#{{pane_dead}}'")[1]
        return reply.strip() == "1"

    def last_output(self) -> float:
        with self._lock:
            return self.output[-1] if self.output else 0.0

    def outputs_since(self, since: float) -> list[float]:
        with self._lock:
            return [t for t in self.output[-4000:] if t >= since]

    def settle(
        self, since: float, quiet: float, timeout: float = 10.0
    ) -> tuple[float, float] | None:
        """First and last output after ``since``, once nothing came for ``quiet`` seconds.

        None when nothing came within ``timeout``.
        """
        deadline = since + timeout
        while True:
            now = time.perf_counter()
            after = self.outputs_since(since)
            if after and now - after[-1] >= quiet:
                return after[0], after[-1]
            if not after and now > deadline:
                return None
            time.sleep(0.002)

    def quiet_for(self, quiet: float) -> None:
        """Wait until nothing came for ``quiet`` seconds."""
        while time.perf_counter() - self.last_output() < quiet:
            time.sleep(0.005)

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.perf_counter() + timeout
        while True:
            screen = self.screen()
            if text in screen:
                return screen
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{text!r} never showed; the screen was:\n{screen}")
            time.sleep(0.05)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._tmux("kill-server")
        with contextlib.suppress(Exception):
            if self.client.stdin is not None:
                self.client.stdin.close()
            self.client.wait(timeout=5)


#: a pause in the output this long ends a burst: the screen is read then
BURST_GAP = 0.003


def press(
    tm: Tmux,
    key: str,
    group: str,
    quiet: float,
    expect: str | None = None,
    timeout: float = 5.0,
    literal: bool = False,
) -> Sample | None:
    """Send ``key`` (``literal``: type it as text) and time the answer, until the output stays
    quiet for ``quiet`` with the screen changed (and showing ``expect``). None (and a note) if
    that doesn't happen within ``timeout``.

    After each burst of output the pane is read: the answer was shown at the end of the
    first burst from which on the screen stayed as it ends up.
    """
    tm.quiet_for(quiet)
    before = tm.screen()
    sent = tm.send(key, literal)
    shots: list[tuple[float, str]] = []  # (end of a burst, the screen then)
    while True:
        now = time.perf_counter()
        after = tm.outputs_since(sent)
        if not after:
            if now - sent > timeout:
                break
            time.sleep(0.001)
            continue
        end = after[-1]
        if now - end >= BURST_GAP and (not shots or end > shots[-1][0]):
            screen = tm.screen()
            if tm.last_output() == end:  # nothing came while reading: the screen as of ``end``
                shots.append((end, screen))
        if now - end >= quiet and shots and shots[-1][0] == end:
            final = shots[-1][1]
            if final != before and (expect is None or expect in final):
                shown = end
                for stamp, screen in reversed(shots):
                    if screen != final:
                        break
                    shown = stamp
                return Sample(key, group, after[0] - sent, shown - sent, end - sent)
            if now - end > timeout:
                break
        time.sleep(0.001)
    final = tm.screen()
    why = "no change" if final == before else f"no {expect!r}"
    print(f"  (key {key!r}: {why}; sample dropped)", file=sys.stderr)
    return None


def voyage_positions(count: int, first_seed: int = 11) -> list[tuple[str, str]]:
    """Late 5-player Bohn Voyage games played by the basic computer players, stopped at turn 25+
    (as save files' text).

    Two kinds, ``count`` of each: ``plant``, the active player in phase 1 before
    planting, the front card fits field 1, a field can be harvested and something
    bought; ``select``, phase 3 with the person the app reveals first
    (``revealed_first``) holding two or more beans to plant, one of them
    plantable (← → select among them; they do nothing while no bean can be
    planted).
    """
    from bohnanza_tui.bots import make_bot
    from bohnanza_tui.rules import Phase, legal_actions, next_to_act, view
    from bohnanza_tui.rules.actions import (
        BuyField,
        BuyHarbor,
        BuyPirateShip,
        BuyShip,
        Harvest,
        Plant,
    )
    from bohnanza_tui.rules.save import Session, dumps

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    found: dict[str, list[str]] = {"plant": [], "select": []}
    buys = (BuyField, BuyHarbor, BuyShip, BuyPirateShip)
    seed = first_seed
    while min(len(v) for v in found.values()) < count:
        session = Session.new("voyage", names, seed)
        bots = [make_bot("basic", seed * 31 + i) for i in range(len(names))]
        wanted = {k for k, v in found.items() if len(v) < count}
        while wanted and not session.state.over:
            s = session.state
            a = s.active
            if s.turn >= 25 and "plant" in wanted and s.phase is Phase.PLANT and s.planted == 0:
                legal = legal_actions(s, a)
                hand = s.players[a].hand
                if (
                    hand
                    and not s.offered
                    and Plant(a, hand[0], s.turn_island, 0) in legal
                    and any(isinstance(x, Harvest) for x in legal)
                    and any(isinstance(x, buys) for x in legal)
                ):
                    found["plant"].append(dumps(session))
                    wanted.discard("plant")
            if s.turn >= 25 and "select" in wanted and s.phase is Phase.PLANT_TRADED:
                served, shown = revealed_first(s)
                mine = shown.players[served]
                if len(mine.kept + mine.received) >= 2 and any(
                    isinstance(x, Plant) for x in legal_actions(shown, served)
                ):
                    found["select"].append(dumps(session))
                    wanted.discard("select")
            p = next_to_act(s)
            session.play(bots[p].act(view(s, p), p))
        seed += 1
    return [(kind, text) for kind in ("plant", "select") for text in found[kind][:count]]


def revealed_first(state):  # type: ignore[no-untyped-def]
    """Whom the app reveals first on opening ``state`` (all seats people), and the position
    then: the beans it plants for people away from the keyboard go in first."""
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.seating.hotseat import HotSeat, Seat

    session = Session(state)
    hs = HotSeat(session, [Seat(p.name) for p in state.players])
    while True:
        actor = hs.next_actor()
        plant = hs.planted_for(actor) if actor is not None else None
        if plant is None:
            return actor, session.state
        session.play(plant)


@dataclass
class Step:
    """A key of the hand-overs' script: timed (``label``: what it brings) or only pressed."""

    #: the key as tmux names it (``send-keys``), or text to type (``typed``)
    key: str
    #: what the key brings, timed in the "hand-over" group; "": pressed, not timed
    label: str = ""
    #: what the screen must show once the key is answered
    expect: str | None = None
    typed: bool = False


def hand_over_steps(text: str) -> list[Step]:
    """The keys of a round of hand-overs in a ``plant`` position (``voyage_positions``),
    once ``1`` and ``e`` have turned the cards up (all seats people; the active player
    holds the keyboard). Empty when the position doesn't allow them.

    The active player offers the first face-up card to the next person for the kind of
    that person's front card (typed on the command line: the Enter sends it and hands
    the keyboard over); the next person answers (Enter, ``n``) and the keyboard goes back
    (Enter). Then two people bid (``B``, the bidder's number, Enter: the bid's dialog,
    proposed from what the active player wants; F2 sends it as proposed), and the active
    player answers both in one dialog (Enter, ``n`` declines them). Nothing is traded: the
    round can be played again from where it ends.
    """
    from bohnanza_tui.commands.formatting import format_action
    from bohnanza_tui.rules import KIND_OF, Phase, check
    from bohnanza_tui.rules.actions import EndPhase, MakeOffer, Plant
    from bohnanza_tui.rules.save import loads

    session = loads(text)
    s = session.state
    a = s.active
    session.play(Plant(a, s.players[a].hand[0], s.turn_island, 0))  # ``1``
    session.play(EndPhase(a))  # ``e``
    s = session.state
    # the bidders as "Who bids?" lists them: the other people in seat order
    others = [p for p in range(len(s.players)) if p != a]
    if s.phase is not Phase.TRADE or not s.face_up or len(others) < 2:
        return []
    first, second = others[0], others[1]
    if not s.players[first].hand or not s.players[second].hand:
        return []
    offer = MakeOffer(a, first, (s.face_up[0],), (KIND_OF[s.players[first].hand[0]],))
    if check(s, offer) is not None:
        return []
    name = [p.name for p in s.players]
    active, asked, bidder = name[a], name[first], name[second]
    return [
        Step(":"),
        Step(format_action(s, offer), typed=True),
        Step("Enter", "offer sent: privacy", f"Pass the keyboard to {asked}"),
        Step("Enter", "Enter: answer", f"{asked}, answer offer"),
        Step("n", "declined: privacy", f"Pass the keyboard to {active}"),
        Step("Enter", "Enter: table", f"{active}'s hand"),
        Step("B", expect="Who bids?"),
        Step("1", "bidder: privacy", f"{asked} makes a bid to {active}"),
        Step("Enter", "Enter: bid", f"Bid to {active}"),
        Step("F2", "bid sent: privacy", f"Pass the keyboard to {active}"),
        Step("B", expect="Who bids?"),
        Step("2", "bidder: privacy", f"{bidder} makes a bid to {active}"),
        Step("Enter", "Enter: bid", f"Bid to {active}"),
        Step("F2", "bid sent: privacy", "2 bids are in for you"),
        Step("Enter", "Enter: answer all", f"{active}, answer 2 offers"),
        Step("n", "declined all: table", f"{active}'s hand"),
    ]


def app_command(program: str, args: str, home: Path) -> str:
    """``program args`` with a fresh HOME (the autosave, the settings) and a known terminal."""
    env = {
        "HOME": home,
        "XDG_DATA_HOME": home / "data",
        "XDG_CONFIG_HOME": home / "config",
        "XDG_CACHE_HOME": home / "cache",
        "LANG": "C.UTF-8",
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
    }
    assignments = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in env.items())
    return f"env -u LC_ALL -u LANGUAGE {assignments} {program} {args}"


def launch_tmux(tm: Tmux, command: str, marker: str, quiet: float) -> float:
    """From starting ``command`` to its first screen showing ``marker``, settled; then it quits."""
    started = tm.start(command)
    tm.wait_for(marker)
    answer = tm.settle(started, quiet)
    assert answer is not None
    tm.send("C-q")
    deadline = time.perf_counter() + 10
    while not tm.dead() and time.perf_counter() < deadline:
        time.sleep(0.02)
    return answer[1] - started


def play_position(
    tm: Tmux, kind: str, program: str, path: Path, home: Path, rounds: int, quiet: float
) -> list[Sample]:
    """Open the save, reveal the hand, then time the keys that fit the position."""
    samples: list[Sample] = []

    def key(k: str, group: str, expect: str | None = None) -> None:
        sample = press(tm, k, group, quiet, expect)
        if sample is not None:
            samples.append(sample)

    tm.start(app_command(program, f"load {shlex.quote(str(path))}", home))
    tm.wait_for("Pass the keyboard to")
    key("Enter", "reveal", "'s hand")
    if kind == "plant":
        for _ in range(rounds):
            key("1", "table")
            key("u", "table")
        for _ in range(max(1, rounds // 3)):
            key("?", "open", "How to play")
            key("?", "close")
            key("h", "open", "Harvest which field?")
            key("Escape", "close (Escape)")
            key("b", "open", "Buy what?")
            key("Escape", "close (Escape)")
            key(":", "open")
            key("Escape", "close (Escape)")
        key("1", "table")
        key("e", "table", "Phase 2")
        key("t", "open")
        key("Escape", "close (Escape)")
        steps = hand_over_steps(path.read_text(encoding="utf-8"))
        for _ in range(max(1, rounds // 3) if steps else 0):
            for step in steps:
                sample = press(tm, step.key, "hand-over", quiet, step.expect, literal=step.typed)
                if sample is not None and step.label:
                    sample.label = step.label
                    samples.append(sample)
    else:
        for _ in range(rounds):
            key("Right", "table")
            key("Left", "table")
    tm.send("C-q")
    deadline = time.perf_counter() + 10
    while not tm.dead() and time.perf_counter() < deadline:
        time.sleep(0.02)
    return samples


def figures(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    return (
        f"median {statistics.median(ms):5.1f}  p90 {p90:5.1f}  max {ms[-1]:5.1f} ms  (N {len(ms)})"
    )


def bohnanza_program() -> str:
    """The ``bohnanza`` beside this interpreter (its venv), else the one on the PATH."""
    beside = Path(sys.executable).parent / "bohnanza"
    found = str(beside) if beside.exists() else shutil.which("bohnanza")
    if found is None:
        raise SystemExit("no 'bohnanza' command: install the package (pip install .) first")
    return found


def tmux_main(args: argparse.Namespace) -> None:
    if shutil.which("tmux") is None:
        raise SystemExit("tmux is not installed")
    width, height = (int(x) for x in args.size.lower().split("x"))
    quiet = args.quiet / 1000
    program = args.program or bohnanza_program()
    load = os.getloadavg()
    print(
        f"tmux {width}x{height}, {program}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as folder:
        work = Path(folder)
        tm = Tmux(work, width, height)
        try:
            minimal_file = work / "minimal.py"
            minimal_file.write_text(MINIMAL_TMUX, encoding="utf-8")
            minimal = [
                launch_tmux(
                    tm,
                    app_command(sys.executable, str(minimal_file), work / "home"),
                    "hello",
                    quiet,
                )
                for _ in range(args.runs)
            ]
            ours = [
                launch_tmux(tm, app_command(program, "", work / "home"), "Start", quiet)
                for _ in range(args.runs)
            ]
            ratio = statistics.median(ours) / statistics.median(minimal)
            print(
                f"launch to a settled first screen: minimal Textual app "
                f"{statistics.median(minimal) * 1000:.0f} ms, bohnanza (set-up screen) "
                f"{statistics.median(ours) * 1000:.0f} ms, ratio {ratio:.2f} (aim <= 1.3; "
                f"medians of {args.runs})"
            )
            samples: list[Sample] = []
            for i, (kind, text) in enumerate(voyage_positions(args.positions)):
                path = work / f"{kind}-{i}.json"
                path.write_text(text, encoding="utf-8")
                samples += play_position(
                    tm, kind, program, path, work / "home", args.presses, quiet
                )
        finally:
            tm.close()
    load = os.getloadavg()
    print(
        f"key to the screen as it ends up, late 5-player Bohn Voyage ({args.positions} "
        f"positions of each kind; load average now {load[0]:.2f}):"
    )
    report(samples)
    for group in ("table", "open", "hand-over"):
        these = [s for s in samples if s.group == group]
        if these:
            print(f"  ({group}: first byte {figures([s.first for s in these])})")
            print(f"  ({group}: last byte  {figures([s.last for s in these])})")


def report(samples: list[Sample], aims: bool = True) -> None:
    """The samples' ``shown`` times by group, and by key within a group."""
    groups: dict[str, list[Sample]] = {}
    for sample in samples:
        groups.setdefault(sample.group, []).append(sample)
    targets = {
        "table": "aim median <= 20, p90 <= 33",
        "open": "aim p90 <= 50",
        "hand-over": "aim p90 <= 50",
    }
    for group, these in groups.items():
        aim = f"  [{targets[group]}]" if group in targets and aims else ""
        print(f"  {group:16} {figures([s.shown for s in these])}{aim}")
        keys: dict[str, list[float]] = {}
        for s in these:
            keys.setdefault(s.label or OPENING.get(s.key, s.key), []).append(s.shown)
        if len(keys) > 1:
            width = max(14, *(len(label) for label in keys))
            for label, values in keys.items():
                print(f"    {label:{width}} {figures(values)}")
    # a dialog's first opening in a launch composes it, later ones refill it (docs/UI.md)
    seen: set[tuple[str, str]] = set()
    again: dict[str, list[float]] = {}
    for s in samples:
        if s.group == "reveal":  # each position is a launch of its own, opened by its reveal
            seen.clear()
        what = (s.group, s.label or s.key)
        if what in seen and s.group in ("open", "hand-over"):
            again.setdefault(s.group, []).append(s.shown)
        seen.add(what)
    for group, values in again.items():
        print(f"  {group + ', again':16} {figures(values)}  (not the first of a launch)")
    enters = [s.shown for s in samples if s.group == "hand-over" and s.key.lower() == "enter"]
    if enters:
        print(f"  {'hand-over Enters':16} {figures(enters)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tmux", action="store_true", help="measure the installed bohnanza in tmux"
    )
    parser.add_argument(
        "--cpu", action="store_true", help="CPU time per key in-process, the tmux run's keys"
    )
    parser.add_argument(
        "--profile", help="--cpu: write a profile (cProfile, CPU time) to this file"
    )
    parser.add_argument(
        "--profile-keys",
        default="",
        help="--profile: only these keys (pilot names, or the hand-overs' labels; commas)",
    )
    parser.add_argument("--size", default="120x40", help="tmux: the terminal's size")
    parser.add_argument(
        "--program", help="tmux: this bohnanza command (another install, measured alike)"
    )
    parser.add_argument(
        "--quiet", type=float, default=150, help="tmux: ms of silence that end an answer"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--presses", type=int, help="key presses per position (40; --tmux: 10 of each key)"
    )
    parser.add_argument(
        "--positions", type=int, help="late-game positions (5; --tmux: 3 of each kind)"
    )
    args = parser.parse_args()
    if args.presses is None:
        args.presses = 10 if args.tmux or args.cpu else 40
    if args.positions is None:
        args.positions = 3 if args.tmux or args.cpu else 5
    if args.tmux:
        tmux_main(args)
        return
    if args.cpu:
        cpu_main(args)
        return
    minimal = launch(MINIMAL, args.runs)
    ours = launch(BOHNANZA, args.runs)
    print(
        f"launch: minimal Textual app {minimal * 1000:.0f} ms, bohnanza {ours * 1000:.0f} ms, "
        f"ratio {ours / minimal:.2f} (aim <= 1.5)"
    )
    ms: list[float] = []
    medians = []
    for seed in range(11, 11 + args.positions):
        here = sorted(s * 1000 for s in asyncio.run(key_to_table(args.presses, seed)))
        medians.append(f"{statistics.median(here):.0f}")
        ms += here
    ms.sort()
    print(
        f"key press to table (5-player voyage, {args.positions} late-game positions, "
        f"{len(ms)} presses): median {statistics.median(ms):.1f} ms, "
        f"p90 {ms[int(len(ms) * 0.9)]:.1f} ms (aim median <= 50); "
        f"median per position: {', '.join(medians)} ms"
    )


if __name__ == "__main__":
    main()
