"""Commands of the turn itself: island, plant, harvest, buy, keep, discard, end."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..i18n import N_, _
from ..rules import actions as a
from ..rules.actions import Action
from ..rules.data import setup_for
from ..rules.params import bean_name
from ..rules.state import KIND_OF, Phase
from .base import (
    Command,
    face_up_words,
    hand_words,
    island_words,
    kind_words,
    place_words,
)
from .context import Context, kind_list, kinds_of, table_row
from .lexicon import CardRef, CommandError, PlaceRef, Words, card_token, kind_token, place_token


@dataclass(frozen=True, slots=True)
class IslandCommand(Command):
    island: str

    word = "island"
    usage = ("island ISLAND",)
    summary = N_("Choose the island this turn's beans go to, when the rotation asks (R-VOY-13).")
    examples = ("island A2", "island home")

    @classmethod
    def read(cls, words: Words) -> Command:
        island = words.island(_("an island, such as A1"))
        words.end()
        return cls(island)

    def actions(self, ctx: Context) -> list[Action]:
        return [a.ChooseIsland(ctx.player, ctx.island(self.island))]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return island_words(ctx) if not done else []


Waiting = Literal["kept", "received"]


@dataclass(frozen=True, slots=True)
class PlantCommand(Command):
    place: PlaceRef
    kind: int | None = None
    card: CardRef | None = None
    source: Waiting | None = None

    word = "plant"
    usage = ("plant [kept|received] [KIND] PLACE",)
    summary = N_(
        "Plant a bean: in phase 1 the front card of your hand, in phase 3 a kept or received bean;"
        " with two players also a bean on offer to you or one you turned up."
    )
    examples = ("plant 2", "plant chili 1", "plant blue k", "plant received soy A1.1")

    @classmethod
    def read(cls, words: Words) -> Command:
        source: Waiting | None = None
        if words.accept("kept"):
            source = "kept"
        elif words.accept("received"):
            source = "received"
        kind = card = None
        if len(words.items) - words.pos >= 2:
            what = words.pop(_("a bean kind"))
            card = card_token(what)
            if card is None:
                kind = kind_token(what)
                if kind is None:
                    raise words.error(_("'{word}' is not a bean kind or a card").format(word=what))
        place = words.place(_("a field or Kontor, such as 2, k or A1.1"))
        words.end()
        return cls(place, kind, card, source)

    def actions(self, ctx: Context) -> list[Action]:
        island, slot = ctx.place(self.place)
        return [a.Plant(ctx.player, self._card(ctx, island), island, slot)]

    def _card(self, ctx: Context, island: int) -> int:
        if self.card is not None:
            return ctx.card(self.card)
        if self.source is None and on_the_table(ctx):
            return self._from_table(ctx)
        if self.source is not None or ctx.state.phase is Phase.PLANT_TRADED:
            return self._waiting(ctx, island)
        hand = ctx.me.hand
        if not hand:
            raise CommandError(_("your hand is empty; there is nothing to plant"))
        if self.kind is None:
            return hand[0]
        for c in hand:
            if KIND_OF[c] == self.kind:
                return c
        raise CommandError(
            _("there is no {bean} bean in your hand").format(bean=bean_name(self.kind))
        )

    def _from_table(self, ctx: Context) -> int:
        """A bean on offer (R-DUEL-4 step 1) or turned up (step 3)."""
        pool = table_row(ctx.state)
        if self.kind is None:
            kinds = kinds_of(pool)
            if len(kinds) > 1:
                raise CommandError(
                    _("beans of several kinds wait to be planted ({kinds}): name one").format(
                        kinds=kind_list(kinds)
                    )
                )
            return pool[0]
        for c in pool:
            if KIND_OF[c] == self.kind:
                return c
        raise CommandError(_("no {bean} bean is face up").format(bean=bean_name(self.kind)))

    def _waiting(self, ctx: Context, island: int) -> int:
        """A kept or received bean; kept ones first when planting on the turn's island."""
        me = ctx.me
        if self.source == "kept":
            pool = me.kept
        elif self.source == "received":
            pool = me.received
        elif island == ctx.state.turn_island:
            pool = me.kept + me.received
        else:
            pool = me.received + me.kept
        if not pool:
            raise CommandError(_("you have no beans waiting to be planted"))
        if self.kind is None:
            kinds = kinds_of(pool)
            if len(kinds) > 1:
                raise CommandError(
                    _("beans of several kinds wait to be planted ({kinds}): name one").format(
                        kinds=kind_list(kinds)
                    )
                )
            return pool[0]
        for c in pool:
            if KIND_OF[c] == self.kind:
                return c
        raise CommandError(
            _("you have no {bean} bean waiting to be planted").format(bean=bean_name(self.kind))
        )

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        places = place_words(ctx)
        if not done and on_the_table(ctx):
            return [*places, *kind_words(kinds_of(table_row(ctx.state)))]
        if not done:
            waiting = ctx.me.kept + ctx.me.received
            kinds = kind_words(kinds_of(waiting)) if waiting else []
            extra = ["kept", "received"] if ctx.me.kept and ctx.me.received else []
            return [*places, *kinds, *extra]
        if done[-1] in ("kept", "received"):
            return [*kind_words(kinds_of(ctx.me.kept + ctx.me.received)), *places]
        if place_token_or_none(done[-1]) is None:
            return places
        return []


