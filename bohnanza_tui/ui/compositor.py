"""A compositor that renders a partial update from the widgets under the changed spans only.

Textual renders a partial update (a key's frame) by cutting every widget inside
the rectangle round all the changed regions into pieces, line by line, and then
sends the pieces that lie in the changed spans. A move on the table changes a
field's line, the hand, the status line, the log and the key bar: that
rectangle is the whole screen, and every player's panel was cut up on every
line the log covers (about half of a plant's frame). This one cuts up only the
widgets that overlap a changed region, and only on the lines where a changed
span meets them. What it sends is the same, byte for byte
(``tests/ui/test_table_repaint.py`` compares the two).

It also keeps what it sent to the terminal, piece by piece (``ShownPieces``), and of
a piece sent again only the cells that differ from what that piece showed go out: a
plant repaints every row of the log (it scrolls), with its borders, its scrollbar and
the unchanged part of each row, and the key bar's two lines, mostly as they were. A
terminal takes longer to show more bytes. What was sent is known only while nothing
else painted the screen: a full repaint (``ShownLayout``) notes it anew, another screen
shown (``forget``) leaves nothing known until the next.
``tests/ui/test_terminal_output.py`` reads every write in a model of a terminal and
compares it with a full repaint after each key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.control import Control
from textual._compositor import ChopsUpdate, Compositor, CompositorMap, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.screen import Screen

__all__ = ["SpanCompositor"]


#: what the terminal shows, as sent: by line, by the piece's first column, its end and strip
ShownPieces = dict[int, dict[int, tuple[int, Strip]]]


class SpanCompositor(Compositor):
    def __init__(self) -> None:
        super().__init__()
        self.shown: ShownPieces = {}

    @property
    def full_map(self) -> CompositorMap:
        """Textual's, with what is made from the widgets' places made anew with it: Textual
        makes the map anew (when a widget it has not placed asks for a paint, or after a
        scroll laid out only the widgets in view) and kept the cuts made from the old places;
        a piece was then cut at a widget's old edge (with a scrollbar placed since: a full
        repaint showed the island map's rows blank)."""
        if self._full_map_invalidated:
            self._cuts = None
            self._layers = None
            self._layers_visible = None
        return Compositor.full_map.fget(self)  # type: ignore[attr-defined]

    def forget(self) -> None:
        """Something else paints the screen: send every piece whole until it is known again."""
        self.shown.clear()

    def render_update(
        self, full: bool = False, screen_stack: list[Screen] | None = None, simplify: bool = False
    ) -> RenderableType | None:
        update = super().render_update(full, screen_stack, simplify)
        if isinstance(update, ChopsUpdate):
            return ChangedPieces(update, self.shown)
        if isinstance(update, LayoutUpdate):
            return ShownLayout(update, self.shown)
        return update

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
        if not update_regions:
            return None
        screen = self.size.region
        regions = [r for r in (region.intersection(screen) for region in update_regions) if r]
        spans = list(self._regions_to_spans(update_regions))
        by_line: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            by_line.setdefault(y, []).append((x1, x2))

        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        intersection = Region.intersection
        # front to back, as Textual paints: the first piece for a cut wins
        for widget, (region, clip) in self.visible_widgets.items():
            render_region = intersection(region, clip)
            if not render_region or not any(render_region.overlaps(r) for r in regions):
                continue
            render_x = render_region.x
            first_cut, last_cut = render_region.column_span
            lines_under: list[int] = []
            for y in render_region.line_range:
                line_spans = by_line.get(y)
                if line_spans and any(x1 < last_cut and x2 > first_cut for x1, x2 in line_spans):
                    lines_under.append(y)
            if not lines_under:
                continue
            if all(
                chops[y].get(cut) is not None
                for y in lines_under
                for cut in cuts[y]
                if last_cut >= cut >= first_cut
            ):
                continue  # every piece it would give is taken by widgets in front of it
            strips = widget.render_lines(
                Region(render_x - region.x, render_region.y - region.y, *render_region.size)
            )
            top = render_region.y
            for y in lines_under:
                chops_line = chops[y]
                final_cuts = [cut for cut in cuts[y] if last_cut >= cut >= first_cut]
                pieces = strips[y - top].divide([cut - render_x for cut in final_cuts[1:]])
                for cut, piece in zip(final_cuts, pieces, strict=False):
                    if chops_line.get(cut) is None:
                        chops_line[cut] = piece
        chop_ends = [cut_set[1:] for cut_set in cuts]
        return ChopsUpdate(chops, spans, chop_ends)


