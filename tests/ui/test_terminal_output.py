"""The app's output to the terminal: fewer bytes, the same screen."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.color import Color, ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from terminal_model import Terminal
from test_voyage_play import busy_voyage_position
from textual import events
from textual._compositor import Compositor, LayoutUpdate
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.pilot import Pilot
from textual.strip import Strip
from ui_helpers import SIZE, from_state, make_app, press

from bohnanza_tui.ui import sgr
from bohnanza_tui.ui.compositor import changed_cells
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


def test_the_style_caches_stay_bounded_and_still_compact_right() -> None:
    # every frame in new colours (themes, tints): the caches are emptied, not grown
    for n in range(3 * sgr.CACHE_LIMIT):
        colour = f"\x1b[38;2;{n % 256};{n // 256 % 256};7;48;2;1;2;3m"
        data = "\x1b[1;1H" + colour + "ab\x1b[0m" + colour + "cd\x1b[0m"
        compacted = sgr.compact(data)
        assert len(sgr._applied) <= sgr.CACHE_LIMIT + 4
        assert len(sgr._changes) <= sgr.CACHE_LIMIT + 4
    assert compacted == "\x1b[1;1H" + colour + "abcd\x1b[0m"


def test_a_write_with_a_code_it_does_not_know_goes_out_as_it_is() -> None:
    data = "\x1b[1;1H\x1b[58;5;3mab\x1b[0m\x1b[1mcd\x1b[0m"
    assert sgr.compact(data) == data
    assert sgr.compact("no codes") == "no codes"


def test_a_repaint_only_sets_cells_at_places_it_names() -> None:
    assert sgr.repaints_only("\x1b[1;1H\x1b[1mab\x1b[0m\x1b[3;4Hc字\x1b[?25l")
    assert sgr.repaints_only("\x1b[0m\x1b[2;1Hab")
    assert not sgr.repaints_only("ab\x1b[1;1Hcd")  # text where the cursor happens to be
    assert not sgr.repaints_only("\x1b[1;1Hab\ncd")  # a line feed: relative
    assert not sgr.repaints_only("\x1b[1;1Hab\x1b[2Ccd")  # a relative move
    assert not sgr.repaints_only("\x1b[1;1Hab\a")
    assert not sgr.repaints_only("\x1b[2J\x1b[1;1Hab")  # clears the screen


def test_the_driver_leaves_out_a_frame_that_repeats_the_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    written: list[str] = []
    monkeypatch.setattr(LinuxDriver, "write", lambda _driver, text: written.append(text))
    monkeypatch.setattr(LinuxDriver, "process_message", lambda _driver, _message: None)
    driver = EscapeDriver.__new__(EscapeDriver)  # (no terminal: only its write is called)
    frame = "\x1b[1;1H\x1b[1mab\x1b[0m\x1b[2;1Hcd"
    for data in (frame, "\x1b[?2026h", frame, "\x1b[?2026l"):
        driver.write(data)
    assert written == [frame, "\x1b[?2026h", "\x1b[?2026l"]  # (sync markers between: no matter)
    driver.write("\x1b[2J")  # something else between: the frame goes out again
    driver.write(frame)
    driver.process_message(events.Resize(Size(80, 24), Size(80, 24)))
    driver.write(frame)  # the terminal was resized: it may show something else
    assert written[-3:] == ["\x1b[2J", frame, frame]
    bell = "\x1b[1;1Hab\a"
    driver.write(bell)
    driver.write(bell)
    assert written[-2:] == [bell, bell]


def test_the_driver_writes_compacted_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    monkeypatch.setattr(LinuxDriver, "write", lambda _driver, text: written.append(text))
    driver = EscapeDriver.__new__(EscapeDriver)  # (no terminal: only its write is called)
    driver.write("\x1b[1;1H\x1b[1mab\x1b[0m\x1b[1mcd\x1b[0m")
    assert written == ["\x1b[1;1H\x1b[1mabcd\x1b[0m"]


class Written:
    """An app's writes to the terminal (as a terminal would get them, in truecolour), read
    by a model of a terminal; and the screen a full repaint of it sends."""

    def __init__(
        self, app: App[None], monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = SIZE
    ) -> None:
        self.app = app
        self.size = size
        self.writes: list[str] = []
        self.terminal = Terminal(*size)
        monkeypatch.setattr(app.console, "_color_system", ColorSystem.TRUECOLOR)
        monkeypatch.setattr(HeadlessDriver, "is_headless", property(lambda _driver: False))

    def start(self) -> None:
        """From now on (the app running): every frame is rendered and written."""
        app = self.app
        assert app._driver is not None
        app._driver.write = self._write  # type: ignore[method-assign]
        app.screen.refresh()  # a full repaint first: the model starts from a known screen

    def _write(self, data: str) -> None:
        self.writes.append(data)
        self.terminal.feed(data)

    def repainted(self) -> Terminal:
        """The screen as a full repaint of it sends it (Textual's, all the screens shown)."""
        app = self.app
        update = Compositor.render_update(
            app.screen._compositor, full=True, screen_stack=app._background_screens
        )
        assert isinstance(update, LayoutUpdate)
        terminal = Terminal(*self.size)
        terminal.feed(update.render_segments(app.console))
        return terminal


def _busy(app: App[None]) -> bool:
    """Is anything of the screen still to be laid out or painted? The screen's own flags, and
    a widget's refresh that has not reached the screen yet (a widget notes it, and tells the
    screen when its own messages are done: a full repaint meanwhile would already show it)."""
    screen = app.screen
    if (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._dirty_widgets
        or screen._compositor._dirty_regions
        or not app._message_queue.empty()
        or not screen._message_queue.empty()
    ):
        return True
    return any(
        widget._layout_required
        or widget._repaint_required
        or widget._scroll_required
        or not widget._message_queue.empty()
        for widget in screen.walk_children(with_self=False)
    )


async def settled(pilot: Pilot[None]) -> None:
    """Until the screen has nothing left to lay out or paint (a loaded machine may leave a
    frame for the next tick of its update timer, or a widget's refresh for its next idle)."""
    for _ in range(100):
        await pilot.pause()
        if not _busy(pilot.app):
            return
        await asyncio.sleep(0.01)


def differences(a: Terminal, b: Terminal) -> list[str]:
    """The rows where two terminals differ, as both show them (empty: none)."""
    out = []
    for y in [y for y in range(len(a.cells)) if a.cells[y] != b.cells[y]]:
        x = next(x for x, (c, d) in enumerate(zip(a.cells[y], b.cells[y], strict=True)) if c != d)
        out.append(
            f"row {y}:\n  shown     {a.rows()[y]!r}\n  repainted {b.rows()[y]!r}"
            f"\n  first at column {x}: {a.cells[y][x]!r} / {b.cells[y][x]!r}"
        )
    return out


#: a size at which the five players of ``busy_voyage_position`` keep their larger panels
#: (at 120x40 they do not fit: ``TableView._fit_players`` shows them in a few lines each)
LARGER = (160, 50)


@pytest.mark.parametrize("size", [LARGER, (120, 40), (100, 30), (80, 24)])
async def test_after_every_key_the_terminal_shows_what_a_full_repaint_shows(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The table sends, of each piece it repaints, only the cells that changed: what the
    terminal then shows, after each of these keys, is what a full repaint shows. The keys
    move on the table, open and close dialogs (another screen paints meanwhile), the
    command line, the side area; on the tables of four sizes (at 120x40 and below compact:
    these five players are shown in a few lines each).

    At 80x24 the second ``v`` shows the island map, with a scrollbar, where the whole log
    showed with one: the map's scrollbar was left unplaced (no second layout pass), and a
    full repaint, which places it, showed the map's rows blank. At the larger sizes the same
    showed now and then, after the ``1`` that follows ``v``, as an island-map row one row off."""
    app = make_app(from_state(busy_voyage_position()))
    written = Written(app, monkeypatch, size)
    keys = ["1", "u", "1", "question_mark", "question_mark", "u", "h", "escape", "1"]
    keys += ["colon", "escape", "v", "1", "v", "v", "u", "1", "e", "t", "escape"]
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter")
        written.start()
        await settled(pilot)
        assert app.screen.has_class("-compact") is (size != LARGER)
        assert not differences(written.terminal, written.repainted())
        for n, key in enumerate(keys):
            count = len(written.writes)
            await press(pilot, key)
            await settled(pilot)
            if size == LARGER:  # (each key changes the screen; elsewhere a view may hide it)
                assert len(written.writes) > count, (n, key)
            shown = differences(written.terminal, written.repainted())
            assert not shown, f"after key {n} ({key}):\n" + "\n".join(shown)


async def test_a_plant_sends_a_fraction_of_the_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plant and an undo repaint the log's rows (it scrolls), a field, the hand, the status:
    of these, the changed cells go out, in the fewest style codes."""
    app = make_app(from_state(busy_voyage_position()))
    written = Written(app, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        written.start()
        await pilot.pause()
        sizes = []
        for key in ("1", "u", "1", "u", "1"):
            count = len(written.writes)
            await press(pilot, key)
            sent = "".join(written.writes[count:])
            compacted = sgr.compact(sent)
            before, after = Terminal(*SIZE), Terminal(*SIZE)
            before.feed(sent)
            after.feed(compacted)
            assert after.cells == before.cells and after.style == before.style
            sizes.append((len(sent.encode()), len(compacted.encode())))
        # the first plant after a full repaint sends whole pieces (their style codes cut by a
        # third or more; in a full run a frame can come in it as well); from then on, changed cells
        assert all(compacted < 0.75 * whole for whole, compacted in sizes), sizes
        assert all(compacted < 2000 for _whole, compacted in sizes[1:]), sizes


line_segments = st.lists(
    st.tuples(
        st.sampled_from(["a", "ab", "ba", " ", "   ", "字", "x字"]),
        st.sampled_from(
            [None, Style(bold=True), Style(color="red"), Style(color="red", bold=True)]
        ),
    ),
    max_size=6,
)


@settings(max_examples=300, deadline=None)
@given(line_segments, line_segments)
def test_the_changed_cells_of_a_piece_turn_the_old_piece_into_the_new(
    old_parts: list[tuple[str, Style | None]], new_parts: list[tuple[str, Style | None]]
) -> None:
    """Of two strips of one width, sending the new one's cells from ``first`` to ``last``
    over the old one shows the new one."""
    console = Console(color_system="truecolor", force_terminal=True)
    old = Strip([Segment(text, style) for text, style in old_parts])
    new = Strip([Segment(text, style) for text, style in new_parts])
    width = max(old.cell_length, new.cell_length)
    old, new = old.extend_cell_length(width), new.extend_cell_length(width)
    first, last = changed_cells(old, new)
    assert 0 <= first <= last <= width
    terminal, wanted = Terminal(WIDTH, 1), Terminal(WIDTH, 1)
    terminal.feed("\x1b[1;1H" + old.render(console))
    wanted.feed("\x1b[1;1H" + new.render(console))
    if first < last:
        terminal.feed(f"\x1b[1;{first + 1}H" + new.crop(first, last).render(console))
    assert terminal.cells == wanted.cells
