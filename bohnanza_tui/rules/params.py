"""Message parameters that render when shown: bean kinds by name, cards, places.

They subclass built-in types (so they are cheap to store in an event), which
keeps them out of the compiled build (see hatch_build.py); ``outcome``
renders with them.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import N_, _
from .data import KINDS
from .state import KIND_OF


class Bean(int):
    """A bean kind as a message parameter: renders as its (translated) name."""

    __slots__ = ()

    def __str__(self) -> str:
        return bean_name(int(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


#: the English names are the kind keys; marked here for the translators
BEAN_NAMES = (
    N_("coffee"),
    N_("wax"),
    N_("blue"),
    N_("chili"),
    N_("stink"),
    N_("green"),
    N_("soy"),
    N_("black-eyed"),
    N_("red"),
    N_("garden"),
    N_("cocoa"),
)


def bean_name(kind: int) -> str:
    """The player-facing name of a bean kind (the key stays the command word)."""
    return _(KINDS[kind])


def count_of(n: int, kind: int) -> str:
    """A number of beans of one kind: "2 chili" ("2 × Feuerbohne")."""
    # TRANSLATORS: a number of beans of one kind, as in lists: "2 chili, 1 blue"
    return _("{n} {bean}").format(n=n, bean=bean_name(kind))


class Cards(tuple[int, ...]):
    """Cards as a message parameter, rendered when shown: "2 chili, 1 blue"."""

    __slots__ = ()

    def __str__(self) -> str:
        return Kinds(KIND_OF[c] for c in self).__str__()


class Row(tuple[int, ...]):
    """Cards in their order, as a message parameter: "green, wax"."""

    __slots__ = ()

    def __str__(self) -> str:
        return ", ".join(bean_name(KIND_OF[c]) for c in self) or _("nothing")


class Kinds(tuple[int, ...]):
    """Bean kinds as a message parameter: "2 chili, 1 blue", or "nothing"."""

    __slots__ = ()

    def __str__(self) -> str:
        if not self:
            return _("nothing")
        counts: dict[int, int] = {}
        for k in self:
            counts[k] = counts.get(k, 0) + 1
        return ", ".join(count_of(n, k) for k, n in sorted(counts.items()))


class Text(str):
    """A fixed message used as a parameter, translated when shown."""

    __slots__ = ()

    def __str__(self) -> str:
        return _(str.__str__(self))

    def __format__(self, spec: str) -> str:
        return format(self.__str__(), spec)


class Place(NamedTuple):
    """A field or Kontor as a message parameter: "field 2", "A1 Kontor"."""

    island: str
    slot: int

    def __str__(self) -> str:
        if self.slot < 0:
            text = _("Kontor")
        else:
            text = _("field {n}").format(n=self.slot + 1)
        island = _(self.island) if self.island == "home" else self.island
        return f"{island} {text}" if island else text
