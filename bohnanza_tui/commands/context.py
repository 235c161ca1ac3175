"""What the words of a command point to in a position: seats, islands, places, cards, ships.

Resolution only names things; whether the move is allowed is the engine's
question (``engine.check``), so no rule is checked twice. A ``CommandError``
here means the words point at nothing ("your hand has 4 cards; there is no
h7") or could mean several things.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..i18n import _
from ..rules.data import setup_for
from ..rules.params import bean_name
from ..rules.state import KIND_OF, GameState, Holding, Player
from .lexicon import (
    CardRef,
    CardSpec,
    CommandError,
    PlaceRef,
    ShipRef,
    closest,
    is_home,
    is_number,
    or_list,
    to_number,
)

#: the word that addresses every other player in an offer
EVERYONE = "all"


@dataclass(frozen=True, slots=True)
class Context:
    """A position and the player whose command is being resolved."""

    state: GameState
    player: int

    @property
    def me(self) -> Player:
        return self.state.players[self.player]

    @property
    def active(self) -> bool:
        return self.player == self.state.active

    # -- players and islands ------------------------------------------------------

    def seat(self, word: str) -> int:
        """A player by name (case-insensitive, unambiguous prefix) or by seat number."""
        players = self.state.players
        key = word.casefold()
        exact = [p for p, pl in enumerate(players) if pl.name.casefold() == key]
        if exact:
            return exact[0]
        if is_number(key):
            seat = to_number(key)
            if 1 <= seat <= len(players):
                return seat - 1
            raise CommandError(
                _("there is no seat {seat}: the seats are 1 to {n}").format(
                    seat=seat, n=len(players)
                )
            )
        found = [p for p, pl in enumerate(players) if pl.name.casefold().startswith(key)]
        if len(found) == 1:
            return found[0]
        names = [players[p].name for p in found]
        if names:
            raise CommandError(
                _("'{word}' could be {names}").format(word=word, names=or_list(names))
            )
        raise CommandError(
            _("there is no player '{word}'; the players are {names}").format(
                word=word, names=", ".join(pl.name for pl in players)
            )
        )

    def island(self, word: str | None) -> int:
        """An island by name; ``home`` (or None) is the acting player's home."""
        if word is None or is_home(word):
            return self.player
        n = len(self.state.players)
        names = {isl.name.casefold(): i for i, isl in enumerate(self.state.islands) if i >= n}
        key = word.casefold()
        if key in names:
            return names[key]
        if not names:
            raise CommandError(_("there are no colony islands in classic Bohnanza"))
        near = closest(key, names)
        listed = ", ".join(self.state.islands[i].name for i in names.values())
        if near:
            raise CommandError(
                _(
                    "there is no island '{word}'; did you mean {near}? The islands are {islands}"
                ).format(word=word, near=self.state.islands[names[near]].name, islands=listed)
            )
        raise CommandError(
            _("there is no island '{word}'; the islands are home, {islands}").format(
                word=word, islands=listed
            )
        )

    def island_name(self, island: int) -> str:
        return "home" if island == self.player else self.state.islands[island].name

    def kontor_label(self, island: int) -> str:
        if island == self.player:
            return _("your home Kontor")
        return _("your Kontor on {island}").format(island=self.state.islands[island].name)

    def place(self, ref: PlaceRef) -> tuple[int, int]:
        return self.island(ref.island), ref.slot

    # -- cards ----------------------------------------------------------------------

    def holding(self, island: int, owner: int | None = None) -> Holding:
        owner = self.player if owner is None else owner
        h = self.state.players[owner].holding(island)
        if h is None:
            name = self.state.islands[island].name
            if owner == self.player:
                raise CommandError(_("you have no harbor on {island}").format(island=name))
            raise CommandError(
                _("{name} has no harbor on {island}").format(
                    name=self.state.players[owner].name, island=name
                )
            )
        return h

    def card(self, ref: CardRef, owner: int | None = None) -> int:
        """The card a reference names; Kontor references belong to ``owner`` (default: me)."""
        if ref.area == "#":
            if not 0 <= ref.number < len(KIND_OF):
                raise CommandError(_("there is no card #{id}").format(id=ref.number))
            return ref.number
        if ref.area == "h":
            return _nth(
                self.me.hand,
                ref.number,
                _("your hand has {n} cards; there is no {ref}"),
                ref,
            )
        if ref.area == "f":
            return _nth(
                table_row(self.state),
                ref.number,
                _("{n} cards are face up; there is no {ref}"),
                ref,
            )
        owner = self.player if owner is None else owner
        h = self.holding(self.island_of(ref.island, owner), owner)
        return _nth(h.kontor, ref.number, _("that Kontor holds {n} beans; there is no {ref}"), ref)

    def island_of(self, word: str | None, owner: int) -> int:
        """An island named about ``owner``'s things: ``home`` is *their* home."""
        if word is None or is_home(word):
            return owner
        return self.island(word)

    def sources(self, kontors: bool = True, face_up: bool = False) -> list[tuple[str, int]]:
        """Cards the player can hand over, labelled by reference, in the order searched."""
        out = [(f"h{i + 1}", c) for i, c in enumerate(self.me.hand)]
        if face_up:
            out += [(f"f{i + 1}", c) for i, c in enumerate(self.state.face_up)]
        if kontors:
            out += kontor_sources(self.state, self.player, self.player)
        return out

    def cards(
        self, specs: Sequence[CardSpec], sources: list[tuple[str, int]], what: str
    ) -> tuple[int, ...]:
        """Cards named by reference or by kind; a kind must leave no doubt which card it means."""
        chosen = [self.card(s) for s in specs if isinstance(s, CardRef)]
        wanted: dict[int, int] = {}
        for s in specs:
            if not isinstance(s, CardRef):
                wanted[s] = wanted.get(s, 0) + 1
        for kind, count in wanted.items():
            found = [(label, c) for label, c in sources if KIND_OF[c] == kind and c not in chosen]
            if not found:
                raise CommandError(
                    _("you have no {bean} bean {what}").format(bean=bean_name(kind), what=what)
                )
            if len(found) > count:
                raise CommandError(
                    _("you have {bean} at {refs}: say which, by position").format(
                        bean=bean_name(kind), refs=or_list(label for label, _c in found)
                    )
                )
            chosen += [c for _label, c in found]
        return tuple(chosen)

    # -- ships and the pirate store ---------------------------------------------------

    def ship(self, ref: ShipRef, owner: int | None = None) -> int:
        """A ship by its number among its owner's ships (``#i``: the engine's index)."""
        owner = self.player if owner is None else owner
        if ref.raw:
            if not 0 <= ref.number < len(self.state.ships):
                raise CommandError(_("there is no ship #{i}").format(i=ref.number))
            return ref.number
        ships = self.state.ships_of(owner)
        if not 1 <= ref.number <= len(ships):
            if owner == self.player:
                message = _("you have {n} ships; there is no ship {ship}")
            else:
                message = _("{name} has {n} ships; there is no ship {ship}")
            raise CommandError(
                message.format(n=len(ships), ship=ref.number, name=self.state.players[owner].name)
            )
        return ships[ref.number - 1]

    def pay(self, kinds: tuple[int, ...] | None, need: int | None) -> tuple[int, ...]:
        """Pirate-store beans: the named kinds, or the first ``need`` of the store."""
        store = self.me.store
        if kinds is None:
            return tuple(store[: need or 0])
        out: list[int] = []
        for kind in kinds:
            found = [c for c in store if KIND_OF[c] == kind and c not in out]
            if not found:
                raise CommandError(
                    _("your pirate store holds no {bean} bean").format(bean=bean_name(kind))
                )
            out.append(found[0])
        return tuple(out)

    def pirate_price(self, raid: bool) -> int | None:
        s = setup_for(self.state.mode.value, len(self.state.players))
        return s.raid_beans if raid else s.pirate_ship_beans


