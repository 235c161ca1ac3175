"""Shared fixtures: every test starts in English with no remembered settings (nor cache);
every app renders in truecolour."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import textual.constants

from bohnanza_tui import i18n, settings

# One colour system for every app in a test process, as in a terminal: Textual keeps a
# style's codes on the (shared) style object, rendered for the first app that used it; the
# tests that read the terminal's output take truecolour, and a style first rendered for an
# app in the colours the test run found (16 without a terminal) came out in those.
textual.constants.COLOR_SYSTEM = "truecolor"  # type: ignore[misc]


@pytest.fixture(autouse=True)
def _english_and_no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No test reads or writes the user's settings, and a language a test chose ends with it."""
    monkeypatch.setattr(settings, "settings_path", lambda: tmp_path / "config" / "settings.json")
    yield
    if i18n.current_language() != i18n.ENGLISH:
        i18n.set_language(i18n.ENGLISH)
