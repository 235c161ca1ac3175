"""The save file: one JSON document holding a ``Session`` (``session.py``).

    {"format": "bohnanza-tui-save", "version": 1, "mode": ..., "players": [...],
     "seed": ..., "start": <GameState>, "log": [<action>, ...], "state": <GameState>,
     "seats": [...], "options": {...}, "result": [...]}

Reading is bounded (``limits.py``: a regular file of at most 2 MB, numbers of
at most 19 digits, a log of at most 20,000 actions). Loading checks the
structure, then the meaning (``validate.position_problem``: a position the
rules could produce), then replays ``start`` + ``log`` and requires it to
reach ``state``. ``start`` and ``log`` may be left out (the position in
``state`` is then the start), and so may ``state`` (the replay gives it): that
is how tests and tutorials stack the deck. A hand-written start may leave out
the deck and the fields that follow from others (``fill_start``).

Every failure is a ``SaveError`` whose text is one sentence a player can act
on; nothing here imports the UI.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib.util
import json
import os
import stat
import sys
import tempfile
import typing
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..i18n import _
from ..modes import BotLevel, OfferFrequency
from ..resources import autosave_path as autosave_path
from . import actions as actions_module
from . import state as state_module
from .actions import ACTION_TYPES, Action, from_dict, to_dict
from .cafe_session import CafeSession
from .common import shuffle
from .data import setup_for
from .engine import check, standings
from .limits import (
    MAX_INT_DIGITS,
    MAX_LOG,
    MAX_SAVE_BYTES,
    name_problem,
    seed_problem,
)
from .outcome import IllegalAction
from .session import UNDO_RULE, Session
from .state import CARDS_OF_KIND, CHOOSE_ISLAND, VOYAGE, GameState, Mode
from .validate import position_problem
from .voyage import rotation_due

FORMAT: Final = "bohnanza-tui-save"
#: the mode of a Guatemala Café save (``cafe_save``)
CAFE: Final = "cafe"
VERSION: Final = 1


# -- positions and actions as Pydantic sees them -----------------------------------------
#
# In a compiled build (see hatch_build.py) the state and action classes are
# native classes: their annotations are erased and Pydantic can't fill them.
# Save files are then validated into, and schemas made from, the same
# definitions loaded as plain Python from their source files; positions are
# converted. Nothing of their shape is written twice.


def _plain(module: ModuleType) -> ModuleType:
    """``module`` as plain Python: itself, unless it is compiled."""
    if not module.__file__ or module.__file__.endswith(".py"):
        return module
    package, _dot, short = module.__name__.rpartition(".")
    name = f"{package}._plain_{short}"
    # beside this module (never compiled): a compiled module's __file__ names its build path
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{short}.py"))
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    sys.modules[name] = plain  # Pydantic resolves the annotations in it
    spec.loader.exec_module(plain)
    return plain


_PLAIN: Final = _plain(state_module)
_PLAIN_ACTIONS: Final = _plain(actions_module)
_CLASSES: Final = [
    name for name, value in vars(state_module).items() if dataclasses.is_dataclass(value)
]
_TO_PLAIN: Final[dict[Any, Any]] = {getattr(state_module, n): getattr(_PLAIN, n) for n in _CLASSES}
_FROM_PLAIN: Final = {plain: cls for cls, plain in _TO_PLAIN.items()}
#: the validated form of a position
StateRecord: Any = _PLAIN.GameState


def _convert(value: Any, table: dict[Any, Any]) -> Any:
    """``value`` with every state class instance rebuilt as ``table[type(value)]``."""
    cls = table.get(type(value))
    if cls is not None:
        fields = dataclasses.fields(value)
        return cls(*(_convert(getattr(value, f.name), table) for f in fields))
    if type(value) is list:
        return [_convert(v, table) for v in value]
    if type(value) is dict:
        return {k: _convert(v, table) for k, v in value.items()}
    return value


def _record(state: GameState | None) -> Any:
    if state is None or _PLAIN is state_module:
        return state
    return _convert(state, _TO_PLAIN)


def _position(record: Any) -> GameState | None:
    if record is None or _PLAIN is state_module:
        return typing.cast(GameState | None, record)
    return typing.cast(GameState, _convert(record, _FROM_PLAIN))


class SaveError(Exception):
    """A save file that can't be read, written or trusted; ``str`` is one clear sentence."""


