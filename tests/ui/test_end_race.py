"""The game's end as the app quits: the end screen is pushed but never mounted."""

from __future__ import annotations

from test_snapshots import finished_game
from ui_helpers import make_app

from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui.screens.table import TableScreen


async def test_quitting_as_the_game_ends_raises_nothing() -> None:
    """The last action ends the game and the app quits at once (the end screen's chart was
    looked for before it was mounted: a NoMatches traceback at quit)."""
    whole = finished_game(5)
    session = Session(whole.start)
    for action in whole.log[:-1]:  # one action before the end
        session.play(action)
    last = whole.log[-1]
    assert not session.state.over
    app = make_app(session)
    async with app.run_test() as pilot:
        await pilot.press("enter")  # the privacy screen
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.play(last)
    assert session.state.over
