"""What the app remembers between starts: the language chosen on the set-up screen.

A small JSON file in the user's config folder (platformdirs), such as
``~/.config/bohnanza-tui/settings.json``: ``{"language": "de"}``. The file is
read as hostile input: anything but a small UTF-8 JSON object whose
``language`` names an available catalog is ignored as if there were no file
(the next choice writes it again). Saving never fails the app: a folder that
can't be written just means the choice is not remembered.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

#: a settings file larger than this is not ours
MAX_BYTES = 4096


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


def save_language(lang: str) -> bool:
    """Remember ``lang`` for the next start; False if the file can't be written."""
    data = {"language": lang}
    path = settings_path()
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return False
    return True
