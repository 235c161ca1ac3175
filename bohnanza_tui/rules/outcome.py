"""What an action produces: events for the log, or a refusal naming the rule.

Both keep the untranslated message and its parameters, and render through the
one translation function only when shown, so the rules core stays cheap on
its hot path and every text a player reads can be translated.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ..i18n import N_, _, ngettext
from .params import Place, bean_name

#: parameters under these names are bean kinds (ints) and render as bean names
BEAN_KEYS: Final = frozenset({"bean", "kind"})
#: the name of every home island in the state; shown translated
HOME: Final = "home"
#: Guatemala Café's coffee kinds (cafe_data.KINDS), shown translated: a parameter named
#: ``coffee`` is a kind's index
COFFEE: Final = (
    N_("red coffee"),
    N_("orange coffee"),
    N_("blue coffee"),
    N_("violet coffee"),
    N_("brown coffee"),
)


def _shown(key: str, value: Any) -> Any:
    """A parameter as a player reads it: kinds by name, places as "A1 field 2"."""
    if key in BEAN_KEYS and type(value) is int:
        return bean_name(value)
    if key == "coffee" and type(value) is int:
        return _(COFFEE[value])
    if key == "place" and type(value) is tuple:
        return Place(*value)
    if key == "island" and value == HOME:
        return _(HOME)
    if key == "islands" and type(value) is str and HOME in value:
        return ", ".join(_(HOME) if name == HOME else name for name in value.split(", "))
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


# Event and Refusal spell out their methods: a compiled build (mypyc) compiles
# these, where a dataclass's generated ones would stay interpreted, and the
# engine builds an event or a refusal for nearly every action it sees.


class Event:
    """Something that happened: ``str(event)`` is the log line."""

    __slots__ = ("msgid", "params")

    def __init__(self, msgid: str | Plural, params: dict[str, Any]) -> None:
        self.msgid = msgid
        self.params = params

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event) and self.msgid == other.msgid and self.params == other.params
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.msgid!r}, {self.params!r})"

    def __str__(self) -> str:
        return _render(self.msgid, self.params)


class Refusal:
    """Why an action can't be taken: the rule id and a reason a player understands."""

    __slots__ = ("msgid", "params", "rule")

    def __init__(self, rule: str, msgid: str, params: dict[str, Any]) -> None:
        self.rule = rule
        self.msgid = msgid
        self.params = params

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Refusal)
            and self.rule == other.rule
            and self.msgid == other.msgid
            and self.params == other.params
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Refusal({self.rule!r}, {self.msgid!r}, {self.params!r})"

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
