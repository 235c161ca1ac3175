"""Never lose a game: kill the app mid-turn, resume from the autosave, find the same table."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from ui_helpers import SIZE, make_app, press, screen_text

from bohnanza_tui.rules import Phase
from bohnanza_tui.rules.save import load_file
from bohnanza_tui.seating.hotseat import seats_from
from bohnanza_tui.ui.screens.privacy import PrivacyScreen

CHILD = textwrap.dedent(
    """
    import asyncio, sys, time
    from pathlib import Path
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.ui.app import BohnanzaApp
    from bohnanza_tui.seating.hotseat import Seat

    save, ready = Path(sys.argv[1]), Path(sys.argv[2])

    async def main():
        session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
        seats = [Seat("Ann"), Seat("Bob", "computer", "basic"), Seat("Cy")]
        app = BohnanzaApp(session, seats=seats, autosave=save, bot_factory=None)
        async with app.run_test(size=(120, 40)) as pilot:
            for key in ["enter", "p", "p", "k", "1"]:
                await pilot.press(key)
                await pilot.pause()
            ready.write_text(str(len(session.log)))
            time.sleep(600)  # killed here, mid-turn, without any clean exit

    asyncio.run(main())
    """
)


async def test_resume_after_kill(tmp_path: Path) -> None:
    save, ready = tmp_path / "autosave.json", tmp_path / "ready"
    env = {**os.environ, "PYTHONPATH": str(Path.cwd())}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(save), str(ready)],
        env=env,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not ready.exists():
            assert child.poll() is None, "the app died before it was killed"
            assert time.monotonic() < deadline, "the app did not get ready"
            time.sleep(0.05)
        played = int(ready.read_text())
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()

    session = load_file(save)
    assert len(session.log) == played == 3  # plant, plant, keep
    assert session.state.phase is Phase.TRADE
    assert len(session.state.face_up) == 1
    seats = seats_from(session)
    assert [s.kind for s in seats] == ["human", "computer", "human"]

    # resume: the same table, behind the privacy screen for the player to act
    app = make_app(session, seats=seats)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        assert "Pass the keyboard to Ann" in screen_text(app)
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Game resumed after 3 actions." in text
        assert "Phase 2 · trade" in text
        # the log of the game so far is replayed, before the note of the resumption
        assert text.index("Ann keeps the face-up") < text.index("Game resumed after 3 actions.")
        assert "to plant: 1 ×" in text
