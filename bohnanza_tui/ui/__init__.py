"""The Textual app: hot-seat Bohnanza and Bohn Voyage at one keyboard.

``import bohnanza_tui.ui`` stays cheap: Textual is imported only when the app
runs (``run_app``), so the command line starts fast for its other commands.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bohnanza_tui.rules.cafe_session import CafeSession
    from bohnanza_tui.rules.save import Session

__all__ = ["ESCDELAY", "run_app"]

#: ms the app waits after Escape for the rest of a key sequence, unless ESCDELAY is set
ESCDELAY = 25


def run_app(session: Session | CafeSession | None = None, save_path: Path | None = None) -> int:
    """Run the app: the set-up screen, or straight to the table of ``session``.

    ``save_path`` is where ``ctrl+s`` saves (the autosave is written anyway).
    After a game left unfinished it prints that the game is saved and the
    command that resumes it (in a terminal: served to a browser, ``bohnanza serve``,
    the standard output is the web driver's channel). Returns the process exit code.
    """
    # Escape closes every dialog: Textual waits ESCDELAY ms after an Escape to tell a lone
    # Escape from the start of a key sequence (100 by default). A terminal (and tmux) sends
    # a sequence in one piece, so a shorter wait is safe; a slow remote link may want more.
    os.environ.setdefault("ESCDELAY", str(ESCDELAY))
    from . import collector
    from .app import BohnanzaApp

    collector.relax()  # fewer, shorter pauses of the garbage collector (see .collector)
    app = BohnanzaApp(session=session, save_path=save_path)
    app.settle_gc = True
    app.run()
    note = None if app.is_web else app.farewell()
    if note:
        print(note)
    return app.return_code or 0
