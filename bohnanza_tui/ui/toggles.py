"""Choices whose state reads in the text itself: ``◀ 4 ▶`` (Cycle), ``(•)``/``( )`` (RadioList).

Textual draws every radio button and selection box with the same block glyph
and tells "on" from "off" by colour only. These draw the state as a glyph, so
it shows under ``NO_COLOR``, to a screen reader and in a terminal capture
(``CheckList``, ``[x]``/``[ ]``, is in ``.checks``).

Nothing here imports the rules core: the set-up screen is built from these.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Static

from bohnanza_tui.i18n import N_

#: a choice's options: each one's label and value
Options = Sequence[tuple[str, object]]


class RadioList(Widget, can_focus=True):
    """Options one under the other, the chosen one marked ``(•)``: a RadioSet of Radio
    buttons in one widget, with their colours, theme variables and keys (↑/← and ↓/→ move
    the cursor, Enter and Space choose, a click chooses), at a third of the widgets and
    without the CSS of three widget classes, which the set-up screen feels at every start.
    """

    DEFAULT_CSS = """
    RadioList {
        border: tall $border-blurred;
        background: $surface;
        padding: 0 1;
        height: auto;
        width: 1fr;
        pointer: pointer;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &.-textual-compact {
            border: none !important;
            padding: 0;
        }
        & > .radio-list--button {
            color: $panel-darken-2;
        }
        & > .radio-list--button-on {
            color: $text-success;
        }
        & > .radio-list--cursor {
            background: $block-cursor-blurred-background;
        }
        & > .radio-list--hover {
            background: $block-hover-background;
        }
        &:ansi {
            & > .radio-list--button {
                color: $ansi-foreground;
            }
            & > .radio-list--button-on {
                color: $accent;
            }
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .radio-list--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "radio-list--button",
        "radio-list--button-on",
        "radio-list--cursor",
        "radio-list--hover",
    }
    BINDINGS = [
        Binding("down,right", "move(1)", N_("Next"), show=False),
        Binding("enter,space", "choose", N_("Choose"), show=False),
        Binding("up,left", "move(-1)", N_("Previous"), show=False),
    ]

    compact: reactive[bool] = reactive(False, toggle_class="-textual-compact")
    #: the option under the cursor (the first at the start, as a RadioSet's)
    cursor: reactive[int] = reactive(0)
    #: the option under the mouse, if any
    hover: reactive[int | None] = reactive(None)

    class Changed(Message):
        """Another option was chosen."""

        def __init__(self, radios: RadioList, index: int) -> None:
            super().__init__()
            self.radios = radios
            self.index = index
            self.value = radios.options[index][1]

        @property
        def control(self) -> RadioList:
            return self.radios

    def __init__(
        self,
        options: Options,
        value: object = None,
        *,
        compact: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.options = options
        values = [v for _label, v in options]
        self.index = values.index(value) if value in values else 0
        self.set_reactive(RadioList.compact, compact)
        self.set_class(compact, "-textual-compact")

    @property
    def value(self) -> object:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: object) -> None:
        values = [v for _label, v in self.options]
        if value in values:
            self.choose(values.index(value))

    def choose(self, index: int) -> None:
        """Choose the option at ``index`` (the cursor goes there too)."""
        self.cursor = index
        if index != self.index:
            self.index = index
            self.refresh()
            self.post_message(self.Changed(self, index))

    def render(self) -> Content:
        lines = []
        on_colour = self.get_visual_style("radio-list--button-on").foreground
        off_colour = self.get_visual_style("radio-list--button").foreground
        for i, (label, _value) in enumerate(self.options):
            on = i == self.index  # (•) when chosen, ( ) when not
            mark = Style(foreground=on_colour if on else off_colour, bold=True)
            if i == self.cursor:
                style = self.get_visual_style("radio-list--cursor")
            elif i == self.hover:
                style = self.get_visual_style("radio-list--hover")
            else:
                style = Style()
            text = Content(label).pad(1, 1).stylize_before(style)
            lines.append(Content.assemble("(", ("•" if on else " ", mark), ")", text))
        return Content("\n").join(lines)

    def get_content_height(self, _container: Size, _viewport: Size, _width: int) -> int:
        return len(self.options)

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.options)

    def action_choose(self) -> None:
        self.choose(self.cursor)

    def _row(self, event: events.MouseEvent) -> int | None:
        offset = event.get_content_offset(self)
        if offset is None or not 0 <= offset.y < len(self.options):
            return None
        return offset.y

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover = self._row(event)

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None

    def on_click(self, event: events.Click) -> None:
        self.focus()
        row = self.hover = self._row(event)
        if row is not None:
            self.choose(row)


class Cycle(Static, can_focus=True):
    """A small choice that cycles through its options (←/→, Space, Enter, a click).

    Much lighter than a Select (no overlay to mount), which keeps the set-up
    screen, the first thing the app shows, quick to appear.
    """

    BINDINGS = [
        Binding("right,space,enter", "step(1)", N_("Next"), show=False),
        Binding("left", "step(-1)", N_("Previous"), show=False),
    ]

    class Changed(Message):
        def __init__(self, cycle: Cycle, value: object) -> None:
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(self, options: Options, value: object = None, **kwargs: object) -> None:
        values = [v for _label, v in options]
        index = values.index(value) if value in values else 0
        # drawn from the start: an update on mount would lay the screen out once more
        super().__init__(_cycle_label(options[index][0]), **kwargs)  # type: ignore[arg-type]
        self.options = options
        self.index = index

    @property
    def value(self) -> object:
        return self.options[self.index][1]

    @value.setter
    def value(self, value: object) -> None:
        values = [v for _label, v in self.options]
        if value in values:
            self._select(values.index(value))

    def set_options(self, options: Options, value: object = None) -> None:
        self.options = options
        values = [v for _label, v in options]
        self._select(values.index(value) if value in values else 0, force=True)

    def _select(self, index: int, force: bool = False) -> None:
        index %= len(self.options)
        if index != self.index or force:
            self.index = index
            self.update(_cycle_label(self.options[index][0]))
            self.post_message(self.Changed(self, self.value))

    def action_step(self, step: int) -> None:
        self._select(self.index + step)

    def on_click(self) -> None:
        self.action_step(1)


def _cycle_label(label: str) -> Content:
    """What a Cycle shows: ``◀ label ▶``."""
    return Content.assemble(
        ("◀ ", "$foreground-muted"), (label, "bold"), (" ▶", "$foreground-muted")
    )
