"""The game in a real browser: ``bohnanza serve`` driven through Chromium with Playwright.

    python scripts/bench_web.py [--keys 30] [--runs 3]

Prints two figures, each from ``--runs`` fresh servers in a fresh HOME:

1. start to first screen: wall time from starting ``bohnanza serve`` (a new process) to
   the set-up screen's text in the browser's terminal (the server listening, the page
   loaded, its websocket open, the game's own process started and painted);
2. a key's round trip: at the table of a seeded game of three people, ``--keys`` keys
   (the active player's ``1``, planting on field 1, and ``u``, taking it back, in turn),
   each timed in the page's own clock from its keydown to the server's first message
   after it (the game's answer arriving) and to the terminal's changed screen (its
   buffer: the browser draws it at its next frame), and in wall time from Playwright's
   press to the changed screen; each as the median and the 90th percentile.

The helpers are tests/web/test_browser.py's too. The browser is the system's Chromium
(``BOHNANZA_CHROMIUM``, else /usr/bin/chromium), headless, with a fresh empty profile;
Playwright never downloads one. The text is read from xterm.js's own buffer: the page's
terminal object is caught as textual-serve's script creates it (``CATCH_TERMINAL``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
CHROMIUM = Path(os.environ.get("BOHNANZA_CHROMIUM", "/usr/bin/chromium"))
#: headless, and nothing a test needs no network for: no sync, no updates, no QUIC
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: the browser window: room for the full set-up form and the table
VIEWPORT = {"width": 1400, "height": 900}
#: seconds to wait for a server, a page or a screen
TIMEOUT = 30.0
#: ms without output after which the screen counts as settled (``Page.wait_for``)
SETTLED = 60

#: textual-serve's script keeps its xterm.js Terminal to itself (``this.terminal = new
#: Terminal(...)`` in a bundle): a setter on Object.prototype catches it as it is
#: assigned, then makes it the object's own property again. ``window.__screen`` reads it.
CATCH_TERMINAL = """
(() => {
  window.__terminal = null;
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      if (value && value.buffer && typeof value.onRender === "function") {
        window.__terminal = value;
        window.__written = performance.now();
        value.onWriteParsed(() => { window.__written = performance.now(); });
      }
      Object.defineProperty(this, "terminal", {value, writable: true, configurable: true, enumerable: true});
    },
  });
  // for the benchmark, in the page's own clock: the last key pressed, and the first message
  // from the server after it (the game's answer arrives), before the terminal shows it
  window.__keyAt = null;
  window.__firstByte = null;
  document.addEventListener("keydown", () => {
    window.__keyAt = performance.now();
    window.__firstByte = null;
  }, true);
  const PageSocket = window.WebSocket;
  window.WebSocket = class extends PageSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => {
        if (window.__firstByte === null) window.__firstByte = performance.now();
      });
    }
  };
  // the screen's rows as text, and for each row the terminal column of each character
  window.__screen = () => {
    const t = window.__terminal;
    if (!t) return null;
    const buffer = t.buffer.active, rows = [], columns = [];
    for (let y = 0; y < t.rows; y++) {
      const line = buffer.getLine(buffer.viewportY + y);
      let text = "", at = [];
      for (let x = 0; line && x < t.cols; x++) {
        const cell = line.getCell(x);
        if (!cell || cell.getWidth() === 0) continue;
        const chars = cell.getChars() || " ";
        for (const ch of chars) { text += ch; at.push(x); }
      }
      rows.push(text);
      columns.push(at);
    }
    return {cols: t.cols, rows, columns};
  };
  window.__text = () => { const s = window.__screen(); return s ? s.rows.join("\\n") : ""; };
  // no output for SETTLED ms: a frame is whole (its bytes may come in several messages)
  window.__settled = (ms) => window.__terminal !== null && performance.now() - window.__written >= ms;
})();
"""


def wait_until(probe: Callable[[], T | None], timeout: float = TIMEOUT) -> T:
    """``probe()`` once it returns something, polled every 50 ms for ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while (result := probe()) is None:
        if time.perf_counter() > deadline:
            raise AssertionError(f"{probe.__name__} never came true in {timeout} s")
        time.sleep(0.05)
    return result


