"""The app's stylesheets as Textual parsed them, kept from one start to the next.

At every start Textual parses the app's six stylesheets and the default CSS of
each kind of widget the set-up screen uses: about a fifth of the CPU time from
``run()`` to the set-up screen's first frame. Textual keeps the parsed rules in a
cache of its stylesheet, keyed by the CSS text itself; this module writes that
cache to the user's cache folder once the first screen shows, and fills it from
there at the next start. A stylesheet that changed (another CSS text), another
Textual, another Python or other theme variables miss the cache and are parsed
as before; an unreadable file is ignored. The file is the user's own (in the
same folder as the other programs' caches), read with ``pickle``.

Textual's stylesheet cache is not public API: Textual is pinned to a minor
version (pyproject.toml), and any surprise here only means parsing as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any

import platformdirs
from textual.css import model
from textual.css.stylesheet import Stylesheet

#: raised with any change of what is stored, so an older file is not read
FORMAT = 1


def cache_path() -> Path | None:
    """Where the parsed stylesheets are kept (None: nowhere, parse at every start)."""
    return Path(platformdirs.user_cache_dir("bohnanza-tui", appauthor=False)) / "styles.pickle"


def _identity(stylesheet: Stylesheet) -> tuple[object, ...]:
    """What the parsed rules depend on besides the CSS text: Textual, Python, the variables."""
    textual = os.stat(model.__file__)  # a new Textual is a new file: no version lookup
    variables = repr(sorted(stylesheet._variables.items())).encode()
    return (
        FORMAT,
        sys.version_info[:2],
        textual.st_size,
        textual.st_mtime_ns,
        hashlib.sha256(variables).hexdigest(),
    )


def load(stylesheet: Stylesheet, path: Path | None) -> int:
    """Fill ``stylesheet``'s cache of parsed rules from ``path``; how many sources it gave."""
    if path is None:
        return 0
    try:
        with path.open("rb") as file:
            identity, entries = pickle.load(file)
        if identity != _identity(stylesheet):
            return 0
        cache = stylesheet._parse_cache
        cache.grow(len(entries) + 32)
        for key, rules in entries:
            cache.set(key, rules)
        return len(entries)
    except Exception:  # missing, unreadable or foreign: parsed as before
        return 0


def save(stylesheet: Stylesheet, path: Path | None) -> bool:
    """Write ``stylesheet``'s parsed rules to ``path`` (atomically); False if not written."""
    if path is None:
        return False
    cache = stylesheet._parse_cache
    entries: list[tuple[Any, Any]] = [(key, cache.get(key)) for key in list(cache.keys())]
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with temporary.open("wb") as file:
            pickle.dump((_identity(stylesheet), entries), file, pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except Exception:  # a full disk, a read-only home, something Textual holds that won't pickle
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True
