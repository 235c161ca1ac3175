"""A question before anything is replaced or spent: the safe answer is the default."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from bohnanza_tui.i18n import N_

from ..keybar import KeyBar
from .modal import Dialog


class ConfirmScreen(Dialog[bool]):
    """Ask; dismisses with True only for the ``yes`` button or ``y``. Enter alone keeps things."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), show=False),
        Binding("n,escape", "answer(False)", N_("No")),
    ]
    AUTO_FOCUS = "#no"

    def __init__(self, title: str, text: str, yes: str, no: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="confirm"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.text, classes="dialog-note", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(f"{self.no} (n)", id="no", variant="primary")
                yield Button(f"{self.yes} (y)", id="yes", variant="warning")
        yield KeyBar(id="keys")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
