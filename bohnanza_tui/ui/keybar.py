"""The key bar: the keys valid now at the foot of a screen, as one line of text.

A light module: the set-up screen uses it before the rules core is loaded.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.widgets import Static

from bohnanza_tui.i18n import _


def flow(
    chips: Sequence[Content], width: int | None, sep: str = "  ", indent: int = 0
) -> list[Content]:
    """Chips in lines of at most ``width`` cells, a chip never split over two lines.

    A line after the first starts with ``indent`` spaces; a chip wider than a
    whole line gets a line of its own (the widget wraps that one). ``None``:
    everything on one line. (Here, not in ``render``, for the light set-up screen.)
    """
    rows: list[list[Content]] = []
    used = 0
    for chip in chips:
        if rows and (width is None or used + len(sep) + chip.cell_length <= width):
            rows[-1].append(chip)
            used += len(sep) + chip.cell_length
        else:
            rows.append([chip])
            used = (indent if len(rows) > 1 else 0) + chip.cell_length
    return [
        Content.assemble(" " * (indent if i else 0), Content(sep).join(row))
        for i, row in enumerate(rows)
    ] or [Content("")]


#: keys a web browser keeps for itself (a new window or tab, closing the tab: a page never
#: gets them): in a browser (``bohnanza serve``) the bar shows the action's other key
BROWSER_KEYS = frozenset(
    {"ctrl+n", "ctrl+t", "ctrl+w", "ctrl+shift+n", "ctrl+shift+t", "ctrl+shift+w"}
)


class KeyBar(Static):
    """A screen's footer: the keys valid now, each clickable, on one line or two.

    It follows the screen's bindings like Textual's Footer (``check_action``
    decides what shows), but paints text instead of mounting a widget per key:
    the table changes the valid keys at almost every action, and this keeps a
    key press to the repainted table fast. Keys the screen lists in
    ``refused`` (every option refused by the engine) show dimmed with a ✗, so
    a player can press one and learn why. The screen allows the bar one line
    or two (``set_lines``); when the keys don't fit, the short names
    (``SHORT_NAMES`` of the screen, else the first word), and then the dimmed
    keys give way to the valid ones. Keys bound with ``show=False`` that the
    screen lists in ``extra_keys`` (by action) show too, after the others.
    """

    #: at most this many lines, set by the screen (``set_lines``)
    lines = 1
    _height = 1
    #: what the bar shows
    _shown: Content | None = None

    #: while covered (the table's command line lies over it), the bar keeps what it shows
    _covered = False

    def cover(self, covered: bool) -> None:
        """Covered: no change until uncovered (the keys of the focused command line would
        make it another height, and the screen above it be laid out again for nothing)."""
        if covered != self._covered:
            self._covered = covered
            if not covered:
                self._bindings_changed(self.screen)

    def set_lines(self, lines: int) -> None:
        if lines != self.lines:
            self.lines = lines
            self._bindings_changed(self.screen)

    def on_mount(self) -> None:
        self.auto_links = False
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self._bindings_changed(self.screen)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: object) -> None:
        if self._covered:
            return
        width = self.size.width or self.app.size.width
        for short, dimmed in ((False, True), (True, True), (True, False)):
            # full names; else short names; else without the dimmed keys (the valid ones first)
            chips, palette = self._chips(short, dimmed)
            lines = _fill(chips, palette, width)
            if len(lines) <= self.lines:
                break
        lines = lines[: self.lines]
        if len(lines) != self._height:  # the screen above is laid out again only then
            self._height = len(lines)
            self.styles.height = self._height
        shown = Content("\n").join(lines)
        if shown != self._shown:  # the same keys again (a screen suspended, resumed): no paint
            self._shown = shown
            self.update(shown, layout=False)

    def _chips(self, short: bool, dimmed: bool = True) -> tuple[list[Content], Content | None]:
        parts: list[Content] = []
        seen: set[str] = set()
        palette: Content | None = None
        later: list[Content] = []
        refused = getattr(self.screen, "refused", {})
        short_names: dict[str, str] = getattr(self.screen, "SHORT_NAMES", {})
        extra: set[str] = getattr(self.screen, "extra_keys", set())
        web = self.app.is_web
        for namespace, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not enabled or (web and binding.key in BROWSER_KEYS):
                continue
            key = self.app.get_key_display(binding)
            if binding.action in ("app.command_palette", "command_palette"):
                palette = Content.assemble((key, "bold $footer-key-foreground"), " ", _("palette"))
                continue
            shown_too = not binding.show and binding.action in extra
            if not (binding.show or shown_too) or binding.action in seen:
                continue
            seen.add(binding.action)
            target = (
                "app" if namespace is self.app else "screen" if namespace is self.screen else None
            )
            # (the bindings name their keys by msgid: translated as shown, in the language in use)
            description = _(binding.description)
            if short:
                description = _(short_names.get(binding.action, "")) or description.split()[0]
            if binding.action in refused:
                if not dimmed:
                    continue
                # every option refused now: dimmed and marked ✗; a press tells the reason
                chip = Content.assemble(
                    (f" {key} ", "$foreground-muted"), (description + " ✗", "$foreground-muted")
                )
            else:
                chip = Content.assemble(
                    (f" {key} ", "bold $footer-key-foreground"),
                    (description, "$footer-foreground"),
                )
            if target is not None and "." not in binding.action:
                chip = chip.stylize(f"@click={target}.{binding.action}")
            (later if shown_too else parts).append(chip)
        return parts + later, palette

    def on_resize(self) -> None:
        self._bindings_changed(self.screen)


def _fill(chips: list[Content], palette: Content | None, width: int) -> list[Content]:
    """Chips into lines of ``width`` (a chip never splits), the palette at the end of the last."""
    out = flow(chips, width, " ")
    last = out[-1]
    if palette is not None and last.cell_length + palette.cell_length + 2 <= width:
        # ctrl+p is Textual's own key: it gets no line of its own
        gap = max(1, width - last.cell_length - palette.cell_length - 1)
        out[-1] = Content.assemble(last, " " * gap, palette)
    return out
