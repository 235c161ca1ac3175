"""The app served to a browser (``bohnanza serve``, Textual's web driver): the keys a
browser keeps for itself are not offered (tests/web/test_browser.py plays it in one)."""

from __future__ import annotations

import pytest
from ui_helpers import SIZE, press, screen_text

from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.setup import SetupScreen


@pytest.mark.parametrize("web", [False, True])
async def test_in_a_browser_the_set_up_screen_names_f5_for_start(
    monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    monkeypatch.setattr(BohnanzaApp, "is_web", property(lambda self: web))
    app = BohnanzaApp(autosave=None, bot_factory=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        if web:
            assert "Start (F5)" in text and "f5 Start game" in text
            assert "ctrl+n" not in text and "^n" not in text
        else:
            assert "Start (ctrl+n)" in text and "^n Start game" in text
        await press(pilot, "f5")  # the key named starts the game, in either
        assert not isinstance(app.screen, SetupScreen)
