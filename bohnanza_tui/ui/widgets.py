"""The table's widgets: each renders one part of a player's view (``render``) and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.suggester import Suggester
from textual.widgets import Input, RichLog, Static

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import GameState

from . import render
from .keybar import KeyBar

__all__ = ["CommandBar", "EventLog", "KeyBar", "Panel", "PlayerPanel"]


class Panel(Static):
    """A Static that repaints only when its content really changed (a layout pass is costly).

    When the new content takes as many lines as the old at the panel's width,
    the panel keeps its size: it repaints without a layout of the whole screen.
    ``show_flow`` takes content made for the panel's width and makes it again
    when the width changes (lines that break between cards, never inside one).
    """

    _shown: object = None
    _make: Callable[[int], Content] | None = None
    _made_for = 0

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
        lines = len(content.wrap(width)) if width > 0 else 0
        held, self._hold = hold is not None and hold == self._hold, hold
        if held and 0 < lines < height:
            content = Content("\n").join([content, *[Content()] * (height - lines)])
            lines = height
        # as many lines as the panel has now (laid out at this width): no layout needed
        same_size = width > 0 and lines == height
        # a hidden panel needs no layout now: showing it again lays the screen out anyway
        self.update(content, layout=not same_size and self.display)

    def flow_width(self) -> int:
        """The width to lay lines out for: the panel's, or before its first layout the screen's."""
        width = self.content_size.width
        if width > 0:
            return width
        return max(10, self.app.size.width - self.styles.gutter.width - 4)

    def show_flow(self, make: Callable[[int], Content], hold: object = None) -> None:
        self._make = make
        self._made_for = self.flow_width()
        self.show_content(make(self._made_for), hold)

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

    def render_lines(self, crop: Region) -> list[Strip]:
        # each new line scrolls the log, so every line is painted again: RichLog works out
        # the widget's style (its colours through all its parents) for each of them
        self._painting = (self.rich_style, self.scrollable_content_region.width)
        try:
            return super().render_lines(crop)
        finally:
            self._painting = None

    def render_line(self, y: int) -> Strip:
        if self._painting is None:
            return super().render_line(y)
        style, width = self._painting
        scroll_x, scroll_y = self.scroll_offset
        return self._render_line(scroll_y + y, scroll_x, width).apply_style(style)

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
    """The command line (``:`` or ``/``): the text command language with completion."""

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
        yield Static("", id="command-hint")
        yield Input(
            placeholder=_("type a command, e.g. plant 1 · help · Tab/→ completes · Esc closes"),
            suggester=CommandSuggester(self.complete),
            id="command-input",
        )

    def open(self) -> None:
        self.display = True
        self.hint("")
        inp = self.query_one(Input)
        inp.value = ""
        inp.focus()

    def clear(self) -> None:
        """Empty the input line (the last command was carried out)."""
        self.query_one(Input).value = ""

    def reset(self) -> None:
        """Closed and empty, its last answer gone: the keyboard passes to another person."""
        if self.display:
            self.display = False
            self.clear()
            self.hint("")

    def hint(self, text: str | Content, error: bool = False) -> None:
        if error and isinstance(text, str):
            text = Content.styled("✗ " + text, "$text-error")
        elif isinstance(text, str):
            text = Content(text)  # typed text and names are never markup
        self.query_one("#command-hint", Static).update(text)

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
        self.post_message(self.Closed())