# -- the envelope -------------------------------------------------------------------


def _action_schema(name: str, cls: type[Action]) -> dict[str, Any]:
    schema = TypeAdapter(getattr(_PLAIN_ACTIONS, cls.__name__)).json_schema()
    schema["properties"] = {"action": {"const": name}, **schema.get("properties", {})}
    schema["required"] = ["action", *schema.get("required", [])]
    schema["additionalProperties"] = False
    schema.pop("description", None)
    schema["title"] = cls.__name__
    return dict(sorted(schema.items()))


@functools.cache
def action_schema() -> dict[str, Any]:
    """The JSON Schema of one log entry (built when asked: it costs a tenth of a second)."""
    return {
        "description": "One action of the log, as written by bohnanza_tui.rules.actions.to_dict.",
        "oneOf": [_action_schema(name, cls) for name, cls in ACTION_TYPES.items()],
    }


class SeatRecord(BaseModel):
    """Who plays a seat: a person, or a computer player of a level."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    kind: Literal["human", "computer"] = Field(description="'human' or 'computer'.")
    level: BotLevel | None = Field(
        default=None, description="The computer player's level; none for a person."
    )


class OptionsRecord(BaseModel):
    """The game's set-up options that are not rules (the set-up screen, ``bohnanza new``)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    offers_to_people: OfferFrequency = Field(
        default="often",
        description=(
            "How often computer players make offers that a person must answer: 'often' "
            "(as to computers), 'rarely' (at most one a turn) or 'never'."
        ),
    )
    hints: bool = Field(
        default=True,
        description="Whether people may ask for a hint (what the strong computer player would do).",
    )


class ResultRecord(BaseModel):
    """One player's place in the result of a finished game (R-BASE-18)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rank: int = Field(description="1 for the winner; tied players share a rank.")
    player: int = Field(description="The seat, from 0.")
    name: str = Field(description="The player's name.")
    coins: int = Field(description="Coins at the end.")
    hand: int = Field(description="Cards in hand at the end (the tie-break).")


def result_of(state: GameState) -> list[ResultRecord] | None:
    """The ranking of a finished game, best first (None while it goes on)."""
    if not state.over:
        return None
    return [
        ResultRecord(
            rank=s.rank,
            player=s.player,
            name=state.players[s.player].name,
            coins=s.coins,
            hand=s.hand,
        )
        for s in standings(state)
    ]


class SaveFile(BaseModel):
    """A bohnanza-tui save: a game's start position, its log and its current position."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bohnanza-tui save")

    format: Literal["bohnanza-tui-save"] = Field(description="Always 'bohnanza-tui-save'.")
    version: Literal[1] = Field(description="The save format version.")
    mode: Mode
    players: list[str] = Field(description="The players' names in seat order.")
    seed: int = Field(description="The seed of the game's shuffles.")
    start: StateRecord | None = Field(
        default=None, description="The position the log starts from; missing: the state."
    )
    log: list[dict[str, Any]] = Field(
        default_factory=list, description="The actions played from the start, in order."
    )
    state: StateRecord | None = Field(
        default=None, description="The current position; missing: the replay of the log."
    )
    seats: list[SeatRecord] | None = Field(
        default=None, description="Who plays each seat, in seat order; missing: people only."
    )
    options: OptionsRecord = Field(
        default_factory=OptionsRecord,
        description="The set-up's options; missing (older saves): the defaults.",
    )
    result: list[ResultRecord] | None = Field(
        default=None,
        description="The ranking of a finished game, best first (R-BASE-18); none while it goes on.",
    )


