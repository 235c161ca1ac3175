"""The table's widgets: each renders one part of a player's view (``render``) and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil
from typing import TYPE_CHECKING, Self

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.suggester import Suggester
from textual.visual import Visual, VisualType
from textual.widget import Widget
from textual.widgets import Input, RichLog, Static

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import GameState

from . import render
from .keybar import KeyBar

__all__ = [
    "Area",
    "CommandBar",
    "CommandHint",
    "EventLog",
    "KeyBar",
    "Panel",
    "PlayerPanel",
    "SparesRepaint",
]


if TYPE_CHECKING:
    _Widget = Widget
else:
    _Widget = object  # a mixin: Textual takes a class's CSS from its first DOMNode base only


class SparesRepaint(_Widget):
    """A widget (or screen) that drops a whole repaint, one that names no region and asks no
    layout, when ``_repaint_needless`` knows that nothing it shows would change: Textual
    asks for such repaints freely, and each costs a frame's worth of lines. Put it before
    the Textual class it goes with: ``class Panel(SparesRepaint, Static)``."""

    def _repaint_needless(self) -> bool:
        return False

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if not (regions or layout or recompose) and self._repaint_needless():
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


#: how many rendered contents a panel keeps (``Panel._strips``)
KEPT_RENDERS = 4


class Panel(SparesRepaint, Static):
    """A Static that repaints only what really changed (a layout pass is costly).

    When the new content takes as many lines as the old at the panel's width,
    the panel keeps its size: it repaints without a layout of the whole screen,
    and only the lines that differ from the ones painted (a field planted
    repaints that field's line, not the whole panel). ``show_flow`` takes
    content made for the panel's width and makes it again when the width
    changes (lines that break between cards, never inside one).
    """

    _shown: object = None
    _make: Callable[[int], Content] | None = None
    _made_for = 0
    #: what the content shown was made from (``show_flow``'s ``key``), and for which width
    _flow_shown: object = None

    #: the content's lines as painted (Line API), and what they were rendered for
    _lines: list[Strip] | None = None
    _lines_for: object = None
    #: set while ``update`` runs for a panel that keeps its size: no repaint of every line
    _lines_only = False

    def on_mount(self) -> None:
        # clickable parts keep their bean colours: no web-link underline and link colour
        self.auto_links = False

    #: while the same ``hold`` is given, the panel keeps its lines when new content needs fewer
    _hold: object = None

    def show_content(self, content: Content, hold: object = None) -> None:
        """Show ``content``; with ``hold`` (any token) as the last time, the panel doesn't shrink.

        A panel that changes its height lays out the whole screen, two or three
        passes (about 50 ms each on a 5-player Bohn Voyage table): the hand, a line
        shorter after planting a card and a line longer after undoing it, keeps
        its height for the turn instead.
        """
        key = (_key(content), hold)
        if key == self._shown:
            return
        self._shown = key
        width, height = self.content_size
        painted = self._render_key()
        lines = self._strips(content, width) if width > 0 else []
        held, self._hold = hold is not None and hold == self._hold, hold
        if held and 0 < len(lines) < height:
            content = Content("\n").join([content, *[Content()] * (height - len(lines))])
            lines = self._strips(content, width)
        # as many lines as the panel has now (laid out at this width): no layout needed
        same_size = width > 0 and len(lines) == height
        if same_size and self._lines is not None and self._lines_for == painted:
            self._repaint_changed(content, lines, painted)
            return
        # a hidden panel needs no layout now: showing it again lays the screen out anyway
        self.update(content, layout=not same_size and self.display)

    #: the lines of the last contents rendered (``_strips``), by what they were rendered from
    _rendered: dict[object, list[Strip]] | None = None

    def _strips(self, content: Content, width: int) -> list[Strip]:
        """``content``'s lines as the panel paints them at ``width`` (all of them).

        The last few contents' lines are kept: an undo shows what the panel showed
        before the move, ← → go back and forth between the same pieces.
        """
        key = (_key(content), width, self._render_key(), self.styles._cache_key)
        if self._rendered is None:
            self._rendered = {}
        lines = self._rendered.pop(key, None)  # (put back last: the most recent stays)
        if lines is None:
            lines = Visual.to_strips(self, content, width, None, self.visual_style)
            if len(self._rendered) >= KEPT_RENDERS:
                del self._rendered[next(iter(self._rendered))]
        self._rendered[key] = lines
        return lines

    def _repaint_changed(self, content: Content, after: list[Strip], painted: object) -> None:
        """The new content at the same size: repaint the lines that differ from the painted ones."""
        before = self._lines or []
        self._lines_only = True
        try:
            self.update(content, layout=False)
        finally:
            self._lines_only = False
        self._lines, self._lines_for = after, painted
        width = self.size.width
        changed = [
            Region(0, y, width, 1)
            for y in range(len(after))
            if y >= len(before) or after[y] != before[y]
        ]
        if changed:
            self.refresh(*changed)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._lines = None
        super().update(content, layout=layout)

    def _repaint_needless(self) -> bool:
        return self._lines_only  # ``_repaint_changed`` names the lines that changed

    def _render_key(self) -> object:
        """What the painted lines depend on besides the content."""
        return (self.size, self.visual_style, self.text_selection, self.app.theme)

    def _content_lines(self) -> list[Strip]:
        key = self._render_key()
        if self._lines is None or self._lines_for != key:
            width, height = self.size
            self._lines = Visual.to_strips(self, self.visual, width, height, self.visual_style)
            self._lines_for = key
        return self._lines

    def render_line(self, y: int) -> Strip:
        lines = self._content_lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def flow_width(self) -> int:
        """The width to lay lines out for: the panel's, or before its first layout the screen's."""
        width = self.content_size.width
        if width > 0:
            return width
        return max(10, self.app.size.width - self.styles.gutter.width - 4)

    def show_flow(
        self, make: Callable[[int], Content], hold: object = None, key: object = None
    ) -> None:
        """Show ``make(width)``; with ``key`` (what the content is made from) as the last time
        at this width, nothing is made again."""
        width = self.flow_width()
        shown = None if key is None else (key, width, hold)
        if shown is not None and shown == self._flow_shown:
            return
        self._make = make
        self._made_for = width
        self.show_content(make(width), hold)
        self._flow_shown = shown

    def on_resize(self, event: events.Resize) -> None:
        if self._make is not None and self.content_size.width not in (0, self._made_for):
            # after this layout pass: a layout asked for during it would be lost
            self.call_later(self._reflow)

    def _reflow(self) -> None:
        if self._make is not None:
            self.show_flow(self._make)


def _key(content: Content) -> object:
    # Content's own == compares the text only; a style change must repaint too
    return (content.plain, tuple(content.spans))


class PlayerPanel(Panel):
    """One player's public side of the table: coins, hand size, fields, and the voyage things.

    ``compact`` (a small terminal): the person at the keyboard's panel fits its
    width, and another player's is the short summary in a few lines.
    """

    def __init__(self, player: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.player = player
        self._title: object = None
        self._signature: object = None
        self._shown_with: tuple[GameState, int | None, bool, bool] | None = None

    def show(
        self,
        state: GameState,
        viewer: int | None,
        *,
        wide: bool = False,
        computer: bool = False,
        compact: bool = False,
    ) -> None:
        self._shown_with = (state, viewer, wide, computer) if compact else None
        width = self.flow_width() if compact else None
        # most key presses change one player's side of the table: leave the others alone
        signature = (
            self.player,
            wide,
            computer,
            width,
            render.panel_signature(state, self.player, viewer),
        )
        if signature == self._signature:
            return
        self._signature = signature
        title = render.panel_title(state, self.player, viewer, computer)
        if _key(title) != self._title:
            self._title = _key(title)
            self.border_title = title
        self.set_class(self.player == state.active and not state.over, "-active")
        self.set_class(self.player == viewer, "-viewer")
        if width is not None and not wide:
            content = render.player_summary(state, self.player, viewer, width, computer)
        else:
            content = render.player_panel(state, self.player, viewer, wide=wide, width=width)
        self.show_content(content)

    def on_resize(self, event: events.Resize) -> None:
        if self._shown_with is not None and self.content_size.width:
            self.call_later(self._show_again)

    def _show_again(self) -> None:
        shown = self._shown_with
        if shown is not None:
            state, viewer, wide, computer = shown
            self.show(state, viewer, wide=wide, computer=computer, compact=True)


class Area(VerticalScroll):
    """A scrolling area of the table, which looks the same with and without the focus.

    Gaining or losing the focus repaints nothing: Textual repaints the whole area,
    every panel in it, when the command line takes the focus from it and when it
    gets it back (Textual's handlers, without their ``refresh``).
    """

    def _on_focus(self, event: events.Focus) -> None:
        event.prevent_default()
        self.has_focus = True
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def _on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))


class QuietScrollBar(SparesRepaint, ScrollBar):
    """A scrollbar that repaints only when it would look different.

    A line written to a long log moves the thumb by a fraction of an eighth of
    a cell (the finest step it draws): mostly the bar looks the same, but
    Textual repaints it, a line per row, at each of the three values that move.
    """

    #: what the bar looked like when it was last rendered (see ``_look``)
    _painted: object = None

    def _look(self) -> object:
        """All a repaint of the bar depends on: the thumb's ends as drawn, size, state, colours."""
        virtual = ceil(self.window_virtual_size)
        window = ceil(self.window_size if self.window_size < self.window_virtual_size else 0)
        size = self.size.height if self.vertical else self.size.width
        thumb: tuple[int, int] | None = None
        if window and size and virtual and size != virtual:
            # ScrollBarRender.render_bar's arithmetic, in eighths of a cell
            thumb_size = max(1, window / (virtual / size))
            start = int((size - thumb_size) * (self.position / (virtual - window)) * 8)
            thumb = (start, start + ceil(thumb_size * 8))
        parent = self.parent
        styles = parent.styles if parent is not None else None
        colours = (
            None
            if styles is None
            else (
                styles.scrollbar_background,
                styles.scrollbar_color,
                styles.scrollbar_background_hover,
                styles.scrollbar_color_hover,
                styles.scrollbar_background_active,
                styles.scrollbar_color_active,
            )
        )
        return (
            thumb,
            self.size,
            self.thickness,
            self.vertical,
            bool(self.grabbed),
            self.mouse_over,
            colours,
            self.app.theme,
        )

    def render(self) -> RenderableType:
        self._painted = self._look()
        return super().render()

    def _repaint_needless(self) -> bool:
        return self._painted is not None and self._look() == self._painted

    #: the rows last rendered, and the look and the part of the bar they were rendered for
    _rows: list[Strip] | None = None
    _rows_for: object = None

    def render_lines(self, crop: Region) -> list[Strip]:
        # a frame that repaints the log under it renders the bar as well, a row per row of
        # the log: the same rows while the bar looks the same
        key = (self._look(), crop)
        if self._rows is None or key != self._rows_for:
            self._rows = super().render_lines(crop)
            self._rows_for = (self._painted, crop)
        return self._rows


class EventLog(RichLog):
    """The game's log: every event, and every refusal with its rule id.

    A RichLog wraps a line once, when it is written; the log keeps its lines
    and wraps them again when its width changes, so a resized terminal shows
    them whole.
    """

    def on_mount(self) -> None:
        self._entries: list[Text] = []
        self._wrapped_at = 0

    #: lines are being added to a log that overflows already: no layout of the screen
    _quiet_layout = False

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The log's scrollbar (Textual's, made as Textual makes it), quiet while it looks the same."""
        if self._vertical_scrollbar is None:
            bar = QuietScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self._vertical_scrollbar = bar
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    def _add(self, *texts: Text) -> None:
        """Write lines, and show the last one in the same frame as the rest of the move.

        RichLog would lay the whole screen out for each line (its virtual size grows)
        and scroll a frame later. Once the log overflows, its scrollbar stays as it is
        but for the thumb: the log updates the scrollbar itself and skips the layout;
        it scrolls at once.
        """
        sized = getattr(self, "_size_known", False)  # before that, RichLog holds the lines back
        self._quiet_layout = sized and self.max_scroll_y > 0 and self.show_vertical_scrollbar
        try:
            for text in texts:
                self._entries.append(text)
                self.write(text, scroll_end=None if not sized else False)
        finally:
            quiet, self._quiet_layout = self._quiet_layout, False
        if quiet:
            self._scroll_update(self.virtual_size)  # the thumb's size (as a layout would)
        if sized and texts:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        layout = layout and not self._quiet_layout
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    #: the log's style and width while it paints (``render_lines``), worked out once
    _painting: tuple[Style, int] | None = None
    #: the log's rows as last painted (with their border), by the line of the log they show
    _rows: dict[int, Strip] | None = None
    _rows_for: object = None

    def render_lines(self, crop: Region) -> list[Strip]:
        # each new line scrolls the log, so every line is painted again: RichLog works out
        # the widget's style (its colours through all its parents) for each of them
        width = self.scrollable_content_region.width
        self._painting = (self.rich_style, width)
        # a row that shows a line painted before (a row higher up, before the log scrolled)
        # takes that painted row: only the new lines are painted
        scroll_x, scroll_y = self.scroll_offset
        top = self.styles.gutter.top
        content = range(top, top + self.scrollable_content_region.height)
        paint = (
            self.size,
            width,
            scroll_x,
            self._widest_line_width,
            self._start_line,
            self.styles._cache_key,
            self.background_colors,
            self.text_selection,
            self.app.theme,
        )
        if paint != self._rows_for:
            self._rows, self._rows_for = None, paint
        cache = self._styles_cache
        count = len(self.lines)
        if self._rows is not None:
            for y in content:
                line = scroll_y + y - top
                if line < count and line in self._rows:
                    cache._cache[y] = self._rows[line]
                    cache._dirty_lines.discard(y)
        try:
            strips = super().render_lines(crop)
        finally:
            self._painting = None
        self._rows = {
            scroll_y + y - top: cache._cache[y]
            for y in content
            if y in cache._cache and scroll_y + y - top < count
        }
        return strips

    def render_line(self, y: int) -> Strip:
        if self._painting is None:
            return super().render_line(y)
        style, width = self._painting
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)

    def clear(self) -> Self:
        self._rows = None  # other lines may come at the same places
        return super().clear()

    def add_events(self, lines: list[str]) -> None:
        self._add(*(Text(line) for line in lines))

    def add_refusal(self, text: str) -> None:
        self._add(Text("✗ " + text, style="bold"))

    def add_note(self, text: str) -> None:
        self._add(Text("· " + text, style="italic"))

    def on_resize(self, event: events.Resize) -> None:
        # (RichLog's own handler runs as well: Textual calls each class's handler)
        width = self.scrollable_content_region.width
        if width and self._wrapped_at and width != self._wrapped_at:
            self.clear()
            for text in self._entries:
                self.write(text, scroll_end=False)
            self.scroll_end(animate=False, immediate=False)
        self._wrapped_at = width or self._wrapped_at


class CommandSuggester(Suggester):
    """Ghost-text completion from ``commands.completions`` for the player at the keyboard."""

    def __init__(self, complete: Callable[[str], list[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        if not value:
            return None
        for option in self.complete(value):
            full = complete_line(value, option)
            if full != value and full.startswith(value):
                return full
        return None


def complete_line(value: str, option: str) -> str:
    """An option is either a whole command line or the next word: make it a whole line."""
    if option.startswith(value):
        return option
    head = value[: value.rfind(" ") + 1]
    return head + option


class CommandBar(Vertical):
    """The command line (``:`` or ``/``): the text command language with completion.

    It opens over the key bar, on a layer of its own (the table's ``command``
    layer), and its hint (the last command's answer, or the completions of what
    is typed; ``CommandHint``) over the rule above the hand: the table keeps its
    layout while the line opens and closes (a layout of the whole table at
    another height cost some 75 ms each way), the hand stays in view, and the
    keys covered don't act while a command is typed.
    """

    BINDINGS = [
        Binding("escape", "close", _("Close"), show=False),
        Binding("tab", "complete", _("Complete"), show=False),
    ]

    class Submitted(Message):
        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Closed(Message):
        pass

    def __init__(self, complete: Callable[[str], list[str]], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.complete = complete

    def compose(self) -> ComposeResult:
        yield Input(
            placeholder=_("type a command, e.g. plant 1 · help · Tab/→ completes · Esc closes"),
            suggester=CommandSuggester(self.complete),
            id="command-input",
        )

    def _hint(self) -> CommandHint:
        return self.screen.query_one(CommandHint)

    def open(self, rows: int = 1, above: int = 1) -> None:
        """Show the line over the bottom ``rows`` rows (the key bar's), focused and empty;
        its hint ends ``above`` rows over the bottom of the screen."""
        self.styles.height = max(1, rows)
        self._hint().styles.margin = (0, 0, max(rows, above), 0)
        self._cover_keys(True)
        self.display = True
        self.hint("")
        inp = self.query_one(Input)
        inp.value = ""
        inp.focus()

    def _cover_keys(self, covered: bool) -> None:
        for bar in self.screen.query(KeyBar):
            bar.cover(covered)

    def place_hint(self, above: int) -> None:
        """The rows under the hint changed (the table was laid out again): it moves along."""
        if self.display:
            self._hint().styles.margin = (0, 0, max(self.size.height, above), 0)

    def clear(self) -> None:
        """Empty the input line (the last command was carried out)."""
        self.query_one(Input).value = ""

    def reset(self) -> None:
        """Closed and empty, its last answer gone: the keyboard passes to another person."""
        if self.display:
            self.display = False
            self._cover_keys(False)
            self.clear()
            self.hint("")

    def hint(self, text: str | Content, error: bool = False) -> None:
        if error and isinstance(text, str):
            text = Content.styled("✗ " + text, "$text-error")
        elif isinstance(text, str):
            text = Content(text)  # typed text and names are never markup
        hint = self._hint()
        hint.update(text)
        hint.display = self.display and bool(text.plain)

    def action_complete(self) -> None:
        """Tab takes the ghost-text completion, as the right arrow does."""
        inp = self.query_one(Input)
        if inp.cursor_at_end:
            inp.action_cursor_right()

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if not event.value:
            return  # keep the last result ("Done", or why not) until something is typed
        options = [complete_line(event.value, o) for o in self.complete(event.value)][:8]
        self.hint(Content.styled("  ".join(options), "$foreground-muted") if options else "")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if text:
            self.post_message(self.Submitted(text))

    def action_close(self) -> None:
        self.display = False
        self._hint().display = False
        self._cover_keys(False)
        self.post_message(self.Closed())


class CommandHint(Static):
    """The command line's answer or completions, over the rule above the hand (``CommandBar``)."""
