"""Shared fixtures: every test starts in English with no remembered settings (nor cache)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bohnanza_tui import i18n, settings


@pytest.fixture(autouse=True)
def _english_and_no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test reads or writes the user's settings, and a language a test chose ends with it."""
    monkeypatch.setattr(settings, "settings_path", lambda: tmp_path / "config" / "settings.json")
    yield
    if i18n.current_language() != i18n.ENGLISH:
        i18n.set_language(i18n.ENGLISH)
