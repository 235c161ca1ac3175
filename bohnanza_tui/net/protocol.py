"""The messages between ``bohnanza host`` and its clients (docs/NET.md).

One JSON object per websocket text frame, with a ``type``. What a client
sends is hostile input: it is bounded in size (``MAX_MESSAGE``), parsed and
validated here (Pydantic, strict), and turned into a core action only by
``rules.actions.from_dict`` after its numbers are bounded. What the host
sends (``Welcome``, ``Lobby``, ``Update``, ``Refused``) is checked by the
client in the same way, within ``MAX_HOST_MESSAGE``.

A view travels as the save format's position (``rules.save.StateRecord``):
``rules.views.view(state, seat)``, so hidden cards are ``-1`` and no other
hand, deck order or seed ever leaves the host.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..i18n import _
from ..rules.actions import ACTION_TYPES, Action, from_dict, to_dict
from ..rules.limits import MAX_NAME, name_problem
from ..rules.state import GameState

#: the protocol's version: a client and a host of different versions refuse each other
VERSION: Final = 1
#: the longest message a client may send, in characters (an action is below 300)
MAX_MESSAGE: Final = 4096
#: frames longer than this are not even read: the transport closes the connection (1009)
MAX_FRAME: Final = 64 * 1024
#: the longest message the host sends (a view of a 7-player game is about 10 kB)
MAX_HOST_MESSAGE: Final = 1024 * 1024
#: a seat's secret: ``secrets.token_urlsafe(TOKEN_BYTES)`` (43 characters)
TOKEN_BYTES: Final = 32
MAX_TOKEN: Final = 64
#: a client may send this many messages in a burst, then ``RATE`` a second
BURST: Final = 40
RATE: Final = 20.0
#: the largest number an action may carry (card ids, islands, offers, counts)
MAX_NUMBER: Final = 1_000_000
#: the most numbers an action's list may hold (a game has 154 cards)
MAX_LIST: Final = 160
#: a client that has been refused this many times in a row is disconnected
MAX_REFUSALS: Final = 200

#: the rule id of refusals that are the protocol's, not the game's
PROTOCOL_RULE: Final = "net"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Token = Annotated[str, Field(min_length=1, max_length=MAX_TOKEN)]


class Join(_Strict):
    """Take a free seat under ``name`` (or the seat of that name, while its token is unknown)."""

    type: Literal["join"]
    version: int
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class Rejoin(_Strict):
    """Take back one's seat with its token (after a drop, or the host's restart)."""

    type: Literal["rejoin"]
    version: int
    token: Token


class Act(_Strict):
    """Play an action (``rules.actions.to_dict`` form) for the token's seat."""

    type: Literal["act"]
    token: Token
    action: dict[str, int | list[int] | str | None]


class Start(_Strict):
    """Start the game with the seats taken so far (the free seats are left out)."""

    type: Literal["start"]
    token: Token


ClientMessage = Annotated[Join | Rejoin | Act | Start, Field(discriminator="type")]
_CLIENT: Final[TypeAdapter[Join | Rejoin | Act | Start]] = TypeAdapter(ClientMessage)


class SeatInfo(_Strict):
    name: str
    kind: Literal["human", "computer"]
    #: a person has taken the seat (computers: always)
    taken: bool
    #: the person is connected now (computers: always)
    connected: bool


class Welcome(_Strict):
    """The seat is yours: keep ``token``, every later message carries it."""

    type: Literal["welcome"] = "welcome"
    version: int = VERSION
    seat: int
    name: str
    token: str


class Lobby(_Strict):
    """Who sits where, before the game starts (sent to everyone at every change)."""

    type: Literal["lobby"] = "lobby"
    mode: Literal["classic", "voyage"]
    seats: list[SeatInfo]


class Update(_Strict):
    """The game moved on (or a client came in): the receiver's own view of the position.

    ``seq`` is the number of actions played; ``action`` the one just played (None
    for a first view); ``events`` its log lines, in the host's language.
    """

    type: Literal["update"] = "update"
    seq: int
    view: dict[str, Any]
    action: dict[str, Any] | None = None
    events: list[str] = Field(default_factory=list)
    seats: list[SeatInfo]


class Refused(_Strict):
    """A message or an action was refused; nothing changed. ``rule``: the rule id it names."""

    type: Literal["refused"] = "refused"
    rule: str
    reason: str


HostMessage = Annotated[Welcome | Lobby | Update | Refused, Field(discriminator="type")]
_HOST: Final[TypeAdapter[Welcome | Lobby | Update | Refused]] = TypeAdapter(HostMessage)


class BadMessage(ValueError):
    """A message that can't be used; ``str`` is the reason sent back."""


def _first_error(exc: ValidationError) -> str:
    """The first problem of a message in a translated sentence (Pydantic's own are English)."""
    error = exc.errors(include_url=False, include_context=False, include_input=False)[0]
    where = ".".join(str(part) for part in error["loc"] if not str(part).endswith("]"))[:80]
    kind = error["type"]
    if kind == "missing":
        return _("{where} is missing").format(where=where)
    if kind == "extra_forbidden":
        return _("{where} is not a known key").format(where=where)
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return _("its type is none of join, rejoin, act, start")
    return _("{where} has the wrong type or value").format(where=where or "?")


