"""Ask for a file name (save as, load)."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from bohnanza_tui.i18n import N_, _

from .modal import Dialog


class PathScreen(Dialog[Path | None]):
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, default: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(self.default, placeholder=_("file name"), id="path")
            yield Static(_("Enter confirms · Esc cancels"), classes="dialog-keys")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    def action_cancel(self) -> None:
        self.dismiss(None)
