"""Bohn Voyage (section 3): harbors, colony fields, Kontors, ships, pirates, the rotation."""

from __future__ import annotations

from ..i18n import N_
from .actions import (
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    KontorToField,
    Load,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
)
from .common import (
    SALE_HOME,
    check_coins,
    check_own_turn,
    check_place,
    check_player,
    check_voyage,
    event,
    island_label,
    pay,
    place_label,
    price,
    put,
    refuse,
    setup,
)
from .outcome import Event, Plural, Refusal
from .state import (
    CHOOSE_ISLAND,
    HOME,
    KIND_OF,
    KONTOR,
    PLANT,
    ROTATION,
    TYPE_C,
    GameState,
    Holding,
    IslandType,
    Ship,
)

# -- the rotation (R-VOY-12, R-VOY-13) -----------------------------------------


def rotation_due(state: GameState, player: int) -> tuple[IslandType, list[int]]:
    """The island type due next for ``player`` and the islands of that type that qualify."""
    holdings = state.players[player].holdings
    start = ROTATION.index(state.players[player].last_type)
    for step in range(1, len(ROTATION) + 1):
        island_type = ROTATION[(start + step) % len(ROTATION)]
        if island_type is HOME:
            return island_type, [player]
        islands = [h.island for h in holdings[1:] if state.islands[h.island].type is island_type]
        if islands:
            return island_type, islands
    return HOME, [player]  # pragma: no cover - home always qualifies


def check_choose_island(state: GameState, a: ChooseIsland) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if state.phase is not CHOOSE_ISLAND or a.player != state.active:
        return refuse("R-VOY-13", "the island is chosen at the start of your own turn")
    island_type, islands = rotation_due(state, a.player)
    if a.island not in islands:
        return refuse(
            "R-VOY-13",
            "this turn's beans go to an island of type {type} where you own a harbor: {islands}",
            type=island_type.value,
            islands=", ".join(island_label(state, i) for i in islands),
        )
    return None


def set_turn_island(state: GameState, island: int) -> None:
    state.turn_island = island
    state.players[state.active].last_type = state.islands[island].type
    state.phase = PLANT


def choose_island(state: GameState, a: ChooseIsland) -> list[Event]:
    set_turn_island(state, a.island)
    return [
        event(
            "{name} plants on {island} this turn.",
            name=state.players[a.player].name,
            island=island_label(state, a.island),
        )
    ]


# -- buying -------------------------------------------------------------------


def check_buy_harbor(state: GameState, a: BuyHarbor) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    if not 0 <= a.island < len(state.islands) or state.islands[a.island].type is HOME:
        return refuse("R-VOY-5", "harbors are bought on colony islands")
    isl = state.islands[a.island]
    if a.player in isl.harbors:
        return refuse(
            "R-VOY-5", "you own a harbor on {island} already (one per island)", island=isl.name
        )
    if None not in isl.harbors:
        return refuse("R-VOY-5", "both harbors of {island} are taken", island=isl.name)
    return check_coins(state, a.player, price(setup(state).harbor_cost), "R-VOY-5")


def buy_harbor(state: GameState, a: BuyHarbor) -> list[Event]:
    s = setup(state)
    pay(state, a.player, price(s.harbor_cost))
    isl = state.islands[a.island]
    isl.harbors[isl.harbors.index(None)] = a.player
    state.players[a.player].holdings.append(Holding(a.island, [[]], [], s.colony_kontor))
    return [
        event(
            "{name} buys a harbor on {island}.",
            name=state.players[a.player].name,
            island=isl.name,
        )
    ]


def check_buy_colony_field(state: GameState, player: int, island: int) -> Refusal | None:
    r = check_own_turn(state, player)
    if r:
        return r
    h = state.players[player].holding(island)
    if h is None:
        return refuse("R-VOY-6", "a second field needs your harbor on that island first")
    if state.islands[island].type is TYPE_C:
        return refuse("R-VOY-6", "no second field can be bought on a C island")
    if len(h.fields) >= 2:
        return refuse(
            "R-VOY-6",
            "you have your second field on {island} already",
            island=state.islands[island].name,
        )
    return check_coins(state, player, price(setup(state).second_colony_field_cost), "R-VOY-6")