def kontor_sources(state: GameState, owner: int, me: int) -> list[tuple[str, int]]:
    """Kontor beans of ``owner`` labelled as ``me`` would name them (k1, A1.k1)."""
    out: list[tuple[str, int]] = []
    for h in state.players[owner].holdings:
        prefix = (
            "" if h.island == owner and owner == me else f"{_island_word(state, h.island, owner)}."
        )
        out += [(f"{prefix}k{i + 1}", c) for i, c in enumerate(h.kontor)]
    return out


def _island_word(state: GameState, island: int, owner: int) -> str:
    return "home" if island == owner else state.islands[island].name


def _nth(cards: list[int], number: int, message: str, ref: CardRef) -> int:
    if not 1 <= number <= len(cards):
        raise CommandError(message.format(n=len(cards), ref=ref))
    return cards[number - 1]


def kinds_of(cards: Sequence[int]) -> list[int]:
    """The kinds among ``cards``, in order of first appearance."""
    out: list[int] = []
    for c in cards:
        if KIND_OF[c] not in out:
            out.append(KIND_OF[c])
    return out


def kind_list(kinds: Sequence[int]) -> str:
    return ", ".join(bean_name(k) for k in kinds)


__all__ = ["EVERYONE", "Context", "kind_list", "kinds_of", "kontor_sources"]


def table_row(state: GameState) -> list[int]:
    """The face-up cards on the table, ``f1``, ``f2``...: the turned-up ones, or in
    the Bean Duel's step 1 the ones on offer (R-DUEL-4; never both at once)."""
    return state.face_up or state.offered
