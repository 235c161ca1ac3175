"""Radio buttons and selection lists whose state reads in the text: ``(•)``/``( )``, ``[x]``/``[ ]``.

Textual draws every radio button and selection box with the same block glyph
and tells "on" from "off" by colour only. These draw the state as a glyph, so
it shows under ``NO_COLOR``, to a screen reader and in a terminal capture.
(The dialogs use them; ``toggles`` hands them out too, importing this module
when they are first asked for.)
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.strip import Strip
from textual.widgets import OptionList, RadioButton, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType

from .toggles import radio_button


class Radio(RadioButton):
    """A radio button that reads ``(•)`` when chosen and ``( )`` when not."""

    def render(self) -> Content:
        mark = radio_button(self.value, self.get_visual_style("toggle--button").foreground)
        label = self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label"))
        return Content.assemble(mark, label)


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
        picked = selection.value in self.selected
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
