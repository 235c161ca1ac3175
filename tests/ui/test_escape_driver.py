"""The terminal driver reports a lone Escape when ESCDELAY says, not at its next 100 ms tick."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest
from textual import constants, events
from textual.app import App
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.driver import IDLE_WAIT, EscapeDriver, wait_for


class Recorder(EscapeDriver):
    """The driver's input thread on a pipe, the keys it reports noted with their time."""

    def __init__(self, app: App[None], fileno: int) -> None:
        super().__init__(app)
        self.fileno = fileno
        self.keys: list[tuple[float, str]] = []

    def process_message(self, message: Message) -> None:
        if isinstance(message, events.Key):
            self.keys.append((time.monotonic(), message.key))


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Recorder, int]]:
    """A driver reading the keys written to the returned file descriptor."""
    monkeypatch.setattr(constants, "ESCAPE_DELAY", 0.01)  # 10 ms, read when the ESC comes
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTSTP, signal.SIGCONT)}
    read, write = os.pipe()

    async def make() -> Recorder:  # a driver is made in the app's event loop
        return Recorder(App(), read)

    driver = asyncio.run(make())
    thread = threading.Thread(target=driver.run_input_thread, daemon=True)
    thread.start()
    try:
        yield driver, write
    finally:
        driver.exit_event.set()
        thread.join(timeout=2)
        os.close(write)
        os.close(read)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


def test_a_lone_escape_is_a_key_once_the_escape_delay_is_over(
    terminal: tuple[Recorder, int],
) -> None:
    driver, keyboard = terminal
    time.sleep(0.15)  # the thread waits in select
    sent = time.monotonic()
    os.write(keyboard, b"\x1b")
    while not driver.keys and time.monotonic() - sent < 2:
        time.sleep(0.001)
    assert [k for _, k in driver.keys] == ["escape"]
    # Textual's own driver reported it at its next tick: 100 ms after the key
    assert driver.keys[0][0] - sent < 0.07


def test_a_key_after_an_escape_is_that_key_not_alt_and_the_key(
    terminal: tuple[Recorder, int],
) -> None:
    driver, keyboard = terminal
    time.sleep(0.15)
    os.write(keyboard, b"\x1b")  # Escape closes a dialog...
    time.sleep(0.06)
    os.write(keyboard, b"t")  # ...and the next key opens another
    deadline = time.monotonic() + 2
    while len(driver.keys) < 2 and time.monotonic() < deadline:
        time.sleep(0.001)
    assert [k for _, k in driver.keys] == ["escape", "t"]
    # a sequence written at once is still one key
    os.write(keyboard, b"\x1b[A")
    deadline = time.monotonic() + 2
    while len(driver.keys) < 3 and time.monotonic() < deadline:
        time.sleep(0.001)
    assert [k for _, k in driver.keys][2:] == ["up"]


def test_the_wait_for_input_ends_when_the_escape_delay_does() -> None:
    assert wait_for(None, 5.0) == IDLE_WAIT
    assert wait_for(5.02, 5.0) == pytest.approx(0.02)
    assert wait_for(4.9, 5.0) == 0.0  # over already: look at once
    assert wait_for(9.0, 5.0) == IDLE_WAIT


def test_the_app_runs_on_the_escape_driver_in_a_terminal() -> None:
    assert LinuxDriver in EscapeDriver.__mro__
    assert BohnanzaApp().driver_class is EscapeDriver
