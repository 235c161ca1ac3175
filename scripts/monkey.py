"""Monkey test of the app: random keys, pastes, clicks and resizes until something breaks.

    python scripts/monkey.py [--keys 20000] [--seed 1] [--mode duel|classic|voyage|all]
                             [--episode 400] [--timeout 60] [--shrink]
    python scripts/monkey.py --replay FAILURE.json [--shrink]

Each episode seats a seeded game (the classic 2-player Bean Duel, classic 3-5
players, Bohn Voyage 3-5 players; people and computer players mixed), often
played on by random legal moves first to reach the middle or the end of a
game, and opens the app on it (Textual's pilot, headless). Then it presses
what a person could press: mostly the keys of the screen on top (every
binding of every screen, found at run time, so new screens are covered as
they land), else any key (letters, digits, arrows, Enter, Escape, Tab,
Space, function and control keys, non-ASCII characters), a typed command
(``:`` and random command text, from scripts/fuzz.py's generator, Unicode
and long strings included), pasted text, a click somewhere, or a new
terminal size (50x15 up to 200x50). The app's own quit keys end the app;
the monkey opens the autosave again and goes on.

After every step it checks: no exception in the app (nor one logged by a
computer player or a hint), the game passes the one validator
(``rules.validate.position_problem``) and holds every card of its deck
once, somebody can go on (the person the game waits for has the keyboard
or a privacy screen to take it; a computer player to move moves), the
step ends within ``--timeout`` seconds (a hang is interrupted and
reported with the stack where it hung); and every few steps, and at each
episode's end, that the autosave on disk loads and holds the game shown.

Deterministic from its seed. A failure prints the seed, the episode and
its steps, and writes them to a JSON file that ``--replay`` runs again;
``--shrink`` cuts the steps down (delta debugging) to a short sequence
that still fails the same way. It prints keys per second, the screens
visited and the failures found; exit 1 if there was any.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import logging
import os
import random
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    # no setting, autosave or kept game of the person running it is read or written
    _HOME = tempfile.mkdtemp(prefix="bohnanza-monkey-")
    for var in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[var] = _HOME
    os.chdir(_HOME)  # "save as" writes relative names here

from textual import events
from textual.app import App

from bohnanza_tui.commands import format_action
from bohnanza_tui.rules import legal_actions
from bohnanza_tui.rules.actions import ACTION_TYPES
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, load_file
from bohnanza_tui.rules.state import CARDS_OF_KIND, GameState
from bohnanza_tui.rules.validate import position_problem
from bohnanza_tui.seating.hotseat import COMPUTER, HUMAN, Seat, default_bot_factory, seats_from
from bohnanza_tui.ui.app import BohnanzaApp

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz  # the command generator, next to this script

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
#: the kinds of game an episode seats: (label, mode, player counts)
GAMES = {
    "duel": ("classic", (2,)),
    "classic": ("classic", (3, 4, 5)),
    "voyage": ("voyage", (3, 4, 5)),
}
#: the computer levels seated (the strong one searches for seconds: only with --strong)
LEVELS = ("random", "basic")

#: any key a person could press, beyond the bindings of the screen on top
KEYS = [
    *"abcdefghijklmnopqrstuvwxyz",
    *"ABCDEHKNPQTXZ",
    *"0123456789",
    *["up", "down", "left", "right", "home", "end", "pageup", "pagedown"],
    *["enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "insert"],
    *["ctrl+z", "ctrl+s", "ctrl+n", "ctrl+p", "ctrl+c", "ctrl+a", "ctrl+e", "ctrl+k"],
    *["ctrl+u", "ctrl+w", "ctrl+l", "ctrl+left", "ctrl+right", "shift+up", "shift+down"],
    *["f1", "f2", "f3", "f5", "f10", "f12", "question_mark", "colon", "slash"],
    *["plus", "minus", "equals_sign", "comma", "full_stop", "quotation_mark", "apostrophe"],
    *["é", "ß", "ж", "²", "①", "٣", "ﬁ", "İ", "€", "🫘", "\u202e", "\u00a0"],
]
#: the quit keys: rare (the app ends; the monkey opens the autosave again)
QUIT_KEYS = ["ctrl+q"]
#: terminal sizes: the smallest playable, the common ones, and some below the minimum
SIZES = [(80, 24), (100, 30), (120, 40), (160, 50), (200, 50), (79, 23), (60, 20), (50, 15)]
#: pasted text: a few hostile strings beside the command generator's
PASTES = ["x" * 400, "\x1b[2J\x1b[H", "Ann\nBob", "²³①", "\t\t", "9" * 5000, "🫘" * 50, ""]


#: racy episodes: the computers' pause between moves, and every how many steps the monkey
#: waits for them (and checks that they move)
RACY_DELAY = 0.01
RACY_SETTLE = 8


class Hang(Exception):
    """Raised in the main thread by the watchdog: a step took longer than the timeout."""


@dataclass
class Episode:
    """One game opened in the app, and the steps pressed on it."""

    kind: str
    names: list[str]
    seats: list[str]  # "human" or "computer:<level>"
    seed: int
    advance: int  # random legal moves played before the app opens
    size: tuple[int, int]
    steps: list[str] = field(default_factory=list)
    #: keys while the computer players move (their moves on a short timer, not waited for):
    #: what a person does during the computers' visible pauses; replays may then differ
    racy: bool = False

    def seat_list(self) -> list[Seat]:
        out = []
        for name, kind in zip(self.names, self.seats, strict=True):
            who, _sep, level = kind.partition(":")
            out.append(Seat(name, COMPUTER, level) if who == COMPUTER else Seat(name))
        return out

    def session(self) -> Session:
        mode = GAMES[self.kind][0]
        session = Session.new(mode, self.names, self.seed)
        player = RandomPlayer(random.Random(self.seed), harvest_rate=0.2)
        for _ in range(self.advance):
            if session.state.over:
                break
            session.play(player.step(session.state))
        return session


@dataclass
class Failure:
    kind: str  # exception, logged, invalid, cards, stuck, hang, autosave
    message: str
    step: int  # index of the step after which it was seen (-1: on opening)
    detail: str = ""

    def same(self, other: Failure | None) -> bool:
        return other is not None and other.kind == self.kind and _head(other) == _head(self)


def _head(f: Failure) -> str:
    """What identifies a failure across runs: its kind and the last line of its message."""
    return f.message.strip().splitlines()[-1][:200] if f.message.strip() else ""


@dataclass
class Outcome:
    steps: int = 0
    keys: int = 0
    failure: Failure | None = None
    screens: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    seconds: float = 0.0
    moves: int = 0  # actions the game took during the steps (people's and computers')


def new_episode(rng: random.Random, kind: str, strong: bool = False, racy: float = 0.0) -> Episode:
    _mode, counts = GAMES[kind]
    n = rng.choice(counts)
    levels = (*LEVELS, "strong") if strong else LEVELS
    seats = [HUMAN if rng.random() < 0.5 else f"{COMPUTER}:{rng.choice(levels)}" for _ in range(n)]
    if HUMAN not in seats:
        seats[rng.randrange(n)] = HUMAN
    advance = rng.choice(
        [0, 0, rng.randrange(60), rng.randrange(150), rng.randrange(400), rng.randrange(400, 2000)]
    )
    size = rng.choice(SIZES[:5])
    return Episode(
        kind, NAMES[:n], seats, rng.randrange(2**31), advance, size, [], rng.random() < racy
    )


# -- the steps --------------------------------------------------------------------------------


def choose_step(rng: random.Random, app: App[Any]) -> list[str]:
    """The next step(s) for the app as it is now: mostly a key of the screen on top.

    The screen's own enabled keys come first (they move the game on: a monkey
    that spends its keys in the help and the command palette plays no game);
    the app-wide keys (help, save, palette) are among the "any key" ones.
    """
    r = rng.random()
    if r < 0.05:
        return ["key:escape"]  # a way out of every dialog (the command palette has 40 keys)
    if r < 0.60:
        keys = screen_keys(app)
        if keys:
            return [f"key:{rng.choice(keys)}"]
    if r < 0.80:
        return [f"key:{rng.choice(KEYS)}"]
    if r < 0.90:
        return [
            f"key:{rng.choice(['colon', 'slash'])}",
            f"paste:{command_text(rng, app)}",
            "key:enter",
        ]
    if r < 0.94:
        text = rng.choice(PASTES) if rng.random() < 0.5 else command_text(rng, app)
        return [f"paste:{text}"]
    if r < 0.97:
        w, h = app.size
        return [f"click:{rng.randrange(w)},{rng.randrange(h)}"]
    if r < 0.997:
        w, h = rng.choice(SIZES)
        return [f"resize:{w}x{h}"]
    return [f"key:{rng.choice(QUIT_KEYS)}"]


#: the app's own keys, open on every screen: among the "any key" keys, not the screen's
APP_KEYS = {"ctrl+q", "ctrl+c", "ctrl+p", "ctrl+s", "question_mark", "f1"}


def screen_keys(app: App[Any]) -> list[str]:
    """The enabled keys bound on the screen on top and its focused widget, app keys aside."""
    keys: list[str] = []
    try:
        bindings = app.active_bindings
    except Exception:  # no screen yet
        return keys
    for key, active in bindings.items():
        if active.enabled and key not in APP_KEYS and active.node is not app:
            keys.append(key)
    return keys


def legal_command(rng: random.Random, app: App[Any]) -> str | None:
    """A legal move of the person at the keyboard, as a command: the game moves on."""
    hs = getattr(app, "hotseat", None)
    if hs is None or hs.holder is None or hs.state.over:
        return None
    actions = legal_actions(hs.state, hs.holder)
    return format_action(hs.state, rng.choice(actions)) if actions else None


def command_text(rng: random.Random, app: App[Any]) -> str:
    """Random command text: fuzz.py's generator on the game shown, else a hostile piece."""
    if rng.random() < 0.3:
        text = legal_command(rng, app)
        if text is not None:
            return text
    session = getattr(app, "session", None)
    if session is None or rng.random() < 0.1:
        return rng.choice(fuzz.HOSTILE)
    state = session.state
    legal = fuzz.legal_commands(state) if rng.random() < 0.5 else []
    return fuzz.command(rng, fuzz.vocabulary(state), legal)


