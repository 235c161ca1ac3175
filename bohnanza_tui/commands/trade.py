"""Phase 2 trading (R-BASE-8): offer, ask, donate, accept, decline, confirm, withdraw."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import ClassVar

from ..i18n import N_, _
from ..rules import actions as a
from ..rules.actions import Action
from ..rules.limits import MAX_NUMBER_DIGITS
from ..rules.params import bean_name
from ..rules.state import KIND_OF
from .base import Command, face_up_words, hand_words, kind_words, kontor_words, player_words
from .context import EVERYONE, Context
from .lexicon import CardSpec, CommandError, Words, is_number, or_list

_EVERYONE_WORDS = (EVERYONE, "everyone", "everybody")


def _read_partner(words: Words) -> str:
    word = words.pop(_("a player or 'all'"))
    return EVERYONE if not word.quoted and word.casefold() in _EVERYONE_WORDS else str(word)


def _partner(ctx: Context, to: str | None) -> int | None:
    """The offer's addressee: None is everyone; no name means everyone for the active
    player and the active player for the others (the only partner they may have)."""
    if to is None:
        return None if ctx.active else ctx.state.active
    if to == EVERYONE:
        return None
    return ctx.seat(to)


def _card_words(ctx: Context) -> list[str]:
    return [*hand_words(ctx), *(face_up_words(ctx) if ctx.active else []), *kontor_words(ctx)]


@dataclass(frozen=True, slots=True)
class OfferCommand(Command):
    give: tuple[CardSpec, ...] = ()
    to: str | None = None
    want: tuple[int, ...] = ()

    word = "offer"
    usage = ("offer CARD... [to PLAYER|all] [for KIND...|nothing]",)
    summary = N_(
        "Offer cards (hand, face-up, Kontor) to a player or to all, for beans of the kinds named; without 'for' it is a gift."
    )
    examples: ClassVar[tuple[str, ...]] = (
        "offer h2 h4 f1 to bob for blue blue",
        "offer f1 to all for 2 chili",
        "offer h3 to ann",
    )

    @classmethod
    def read(cls, words: Words) -> Command:
        give = words.cards(_("cards to give, such as h2 or f1"), stop=("to", "for"))
        to: str | None = None
        want: tuple[int, ...] = ()
        while words.more():
            if words.accept("to"):
                to = _read_partner(words)
            elif words.accept("for"):
                want = _read_want(words)
            else:
                raise words.error(_("unexpected '{word}'").format(word=words.raw()))
        return cls(give, to, want)

    def actions(self, ctx: Context) -> list[Action]:
        give = ctx.cards(self.give, ctx.sources(face_up=ctx.active), _("to give"))
        return [a.MakeOffer(ctx.player, _partner(ctx, self.to), give, self.want)]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if done and done[-1] == "to":
            return [*player_words(ctx), EVERYONE]
        if "for" in done:
            return [*kind_words(), "nothing"] if done[-1] == "for" else [*kind_words(), "to"]
        if "to" in done:
            return ["for"]
        return [*[w for w in _card_words(ctx) if w not in done], "to", "for"]


def _read_want(words: Words) -> tuple[int, ...]:
    if words.accept("nothing"):
        return ()
    want = words.kinds(_("bean kinds, such as blue or 2 chili"), stop=("to",))
    if not want:
        raise words.error(_("'for' needs bean kinds or 'nothing'"))
    return want


@dataclass(frozen=True, slots=True)
class AskCommand(OfferCommand):
    word = "ask"
    aliases = ()
    usage = ("ask [PLAYER|all] for KIND...",)
    summary = N_("Ask a player (or all) for beans without giving anything: an offer of nothing.")
    examples = ("ask bob for chili", "ask all for 2 blue")

    @classmethod
    def read(cls, words: Words) -> Command:
        to = None if words.peek() == "for" else _read_partner(words)
        words.expect("for")
        want = _read_want(words)
        words.end()
        return cls((), to, want)

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return [*player_words(ctx), EVERYONE, "for"]
        if "for" in done:
            return kind_words()
        return ["for"]


@dataclass(frozen=True, slots=True)
class DonateCommand(OfferCommand):
    word = "donate"
    aliases = ("give",)
    usage = ("donate CARD... [to PLAYER]",)
    summary = N_("Give cards away for nothing; the receiver must accept (R-BASE-8).")
    examples = ("donate h2 to bob", "donate f1 f2 to cy")

    @classmethod
    def read(cls, words: Words) -> Command:
        give = words.cards(_("cards to give, such as h2 or f1"), stop=("to",))
        if not give:
            raise words.error(_("'donate' needs the cards to give"))
        to = _read_partner(words) if words.accept("to") else None
        words.end()
        return cls(give, to, ())

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if done and done[-1] == "to":
            return player_words(ctx)
        if "to" in done:
            return []
        return [*[w for w in _card_words(ctx) if w not in done], "to"]


@dataclass(frozen=True, slots=True)
class AcceptCommand(Command):
    offer: int
    give: tuple[CardSpec, ...] | None = None

    word = "accept"
    aliases = ("yes",)
    usage = ("accept OFFER [with CARD...]",)
    summary = N_(
        "Accept an offer, giving the beans it asks for; name the cards when you have more than it needs."
    )
    examples = ("accept 3", "accept 3 with h1 h5", "accept 2 with blue")

    @classmethod
    def read(cls, words: Words) -> Command:
        offer = words.number(_("the offer's number"))
        give: tuple[CardSpec, ...] | None = None
        if words.accept("with"):
            give = words.cards(_("the cards to give, such as h1"))
        words.end()
        return cls(offer, give)

    def actions(self, ctx: Context) -> list[Action]:
        if self.give is not None:
            cards = ctx.cards(self.give, ctx.sources(), _("to give"))
        else:
            cards = self._wanted_cards(ctx)
        return [a.Accept(ctx.player, self.offer, cards)]

    def _wanted_cards(self, ctx: Context) -> tuple[int, ...]:
        """The cards the offer asks for, when the player's cards leave no choice.

        Too few are passed on as they are: the engine says what is missing.
        """
        o = ctx.state.offer(self.offer)
        if o is None:
            return ()
        chosen: list[int] = []
        for kind, count in Counter(o.want).items():
            found = [(label, c) for label, c in ctx.sources() if KIND_OF[c] == kind]
            if len(found) > count:
                raise CommandError(
                    _(
                        "offer {id} asks for {n} {bean}; you have {bean} at {refs}: say which, e.g. accept {id} with {first}"
                    ).format(
                        id=o.id,
                        n=count,
                        bean=bean_name(kind),
                        refs=or_list(label for label, _c in found),
                        first=" ".join(label for label, _c in found[:count]),
                    )
                )
            chosen += [c for _label, c in found]
        return tuple(chosen)

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return _offer_ids(ctx, addressed=True)
        if len(done) == 1:
            return ["with"]
        return [w for w in [*hand_words(ctx), *kontor_words(ctx)] if w not in done]


def _offer_ids(ctx: Context, addressed: bool = False, own: bool = False) -> list[str]:
    n = len(ctx.state.players)
    out = []
    for o in ctx.state.offers:
        if addressed and (ctx.player not in o.addressees(n) or ctx.player in o.answers):
            continue
        if own and o.proposer != ctx.player:
            continue
        out.append(str(o.id))
    return out


@dataclass(frozen=True, slots=True)
class _OfferNumberCommand(Command):
    """A command that names one offer by its number, and nothing else."""

    offer: int

    @classmethod
    def read(cls, words: Words) -> Command:
        offer = words.number(_("the offer's number"))
        words.end()
        return cls(offer)


@dataclass(frozen=True, slots=True)
class DeclineCommand(_OfferNumberCommand):
    word = "decline"
    aliases = ("no", "reject")
    usage = ("decline OFFER",)
    summary = N_("Decline an offer made to you.")
    examples = ("decline 3",)

    def actions(self, ctx: Context) -> list[Action]:
        return [a.Decline(ctx.player, self.offer)]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return _offer_ids(ctx, addressed=True) if not done else []


@dataclass(frozen=True, slots=True)
class WithdrawCommand(_OfferNumberCommand):
    word = "withdraw"
    aliases = ("cancel",)
    usage = ("withdraw OFFER",)
    summary = N_("Take back an offer you made.")
    examples = ("withdraw 3",)

    def actions(self, ctx: Context) -> list[Action]:
        return [a.Withdraw(ctx.player, self.offer)]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return _offer_ids(ctx, own=True) if not done else []


@dataclass(frozen=True, slots=True)
class ConfirmCommand(Command):
    offer: int
    partner: str | None = None

    word = "confirm"
    usage = ("confirm OFFER [PLAYER]",)
    summary = N_("Close your offer to all with one of the players who accepted it.")
    examples = ("confirm 3 bob", "confirm 3")

    @classmethod
    def read(cls, words: Words) -> Command:
        offer = words.number(_("the offer's number"))
        partner = words.pop(_("a player")) if words.more() else None
        words.end()
        return cls(offer, partner)

    def actions(self, ctx: Context) -> list[Action]:
        if self.partner is not None:
            return [a.Confirm(ctx.player, self.offer, ctx.seat(self.partner))]
        o = ctx.state.offer(self.offer)
        if o is None:
            raise CommandError(_("there is no open offer {id}").format(id=self.offer))
        answered = sorted(o.answers)
        if len(answered) != 1:
            if not answered:
                raise CommandError(_("nobody has accepted offer {id} yet").format(id=o.id))
            raise CommandError(
                _("{names} accepted offer {id}: say whom you trade with").format(
                    names=or_list(ctx.state.players[p].name for p in answered), id=o.id
                )
            )
        return [a.Confirm(ctx.player, self.offer, answered[0])]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return _offer_ids(ctx, own=True)
        if len(done) == 1 and is_number(done[0]) and len(done[0]) <= MAX_NUMBER_DIGITS:
            o = ctx.state.offer(int(done[0]))
            return [ctx.state.players[p].name for p in sorted(o.answers)] if o else []
        return []


COMMANDS: tuple[type[Command], ...] = (
    OfferCommand,
    AskCommand,
    DonateCommand,
    AcceptCommand,
    DeclineCommand,
    ConfirmCommand,
    WithdrawCommand,
)
