"""Games with their history, and the save file: one JSON document.

A ``Session`` is a game as it was played: the position its log starts from,
the log of actions, and the current position. Its save file is::

    {"format": "bohnanza-tui-save", "version": 1, "mode": ..., "players": [...],
     "seed": ..., "start": <GameState>, "log": [<action>, ...], "state": <GameState>}

Loading checks the structure, then the meaning (every card once, indices in
range), then replays ``start`` + ``log`` and requires it to reach ``state``.
``start`` and ``log`` may be left out (the position in ``state`` is then the
start), and so may ``state`` (the replay gives it): that is how tests and
tutorials stack the deck, by editing ``start.deck`` (the top is the END of
the list) and the hands.

Every failure is a ``SaveError`` whose text is one sentence a player can act
on; nothing here imports the UI.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib.util
import itertools
import json
import os
import stat
import sys
import tempfile
import typing
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..i18n import N_, _
from ..modes import BotLevel
from ..resources import autosave_path as autosave_path
from . import actions as actions_module
from . import state as state_module
from .actions import ACTION_TYPES, Action, from_dict, to_dict
from .data import KINDS, PLAYER_COUNTS, setup_for
from .engine import apply, check, new_game
from .limits import (
    MAX_INT_DIGITS,
    MAX_LOG,
    MAX_SAVE_BYTES,
    MAX_UNDO,
    name_problem,
    seed_problem,
)
from .outcome import Event, IllegalAction, Refusal
from .params import Bean
from .state import CARDS_OF_KIND, HIDDEN, KIND_OF, GameState, IslandType, Mode

FORMAT: Final = "bohnanza-tui-save"
VERSION: Final = 1
#: the rule id an undo refusal names (undo is a program feature, not a game rule)
UNDO_RULE: Final = "undo"


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


def save_schema() -> dict[str, Any]:
    """The JSON Schema of the whole save document."""
    schema = SaveFile.model_json_schema()
    schema["properties"]["log"]["items"] = action_schema()
    return schema


# -- a game with its history -----------------------------------------------------------


def _revealed(before: GameState, after: GameState) -> bool:
    """Did the action draw or shuffle (so undoing it would hide what players have seen)?"""
    return (
        len(before.deck) != len(after.deck)
        or before.shuffles != after.shuffles
        or before.exhaustions != after.exhaustions
    )


_REVEALED = N_("the last move revealed cards from the deck, so it can't be taken back")
_EARLIER_TURN = N_("the last move belongs to an earlier turn")
_TOO_MANY = N_("only the last {n} moves of a turn can be taken back")


class Session:
    """A game and its history: ``start``, the ``log`` played from it, and the current ``state``.

    For undo it keeps a copy of the position before each move of the current
    turn that revealed no card, back to the last move that did (or the turn's
    start): undo never replays and never hides a card that players have seen.
    """

    __slots__ = ("_barrier", "_undo", "log", "seats", "start", "state")

    def __init__(self, start: GameState) -> None:
        self.start = start.copy()
        self.state = start.copy()
        self.log: list[Action] = []
        #: who plays each seat (None: people only); kept in the save file
        self.seats: list[SeatRecord] | None = None
        self._undo: list[GameState] = []
        #: why the move just below the undo stack can't be undone (None: no such move)
        self._barrier: str | None = None

    @classmethod
    def new(cls, mode: Mode | str, names: list[str], seed: int | None = None) -> Session:
        """A fresh game (``engine.new_game``); raises ValueError for bad names or player counts."""
        return cls(new_game(mode, names, seed))

    @property
    def mode(self) -> Mode:
        return self.state.mode

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.state.players]

    @property
    def seed(self) -> int:
        return self.state.seed

    def play(self, action: Action) -> list[Event]:
        """Apply ``action`` and log it; raises ``IllegalAction`` and changes nothing if refused."""
        before = self.state.copy()
        events = apply(self.state, action)
        self.log.append(action)
        self._remember(before)
        return events

    def _remember(self, before: GameState) -> None:
        if _revealed(before, self.state):
            self._undo.clear()
            self._barrier = _REVEALED
        elif before.turn != self.state.turn:
            self._undo.clear()
            self._barrier = _EARLIER_TURN
        else:
            self._undo.append(before)
            if len(self._undo) > MAX_UNDO:
                del self._undo[0]
                self._barrier = _TOO_MANY

    def can_undo(self, player: int | None = None) -> Refusal | None:
        """``None`` if the last move can be taken back (by ``player``, if given), else why not."""
        if not self.log:
            return Refusal(UNDO_RULE, N_("there is nothing to undo"), {})
        if self.state.over:
            return Refusal(UNDO_RULE, N_("the game is over"), {})
        if not self._undo:
            return Refusal(
                UNDO_RULE, self._barrier or N_("there is nothing to undo"), {"n": MAX_UNDO}
            )
        last = self.log[-1]
        if player is not None and last.player != player:
            return Refusal(
                UNDO_RULE,
                N_("the last move was {name}'s; only {name} can take it back"),
                {"name": self.state.players[last.player].name},
            )
        return None

    def undo(self, player: int | None = None) -> Action:
        """Take back the last move and return it; raises ``IllegalAction`` when ``can_undo`` refuses."""
        refusal = self.can_undo(player)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.state = self._undo.pop()
        return self.log.pop()

    def replay(self) -> Iterator[tuple[Action | None, GameState]]:
        """The positions from ``start``: ``(None, start)``, then ``(action, position after it)``."""
        state = self.start.copy()
        yield None, state.copy()
        for action in self.log:
            apply(state, action)
            yield action, state.copy()


# -- writing --------------------------------------------------------------------------------


def _is_flat(value: Any) -> bool:
    if isinstance(value, dict):
        return False
    if isinstance(value, list):
        return all(_is_flat(v) for v in value)
    return True


def _pretty(value: Any, indent: str = "") -> str:
    """JSON with objects spread over lines but lists of numbers kept on one line, for hand edits."""
    if _is_flat(value) or (isinstance(value, dict) and not value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, inner)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(value, list):
        if all(isinstance(v, dict) and _is_flat(list(v.values())) for v in value):
            # log entries: one compact object per line
            items = [
                inner + json.dumps(v, ensure_ascii=False, separators=(", ", ": ")) for v in value
            ]
        else:
            items = [inner + _pretty(v, inner) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def to_document(session: Session) -> dict[str, Any]:
    """The save document as plain JSON data."""
    doc = SaveFile(
        format=FORMAT,
        version=VERSION,
        mode=session.mode,
        players=session.names,
        seed=session.seed,
        start=_record(session.start),
        log=[to_dict(a) for a in session.log],
        state=_record(session.state),
        seats=session.seats,
    )
    return doc.model_dump(mode="json", exclude_none=False)


def dumps(session: Session) -> str:
    """The save file text of ``session``."""
    return _pretty(to_document(session)) + "\n"


def save_file(session: Session, path: str | os.PathLike[str]) -> None:
    """Write the save atomically: a crash leaves the old file or the new one, never half of one.

    The new text goes to a temporary file beside the target (``.NAME.PID.*.tmp``),
    which is renamed over it; the temporary files a killed write left behind
    are removed the next time that save is written or read.
    """
    target = Path(path)
    text = dumps(session)
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
    target = Path(path)
    data = _read_limited(target)
    try:
        text = data.decode("utf-8-sig")  # a byte order mark, as some editors write, is fine
    except UnicodeDecodeError as exc:
        raise SaveError(_("this file is not text (UTF-8), so it is not a save file")) from exc
    remove_stale_temporaries(target)
    return loads(text)


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


def loads(text: str) -> Session:
    """Check a save file's text and rebuild its session; raises ``SaveError``."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(_too_large())
    text = text.removeprefix("\ufeff")
    raw = _parse_json(text)
    _check_tag(raw)
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
        start = state
    assert start is not None
    _check_position(start, _("the start position"))
    if state is not None and state is not start:
        _check_position(state, _("the saved state"))
    _check_envelope(doc, start)
    session = _replay(start, doc.log)
    if doc.seats is not None:
        if len(doc.seats) != len(start.players):
            raise SaveError(
                _("this save file names {n} seats for {p} players").format(
                    n=len(doc.seats), p=len(start.players)
                )
            )
        session.seats = list(doc.seats)
    if state is not None and session.state != state:
        raise SaveError(
            _(
                "the log does not lead to the saved state; to play from a hand-edited position, put it in 'start' with an empty log (or in 'state' and leave out 'start' and 'log')"
            )
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
        errors = exc.errors()
        raise SaveError(_describe_error(errors[0], len(errors) - 1)) from exc


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


def _check_envelope(doc: SaveFile, start: GameState) -> None:
    state = _position(doc.state) or start
    for label, position in ((_("the start position"), start), (_("the saved state"), state)):
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
    n = len(state.players)
    try:
        s = setup_for(state.mode.value, n)
    except ValueError as exc:
        counts = PLAYER_COUNTS[state.mode.value]
        raise SaveError(
            _("{label} has {n} players, but {mode} is played by {low} to {high}").format(
                label=label, n=n, mode=state.mode.value, low=counts[0], high=counts[-1]
            )
        ) from exc
    problem = _index_problem(state, len(s.colonies))
    if problem:
        raise SaveError(
            _("this save file is inconsistent: in {label}, {problem}").format(
                label=label, problem=problem
            )
        )
    expected = {c for k in s.deck_kinds for c in CARDS_OF_KIND[k]}
    problem = _card_problem(state.all_cards(), expected)
    if problem:
        raise SaveError(
            _("this save file is inconsistent: in {label}, {problem}").format(
                label=label, problem=problem
            )
        )


def _card_name(card: int) -> str:
    return _("card {card} (a {bean} bean)").format(card=card, bean=Bean(KIND_OF[card]))


def _card_problem(cards: list[int], expected: set[int]) -> str | None:
    counts = Counter(cards)
    if HIDDEN in counts:
        return _("a card is hidden (-1): a save holds the whole game, not one player's view")
    for card in sorted(counts):
        if card not in expected:
            if 0 <= card < len(KIND_OF):
                return _("{card} is not part of this game's deck").format(card=_card_name(card))
            return _("there is no card {card}").format(card=card)
        if counts[card] > 1:
            return _("{card} lies in {n} places").format(card=_card_name(card), n=counts[card])
    missing = sorted(expected - set(counts))
    if missing:
        return _("{card} is missing ({n} cards in all)").format(
            card=_card_name(missing[0]), n=len(missing)
        )
    return None


def _index_problem(state: GameState, colonies: int) -> str | None:
    """The first index that points nowhere (the engine trusts these), or None."""
    n = len(state.players)
    islands = len(state.islands)
    if islands != n + colonies:
        return _("there are {have} islands instead of {need}").format(
            have=islands, need=n + colonies
        )
    for i, isl in enumerate(state.islands):
        home = i < n
        if (isl.type is IslandType.HOME) != home or (home and isl.harbors != [i]):
            return _("island {i} ({name}) is not laid out as the rules lay it out").format(
                i=i + 1, name=isl.name
            )
        if not home and (
            len(isl.harbors) != 2 or any(o is not None and not 0 <= o < n for o in isl.harbors)
        ):
            return _("island {name} has harbor owners that are not players").format(name=isl.name)
    if not 0 <= state.active < n:
        return _("the active player {p} is not a seat").format(p=state.active + 1)
    if not 0 <= state.turn_island < islands:
        return _("the turn's island {i} does not exist").format(i=state.turn_island + 1)
    for p, player in enumerate(state.players):
        if not player.holdings or player.holdings[0].island != p:
            return _("{name} has no home island").format(name=player.name)
        for h in player.holdings[1:]:
            if not n <= h.island < islands or p not in state.islands[h.island].harbors:
                return _("{name} has fields on an island without their harbor").format(
                    name=player.name
                )
    for i, ship in enumerate(state.ships):
        if not 0 <= ship.owner < n or not 0 <= ship.island < islands:
            return _("ship {i} has an owner or a harbor that does not exist").format(i=i + 1)
    for offer in state.offers:
        seats = [offer.proposer, *offer.answers, *offer.declined]
        if offer.to is not None:
            seats.append(offer.to)
        if any(not 0 <= s < n for s in seats) or any(not 0 <= k < len(KINDS) for k in offer.want):
            return _("offer {id} names a player or a bean kind that does not exist").format(
                id=offer.id
            )
        if any(
            not 0 <= c < len(KIND_OF) for c in itertools.chain(offer.give, *offer.answers.values())
        ):
            return _("offer {id} names a card that does not exist").format(id=offer.id)
    return None


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
    "FORMAT",
    "UNDO_RULE",
    "VERSION",
    "SaveError",
    "SaveFile",
    "Session",
    "autosave_path",
    "dumps",
    "load_file",
    "loads",
    "save_file",
    "save_schema",
    "to_document",
]