def chromium_missing() -> str | None:
    """Why the browser tests can't run here, if they can't."""
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; or set BOHNANZA_CHROMIUM)"
    return None


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def isolated_env(home: Path) -> dict[str, str]:
    """The environment with HOME and the XDG folders in ``home`` (the autosave and the
    settings go there, never to the real home), in English."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("XDG_", "LC_", "LANGUAGE", "TEXTUAL"))
    }
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        LANG="C.UTF-8",
    )
    return env


class Served:
    """A ``bohnanza serve`` process on a free loopback port; ``stop`` ends it and its games."""

    def __init__(self, home: Path, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = home / "serve.log"
        home.mkdir(parents=True, exist_ok=True)
        self.started = time.perf_counter()
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-P",
                    "-m",
                    "bohnanza_tui",
                    *args,
                    "serve",
                    "--port",
                    str(self.port),
                ],
                env=isolated_env(home),
                cwd=home,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its games too are stopped by ``stop``
            )
        self.listening = self._wait_listening() - self.started

    def _wait_listening(self) -> float:
        deadline = time.perf_counter() + TIMEOUT
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"bohnanza serve exited ({self.process.returncode}): {self.log()}"
                )
            with socket.socket() as s:
                s.settimeout(0.5)
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return time.perf_counter()
            time.sleep(0.02)
        raise RuntimeError(f"bohnanza serve did not listen in {TIMEOUT} s: {self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def stop(self) -> int | None:
        """SIGTERM (the server closes its pages, whose games save and quit), then SIGKILL
        for whatever of its process group is left. Returns the server's exit status."""
        status = None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            status = self.process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        if status is None:
            status = self.process.wait(timeout=10)
        return status


@contextlib.contextmanager
def serving(home: Path, *args: str) -> Iterator[Served]:
    server = Served(home, *args)
    try:
        yield server
    finally:
        server.stop()


class Page:
    """A browser page on the served game: its terminal's text, keys and clicks."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def open(self, url: str) -> None:
        self.page.goto(url)

    def screen(self) -> dict[str, Any] | None:
        result: dict[str, Any] | None = self.page.evaluate("window.__screen()")
        return result

    def text(self) -> str:
        text: str = self.page.evaluate("window.__text()")
        return text

    def wait_for(self, *texts: str, timeout: float = TIMEOUT) -> str:
        """Wait until the screen shows every one of ``texts`` and has settled (no output
        for ``SETTLED`` ms: a frame's bytes may come in several messages, and the screen
        read between them is part old, part new); returns the screen."""
        try:
            self.page.wait_for_function(
                "([texts, ms]) => window.__settled(ms) && texts.every(t => window.__text().includes(t))",
                arg=[list(texts), SETTLED],
                polling="raf",
                timeout=timeout * 1000,
            )
        except Exception as exc:
            raise AssertionError(f"never showed {texts!r}; the screen:\n{self.text()}") from exc
        return self.text()

    def wait_gone(self, text: str, timeout: float = TIMEOUT) -> str:
        """Wait until the screen has settled without ``text``; returns the screen."""
        try:
            self.page.wait_for_function(
                "([text, ms]) => window.__settled(ms) && !window.__text().includes(text)",
                arg=[text, SETTLED],
                polling="raf",
                timeout=timeout * 1000,
            )
        except Exception as exc:
            raise AssertionError(f"{text!r} never went; the screen:\n{self.text()}") from exc
        return self.text()

    def wait_change(self, before: str, timeout: float = TIMEOUT) -> str:
        """Wait until the screen differs from ``before``; returns it."""
        self.page.wait_for_function(
            "before => window.__text() !== before",
            arg=before,
            polling="raf",
            timeout=timeout * 1000,
        )
        return self.text()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def cell(self, text: str, nth: int = 0) -> tuple[int, int]:
        """The terminal cell (column, row) where the ``nth`` showing of ``text`` starts."""
        screen = self.screen()
        assert screen is not None, "no terminal on the page"
        seen = 0
        for y, row in enumerate(screen["rows"]):
            start = row.find(text)
            while start >= 0:
                if seen == nth:
                    return screen["columns"][y][start], y
                seen += 1
                start = row.find(text, start + 1)
        raise AssertionError(f"{text!r} (#{nth + 1}) is not on the screen:\n{self.text()}")

    def click(self, text: str, nth: int = 0, offset: int = 0) -> None:
        """A mouse click on the screen's ``nth`` showing of ``text`` (``offset`` cells in)."""
        column, row = self.cell(text, nth)
        box = self.page.locator(".xterm-screen").bounding_box()
        screen = self.screen()
        assert box is not None and screen is not None
        rows = len(screen["rows"])
        width, height = box["width"] / screen["cols"], box["height"] / rows
        self.page.mouse.click(
            box["x"] + (column + offset + 0.5) * width, box["y"] + (row + 0.5) * height
        )