def _safe_path_text(app: App[Any], step: str) -> str:
    """Typing into a file name: never outside the working folder (no ``/`` nor ``~``)."""
    from bohnanza_tui.ui.screens.path import PathScreen

    if not isinstance(app.screen, PathScreen):
        return step
    if step in ("key:slash", "key:/", "key:~"):
        return "key:x"
    if step.startswith("paste:"):
        return "paste:" + step[6:].replace("/", "x").replace("~", "x")
    return step


async def do_step(pilot: Any, app: App[Any], step: str) -> int:
    """Carry out one step; returns the keys it pressed."""
    what, _sep, arg = step.partition(":")
    if what == "key":
        await pilot.press(arg)
        return 1
    if what == "paste":
        driver = app._driver
        assert driver is not None
        driver.send_message(events.Paste(arg))
        await pilot.pause()
        return 1
    if what == "click":
        x, y = (int(v) for v in arg.split(","))
        await pilot.click(offset=(x, y))
        return 1
    if what == "resize":
        w, h = (int(v) for v in arg.split("x"))
        await pilot.resize_terminal(w, h)
        return 0
    raise ValueError(f"unknown step {step!r}")


# -- the checks -------------------------------------------------------------------------------


def deck_cards(state: GameState) -> list[int]:
    return sorted(c for k in setup(state).deck_kinds for c in CARDS_OF_KIND[k])


