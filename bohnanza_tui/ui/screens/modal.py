"""The base of the app's dialogs: a modal screen over the dimmed table, painted fast.

Textual paints a modal screen's translucent background by rendering the screen
beneath as Rich text and tinting every piece of it, style by style, each time
the dialog's background is painted: two or three times while a dialog opens,
about half of what opening one cost. ``Dialog`` paints it from the screen
beneath line by line instead, each line tinted once and reused while it is the
same (most of the table is, from one dialog to the next), each style's tint
worked out once.
"""

from __future__ import annotations

import asyncio
import itertools
import time
import weakref
from collections.abc import Iterable
from typing import Any, ClassVar, Self, TypeVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events, messages
from textual._compositor import Compositor, LayoutUpdate
from textual._context import visible_screen_stack
from textual.app import App
from textual.color import Color
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.message_pump import MessagePump
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen, ScreenResultCallbackType
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual, VisualType
from textual.widget import Widget
from textual.widgets._toast import ToastRack

from bohnanza_tui.i18n import current_language

ResultType = TypeVar("ResultType")

#: each app's dialogs kept for their next opening, by class (``Dialog.reused``)
_POOLS: weakref.WeakKeyDictionary[App[Any], dict[type, list[Dialog[Any]]]] = (
    weakref.WeakKeyDictionary()
)

#: the order in which ``Dialog.reused`` hands dialogs out
_HANDED = itertools.count()

#: CPU seconds of a step of the work ahead (``Dialog.work_ahead``), and the rows it paints
#: of a widget at a time: a key pressed meanwhile waits for one step at most
UNSEEN_STEP = 0.003
UNSEEN_ROWS = 6

#: more than any table shows: past it (themes switched, many sizes) a memo starts over
_MEMO_MAX = 4096
#: the tinted style of each (style, tint, dialog's base style)
_TINTS: dict[tuple[RichStyle | None, Color, RichStyle], RichStyle] = {}
#: each line of the screen beneath as last tinted: (its segments, tint, base style, width)
_LINES: dict[tuple[tuple[Segment, ...], Color, RichStyle, int], Strip] = {}


def _tint(style: RichStyle | None, color: Color, base: RichStyle) -> RichStyle:
    """What Textual makes of ``style`` under a dialog: no links or meta, colours tinted,
    on the dialog's own style."""
    key = (style, color, base)
    tinted = _TINTS.get(key)
    if tinted is None:
        if len(_TINTS) >= _MEMO_MAX:
            _TINTS.clear()
        segment = next(iter(BackgroundScreen.process_segments([Segment(" ", style)], color)))
        tinted = base + segment.style if base else segment.style
        assert tinted is not None
        _TINTS[key] = tinted
    return tinted


def tinted_segments(segments: Iterable[Segment], color: Color, base: RichStyle) -> list[Segment]:
    """``segments`` as they show under a dialog whose own style is ``base``
    (``BackgroundScreen``'s tint, then the screen's style beneath, as Textual paints it)."""
    return [
        Segment(text, style, control) if control else Segment(text, _tint(style, color, base))
        for text, style, control in segments
    ]


def _keep(app: App[Any], pool: list[Dialog[Any]], screen: Dialog[Any]) -> None:
    """Install ``screen`` in ``app`` (Textual keeps it when it closes) as one of ``pool``."""
    name = type(screen).__name__
    n = 0
    while app.is_screen_installed(f"{name}-{n}"):
        n += 1
    app.install_screen(screen, f"{name}-{n}")
    pool.append(screen)


#: what a dialog's tint of the screen beneath depends on: width, height, style, colour
TintKey = tuple[int, int | None, Style, Color]


