"""The one move list: what a player can do now, for the engine, the app, random play and the bots.

What the list holds (``engine.legal_actions`` is this list, checked):

- every legal action of ``player`` now, except new offers (``MakeOffer``),
  acceptances (``Accept``) and confirmations (``Confirm``): their card and kind
  choices are too many to list, and ``check`` judges any concrete one;
  ``Decline`` and ``Withdraw`` are listed;
- for interchangeable variants exactly one representative. Two actions are
  interchangeable when they differ only in which card of one kind they take
  from one pile, to the same place: the received beans, the kept beans, the
  face-up (turned-up) cards, the beans left on offer in the Bean Duel, one
  Kontor, one ship's cargo. So one ``Plant`` per kind, pile and place; one
  ``Keep`` per kind; one ``Load`` per ship, kind and number of beans; one
  ``RaidKontor`` per victim's Kontor, kind and own place; and one ``Discard``
  of a hand card per run of one kind (any card of the run leaves the same row);
- variants that are not interchangeable are all listed: every place a bean can
  go, every number of beans loaded or unloaded, each ship alone and both
  together, a kept and a received bean of one kind, beans of one kind in two
  different Kontors;
- a purchase paid from the pirate store (pirate ship, raid) is listed with one
  payment, the oldest store beans (``voyage.store_payment``); paying with other
  store beans is legal too, and ``check`` judges it like any other action.

How: each family of moves below enumerates *candidates*, pre-filtered with the
rule predicates the checks use (``field_takes``, ``protected``, the coins a
price needs, ...), so that nearly every candidate is legal; the final word is
always ``engine.check``. A test (tests/rules/test_moves.py) plays many random
games and checks, at every position, that every action ``check`` accepts among
a broad enumeration is listed or represented, and that everything listed passes.

``wide=True`` drops the pre-filters of a family, and the own-turn condition of
the Bohn Voyage families: every place, ship, island and Kontor bean of the
player (the pile a bean is planted from still as the phase has it). The app
lists those with the engine's verdict, so that a refused option shows its reason.

Candidates are *specs*, an action's class and then its arguments
(``spec[0](*spec[1:])`` builds it): cheaper to list than actions, and random
play builds only the one it picks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .actions import (
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    KontorToField,
    Load,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
    Withdraw,
)
from .common import field_takes, price, protected, setup
from .common import places as places  # re-exported: the rollouts choose among the same places
from .state import (
    CHOOSE_ISLAND,
    GAME_OVER,
    HOME,
    KIND_OF,
    PLANT,
    PLANT_TRADED,
    TRADE,
    TYPE_C,
    VOYAGE,
    GameState,
    Holding,
)
from .trading import awaiting
from .voyage import blockaded, in_store, rotation_due, store_payment

#: an action not yet built: its class, then its arguments
Spec = tuple[Any, ...]
Family = Callable[[GameState, int, list[Spec], bool, int | None], None]


def representatives(cards: list[int]) -> list[int]:
    """The first card of each kind in ``cards``: one for each group of interchangeable cards."""
    out: list[int] = []
    kinds: list[int] = []
    for c in cards:
        k = KIND_OF[c]
        if k not in kinds:
            kinds.append(k)
            out.append(c)
    return out


def _own_turn(state: GameState, player: int, wide: bool) -> bool:
    """D-4: the turn actions of Bohn Voyage, once the turn's island is chosen (``wide``: any time)."""
    if state.mode is not VOYAGE:
        return False
    return wide or (player == state.active and state.phase is not CHOOSE_ISLAND)


def _plant_pile(
    state: GameState, player: int, cards: list[int], island: int | None, out: list[Spec], wide: bool
) -> None:
    where = None if wide else island
    for c in cards:
        for i, s in places(state, player, c, where, wide):
            out.append((Plant, player, c, i, s))


# -- the families ------------------------------------------------------------------------


def _plant_from(
    state: GameState,
    player: int,
    pile: list[int],
    island: int | None,
    out: list[Spec],
    wide: bool,
    card: int | None,
) -> None:
    """Plantings from ``pile``: one card of each kind, or ``card`` alone if given."""
    if card is None:
        _plant_pile(state, player, representatives(pile), island, out, wide)
    elif card in pile:
        _plant_pile(state, player, [card], island, out, wide)


