"""Where the shipped data lives: in a wheel, or in the source tree.

A built wheel carries the top-level `seeds/` and `assets/` folders inside the
package as `bohnanza_tui/_seeds` and `bohnanza_tui/_assets`; a source checkout
(also an editable install) has them at the top of the repository.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

_SOURCE_ROOT = Path(__file__).resolve().parents[1]


def _locate(packaged: str, top_level: str) -> Path:
    candidate = files("bohnanza_tui") / packaged
    # Only a real directory helps: the JSON is read with plain file access.
    if isinstance(candidate, Path) and candidate.is_dir():
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