class Watched(Screen[ResultType]):
    """A screen dialogs open over, which counts the changes to what it shows: a dialog
    keeps the screen tinted from one opening to the next while the count stays.

    Whatever changes a screen's look goes through a widget's refresh, which comes to
    the screen as a message (a repaint, a layout, a scroll), or through the screen's own
    layout or refresh of regions; a repaint of the whole screen with nothing changed
    (Textual's as it resumes, after each dialog) is not a change.
    """

    #: changes to what the screen shows, so far
    shown_changes = 0
    #: the screen tinted beneath a dialog: ((what it showed, the dialog's look), its lines)
    tinted: tuple[tuple[object, TintKey], list[Strip]] | None = None

    async def _on_update(self, message: messages.Update) -> None:
        self.shown_changes += 1  # then Textual's own handler (Screen's), as ever

    async def _on_layout(self, message: messages.Layout) -> None:
        self.shown_changes += 1

    async def _on_update_scroll(self, message: messages.UpdateScroll) -> None:
        self.shown_changes += 1

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        self.shown_changes += 1
        super()._refresh_layout(size, scroll)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if regions or layout or recompose:
            self.shown_changes += 1
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def unchanged_since(self) -> object:
        """What the screen shows, as a key that stays while it does; None while a change
        of a widget is still on its way (its refresh not yet come to the screen)."""
        beneath = self.app.screen is not self  # its own repaint: as it shows again
        if any(
            (widget._repaint_required and not (beneath and widget is self))
            or widget._layout_required
            or widget._scroll_required
            for widget in self._compositor.widgets
        ):
            return None
        return (self.shown_changes, self._compositor.size, self.app._css_update_count)

    def ready_under(self, screen: Screen[Any], dialog: Screen[Any]) -> bool:
        """Whether the screen, covered by the opaque ``screen`` on top of it, is made ready
        unseen for ``dialog`` to open over it once ``screen`` closes (the table shown ahead
        behind the privacy screen): that dialog's work ahead then tints it and makes its
        frame over it (``Dialog._opens_over``)."""
        return False

    def tint_ahead(self, *, unseen: bool = False) -> None:
        """While the screen waits for a key, tint it as it shows now for the next dialog
        (a move changed it since the last dialog), as that dialog would: the dialog then
        paints the kept lines. Before a first dialog, as a dialog built ahead would.
        ``unseen``: the screen is beneath another one (laid out and painted for it)."""
        kept = self.tinted
        shown = self.unchanged_since()
        if shown is None or (self.app.screen is not self and not unseen):
            return
        if kept is None:
            self._prime_tint(shown)
            return
        if kept[0][0] == shown:
            return
        key = kept[0][1]
        width, height, style, color = key
        lines = TintedScreen(self, color, [])._render(width, height, style)
        self.tinted = ((shown, key), lines)

    def _prime_tint(self, shown: object) -> None:
        """Before a first dialog: tint the screen as a dialog built ahead (laid out, not
        showing) would paint it beneath itself (its size, style and background colour)."""
        for pool in _POOLS.get(self.app, {}).values():
            for dialog in pool:
                if dialog._busy or dialog._styled_for is None or dialog in self.app.screen_stack:
                    continue
                width, height = dialog.size
                key: TintKey = (width, height, dialog.visual_style, dialog.styles.background)
                lines = TintedScreen(self, key[3], [])._render(width, height, key[2])
                self.tinted = ((shown, key), lines)
                return


class TintedScreen(Visual):
    """The screen beneath a dialog, tinted: what Textual's ``BackgroundScreen`` paints.

    The lines are kept in ``painted`` (the dialog's) for as long as the dialog says the
    screen beneath didn't change, and from one dialog to the next in the screen beneath
    (``Watched``) while it shows the same.
    """

    def __init__(self, screen: Screen[Any], color: Color, painted: list[object]) -> None:
        self.screen = screen
        self.color = color
        self.painted = painted

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        key: TintKey = (width, height, style, self.color)
        if self.painted and self.painted[0] == key:
            return self.painted[1]  # type: ignore[return-value]
        screen = self.screen
        if not isinstance(screen, Watched):
            lines = self._render(width, height, style)
        else:
            shown = screen.unchanged_since()
            kept = None if shown is None else (shown, key)
            if kept is not None and screen.tinted is not None and screen.tinted[0] == kept:
                lines = screen.tinted[1]
            else:
                lines = self._render(width, height, style)
                screen.tinted = None if kept is None else (kept, lines)
        self.painted[:] = [key, lines]
        return lines

    def _render(self, width: int, height: int | None, style: Style) -> list[Strip]:
        base = style.rich_style
        color = self.color
        lines = []
        for strip in self.screen._compositor.render_strips()[:height]:
            key = (tuple(strip), color, base, width)
            line = _LINES.get(key)
            if line is None:
                if len(_LINES) >= _MEMO_MAX:
                    _LINES.clear()
                line = Strip(tinted_segments(strip, color, base), strip.cell_length)
                if line.cell_length != width:
                    line = line.crop_extend(0, width, None)
                _LINES[key] = line
            lines.append(line)
        return lines

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.screen._compositor.size.height


