"""Every limit on what comes in from outside, decided once (docs/SAVES.md "Limits").

Players' names, save files and commands are hostile until checked: each has a
bound here, and every entry point (``engine.new_game``, the save loader, the
command language) checks against these numbers and nothing else. Counts of
cards are bounded by the cards of the game (``data.CARD_COUNTS``), not here.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from ..i18n import _

# -- players' names ----------------------------------------------------------------------

#: a name has this many characters at least and at most (after stripping spaces)
MIN_NAME: Final = 1
MAX_NAME: Final = 20

# -- save files --------------------------------------------------------------------------

#: a save file larger than this is refused before it is read (a finished game's
#: save is below 50 kB; loading takes about 30 times the file size in memory)
MAX_SAVE_BYTES: Final = 2 * 1024 * 1024
#: the most actions a save's log may hold (a whole game has a few hundred to a
#: few thousand; replaying this many takes well under a second)
MAX_LOG: Final = 20_000
#: the most digits a whole number of a save file may have (a seed: 2**63 has 19)
MAX_INT_DIGITS: Final = 19
#: a seed is a whole number between minus and plus this, not including them
SEED_LIMIT: Final = 2**63

# -- the command language -------------------------------------------------------------------

#: the most digits a number in a command may have (offer ids grow through a game)
MAX_NUMBER_DIGITS: Final = 6
#: the most characters a command may have
MAX_COMMAND: Final = 500

#: the most offers open at once (each is checked again after every move of phase 2)
MAX_OPEN_OFFERS: Final = 100
#: the most moves the undo of a session keeps (the oldest are dropped beyond it)
MAX_UNDO: Final = 200


def name_problem(names: list[str]) -> str | None:
    """What is wrong with these players' names (as given, in seat order), or None.

    A name has 1 to 20 characters, no control characters (no escape
    sequences for the terminal) and no colon (script lines are ``NAME:
    command``), is not a number (seat numbers name players too), and differs
    from every other name regardless of case.
    """
    for name in names:
        if name != name.strip() or not MIN_NAME <= len(name) <= MAX_NAME:
            return _("player names must have {low} to {high} characters").format(
                low=MIN_NAME, high=MAX_NAME
            )
        if any(_control(ch) for ch in name):
            return _("player names can't hold control characters")
        if ":" in name:
            return _("player names can't hold a colon (:)")
        if name.isascii() and name.isdigit():
            return _("player names can't be numbers: numbers name the seats")
    if len({n.casefold() for n in names}) != len(names):
        return _("player names must differ")
    return None


def _control(ch: str) -> bool:
    """C0, C1, DEL, format characters (bidi overrides), line separators; not the emoji joiners."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") and ch not in "\u200c\u200d"


def printable(text: str) -> str:
    """``text`` safe for a terminal: control and format characters as escapes (``\\x1b``).

    Line breaks stay. Names are checked when they come in, but a command or a
    file name echoed in a message is whatever was typed.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch == "\n" or not _control(ch) else ascii(ch)[1:-1] for ch in text)


def seed_problem(seed: int) -> str | None:
    """What is wrong with a seed, or None."""
    if not -SEED_LIMIT < seed < SEED_LIMIT:
        return _("a seed is a whole number from -{high} to {high}").format(high=SEED_LIMIT - 1)
    return None


__all__ = [
    "MAX_COMMAND",
    "MAX_INT_DIGITS",
    "MAX_LOG",
    "MAX_NAME",
    "MAX_NUMBER_DIGITS",
    "MAX_OPEN_OFFERS",
    "MAX_SAVE_BYTES",
    "MAX_UNDO",
    "MIN_NAME",
    "SEED_LIMIT",
    "name_problem",
    "printable",
    "seed_problem",
]
