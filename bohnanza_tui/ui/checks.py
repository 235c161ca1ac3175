"""A selection list whose state reads in the text, ``[x]``/``[ ]`` (see ``.toggles``): for the
trade dialogs, apart so that the set-up screen does not import Textual's selection list.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType


class CheckList(SelectionList[SelectionType]):
    """A SelectionList whose boxes read ``[x]`` when picked and ``[ ]`` when not."""

    def render_line(self, y: int) -> Strip:
        line = OptionList.render_line(self, y)  # the prompt, without Textual's colour-only box
        index = self.scroll_offset.y + y
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
