"""The base of the app's dialogs: a modal screen over the dimmed table, painted fast.

Textual paints a modal screen's translucent background by rendering the screen
beneath and tinting every piece of text on it, style by style, each time the
dialog's background is painted (opening it paints it twice). The table has a few
dozen distinct styles on some two thousand pieces of text: ``Dialog`` works out
each style's tint once and reuses it, which took about a third off opening a dialog.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")

#: the tinted style of each (style, tint) seen; the app has a bounded number of both
_TINTS: dict[tuple[Style | None, Color], Style] = {}
#: more than any table shows: past it (themes switched many times) the memo starts over
_TINTS_MAX = 4096


def _tint(style: Style | None, color: Color) -> Style:
    """What ``BackgroundScreen`` makes of ``style``: no links or meta, colours tinted."""
    key = (style, color)
    tinted = _TINTS.get(key)
    if tinted is None:
        if len(_TINTS) >= _TINTS_MAX:
            _TINTS.clear()
        tinted = next(iter(BackgroundScreen.process_segments([Segment(" ", style)], color))).style
        assert tinted is not None
        _TINTS[key] = tinted
    return tinted


class TintedBackground(BackgroundScreen):
    """The screen beneath, tinted: the same as Textual's, each style's tint memoized."""

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        for text, style, control in segments:
            if control:
                yield Segment(text, style, control)
            else:
                yield Segment(text, _tint(style, color))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        segments = console.render(self.screen._compositor, options)
        return self.process_segments(segments, self.color)


class Dialog(ModalScreen[ResultType]):
    """A modal screen whose dimmed background (the table beneath) is painted fast."""

    def render(self) -> RenderableType:
        background = super().render()
        if type(background) is BackgroundScreen:
            return TintedBackground(background.screen, background.color)
        return background
