"""Save files of Guatemala Café: the envelope of ``save`` with the set-up and the log.

    {"format": "bohnanza-tui-save", "version": 1, "mode": "cafe",
     "players": ["Ann", "Bob", "Cy"], "seed": 7, "side": "fixed",
     "log": [{"action": "buyer", "player": 0, "steps": 1}, ...],
     "seats": null, "options": {...}, "result": null}

The position is not written: the same players, seed and side set up the same
game (D-CAFE-5), and the log replays from it, every entry checked by the
rules, so a hand-edited or hostile file is refused with one sentence (the
first entry the rules refuse, and why). ``save.load_any_file`` and
``save.save_file`` read and write both kinds of save.
"""

from __future__ import annotations

import functools
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..i18n import _
from . import cafe
from .actions import ACTION_TYPES, from_dict, to_dict
from .cafe_session import CafeSession
from .limits import MAX_LOG, name_problem, seed_problem
from .outcome import IllegalAction
from .save import (
    OptionsRecord,
    SaveError,
    SeatRecord,
    _action_schema,
    _compact,
    _describe_error,
    _pretty,
)

#: the command words of Guatemala Café's actions (``actions.ACTION_TYPES``)
CAFE_ACTIONS: tuple[str, ...] = (
    "buyer",
    "pass",
    "build",
    "end",
    "score",
    "block",
    "allow",
    "refill",
)


class CafeResultRecord(BaseModel):
    """One player's place in a finished game (R-CAFE-25)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    rank: int = Field(description="1 for the winner; tied players share a rank.")
    player: int = Field(description="The seat, from 0.")
    name: str = Field(description="The player's name.")
    score: int = Field(description="Points at the end.")
    centavos: int = Field(description="Centavos at the end (the tie-break).")


class CafeSaveFile(BaseModel):
    """A bohnanza-tui save of a Guatemala Café game: its set-up and its log."""

    model_config = ConfigDict(extra="forbid", strict=True, title="bohnanza-tui save (cafe)")

    format: Literal["bohnanza-tui-save"] = Field(description="Always 'bohnanza-tui-save'.")
    version: Literal[1] = Field(description="The save format version.")
    mode: Literal["cafe"] = Field(description="Always 'cafe': Guatemala Café (docs/CAFE.md).")
    players: list[str] = Field(description="The players' names in seat order (2 to 4).")
    seed: int = Field(description="The seed of the set-up (D-CAFE-5).")
    side: Literal["fixed", "variable"] = Field(
        default="fixed", description="The growing-area board's side (R-CAFE-3, R-CAFE-4)."
    )
    log: list[dict[str, Any]] = Field(
        default_factory=list, description="The actions played from the start, in order."
    )
    seats: list[SeatRecord] | None = Field(
        default=None, description="Who plays each seat, in seat order; missing: people only."
    )
    options: OptionsRecord = Field(
        default_factory=OptionsRecord, description="The set-up's options; missing: the defaults."
    )
    result: list[CafeResultRecord] | None = Field(
        default=None,
        description="The ranking of a finished game, best first; none while it goes on.",
    )


def result_of(state: cafe.CafeState) -> list[CafeResultRecord] | None:
    if not state.over:
        return None
    return [
        CafeResultRecord(
            rank=s.rank,
            player=s.player,
            name=state.players[s.player].name,
            score=s.score,
            centavos=s.centavos,
        )
        for s in cafe.standings(state)
    ]


@functools.cache
def cafe_schema() -> dict[str, Any]:
    """The JSON Schema of a Guatemala Café save (``bohnanza schema --mode cafe``)."""
    schema = CafeSaveFile.model_json_schema()
    schema["properties"]["log"]["items"] = {
        "description": "One action of the log, as written by bohnanza_tui.rules.actions.to_dict.",
        "oneOf": [_action_schema(name, ACTION_TYPES[name]) for name in CAFE_ACTIONS],
    }
    return schema


def to_document(session: CafeSession) -> dict[str, Any]:
    doc = CafeSaveFile(
        format="bohnanza-tui-save",
        version=1,
        mode="cafe",
        players=session.names,
        seed=session.seed,
        side="variable" if session.side == "variable" else "fixed",
        log=[to_dict(a) for a in session.log],
        seats=session.seats,
        options=session.options or OptionsRecord(),
        result=result_of(session.state),
    )
    return doc.model_dump(mode="json", exclude_none=False)


def dumps(session: CafeSession) -> str:
    lines = [_compact(to_dict(a)) for a in session.log]
    if not lines:
        return _pretty(to_document(session)) + "\n"
    doc = to_document(session)
    doc["log"] = []
    log = "[\n" + ",\n".join("    " + line for line in lines) + "\n  ]"
    return _pretty(doc, written={"log": log}) + "\n"


def loads(raw: Any, text: str) -> CafeSession:
    """Rebuild a session from a save's parsed JSON (``raw``, tag checked) and its text."""
    log = raw.get("log")
    if isinstance(log, list) and len(log) > MAX_LOG:
        raise SaveError(
            _("this save file's log has {n} actions; a save holds at most {limit}").format(
                n=len(log), limit=MAX_LOG
            )
        )
    try:
        doc = CafeSaveFile.model_validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_context=False, include_input=False)[0]
        raise SaveError(_describe_error(first, exc.error_count() - 1)) from exc
    problem = name_problem(doc.players) or seed_problem(doc.seed)
    if problem:
        raise SaveError(_("this save file can't be used: {problem}").format(problem=problem))
    try:
        session = CafeSession.new(doc.players, doc.seed, doc.side)
    except ValueError as exc:
        raise SaveError(_("this save file can't be used: {problem}").format(problem=exc)) from exc
    players = len(doc.players)
    for number, entry in enumerate(doc.log, 1):
        try:
            action = from_dict(entry)
        except ValueError as exc:
            raise SaveError(
                _("log entry {n} is not a valid action ({reason})").format(n=number, reason=exc)
            ) from exc
        if not 0 <= action.player < players:
            raise SaveError(
                _("log entry {n} names player {p}, but the game has {count} players").format(
                    n=number, p=action.player + 1, count=players
                )
            )
        refusal = cafe.check(session.state, action)
        if refusal is not None:
            raise SaveError(
                _("log entry {n} ({action} by {name}) is refused by the rules: {refusal}").format(
                    n=number,
                    action=action.name,
                    name=session.state.players[action.player].name,
                    refusal=refusal,
                )
            )
        try:
            session.play(action)
        except IllegalAction as exc:  # pragma: no cover - checked just above
            raise SaveError(str(exc)) from exc
    if doc.seats is not None:
        if len(doc.seats) != players:
            raise SaveError(
                _("this save file names {n} seats for {p} players").format(
                    n=len(doc.seats), p=players
                )
            )
        session.seats = list(doc.seats)
    session.options = doc.options
    if doc.result is not None and doc.result != result_of(session.state):
        raise SaveError(
            _("this save file's result does not match its final position (result)")
            if session.state.over
            else _("this save file has a result, but its game is not over (result)")
        )
    return session


__all__ = ["CAFE_ACTIONS", "CafeResultRecord", "CafeSaveFile", "cafe_schema", "dumps", "loads"]
