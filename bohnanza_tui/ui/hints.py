"""The hint for the person at the keyboard: what the strong computer player would do, and why.

``ask`` runs in a worker thread (the strong level searches about half a
second); ``HintPanel`` shows the answer under the table until the position
or the person at the keyboard changes. The hint is only shown, never played,
and it sees only the asking player's view (``bohnanza_tui.bots.hint``).
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.content import Content
from textual.widgets import Static

from bohnanza_tui.i18n import _

if TYPE_CHECKING:
    from bohnanza_tui.rules import GameState


class HintText(NamedTuple):
    #: the one-line reason, in the language in use
    reason: str
    #: the move as a command a player would type (empty if it has none)
    command: str


@functools.cache
def installed() -> bool:
    """Are the computer players (and so the hints) part of this installation?"""
    from importlib.util import find_spec

    return find_spec("bohnanza_tui.bots") is not None


def ask(view: GameState, player: int, seed: int, search: dict[str, Any]) -> HintText | None:
    """The strong level's move for ``player`` in ``view``, as text; None if there is none.

    ``search`` tunes the strong level's search (``max_samples`` for reproducible
    tests). Never raises: a failing search is logged, and there is no hint.
    """
    try:
        from bohnanza_tui.bots.hint import hint

        advice = hint(view, player, seed=seed, **search)
    except ValueError:  # nothing to decide now
        return None
    except Exception:
        logging.getLogger(__name__).exception("the hint for seat %d failed", player + 1)
        return None
    try:
        from bohnanza_tui.commands.formatting import format_action

        command = format_action(view, advice.action)
    except Exception:  # a nicety: the reason says what to do
        command = ""
    return HintText(str(advice.reason), command)


class HintPanel(Static):
    """A small panel under the table: the hint, or that it is being thought about.

    ``token`` names the position and the person it answers (None: closed); the
    table closes the panel when its token no longer matches.
    """

    DEFAULT_CSS = """
    HintPanel {
        height: auto;
        border: round $accent;
        border-title-style: bold;
        padding: 0 1;
        display: none;
    }
    """

    token: object = None

    def thinking(self, token: object, name: str) -> None:
        self.token = token
        self.border_title = _("Hint for {name}").format(name=name)
        self.border_subtitle = ""
        self.update(Content.styled(_("Thinking…"), "italic $foreground-muted"))
        self.display = True

    def show_hint(self, token: object, text: HintText | None) -> bool:
        """Show the answer if it still answers the open request; False if it came too late."""
        if token is None or token != self.token:
            return False
        if text is None:
            self.update(_("No hint now: there is nothing to decide."))
        else:
            parts: list[str | tuple[str, str]] = [text.reason]
            if text.command:
                command = _("as a command: {command}").format(command=text.command)
                parts.append(("  " + command, "$foreground-muted"))
            self.update(Content.assemble(*parts))
        self.border_subtitle = _("only a hint: nothing is played · n hides it")
        return True

    def close(self) -> None:
        self.token = None
        self.display = False
