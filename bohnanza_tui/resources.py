"""Where the shipped data lives: in a wheel, or in the source tree.

A built wheel carries the top-level `seeds/` and `assets/` folders inside the
package as `bohnanza_tui/_seeds` and `bohnanza_tui/_assets`; a source checkout
(also an editable install) has them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

_PACKAGE = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE.parent


def _locate(packaged: str, top_level: str) -> Path:
    # Only a real directory helps: the JSON is read with plain file access. (This is
    # the folder importlib.resources would give, without its imports at the app's start.)
    candidate = _PACKAGE / packaged
    if candidate.is_dir():
        return candidate
    fallback = _SOURCE_ROOT / top_level
    if fallback.is_dir():
        return fallback
    raise FileNotFoundError(
        f"cannot find the {top_level!r} folder: looked for {candidate} "
        f"(installed package) and {fallback} (source tree)"
    )


def seeds_path() -> Path:
    """The folder holding the rule data (beans.json, islands.json, setups.json)."""
    return _locate("_seeds", "seeds")


def assets_path() -> Path:
    """The folder holding assets such as translation catalogs (locale/)."""
    return _locate("_assets", "assets")


def autosave_path() -> Path:
    """Where the app keeps the game in progress (``bohnanza resume`` reads it)."""
    return Path(platformdirs.user_data_dir("bohnanza-tui", appauthor=False)) / "autosave.json"
