"""The set-up's options: how often computer players make offers to people, and hints.

Both belong to the game: chosen on the set-up screen (or ``bohnanza new``), kept
in its save, used when the app makes the computer players (also on resume),
and remembered for the next start.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from ui_helpers import SIZE, press, screen_text

from bohnanza_tui.bots import make_bot
from bohnanza_tui.rules.save import load_file
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.setup import SetupScreen


class RecordingFactory:
    """The real computer players, with a note of what each was made with."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[int], str]] = []

    def __call__(
        self, level: str, seed: int, *, people: Collection[int], offers_to_people: Any
    ) -> Any:
        self.calls.append((level, sorted(people), offers_to_people))
        return make_bot(level, seed, people=people, offers_to_people=offers_to_people)


async def test_the_options_reach_the_computers_the_save_and_the_next_start(
    tmp_path: Path,
) -> None:
    save = tmp_path / "autosave.json"
    factory = RecordingFactory()
    app = BohnanzaApp(autosave=save, bot_factory=factory, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Computer offers to people: rarely" in text and "Hints: on" in text  # defaults
        await pilot.click("#kind-1")  # Bob: Human → Computer · basic
        await pilot.click("#setup-offers")  # rarely → never
        await pilot.click("#setup-hints")  # on → off
        text = screen_text(app)
        assert "Computer offers to people: never" in text and "Hints: off" in text
        await press(pilot, "ctrl+n")
        hs = app.hotseat
        assert hs is not None and not isinstance(app.screen, SetupScreen)
        assert (hs.options.offers_to_people, hs.options.hints) == ("never", False)
        bot = hs.bot_for(1)
        assert factory.calls == [("basic", [0, 2], "never")]
        assert bot.offers_to_people == "never" and bot.people == {0, 2}  # type: ignore[union-attr]
    saved = load_file(save)
    assert (saved.options.offers_to_people, saved.options.hints) == ("never", False)

    # resumed from the save: the computer players are made with the game's option again
    factory.calls.clear()
    resumed = BohnanzaApp(saved, autosave=tmp_path / "other.json", bot_factory=factory, bot_delay=0)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.hotseat is not None
        resumed.hotseat.bot_for(1)
        assert factory.calls == [("basic", [0, 2], "never")]
        assert not resumed.hotseat.options.hints

    # the next start offers the last choice
    again = BohnanzaApp(autosave=None, bot_factory=factory, bot_delay=0)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(again)
        assert "Computer offers to people: never" in text and "Hints: off" in text
        await pilot.click("#setup-offers")  # never → often
        await press(pilot, "ctrl+n")
        assert again.hotseat is not None
        assert again.hotseat.options.offers_to_people == "often"
        assert not again.hotseat.options.hints


async def test_an_older_save_plays_with_the_default_options(tmp_path: Path) -> None:
    import json

    from bohnanza_tui.rules.save import Session, dumps, loads

    session = Session.new("classic", ["Ann", "Bob", "Cy"], 4)
    doc = json.loads(dumps(session))
    doc["seats"] = [{"kind": "human"}, {"kind": "computer", "level": "basic"}, {"kind": "human"}]
    del doc["options"]  # written before the options existed
    factory = RecordingFactory()
    app = BohnanzaApp(loads(json.dumps(doc)), autosave=None, bot_factory=factory, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.hotseat is not None
        app.hotseat.bot_for(1)
        assert factory.calls == [("basic", [0, 2], "often")]  # as the old save was played
        assert app.hotseat.options.hints


async def test_without_computer_players_installed_the_options_are_not_offered() -> None:
    app = BohnanzaApp(autosave=None, bot_factory=None, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Computer offers to people" not in screen_text(app)
        await press(pilot, "ctrl+n")
        assert app.hotseat is not None and app.hotseat.options.offers_to_people == "rarely"
