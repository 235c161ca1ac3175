"""The table's widgets: each renders one part of a player's view (``render``) and nothing else."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, RichLog, Static

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import GameState

from . import render


class Panel(Static):
    """A Static that repaints only when its content really changed (a layout pass is costly)."""

    _shown: object = None

    def on_mount(self) -> None:
        # clickable parts keep their bean colours: no web-link underline and link colour
        self.auto_links = False

    def show_content(self, content: Content) -> None:
        key = _key(content)
        if key != self._shown:
            self._shown = key
            self.update(content)


def _key(content: Content) -> object:
    # Content's own == compares the text only; a style change must repaint too
    return (content.plain, tuple(content.spans))


class PlayerPanel(Panel):
    """One player's public side of the table: coins, hand size, fields, and the voyage things."""

    def __init__(self, player: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.player = player
        self._title: object = None

    def show(self, state: GameState, viewer: int | None) -> None:
        title = render.panel_title(state, self.player, viewer)
        if _key(title) != self._title:
            self._title = _key(title)
            self.border_title = title
        self.set_class(self.player == state.active and not state.over, "-active")
        self.set_class(self.player == viewer, "-viewer")
        self.show_content(render.player_panel(state, self.player, viewer))


class KeyBar(Static):
    """The table's footer: the keys valid now, one line, each clickable.

    It follows the screen's bindings like Textual's Footer (``check_action``
    decides what shows), but paints one line of text instead of mounting a
    widget per key: the table changes the valid keys at almost every action,
    and this keeps a key press to the repainted table fast.
    """

    def on_mount(self) -> None:
        self.auto_links = False
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: object) -> None:
        line = self._line(short=False)
        if line.cell_length > self.size.width > 0:
            line = self._line(short=True)  # a narrow terminal: the keys with one word each
        self.update(line)

    def _line(self, short: bool) -> Content:
        parts: list[Content] = []
        seen: set[str] = set()
        palette: Content | None = None
        for namespace, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not enabled:
                continue
            key = self.app.get_key_display(binding)
            if binding.action == "app.command_palette" or binding.action == "command_palette":
                palette = Content.assemble((key, "bold $footer-key-foreground"), " ", _("palette"))
                continue
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            target = (
                "app" if namespace is self.app else "screen" if namespace is self.screen else None
            )
            description = binding.description.split()[0] if short else binding.description
            chip = Content.assemble(
                (f" {key} ", "bold $footer-key-foreground"), (description, "$footer-foreground")
            )
            if target is not None and "." not in binding.action:
                chip = chip.stylize(f"@click={target}.{binding.action}")
            parts.append(chip)
        line = Content(" ").join(parts)
        if palette is not None:
            gap = max(1, self.size.width - line.cell_length - palette.cell_length - 1)
            line = Content.assemble(line, " " * gap, palette)
        return line

    def on_resize(self) -> None:
        self._bindings_changed(self.screen)


class EventLog(RichLog):
    """The game's log: every event, and every refusal with its rule id."""

    def add_events(self, lines: list[str]) -> None:
        for line in lines:
            self.write(Text(line))

    def add_refusal(self, text: str) -> None:
        self.write(Text("✗ " + text, style="bold"))

    def add_note(self, text: str) -> None:
        self.write(Text("· " + text, style="italic"))


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

    def hint(self, text: str | Content, error: bool = False) -> None:
        if error and isinstance(text, str):
            text = Content.styled("✗ " + text, "$text-error")
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


class Cycle(Static, can_focus=True):
    """A small choice that cycles through its options (←/→, Space, Enter, a click).

    Much lighter than a Select (no overlay to mount), which keeps the set-up
    screen, the first thing the app shows, quick to appear.
    """

    BINDINGS = [
        Binding("right,space,enter", "step(1)", _("Next"), show=False),
        Binding("left", "step(-1)", _("Previous"), show=False),
    ]

    class Changed(Message):
        def __init__(self, cycle: Cycle, value: object) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(
        self, options: list[tuple[str, object]], value: object = None, **kwargs: object
    ) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.options = options
        values = [v for _label, v in options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> object:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: object) -> None:
        values = [v for _label, v in self.options]
        if value in values:
            self._select(values.index(value))

    def set_options(self, options: list[tuple[str, object]], value: object = None) -> None:
        self.options = options
        values = [v for _label, v in options]
        self._select(values.index(value) if value in values else 0, force=True)

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        label = self.options[self.index][0]
        self.update(
            Content.assemble(
                ("◀ ", "$foreground-muted"), (label, "bold"), (" ▶", "$foreground-muted")
            )
        )

    def _select(self, index: int, force: bool = False) -> None:
        index %= len(self.options)
        if index != self.index or force:
            self.index = index
            self._show()
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._select(self.index + step)

    def on_click(self) -> None:
        self.action_step(1)
