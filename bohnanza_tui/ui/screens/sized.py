"""Dialogs on a small terminal: below 100×36 a dialog takes the whole screen.

``SizedDialog`` is the base of the table's dialogs (choices, offers, answers): the screen
gets the ``-compact-dialog`` class (``assets/styles/dialogs.tcss``), the dialog spans the
terminal, its title moves into its top border, its lists and buttons lose their borders,
and what would not fit scrolls inside the lists, never the offer or the keys.
"""

from __future__ import annotations

from typing import TypeVar

from textual import events
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Label

from .modal import Dialog

T = TypeVar("T")

#: below this width or height the dialogs are compact: with their borders, an offer dialog
#: for 7 players (a line each for what they grow) needs 36 rows
COMPACT_WIDTH, COMPACT_HEIGHT = 100, 36
#: no title put into a border yet
_UNSET = object()


def compact(size: Size) -> bool:
    return size.width < COMPACT_WIDTH or size.height < COMPACT_HEIGHT


class SizedDialog(Dialog[T]):
    """A dialog that fits the terminal: compact below 100×36 (see the module)."""

    def __init__(self) -> None:
        super().__init__()
        #: the title last put into each dialog box's border (``_fit``)
        self._borders: dict[Widget, str | None] = {}

    def on_mount(self) -> None:
        self._fit(self.app.size)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def _fit(self, size: Size) -> None:
        small = compact(size)
        self.set_class(small, "-compact-dialog")
        for dialog in self.query(".dialog"):
            titles = dialog.query(".dialog-title")
            if titles:
                # the title in the border: a row more for the lists
                border = str(titles.first(Label).content) if small else None
                if self._borders.get(dialog, _UNSET) != border:  # (setting it repaints the box)
                    self._borders[dialog] = dialog.border_title = border
        self.fitted(small)

    def fitted(self, small: bool) -> None:
        """Called when the dialog (re)fits the terminal: ``small`` if compact."""