def save_schema(mode: str = "classic") -> dict[str, Any]:
    """The JSON Schema of the whole save document (of a Bohnanza game, or of mode ``cafe``)."""
    if mode == CAFE:
        from .cafe_save import cafe_schema

        return cafe_schema()
    schema = SaveFile.model_json_schema()
    schema["properties"]["log"]["items"] = action_schema()
    return schema


# -- writing --------------------------------------------------------------------------------


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return False
    if isinstance(value, list):
        return all(_is_flat(v) for v in value)
    return True


#: ``json.dumps`` with these settings (one encoder, not a new one for every value)
_compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
_key = json.JSONEncoder(ensure_ascii=False).encode


def _pretty(value: Any, indent: str = "", written: dict[str, str] | None = None) -> str:
    """JSON with objects spread over lines but lists of numbers kept on one line, for hand edits.

    ``written``: the text of some of the object's values, written already (the log).
    """
    if _is_flat(value) or (isinstance(value, dict) and not value):
        return _compact(value)
    inner = indent + "  "
    if isinstance(value, dict):
        done = written or {}
        items = [f"{inner}{_key(k)}: {done.get(k) or _pretty(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        if all(isinstance(v, dict) and _is_flat(list(v.values())) for v in value):
            # log entries: one compact object per line
            items = [inner + _compact(v) for v in value]
        else:
            items = [inner + _pretty(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def to_document(session: Session, *, log: bool = True) -> dict[str, Any]:
    """The save document as plain JSON data (``log=False``: with an empty log)."""
    doc = SaveFile(
        format=FORMAT,
        version=VERSION,
        mode=session.mode,
        players=session.names,
        seed=session.seed,
        start=_record(session.start),
        log=[to_dict(a) for a in session.log] if log else [],
        state=_record(session.state),
        seats=session.seats,
        options=session.options or OptionsRecord(),
        result=result_of(session.state),
    )
    return doc.model_dump(mode="json", exclude_none=False)


@functools.lru_cache(maxsize=8192)
def _log_line(action: Action) -> str | None:
    """An action as the log writes it, one compact object (None: it isn't flat, see ``_pretty``).

    The autosave writes the whole log after every move: each action's line is made
    once (actions compare by value: an equal action writes the same line).
    """
    data = to_dict(action)
    if not _is_flat(list(data.values())):
        return None
    return _compact(data)


def dumps(session: Session | CafeSession) -> str:
    """The save file text of ``session``."""
    if isinstance(session, CafeSession):
        from .cafe_save import dumps as cafe_dumps

        return cafe_dumps(session)
    lines = [_log_line(a) for a in session.log]
    if not lines or None in lines:
        return _pretty(to_document(session)) + "\n"
    log = "[\n" + ",\n".join("    " + line for line in lines if line) + "\n  ]"
    return _pretty(to_document(session, log=False), written={"log": log}) + "\n"


def save_file(session: Session | CafeSession, path: str | os.PathLike[str]) -> None:
    """Write the save atomically: a crash leaves the old file or the new one, never half of one.

    The new text goes to a temporary file beside the target (``.NAME.PID.*.tmp``),
    which is renamed over it; the temporary files a killed write left behind
    are removed the next time that save is written or read.
    """
    write_text(dumps(session), path)


def write_text(text: str, path: str | os.PathLike[str]) -> None:
    """``save_file``'s atomic write of a save's text (``dumps``): the host makes the text
    between moves and writes it in a thread, while the game goes on."""
    target = Path(path)
    tmp_name: str | None = None
    try:
        remove_stale_temporaries(target)
        fd, tmp_name = tempfile.mkstemp(
            dir=target.parent, prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=".tmp"
        )
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp_name, target)
        tmp_name = None
        _sync_folder(target.parent)
    except OSError as exc:
        raise SaveError(
            _("can't write {path}: {reason}").format(path=target, reason=_os_reason(exc))
        ) from exc
    finally:
        if tmp_name is not None:
            Path(tmp_name).unlink(missing_ok=True)


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def remove_stale_temporaries(target: Path) -> None:
    """Remove the temporary files of writes to ``target`` whose process is gone (killed)."""
    prefix = _temp_prefix(target)
    try:
        candidates = [
            entry
            for entry in os.scandir(target.parent)
            if entry.name.startswith(prefix) and entry.name.endswith(".tmp")
        ]
    except OSError:
        return
    for entry in candidates:
        pid_text = entry.name[len(prefix) :].partition(".")[0]
        if (
            pid_text.isascii()
            and pid_text.isdigit()
            and len(pid_text) < 10
            and _alive(int(pid_text))
        ):
            continue  # a write in progress (this program, or another running one)
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process: leave its file alone
    return True


def _sync_folder(folder: Path) -> None:
    # makes the rename itself durable; not every system can open a folder
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


# -- reading ------------------------------------------------------------------------------------


def load_file(path: str | os.PathLike[str]) -> Session:
    """Read and check a save file; raises ``SaveError`` with one clear sentence.

    Only a regular file of at most ``MAX_SAVE_BYTES`` is read (a FIFO or a
    device such as /dev/zero is refused without waiting on it).
    """
    return loads(_read_text(Path(path)))


def _read_text(target: Path) -> str:
    data = _read_limited(target)
    try:
        text = data.decode("utf-8-sig")  # a byte order mark, as some editors write, is fine
    except UnicodeDecodeError as exc:
        raise SaveError(_("this file is not text (UTF-8), so it is not a save file")) from exc
    remove_stale_temporaries(target)
    return text


def _read_limited(target: Path) -> bytes:
    try:
        # O_NONBLOCK: opening a FIFO for reading must not wait for a writer
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError as exc:
        raise SaveError(_("there is no file {path}").format(path=target)) from exc
    except IsADirectoryError as exc:
        raise SaveError(_("{path} is a folder, not a save file").format(path=target)) from exc
    except OSError as exc:
        raise SaveError(
            _("can't read {path}: {reason}").format(path=target, reason=_os_reason(exc))
        ) from exc
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(_("{path} is a folder, not a save file").format(path=target))
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(
                _(
                    "{path} is not a regular file (a device or a pipe), so it is not a save file"
                ).format(path=target)
            )
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(_too_large())
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_SAVE_BYTES:  # the file may grow while it is read
            chunk = os.read(fd, MAX_SAVE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_SAVE_BYTES:
            raise SaveError(_too_large())
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(
            _("can't read {path}: {reason}").format(path=target, reason=_os_reason(exc))
        ) from exc
    finally:
        os.close(fd)


def _too_large() -> str:
    return _("this file is larger than {size} MB, so it is not a save file").format(
        size=MAX_SAVE_BYTES // (1024 * 1024)
    )


def _tagged(text: str) -> tuple[Any, str]:
    """The parsed JSON of a save's text with its tag checked, and the text."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(_too_large())
    text = text.removeprefix("\ufeff")
    raw = _parse_json(text)
    _check_tag(raw)
    return raw, text


def loads_any(text: str) -> Session | CafeSession:
    """``loads`` for a save of any mode: a Guatemala Café save gives a ``CafeSession``."""
    raw, text = _tagged(text)
    if raw.get("mode") == CAFE:
        from .cafe_save import loads as cafe_loads

        return cafe_loads(raw, text)
    return _loads(raw, text)


def load_any_file(path: str | os.PathLike[str]) -> Session | CafeSession:
    """``load_file`` for a save of any mode (the headless commands: script, show)."""
    return loads_any(_read_text(Path(path)))


def loads(text: str) -> Session:
    """Check a save file's text and rebuild its session; raises ``SaveError``.

    A Bohnanza game only: a Guatemala Café save is refused with a sentence
    (``loads_any`` reads both; the app and the commands use it).
    """
    raw, text = _tagged(text)
    if raw.get("mode") == CAFE:
        raise SaveError(
            _("this save holds a game of Guatemala Café, not of Bohnanza (load_any_file reads it)")
        )
    return _loads(raw, text)


def _loads(raw: Any, text: str) -> Session:
    text = _without_derived(raw, text)
    log = raw.get("log")
    if isinstance(log, list) and len(log) > MAX_LOG:
        raise SaveError(
            _("this save file's log has {n} actions; a save holds at most {limit}").format(
                n=len(log), limit=MAX_LOG
            )
        )
    doc = _validate(text)
    problem = name_problem(doc.players) or seed_problem(doc.seed)
    if problem:
        raise SaveError(_("this save file can't be used: {problem}").format(problem=problem))
    start, state = _position(doc.start), _position(doc.state)
    if start is None and state is None:
        raise SaveError(_("this save file holds no position: it needs 'state' or 'start'"))
    if start is None:
        if doc.log:
            raise SaveError(_("this save file has a log but no 'start' position to replay it from"))
        start, state, written = state, None, raw.get("state")
    else:
        written = raw.get("start")
    assert start is not None
    _check_envelope(doc, start, state)
    fill_start(start, written if isinstance(written, dict) else {})
    _check_position(start, _("the start position"))
    if state is not None:
        _check_position(state, _("the saved state"))
    session = _replay(start, doc.log)
    if doc.seats is not None:
        if len(doc.seats) != len(start.players):
            raise SaveError(
                _("this save file names {n} seats for {p} players").format(
                    n=len(doc.seats), p=len(start.players)
                )
            )
        session.seats = list(doc.seats)
    session.options = doc.options
    if state is not None and session.state != state:
        raise SaveError(
            _(
                "the log does not lead to the saved state; to play from a hand-edited position, put it in 'start' with an empty log (or in 'state' and leave out 'start' and 'log')"
            )
        )
    if doc.result is not None and doc.result != result_of(session.state):
        raise SaveError(
            _("this save file's result does not match its final position (result)")
            if session.state.over
            else _("this save file has a result, but its game is not over (result)")
        )
    return session


def _parse_json(text: str) -> Any:
    if not text.strip():
        raise SaveError(_("this file is empty, so it is not a save file"))
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant)
    except _TooLarge as exc:
        raise SaveError(
            _("this save file holds a number of more than {n} digits").format(n=MAX_INT_DIGITS)
        ) from exc
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or _unclosed(text):
            raise SaveError(
                _("this save file is cut short: it ends in the middle of the data")
            ) from exc
        raise SaveError(
            _("this file is not JSON (line {line}, column {column}: {problem})").format(
                line=exc.lineno, column=exc.colno, problem=exc.msg
            )
        ) from exc
    except RecursionError as exc:
        raise SaveError(_("this file nests its data too deeply to be a save file")) from exc


class _TooLarge(ValueError):
    pass


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooLarge(digits[:20])
    return int(digits)


def _no_constant(name: str) -> Any:
    raise _TooLarge(name)


def _unclosed(text: str) -> bool:
    """Does the text stop inside a string, an object or a list (a file cut short)?"""
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth < 0:
                return False
    return in_string or depth > 0


def _check_tag(raw: Any) -> None:
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(_("this is not a bohnanza-tui save file"))
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(_("this save file has no valid version number"))
    if version > VERSION:
        raise SaveError(
            _(
                "this save was written by a newer version ({version}); this program reads version {supported}"
            ).format(version=version, supported=VERSION)
        )


#: position entries older saves wrote that are now worked out from the rest (``GameState.ending``)
DERIVED: Final = ("ending",)


def _without_derived(raw: Any, text: str) -> str:
    """``text`` without the entries an older save wrote that are derived now."""
    changed = False
    for key in ("start", "state"):
        position = raw.get(key) if isinstance(raw, dict) else None
        if isinstance(position, dict):
            for name in DERIVED:
                if position.pop(name, None) is not None:
                    changed = True
    return json.dumps(raw) if changed else text


def _validate(text: str) -> SaveFile:
    try:
        return SaveFile.model_validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_context=False, include_input=False)[0]
        raise SaveError(_describe_error(first, exc.error_count() - 1)) from exc


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or _("the top level")


def _describe_error(error: Any, more: int) -> str:
    # a union member (GameState | None) adds its type name to the path: drop it
    loc = tuple(p for p in error["loc"] if p not in ("GameState", "function-after"))
    where = _where(loc)
    kind = error["type"]
    if kind == "json_invalid" and "recursion" in str(error["msg"]):
        message = _("this file nests its data too deeply to be a save file")
    elif kind == "missing":
        message = _("this save file lacks {where}").format(where=where)
    elif kind in ("extra_forbidden", "unexpected_keyword_argument"):
        message = _("this save file has an unknown entry {where}").format(where=where)
    else:
        problem = str(error["msg"])
        message = _("this save file has a wrong value at {where}: {problem}").format(
            where=where, problem=problem[:1].lower() + problem[1:]
        )
    if more:
        message += _(" (and {n} more problems)").format(n=more)
    return message


# -- meaning: the checks the structure can't express -------------------------------------------


def _check_envelope(doc: SaveFile, start: GameState, state: GameState | None) -> None:
    for label, position in ((_("the start position"), start), (_("the saved state"), state)):
        if position is None:
            continue
        if position.mode is not doc.mode:
            raise SaveError(
                _("this save file says mode {mode}, but {label} is {other}").format(
                    mode=doc.mode.value, label=label, other=position.mode.value
                )
            )
        names = [p.name for p in position.players]
        if names != doc.players:
            raise SaveError(
                _("this save file names the players {names}, but {label} has {other}").format(
                    names=", ".join(doc.players), label=label, other=", ".join(names)
                )
            )
        if position.seed != doc.seed:
            raise SaveError(
                _("this save file says seed {seed}, but {label} has seed {other}").format(
                    seed=doc.seed, label=label, other=position.seed
                )
            )


def _check_position(state: GameState, label: str) -> None:
    problem = position_problem(state)
    if problem:
        raise SaveError(
            _("this save file is inconsistent: in {label}, {problem}").format(
                label=label, problem=problem
            )
        )


# -- a hand-written start: what may be left out ----------------------------------------------------


def fill_start(start: GameState, written: dict[str, Any]) -> None:
    """Fill what a hand-written start left out (``written`` is its JSON object as written).

    - ``deck``: every card of the game not placed elsewhere, shuffled by the seed;
    - ``turn`` and ``active`` follow from each other (``active`` is ``(turn - 1) % players``),
      both left out: turn 1, the first seat;
    - ``turn_island``: the active player's home, or in Bohn Voyage with the
      rotation (R-VOY-12, R-VOY-13) the island of the type due;
    - ``phase``: phase 1, or choosing the island when the rotation leaves a choice;
    - ``last_type`` of a player: the active player's is the type of the turn's island,
      the others' home;
    - ``planted``: 0.

    A field that was written stays as written: the validator then judges the position.
    """
    try:
        _fill(start, written)
    except (IndexError, ValueError, KeyError, TypeError) as exc:
        # indices pointing nowhere: the validator names the field
        problem = position_problem(start) or _("the start position can't be completed")
        raise SaveError(
            _("this save file is inconsistent: in {label}, {problem}").format(
                label=_("the start position"), problem=problem
            )
        ) from exc


def _fill(start: GameState, written: dict[str, Any]) -> None:
    n = len(start.players)
    if "deck" not in written:
        placed = set(start.all_cards())
        with contextlib.suppress(ValueError):  # a player count the mode lacks: judged later
            start.deck = [c for c in _deck_of(start) if c not in placed]
            shuffle(start, start.deck)
    if "active" not in written and "turn" in written and start.turn >= 1:
        start.active = (start.turn - 1) % n
    elif "turn" not in written and "active" in written:
        start.turn = start.active + 1
    if not 0 <= start.active < n or start.over:
        return
    players = written.get("players")
    entry = (
        players[start.active] if isinstance(players, list) and start.active < len(players) else {}
    )
    type_written = isinstance(entry, dict) and "last_type" in entry
    if "turn_island" not in written:
        islands = _turn_islands(start, type_written)
        if len(islands) == 1 or ("phase" in written and start.phase is CHOOSE_ISLAND):
            start.turn_island = islands[0]
        elif "phase" not in written:
            start.phase = CHOOSE_ISLAND
            start.turn_island = start.active
        else:
            raise SaveError(
                _(
                    "this save file is inconsistent: in the start position, {name} may plant on {islands} this turn: name the island (turn_island) or leave out the phase"
                ).format(
                    name=start.players[start.active].name,
                    islands=", ".join(start.islands[i].name for i in islands),
                )
            )
    if (
        not type_written
        and start.phase is not CHOOSE_ISLAND
        and 0 <= start.turn_island < len(start.islands)
    ):
        start.players[start.active].last_type = start.islands[start.turn_island].type


def _turn_islands(start: GameState, type_written: bool) -> list[int]:
    """The islands this turn's beans may go to (R-VOY-12, R-VOY-13)."""
    p = start.active
    if start.mode is not VOYAGE or not start.rotation_applies(p):
        return [p]
    player = start.players[p]
    if not type_written:
        return rotation_due(start, p)[1]  # the rotation goes on from home
    # written: the type planted on this turn, as the rules store it
    islands = [
        h.island for h in player.holdings if start.islands[h.island].type is player.last_type
    ]
    return islands or [p]


def _deck_of(state: GameState) -> list[int]:
    s = setup_for(state.mode.value, len(state.players))
    return [c for k in s.deck_kinds for c in CARDS_OF_KIND[k]]


def _replay(start: GameState, entries: list[dict[str, Any]]) -> Session:
    session = Session(start)
    for number, entry in enumerate(entries, 1):
        try:
            action = from_dict(entry)
        except ValueError as exc:
            raise SaveError(
                _("log entry {n} is not a valid action ({reason})").format(n=number, reason=exc)
            ) from exc
        _check_entry(session.state, action, number)
        try:
            session.play(action)
        except IllegalAction as exc:  # pragma: no cover - _check_entry refused first
            raise SaveError(str(exc)) from exc
        except Exception as exc:
            # a hand-edited position can break what the engine assumes; say so in a sentence
            raise SaveError(
                _("log entry {n} can't be replayed from this position ({error})").format(
                    n=number, error=type(exc).__name__
                )
            ) from exc
    return session


def _check_entry(state: GameState, action: Action, number: int) -> None:
    players = len(state.players)
    if not 0 <= action.player < players:
        raise SaveError(
            _("log entry {n} names player {p}, but the game has {count} players").format(
                n=number, p=action.player + 1, count=players
            )
        )
    try:
        refusal = check(state, action)
    except Exception as exc:
        raise SaveError(
            _("log entry {n} can't be replayed from this position ({error})").format(
                n=number, error=type(exc).__name__
            )
        ) from exc
    if refusal is not None:
        raise SaveError(
            _("log entry {n} ({action} by {name}) is refused by the rules: {refusal}").format(
                n=number,
                action=action.name,
                name=state.players[action.player].name,
                refusal=refusal,
            )
        )


__all__ = [
    "CAFE",
    "FORMAT",
    "UNDO_RULE",
    "VERSION",
    "CafeSession",
    "ResultRecord",
    "SaveError",
    "SaveFile",
    "Session",
    "autosave_path",
    "dumps",
    "fill_start",
    "load_any_file",
    "load_file",
    "loads",
    "loads_any",
    "remove_stale_temporaries",
    "result_of",
    "save_file",
    "save_schema",
    "to_document",
]
