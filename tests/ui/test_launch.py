"""The app shows its set-up screen without the rules core, and loads it behind that screen.

Each check runs in a fresh interpreter: in this one the rules are long imported.
(How fast the app starts is measured by scripts/bench_ui.py, not here.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bohnanza_tui.ui import ESCDELAY, app, run_app

#: what the first screen must do without: the rules core and the validation library it uses
HEAVY = ("bohnanza_tui.rules", "pydantic")

IMPORTS = """
import json, sys
import bohnanza_tui.cli, bohnanza_tui.ui.app, bohnanza_tui.ui.screens.setup
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)))
"""

#: ``bohnanza`` without arguments, headless: what is loaded when the set-up screen is painted
#: (the moment the app starts loading the rest), and after that loading is done
LAUNCH = """
import json, sys, threading
from bohnanza_tui.cli import main
from bohnanza_tui.ui import app

def heavy():
    return sorted(m for m in {heavy!r} if m in sys.modules)

report = {{}}

class Probe(app.BohnanzaApp):
    def _preload(self):
        report["screen"] = type(self.screen).__name__
        report["painted"] = heavy()
        super()._preload()
        self.exit()

    def run(self, **kwargs):
        return super().run(headless=True, **kwargs)

app.BohnanzaApp = Probe
status = main([])
for thread in threading.enumerate():
    if thread.name == "preload-game":
        thread.join()
report["status"] = status
report["loaded"] = [m for m in app.GAME_MODULES if m in sys.modules]
print(json.dumps(report))
"""

#: Start pressed while the rules are still loading in the background: the game starts all the same
START_AT_ONCE = """
import asyncio, json, threading
from bohnanza_tui.ui.app import BohnanzaApp

def loading():
    return any(t.name == "preload-game" for t in threading.enumerate())

async def play():
    app = BohnanzaApp(autosave=None, bot_factory=None)
    async with app.run_test(size=(100, 40)) as pilot:
        while not loading():
            await asyncio.sleep(0.001)
        await pilot.press("ctrl+n")
        await pilot.pause()
        return {{"screen": type(app.screen).__name__, "started": app.session is not None}}

print(json.dumps(asyncio.run(play())))
"""


def run_python(code: str, tmp_path: Path) -> Any:
    # no real autosave is looked at, nor the parsed stylesheets kept between starts
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code.format(heavy=HEAVY)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_app_and_the_command_import_no_rules(tmp_path: Path) -> None:
    assert run_python(IMPORTS, tmp_path) == []


def test_the_set_up_screen_shows_before_the_rules_load_behind_it(tmp_path: Path) -> None:
    report = run_python(LAUNCH, tmp_path)
    assert report["screen"] == "SetupScreen"
    assert report["painted"] == []
    assert report["status"] == 0
    assert report["loaded"] == list(app.GAME_MODULES)


def test_start_works_while_the_rules_still_load(tmp_path: Path) -> None:
    report = run_python(START_AT_ONCE, tmp_path)
    assert report == {"screen": "PrivacyScreen", "started": True}  # three people: pass the keyboard


def test_escape_closes_a_dialog_after_a_short_wait_unless_escdelay_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Textual reads ESCDELAY when it is first imported, which the app does in run_app
    seen: list[str | None] = []
    monkeypatch.setattr(
        app.BohnanzaApp, "run", lambda self: seen.append(os.environ.get("ESCDELAY"))
    )
    monkeypatch.delenv("ESCDELAY", raising=False)
    run_app()
    monkeypatch.setenv("ESCDELAY", "300")  # the player's own setting wins
    run_app()
    assert seen == [str(ESCDELAY), "300"]
    assert ESCDELAY < 100  # Textual's own wait