def position_failure(state: GameState, step: int) -> Failure | None:
    problem = position_problem(state)
    if problem is not None:
        return Failure("invalid", problem, step)
    if sorted(state.all_cards()) != deck_cards(state):
        return Failure("cards", "the cards of the game are not each in one place", step)
    return None


def stuck_failure(app: BohnanzaApp, step: int, moved: bool) -> Failure | None:
    """Can the game go on? The one it waits for has the keyboard, a way to take it, or moves."""
    from bohnanza_tui.ui.screens.flow import GameFlowScreen
    from bohnanza_tui.ui.screens.privacy import PrivacyScreen

    hs = app.hotseat
    if hs is None or hs.state.over or not isinstance(app.screen, GameFlowScreen):
        return None
    actor = hs.next_actor()  # the keyboard's order among those the game waits for
    if actor is None:
        return Failure("stuck", "the game is not over, but it waits for nobody", step)
    if hs.is_human(actor):
        if hs.holder == actor or any(isinstance(s, PrivacyScreen) for s in app.screen_stack):
            return None
        return Failure(
            "stuck",
            f"the game waits for {hs.state.players[actor].name} (seat {actor + 1}), "
            f"but the keyboard is {'nobody' if hs.holder is None else hs.state.players[hs.holder].name}'s "
            "and no privacy screen hands it over",
            step,
        )
    if not moved and not hs.thinks_long(actor):
        return Failure(
            "stuck",
            f"computer player {hs.state.players[actor].name} (seat {actor + 1}) is to move but does not",
            step,
        )
    return None


