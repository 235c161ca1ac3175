"""From text to actions: ``parse`` reads the words, ``resolve`` points them at a position."""

from __future__ import annotations

from ..i18n import _
from ..rules.actions import Action
from ..rules.state import GameState
from . import meta, trade, turn, voyage
from .base import Command
from .context import Context
from .lexicon import CommandError, Words, closest, tokenize

#: every command, in the order the help lists them
COMMAND_CLASSES: tuple[type[Command], ...] = (
    *turn.COMMANDS,
    *trade.COMMANDS,
    *voyage.COMMANDS,
    *meta.COMMANDS,
)

#: command word or alias -> command
COMMAND_WORDS: dict[str, type[Command]] = {
    word: cls for cls in COMMAND_CLASSES for word in (cls.word, *cls.aliases)
}


def command_class(word: str) -> type[Command]:
    """The command a word names; a ``CommandError`` suggests the closest one."""
    cls = COMMAND_WORDS.get(word.casefold())
    if cls is not None:
        return cls
    near = closest(word, COMMAND_WORDS)
    shown = word.replace("\n", "\\n")  # a quoted word may hold a line break: one sentence
    if near:
        raise CommandError(
            _("there is no command '{word}'; did you mean '{near}'?").format(word=shown, near=near)
        )
    raise CommandError(
        _("there is no command '{word}'; type 'help' to list the commands").format(word=shown)
    )


def parse(text: str) -> Command:
    """Read a command; raises ``CommandError`` (one sentence, with the usage) if malformed."""
    words = tokenize(text)
    if not words:
        raise CommandError(_("type a command, or 'help' to list them"))
    cls = command_class(words[0])
    reader = Words(words[0].casefold(), cls.usage_line(), words[1:])
    try:
        return cls.read(reader)
    except CommandError as exc:
        if exc.usage is None:
            raise CommandError(exc.message, cls.usage_line()) from exc
        raise


def resolve_all(state: GameState, player: int, command: Command) -> list[Action]:
    """The actions a command means for ``player`` in ``state`` (``keep`` can mean several).

    Only names are checked here; whether the actions are allowed is for
    ``engine.check`` to say.
    """
    if not 0 <= player < len(state.players):
        raise CommandError(_("there is no player {p}").format(p=player + 1))
    return command.actions(Context(state, player))


def resolve(state: GameState, player: int, command: Command) -> Action:
    """The one action a command means; ``keep`` without a card may mean two (see ``resolve_all``)."""
    actions = resolve_all(state, player, command)
    if len(actions) != 1:
        raise CommandError(
            _("that command makes {n} moves; name one card (such as f1)").format(n=len(actions))
        )
    return actions[0]


def to_actions(state: GameState, player: int, text: str) -> list[Action]:
    return resolve_all(state, player, parse(text))


def to_action(state: GameState, player: int, text: str) -> Action:
    return resolve(state, player, parse(text))