def buy_colony_field(state: GameState, player: int, island: int) -> list[Event]:
    pay(state, player, price(setup(state).second_colony_field_cost))
    h = state.players[player].holding(island)
    assert h is not None
    h.fields.append([])
    return [
        event(
            "{name} buys a second field on {island}.",
            name=state.players[player].name,
            island=state.islands[island].name,
        )
    ]


def check_buy_ship(state: GameState, a: BuyShip) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    if len(state.ships_of(a.player)) >= setup(state).max_ships:
        return refuse("R-VOY-11", "you have your second merchant ship already")
    return check_coins(state, a.player, price(setup(state).ship_cost), "R-VOY-11")


def buy_ship(state: GameState, a: BuyShip) -> list[Event]:
    pay(state, a.player, price(setup(state).ship_cost))
    state.ships.append(Ship(a.player, a.player))
    return [event("{name} buys a second merchant ship.", name=state.players[a.player].name)]


def store_price(state: GameState, raid: bool) -> int:
    """Beans from the pirate store a raid (``raid``) or a pirate ship costs (R-VOY-15, setups.json)."""
    s = setup(state)
    return price(s.raid_beans if raid else s.pirate_ship_beans)


def store_payment(state: GameState, player: int, raid: bool) -> tuple[int, ...] | None:
    """The store beans that pay for a raid or a pirate ship: the oldest ones; None if too few."""
    store = state.players[player].store
    need = store_price(state, raid)
    if len(store) < need:
        return None
    return tuple(store[:need])


def _check_store_payment(
    state: GameState, player: int, cards: tuple[int, ...], need: int, rule: str
) -> Refusal | None:
    store = state.players[player].store
    if len(store) < need:
        return refuse(
            rule,
            N_("that costs {need} beans from your pirate store and it holds {have}"),
            need=need,
            have=len(store),
        )
    if len(cards) != need or len(set(cards)) != need or not all(c in store for c in cards):
        return refuse(rule, N_("pay with {need} different beans from your pirate store"), need=need)
    return None


def _spend_store(state: GameState, player: int, cards: tuple[int, ...]) -> None:
    store = state.players[player].store
    for c in cards:
        store.remove(c)
    state.discard.extend(cards)  # D-5


def check_buy_pirate_ship(state: GameState, a: BuyPirateShip) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    if state.players[a.player].pirate_ship:
        return refuse("D-7", "you have a pirate ship already (one per player)")
    return _check_store_payment(state, a.player, a.pay, store_price(state, False), "R-VOY-15")


def buy_pirate_ship(state: GameState, a: BuyPirateShip) -> list[Event]:
    _spend_store(state, a.player, a.pay)
    state.players[a.player].pirate_ship = True
    return [event("{name} buys a pirate ship.", name=state.players[a.player].name)]


# -- ships ----------------------------------------------------------------------


def ship_number(state: GameState, ship: int) -> int:
    """A ship's number as its owner says it: 1 or 2 (the commands use the same)."""
    return state.ships_of(state.ships[ship].owner).index(ship) + 1


def _own_ship(state: GameState, player: int, ship: int) -> Ship | Refusal:
    if not 0 <= ship < len(state.ships) or state.ships[ship].owner != player:
        return refuse("R-VOY-8", "that is not one of your ships")
    return state.ships[ship]


def blockaded(state: GameState, player: int, island: int) -> bool:
    """R-VOY-10: both harbors owned and a ship of the other owner lies there."""
    isl = state.islands[island]
    if isl.type is HOME or None in isl.harbors:
        return False
    others = [o for o in isl.harbors if o != player]
    return any(s.island == island and s.owner in others for s in state.ships)


def check_sail(state: GameState, a: Sail) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    if not 1 <= len(a.ships) <= 2 or len(set(a.ships)) != len(a.ships):
        return refuse("R-VOY-10", "sail one ship, or two together")
    for i in a.ships:
        s = _own_ship(state, a.player, i)
        if isinstance(s, Refusal):
            return s
        if s.sailed:
            return refuse(
                "R-VOY-9", "ship {ship} has sailed this turn already", ship=ship_number(state, i)
            )
        if s.island == a.island:
            return refuse(
                "R-VOY-9", "ship {ship} lies in that harbor already", ship=ship_number(state, i)
            )
    if not 0 <= a.island < len(state.islands) or a.player not in state.islands[a.island].harbors:
        return refuse("R-VOY-9", "ships sail only to their owner's harbors")
    if len(a.ships) < 2 and blockaded(state, a.player, a.island):
        return refuse(
            "R-VOY-10",
            "{island} is blockaded by another player's ship; only two of your ships arriving together break through",
            island=state.islands[a.island].name,
        )
    return None


