"""Python's garbage collector, tuned for an app that answers keys.

With Python's defaults the collector ran its full collection (every object of
the app: Textual's widgets, styles and painted lines, the game) every few key
presses at the table, for 80 to 110 ms of CPU in the middle of a key's answer;
the young collections added 4 to 10 ms to each key. Two changes bring that to
a few milliseconds:

- ``relax``: a young collection after 10 000 new objects instead of 700, and
  the older generations less often (Python's rule that a full collection waits
  until a quarter of the old objects are new still holds);
- ``settle``: once the table shows, what exists then (the modules, Textual, the
  stylesheet, the table) is left out of every later collection (``gc.freeze``): a full collection then looks at what came later
  only.

Only the ``bohnanza`` command does this (``run_app``): the tests run many apps in
one process, and frozen objects are never freed.
"""

from __future__ import annotations

import gc

#: new objects between two collections of the youngest generation (Python's default: 700)
YOUNG = 10_000


def relax() -> None:
    """Collect less often (see the module)."""
    gc.set_threshold(YOUNG, 10, 10)


def settle() -> None:
    """Leave the objects that exist now out of later collections; first a young collection
    (the youngest two generations only: tens of milliseconds at most) frees what is
    already garbage."""
    gc.collect(1)
    gc.freeze()
