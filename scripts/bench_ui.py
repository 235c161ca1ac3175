"""Benchmark of the app: launch time, and key press to updated table.

    python scripts/bench_ui.py [--runs N] [--presses N] [--positions N]

1. Launch: wall time from starting a Python process to the first interactive
   screen (the set-up screen, painted), against a minimal Textual app started
   the same way (headless, exits after its first paint). Reported as a ratio.
   The app starts as the ``bohnanza`` command starts it (``bohnanza_tui.cli``,
   no arguments), only headless, and exits once the set-up screen is painted
   with its footer (two refreshes after mount; it checks the screen is there).
2. Key press to table: 5-player Bohn Voyage games played randomly deep into
   the game (several positions: the figure depends on what is on the table);
   the active player plants onto field 1 (key ``1``) and takes it back
   (``u``), over and over. Each sample is the time from the key press to
   the first screen update sent to the terminal after it. Reported as the
   median and the 90th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import time

MINIMAL = """
from textual.app import App
from textual.widgets import Footer, Static
class Minimal(App):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.exit)
Minimal().run(headless=True)
"""

BOHNANZA = """
from bohnanza_tui.cli import main
from bohnanza_tui.ui import app
class Timed(app.BohnanzaApp):
    def on_mount(self):  # Textual calls BohnanzaApp.on_mount as well, after this
        self.call_after_refresh(lambda: self.call_after_refresh(self.painted))
    def painted(self):
        if type(self.screen).__name__ != "SetupScreen" or not self.screen.query_one("#start").region:
            raise RuntimeError("the set-up screen is not on screen yet")
        self.exit()
    def run(self, **kwargs):
        return super().run(headless=True, **kwargs)
app.BohnanzaApp = Timed  # what the command's run_app starts
raise SystemExit(main([]))
"""


def launch(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def late_voyage_game(seed: int = 11):  # type: ignore[no-untyped-def]
    """A 5-player voyage game played randomly until late, stopped at a plantable moment."""
    from bohnanza_tui.rules import Phase, check, new_game
    from bohnanza_tui.rules.actions import Plant
    from bohnanza_tui.rules.randomplay import RandomPlayer
    from bohnanza_tui.rules.save import Session

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    state = new_game("voyage", names, seed)
    session = Session(state)
    player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
    while True:
        s = session.state
        if s.over:
            raise RuntimeError("the game ended before a late position was found")
        if (
            s.exhaustions >= 1
            and s.phase is Phase.PLANT
            and s.planted == 0
            and s.players[s.active].hand
            and check(s, Plant(s.active, s.players[s.active].hand[0], s.turn_island, 0)) is None
        ):
            return Session(s.copy())
        session.play(player.step(s))


async def key_to_table(presses: int, seed: int = 11) -> list[float]:
    from bohnanza_tui.ui.app import BohnanzaApp
    from bohnanza_tui.ui.hotseat import Seat

    session = late_voyage_game(seed)
    names = [p.name for p in session.state.players]
    app = BohnanzaApp(session, seats=[Seat(n) for n in names], autosave=None, bot_factory=None)
    samples = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        painted: list[float] = []
        refresh = screen._compositor_refresh

        def stamped() -> None:  # the moment the screen's update went out to the terminal
            refresh()
            painted.append(time.perf_counter())

        screen._compositor_refresh = stamped  # type: ignore[method-assign]
        for i in range(presses):
            key = "1" if i % 2 == 0 else "u"
            await pilot.pause()
            painted.clear()
            start = time.perf_counter()
            await pilot.press(key)
            while not painted:
                await asyncio.sleep(0.001)
            samples.append(painted[0] - start)
        assert len(session.log) == 0 or session.log[-1].name == "plant"
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--presses", type=int, default=40, help="key presses per position")
    parser.add_argument(
        "--positions", type=int, default=5, help="late-game positions (seeds 11, 12, ...)"
    )
    args = parser.parse_args()
    minimal = launch(MINIMAL, args.runs)
    ours = launch(BOHNANZA, args.runs)
    print(
        f"launch: minimal Textual app {minimal * 1000:.0f} ms, bohnanza {ours * 1000:.0f} ms, "
        f"ratio {ours / minimal:.2f} (aim <= 1.5)"
    )
    ms: list[float] = []
    medians = []
    for seed in range(11, 11 + args.positions):
        here = sorted(s * 1000 for s in asyncio.run(key_to_table(args.presses, seed)))
        medians.append(f"{statistics.median(here):.0f}")
        ms += here
    ms.sort()
    print(
        f"key press to table (5-player voyage, {args.positions} late-game positions, "
        f"{len(ms)} presses): median {statistics.median(ms):.1f} ms, "
        f"p90 {ms[int(len(ms) * 0.9)]:.1f} ms (aim median <= 50); "
        f"median per position: {', '.join(medians)} ms"
    )


if __name__ == "__main__":
    main()
