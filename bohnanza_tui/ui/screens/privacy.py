"""The privacy screen: the keyboard passes to another person, and no hand shows until they say so."""

from __future__ import annotations

import weakref
from typing import Any, Self

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from bohnanza_tui.i18n import _, current_language

from ..keybar import KeyBar
from .sized import SizedDialog

#: each app's privacy screens kept for the next hand-over (``PrivacyScreen.reused``)
_KEPT: weakref.WeakKeyDictionary[App[Any], list[PrivacyScreen]] = weakref.WeakKeyDictionary()


class PrivacyScreen(Screen[str | None]):
    """A full screen that hides the table; Enter hands the table to ``name``.

    With ``bid_key`` (the keyboard goes to the active player, bids are in)
    ``B`` lets another person bid first: it dismisses with ``"bid"``.

    The app keeps the screens it showed (``reused``): the next hand-over refills the
    texts of one (composing, styling and laying out a screen anew cost most of the
    hand-over's key).
    """

    BINDINGS = [
        Binding("enter", "reveal", _("Show my hand")),
        Binding("B", "bid", _("Another bid first")),
    ]

    #: how many an app keeps (one is shown while the last one still closes)
    POOL = 2

    def __init__(self, name: str, reason: str = "", *, bid_key: bool = False) -> None:
        super().__init__()
        self.player_name = name
        self.reason = reason
        self.bid_key = bid_key
        #: handed out or showing: pushed, and not suspended since
        self._busy = False
        #: the language its texts were made in
        self._language = current_language()
        #: the app's count of stylesheet changes when its styles were last worked out whole
        self._styled_for: int | None = None

    @classmethod
    def reused(cls, app: App[Any], name: str, reason: str = "", *, bid_key: bool = False) -> Self:
        """A privacy screen for this hand-over, to push at once: a kept one refilled when one
        is free, else a new one, which the app keeps if it has room."""
        pool = _KEPT.setdefault(app, [])
        language = current_language()
        for screen in list(pool):
            # a dismissed screen leaves the stack at once, its suspension follows later
            if screen._busy or screen in app.screen_stack:
                continue
            if screen._language != language:  # its key bar's texts: let go
                pool.remove(screen)
                app.uninstall_screen(screen)
                screen.remove()
                continue
            screen.set_content(name, reason, bid_key=bid_key)
            screen._busy = True
            return screen  # type: ignore[return-value]  # the pool holds this class's
        fresh = cls(name, reason, bid_key=bid_key)
        if len(pool) < cls.POOL:
            n = 0
            while app.is_screen_installed(f"{cls.__name__}-{n}"):
                n += 1
            app.install_screen(fresh, f"{cls.__name__}-{n}")  # (kept when it closes)
            pool.append(fresh)
        fresh._busy = True
        return fresh

    def set_content(self, name: str, reason: str = "", *, bid_key: bool = False) -> None:
        """Another hand-over: the texts that differ set again (each lays the screen out)."""
        before = (self.player_name, self.reason, self.bid_key)
        self.player_name, self.reason, self.bid_key = name, reason, bid_key
        if not self.is_mounted:
            return
        if name != before[0]:
            self.query_one("#privacy-title", Static).update(self._title())
            self.query_one("#privacy-hint", Static).update(self._hint())
            self.query_one("#reveal", Button).label = self._button()
        if reason != before[1]:
            shown = self.query_one("#privacy-reason", Static)
            shown.update(reason)
            shown.display = bool(reason)
        if bid_key != before[2]:
            self.query_one("#privacy-bid", Static).display = bid_key
            self.refresh_bindings()
        button = self.query_one("#reveal", Button)
        if self.focused is not button:
            button.focus()

    def _title(self) -> str:
        return _("Pass the keyboard to {name}").format(name=self.player_name)

    def _hint(self) -> str:
        return _("{name}, press Enter when only you can see the screen.").format(
            name=self.player_name
        )

    def _button(self) -> Content:
        return Content(_("I am {name} — show my hand").format(name=self.player_name))

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Shown again: its styles are what they were unless the app's stylesheet or theme
        changed since (Textual works them out again whole at each resume otherwise); its
        own changes (texts, what shows) restyled what they touched as they were made."""
        count = self.app._css_update_count
        if self._styled_for == count:
            event.refresh_styles = False  # Screen's own handler, which runs next
        self._styled_for = count
        self._busy = True

    def on_screen_suspend(self) -> None:
        self._busy = False  # free once out of the stack

    async def _on_resize(self, event: events.Resize) -> None:
        """Lay out again only for a size this screen or the one beneath isn't laid out at:
        Textual's first layout of a pushed screen sends it a Resize of the size it was just
        laid out at, which it relays to the screen beneath (the table, laid out again under
        this screen for nothing). A terminal's resize goes on to Textual as ever."""
        size = event.size
        if self._compositor.size == size and all(
            screen._compositor.size == size for screen in self.app._background_screens
        ):
            event.prevent_default()  # Screen's handler (the layouts) is skipped
            event.stop()

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        return self.bid_key if action == "bid" else True

    def action_bid(self) -> None:
        self.dismiss("bid")

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static("⌨", id="privacy-icon")
            yield Static(self._title(), id="privacy-title", markup=False)
            # always there (a kept screen may get a reason or the bid key), shown only so
            reason = Static(self.reason, id="privacy-reason", markup=False)
            reason.display = bool(self.reason)
            yield reason
            bid = Static(_("Someone else bids first: B"), id="privacy-bid", markup=False)
            bid.display = self.bid_key
            yield bid
            yield Static(self._hint(), id="privacy-hint", markup=False)
            with Center():
                yield Button(self._button(), id="reveal", variant="primary")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#reveal", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_reveal()

    def action_reveal(self) -> None:
        self.dismiss(None)


class TurnOverScreen(SizedDialog[None]):
    """The end of a person's turn: the cards they drew, before the keyboard passes on.

    Space (or Esc) closes it, not Enter: a double Enter must not also confirm the
    privacy screen that follows, which is for the next person to press.
    """

    BINDINGS = [Binding("space,escape", "close", _("Pass the keyboard on"))]

    def __init__(self, name: str, cards: list[int]) -> None:
        super().__init__()
        self.player_name = name
        self.cards = cards

    def compose(self) -> ComposeResult:
        from .. import render

        drawn = Content(", ").join([render.card(c) for c in self.cards])
        with Vertical(classes="dialog", id="turn-over"):
            yield Label(
                _("{name}, your turn is over").format(name=self.player_name),
                classes="dialog-title",
                markup=False,
            )
            yield Static(
                Content.assemble(
                    _("You drew: "), drawn, "\n", _("They are at the back of your hand.")
                )
            )
            yield Static(_("Space: pass the keyboard on"), classes="dialog-keys")
        yield KeyBar(id="keys")

    def action_close(self) -> None:
        self.dismiss(None)
