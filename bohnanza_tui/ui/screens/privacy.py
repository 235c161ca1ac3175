"""The privacy screen: the keyboard passes to another person, and no hand shows until they say so."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from bohnanza_tui.i18n import _


class PrivacyScreen(Screen[None]):
    """A full screen that hides the table; Enter hands the table to ``name``."""

    BINDINGS = [Binding("enter", "reveal", _("Show my hand"))]

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.reason = reason

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static("⌨", id="privacy-icon")
            yield Static(
                _("Pass the keyboard to {name}").format(name=self.player_name),
                id="privacy-title",
                markup=False,
            )
            if self.reason:
                yield Static(self.reason, id="privacy-reason", markup=False)
            yield Static(
                _("{name}, press Enter when only you can see the screen.").format(
                    name=self.player_name
                ),
                id="privacy-hint",
                markup=False,
            )
            with Center():
                yield Button(
                    Content(_("I am {name} — show my hand").format(name=self.player_name)),
                    id="reveal",
                    variant="primary",
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#reveal", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_reveal()

    def action_reveal(self) -> None:
        self.dismiss(None)
