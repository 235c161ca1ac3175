"""Commands that are not moves of the game: the app and the script runner carry them out."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _
from .base import Command
from .lexicon import Words


@dataclass(frozen=True, slots=True)
class UndoCommand(Command):
    word = "undo"
    usage = ("undo",)
    summary = N_(
        "Take back the last move, if it belongs to this turn and revealed no card from the deck."
    )
    examples = ("undo",)
    meta = True

    @classmethod
    def read(cls, words: Words) -> Command:
        words.end()
        return cls()


@dataclass(frozen=True, slots=True)
class HelpCommand(Command):
    topic: str | None = None

    word = "help"
    aliases = ("?",)
    usage = ("help [COMMAND]",)
    summary = N_("List the commands, or explain one.")
    examples = ("help", "help offer")
    meta = True

    @classmethod
    def read(cls, words: Words) -> Command:
        topic = words.pop(_("a command")).casefold() if words.more() else None
        words.end()
        return cls(topic)


COMMANDS: tuple[type[Command], ...] = (UndoCommand, HelpCommand)
