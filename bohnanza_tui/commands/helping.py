"""Help for the command language, and completion of what a player is typing."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _
from ..rules.data import setup_for
from ..rules.state import GameState, Mode
from . import meta, trade, turn, voyage
from .base import Command
from .context import Context
from .lexicon import closest
from .parser import COMMAND_CLASSES, COMMAND_WORDS


@dataclass(frozen=True, slots=True)
class CommandHelp:
    """One command's help: usage lines, a one-sentence description, examples."""

    name: str
    aliases: tuple[str, ...]
    usage: tuple[str, ...]
    summary: str
    examples: tuple[str, ...]
    group: str

    @property
    def description(self) -> str:
        """The summary in the player's language."""
        return _(self.summary)


_GROUPS: tuple[tuple[str, tuple[type[Command], ...]], ...] = (
    (N_("Your turn"), turn.COMMANDS),
    (N_("Trading (phase 2)"), trade.COMMANDS),
    (N_("Bohn Voyage"), voyage.COMMANDS),
    (N_("Other"), meta.COMMANDS),
)

#: the help of every command, by command word, in the order the help lists them
COMMANDS: dict[str, CommandHelp] = {
    cls.word: CommandHelp(cls.word, cls.aliases, cls.usage, cls.summary, cls.examples, group)
    for group, classes in _GROUPS
    for cls in classes
}

NOTATION = N_(
    """Cards: h1 is the front card of your hand, h2 the next; f1 and f2 are the face-up cards; k1 is the first bean in your home Kontor, A1.k1 in your Kontor on A1; #17 is card 17.
Places: 1, 2, 3 are your home fields and k your home Kontor; A1.1, A1.2 and A1.k are yours on island A1.
Beans: by name (chili, black-eyed) or by an unambiguous start (bla, wa); '2 blue' is blue blue.
Players: by name (or its unambiguous start) or by seat number; 'all' is everyone.
Ships: 1 and 2 are your first and second ship; in 'raid bob ship 1', Bob's first ship.
Offers: by the number the game gives them."""
)


def help_text(name: str | None = None) -> str:
    """The list of commands, or the help of one; for an unknown name, a sentence saying so."""
    if name is None:
        return _overview()
    cls = COMMAND_WORDS.get(name.casefold())
    if cls is None:
        near = closest(name, COMMAND_WORDS)
        if near:
            return _("there is no command '{word}'; did you mean '{near}'?").format(
                word=name, near=near
            )
        return _("there is no command '{word}'; type 'help' to list the commands").format(word=name)
    info = COMMANDS[cls.word]
    lines = [*info.usage, "", info.description]
    if info.aliases:
        lines.append(_("Also: {words}").format(words=", ".join(info.aliases)))
    lines.append(_("Examples: {examples}").format(examples="; ".join(info.examples)))
    return "\n".join(lines)


def _overview() -> str:
    lines: list[str] = []
    for group, classes in _GROUPS:
        lines.append(_(group))
        for cls in classes:
            info = COMMANDS[cls.word]
            lines += [f"  {usage}" for usage in info.usage]
            lines.append(f"      {info.description}")
        lines.append("")
    lines.append(_(NOTATION))
    lines.append(_("Type 'help COMMAND' for more about one command."))
    return "\n".join(lines)


def _available(cls: type[Command], state: GameState) -> bool:
    duel = setup_for(state.mode.value, len(state.players)).duel
    if cls is turn.DiscardCommand:  # the Bean Duel's own move (R-DUEL-4)
        return duel
    if duel and (cls in trade.COMMANDS or cls is turn.KeepCommand):
        return False  # no trading with two players (R-DUEL-2)
    if state.mode is Mode.CLASSIC:
        return cls not in voyage.COMMANDS and cls is not turn.IslandCommand
    return True


def completions(state: GameState, player: int, text: str) -> list[str]:
    """Words that fit where the player is typing: command words, then their arguments."""
    words = text.split()
    if text and not text[-1].isspace() and words:
        partial, done = words[-1], words[:-1]
    else:
        partial, done = "", words
    if not done:
        candidates = [cls.word for cls in COMMAND_CLASSES if _available(cls, state)]
    else:
        cls = COMMAND_WORDS.get(done[0].casefold())
        if cls is None or not 0 <= player < len(state.players):
            return []
        if cls is meta.HelpCommand:
            # its topics are the commands: listed here, where they are all known
            return _matching([c.word for c in COMMAND_CLASSES] if len(done) == 1 else [], partial)
        candidates = cls.complete(Context(state, player), [w.casefold() for w in done[1:]])
        if cls is turn.BuyCommand and state.mode is Mode.CLASSIC:
            candidates = [c for c in candidates if c not in ("harbor", "ship", "pirate")]
    return _matching(candidates, partial)


def _matching(candidates: list[str], partial: str) -> list[str]:
    key = partial.casefold()
    out: list[str] = []
    for c in candidates:
        if c.casefold().startswith(key) and c not in out:
            out.append(c)
    return out
