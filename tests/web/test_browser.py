"""The game in a real browser: ``bohnanza serve`` on a free loopback port, Chromium driven
by Playwright (the system's Chromium; skipped only where there is none, and CI installs
it). The screen is read from the page's xterm.js terminal, as the browser shows it.

One classic game of two people and a computer player, set up on the set-up screen with
clicks and keys; Ann's first turn played with keys and clicks, the help opened and closed;
the autosave checked; the page reloaded (a new game process), the language changed with a
click, the game resumed.
The server runs with HOME and the XDG folders in the test's temporary folder.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bohnanza_tui import i18n
from bohnanza_tui.i18n import _
from bohnanza_tui.rules.save import Session, load_file

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_web as bw

needs_chromium = pytest.mark.skipif(
    bw.chromium_missing() is not None, reason=bw.chromium_missing() or ""
)


def _in(lang: str, msgid: str) -> str:
    """``msgid`` in ``lang`` (the catalogs the served game reads)."""
    i18n.set_language(lang)
    try:
        return _(msgid)
    finally:
        i18n.set_language(i18n.ENGLISH)


@needs_chromium
def test_a_classic_game_with_two_people_and_a_computer_in_the_browser(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with bw.browser_page(tmp_path / "profile") as page, bw.serving(home) as server:
        page.open(server.url)
        # ctrl+n opens a browser window, which a page never gets: F5 is named instead
        text = page.wait_for(bw.SETUP_TITLE, "Start (F5)", "f5 Start game")
        assert text.count("◀ Human ▶") == 3 and "Resume last game" not in text
        assert "ctrl+n" not in text and "^n" not in text

        # a click on the third seat's kind makes Cy a computer player
        page.click("◀ Human ▶", nth=2)
        text = page.wait_for("◀ Computer ·")
        assert text.count("◀ Human ▶") == 2
        # the seed typed into its box (a click gives it the focus); F5 starts
        page.click("optional: a number")
        page.type("7")
        page.wait_gone("optional: a number")
        page.press("F5")
        text = page.wait_for("Pass the keyboard to Ann")
        assert "Ann's hand" not in text

        # Ann clicks the privacy screen's button: her hand, and only hers
        page.click("show my hand")
        text = page.wait_for("Ann's hand: ▶1", "Phase 1 · plant")
        assert "Bob's hand" not in text and "Cy's hand" not in text
        assert "computer" in text  # Cy's panel says what Cy is
        # a dialog: the help opens with ?, Escape closes it (Textual tells a lone Escape
        # from a key sequence as in a terminal)
        page.press("?")
        page.wait_for("How to play Bohnanza")
        page.press("Escape")
        page.wait_gone("How to play Bohnanza")

        # phase 1: the front card by key, the next by a click on the key bar's "p Plant"
        page.press("p")
        text = page.wait_for("Ann plants ", " on field 1.")
        assert "Phase 1 · plant" in text
        page.click("p Plant")
        text = page.wait_for("Phase 2 · trade", "Face up: ")
        assert text.count("Ann plants ") == 2

        # phase 2 ends (e, and e again to confirm with the cards turned up); phase 3
        page.press("e")
        page.wait_for("press e again to end trading")
        page.press("e")
        text = page.wait_for("Phase 3 · plant traded beans", "to plant: ")
        # both face-up cards planted: the turn ends with the draw, and says so to Ann
        to_plant = next(line for line in text.splitlines() if "to plant: " in line)
        page.press("p")
        page.wait_gone(to_plant.strip())  # one planted, one to go
        page.press("p")
        text = page.wait_for("Ann, your turn is over", "You drew: ")
        page.press("Space")
        text = page.wait_for("Pass the keyboard to Bob")
        assert "Ann's hand" not in text and "Bob's hand" not in text

        # every action is in the autosave, in the test's home
        autosave = home / ".local" / "share" / "bohnanza-tui" / "autosave.json"
        session = bw.wait_until(lambda: _saved_at_turn(autosave, 2))
        assert session.names == ["Ann", "Bob", "Cy"] and session.seed == 7
        assert [seat.kind for seat in session.seats or []] == ["human", "human", "computer"]
        actions = len(session.log)

        # a reload is a new page: a new game process, on the set-up screen, which offers
        # the game to resume; a click on the language goes to the next one (Bulgarian)
        page.page.reload()
        text = page.wait_for(bw.SETUP_TITLE, "Resume last game")
        page.click("◀ English ▶")
        page.wait_for(_in("bg", "Bohnanza — a new game"), _in("bg", "Resume last game"))
        page.click(_in("bg", "Resume last game"))
        page.wait_for(_in("bg", "Pass the keyboard to {name}").format(name="Bob"))
        page.press("Enter")
        text = page.wait_for(_in("bg", "Game resumed after {n} actions.").format(n=actions))
        assert "Bob" in text and "Ann plants" not in text  # the log in Bulgarian too

    # the server stopped at the end of the test, with every game it ran
    assert server.process.poll() is not None


def _saved_at_turn(path: Path, turn: int) -> Session | None:
    """The autosave once it holds ``turn`` (it is written just after the screen shows)."""
    if not path.exists():
        return None
    session = load_file(path)
    return session if session.state.turn == turn else None
