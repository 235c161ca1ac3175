"""The terminal driver: Textual's, with a lone Escape reported when its wait is over.

A terminal sends Escape as a lone ``ESC`` byte, and every key sequence (an arrow, F1...)
starts with one: Textual's parser waits ``ESCDELAY`` ms (25, as ``run_app`` sets it) for
the rest of a sequence before it reports Escape. But Textual's input thread asks the
parser whether that wait is over only when its ``select`` returns: on the next input,
or when its 100 ms timeout runs out. So a lone Escape (closing any dialog) reached the
app about 100 ms after the key whatever ``ESCDELAY`` said, and a key typed within those
100 ms was read as Alt and that key.

``EscapeDriver`` waits in ``select`` only until the parser's wait is over. It also writes
each frame with the fewest style codes that show it (``.sgr``), and leaves out a frame
that repeats the one just written (a dialog's opening sent the whole screen twice, the
same bytes): a terminal takes longer to show more bytes.
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder

from textual import events
from textual._loop import loop_last
from textual._parser import ParseError
from textual._time import get_time
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message
from textual.messages import InBandWindowResize

from .sgr import compact, repaints_only

#: writes that leave the screen as it is: the start and end of a synchronized frame
_NEUTRAL = ("\x1b[?2026h", "\x1b[?2026l")

#: seconds the input thread waits for input when the parser waits for nothing (Textual's)
IDLE_WAIT = 0.1


def wait_for(timeout_at: float | None, now: float) -> float:
    """Seconds to wait for input: until the parser's wait ends (``timeout_at``, on the
    clock of ``now``), at most ``IDLE_WAIT``."""
    if timeout_at is None:
        return IDLE_WAIT
    return min(IDLE_WAIT, max(0.0, timeout_at - now))


class EscapeDriver(LinuxDriver):
    """Textual's Linux and macOS driver, reporting a lone Escape ``ESCDELAY`` ms after it
    came, and writing frames with fewer style codes (see the module)."""

    #: the last write, if it only set cells at the places it names (``sgr.repaints_only``)
    _last_frame = ""

    def write(self, data: str) -> None:
        data = compact(data)
        if data in _NEUTRAL:  # (around each frame, if the terminal has synchronized output)
            super().write(data)
            return
        if data == self._last_frame:
            return  # the same frame again, right after itself: the screen shows it already
        self._last_frame = data if repaints_only(data) else ""
        super().write(data)

    def process_message(self, message: Message) -> None:
        if isinstance(message, (events.Resize, InBandWindowResize)):
            self._last_frame = ""  # the terminal may have redrawn or cleared what it showed
        super().process_message(message)

    def start_application_mode(self) -> None:
        self._last_frame = ""  # (again after a suspend: the shell's screen is shown)
        super().start_application_mode()

    def run_input_thread(self) -> None:
        """Wait for input and dispatch events (Textual's, but for the wait)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        EVENT_READ = selectors.EVENT_READ
        parser = XTermParser(self._debug)
        feed = parser.feed
        tick = parser.tick
        decode = getincrementaldecoder("utf-8")().decode
        read = os.read

        def process_selector_events(
            selector_events: list[tuple[selectors.SelectorKey, int]], final: bool = False
        ) -> None:
            for last, (_selector_key, mask) in loop_last(selector_events):
                if mask & EVENT_READ:
                    unicode_data = decode(read(fileno, 1024 * 4), final=final and last)
                    if not unicode_data:
                        break  # stdin is piped
                    for event in feed(unicode_data):
                        self.process_message(event)
            for event in tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process_selector_events(selector.select(wait_for(parser._timeout_time, get_time())))
            selector.unregister(self.fileno)
            process_selector_events(selector.select(IDLE_WAIT), final=True)
        finally:
            selector.close()
            try:
                for _event in feed(""):
                    pass
            except (EOFError, ParseError):
                pass