def sail(state: GameState, a: Sail) -> list[Event]:
    for i in a.ships:
        state.ships[i].island = a.island
        state.ships[i].sailed = True
    name = state.players[a.player].name
    if len(a.ships) == 2:
        return [
            event(
                "{name} sails two ships to {island} together.",
                name=name,
                island=island_label(state, a.island),
            )
        ]
    return [
        event(
            "{name} sails ship {ship} to {island}.",
            name=name,
            ship=ship_number(state, a.ships[0]),
            island=island_label(state, a.island),
        )
    ]


def check_load(state: GameState, a: Load) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    s = _own_ship(state, a.player, a.ship)
    if isinstance(s, Refusal):
        return s
    h = state.players[a.player].holding(s.island)
    if (
        not a.cards
        or len(set(a.cards)) != len(a.cards)
        or h is None
        or not all(c in h.kontor for c in a.cards)
    ):
        return refuse(
            "R-VOY-8", "a ship is loaded only from the Kontor of the island where it lies"
        )
    kinds = {KIND_OF[c] for c in a.cards}
    if s.cargo:
        kinds.add(KIND_OF[s.cargo[0]])
    if len(kinds) > 1:
        return refuse("R-VOY-8", "a ship carries beans of one kind only")
    return None


def load(state: GameState, a: Load) -> list[Event]:
    s = state.ships[a.ship]
    h = state.players[a.player].holding(s.island)
    assert h is not None
    for c in a.cards:
        h.kontor.remove(c)
        s.cargo.append(c)
    return [
        event(
            "{name} loads {count} {bean} onto ship {ship}.",
            name=state.players[a.player].name,
            count=len(a.cards),
            bean=KIND_OF[a.cards[0]],
            ship=ship_number(state, a.ship),
        )
    ]


def check_unload(state: GameState, a: Unload) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    s = _own_ship(state, a.player, a.ship)
    if isinstance(s, Refusal):
        return s
    if not 1 <= a.count <= len(s.cargo):
        return refuse(
            "R-VOY-8",
            "ship {ship} carries {n} beans",
            ship=ship_number(state, a.ship),
            n=len(s.cargo),
        )
    h = state.players[a.player].holding(s.island)
    assert h is not None
    if len(h.kontor) + a.count > h.kontor_cap:
        return refuse(
            "R-VOY-7",
            "the Kontor there has room for {room} more",
            room=h.kontor_cap - len(h.kontor),
        )
    return None


def unload(state: GameState, a: Unload) -> list[Event]:
    s = state.ships[a.ship]
    h = state.players[a.player].holding(s.island)
    assert h is not None
    kind = KIND_OF[s.cargo[0]]
    for _ in range(a.count):
        h.kontor.append(s.cargo.pop())
    return [
        event(
            "{name} unloads {count} {bean} from ship {ship} into the Kontor.",
            name=state.players[a.player].name,
            count=a.count,
            bean=kind,
            ship=ship_number(state, a.ship),
        )
    ]


def in_store(store: list[int], card: int) -> bool:
    """D-6: the pirate store holds one bean of each kind at most."""
    kind = KIND_OF[card]
    return any(KIND_OF[c] == kind for c in store)


def check_to_store(state: GameState, a: ToStore) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    p = state.players[a.player]
    at_home = a.card in p.holdings[0].kontor or any(
        a.card in s.cargo and s.owner == a.player and s.island == a.player for s in state.ships
    )
    if not at_home:
        return refuse(
            "R-VOY-14",
            "the pirate store takes beans only from the home Kontor or a ship docked at home",
        )
    kind = KIND_OF[a.card]
    if in_store(p.store, a.card):
        return refuse(
            "D-6",
            "the pirate store holds a {bean} bean already (one per kind)",
            bean=kind,
        )
    return None


def to_store(state: GameState, a: ToStore) -> list[Event]:
    p = state.players[a.player]
    if a.card in p.holdings[0].kontor:
        p.holdings[0].kontor.remove(a.card)
    else:
        for s in state.ships:
            if a.card in s.cargo:
                s.cargo.remove(a.card)
                break
    p.store.append(a.card)
    return [
        event(
            "{name} puts a {bean} bean into the pirate store.",
            name=p.name,
            bean=KIND_OF[a.card],
        )
    ]