def exception_failure(exc: BaseException, step: int) -> Failure:
    detail = "".join(traceback.format_exception(exc))
    return Failure("exception", f"{type(exc).__name__}: {exc}", step, detail)


def autosave_failure(app: BohnanzaApp, path: Path, step: int, quit: bool = False) -> Failure | None:
    """Does the autosave load and hold the game shown? While the app runs, a move's save may
    be due (written after the screen shows it); once the app has quit, it must be written."""
    if app.session is None or (not quit and getattr(app, "_save_due", False)):
        return None
    if not path.exists():
        return Failure("autosave", "there is no autosave", step)
    try:
        saved = load_file(path)
    except Exception as exc:
        return Failure(
            "autosave", f"the autosave does not load: {exc}", step, traceback.format_exc()
        )
    if saved.state != app.session.state:
        return Failure("autosave", "the autosave holds another position than the game shown", step)
    return None


def action_problem(action: object) -> str | None:
    """What the compiled core would raise on: an action that is no action, or a field of the wrong type.

    The pure core refuses such an action (a warning a person may not notice); the
    compiled one, whose fields are typed, raises. Both builds must never see one.
    """
    if type(action) not in _HINTS:
        return f"the app played {action!r}, which is not an action"
    for name, hint in _HINTS[type(action)].items():
        value = getattr(action, name)
        if hint == "int":
            ok = _is_int(value)
        elif hint == "int | None":
            ok = value is None or _is_int(value)
        else:  # tuple[int, ...]
            ok = isinstance(value, tuple) and all(_is_int(v) for v in value)
        if not ok:
            return f"the app played {action!r}: its {name} is {value!r}"
    return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field_types() -> dict[type, dict[str, str]]:
    """Each action's fields and their types as written in its source (``int``, ``int | None``,
    ``tuple[int, ...]``): the compiled build's classes don't keep them."""
    import ast

    import bohnanza_tui.rules

    source = Path(bohnanza_tui.rules.__file__ or "").parent / "actions.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    written: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            own = {
                a.target.id: ast.unparse(a.annotation)
                for a in node.body
                if isinstance(a, ast.AnnAssign) and isinstance(a.target, ast.Name)
            }
            bases = [b.id for b in node.bases if isinstance(b, ast.Name)]
            written[node.name] = {k: v for b in bases for k, v in written.get(b, {}).items()}
            written[node.name].update(own)
    return {cls: written[cls.__name__] for cls in ACTION_TYPES.values()}


_HINTS = _field_types()


@contextlib.contextmanager
def checked_plays(problems: list[str]) -> Iterator[None]:
    """Every action the app plays through a Session is checked by ``action_problem`` first."""
    original = Session.play

    def play(session: Session, action: Any) -> Any:
        problem = action_problem(action)
        if problem is not None:
            problems.append(problem)
        return original(session, action)

    Session.play = play  # type: ignore[method-assign]
    try:
        yield
    finally:
        Session.play = original  # type: ignore[method-assign]


class LogCatcher(logging.Handler):
    """Errors logged with a traceback (a computer player or a hint that failed) count as failures."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextlib.contextmanager
def caught_logs() -> Iterator[LogCatcher]:
    catcher = LogCatcher()
    root = logging.getLogger()
    root.addHandler(catcher)
    try:
        yield catcher
    finally:
        root.removeHandler(catcher)


class Watchdog:
    """Interrupts the main thread with ``Hang`` when a step runs past its deadline."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.deadline: float | None = None
        self.stack = ""
        self._main = threading.main_thread().ident
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="monkey-watchdog", daemon=True)

    def __enter__(self) -> Watchdog:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def arm(self) -> None:
        self.deadline = time.monotonic() + self.timeout

    def disarm(self) -> None:
        self.deadline = None

    def _watch(self) -> None:
        while not self._stop.wait(0.2):
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.deadline = None
                frame = sys._current_frames().get(self._main or 0)
                self.stack = "".join(traceback.format_stack(frame)) if frame else ""
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(self._main or 0), ctypes.py_object(Hang)
                )


# -- one episode ------------------------------------------------------------------------------


