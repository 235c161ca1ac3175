"""The app in other languages: the choice on the set-up screen, remembered for the next start."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from ui_helpers import SIZE, press, screen_text

from bohnanza_tui import i18n, settings
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.setup import SetupScreen
from bohnanza_tui.ui.toggles import Cycle


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small German catalog of our own, as the only shipped one."""
    catalog = Catalog(locale="de", domain="bohnanza")
    for msgid, text in {
        "Bohnanza — a new game": "Bohnanza — ein neues Spiel",
        "Start game": "Spiel starten",
        "Help": "Hilfe",
        "Ann": "Anna",
    }.items():
        catalog.add(msgid, text)
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "bohnanza.mo").open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    return tmp_path / "locale"


async def test_the_language_chosen_on_the_set_up_screen_applies_at_once_and_is_kept(
    german: Path,
) -> None:
    app = BohnanzaApp(autosave=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cycle = app.screen.query_one("#language", Cycle)
        assert cycle.value == "en" and "English" in screen_text(app)
        cycle.focus()
        await press(pilot, "right")
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "Bohnanza — ein neues Spiel" in text and "Deutsch" in text
        assert "Spiel starten" in text and "Hilfe" in text  # the footer's keys too
        assert app.screen.query_one("#name-0").value == "Anna"  # type: ignore[attr-defined]
        assert app.screen.query_one("#language", Cycle).has_focus
    assert settings.saved_language(i18n.available_languages()) == "de"
    i18n.set_language("en")
    assert SetupScreen._merged_bindings is not None
    descriptions = [b.description for _k, b in SetupScreen._merged_bindings]
    assert "Start game" in descriptions and "Spiel starten" not in descriptions
