"""Choices whose state reads in the text itself: ``(•)``/``( )``, ``[x]``/``[ ]``, ``◀ 4 ▶``.

Textual draws every radio button and selection box with the same block glyph
and tells "on" from "off" by colour only. These draw the state as a glyph, so
it shows under ``NO_COLOR``, to a screen reader and in a terminal capture.

Nothing here imports the rules core: the set-up screen is built from these.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList, RadioButton, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType

from bohnanza_tui.i18n import _


class Radio(RadioButton):
    """A radio button that reads ``(•)`` when chosen and ``( )`` when not."""

    @property
    def _button(self) -> Content:
        colour = self.get_visual_style("toggle--button").foreground
        inner = "•" if self.value else " "
        return Content.assemble("(", (inner, Style(foreground=colour, bold=True)), ")")


class CheckList(SelectionList[SelectionType]):
    """A SelectionList whose boxes read ``[x]`` when picked and ``[ ]`` when not."""

    def render_line(self, y: int) -> Strip:
        line = OptionList.render_line(self, y)  # the prompt, without Textual's colour-only box
        scroll_y = self.scroll_offset.y
        index = scroll_y + y
        try:
            selection = self.get_option_at_index(index)
        except OptionDoesNotExist:
            return line
        picked = selection.value in self._selected
        component = "selection-list--button" + ("-selected" if picked else "")
        underlying = next(iter(line)).style or self.rich_style
        mark = self.get_component_rich_style(component)
        meta = RichStyle(meta={"option": index})
        side = underlying + RichStyle(bold=True) + meta
        inner = underlying + RichStyle(color=mark.color, bold=True) + meta
        return Strip(
            [
                Segment("[", side),
                Segment("x" if picked else " ", inner),
                Segment("]", side),
                Segment(" ", underlying),
                *line,
            ]
        )


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

    def set_options(self, options: list[tuple[str, object]], value: object = None) -> None:
        self.options = options
        values = [v for _label, v in options]
        self._select(values.index(value) if value in values else 0, force=True)

    def _show(self) -> None:
        self.update(_cycle_label(self.options[self.index][0]))

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


def _cycle_label(label: str) -> Content:
    """What a Cycle shows: ``◀ label ▶``."""
    return Content.assemble(
        ("◀ ", "$foreground-muted"), (label, "bold"), (" ▶", "$foreground-muted")
    )
