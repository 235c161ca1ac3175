"""Bohn Voyage commands: sail, load, unload, store, move, raid."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _
from ..rules import actions as a
from ..rules.actions import Action
from ..rules.params import bean_name
from ..rules.state import KIND_OF, KONTOR
from .base import (
    Command,
    island_words,
    kind_words,
    kontor_words,
    place_words,
    player_words,
    ship_words,
)
from .context import Context, kind_list, kinds_of
from .lexicon import (
    CardRef,
    CommandError,
    PlaceRef,
    ShipRef,
    Words,
    card_token,
    is_number,
    island_token,
    kind_token,
    place_token,
)


def _owned_harbors(ctx: Context) -> list[str]:
    return [ctx.island_name(h.island) for h in ctx.me.holdings]


@dataclass(frozen=True, slots=True)
class SailCommand(Command):
    ships: tuple[ShipRef, ...]
    island: str

    word = "sail"
    usage = ("sail SHIP [SHIP] to ISLAND",)
    summary = N_(
        "Sail your ship (or both together, to break a blockade) to another of your harbors."
    )
    examples = ("sail 1 to A1", "sail 1 2 to B1", "sail 2 to home")

    @classmethod
    def read(cls, words: Words) -> Command:
        ships = [words.ship(_("a ship number, such as 1"))]
        while words.more() and words.peek() != "to":
            ships.append(words.ship(_("a ship number")))
        words.expect("to")
        island = words.island(_("an island"))
        words.end()
        return cls(tuple(ships), island)

    def actions(self, ctx: Context) -> list[Action]:
        ships = tuple(ctx.ship(s) for s in self.ships)
        return [a.Sail(ctx.player, ships, ctx.island(self.island))]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if "to" in done:
            return _owned_harbors(ctx) if done[-1] == "to" else []
        return [*[w for w in ship_words(ctx) if w not in done], *(["to"] if done else [])]


def _read_kontor_cards(words: Words) -> tuple[CardRef, ...]:
    cards: list[CardRef] = []
    while words.more():
        word = words.pop(_("a Kontor bean"))
        card = card_token(word)
        if card is None:
            raise words.error(
                _("'{word}' is not a Kontor bean (use k1 or A1.k1)").format(word=word)
            )
        cards.append(card)
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class LoadCommand(Command):
    ship: ShipRef
    kind: int | None = None
    count: int | None = None
    cards: tuple[CardRef, ...] = ()

    word = "load"
    usage = ("load SHIP [KIND] [COUNT]", "load SHIP KONTOR-BEAN...")
    summary = N_(
        "Load beans from the Kontor of the island where the ship lies; all of that kind unless you give a count."
    )
    examples = ("load 1 chili 2", "load 1", "load 2 A1.k1")

    @classmethod
    def read(cls, words: Words) -> Command:
        ship = words.ship(_("a ship number, such as 1"))
        word = words.peek()
        if word is not None and card_token(word) is not None:
            return cls(ship, cards=_read_kontor_cards(words))
        kind = words.kind(_("a bean kind")) if word is not None and not is_number(word) else None
        count = words.number(_("how many beans")) if words.more() else None
        words.end()
        return cls(ship, kind, count)

    def actions(self, ctx: Context) -> list[Action]:
        ship = ctx.ship(self.ship)
        if self.cards:
            return [a.Load(ctx.player, ship, tuple(ctx.card(c) for c in self.cards))]
        s = ctx.state.ships[ship]
        h = ctx.holding(s.island)
        kind = self.kind
        if kind is None:
            kinds = kinds_of(s.cargo) or kinds_of(h.kontor)
            if not kinds:
                raise CommandError(_("the Kontor where that ship lies is empty"))
            if len(kinds) > 1:
                raise CommandError(
                    _("the Kontor holds {kinds}: say which kind to load").format(
                        kinds=kind_list(kinds)
                    )
                )
            kind = kinds[0]
        beans = [c for c in h.kontor if KIND_OF[c] == kind]
        count = len(beans) if self.count is None else self.count
        if not beans or count > len(beans):
            raise CommandError(
                _("the Kontor where that ship lies holds {n} {bean} beans").format(
                    n=len(beans), bean=bean_name(kind)
                )
            )
        return [a.Load(ctx.player, ship, tuple(beans[:count]))]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return ship_words(ctx)
        if len(done) == 1:
            return [*kind_words(kinds_of([c for h in ctx.me.holdings for c in h.kontor]))]
        return []


@dataclass(frozen=True, slots=True)
class UnloadCommand(Command):
    ship: ShipRef
    count: int | None = None

    word = "unload"
    usage = ("unload SHIP [COUNT]",)
    summary = N_("Unload beans into the Kontor of the island where the ship lies (all by default).")
    examples = ("unload 1", "unload 1 2")

    @classmethod
    def read(cls, words: Words) -> Command:
        ship = words.ship(_("a ship number, such as 1"))
        count = words.number(_("how many beans")) if words.more() else None
        words.end()
        return cls(ship, count)

    def actions(self, ctx: Context) -> list[Action]:
        ship = ctx.ship(self.ship)
        count = len(ctx.state.ships[ship].cargo) if self.count is None else self.count
        return [a.Unload(ctx.player, ship, count)]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        return ship_words(ctx) if not done else []


@dataclass(frozen=True, slots=True)
class StoreCommand(Command):
    kind: int | None = None
    card: CardRef | None = None
    ship: ShipRef | None = None

    word = "store"
    usage = ("store KIND", "store KONTOR-BEAN", "store ship SHIP")
    summary = N_(
        "Put a bean into your pirate store, from the home Kontor or a ship docked at home (R-VOY-14)."
    )
    examples = ("store chili", "store k2", "store ship 1")

    @classmethod
    def read(cls, words: Words) -> Command:
        if words.accept("ship"):
            ship = words.ship(_("a ship number"))
            words.end()
            return cls(ship=ship)
        word = words.pop(_("a bean kind, a Kontor bean such as k1, or 'ship 1'"))
        card = card_token(word)
        kind = None if card is not None else kind_token(word)
        if card is None and kind is None:
            raise words.error(_("'{word}' is not a bean kind or a Kontor bean").format(word=word))
        words.end()
        return cls(kind, card)

    def actions(self, ctx: Context) -> list[Action]:
        return [a.ToStore(ctx.player, self._card(ctx))]

    def _card(self, ctx: Context) -> int:
        if self.card is not None:
            return ctx.card(self.card)
        if self.ship is not None:
            cargo = ctx.state.ships[ctx.ship(self.ship)].cargo
            if not cargo:
                raise CommandError(_("ship {ship} is empty").format(ship=self.ship))
            return cargo[0]
        assert self.kind is not None
        home = [*ctx.me.holdings[0].kontor]
        for i in ctx.state.ships_of(ctx.player):
            if ctx.state.ships[i].island == ctx.player:
                home += ctx.state.ships[i].cargo
        for c in home:
            if KIND_OF[c] == self.kind:
                return c
        raise CommandError(
            _("there is no {bean} bean in your home Kontor or in a ship at home").format(
                bean=bean_name(self.kind)
            )
        )

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return [*kind_words(kinds_of(ctx.me.holdings[0].kontor)), "ship"]
        return ship_words(ctx) if done == ["ship"] else []


@dataclass(frozen=True, slots=True)
class MoveCommand(Command):
    target: PlaceRef
    kind: int | None = None
    kontor: PlaceRef | None = None
    card: CardRef | None = None

    word = "move"
    usage = ("move [KIND] [KONTOR] to FIELD",)
    summary = N_("Move a bean from a Kontor onto a field of the same island (R-VOY-7).")
    examples = ("move chili k to 1", "move A1.k to A1.1", "move blue to A2.2")

    @classmethod
    def read(cls, words: Words) -> Command:
        kind = kontor = card = None
        while words.more() and words.peek() != "to":
            word = words.pop(_("a bean or a Kontor"))
            place = place_token(word)
            if place is not None and place.slot == KONTOR:
                kontor = place
            elif (ref := card_token(word)) is not None:
                card = ref
            elif (found := kind_token(word)) is not None:
                kind = found
            else:
                raise words.error(
                    _("'{word}' is not a bean kind or a Kontor (use k, A1.k or k2)").format(
                        word=word
                    )
                )
        words.expect("to")
        target = words.place(_("a field, such as 1 or A1.1"))
        words.end()
        return cls(target, kind, kontor, card)

    def actions(self, ctx: Context) -> list[Action]:
        island, slot = ctx.place(self.target)
        card = self._card(ctx, island)
        for h in ctx.me.holdings:
            if card in h.kontor and h.island != island:
                raise CommandError(
                    _(
                        "that bean lies in {kontor}; it moves only onto a field of the same island (R-VOY-7)"
                    ).format(kontor=ctx.kontor_label(h.island))
                )
        return [a.KontorToField(ctx.player, card, slot)]

    def _card(self, ctx: Context, target_island: int) -> int:
        if self.card is not None:
            return ctx.card(self.card)
        island = ctx.place(self.kontor)[0] if self.kontor is not None else target_island
        kontor = ctx.holding(island).kontor
        beans = [c for c in kontor if self.kind is None or KIND_OF[c] == self.kind]
        where = ctx.kontor_label(island)
        if not beans:
            if self.kind is None:
                raise CommandError(_("{kontor} is empty").format(kontor=where))
            raise CommandError(
                _("{kontor} holds no {bean} bean").format(kontor=where, bean=bean_name(self.kind))
            )
        if len(kinds_of(beans)) > 1:
            raise CommandError(
                _("{kontor} holds {kinds}: say which").format(
                    kontor=where, kinds=kind_list(kinds_of(beans))
                )
            )
        return beans[0]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if done and done[-1] == "to":
            return place_words(ctx, fields_only=True)
        if "to" in done:
            return []
        kontor_beans = [c for h in ctx.me.holdings for c in h.kontor]
        kontors = [f"{ctx.island_name(h.island)}.k" for h in ctx.me.holdings if h.kontor]
        return [*kind_words(kinds_of(kontor_beans)), *kontors, *kontor_words(ctx), "to"]


@dataclass(frozen=True, slots=True)
class RaidCommand(Command):
    victim: str
    ship: ShipRef | None = None
    island: str | None = None
    kind: int | None = None
    card: CardRef | None = None
    target: PlaceRef | None = None
    pay: tuple[int, ...] | None = None

    word = "raid"
    usage = (
        "raid PLAYER ship SHIP [pay KIND...]",
        "raid PLAYER [kontor] [ISLAND] [KIND] to PLACE [pay KIND...]",
    )
    summary = N_(
        "Send your pirate ship against another player's merchant ship or Kontor; pays 5 beans of your pirate store."
    )
    examples = (
        "raid bob ship 1",
        "raid bob kontor A1 chili to 2",
        "raid cy soy to k pay red soy blue wax coffee",
    )

    @classmethod
    def read(cls, words: Words) -> Command:
        victim = words.pop(_("the player to raid"))
        if words.accept("ship"):
            ship = words.ship(_("a ship number"))
            pay = _read_pay(words)
            words.end()
            return cls(victim, ship=ship, pay=pay)
        words.accept("kontor")
        island = kind = card = None
        while words.more() and words.peek() != "to":
            word = words.pop(_("a Kontor bean"))
            place = place_token(word)
            if place is not None and place.slot == KONTOR:
                island = place.island or "home"
            elif (ref := card_token(word)) is not None:
                card = ref
            elif (found := kind_token(word)) is not None:
                kind = found
            elif (name := island_token(word)) is not None:
                island = name
            else:
                raise words.error(_("'{word}' is not an island or a bean kind").format(word=word))
        words.expect("to")
        target = words.place(_("your field or Kontor for the bean, such as 2 or k"))
        pay = _read_pay(words)
        words.end()
        return cls(victim, None, island, kind, card, target, pay)

    def actions(self, ctx: Context) -> list[Action]:
        victim = ctx.seat(self.victim)
        pay = ctx.pay(self.pay, ctx.pirate_price(raid=True))
        if self.ship is not None:
            return [a.RaidShip(ctx.player, ctx.ship(self.ship, owner=victim), pay)]
        assert self.target is not None
        island, slot = ctx.place(self.target)
        card = self._loot(ctx, victim)
        return [a.RaidKontor(ctx.player, victim, card, island, slot, pay)]

    def _loot(self, ctx: Context, victim: int) -> int:
        if self.card is not None:
            return ctx.card(self.card, owner=victim)
        holdings = ctx.state.players[victim].holdings
        if self.island is not None:
            holdings = [ctx.holding(ctx.island_of(self.island, victim), victim)]
        beans = [c for h in holdings for c in h.kontor]
        name = ctx.state.players[victim].name
        if self.kind is not None:
            beans = [c for c in beans if KIND_OF[c] == self.kind]
            if not beans:
                raise CommandError(
                    _("{name}'s Kontors hold no {bean} bean there").format(
                        name=name, bean=bean_name(self.kind)
                    )
                )
        if not beans:
            raise CommandError(_("{name}'s Kontors are empty there").format(name=name))
        if len(kinds_of(beans)) > 1:
            raise CommandError(
                _("{name}'s Kontors hold {kinds}: say which bean to take").format(
                    name=name, kinds=kind_list(kinds_of(beans))
                )
            )
        return beans[0]

    @classmethod
    def complete(cls, ctx: Context, done: list[str]) -> list[str]:
        if not done:
            return player_words(ctx)
        if "pay" in done:
            return kind_words(kinds_of(ctx.me.store))
        if done[-1] == "to":
            return place_words(ctx)
        if "to" in done:
            return ["pay"]
        if len(done) == 1:
            return ["ship", "kontor", *island_words(ctx), "to"]
        if done[1] == "ship":
            try:
                victim = ctx.seat(done[0])
            except CommandError:
                return []
            return ship_words(ctx, victim) if len(done) == 2 else ["pay"]
        return [*kind_words(), "to"]


def _read_pay(words: Words) -> tuple[int, ...] | None:
    if words.accept("pay"):
        return words.kinds(_("beans of your pirate store"))
    return None


COMMANDS: tuple[type[Command], ...] = (
    SailCommand,
    LoadCommand,
    UnloadCommand,
    StoreCommand,
    MoveCommand,
    RaidCommand,
)