def parse_client(text: str | bytes) -> Join | Rejoin | Act | Start:
    """A client's message, validated; raises ``BadMessage`` with the reason."""
    if isinstance(text, bytes):
        raise BadMessage(_("messages must be JSON text, not binary frames"))
    if len(text) > MAX_MESSAGE:
        raise BadMessage(_("a message may have at most {n} characters").format(n=MAX_MESSAGE))
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadMessage(_("a message must be a JSON object")) from exc
    if not isinstance(raw, dict):
        raise BadMessage(_("a message must be a JSON object"))
    try:
        message = _CLIENT.validate_python(raw, strict=True)
    except ValidationError as exc:
        raise BadMessage(
            _("not a message of this game: {error}").format(error=_first_error(exc))
        ) from exc
    if isinstance(message, Join):
        problem = name_problem([message.name])
        if problem:
            raise BadMessage(problem)
    return message


def action_of(message: Act) -> Action:
    """The core action an ``act`` message names; raises ``BadMessage``."""
    data = message.action
    for value in data.values():
        numbers = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > MAX_LIST:
            raise BadMessage(_("an action's list may hold at most {n} numbers").format(n=MAX_LIST))
        for n in numbers:
            if isinstance(n, int) and not -MAX_NUMBER <= n <= MAX_NUMBER:
                raise BadMessage(
                    _("an action's numbers lie between -{n} and {n}").format(n=MAX_NUMBER)
                )
    try:
        action = from_dict(dict(data))
    except (ValueError, TypeError) as exc:  # TypeError: a compiled action's field type
        raise BadMessage(str(exc)) from exc
    problem = _field_problem(action.name, data)
    if problem:
        raise BadMessage(problem)
    return action


@functools.cache
def _field_kinds(name: str) -> dict[str, str]:
    """Each field of an action as ``int``, ``list`` (of ints) or ``int-or-none``, read from
    the plain-Python definition (a compiled build's classes keep no annotations)."""
    from ..rules.save import _PLAIN_ACTIONS

    cls = getattr(_PLAIN_ACTIONS, ACTION_TYPES[name].__name__)
    kinds = {}
    for f in dataclasses.fields(cls):
        text = str(f.type)
        kinds[f.name] = "list" if "tuple" in text else "int-or-none" if "None" in text else "int"
    return kinds


def _field_problem(name: str, data: dict[str, Any]) -> str | None:
    """What is wrong with the types of an action's fields (``from_dict`` lets a list stand
    for a number, which the engine must never see), or None."""
    for key, kind in _field_kinds(name).items():
        value = data.get(key)
        ok = (
            isinstance(value, list)
            if kind == "list"
            else (value is None and kind == "int-or-none") or isinstance(value, int)
        )
        if not ok:
            return _("{name}.{key} has the wrong type").format(name=name, key=key)
    return None


def parse_host(text: str | bytes) -> Welcome | Lobby | Update | Refused:
    """A host's message, validated; raises ``BadMessage``."""
    if isinstance(text, bytes) or len(text) > MAX_HOST_MESSAGE:
        raise BadMessage(_("the host sent a message this client can't read"))
    try:
        return _HOST.validate_json(text, strict=True)
    except ValidationError as exc:
        raise BadMessage(
            _("the host sent a message this client can't read: {error}").format(
                error=_first_error(exc)[:200]
            )
        ) from exc


# -- views -------------------------------------------------------------------------------


@functools.cache
def _state_adapter() -> TypeAdapter[Any]:
    from ..rules.save import StateRecord

    return TypeAdapter(StateRecord)


def view_data(state: GameState) -> dict[str, Any]:
    """A view (``rules.views.view``) as JSON data, in the save format's form."""
    from ..rules.save import _record

    data: dict[str, Any] = _state_adapter().dump_python(_record(state), mode="json")
    return data


def view_of(data: dict[str, Any]) -> GameState:
    """A view back from its JSON data; raises ``BadMessage`` if it is no position."""
    from ..rules.save import _position

    try:
        record = _state_adapter().validate_python(data, strict=False)
    except ValidationError as exc:
        raise BadMessage(
            _("the host sent a view this client can't read: {error}").format(
                error=_first_error(exc)[:200]
            )
        ) from exc
    state = _position(record)
    assert state is not None
    return state


def encode(message: BaseModel) -> str:
    return message.model_dump_json()


def act(token: str, action: Action) -> str:
    """The ``act`` message for ``action``."""
    return json.dumps({"type": "act", "token": token, "action": to_dict(action)})


__all__ = [
    "BURST",
    "MAX_FRAME",
    "MAX_HOST_MESSAGE",
    "MAX_MESSAGE",
    "MAX_REFUSALS",
    "PROTOCOL_RULE",
    "RATE",
    "VERSION",
    "Act",
    "BadMessage",
    "Join",
    "Lobby",
    "Refused",
    "Rejoin",
    "SeatInfo",
    "Start",
    "Update",
    "Welcome",
    "act",
    "action_of",
    "encode",
    "parse_client",
    "parse_host",
    "view_data",
    "view_of",
]
