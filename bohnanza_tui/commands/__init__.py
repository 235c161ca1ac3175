"""The text command language: what players type in the command bar and scripts contain.

    from bohnanza_tui.commands import parse, to_action, format_action, completions

- ``parse(text) -> Command``: the grammar only; ``CommandError`` (one sentence
  and the command's usage) for anything malformed.
- ``resolve(state, player, command) -> Action`` (``resolve_all`` when a
  command can mean several moves, as ``keep`` does): positions, kinds and
  names pointed at cards and places; whether the move is allowed is
  ``engine.check``'s answer, never checked here.
- ``to_action`` / ``to_actions``: both steps at once.
- ``format_action(state, action) -> str``: the command for an action;
  ``to_action(state, p, format_action(state, a)) == a`` for every legal action.
- ``COMMANDS``, ``help_text(name)``, ``completions(state, player, text)``.

docs/COMMANDS.md describes every command and the notation.
"""

from .base import Command
from .formatting import format_action
from .helping import COMMANDS, CommandHelp, completions, help_text
from .lexicon import CommandError
from .meta import HelpCommand, UndoCommand
from .parser import (
    COMMAND_CLASSES,
    COMMAND_WORDS,
    parse,
    resolve,
    resolve_all,
    to_action,
    to_actions,
)

__all__ = [
    "COMMANDS",
    "COMMAND_CLASSES",
    "COMMAND_WORDS",
    "Command",
    "CommandError",
    "CommandHelp",
    "HelpCommand",
    "UndoCommand",
    "completions",
    "format_action",
    "help_text",
    "parse",
    "resolve",
    "resolve_all",
    "to_action",
    "to_actions",
]
