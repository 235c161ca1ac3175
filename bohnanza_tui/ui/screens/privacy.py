"""The privacy screen: the keyboard passes to another person, and no hand shows until they say so."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Label, Static

from bohnanza_tui.i18n import N_, _

from ..keybar import KeyBar
from .modal import Kept, skip_redundant_resize
from .sized import SizedDialog


class PrivacyScreen(Kept, Screen[str | None]):
    """A full screen that hides the table; Enter hands the table to ``name``.

    With ``bid_key`` (the keyboard goes to the active player, bids are in)
    ``B`` lets another person bid first: it dismisses with ``"bid"``.

    The app keeps the screens it showed (``Kept.reused``): the next hand-over refills
    the texts of one.
    """

    BINDINGS = [
        # before the focused button's own Enter, which ignores a press while it still shows
        # the last one (a kept screen's button, pressed at the hand-over before); the key
        # bar leaves it out, as it did behind the button's (the button says it)
        Binding("enter", "reveal", N_("Show my hand"), priority=True, show=False),
        Binding("B", "bid", N_("Another bid first")),
    ]

    def __init__(self, name: str, reason: str = "", *, bid_key: bool = False) -> None:
        super().__init__()
        self.player_name = name
        self.reason = reason
        self.bid_key = bid_key

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

    def on_resize(self, event: events.Resize) -> None:
        skip_redundant_resize(self, event)

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

    BINDINGS = [Binding("space,escape", "close", N_("Pass the keyboard on"))]

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
