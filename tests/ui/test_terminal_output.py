"""The app's output to the terminal: fewer bytes, the same screen."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import Color
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from terminal_model import Terminal
from textual.drivers.linux_driver import LinuxDriver
from textual.strip import Strip

from bohnanza_tui.ui import sgr
from bohnanza_tui.ui.driver import EscapeDriver

WIDTH, HEIGHT = 30, 6

colours = st.one_of(
    st.none(),
    st.sampled_from(["red", "bright_green", "default"]),
    st.integers(16, 255).map(lambda n: f"color({n})"),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)).map(
        lambda rgb: Color.from_rgb(*rgb).name
    ),
)
styles = st.one_of(
    st.none(),
    st.builds(
        Style,
        color=colours,
        bgcolor=colours,
        bold=st.sampled_from([None, True]),
        dim=st.sampled_from([None, True]),
        italic=st.sampled_from([None, True]),
        underline=st.sampled_from([None, True]),
        underline2=st.sampled_from([None, True]),
        reverse=st.sampled_from([None, True]),
        strike=st.sampled_from([None, True]),
        overline=st.sampled_from([None, True]),
    ),
)
segments = st.lists(
    st.tuples(st.sampled_from(["a", "bc", " ", "    ", "│", "字"]), styles), min_size=1, max_size=5
)
#: pieces of lines at places of the screen, as Textual's frames send them
chops = st.lists(
    st.tuples(st.integers(0, HEIGHT - 1), st.integers(0, 4), segments, st.booleans()),
    min_size=1,
    max_size=10,
)


def frame(pieces: list[tuple[int, int, list[tuple[str, Style | None]], bool]], system: str) -> str:
    """Pieces rendered as Textual renders a frame: a cursor move, then the strip's text (Textual's
    own rendering of it), a line feed between the lines."""
    console = Console(color_system=system, force_terminal=True)  # type: ignore[arg-type]
    out = []
    for y, x, parts, feed in pieces:
        strip = Strip([Segment(text, style) for text, style in parts])
        out.append(f"\x1b[{y + 1};{x + 1}H" + strip.render(console))
        if feed and y < HEIGHT - 1:
            out.append("\n")
    return "".join(out)


def shown(data: str) -> tuple[list[list[object]], dict[str, str]]:
    terminal = Terminal(WIDTH, HEIGHT)
    terminal.feed(data)
    return [list(row) for row in terminal.cells], dict(terminal.style)


@settings(max_examples=300, deadline=None)
@given(chops, st.sampled_from(["truecolor", "256", "standard"]))
def test_compacted_output_shows_the_same_cells_in_the_same_styles(
    pieces: list[tuple[int, int, list[tuple[str, Style | None]], bool]], system: str
) -> None:
    data = frame(pieces, system)
    compacted = sgr.compact(data)
    assert shown(compacted) == shown(data)
    assert len(compacted) <= len(data)


def test_style_changes_take_the_shorter_way() -> None:
    grey_on_black = "\x1b[38;2;224;224;224;48;2;30;30;30m"
    data = (
        "\x1b[1;1H" + grey_on_black + "ab\x1b[0m" + grey_on_black + "cd\x1b[0m"
        "\x1b[1;38;2;224;224;224;48;2;30;30;30mef\x1b[0m" + grey_on_black + "gh\x1b[0m"
        "\n\x1b[2;1H" + grey_on_black + "ij\x1b[0m"
    )
    assert sgr.compact(data) == (
        "\x1b[1;1H" + grey_on_black + "abcd\x1b[1mef\x1b[22mgh\x1b[2;1Hij\x1b[0m"
    )
    assert shown(sgr.compact(data)) == shown(data)


def test_a_write_with_a_code_it_does_not_know_goes_out_as_it_is() -> None:
    data = "\x1b[1;1H\x1b[58;5;3mab\x1b[0m\x1b[1mcd\x1b[0m"
    assert sgr.compact(data) == data
    assert sgr.compact("no codes") == "no codes"


def test_the_driver_writes_compacted_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    monkeypatch.setattr(LinuxDriver, "write", lambda _driver, text: written.append(text))
    driver = EscapeDriver.__new__(EscapeDriver)  # (no terminal: only its write is called)
    driver.write("\x1b[1;1H\x1b[1mab\x1b[0m\x1b[1mcd\x1b[0m")
    assert written == ["\x1b[1;1H\x1b[1mabcd\x1b[0m"]
