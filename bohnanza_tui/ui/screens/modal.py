"""Screens the app keeps and refills: the dialogs and the privacy screen.

Composing a screen anew on every opening (its widgets mounted, their styles
matched, laid out from nothing) cost more than all the rest of opening it. So the
app keeps the screens of a class it opened, at most ``POOL`` of them (installed
screens: Textual keeps them when they close), and the next opening refills one
with its new content (``set_content``): only the texts and lists that differ are
changed, and Textual lays out and paints what they touched.

``Dialog`` is a ``ModalScreen`` on an opaque background.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any, ClassVar, Self, TypeVar

from textual import events
from textual.app import App
from textual.screen import ModalScreen, Screen

from bohnanza_tui.i18n import current_language

ResultType = TypeVar("ResultType")

#: each app's kept screens, by class (``Kept.reused``)
_POOLS: weakref.WeakKeyDictionary[App[Any], dict[type, list[Any]]] = weakref.WeakKeyDictionary()

#: the order in which ``Kept.reused`` hands screens out, and the names they are installed as
_HANDED = itertools.count()


class Kept:
    """A screen the app keeps for its next opening (a mixin before the Textual class:
    ``class Dialog(Kept, ModalScreen[T])``)."""

    #: how many of a class an app keeps (one opens while another still closes)
    POOL: ClassVar[int] = 2
    #: each kind of content (``showed_like``) gets a kept screen of its own while there is
    #: room (two lists opened in turn, the harvest and the buy list, keep their entries)
    BY_KIND: ClassVar[bool] = False

    #: handed out by ``reused`` and not closed since
    handed_out = False
    #: when ``reused`` last handed it out
    _handed = -1
    #: the language its texts were made in (a kept screen made in another is let go)
    _language = ""

    @classmethod
    def reused(cls, app: App[Any], *args: Any, **kwargs: Any) -> Self:
        """A screen of this class with this content, to push at once: a kept one refilled
        when one is free, else a new one, which the app keeps if it has room."""
        pool: list[Any] = _POOLS.setdefault(app, {}).setdefault(cls, [])
        language = current_language()
        free = []
        for screen in list(pool):
            if screen.handed_out or screen in app.screen_stack:
                continue
            if screen._language != language:  # its labels and key bar: let go
                pool.remove(screen)
                app.uninstall_screen(screen)
                screen.remove()
            elif screen.takes(*args, **kwargs):
                free.append(screen)
        like = [s for s in free if s.showed_like(*args, **kwargs)]
        if like or (free and (len(pool) >= cls.POOL or not cls.BY_KIND)):
            # the one that showed this kind of content last, else the one used longest ago
            screen = like[0] if like else min(free, key=lambda s: s._handed)
            screen.set_content(*args, **kwargs)
        else:  # (none free; or by kind, a kind the kept ones don't show and room for one more)
            screen = cls(*args, **kwargs)
            screen._language = language
            if len(pool) < cls.POOL:
                app.install_screen(screen, f"{cls.__name__}-{next(_HANDED)}")  # type: ignore[arg-type]
                pool.append(screen)
        screen.handed_out = True
        screen._handed = next(_HANDED)
        return screen

    def takes(self, *args: Any, **kwargs: Any) -> bool:
        """Whether this screen can show this content (the constructor's arguments) by
        refilling its widgets; else ``reused`` builds another."""
        return True

    def showed_like(self, *args: Any, **kwargs: Any) -> bool:
        """Whether this screen showed content of this kind last: ``reused`` hands it out
        before another (it may show the same again: nothing to refill)."""
        return False

    def set_content(self, *args: Any, **kwargs: Any) -> None:
        """Show this content (the constructor's arguments) on the kept widgets."""
        if args or kwargs:
            raise TypeError(f"{type(self).__name__} takes no content")

    def on_screen_suspend(self) -> None:
        self.handed_out = False  # closed: free for the next opening

    #: the theme the screen's widgets were last styled in (``keep_styles``)
    styled_theme: str | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        keep_styles(self, event)  # type: ignore[arg-type]


def keep_styles(screen: Screen[Any], event: events.ScreenResume) -> None:
    """Textual works out the styles of every widget of a screen again each time it resumes
    (a quarter of a kept dialog's opening, and at its first opening again the styles its
    widgets just got as they were mounted). A screen keeps them unless the theme changed
    since they were worked out: its own changes (classes, what shows) restyled what they
    touched as they were made. Called from the screen's ``on_screen_resume``, which runs
    before Textual's own handler; the first resume follows the mount at once."""
    theme = screen.app.theme
    if (getattr(screen, "styled_theme", None) or theme) == theme:
        event.refresh_styles = False
    screen.styled_theme = theme  # type: ignore[attr-defined]  # (Kept, TableView)


class Dialog(Kept, ModalScreen[ResultType]):
    """A modal screen over the table, kept for its next opening.

    Its background is opaque (``dialogs.tcss``): a translucent one has Textual render the
    whole table beneath as Rich text and tint it, piece by piece, at every paint of the
    dialog, which took most of an opening (about 100 ms of CPU for a five-player table,
    twice per opening).
    """

    #: the first list, line or button takes the focus as the dialog opens, never the box
    #: that scrolls it: a container's focus (and its blur when a list takes it) has Textual
    #: work out the styles of everything in it again, each time
    AUTO_FOCUS = "OptionList, Input, Button"

    def on_resize(self, event: events.Resize) -> None:
        skip_redundant_resize(self, event)


def skip_redundant_resize(screen: Screen[Any], event: events.Resize) -> None:
    """Textual sends a pushed screen a Resize of the size it was just laid out at, and a
    screen's Resize lays out it and every screen beneath once more: skipped when every
    screen has that size already (a terminal's resize comes with a new size)."""
    if all(shown.size == event.size for shown in screen.app.screen_stack):
        event.prevent_default()  # (Screen's own handler, which comes after this one)
        event.stop()