class Run:
    """One episode in the app: steps generated from ``rng``, or replayed from ``episode.steps``."""

    def __init__(
        self,
        episode: Episode,
        folder: Path,
        *,
        rng: random.Random | None,
        keys: int,
        timeout: float,
        autosave_every: int = 10,
        app_class: type[BohnanzaApp] = BohnanzaApp,
    ) -> None:
        self.episode = episode
        self.folder = folder
        self.rng = rng
        self.budget = keys if rng is not None else len(episode.steps)
        self.timeout = timeout
        self.autosave_every = autosave_every
        self.app_class = app_class
        self.autosave = folder / "autosave.json"
        self.out = Outcome()
        self.misplayed: list[str] = []

    def _make_app(self, session: Session | None) -> BohnanzaApp:
        seats = None
        if session is not None:
            seats = self.episode.seat_list() if self.out.restarts == 0 else seats_from(session)
        return self.app_class(
            session,
            seats=seats,
            autosave=self.autosave,
            bot_factory=default_bot_factory(),
            bot_delay=RACY_DELAY if self.episode.racy else 0,
        )

    async def run(self) -> Outcome:
        from bohnanza_tui.ui.screens.table import TableScreen

        started = time.perf_counter()
        TableScreen.hint_search = {"max_samples": 4}
        with (
            caught_logs() as logs,
            Watchdog(self.timeout) as dog,
            checked_plays(self.misplayed),
        ):
            session: Session | None = self.episode.session()
            while True:
                app = self._make_app(session)
                quit_seen = await self._drive(app, logs, dog)
                if self.out.failure is not None or not quit_seen or self.out.steps >= self.budget:
                    break
                # the app was quit: open the autosave again, as ``bohnanza resume`` does
                self.out.restarts += 1
                session = load_file(self.autosave) if self.autosave.exists() else None
        self.out.seconds = time.perf_counter() - started
        return self.out

    async def _drive(self, app: BohnanzaApp, logs: LogCatcher, dog: Watchdog) -> bool:
        """Press steps until the budget is spent, a failure, or the app quits (True)."""
        out = self.out
        quit_seen = False
        index = out.steps
        try:
            dog.arm()
            async with app.run_test(size=self.episode.size) as pilot:
                await self._settle(pilot, app)
                dog.disarm()
                out.failure = await self._confirmed(pilot, app, logs, index - 1, moved=True)
                while out.failure is None and out.steps < self.budget:
                    batch = self._next_steps(app)
                    for step in batch:
                        index = out.steps
                        before = len(app.session.log) if app.session else -1
                        dog.arm()
                        try:
                            out.keys += await asyncio.wait_for(
                                do_step(pilot, app, step), self.timeout
                            )
                            full = not self.episode.racy or index % RACY_SETTLE == 0
                            await self._settle(pilot, app, full)
                        finally:
                            dog.disarm()
                        out.steps += 1
                        if self.rng is not None:
                            self.episode.steps.append(step)
                        out.screens[type(app.screen).__name__] += 1
                        if app._exception is not None:
                            break
                        if app._exit:
                            quit_seen = True
                            break
                        after = len(app.session.log) if app.session else -1
                        out.moves += max(0, after - before) if before >= 0 else 0
                        out.failure = await self._confirmed(
                            pilot, app, logs, index, moved=after != before or not full
                        )
                        if out.failure is None and (
                            index % self.autosave_every == 0 or out.steps >= self.budget
                        ):
                            out.failure = autosave_failure(app, self.autosave, index)
                        if out.failure is not None or out.steps >= self.budget:
                            break
                    if quit_seen or app._exception is not None:
                        break
                if not quit_seen and app._exception is None:
                    # the end of the episode: quit as a person does (the pilot's own shutdown
                    # would stop the app under a computer's pending move)
                    dog.arm()
                    await self._settle(pilot, app)
                    await pilot.press("ctrl+q")
                    await pilot.pause()
                    dog.disarm()
        except Hang:
            out.failure = Failure(
                "hang", f"no answer within {self.timeout:.0f} s", index, dog.stack
            )
            return False
        except TimeoutError:
            out.failure = Failure(
                "hang", f"no answer within {self.timeout:.0f} s", index, dog.stack
            )
            return False
        except Exception as exc:
            if out.failure is None:
                out.failure = Failure(
                    "exception", f"{type(exc).__name__}: {exc}", index, traceback.format_exc()
                )
            return False
        finally:
            dog.disarm()
        if isinstance(app._exception, Hang) and out.failure is None:
            out.failure = Failure(
                "hang", f"no answer within {self.timeout:.0f} s", index, dog.stack
            )
        elif app._exception is not None and out.failure is None:
            out.failure = exception_failure(app._exception, index)
        if out.failure is None:
            out.failure = autosave_failure(app, self.autosave, index, quit=True)
        return quit_seen

    def _next_steps(self, app: App[Any]) -> list[str]:
        if self.rng is None:
            return [self.episode.steps[self.out.steps]]
        return [_safe_path_text(app, s) for s in choose_step(self.rng, app)]

    async def _settle(self, pilot: Any, app: BohnanzaApp, full: bool = True) -> None:
        """Wait until the app is idle and (``full``) no computer player is to move (bounded)."""
        for _ in range(400 if full else 1):
            await pilot.pause()
            if app._exit or app._exception is not None:
                return
            hs = app.hotseat
            if hs is None or hs.state.over or hs.is_human(hs.next_actor() or 0):
                return
            await pilot.pause(0.002)

    async def _confirmed(
        self, pilot: Any, app: BohnanzaApp, logs: LogCatcher, step: int, moved: bool
    ) -> Failure | None:
        """``_check``; a game that seems stuck is given a second (a move may be on its way)."""
        length = len(app.session.log) if app.session else -1
        failure = self._check(app, logs, step, moved)
        for _ in range(20):
            if failure is None or failure.kind != "stuck":
                break
            await pilot.pause(0.05)
            moved = moved or (len(app.session.log) if app.session else -1) != length
            failure = self._check(app, logs, step, moved)
        return failure

    def _check(self, app: BohnanzaApp, logs: LogCatcher, step: int, moved: bool) -> Failure | None:
        if app._exception is not None:
            return exception_failure(app._exception, step)
        if self.misplayed:
            return Failure("not-an-action", self.misplayed[0], step)
        if logs.records:
            record = logs.records[0]
            detail = ""
            if record.exc_info:
                detail = "".join(traceback.format_exception(*record.exc_info))  # type: ignore[arg-type]
            return Failure("logged", record.getMessage(), step, detail)
        if app.session is not None:
            failure = position_failure(app.session.state, step)
            if failure is not None:
                return failure
        return stuck_failure(app, step, moved)


