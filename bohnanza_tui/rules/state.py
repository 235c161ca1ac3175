"""The game state: plain, JSON-serialisable data and nothing else.

Every card of the box has an id (0..153) and a kind (``KIND_OF[card]``); the
state stores ids, so "every card is in exactly one place" can be checked by
collecting them. Rules live in ``engine``; this module only describes where
things are and how to copy them quickly (bots copy states thousands of times).

Conventions:
- a pile's top is the end of its list (``deck.pop()`` draws, ``coins[-1]``
  is the newest coin);
- a hand's front is ``hand[0]`` (R-BASE-3);
- a *place* is ``(island, slot)``: ``slot >= 0`` is a field of the player's
  holding on that island, ``slot == KONTOR`` its Kontor;
- island ``p`` is the home island of player ``p``; colony islands follow.
- in a player's view (``views.view``) a card the player may not see is
  ``HIDDEN``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .data import CARD_COUNTS, KINDS, setup_for
from .enums import IslandType as IslandType
from .enums import Mode as Mode
from .enums import Phase as Phase

HIDDEN: Final = -1
KONTOR: Final = -1

#: kind of every card id, in the order of the section-1 table
KIND_OF: Final[tuple[int, ...]] = tuple(k for k, n in enumerate(CARD_COUNTS) for _ in range(n))
#: the card ids of each kind
CARDS_OF_KIND: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c, k in enumerate(KIND_OF) if k == kind) for kind in range(len(KINDS))
)


# Module-level names for the members, declared Final: in Python 3.11
# ``Phase.PLANT`` costs a slow class-attribute lookup, and a compiled build
# (mypyc) reads a Final name without a dictionary lookup. The engine compares
# phases on every action.
CLASSIC: Final = Mode.CLASSIC
VOYAGE: Final = Mode.VOYAGE
CHOOSE_ISLAND: Final = Phase.CHOOSE_ISLAND
PLANT: Final = Phase.PLANT
TRADE: Final = Phase.TRADE
PLANT_TRADED: Final = Phase.PLANT_TRADED
GAME_OVER: Final = Phase.GAME_OVER
HOME: Final = IslandType.HOME
TYPE_A: Final = IslandType.A
TYPE_B: Final = IslandType.B
TYPE_C: Final = IslandType.C

#: the rotation cycle of R-VOY-13
ROTATION: Final[tuple[IslandType, ...]] = (HOME, TYPE_A, TYPE_B, TYPE_C)


@dataclass(slots=True)
class Holding:
    """What one player has on one island: fields, a Kontor, a harbor."""

    island: int
    fields: list[list[int]]
    kontor: list[int] = field(default_factory=list)
    kontor_cap: int = 0

    def copy(self) -> Holding:
        return Holding(self.island, [f[:] for f in self.fields], self.kontor[:], self.kontor_cap)


@dataclass(slots=True)
class Player:
    name: str
    hand: list[int] = field(default_factory=list)
    #: coin stack, newest on top (R-BASE-14)
    coins: list[int] = field(default_factory=list)
    #: holdings[0] is the home island; colony holdings follow in order of purchase
    holdings: list[Holding] = field(default_factory=list)
    #: face-up cards kept in phase 2, to plant in phase 3 on the turn's island
    kept: list[int] = field(default_factory=list)
    #: cards received by trade or donation, to plant in phase 3 anywhere (R-BASE-9)
    received: list[int] = field(default_factory=list)
    #: pirate store, at most one bean per kind (R-VOY-14)
    store: list[int] = field(default_factory=list)
    pirate_ship: bool = False
    #: type of the island this player planted on last turn (R-VOY-13)
    last_type: IslandType = IslandType.HOME

    def copy(self) -> Player:
        return Player(
            self.name,
            self.hand[:],
            self.coins[:],
            [h.copy() for h in self.holdings],
            self.kept[:],
            self.received[:],
            self.store[:],
            self.pirate_ship,
            self.last_type,
        )

    def holding(self, island: int) -> Holding | None:
        for h in self.holdings:
            if h.island == island:
                return h
        return None


@dataclass(slots=True)
class Island:
    name: str
    type: IslandType
    #: owner of each harbor (None: unowned); a home island has one, its owner's
    harbors: list[int | None]

    def copy(self) -> Island:
        return Island(self.name, self.type, self.harbors[:])


@dataclass(slots=True)
class Ship:
    owner: int
    island: int
    cargo: list[int] = field(default_factory=list)
    sailed: bool = False

    def copy(self) -> Ship:
        return Ship(self.owner, self.island, self.cargo[:], self.sailed)


@dataclass(slots=True)
class Offer:
    """An open trade offer (R-BASE-8).

    ``give`` are concrete cards of the proposer (hand, face-up, Kontor);
    ``want`` are bean kinds the proposer asks for (empty: a donation).
    ``to`` is one player or ``None`` for every other player; only the active
    player may address everyone, and answers to such an offer wait in
    ``answers`` until the active player confirms one.
    """

    id: int
    proposer: int
    to: int | None
    give: list[int]
    want: list[int]
    answers: dict[int, list[int]] = field(default_factory=dict)
    declined: list[int] = field(default_factory=list)

    def copy(self) -> Offer:
        return Offer(
            self.id,
            self.proposer,
            self.to,
            self.give[:],
            self.want[:],
            {p: c[:] for p, c in self.answers.items()},
            self.declined[:],
        )

    def addressees(self, players: int) -> list[int]:
        if self.to is not None:
            return [self.to]
        return [p for p in range(players) if p != self.proposer]

    def addresses(self, player: int, players: int) -> bool:
        """Is ``player`` one of ``addressees(players)``?"""
        if self.to is not None:
            return player == self.to
        return player != self.proposer and 0 <= player < players


@dataclass(slots=True)
class GameState:
    mode: Mode
    seed: int
    players: list[Player]
    islands: list[Island]
    ships: list[Ship] = field(default_factory=list)
    #: draw pile, top at the end
    deck: list[int] = field(default_factory=list)
    #: discard pile, top at the end
    discard: list[int] = field(default_factory=list)
    face_up: list[int] = field(default_factory=list)
    offers: list[Offer] = field(default_factory=list)
    next_offer: int = 1
    #: how many times the deck was shuffled (the next shuffle's random stream)
    shuffles: int = 0
    active: int = 0
    phase: Phase = Phase.PLANT
    turn: int = 1
    #: cards planted from the hand in this phase 1
    planted: int = 0
    #: island where this turn's phase-1 beans and kept face-up cards go
    turn_island: int = 0
    exhaustions: int = 0
    #: Bean Duel: the cards the last player left on offer, for the active player
    #: to plant or discard first (R-DUEL-4 step 1); public (D-12)
    offered: list[int] = field(default_factory=list)
    #: Bean Duel: the active player has discarded this turn's hand card (R-DUEL-4 step 2)
    discarded: bool = False

    def copy(self) -> GameState:
        return GameState(
            self.mode,
            self.seed,
            [p.copy() for p in self.players],
            [i.copy() for i in self.islands],
            [s.copy() for s in self.ships],
            self.deck[:],
            self.discard[:],
            self.face_up[:],
            [o.copy() for o in self.offers],
            self.next_offer,
            self.shuffles,
            self.active,
            self.phase,
            self.turn,
            self.planted,
            self.turn_island,
            self.exhaustions,
            self.offered[:],
            self.discarded,
        )

    # -- where things are -------------------------------------------------

    def all_cards(self) -> list[int]:
        """Every card id in the game, wherever it lies (a card in two places shows twice)."""
        out = [*self.deck, *self.discard, *self.face_up, *self.offered]
        for p in self.players:
            out += p.hand
            out += p.coins
            out += p.kept
            out += p.received
            out += p.store
            for h in p.holdings:
                out += h.kontor
                for f in h.fields:
                    out += f
        for s in self.ships:
            out += s.cargo
        return out

    def offer(self, offer_id: int) -> Offer | None:
        for o in self.offers:
            if o.id == offer_id:
                return o
        return None

    def ships_of(self, player: int) -> list[int]:
        return [i for i, s in enumerate(self.ships) if s.owner == player]

    def colony_fields(self, player: int) -> int:
        return sum(len(h.fields) for h in self.players[player].holdings[1:])

    def rotation_applies(self, player: int) -> bool:
        """R-VOY-12: two or more fields on colony islands."""
        return self.colony_fields(player) >= 2

    @property
    def over(self) -> bool:
        return self.phase is GAME_OVER

    @property
    def ending(self) -> bool:
        """The final exhaustion came in phase 2: phases 2 and 3 finish, then the game ends
        (R-BASE-17, D-11). Derived: in phase 4 it ends the game at once."""
        limit = setup_for(self.mode.value, len(self.players)).exhaustion_limit
        return self.phase is not GAME_OVER and self.exhaustions >= limit
