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
"""

from __future__ import annotations

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

__all__ = ["SpanCompositor"]


class SpanCompositor(Compositor):
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