def run_episode(
    episode: Episode,
    *,
    rng: random.Random | None,
    keys: int,
    timeout: float = 60,
    folder: Path | None = None,
    app_class: type[BohnanzaApp] = BohnanzaApp,
) -> Outcome:
    """Run one episode in a folder of its own (the autosave and any saved files go there)."""
    with contextlib.ExitStack() as stack:
        if folder is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="monkey-")))
        run = Run(episode, folder, rng=rng, keys=keys, timeout=timeout, app_class=app_class)
        return asyncio.run(run.run())


def replay(episode: Episode, steps: list[str], timeout: float = 60) -> Outcome:
    ep = Episode(**{**asdict(episode), "steps": list(steps)})
    ep.size = tuple(ep.size)  # type: ignore[assignment]
    return run_episode(ep, rng=None, keys=len(steps), timeout=timeout)


def shrink(
    episode: Episode,
    failure: Failure,
    timeout: float = 60,
    log: Callable[[str], None] = print,
) -> list[str]:
    """Delta debugging of the steps: a shortest found list that fails the same way."""
    steps = list(episode.steps[: failure.step + 1]) if failure.step >= 0 else []

    def fails(candidate: list[str]) -> bool:
        return failure.same(replay(episode, candidate, timeout).failure)

    if not fails(steps):
        log("the failure does not replay with the steps alone (timing?): not shrunk")
        return steps
    n = 2
    while len(steps) >= 2:
        chunk = max(1, len(steps) // n)
        reduced = False
        for start in range(0, len(steps), chunk):
            candidate = steps[:start] + steps[start + chunk :]
            if candidate and fails(candidate):
                steps, n, reduced = candidate, max(n - 1, 2), True
                log(f"  shrunk to {len(steps)} steps")
                break
        if not reduced:
            if chunk == 1:
                break
            n = min(n * 2, len(steps))
    return steps


# -- the script -------------------------------------------------------------------------------


def report(episode: Episode, out: Outcome, seed: int) -> str:
    f = out.failure
    assert f is not None
    lines = [
        f"FAILURE ({f.kind}) after step {f.step} of episode {episode.kind} "
        f"seats={episode.seats} seed={episode.seed} advance={episode.advance} (run seed {seed})",
        f"  {f.message}",
        f"  last steps: {episode.steps[max(0, f.step - 9) : f.step + 1]}",
    ]
    if f.detail:
        lines.append("  " + f.detail.strip().replace("\n", "\n  "))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20_000, help="steps in all (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--episode", type=int, default=400, help="steps per game (default 400)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds a step may take")
    parser.add_argument("--strong", action="store_true", help="seat strong computer players too")
    parser.add_argument(
        "--racy",
        type=float,
        default=0.3,
        help="share of games whose keys go in while computers move (default 0.3)",
    )
    parser.add_argument("--shrink", action="store_true", help="shrink each failure's steps")
    parser.add_argument("--replay", type=Path, help="run a failure's JSON file again")
    parser.add_argument("--out", type=Path, default=Path.cwd(), help="where failures are written")
    args = parser.parse_args(argv)
    logging.getLogger("textual").setLevel(logging.CRITICAL)

    if args.replay is not None:
        data = json.loads(args.replay.read_text())
        episode = Episode(**data["episode"])
        episode.size = tuple(episode.size)  # type: ignore[assignment]
        out = replay(episode, episode.steps, args.timeout)
        if out.failure is None:
            print(f"replayed {out.steps} steps: no failure")
            return 0
        print(report(episode, out, data.get("seed", -1)))
        if args.shrink:
            steps = shrink(episode, out.failure, args.timeout)
            print(f"shrunk to {len(steps)} steps: {json.dumps(steps)}")
        return 1

    from bohnanza_tui.rules import COMPILED

    kinds = list(GAMES) if args.mode == "all" else [args.mode]
    rng = random.Random(args.seed)
    total = Outcome()
    per_kind: Counter[str] = Counter()
    failures: list[str] = []
    done = 0
    episodes = 0
    print(f"monkey: seed {args.seed}, {args.keys} steps, {'compiled' if COMPILED else 'pure'} core")
    while done < args.keys:
        kind = kinds[episodes % len(kinds)]
        episode = new_episode(random.Random(rng.random()), kind, args.strong, args.racy)
        budget = min(args.episode, args.keys - done)
        out = run_episode(
            episode, rng=random.Random(rng.random()), keys=budget, timeout=args.timeout
        )
        episodes += 1
        done += max(out.steps, 1)
        total.steps += out.steps
        total.keys += out.keys
        total.seconds += out.seconds
        total.screens.update(out.screens)
        total.restarts += out.restarts
        total.moves += out.moves
        per_kind[kind] += out.keys
        status = "ok" if out.failure is None else f"FAIL {out.failure.kind}"
        print(
            f"episode {episodes}: {kind}{' racy' if episode.racy else ''} {len(episode.names)}p "
            f"{episode.seats} advance "
            f"{episode.advance}: {out.steps} steps, {out.keys / max(out.seconds, 1e-9):.1f} keys/s, "
            f"{status}",
            flush=True,
        )
        if out.failure is not None:
            text = report(episode, out, args.seed)
            print(text, flush=True)
            path = args.out / f"monkey-failure-{args.seed}-{episodes}.json"
            path.write_text(json.dumps({"seed": args.seed, "episode": asdict(episode)}, indent=1))
            print(f"  written to {path}; replay: python scripts/monkey.py --replay {path}")
            if args.shrink:
                steps = shrink(episode, out.failure, args.timeout)
                text += f"\n  shrunk to {len(steps)} steps: {json.dumps(steps)}"
                print(f"  shrunk to {len(steps)} steps: {json.dumps(steps)}", flush=True)
            failures.append(text)
    print()
    print(
        f"{total.keys} keys ({total.steps} steps) in {total.seconds:.0f} s: "
        f"{total.keys / max(total.seconds, 1e-9):.1f} keys/s; {episodes} games, "
        f"{total.moves} moves made, {total.restarts} restarts after quitting"
    )
    print("keys per kind of game: " + ", ".join(f"{k} {n}" for k, n in per_kind.items()))
    print(
        "screens visited (steps ending on each): "
        + ", ".join(f"{name} {n}" for name, n in total.screens.most_common())
    )
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