class PreparedFrame(LayoutUpdate):
    """A whole frame of a dialog, rendered ahead to the text the terminal gets."""

    def __init__(self, update: LayoutUpdate, console: Console) -> None:
        super().__init__(update.strips, update.region)
        self.text = update.render_segments(console)

    def render_segments(self, console: Console) -> str:
        return self.text


class PreparedCompositor(Compositor):
    """A dialog's compositor: its first whole frame may be one made ahead."""

    #: the frame to send for the next whole repaint, set only while it shows what the
    #: compositor would render (``Dialog._compositor_refresh``)
    ready: PreparedFrame | None = None

    def render_full_update(self, simplify: bool = False) -> LayoutUpdate:
        ready = self.ready
        if ready is None or simplify:
            return super().render_full_update(simplify)
        self.ready = None
        self._dirty_regions.clear()
        return ready


class Dialog(ModalScreen[ResultType], Watched[ResultType]):
    """A modal screen whose dimmed background (the table beneath) is painted fast.

    The background is painted once while the dialog shows, unless the screen beneath
    changes: Textual then asks for a repaint of the regions it changed.

    (``ModalScreen`` comes first: Textual takes a widget's default styles and CSS type
    names from its first base only, and a modal screen's translucent background from
    ``ModalScreen``'s.)
    """

    def __init__(
        self, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name, id, classes)
        #: the background as last painted: [its key, its lines], or empty
        self._painted: list[object] = []
        #: handed out or showing: pushed, and not suspended since (see ``reused``)
        self._busy = False
        #: the language its texts were made in
        self._language = current_language()
        #: the app's count of stylesheet changes when the dialog's styles were last worked
        #: out whole (Textual's ``_css_update_count``), None before it first showed
        self._styled_for: int | None = None
        self._compositor = PreparedCompositor()
        #: the screen beneath as it showed when it was last tinted unseen (``_tint_unseen``)
        self._tinted_for: tuple[Watched[Any], object] | None = None
        #: the dialog's whole frame rendered unseen, and what it shows (``_frame_key``)
        self._prepared: tuple[tuple[object, ...], PreparedFrame] | None = None

    def _on_mount(self, event: events.Mount) -> None:
        # (Screen's own ``_on_mount`` runs as well: Textual calls each class's handler)
        self._start_update_timer()

    def _start_update_timer(self) -> None:
        """Start the screen's update timer (its layouts and frames) while the dialog
        doesn't show.

        Textual's update timer waits a whole period (1/60 s) once it is first resumed,
        and ticks at once when resumed later (as each opening resumes it): a dialog built
        ahead opened with that wait, 17-20 ms in a terminal before anything else. A
        layout pauses the timer; resumed before its task first ran, the task never saw
        it (hence again after the unseen layouts). Its first tick, on a dialog not
        showing, does nothing but pause it again.
        """
        self._update_timer.resume()

    #: how many dialogs of a class an app keeps (one opens while another still closes)
    POOL: ClassVar[int] = 2
    #: how many of them the app builds ahead (``prebuild``)
    AHEAD: ClassVar[int] = 1

    @classmethod
    def reused(cls, app: App[Any], *args: Any, **kwargs: Any) -> Self:
        """A dialog of this class with this content, to push at once: one the app kept
        (built, styled and laid out before: only its content changes, ``set_content``)
        when one is free, else a new one, which the app keeps if it has room.

        Composing a dialog anew on every opening (its widgets mounted, their styles
        matched, laid out from nothing two or three times) cost more than all the rest
        of opening it.
        """
        screen = cls._kept(app, *args, **kwargs)
        if screen is not None:
            screen.set_content(*args, **kwargs)
            screen.refresh_bindings()  # its key bar
            screen._busy = True
            screen._handed = next(_HANDED)
            return screen
        pool = _POOLS.setdefault(app, {}).setdefault(cls, [])
        fresh = cls(*args, **kwargs)
        if len(pool) < cls.POOL:
            _keep(app, pool, fresh)
        fresh._busy = True
        fresh._handed = next(_HANDED)
        return fresh

    @classmethod
    def _kept(cls, app: App[Any], *args: Any, **kwargs: Any) -> Self | None:
        """The kept dialog ``reused`` hands out for this content, if one is free: the one
        that showed this kind of content last (it may show the same again: nothing to
        refill), else the one used longest ago. Those built before the language was
        switched are let go."""
        pool = _POOLS.setdefault(app, {}).setdefault(cls, [])
        language = current_language()
        free = []
        for screen in list(pool):
            # a dismissed dialog leaves the stack at once, but its suspension follows later
            if screen._busy or screen in app.screen_stack:
                continue
            if screen._language != language:
                # built before the language was switched (its labels and buttons): let go
                pool.remove(screen)
                app.uninstall_screen(screen)
                screen.remove()
            elif screen.takes(*args, **kwargs):
                free.append(screen)
        if not free:
            return None
        screen = max(free, key=lambda s: (s.showed_like(*args, **kwargs), -s._handed))
        return screen  # type: ignore[return-value]  # the pool holds this class's

    @classmethod
    def refill_ahead(cls, app: App[Any], *args: Any, **kwargs: Any) -> bool:
        """Refill, unseen, the kept dialog that ``reused`` would hand out for this content
        (the constructor's arguments) while the player looks at the table, then lay it out
        and paint it a step at a time (``work_ahead``): its opening then finds it showing
        this content and paints the screen once. Whether there was one to refill.

        Only what differs from what it shows is refilled (``set_content``): the same
        content again costs nothing. It counts as handed out now, so that content of
        another kind refilled ahead next takes another kept dialog. The opening refills
        it all the same, from the position as it is then (a move between is shown).
        """
        screen = cls._kept(app, *args, **kwargs)
        if screen is None or screen._styled_for is None:
            return False  # none free, or still being built ahead (it lays itself out then)
        screen.set_content(*args, **kwargs)
        screen._handed = next(_HANDED)
        screen.work_ahead()
        return True

    #: when ``reused`` (or ``refill_ahead``) last handed the dialog out (-1: never)
    _handed = -1

    def showed_like(self, *args: Any, **kwargs: Any) -> bool:
        """Whether this dialog showed content of the kind of this (the constructor's
        arguments) last: ``reused`` hands it out before another for it."""
        return False

    @classmethod
    def prebuild(cls, app: App[Any], *args: Any, **kwargs: Any) -> None:
        """Build a dialog of this class for the app to keep, while nothing else happens:
        composed, styled and laid out at the terminal's size, so that even its first
        opening only sets its content (``reused``); ``AHEAD`` of them. Nothing if the app
        keeps as many already."""
        pool = _POOLS.setdefault(app, {}).setdefault(cls, [])
        while len(pool) < cls.AHEAD:
            screen = cls(*args, **kwargs)
            _keep(app, pool, screen)
            app._register(app, screen)  # composes and mounts it (its own task), off the stack
            screen.call_later(screen._built_ahead)  # after its mounting

    def _built_ahead(self) -> None:
        """Built ahead and mounted: laid out at the terminal's size now, then the layouts
        its widgets still ask for (their messages come later) and their lines painted, a
        step at a time while nothing else happens (``work_ahead``). A layout left to the
        first opening cost it as much as a layout of a later one."""
        if self.is_current or self._busy:
            return  # opened meanwhile: Textual lays it out
        self._refresh_layout(self.app.size)
        self._styled_for = self.app._css_update_count  # styled as it was mounted
        self._start_update_timer()
        self.work_ahead()

    # -- work ahead, unseen ---------------------------------------------------------------

    #: laid out and painted ahead while the dialog doesn't show (``work_ahead``)
    _ahead = False
    #: the next step of that work is asked for (``_step_soon``)
    _step_due = False

    def work_ahead(self) -> None:
        """While the dialog doesn't show: lay it out as its widgets ask, paint their lines,
        tint the screen beneath and render its whole frame over that screen, a step at a
        time (``_unseen_step``), so that its opening lays nothing out and sends that frame.

        What its opening would change first is done now: the focus on its first widget
        that takes it (Textual's auto focus as a screen resumes), and its rack of notices
        hidden when none is up (Textual's as a screen opens; the first time a layout)."""
        if self.is_attached and not self._busy and not self.is_current:
            self._update_auto_focus()
            if not len(self.app._notifications):
                for rack in self.query(ToastRack):
                    rack.display = False
        self._ahead = True
        self._step_soon()

    def _step_soon(self) -> None:
        """The next step of the work ahead, as the dialog's next message: the messages and
        keys that came before it go first (Textual's update timer, which would space the
        steps by its ticks, runs for the screen on top only)."""
        if not self._step_due:
            self._step_due = True
            self.call_later(self._unseen_step)

    async def _on_idle(self, event: events.Idle) -> None:
        if self._ahead and self._unseen_work():
            self._step_soon()  # a widget's refresh came in meanwhile
        await super()._on_idle(event)

    def _unseen_work(self) -> bool:
        """Is there a layout or a widget's lines to make while the dialog doesn't show?"""
        if self._busy or self.is_current or not self.is_attached:
            self._ahead = False  # opened (Textual lays it out and paints it) or gone
            return False
        return (
            self._laid_out_wanted()
            or bool(self._unpainted())
            or self._untinted() is not None
            or self._unprepared() is not None
        )

    def _laid_out_wanted(self) -> bool:
        """Does the dialog, or a widget of it, ask for a layout (its message may still be
        on its way to the dialog)?"""
        return self._layout_required or bool(self._asking_layout(measure=False))

    def _unpainted(self) -> list[tuple[Widget, Region]]:
        """The dialog's widgets with lines to paint: each, and its lines the screen shows."""
        out = []
        for widget, (region, clip) in self._compositor.visible_widgets.items():
            if widget is self:
                continue  # the screen beneath, tinted: kept by that screen (``Watched``)
            crop = region.intersection(clip).translate((-region.x, -region.y))
            cache = widget._styles_cache
            if cache._width != region.width or any(
                y in cache._dirty_lines or y not in cache._cache for y in crop.line_range
            ):
                out.append((widget, crop))
        return out

    def _opens_over(self) -> Watched[Any] | None:
        """The screen the dialog will open over (the table): the screen shown, or one made
        ready for it behind the opaque screen that covers it (``Watched.ready_under``).
        None under another dialog or another screen (the privacy screen)."""
        stack = self.app.screen_stack
        for n, screen in enumerate(stack[-2:][::-1]):
            if not isinstance(screen, Watched) or isinstance(screen, Dialog):
                continue
            if n == 0 or screen.ready_under(stack[-1], self):
                return screen
        return None

    def _untinted(self) -> Watched[Any] | None:
        """The screen the dialog will open over (the table), if its tint beneath the dialog
        is to be made: the screen keeps it while it shows the same (``Watched``)."""
        beneath = self._opens_over()
        if beneath is None:
            return None
        shown = beneath.unchanged_since()
        if shown is None or self._tinted_for == (beneath, shown):
            return None
        return beneath

    def _tint_unseen(self, beneath: Watched[Any]) -> None:
        """Tint the screen beneath as the dialog's background will (its first frame takes
        the kept lines while that screen shows the same)."""
        self._painted.clear()
        self._set_dirty()  # (the lines it painted when it last showed)
        stack = visible_screen_stack.set([beneath])  # the screens beneath, as Textual paints
        try:
            self.render_lines(self.size.region)
        finally:
            visible_screen_stack.reset(stack)
            self._painted.clear()  # the opening asks the screen beneath whether it changed
        self._tinted_for = (beneath, beneath.unchanged_since())

    def _frame_key(self, beneath: Watched[Any]) -> tuple[object, ...] | None:
        """What the dialog's whole frame over ``beneath`` shows, as a key that stays while
        it does: the screen beneath and its tint, the dialog's own changes and its widgets'
        painted lines; None while a change is on its way or a widget is to be painted."""
        shown = beneath.unchanged_since()
        if shown is None or self._unpainted():
            return None
        compositor = self._compositor
        for widget in compositor.widgets:
            # (the dialog's own repaint, asked whenever it opens, changes nothing it shows)
            if widget is not self and (
                widget._repaint_required or widget._layout_required or widget._scroll_required
            ):
                return None
        own = (self.shown_changes, compositor.size, self.app._css_update_count)
        return (beneath, shown, beneath.tinted, own, self.app.size)

    def _unprepared(self) -> Watched[Any] | None:
        """The screen the dialog will open over, if its whole frame is to be made ahead:
        laid out, painted and tinted, and not made for what it shows now."""
        beneath = self._opens_over()
        if beneath is None:
            return None
        key = self._frame_key(beneath)
        if key is None or (self._prepared is not None and self._prepared[0] == key):
            return None
        return beneath

    def _prepare_frame(self, beneath: Watched[Any]) -> None:
        """Render the dialog's whole frame over ``beneath``, as its opening would, to the
        text the terminal gets: the opening sends it if the dialog and the screen beneath
        still show the same (``_compositor_refresh``)."""
        key = self._frame_key(beneath)
        if key is None:
            return
        stack = visible_screen_stack.set([beneath])
        try:
            update = self._compositor.render_full_update()
        finally:
            visible_screen_stack.reset(stack)
        self._prepared = (key, PreparedFrame(update, self.app.console))

    def _unseen_step(self) -> None:
        """A step of the work ahead while the dialog doesn't show: the layout (its passes
        at once), else some of the widgets' lines (``UNSEEN_STEP`` of CPU, a band of
        ``UNSEEN_ROWS`` rows at a time), else the tint of the screen beneath, else the
        whole frame. A key pressed meanwhile waits for one step at most; once the dialog
        opens, Textual lays out and paints what is left."""
        self._step_due = False
        if not self._ahead or not self._unseen_work():
            return
        if self._laid_out_wanted():
            self._layout_required = False
            self._updating = True  # the layout passes the widgets ask for, at once
            try:
                self._refresh_layout(self.app.size)  # (unseen: no frame)
            finally:
                self._updating = False
            self._start_update_timer()
        elif unpainted := self._unpainted():
            until = time.process_time() + UNSEEN_STEP
            for widget, crop in unpainted:
                for y in range(crop.y, crop.bottom, UNSEEN_ROWS):
                    widget.render_lines(
                        crop.intersection(Region(crop.x, y, crop.width, UNSEEN_ROWS))
                    )
                    if time.process_time() > until:
                        break
                else:
                    continue
                break
        elif beneath := self._untinted():
            self._tint_unseen(beneath)
        elif beneath := self._unprepared():
            self._prepare_frame(beneath)
        self._dirty_widgets.clear()  # painted, or painted whole as it opens
        self._step_soon()

    def takes(self, *args: Any, **kwargs: Any) -> bool:
        """Whether this dialog can show this content (the constructor's arguments) by
        refilling its widgets; else ``reused`` builds another."""
        return True

    def set_content(self, *args: Any, **kwargs: Any) -> None:
        """Show this content (the constructor's arguments) the next time the dialog shows:
        on its widgets, if it has been composed."""
        if args or kwargs:
            raise TypeError(f"{type(self).__name__} takes no content")

    def _push_result_callback(
        self,
        requester: MessagePump,
        callback: ScreenResultCallbackType[ResultType] | None,
        future: asyncio.Future[ResultType | None] | None = None,
    ) -> None:
        # Textual's push_screen calls this before the dialog is on the stack, right after
        # it asked the screen beneath to repaint itself whole: dropped at once, before the
        # screen beneath paints that (a dialog composed for this opening resumes only once
        # it is mounted, and the table painted a frame of itself meanwhile)
        if self.app._screen_stack:
            self.app.screen._repaint_required = False
        super()._push_result_callback(requester, callback, future)

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Textual works out the styles of every widget of a screen again each time it
        resumes (a quarter of the CPU of opening the offer dialog). A dialog shown before
        (or built ahead) has the styles it had then unless the app's stylesheet or theme
        changed since (Textual counts those changes): its own changes (classes, focus,
        what shows) restyled the widgets they touched as they were made."""
        count = self.app._css_update_count
        if self._styled_for == count:
            event.refresh_styles = False  # Screen's own handler, which runs next
        self._styled_for = count
        # (one handler: Textual calls a class's ``on_screen_resume`` only when it has no
        # ``_on_screen_resume``)
        self._busy = True
        # Textual asks the screen beneath to repaint itself whole when a screen is pushed
        # over it, which made the dialog paint everything (its dim background included) a
        # second time. The dialog's first paint takes the screen beneath as it is then;
        # what changes in it later is repainted as ever (its widgets' own refreshes).
        for screen in self.app._background_screens:
            screen._repaint_required = False

    def on_screen_suspend(self) -> None:
        self._painted.clear()  # the screen beneath may change while another shows
        self._busy = False  # free once out of the stack

    def _on_timer_update(self) -> None:
        """One frame where Textual sent two: when the dialog is to be laid out and painted
        whole (as it opens: Textual repaints a resumed screen whole), the layout's frame
        paints everything. Textual sent the layout's frame (the regions that moved), then
        a frame of the whole screen again, a few milliseconds later."""
        if (
            self._layout_required
            and self._repaint_required
            and self.is_current
            and not self.app._batch_count
        ):
            self._repaint_required = False
            self._dirty_widgets.add(self)  # the layout paints the whole screen's region
        self._updating = True
        try:
            super()._on_timer_update()
        finally:
            self._updating = False

    #: set while the screen's update (a timer's: layout and paint) runs
    _updating = False
    #: set while a layout pass runs (see ``_refresh_layout``): its paint waits
    _laying_out = False
    _paint_held = False

    def _refresh_layout(self, size: Size | None = None, scroll: bool = False) -> None:
        """Textual's layout pass, again at once while widgets ask for another; one paint.

        A list refilled with more or fewer entries than last time gets another height,
        a scrollbar may come or go with it (its lines another width), and the dialog
        around it another height: each asks for another layout as the pass gives it its
        size, and Textual sent a second frame of the same text for the second pass. The
        passes run here one after the other, as Textual's next pass would run (the
        arrangements the askers change worked out anew), and the frame is painted after
        the last.
        """
        if not self._updating or (scroll and not self._layout_widgets):
            # another layout (a resize, a screen resumed with another size: Textual's next
            # update follows it), or scrolling (Textual's quick path)
            super()._refresh_layout(size, scroll)
            return
        self._laying_out, self._paint_held = True, False
        try:
            # what asked before this pass is laid out by it (Textual: by the next one)
            self._take_layout_requests(self._asking_layout(measure=False))
            super()._refresh_layout(size, scroll)
            for _ in range(3):
                asked = self._asking_layout()
                if not asked:
                    break
                self._take_layout_requests(asked)
                super()._refresh_layout(size, scroll)
        finally:
            self._laying_out = False
        if self._paint_held:
            self._paint_held = False
            compositor = self._compositor
            whole = compositor.size.region in compositor._dirty_regions
            self._compositor_refresh()
            if whole:
                # the frame painted every widget as it is now: the repaints they asked for
                # as the passes gave them their sizes (a scrollbar's new window) would send
                # the same lines in a second frame
                for widget in self.walk_children(Widget):
                    for painted in (widget, widget._vertical_scrollbar, widget._scrollbar_corner):
                        if painted is not None:
                            painted._repaint_required = False

    def _asking_layout(self, measure: bool = True) -> list[Widget]:
        """The widgets (scrollbars too) that ask for another layout; after a pass
        (``measure``) a list measures its entries at the width the pass gave it first (it
        did as it painted, and asked for another layout then, its scrollbar too)."""
        asking = []
        for widget in self.walk_children(Widget):
            measure_lines = getattr(widget, "measure_lines", None) if measure else None
            if measure_lines is not None:
                measure_lines()
            bars = (widget._vertical_scrollbar, widget._horizontal_scrollbar)
            asking += [w for w in (widget, *bars) if w is not None and w._layout_required]
        return asking

    @staticmethod
    def _take_layout_requests(asked: list[Widget]) -> None:
        """The layouts ``asked`` for are done by the pass that follows, not by another
        frame's: their arrangements worked out anew, as Textual does for its next pass."""
        for widget in asked:
            widget._layout_required = False
            for ancestor in widget.ancestors:
                if not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                ancestor._layout_updates += 1
                if not ancestor.styles.auto_dimensions:
                    break

    def _compositor_refresh(self) -> None:
        """Painted once the layout passes are done (``_refresh_layout``); the first frame
        as the dialog opens: the one made ahead (``work_ahead``), if the dialog and the
        screen beneath show what they showed then (else, and later, Textual's)."""
        if self._laying_out:
            self._paint_held = True
            return
        prepared, self._prepared = self._prepared, None
        compositor = self._compositor
        if prepared is not None and self.is_current and isinstance(compositor, PreparedCompositor):
            beneath = self.app._background_screens
            if (
                len(beneath) == 1
                and isinstance(beneath[0], Watched)
                and self._frame_key(beneath[0]) == prepared[0]
            ):
                compositor.ready = prepared[1]
        try:
            super()._compositor_refresh()
        finally:
            if isinstance(compositor, PreparedCompositor):
                compositor.ready = None

    async def _on_resize(self, event: events.Resize) -> None:
        """Lay out again only for a size this screen or one beneath isn't laid out at.

        Textual's first layout of a pushed screen sends it a Resize of the size it was
        just laid out at, and a screen relays a Resize to the screens beneath: each
        then lays itself out again and paints, the table beneath included, for nothing.
        A terminal's resize comes with a new size and goes on to Textual as ever.
        """
        size = event.size
        if self._compositor.size == size and all(
            screen._compositor.size == size for screen in self.app._background_screens
        ):
            event.prevent_default()  # Screen's handler (the layouts) is skipped, ours ran
            event.stop()

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if regions:  # what Textual asks when the screen beneath changed
            self._painted.clear()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    # Textual paints whatever Visual a widget renders; Screen.render's type says Rich only
    def render(self) -> VisualType:  # type: ignore[override]
        """The screen beneath, tinted. Textual names that screen only while it renders a
        frame; a dialog whose opening sent the frame made ahead (nothing painted then)
        paints its background on the screen beneath it on the stack when it is rendered
        outside a frame (``render_strips``, as the tests read the screen)."""
        background = super().render()
        if type(background) is BackgroundScreen:
            return TintedScreen(background.screen, background.color, self._painted)
        color = self.styles.background
        stack = self.app.screen_stack
        if color.a < 1 and self in stack and stack.index(self):
            return TintedScreen(stack[stack.index(self) - 1], color, self._painted)
        return background