def on_the_table(ctx: Context) -> bool:
    """Bean Duel: the beans to plant now lie on the table (R-DUEL-4 steps 1 and 3)."""
    state = ctx.state
    if state.offered:
        return True
    return state.phase is Phase.TRADE and setup_for(state.mode.value, len(state.players)).duel


def place_token_or_none(word: str) -> PlaceRef | None:
    try:
        return place_token(word)
    except CommandError:
        return None


@dataclass(frozen=True, slots=True)
class HarvestCommand(Command):
    place: PlaceRef

    word = "harvest"
    aliases = ("sell",)
    usage = ("harvest FIELD",)
    summary = N_("Harvest a field and sell its beans, at any time (R-BASE-11).")
    examples = ("harvest 2", "harvest A1.1")

    @classmethod
    def read(cls, words: Words) -> Command:
        place = words.place(_("a field, such as 2 or A1.1"))
        words.end()
        return cls(place)

    def actions(self, ctx: Context) -> list[Action]:
        island, slot = ctx.place(self.place)
        return [a.Harvest(ctx.player, island, slot)]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return place_words(ctx, fields_only=True, planted=True) if not done else []


BuyWhat = Literal["field", "harbor", "ship", "pirate"]


@dataclass(frozen=True, slots=True)
class BuyCommand(Command):
    what: BuyWhat
    island: str | None = None
    pay: tuple[int, ...] | None = None

    word = "buy"
    usage = ("buy field [ISLAND]", "buy harbor ISLAND", "buy ship", "buy pirate [pay KIND...]")
    summary = N_(
        "Buy a third field (or a second field on a colony island), a harbor, a second ship or the pirate ship."
    )
    examples = ("buy field", "buy field A1", "buy harbor B2", "buy ship", "buy pirate")

    @classmethod
    def read(cls, words: Words) -> Command:
        what = words.pop(_("what to buy: field, harbor, ship or pirate"))
        key = what.casefold()
        if key in ("field", "harbor", "harbour"):
            island = words.island(_("an island")) if key != "field" or words.more() else None
            words.end()
            return cls("field" if key == "field" else "harbor", island)
        if key == "ship":
            words.end()
            return cls("ship")
        if key in ("pirate", "pirates"):
            words.accept("ship")
            pay = words.kinds(_("beans of your pirate store")) if words.accept("pay") else None
            words.end()
            return cls("pirate", None, pay)
        raise words.error(
            _("you can buy a field, a harbor, a ship or the pirate ship, not '{word}'").format(
                word=what
            )
        )

    def actions(self, ctx: Context) -> list[Action]:
        p = ctx.player
        if self.what == "field":
            return [a.BuyField(p, ctx.island(self.island))]
        if self.what == "harbor":
            return [a.BuyHarbor(p, ctx.island(self.island))]
        if self.what == "ship":
            return [a.BuyShip(p)]
        return [a.BuyPirateShip(p, ctx.pay(self.pay, ctx.pirate_price(raid=False)))]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return ["field", "harbor", "ship", "pirate"]
        if len(done) == 1 and done[0] == "harbor":
            return island_words(ctx, colonies_only=True)
        if len(done) == 1 and done[0] == "field":
            return [ctx.island_name(h.island) for h in ctx.me.holdings[1:]]
        if done[0] == "pirate":
            if "pay" in done:
                return kind_words(kinds_of(ctx.me.store))
            return ["pay"]
        return []


