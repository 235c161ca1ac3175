"""Command scripts: one move per line, ``NAME: command`` or ``SEAT: command``.

Blank lines and lines starting with ``#`` are skipped, and so is a trailing
`` # comment``. Each line is reported as ``line N: ok`` (with the events,
indented), ``line N: refused: <rule>: <reason>`` (the engine said no; nothing
changed, D-10) or ``line N: error: <message>`` (the line could not be read).
Tests and tutorials use this with a hand-edited save to replay exact games.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal, TextIO

from .commands import CommandError, UndoCommand, format_action, parse, resolve_all
from .commands.context import Context
from .i18n import _
from .rules import Action, IllegalAction
from .rules.cafe_session import CafeSession
from .rules.limits import printable
from .rules.save import Session

_COMMENT = re.compile(r"(?:^|\s)#(?:\s.*)?$")

Status = Literal["ok", "refused", "error"]


@dataclass(slots=True)
class LineResult:
    status: Status
    message: str = ""
    events: list[str] = field(default_factory=list)

    def lines(self, number: int) -> list[str]:
        head = f"line {number}: {self.status}"
        if self.message:
            head += f": {self.message}"
        return [printable(line) for line in (head, *(f"    {e}" for e in self.events))]


def strip_comment(line: str) -> str:
    return _COMMENT.sub("", line).strip()


def run_script(
    session: Session | CafeSession, lines: Iterable[str], out: TextIO, strict: bool = False
) -> bool:
    """Play the lines on ``session``, reporting each to ``out``; True if every line applied."""
    ok = True
    for number, line in enumerate(lines, 1):
        text = strip_comment(line)
        if not text:
            continue
        if isinstance(session, CafeSession):
            result = run_cafe_line(session, text)
        else:
            result = run_line(session, text)
        for report in result.lines(number):
            out.write(report + "\n")
        if result.status != "ok":
            ok = False
            if strict:
                break
    return ok


def run_line(session: Session, text: str) -> LineResult:
    """Apply one ``NAME: command`` line to ``session``."""
    who, colon, command = text.partition(":")
    if not colon or not who.strip():
        return LineResult(
            "error", _("start the line with the player, as in 'Ann: plant 1' or '2: end'")
        )
    try:
        player = Context(session.state, session.state.active).seat(who.strip())
        parsed = parse(command)
        if isinstance(parsed, UndoCommand):
            return _undo(session, player)
        if parsed.meta:
            return LineResult("error", _("'{word}' is not a move").format(word=parsed.word))
        actions = resolve_all(session.state, player, parsed)
    except CommandError as exc:
        return LineResult("error", str(exc))
    return _play(session, actions)


def run_cafe_line(session: CafeSession, text: str) -> LineResult:
    """Apply one ``NAME: command`` line to a Guatemala Café game (``commands.cafe``)."""
    from .commands import cafe as cafe_commands

    who, colon, command = text.partition(":")
    if not colon or not who.strip():
        return LineResult(
            "error", _("start the line with the player, as in 'Ann: move' or '2: score 3'")
        )
    try:
        player = cafe_commands.seat(session.names, who.strip())
        if command.strip().casefold() == "undo":
            refusal = session.can_undo(player)
            if refusal is not None:
                return LineResult("refused", str(refusal))
            action = session.undo(player)
            return LineResult(
                "ok",
                events=[
                    _("{name} takes back: {command}").format(
                        name=session.state.players[player].name,
                        command=cafe_commands.format_action(session.state, action),
                    )
                ],
            )
        action = cafe_commands.parse(session.state, player, command)
    except CommandError as exc:
        return LineResult("error", str(exc))
    try:
        events = [str(e) for e in session.play(action)]
    except IllegalAction as exc:
        return LineResult("refused", str(exc.refusal))
    return LineResult("ok", events=events)


def _play(session: Session, actions: list[Action]) -> LineResult:
    events: list[str] = []
    for done, action in enumerate(actions):
        try:
            events += [str(e) for e in session.play(action)]
        except IllegalAction as exc:
            # a line is one move to the player: take back what it did so far
            for _earlier in range(done):
                session.undo()
            return LineResult("refused", str(exc.refusal))
    return LineResult("ok", events=events)


def _undo(session: Session, player: int) -> LineResult:
    refusal = session.can_undo(player)
    if refusal is not None:
        return LineResult("refused", str(refusal))
    action = session.undo(player)
    text = format_action(session.state, action)
    return LineResult(
        "ok",
        events=[
            _("{name} takes back: {command}").format(
                name=session.state.players[player].name, command=text
            )
        ],
    )
