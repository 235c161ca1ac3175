"""Unfinished games: the autosave and the last few games put aside, never overwritten.

The app writes the game in progress to the autosave after every action. When
another game takes its place (a new game, a loaded one, an older one resumed),
the unfinished game in the autosave is first moved into ``unfinished/`` next
to it; the newest ``KEEP`` of those are kept. The set-up screen lists them all.

No rules import here: the set-up screen lists the games before the rules core
has loaded, from a light read of each file (its JSON, not a replay).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

#: how many unfinished games are kept besides the autosave
KEEP = 8
#: larger files are no save of ours (the loader refuses them as well)
MAX_BYTES = 2_000_000


@dataclass(frozen=True, slots=True)
class SavedGame:
    """An unfinished game on disk, as the set-up screen lists it."""

    path: Path
    mode: str
    names: tuple[str, ...]
    turn: int
    saved: float
    #: the autosave itself (``bohnanza resume`` continues it), not a game put aside
    latest: bool = False


def folder(autosave: Path) -> Path:
    """Where the games put aside are kept: ``unfinished/`` beside the autosave."""
    return autosave.with_name("unfinished")


def read(path: Path, latest: bool = False) -> SavedGame | None:
    """The game in ``path`` if it is an unfinished game; None if over, unreadable or foreign."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        doc = json.loads(path.read_bytes())
        state = doc.get("state") or {}
        if state.get("phase") == "game_over" or doc.get("result"):  # (a cafe save: its result)
            return None
        names = tuple(str(n) for n in doc["players"])
        turn = state.get("turn", 1)
        return SavedGame(
            path,
            str(doc["mode"]),
            names,
            turn if isinstance(turn, int) else 1,
            path.stat().st_mtime,
            latest,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def unfinished(autosave: Path | None) -> list[SavedGame]:
    """The autosave's game (if unfinished) first, then the games put aside, newest first."""
    if autosave is None:
        return []
    out: list[SavedGame] = []
    latest = read(autosave, latest=True)
    if latest is not None:
        out.append(latest)
    aside = [g for p in _aside(autosave) if (g := read(p)) is not None]
    return out + sorted(aside, key=lambda g: g.saved, reverse=True)


def _aside(autosave: Path) -> list[Path]:
    try:
        return [p for p in folder(autosave).glob("*.json") if p.is_file()]
    except OSError:
        return []


def put_aside(autosave: Path | None) -> Path | None:
    """Move an unfinished game out of the autosave into ``unfinished/``; the newest KEEP stay.

    Returns where it went; None when the autosave holds no unfinished game.
    """
    if autosave is None or read(autosave) is None:
        return None
    target_dir = folder(autosave)
    target_dir.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(autosave.stat().st_mtime))
    target = target_dir / f"{stamp}.json"
    n = 1
    while target.exists():
        n += 1
        target = target_dir / f"{stamp}-{n}.json"
    os.replace(autosave, target)  # atomic: the game is in one place or the other
    for old in sorted(_aside(autosave), key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
    return target