def plant(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-6, R-BASE-9: the hand's front card in phase 1; kept and received beans in phase 3.

    The Bean Duel (R-DUEL-4): first the beans left on offer, then the hand's
    front until a card is discarded; in phase 2 the beans turned up.
    ``card``: only the plantings of that card (it stands for its own group).
    """
    p = state.players[player]
    phase = state.phase
    if phase is PLANT:
        if player != state.active:
            return
        if state.offered:
            _plant_from(state, player, state.offered, state.turn_island, out, wide, card)
        elif wide or (state.planted < 2 and not state.discarded):
            _plant_from(state, player, p.hand[:1], state.turn_island, out, wide, card)
    elif phase is TRADE:
        if player == state.active and setup(state).duel:
            _plant_from(state, player, state.face_up, state.turn_island, out, wide, card)
    elif phase is PLANT_TRADED:
        _plant_from(state, player, p.kept, state.turn_island, out, wide, card)
        _plant_from(state, player, p.received, None, out, wide, card)


def harvestable(state: GameState, player: int, wide: bool) -> list[tuple[int, int]]:
    """R-BASE-11..13: the player's fields with beans, unless protected (``wide``: all with beans)."""
    out: list[tuple[int, int]] = []
    for h in state.players[player].holdings:
        i = h.island
        fields = h.fields
        for s, f in enumerate(fields):
            if f and (wide or not protected(fields, f)):
                out.append((i, s))
    return out


def harvest(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-11: any player harvests at any time (``harvestable``); R-DUEL-3: in the Bean
    Duel only in the own turn."""
    if not wide and player != state.active and setup(state).duel:
        return
    for i, s in harvestable(state, player, wide):
        out.append((Harvest, player, i, s))


def choose_island(
    state: GameState, player: int, out: list[Spec], wide: bool, card: int | None
) -> None:
    """R-VOY-13: the islands of the type due, at the start of the own turn."""
    if state.phase is CHOOSE_ISLAND and player == state.active:
        for i in rotation_due(state, player)[1]:
            out.append((ChooseIsland, player, i))


def keep(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-8: the active player keeps a face-up card in phase 2 (R-DUEL-4: not in the duel)."""
    if state.phase is TRADE and player == state.active and not setup(state).duel:
        for c in representatives(state.face_up):
            out.append((Keep, player, c))


def end(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-6, R-BASE-8, D-4: the active player ends a phase."""
    if player == state.active and state.phase is not CHOOSE_ISLAND:
        out.append((EndPhase, player))


def discard(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-DUEL-4: a bean left on offer (one per kind), or after phase 1 one hand card.

    Discarding any card of a run of one kind in the hand leaves the same row of
    kinds: one per run.
    """
    if player != state.active or not setup(state).duel:
        return
    if state.offered:
        for c in representatives(state.offered):
            out.append((Discard, player, c))
        return
    if state.phase is not PLANT or state.discarded or state.planted == 0:
        return
    hand = state.players[player].hand
    for i, c in enumerate(hand):
        if i == 0 or KIND_OF[hand[i - 1]] != KIND_OF[c]:
            out.append((Discard, player, c))


def decline(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-8: every open offer the player still owes an answer to."""
    for o in awaiting(state, player):
        out.append((Decline, player, o.id))


def withdraw(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-8: the player's own open offers."""
    for o in state.offers:
        if o.proposer == player:
            out.append((Withdraw, player, o.id))


def buy(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-BASE-4 (the third field, at any time); R-VOY-5, -6, -11, -15 (in the own turn)."""
    p = state.players[player]
    s = setup(state)
    coins = len(p.coins)
    cost = s.third_field_cost
    if cost is not None and (wide or (len(p.holdings[0].fields) < 3 and coins >= cost)):
        out.append((BuyField, player, player))
    if not _own_turn(state, player, wide):
        return
    cost = price(s.harbor_cost)
    for i, isl in enumerate(state.islands):
        if isl.type is not HOME and (
            wide or (coins >= cost and None in isl.harbors and player not in isl.harbors)
        ):
            out.append((BuyHarbor, player, i))
    cost = price(s.second_colony_field_cost)
    for h in p.holdings[1:]:
        if wide or (
            coins >= cost and len(h.fields) < 2 and state.islands[h.island].type is not TYPE_C
        ):
            out.append((BuyField, player, h.island))
    if wide or (len(state.ships_of(player)) < s.max_ships and coins >= price(s.ship_cost)):
        out.append((BuyShip, player))
    pay = store_payment(state, player, False)
    if wide:
        out.append((BuyPirateShip, player, pay or tuple(p.store)))
    elif pay is not None and not p.pirate_ship:
        out.append((BuyPirateShip, player, pay))


def sail(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-9, R-VOY-10: each own ship alone, and both together, to an own harbor."""
    if not _own_turn(state, player, wide):
        return
    holdings = state.players[player].holdings
    ships = state.ships
    free: list[int] = []
    for i in state.ships_of(player):
        ship = ships[i]
        if ship.sailed and not wide:
            continue
        free.append(i)
        for h in holdings:
            if h.island != ship.island and (wide or not blockaded(state, player, h.island)):
                out.append((Sail, player, (i,), h.island))
    if len(free) == 2:
        a, b = free
        for h in holdings:
            if ships[a].island != h.island and ships[b].island != h.island:
                out.append((Sail, player, (a, b), h.island))


def _kinds(cards: list[int]) -> list[list[int]]:
    """``cards`` grouped by kind, each group in pile order, groups in order of first appearance."""
    return [[c for c in cards if KIND_OF[c] == KIND_OF[first]] for first in representatives(cards)]


def load(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-8: from the Kontor where a ship lies, any number of beans of its cargo's kind."""
    if not _own_turn(state, player, wide):
        return
    p = state.players[player]
    for i in state.ships_of(player):
        ship = state.ships[i]
        here = p.holding(ship.island)
        if here is None or not here.kontor:
            continue
        cargo = KIND_OF[ship.cargo[0]] if ship.cargo else -1
        for group in _kinds(here.kontor):
            if wide or cargo < 0 or KIND_OF[group[0]] == cargo:
                for n in range(1, len(group) + 1):
                    out.append((Load, player, i, tuple(group[:n])))


def unload(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-7, R-VOY-8: any number of beans into the Kontor where the ship lies, as it has room."""
    if not _own_turn(state, player, wide):
        return
    p = state.players[player]
    for i in state.ships_of(player):
        ship = state.ships[i]
        if not ship.cargo:
            continue
        most = len(ship.cargo)
        here = p.holding(ship.island)
        if not wide and here is not None:
            most = min(most, here.kontor_cap - len(here.kontor))
        for n in range(1, most + 1):
            out.append((Unload, player, i, n))


def store(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-14, D-6: a bean of a kind not in the store, from the home Kontor or a ship at home."""
    if not _own_turn(state, player, wide):
        return
    p = state.players[player]
    for c in representatives(p.holdings[0].kontor):
        if wide or not in_store(p.store, c):
            out.append((ToStore, player, c))
    for i in state.ships_of(player):
        cargo = state.ships[i].cargo
        if cargo and (
            wide or (state.ships[i].island == player and not in_store(p.store, cargo[0]))
        ):
            out.append((ToStore, player, cargo[-1]))


def move(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-7: a Kontor bean onto a field of the same island that takes it."""
    if not _own_turn(state, player, wide):
        return
    for h in state.players[player].holdings:
        for c in representatives(h.kontor):
            k = KIND_OF[c]
            for slot, f in enumerate(h.fields):
                if wide or field_takes(f, k):
                    out.append((KontorToField, player, c, slot))


def raid(state: GameState, player: int, out: list[Spec], wide: bool, card: int | None) -> None:
    """R-VOY-15..17: with a pirate ship and the store beans, another's loaded ship or Kontor bean.

    ``card``: only the raids that take that bean (it stands for its own group).
    """
    if not _own_turn(state, player, wide):
        return
    p = state.players[player]
    payment = store_payment(state, player, True)
    if not wide and (payment is None or not p.pirate_ship):
        return
    pay = payment if payment is not None else tuple(p.store)
    if card is None:
        for i, ship in enumerate(state.ships):
            if ship.owner != player and ship.cargo:
                out.append((RaidShip, player, i, pay))
    for v, vp in enumerate(state.players):
        if v == player:
            continue
        for vh in vp.holdings:
            cards = representatives(vh.kontor) if card is None else _only(vh, card)
            for c in cards:
                for i, s in places(state, player, c, None, wide):
                    out.append((RaidKontor, player, v, c, i, s, pay))


def _only(h: Holding, card: int) -> list[int]:
    return [card] if card in h.kontor else []


# -- the whole list -----------------------------------------------------------------------

#: every family by name (the app's keys use these names), in the order of the list
FAMILIES: Final[dict[str, Family]] = {
    "choose_island": choose_island,
    "plant": plant,
    "harvest": harvest,
    "keep": keep,
    "discard": discard,
    "end": end,
    "decline": decline,
    "withdraw": withdraw,
    "buy": buy,
    "sail": sail,
    "load": load,
    "unload": unload,
    "store": store,
    "move": move,
    "raid": raid,
}


def family(
    state: GameState, player: int, name: str, wide: bool = False, card: int | None = None
) -> list[Spec]:
    """The candidates of one family (``FAMILIES``); ``wide``: without the pre-filters."""
    out: list[Spec] = []
    if state.phase is not GAME_OVER:
        FAMILIES[name](state, player, out, wide, card)
    return out


def candidates(state: GameState, player: int, harvests: bool = True) -> list[Spec]:
    """The candidates of every family (without the harvests if not ``harvests``), unbuilt.

    ``[a for a in built candidates if check(state, a) is None]`` is the move list
    (``engine.legal_actions``).
    """
    out: list[Spec] = []
    if state.phase is GAME_OVER:
        return out
    # called directly, not through FAMILIES: a compiled build calls these natively
    choose_island(state, player, out, False, None)
    plant(state, player, out, False, None)
    if harvests:
        harvest(state, player, out, False, None)
    keep(state, player, out, False, None)
    discard(state, player, out, False, None)
    end(state, player, out, False, None)
    decline(state, player, out, False, None)
    withdraw(state, player, out, False, None)
    buy(state, player, out, False, None)
    if state.mode is VOYAGE:
        sail(state, player, out, False, None)
        load(state, player, out, False, None)
        unload(state, player, out, False, None)
        store(state, player, out, False, None)
        move(state, player, out, False, None)
        raid(state, player, out, False, None)
    return out


def build(spec: Spec) -> Any:
    """The action a spec stands for."""
    cls = spec[0]
    # the two built most often, called directly (a compiled build then builds them natively)
    if cls is Plant:
        return Plant(spec[1], spec[2], spec[3], spec[4])
    if cls is Harvest:
        return Harvest(spec[1], spec[2], spec[3])
    return cls(*spec[1:])
