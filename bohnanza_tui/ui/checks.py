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
from textual import events
from textual.content import Content
from textual.strip import Strip
from textual.widgets import OptionList, RadioButton, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import SelectionType

from .toggles import radio_button


class Radio(RadioButton):
    """A radio button that reads ``(•)`` when chosen and ``( )`` when not."""

    @property
    def _button(self) -> Content:
        return radio_button(self.value, self.get_visual_style("toggle--button").foreground)


class SteadyLines(OptionList):
    """An option list that keeps its options' measured and painted lines when only its
    height changes.

    Textual's forgets them at every resize and asks for a repaint: a reused dialog whose
    list got more or fewer entries than last time (its height) painted its first frame,
    then, when the Resize came, a second one with the same lines. The lines depend on the
    width alone; when that changes (a scrollbar comes or goes, the terminal is resized)
    they are made again, in the frame that shows them.
    """

    #: the width the options' lines were measured at (``_update_lines``)
    _lines_width: int | None = None

    def _update_lines(self) -> None:
        width = self.scrollable_content_region.width
        if width and width != self._lines_width:
            if self._lines_width is not None:  # measured at another width: made again
                self._option_render_cache.clear()
                self._line_cache.clear()
            self._lines_width = width
        super()._update_lines()

    def measure_lines(self) -> None:
        """Measure the entries' lines at the width the list has now (``Dialog``'s layout
        passes call this; Textual measures them as it paints)."""
        self._update_lines()

    def _on_resize(self, event: events.Resize | None = None) -> None:
        if event is not None:
            event.prevent_default()  # OptionList's handler, which forgets the lines every time
        if self.scrollable_content_region.width != self._lines_width:
            self._clear_caches()


class CheckList(SelectionList[SelectionType], SteadyLines):
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