def kontor_of_card(state: GameState, player: int, card: int) -> Holding | None:
    for h in state.players[player].holdings:
        if card in h.kontor:
            return h
    return None


def check_kontor_to_field(state: GameState, a: KontorToField) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, a.player)
    if r:
        return r
    h = kontor_of_card(state, a.player, a.card)
    if h is None:
        return refuse("R-VOY-7", "that bean is not in one of your Kontors")
    if a.slot == KONTOR:
        return refuse("R-VOY-7", "Kontor beans move onto a field of the same island")
    return check_place(state, a.player, a.card, h.island, a.slot)


def kontor_to_field(state: GameState, a: KontorToField) -> list[Event]:
    h = kontor_of_card(state, a.player, a.card)
    assert h is not None
    h.kontor.remove(a.card)
    h.fields[a.slot].append(a.card)
    return [
        event(
            "{name} moves a {bean} bean from the Kontor to {place}.",
            name=state.players[a.player].name,
            bean=KIND_OF[a.card],
            place=place_label(state, a.player, h.island, a.slot),
        )
    ]


# -- pirates ------------------------------------------------------------------------


def _check_raid(state: GameState, player: int, paid: tuple[int, ...]) -> Refusal | None:
    r = check_voyage(state) or check_own_turn(state, player)
    if r:
        return r
    if not state.players[player].pirate_ship:
        return refuse("R-VOY-15", "raids need a pirate ship")
    return _check_store_payment(state, player, paid, store_price(state, True), "R-VOY-15")


def check_raid_kontor(state: GameState, a: RaidKontor) -> Refusal | None:
    r = _check_raid(state, a.player, a.pay)
    if r:
        return r
    if a.victim == a.player or not 0 <= a.victim < len(state.players):
        return refuse("R-VOY-16", "raid another player's Kontor")
    if kontor_of_card(state, a.victim, a.card) is None:
        if not any(h.kontor for h in state.players[a.victim].holdings):
            return refuse("D-7", "{name}'s Kontors are empty", name=state.players[a.victim].name)
        return refuse(
            "R-VOY-16",
            "that bean is not in {name}'s Kontors",
            name=state.players[a.victim].name,
        )
    return check_place(state, a.player, a.card, a.island, a.slot)


def raid_kontor(state: GameState, a: RaidKontor) -> list[Event]:
    _spend_store(state, a.player, a.pay)
    h = kontor_of_card(state, a.victim, a.card)
    assert h is not None
    h.kontor.remove(a.card)
    put(state, a.player, a.card, a.island, a.slot)
    return [
        event(
            "{name}'s pirates take a {bean} bean from {victim}'s Kontor to {place}.",
            name=state.players[a.player].name,
            bean=KIND_OF[a.card],
            victim=state.players[a.victim].name,
            place=place_label(state, a.player, a.island, a.slot),
        )
    ]


def check_raid_ship(state: GameState, a: RaidShip) -> Refusal | None:
    r = _check_raid(state, a.player, a.pay)
    if r:
        return r
    if not 0 <= a.ship < len(state.ships) or state.ships[a.ship].owner == a.player:
        return refuse("R-VOY-17", "raid another player's merchant ship")
    if not state.ships[a.ship].cargo:
        return refuse("D-7", "that ship is empty")
    return None


def raid_ship(state: GameState, a: RaidShip) -> list[Event]:
    _spend_store(state, a.player, a.pay)
    s = state.ships[a.ship]
    cargo, s.cargo = s.cargo, []
    kind = KIND_OF[cargo[0]]
    coins = SALE_HOME[kind][len(cargo)]
    loot = coins // 2
    discarded = len(cargo) - coins
    state.discard.extend(cargo[:discarded])
    state.players[s.owner].coins.extend(cargo[discarded : len(cargo) - loot])
    state.players[a.player].coins.extend(cargo[len(cargo) - loot :])
    return [
        event(
            Plural(
                "{name}'s pirates raid {victim}'s ship: {n} {bean} sell for {coins} coin, {loot} to the pirate.",
                "{name}'s pirates raid {victim}'s ship: {n} {bean} sell for {coins} coins, {loot} to the pirate.",
                "coins",
            ),
            name=state.players[a.player].name,
            victim=state.players[s.owner].name,
            n=len(cargo),
            bean=kind,
            coins=coins,
            loot=loot,
        )
    ]
