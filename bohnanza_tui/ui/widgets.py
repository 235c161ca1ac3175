"""The table's widgets: each renders one part of a player's view (``render``) and nothing else."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.suggester import Suggester
from textual.widgets import Input, Static

from bohnanza_tui.i18n import N_, _
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
]


class Panel(Static):
    """A Static that lays the screen out only when its height changes.

    When the new content takes as many lines as the old at the panel's width, the
    panel keeps its size and repaints without a layout of the whole screen.
    ``show_flow`` takes content made for the panel's width and makes it again when the
    width changes (lines that break between cards, never inside one).
    """

    _shown: object = None
    _make: Callable[[int], Content] | None = None
    _made_for = 0
    #: what the content shown was made from (``show_flow``'s ``key``), and for which width
    _flow_shown: object = None
    #: while the same ``hold`` is given, the panel keeps its lines when new content needs fewer
    _hold: object = None

    def on_mount(self) -> None:
        # clickable parts keep their bean colours: no web-link underline and link colour
        self.auto_links = False

    def show_content(self, content: Content, hold: object = None) -> None:
        """Show ``content``; with ``hold`` (any token) as the last time, the panel doesn't shrink.

        A panel that changes its height lays out the whole screen: the hand, a line
        shorter after planting a card and a line longer after undoing it, keeps its
        height for the turn instead.
        """
        key = (_key(content), hold)
        if key == self._shown:
            return
        self._shown = key
        width, height = self.content_size
        lines = content.get_height(self.styles, width) if width > 0 else 0  # type: ignore[arg-type]  # (as Widget measures)
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
    """A scrolling area of the table (the players, the board)."""


class EventLog(ScrollView, can_focus=True):
    """The game's log: every event, and every refusal with its rule id.

    A Line API widget: its lines are wrapped at its width as they are written, kept, and
    wrapped again when the width changes. Its scrollbar always shows (``overflow-y:
    scroll``), so a line written changes only the log's virtual height and the thumb:
    that is set without a layout of the whole screen (a log that grows lays out every
    panel of the table otherwise), and the log scrolls to its last line in the same frame.
    """

    DEFAULT_CSS = """
    EventLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._entries: list[Text] = []
        #: the entries' lines, wrapped at ``_width``
        self.lines: list[Strip] = []
        self._width = 0

    def _wrapped(self, text: Text) -> list[Strip]:
        console = self.app.console
        rendered = console.render_lines(text, console.options.update_width(self._width), pad=False)
        return [Strip(line) for line in rendered]

    def _add(self, *texts: Text) -> None:
        self._entries += texts
        if not self._width or not texts:
            return  # wrapped once the log has a width (``on_resize``)
        for text in texts:
            self.lines += self._wrapped(text)
        size = Size(self._width, len(self.lines))
        if self.vertical_scrollbar.display:  # laid out with its bar: the bar stays
            self.set_reactive(ScrollView.virtual_size, size)
            self.vertical_scrollbar.window_virtual_size = size.height
            self.refresh()
        else:
            self.virtual_size = size
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def add_events(self, lines: list[str]) -> None:
        self._add(*(Text(line) for line in lines))

    def add_refusal(self, text: str) -> None:
        self._add(Text("✗ " + text, style="bold"))

    def add_note(self, text: str) -> None:
        self._add(Text("· " + text, style="italic"))

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self.lines = [line for text in self._entries for line in self._wrapped(text)]
            self.virtual_size = Size(width, len(self.lines))
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        line = self.lines[index] if index < len(self.lines) else Strip.blank(width)
        return line.crop_extend(0, width, None).apply_style(self.rich_style)


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
        Binding("escape", "close", N_("Close"), show=False),
        Binding("tab", "complete", N_("Complete"), show=False),
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
