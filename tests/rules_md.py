"""RULES.md's numbers written out for the tests' oracles, independent of the rule data.

The engine reads its beanometers from seeds/ (``rules.data``); tests that predict
coins compare with these, copied by hand from RULES.md section 1 and R-VOY-4.
"""

from __future__ import annotations

#: beans needed for 1, 2, 3 and 4 coins (None: not reachable), written out from RULES.md
#: section 1 (home, the normal beanometer) and R-VOY-4 (the colony types; a kind not
#: listed there sells by the normal one), independent of the engine's rule data
METERS: dict[str, dict[str, tuple[int | None, ...]]] = {
    "home": {
        "coffee": (4, 7, 10, 12),
        "wax": (4, 7, 9, 11),
        "blue": (4, 6, 8, 10),
        "chili": (3, 6, 8, 9),
        "stink": (3, 5, 7, 8),
        "green": (3, 5, 6, 7),
        "soy": (2, 4, 6, 7),
        "black-eyed": (2, 4, 5, 6),
        "red": (2, 3, 4, 5),
        "garden": (None, 2, 3, None),
        "cocoa": (None, 2, 3, 4),
    },
    "A": {
        "wax": (3, 7, 10, 12),
        "blue": (5, 7, 9, 11),
        "stink": (2, 4, 6, 7),
        "chili": (4, 7, 9, 10),
        "soy": (None, 3, 5, 6),
        "green": (4, 6, 7, 8),
        "red": (None, 2, 3, 4),
        "black-eyed": (3, 5, 6, 7),
    },
    "B": {
        "wax": (5, 9, 12, 14),
        "blue": (3, 5, 7, 9),
        "stink": (4, 6, 8, 9),
        "chili": (2, 5, 7, 8),
        "soy": (3, 5, 7, 8),
        "green": (2, 4, 5, 6),
        "red": (3, 4, 5, 6),
        "black-eyed": (None, 3, 4, 5),
    },
    "C": {
        "wax": (2, 6, 9, 11),
        "blue": (2, 4, 6, 8),
        "red": (4, 5, 6, 7),
        "black-eyed": (4, 6, 7, 8),
    },
}


def coins_for(island_type: str, kind: str, n: int) -> int:
    """R-BASE-13/14: the most coins whose bean count ``n`` reaches."""
    meter = METERS[island_type].get(kind, METERS["home"][kind])
    return max((c for c, need in enumerate(meter, 1) if need is not None and need <= n), default=0)