@dataclass(frozen=True, slots=True)
class EndCommand(Command):
    word = "end"
    aliases = ("next", "done")
    usage = ("end",)
    summary = N_("End the current phase of your turn (phase 3 ends with drawing cards).")
    examples = ("end",)

    @classmethod
    def read(cls, words: Words) -> Command:
        words.end()
        return cls()

    def actions(self, ctx: Context) -> list[Action]:
        return [a.EndPhase(ctx.player)]


@dataclass(frozen=True, slots=True)
class KeepCommand(Command):
    cards: tuple[CardRef | int, ...] = ()

    word = "keep"
    usage = ("keep [f1|f2|KIND...]",)
    summary = N_("Keep face-up cards to plant them in phase 3; without a card, keep them all.")
    examples = ("keep f1", "keep chili", "keep")

    @classmethod
    def read(cls, words: Words) -> Command:
        return cls(words.cards(_("a face-up card, such as f1")))

    def actions(self, ctx: Context) -> list[Action]:
        face_up = ctx.state.face_up
        if not self.cards:
            if not face_up:
                raise CommandError(_("no cards are face up"))
            return [a.Keep(ctx.player, c) for c in face_up]
        chosen: list[int] = []
        for spec in self.cards:
            if isinstance(spec, CardRef):
                chosen.append(ctx.card(spec))
                continue
            found = [c for c in face_up if KIND_OF[c] == spec and c not in chosen]
            if not found:
                raise CommandError(_("no {bean} bean is face up").format(bean=bean_name(spec)))
            chosen.append(found[0])
        return [a.Keep(ctx.player, c) for c in chosen]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return [w for w in face_up_words(ctx) if w not in done]


@dataclass(frozen=True, slots=True)
class DiscardCommand(Command):
    card: CardRef | int

    word = "discard"
    usage = ("discard CARD|KIND",)
    summary = N_(
        "With two players: discard a bean on offer to you, or once a turn after phase 1"
        " a card from any place in your hand (R-DUEL-4)."
    )
    examples = ("discard h3", "discard f1", "discard chili")

    @classmethod
    def read(cls, words: Words) -> Command:
        what = words.pop(_("a card or a bean kind, such as h3, f1 or chili"))
        card: CardRef | int | None = card_token(what)
        if card is None:
            card = kind_token(what)
        if card is None:
            raise words.error(_("'{word}' is not a bean kind or a card").format(word=what))
        words.end()
        return cls(card)

    def actions(self, ctx: Context) -> list[Action]:
        if isinstance(self.card, CardRef):
            return [a.Discard(ctx.player, ctx.card(self.card))]
        pool = ctx.state.offered or ctx.me.hand
        for c in pool:
            if KIND_OF[c] == self.card:
                return [a.Discard(ctx.player, c)]
        bean = bean_name(self.card)
        if ctx.state.offered:
            raise CommandError(_("no {bean} bean is face up").format(bean=bean))
        raise CommandError(_("there is no {bean} bean in your hand").format(bean=bean))

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if done:
            return []
        if ctx.state.offered:
            return [*face_up_words(ctx), *kind_words(kinds_of(ctx.state.offered))]
        return [*hand_words(ctx), *kind_words(kinds_of(ctx.me.hand))]


COMMANDS: tuple[type[Command], ...] = (
    PlantCommand,
    HarvestCommand,
    EndCommand,
    KeepCommand,
    DiscardCommand,
    BuyCommand,
    IslandCommand,
)
