"""The shape every command shares: its words, its help, how it reads and what it does."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..i18n import _
from ..rules.actions import Action
from ..rules.data import KINDS
from .context import Context, table_row
from .lexicon import CommandError, Words, local_kind_names


@dataclass(frozen=True, slots=True)
class Command:
    """A parsed command: what the player said, before it is pointed at a position.

    Subclasses set the class variables (the command word, its usage lines, a
    one-sentence summary marked with ``N_``, examples) and implement ``read``
    (the grammar) and ``actions`` (the resolution).
    """

    word: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    usage: ClassVar[tuple[str, ...]] = ()
    summary: ClassVar[str] = ""
    examples: ClassVar[tuple[str, ...]] = ()
    #: not a move of the game (undo, help): the app or the script runner handles it
    meta: ClassVar[bool] = False

    @classmethod
    def usage_line(cls) -> str:
        return " | ".join(cls.usage)

    @classmethod
    def read(cls, words: Words) -> Command:
        raise NotImplementedError

    def actions(self, ctx: Context) -> list[Action]:
        raise CommandError(_("'{word}' is not a move of the game").format(word=self.word))

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        """Words that can come next after ``done`` (the words after the command word)."""
        return []


# -- candidate words for completion -------------------------------------------------


def place_words(ctx: Context, fields_only: bool = False, planted: bool = False) -> list[str]:
    out: list[str] = []
    for h in ctx.me.holdings:
        prefix = "" if h.island == ctx.player else f"{ctx.state.islands[h.island].name}."
        out += [f"{prefix}{s + 1}" for s, f in enumerate(h.fields) if f or not planted]
        if h.kontor_cap and not fields_only and not planted:
            out.append(f"{prefix}k")
    return out


def island_words(ctx: Context, colonies_only: bool = False) -> list[str]:
    n = len(ctx.state.players)
    colonies = [isl.name for isl in ctx.state.islands[n:]]
    if colonies_only:
        return colonies
    home = _("home")
    return ["home", *([home.replace(" ", "-")] if home != "home" else []), *colonies]


def player_words(ctx: Context, others: bool = True) -> list[str]:
    return [p.name for i, p in enumerate(ctx.state.players) if not others or i != ctx.player]


def kind_words(kinds: list[int] | None = None) -> list[str]:
    """The kinds' command words, then their names in the language in use (``Blaue-Bohne``)."""
    chosen = list(range(len(KINDS))) if kinds is None else kinds
    local = local_kind_names()
    return [KINDS[k] for k in chosen] + [local[k].replace(" ", "-") for k in chosen if local]


def hand_words(ctx: Context) -> list[str]:
    return [f"h{i + 1}" for i in range(len(ctx.me.hand))]


def face_up_words(ctx: Context) -> list[str]:
    return [f"f{i + 1}" for i in range(len(table_row(ctx.state)))]


def kontor_words(ctx: Context) -> list[str]:
    out: list[str] = []
    for h in ctx.me.holdings:
        prefix = "" if h.island == ctx.player else f"{ctx.state.islands[h.island].name}."
        out += [f"{prefix}k{i + 1}" for i in range(len(h.kontor))]
    return out


def ship_words(ctx: Context, owner: int | None = None) -> list[str]:
    owner = ctx.player if owner is None else owner
    return [str(i + 1) for i in range(len(ctx.state.ships_of(owner)))]


__all__ = [
    "Command",
    "face_up_words",
    "hand_words",
    "island_words",
    "kind_words",
    "kontor_words",
    "place_words",
    "player_words",
    "ship_words",
]