@contextlib.contextmanager
def browser_page(profile: Path) -> Iterator[Page]:
    """Chromium, headless, on an empty profile in ``profile``, with the terminal caught."""
    from playwright.sync_api import sync_playwright

    profile.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,  # type: ignore[arg-type]
        )
        try:
            context.add_init_script(CATCH_TERMINAL)
            page = context.pages[0] if context.pages else context.new_page()
            page.set_default_timeout(TIMEOUT * 1000)
            yield Page(page)
        finally:
            context.close()


# -- the figures ------------------------------------------------------------------------------

SETUP_TITLE = "Bohnanza — a new game"


def start_seeded_game(page: Page, seed: int = 7) -> None:
    """From the set-up screen: three people, a seed, Start; the first player's hand shows."""
    page.click("optional: a number")  # the seed's placeholder
    page.type(str(seed))
    page.wait_gone("optional: a number")
    page.press("F5")  # Start (ctrl+n would open a browser window)
    page.wait_for("Pass the keyboard to Ann")
    page.press("Enter")
    page.wait_for("Ann's hand:")


def first_screen(root: Path) -> tuple[float, float, float]:
    """Seconds from starting ``bohnanza serve`` to: it listens, the page has loaded, the
    set-up screen shows in the page's terminal. (The browser is started first: not counted.)"""
    with browser_page(root / "profile") as page, serving(root / "home") as server:
        page.open(server.url)
        loaded = time.perf_counter()
        page.wait_for(SETUP_TITLE)
        shown = time.perf_counter()
        return server.listening, loaded - server.started, shown - server.started


#: starts waiting, in the page, for the screen to differ from ``before`` (not awaited:
#: ``window.__answer`` holds the key's stamps once it does)
KEY_ANSWER = """
(before) => {
  window.__answer = (async () => {
    while (window.__text() === before) await new Promise(r => requestAnimationFrame(r));
    return [window.__keyAt, window.__firstByte, performance.now()];
  })();
}
"""


def key_round_trips(root: Path, keys: int) -> list[tuple[float, float, float]]:
    """For each key pressed in the page, seconds (the page's clock, from the key's keydown)
    to: the server's first message after it, the changed screen in the terminal; and the
    wall time from Playwright's press to the changed screen, as the test sees it."""
    samples: list[tuple[float, float, float]] = []
    with serving(root / "home") as server, browser_page(root / "profile") as page:
        page.open(server.url)
        page.wait_for(SETUP_TITLE)
        start_seeded_game(page)
        for i in range(keys):
            before = page.text()
            page.page.evaluate(KEY_ANSWER, before)
            started = time.perf_counter()
            page.press("1" if i % 2 == 0 else "u")
            key_at, first_byte, shown = page.page.evaluate("window.__answer")
            wall = time.perf_counter() - started
            samples.append(((first_byte - key_at) / 1000, (shown - key_at) / 1000, wall))
            # the screen settles (the autosave, the key bar) before the next key
            time.sleep(0.15)
    return samples


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def figures(values: list[float]) -> str:
    """The median, the 90th percentile and the largest of ``values`` (seconds), and their count."""
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"p50 {_ms(statistics.median(ordered))}, p90 {_ms(p90)}, max {_ms(ordered[-1])} "
        f"({len(ordered)} keys)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    missing = chromium_missing()
    if missing:
        print(missing, file=sys.stderr)
        return 1
    from bohnanza_tui.rules import COMPILED

    print(
        f"rules core: {'compiled' if COMPILED else 'pure Python'}, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="bohnanza-web-") as tmp:
        root = Path(tmp)
        starts = [first_screen(root / f"start{i}") for i in range(args.runs)]
        for label, index in (("listening", 0), ("page loaded", 1), ("first screen", 2)):
            values = [s[index] for s in starts]
            print(
                f"start to {label}: median {_ms(statistics.median(values))}, "
                f"max {_ms(max(values))} ({len(values)} runs)"
            )
        samples: list[tuple[float, float, float]] = []
        for i in range(args.runs):
            samples += key_round_trips(root / f"keys{i}", args.keys)
        for label, index in (
            ("key to the server's first answer (in the page)", 0),
            ("key to the changed screen (in the page)", 1),
            ("key to the changed screen (Playwright's press, wall)", 2),
        ):
            print(f"{label}: {figures([sample[index] for sample in samples])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
