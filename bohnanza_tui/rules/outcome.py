"""What an action produces: events for the log, or a refusal naming the rule.

Both keep the untranslated message and its parameters, and render through the
one translation function only when shown, so the rules core stays cheap on
its hot path and every text a player reads can be translated.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..i18n import _
from .data import KINDS


class Bean(int):
    """A bean kind as a message parameter: renders as its (translated) name."""

    __slots__ = ()

    def __str__(self) -> str:
        return bean_name(int(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


BEAN_NAMES: dict[str, str] = {
    "coffee": "coffee",
    "wax": "wax",
    "blue": "blue",
    "chili": "chili",
    "stink": "stink",
    "green": "green",
    "soy": "soy",
    "black-eyed": "black-eyed",
    "red": "red",
    "garden": "garden",
    "cocoa": "cocoa",
}


def bean_name(kind: int) -> str:
    """The player-facing name of a bean kind (the key stays the command word)."""
    key = KINDS[kind]
    return _(BEAN_NAMES.get(key, key))


def _render(msgid: str, params: dict[str, Any]) -> str:
    text = _(msgid)
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        # a broken translation must never hide the message
        return msgid.format(**params)


class Event(NamedTuple):
    """Something that happened: ``str(event)`` is the log line."""

    msgid: str
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
