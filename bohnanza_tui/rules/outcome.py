"""What an action produces: events for the log, or a refusal naming the rule.

Both keep the untranslated message and its parameters, and render through the
one translation function only when shown, so the rules core stays cheap on
its hot path and every text a player reads can be translated.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import N_, _, ngettext
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
        return ", ".join(f"{n} {bean_name(k)}" for k, n in sorted(counts.items()))


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
        return f"{self.island} {text}" if self.island else text


#: parameters under these names are bean kinds (ints) and render as bean names
BEAN_KEYS = frozenset({"bean", "kind"})


def _shown(key: str, value: Any) -> Any:
    """A parameter as a player reads it: kinds by name, places as "A1 field 2"."""
    if key in BEAN_KEYS and type(value) is int:
        return bean_name(value)
    if key == "place" and type(value) is tuple:
        return Place(*value)
    return value


class Plural(NamedTuple):
    """A message with a singular and a plural form, chosen by the parameter named ``by``."""

    singular: str
    plural: str
    by: str


def _render(msgid: str | Plural, params: dict[str, Any]) -> str:
    """The message in the player's language; parameters stay raw until now (cheap to log)."""
    shown = {k: _shown(k, v) for k, v in params.items()}
    if isinstance(msgid, Plural):
        n = int(params[msgid.by])
        text = ngettext(msgid.singular, msgid.plural, n)
        source = msgid.singular if n == 1 else msgid.plural
    else:
        text, source = _(msgid), msgid
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError):
        # a broken translation must never hide the message
        return source.format(**shown)


class Event(NamedTuple):
    """Something that happened: ``str(event)`` is the log line."""

    msgid: str | Plural
    params: dict[str, Any]

    def __str__(self) -> str:
        return _render(self.msgid, self.params)


class Refusal(NamedTuple):
    """Why an action can't be taken: the rule id and a reason a player understands."""

    rule: str
    msgid: str
    params: dict[str, Any]

    @property
    def reason(self) -> str:
        return _render(self.msgid, self.params)

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"


class IllegalAction(Exception):
    """Raised by ``engine.apply`` for a refused action; the state is unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal

    @property
    def rule(self) -> str:
        return self.refusal.rule