class ShownLayout(LayoutUpdate):
    """A full repaint that notes what it sends, piece by piece (``shown``): the partial
    updates after it send only what differs (closing a dialog repaints the table, then
    the log's rows as it scrolls to its end)."""

    def __init__(self, update: LayoutUpdate, shown: ShownPieces) -> None:
        super().__init__([list(line) for line in update.strips], update.region)
        self.shown = shown

    def render_segments(self, console: Console) -> str:
        shown = self.shown
        shown.clear()
        for y, line in enumerate(self.strips, self.region.y):
            row: dict[int, tuple[int, Strip]] = {}
            x = self.region.x
            for strip in line:
                end = x + strip.cell_length
                if end > x:
                    row[x] = (end, strip)
                x = end
            shown[y] = row
        return super().render_segments(console)


class ChangedPieces(ChopsUpdate):
    """A partial update that sends, of each piece, the cells that differ from what the
    terminal shows there (``shown``: what this compositor sent, updated as it renders)."""

    def __init__(self, update: ChopsUpdate, shown: ShownPieces) -> None:
        super().__init__(update.chops, update.spans, update.chop_ends)
        self.shown = shown

    def render_segments(self, console: Console) -> str:
        sequences: list[str] = []
        append = sequences.append
        move_to = Control.move_to
        chops, chop_ends = self.chops, self.chop_ends
        shown = self.shown
        for y, x1, x2 in self.spans:
            row = shown.setdefault(y, {})
            for end, (x, strip) in zip(chop_ends[y], chops[y].items(), strict=False):
                if strip is None or x >= x2 or end <= x1:
                    continue
                stop = min(end, x2)  # (Textual paints a piece from its start, to the span's end)
                if stop < end:
                    strip = strip.crop(0, stop - x)
                before = row.get(x)
                if before is not None and before[0] == stop:
                    first, last = changed_cells(before[1], strip)
                    if first < last:
                        append(move_to(x + first, y).segment.text)
                        append(strip.crop(first, last).render(console))
                else:
                    for start in [s for s, (e, _strip) in row.items() if s < stop and e > x]:
                        del row[start]  # painted over
                    append(move_to(x, y).segment.text)
                    append(strip.render(console))
                row[x] = (stop, strip)
        return "".join(sequences)


def changed_cells(old: Strip, new: Strip) -> tuple[int, int]:
    """The cells (first, end) where two strips of one width differ; (0, 0) if they don't."""
    a, b = old._segments, new._segments
    if a == b:
        return 0, 0
    count = min(len(a), len(b))
    first = i = 0
    while i < count and a[i] == b[i]:
        first += cell_len(a[i].text)
        i += 1
    if i < count and a[i].style == b[i].style and not a[i].control and not b[i].control:
        first += cell_len(_common_prefix(a[i].text, b[i].text))
    last = new.cell_length
    j = 1
    while j <= count - i and a[-j] == b[-j]:
        last -= cell_len(a[-j].text)
        j += 1
    if j <= count - i and a[-j].style == b[-j].style and not a[-j].control and not b[-j].control:
        last -= cell_len(_common_prefix(a[-j].text[::-1], b[-j].text[::-1]))
    # the cells before ``first`` are the same in both, and those from ``last`` on: if the two
    # overlap, all are
    return first, max(first, last)


def _common_prefix(a: str, b: str) -> str:
    n = 0
    for ca, cb in zip(a, b, strict=False):
        if ca != cb:
            break
        n += 1
    return a[:n]
