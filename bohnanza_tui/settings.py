"""What the app remembers between starts: the choices made on the set-up screen.

A small JSON file in the user's config folder (platformdirs), such as
``~/.config/bohnanza-tui/settings.json``:
``{"language": "de", "offers_to_people": "rarely", "hints": false}``. The file
is read as hostile input: anything but a small UTF-8 JSON object is ignored as
if there were no file, and so is each entry that is not one of its choices (a
``language`` without a catalog, an unknown ``offers_to_people``, a ``hints``
that is not true or false): the next choice writes it again. Saving never
fails the app: a folder that can't be written just means the choice is not
remembered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from .modes import OFFER_FREQUENCIES

#: a settings file larger than this is not ours
MAX_BYTES = 4096
#: what the file remembers
KEYS = ("language", "offers_to_people", "hints")


def settings_path() -> Path:
    """Where the settings live."""
    return Path(platformdirs.user_config_dir("bohnanza-tui", appauthor=False)) / "settings.json"


def _read() -> dict[str, object]:
    path = settings_path()
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError:
        return {}
    if len(raw) > MAX_BYTES:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_language(available: list[str]) -> str | None:
    """The language remembered from the set-up screen, if it is one of ``available``."""
    value = _read().get("language")
    if isinstance(value, str) and value in available:
        return value
    return None


def saved_options() -> tuple[str | None, bool | None]:
    """The computer players' offers to people and the hints chosen last (None: not remembered)."""
    data = _read()
    offers, hints = data.get("offers_to_people"), data.get("hints")
    return (
        offers if isinstance(offers, str) and offers in OFFER_FREQUENCIES else None,
        hints if isinstance(hints, bool) else None,
    )


def save_language(lang: str) -> bool:
    """Remember ``lang`` for the next start; False if the file can't be written."""
    return _write({"language": lang})


def save_options(offers_to_people: str, hints: bool) -> bool:
    """Remember the set-up's options for the next start; False if the file can't be written."""
    return _write({"offers_to_people": offers_to_people, "hints": hints})


def _write(choices: dict[str, object]) -> bool:
    """Write ``choices`` over the remembered ones (the others are kept; nothing unknown is)."""
    data = {k: v for k, v in _read().items() if k in KEYS} | choices
    path = settings_path()
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return False
    return True
