"""Bohn Voyage (RULES.md section 3) and decisions D-2 .. D-8.

One or more tests per rule id from small hand-made positions, then scenario
tests that play whole sequences (the rotation over several turns, a blockade,
a raid, a bean carried to a colony and sold there). Refused actions are
checked by their rule id and an unchanged state.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    NAMES,
    assert_cards_conserved,
    end_until,
    finish_turn,
    island,
    kinds,
    make_state,
    ok,
    refused,
    seat,
)

from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import (
    Accept,
    Action,
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    EndPhase,
    Harvest,
    KontorToField,
    Load,
    MakeOffer,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
)
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import KIND_INDEX, KINDS, SALE_TABLES
from bohnanza_tui.rules.state import KONTOR, GameState, Holding, IslandType, Phase, Ship
from bohnanza_tui.rules.voyage import store_payment

K = KIND_INDEX
FIVE = ["red", "soy", "wax", "blue", "chili"]
FIVE_MORE = ["stink", "green", "black-eyed", "coffee", "cocoa"]


def home(s: GameState, p: int) -> Holding:
    return s.players[p].holdings[0]


def colony(s: GameState, p: int, name: str) -> Holding:
    h = s.players[p].holding(island(s, name))
    assert h is not None
    return h


def voyage(n: int = 3, **kw: object) -> GameState:
    return make_state("voyage", n, **kw)  # type: ignore[arg-type]


def next_turn_of(s: GameState, player: int) -> None:
    """Play the other players' turns (and the current one) until ``player``'s turn starts."""
    finish_turn(s)
    while s.active != player:
        finish_turn(s)


# -- R-VOY-1 players, deck, variants ------------------------------------------------------


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_voy_1_deck_and_hands(n: int) -> None:
    """R-VOY-1 / D-2: every kind but garden, 148 cards; 5 cards to every player."""
    s = engine.new_game("voyage", NAMES[:n], seed=9)
    assert len(s.all_cards()) == 148
    assert {KINDS[k] for k in {engine.KIND_OF[c] for c in s.all_cards()}} == set(KINDS) - {"garden"}
    assert [len(p.hand) for p in s.players] == [5] * n
    assert_cards_conserved(s)


@pytest.mark.parametrize("n", [2, 6])
def test_r_voy_1_three_to_five_players(n: int) -> None:
    """R-VOY-1: Bohn Voyage is played by 3 to 5 players."""
    with pytest.raises(ValueError):
        engine.new_game("voyage", NAMES[:n], seed=1)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_r_voy_1_third_field_costs_3_for_everyone(n: int) -> None:
    """R-VOY-1: no player-count variants: the third home field costs 3 coins, none start with it."""
    s = voyage(n, coins={1: 3, 2: 2})
    assert all(len(home(s, p).fields) == 2 for p in range(n))
    refused(s, BuyField(2, 2), "R-BASE-4")
    ok(s, BuyField(1, 1))  # any time, also out of turn
    assert s.players[1].coins == [] and len(home(s, 1).fields) == 3


def test_r_voy_1_three_players_end_at_the_third_exhaustion() -> None:
    """R-VOY-1: with 3 players the game still ends at the third exhaustion, not the second."""
    s = voyage(3, phase=Phase.PLANT_TRADED, exhaustions=1, deck=["red"])
    ok(s, EndPhase(0))
    assert s.exhaustions == 2 and not s.over
    s = voyage(3, phase=Phase.PLANT_TRADED, exhaustions=2, deck=["red"])
    ok(s, EndPhase(0))
    assert s.over


def test_r_voy_1_voyage_actions_not_in_classic() -> None:
    """R-VOY-1: harbors, ships and pirates belong to Bohn Voyage only."""
    s = make_state("classic", 4, coins={0: 5})
    for a in (BuyShip(0), BuyHarbor(0, 1), Sail(0, (0,), 1), Load(0, 0, (1,)), ToStore(0, 1)):
        refused(s, a, "R-VOY-1")


# -- R-VOY-2 colony islands -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "colonies"),
    [
        (3, ["A1", "A2", "C1", "B1", "B2"]),
        (4, ["A1", "A2", "A3", "C1", "B1", "B2", "B3"]),
        (5, ["A1", "A2", "A3", "C1", "C2", "B1", "B2", "B3"]),
    ],
)
def test_r_voy_2_colony_islands(n: int, colonies: list[str]) -> None:
    """R-VOY-2: 3 players 2 A, 1 C, 2 B; 4 players 3 A, 1 C, 3 B; 5 players 3 A, 2 C, 3 B;
    each with two unowned harbors."""
    s = engine.new_game("voyage", NAMES[:n], seed=1)
    assert [i.name for i in s.islands[n:]] == colonies
    assert [i.type.value for i in s.islands[n:]] == [c[0] for c in colonies]
    assert all(i.harbors == [None, None] for i in s.islands[n:])


# -- R-VOY-3 home island ------------------------------------------------------------------------


def test_r_voy_3_home_island() -> None:
    """R-VOY-3: two fields, a Kontor of 3, a pirate store, a home harbor, one ship at home."""
    s = engine.new_game("voyage", NAMES[:4], seed=1)
    for p in range(4):
        assert s.islands[p].type is IslandType.HOME and s.islands[p].harbors == [p]
        assert s.players[p].holdings == [Holding(p, [[], []], [], 3)]
        assert s.players[p].store == [] and not s.players[p].pirate_ship
    assert s.ships == [Ship(p, p) for p in range(4)]


# -- R-VOY-4 colony beanometers ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "bean", "n", "coins"),
    [
        ("A1", "red", 2, 2),
        ("home", "red", 2, 1),
        ("A1", "soy", 2, 0),
        ("A1", "stink", 2, 1),
        ("B1", "wax", 5, 1),
        ("B1", "black-eyed", 3, 2),
        ("C1", "blue", 2, 1),
        ("home", "blue", 2, 0),
        ("C1", "red", 3, 0),
        ("C1", "stink", 3, 1),  # not listed for C: the normal meter
        ("A1", "coffee", 4, 1),
        ("B1", "cocoa", 2, 2),
    ],
)
def test_r_voy_4_island_beanometers(where: str, bean: str, n: int, coins: int) -> None:
    """R-VOY-4: a colony field sells by its island type's meter, else by the normal one."""
    spec = [[bean] * n]
    if where == "home":
        s = voyage(fields={1: [spec[0], []]})
        h = home(s, 1)
    else:
        s = voyage(harbors={1: [where]}, colony_fields={(1, where): spec})
        h = colony(s, 1, where)
    beans = h.fields[0][:]
    ok(s, Harvest(1, h.island, 0))  # out of turn, too (R-BASE-11)
    assert h.fields[0] == []
    assert s.players[1].coins == beans[n - coins :]
    assert s.discard == beans[: n - coins]


# -- R-VOY-5 harbors ---------------------------------------------------------------------------------


def test_r_voy_5_buy_a_harbor() -> None:
    """R-VOY-5: 2 coins on a colony island with a free harbor: one field and a Kontor of 1."""
    s = voyage(coins={0: ["red", "soy", "wax"], 1: 2, 2: 2})
    a1 = island(s, "A1")
    coins = s.players[0].coins[:]
    ok(s, BuyHarbor(0, a1))
    assert s.islands[a1].harbors == [0, None]
    assert s.players[0].holdings[1] == Holding(a1, [[]], [], 1)
    assert s.players[0].coins == coins[:1]
    assert sorted(s.discard) == sorted(coins[1:])  # D-5
    refused(s, BuyHarbor(0, a1), "R-VOY-5")  # one harbor per player per island
    # Bob takes the other harbor in his turn; then the island is full
    seat(s, 1)
    ok(s, BuyHarbor(1, a1))
    assert s.islands[a1].harbors == [0, 1]
    seat(s, 2)
    refused(s, BuyHarbor(2, a1), "R-VOY-5")


def test_r_voy_5_refusals() -> None:
    """R-VOY-5: only colony islands, only with 2 coins; D-4: only in one's own turn."""
    s = voyage(coins={0: 1, 1: 5})
    refused(s, BuyHarbor(0, island(s, "B1")), "R-VOY-5")  # 1 coin
    s.players[0].coins, s.players[1].coins = s.players[1].coins, s.players[0].coins
    refused(s, BuyHarbor(0, 1), "R-VOY-5")  # Bob's home
    refused(s, BuyHarbor(0, 0), "R-VOY-5")
    refused(s, BuyHarbor(0, 99), "R-VOY-5")
    refused(s, BuyHarbor(1, island(s, "B1")), "D-4")


# -- R-VOY-6 second colony field ------------------------------------------------------------------------


def test_r_voy_6_second_field_on_a_and_b() -> None:
    """R-VOY-6: a second field costs 2 on an A or B island where the player owns the harbor."""
    s = voyage(harbors={0: ["A1", "B2", "C1"]}, coins={0: 5})
    coins = s.players[0].coins[:]
    ok(s, BuyField(0, island(s, "A1")))
    assert colony(s, 0, "A1").fields == [[], []]
    assert s.players[0].coins == coins[:3]
    refused(s, BuyField(0, island(s, "A1")), "R-VOY-6")  # one per harbor
    refused(s, BuyField(0, island(s, "C1")), "R-VOY-6")  # never on C
    refused(s, BuyField(0, island(s, "A2")), "R-VOY-6")  # no harbor there
    ok(s, BuyField(0, island(s, "B2")))
    assert colony(s, 0, "B2").fields == [[], []]
    refused(s, BuyField(0, island(s, "B2")), "R-VOY-6")
    assert s.players[0].coins == coins[:1]


def test_r_voy_6_needs_two_coins_own_turn() -> None:
    """R-VOY-6 / D-4: two coins, in one's own turn."""
    s = voyage(harbors={0: ["A1"], 1: ["B1"]}, coins={0: 1, 1: 2})
    refused(s, BuyField(0, island(s, "A1")), "R-VOY-6")
    refused(s, BuyField(1, island(s, "B1")), "D-4")


# -- R-VOY-7 Kontors --------------------------------------------------------------------------------------


def test_r_voy_7_plant_into_the_home_kontor_holds_three() -> None:
    """R-VOY-7: a bean planted in phase 1 may go into the Kontor; the home Kontor holds 3."""
    s = voyage(hands={0: ["red", "soy", "wax"]}, kontors={(0, "home"): ["blue", "chili"]})
    red, soy, wax = s.players[0].hand
    kontor = home(s, 0).kontor[:]
    ok(s, Plant(0, red, 0, KONTOR))
    assert home(s, 0).kontor == [*kontor, red] and s.players[0].hand == [soy, wax]
    r = refused(s, Plant(0, soy, 0, KONTOR), "R-VOY-7")  # a 4th bean; a field takes it (D-13)
    assert r.reason == "your home Kontor is full (it holds 3)"
    ok(s, Plant(0, soy, 0, 0))


def test_r_voy_7_kept_and_received_beans_into_kontors() -> None:
    """R-VOY-7: in phase 3 kept and received beans may go into a Kontor too."""
    s = voyage(
        harbors={1: ["A1"]},
        kept={0: ["red"]},
        received={1: ["soy", "wax"]},
        phase=Phase.PLANT_TRADED,
    )
    red = s.players[0].kept[0]
    soy, wax = s.players[1].received
    a1 = island(s, "A1")
    ok(s, Plant(0, red, 0, KONTOR), Plant(1, soy, a1, KONTOR))
    r = refused(s, Plant(1, wax, a1, KONTOR), "R-VOY-7")  # a colony Kontor holds 1
    assert r.reason == "the Kontor on A1 is full (it holds 1)"
    ok(s, Plant(1, wax, 1, KONTOR))
    assert home(s, 0).kontor == [red]
    assert colony(s, 1, "A1").kontor == [soy] and home(s, 1).kontor == [wax]


def test_r_voy_7_kontor_to_field() -> None:
    """R-VOY-7: a Kontor bean moves onto a field of the same island (R-BASE-5 applies)."""
    s = voyage(
        harbors={0: ["A1"]},
        fields={0: [["blue"], []]},
        kontors={(0, "home"): ["red", "blue"], (0, "A1"): ["soy"]},
        colony_fields={(0, "A1"): [["wax"]]},
    )
    red, blue = home(s, 0).kontor
    soy = colony(s, 0, "A1").kontor[0]
    refused(s, KontorToField(0, red, 0), "R-BASE-5")
    refused(s, KontorToField(0, soy, 0), "R-BASE-5")  # the A1 field holds wax
    refused(s, KontorToField(0, red, KONTOR), "R-VOY-7")
    refused(s, KontorToField(0, s.players[0].hand[0], 0), "R-VOY-7")  # not a Kontor bean
    refused(s, KontorToField(1, red, 0), "D-4")
    ok(s, KontorToField(0, blue, 0), KontorToField(0, red, 1))
    assert home(s, 0).fields == [[home(s, 0).fields[0][0], blue], [red]]
    assert home(s, 0).kontor == []


def test_r_voy_7_kontor_beans_are_traded_never_to_a_hand() -> None:
    """R-VOY-7: Kontor beans may be traded in phase 2, and never return to a hand."""
    s = voyage(
        phase=Phase.TRADE,
        face_up=["wax", "wax"],
        kontors={(0, "home"): ["red"], (1, "home"): ["soy"]},
    )
    red, soy = home(s, 0).kontor[0], home(s, 1).kontor[0]
    hand0, hand1 = s.players[0].hand[:], s.players[1].hand[:]
    ok(s, MakeOffer(1, 0, (soy,), (K["red"],)), Accept(0, 1, (red,)))
    assert home(s, 0).kontor == [] and home(s, 1).kontor == []
    assert s.players[0].received == [soy] and s.players[1].received == [red]
    assert s.players[0].hand == hand0 and s.players[1].hand == hand1


# -- R-VOY-8 merchant ships -------------------------------------------------------------------------------


def test_r_voy_8_load_from_the_kontor_where_docked() -> None:
    """R-VOY-8: a ship is loaded only from the Kontor of its island, with one kind of bean."""
    s = voyage(
        harbors={0: ["A1"]},
        fields={0: [["red"], []]},
        kontors={(0, "home"): ["red", "red", "blue"], (0, "A1"): ["red"]},
    )
    r1, r2, blue = home(s, 0).kontor
    ok(s, Load(0, 0, (r1, r2)))
    assert s.ships[0].cargo == [r1, r2] and home(s, 0).kontor == [blue]
    refused(s, Load(0, 0, (blue,)), "R-VOY-8")  # a second kind
    refused(s, Load(0, 0, (home(s, 0).fields[0][0],)), "R-VOY-8")  # from a field
    refused(s, Load(0, 0, (s.players[0].hand[0],)), "R-VOY-8")  # from the hand
    refused(s, Load(0, 0, (colony(s, 0, "A1").kontor[0],)), "R-VOY-8")  # A1's Kontor
    refused(s, Load(0, 1, (blue,)), "R-VOY-8")  # Bob's ship
    refused(s, Load(0, 0, ()), "R-VOY-8")
    refused(s, Load(1, 1, (blue,)), "D-4")


def test_r_voy_8_unload_into_the_kontor_where_docked() -> None:
    """R-VOY-8: a ship unloads only into the Kontor of its island (R-VOY-7 capacities)."""
    s = voyage(harbors={0: ["A1"]}, ships={0: ("A1", ["soy", "soy"])})
    cargo = s.ships[0].cargo[:]
    refused(s, Unload(0, 0, 2), "R-VOY-7")  # the A1 Kontor holds 1
    refused(s, Unload(0, 0, 3), "R-VOY-8")
    refused(s, Unload(0, 0, 0), "R-VOY-8")
    refused(s, Unload(0, 1, 1), "R-VOY-8")  # Bob's ship
    ok(s, Unload(0, 0, 1))
    assert colony(s, 0, "A1").kontor == cargo[1:] and s.ships[0].cargo == cargo[:1]
    assert home(s, 0).kontor == []


def test_r_voy_8_hand_to_kontor_to_ship_in_one_turn() -> None:
    """R-VOY-8: hand -> Kontor -> ship in one turn is fine while the Kontor has room."""
    s = voyage(hands={0: ["red", "red", "soy"]})
    r1, r2, _soy = s.players[0].hand
    ok(s, Plant(0, r1, 0, KONTOR), Load(0, 0, (r1,)), Plant(0, r2, 0, KONTOR))
    ok(s, Load(0, 0, (r2,)))
    assert s.ships[0].cargo == [r1, r2] and home(s, 0).kontor == []


# -- R-VOY-9 sailing ---------------------------------------------------------------------------------------------


def test_r_voy_9_sail_once_to_own_harbors() -> None:
    """R-VOY-9: in the owner's turn each ship sails once, to another harbor of its owner."""
    s = voyage(harbors={0: ["A1", "C1"], 1: ["A2"]})
    a1, a2, c1 = island(s, "A1"), island(s, "A2"), island(s, "C1")
    refused(s, Sail(0, (0,), 0), "R-VOY-9")  # it lies there
    refused(s, Sail(0, (0,), a2), "R-VOY-9")  # Bob's harbor
    refused(s, Sail(0, (0,), island(s, "B1")), "R-VOY-9")  # unowned
    refused(s, Sail(0, (0,), 1), "R-VOY-9")  # Bob's home
    refused(s, Sail(0, (1,), a1), "R-VOY-8")  # Bob's ship
    refused(s, Sail(1, (1,), a2), "D-4")  # not Bob's turn
    ok(s, Sail(0, (0,), a1))
    assert s.ships[0].island == a1 and s.ships[0].sailed
    refused(s, Sail(0, (0,), c1), "R-VOY-9")  # once per turn
    refused(s, Sail(0, (0,), 0), "R-VOY-9")
    next_turn_of(s, 0)
    assert not s.ships[0].sailed
    ok(s, Sail(0, (0,), c1))
    assert s.ships[0].island == c1


# -- R-VOY-10 blockade ----------------------------------------------------------------------------------------------


def test_r_voy_10_blockade_held_then_broken_by_two_ships() -> None:
    """R-VOY-10: with both harbors owned and the other owner's ship there, one ship may not
    sail in; two ships arriving together in one Sail may. Ships already there stay."""
    s = voyage(
        harbors={0: ["A1"], 1: ["A1"]},
        ships={1: ("A1", ["soy"])},
        extra_ships=[(0, "home", [])],
    )
    a1 = island(s, "A1")
    assert s.islands[a1].harbors == [0, 1]
    r = refused(s, Sail(0, (0,), a1), "R-VOY-10")
    assert "A1" in r.reason
    refused(s, Sail(0, (3,), a1), "R-VOY-10")
    refused(s, Sail(0, (0, 0), a1), "R-VOY-10")
    refused(s, Sail(0, (0, 1, 3), a1), "R-VOY-10")
    ok(s, Sail(0, (0, 3), a1))
    assert [sh.island for sh in s.ships] == [a1, a1, 2, a1]
    assert s.ships[0].sailed and s.ships[3].sailed
    assert s.ships[1].island == a1  # Bob's ship stays as long as he likes
    # now Bob's second ship can't sail in alone either
    next_turn_of(s, 1)
    s.ships.append(Ship(1, 1))
    refused(s, Sail(1, (4,), a1), "R-VOY-10")
    ok(s, Sail(1, (1,), 1))  # Bob's ship leaves A1 freely


def test_r_voy_10_no_blockade_without_the_other_ship() -> None:
    """R-VOY-10: no blockade while the other owner has no ship there, or a harbor is free."""
    s = voyage(harbors={0: ["A1"], 1: ["A1"]})
    ok(s, Sail(0, (0,), island(s, "A1")))
    s = voyage(harbors={0: ["A1"]}, ships={1: ("home", [])})
    ok(s, Sail(0, (0,), island(s, "A1")))


def test_r_voy_10_two_ships_must_not_have_sailed() -> None:
    """R-VOY-10 / R-VOY-9: a ship that sailed this turn can't join a pair."""
    s = voyage(
        harbors={0: ["A1", "C1"], 1: ["A1"]},
        ships={1: ("A1", [])},
        extra_ships=[(0, "home", [])],
    )
    ok(s, Sail(0, (3,), island(s, "C1")))
    refused(s, Sail(0, (0, 3), island(s, "A1")), "R-VOY-9")


# -- R-VOY-11 second ship -------------------------------------------------------------------------------------------------


def test_r_voy_11_second_ship() -> None:
    """R-VOY-11: a second ship costs 3 coins in one's turn and starts at home; no third."""
    s = voyage(harbors={0: ["A1"]}, ships={0: ("A1", [])}, coins={0: 7, 1: 3})
    coins = s.players[0].coins[:]
    refused(s, BuyShip(1), "D-4")
    ok(s, BuyShip(0))
    assert s.ships[3] == Ship(0, 0)
    assert s.players[0].coins == coins[:4]
    assert sorted(s.discard) == sorted(coins[4:])
    refused(s, BuyShip(0), "R-VOY-11")
    s = voyage(coins={0: 2})
    refused(s, BuyShip(0), "R-VOY-11")


# -- R-VOY-12 rotation trigger --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("harbors", "second_field", "applies"),
    [
        (["A1"], False, False),
        (["C1"], False, False),
        (["A1"], True, True),
        (["A1", "C1"], False, True),
        (["B1", "C1"], False, True),
    ],
)
def test_r_voy_12_rotation_trigger(harbors: list[str], second_field: bool, applies: bool) -> None:
    """R-VOY-12: rotation applies from two fields on colony islands on."""
    spec = {(0, harbors[0]): [[], []]} if second_field else {}
    s = voyage(harbors={0: harbors}, colony_fields=spec, active=2, phase=Phase.PLANT_TRADED)
    assert s.rotation_applies(0) is applies
    ok(s, EndPhase(2))
    assert s.active == 0 and s.phase is Phase.PLANT
    assert (s.turn_island != 0) is applies


def test_r_voy_12_buying_the_second_field_starts_the_rotation_next_turn() -> None:
    """R-VOY-12: once the second colony field is bought, the rotation applies from the next turn."""
    s = voyage(harbors={0: ["A1"]}, coins={0: 2})
    a1 = island(s, "A1")
    ok(s, BuyField(0, a1))
    assert s.turn_island == 0  # this turn stays at home
    next_turn_of(s, 0)
    assert s.turn_island == a1


# -- R-VOY-13 where beans go ------------------------------------------------------------------------------------------------


def test_r_voy_13_without_rotation_home_only() -> None:
    """R-VOY-13: without rotation phase-1 beans and kept cards go to the home island."""
    s = voyage(harbors={0: ["A1"]}, hands={0: ["red", "soy"]}, kept={1: []})
    red = s.players[0].hand[0]
    a1 = island(s, "A1")
    refused(s, Plant(0, red, a1, 0), "R-VOY-13")
    refused(s, Plant(0, red, a1, KONTOR), "R-VOY-13")
    s = voyage(harbors={0: ["A1"]}, kept={0: ["red"]}, phase=Phase.PLANT_TRADED)
    red = s.players[0].kept[0]
    refused(s, Plant(0, red, a1, 0), "R-VOY-13")
    ok(s, Plant(0, red, 0, KONTOR))


def test_r_voy_13_rotation_island_only_received_anywhere() -> None:
    """R-VOY-13: with rotation the turn's phase-1 beans and kept face-up cards go to the
    turn's island only; beans received by trade go to any field or Kontor."""
    s = voyage(
        harbors={0: ["A1", "C1"]},
        hands={0: ["red", "soy", "wax"]},
        active=2,
        phase=Phase.PLANT_TRADED,
        deck_top=["blue", "blue", "chili", "chili", "chili"],
    )
    a1, c1 = island(s, "A1"), island(s, "C1")
    ok(s, EndPhase(2))
    assert s.turn_island == a1 and s.phase is Phase.PLANT
    red, soy, wax = s.players[0].hand
    refused(s, Plant(0, red, 0, 0), "R-VOY-13")
    refused(s, Plant(0, red, c1, 0), "R-VOY-13")
    refused(s, Plant(0, red, 0, KONTOR), "R-VOY-13")
    ok(s, Plant(0, red, a1, 0), Plant(0, soy, a1, KONTOR))
    # phase 2: Ann keeps one face-up blue and trades the other for Cy's card
    end_until(s, Phase.TRADE)
    b1, b2 = s.face_up
    cy = s.players[2].hand[0]
    ok(s, MakeOffer(0, 2, (b2,), (engine.KIND_OF[cy],)), Accept(2, 1, (cy,)))
    ok(s, EndPhase(0))
    assert s.players[0].kept == [b1] and s.players[0].received == [cy]
    refused(s, Plant(0, b1, 0, 0), "R-VOY-13")  # kept: the turn's island only
    refused(s, Plant(0, b1, c1, 0), "R-VOY-13")
    ok(s, Plant(0, cy, c1, 0))  # received: anywhere
    ok(s, Harvest(0, a1, 0), Plant(0, b1, a1, 0))
    ok(s, Plant(2, b2, 2, 0))
    assert colony(s, 0, "C1").fields == [[cy]]
    assert colony(s, 0, "A1").fields == [[b1]]
    assert wax in s.players[0].hand


def test_r_voy_13_rotation_over_four_turns_home_a_c_home() -> None:
    """R-VOY-13: with harbors on A and C only the cycle is Home -> A -> C -> Home (B skipped);
    with one island of the due type it is picked automatically."""
    s = voyage(harbors={0: ["A1", "C1"]}, active=2, phase=Phase.PLANT_TRADED)
    a1, c1 = island(s, "A1"), island(s, "C1")
    seen = []
    next_turn_of(s, 0)
    for i in range(4):
        if i:
            next_turn_of(s, 0)
        assert s.phase is Phase.PLANT, s.phase  # no choice to make
        seen.append(s.turn_island)
        hand = s.players[0].hand
        if hand:  # the front bean may go nowhere else
            for place in {0, a1, c1} - {s.turn_island}:
                refused(s, Plant(0, hand[0], place, 0), "R-VOY-13")
    assert seen == [a1, c1, 0, a1]
    assert_cards_conserved(s)


def test_r_voy_13_choose_between_two_islands_of_the_due_type() -> None:
    """R-VOY-13 / D-4: with two harbors of the due type the turn starts by choosing one."""
    s = voyage(harbors={0: ["A1", "A2"]}, fields={0: [["red", "red"], []]}, active=2)
    s.phase = Phase.PLANT_TRADED
    a1, a2 = island(s, "A1"), island(s, "A2")
    ok(s, EndPhase(2))
    assert s.active == 0 and s.phase is Phase.CHOOSE_ISLAND
    assert engine.pending_players(s) == [0]
    front = s.players[0].hand[0]
    assert {a for a in engine.legal_actions(s, 0) if isinstance(a, ChooseIsland)} == {
        ChooseIsland(0, a1),
        ChooseIsland(0, a2),
    }
    refused(s, Plant(0, front, a1, 0), "R-VOY-13")  # D-13: the island is not chosen yet
    refused(s, EndPhase(0), "R-VOY-13")
    refused(s, Sail(0, (0,), a1), "R-VOY-13")
    refused(s, ChooseIsland(0, 0), "R-VOY-13")
    refused(s, ChooseIsland(0, island(s, "C1")), "R-VOY-13")
    refused(s, ChooseIsland(1, a1), "R-VOY-13")
    ok(s, Harvest(0, 0, 0))  # harvesting is allowed at any time
    ok(s, ChooseIsland(0, a2))
    assert s.phase is Phase.PLANT and s.turn_island == a2
    refused(s, ChooseIsland(0, a1), "R-VOY-13")
    ok(s, Plant(0, front, a2, 0))


# -- R-VOY-14 pirate store ----------------------------------------------------------------------------------------------------


def test_r_voy_14_pirate_store_from_home_kontor_or_ship_at_home() -> None:
    """R-VOY-14: the store takes beans from the home Kontor or a ship docked at home only."""
    s = voyage(
        harbors={0: ["A1"]},
        fields={0: [["wax"], []]},
        kontors={(0, "home"): ["red", "red"], (0, "A1"): ["soy"], (1, "home"): ["cocoa"]},
        ships={0: ("home", ["blue", "blue"])},
        extra_ships=[(0, "A1", ["chili"])],
    )
    r1, r2 = home(s, 0).kontor
    b1, b2 = s.ships[0].cargo
    ok(s, ToStore(0, r1), ToStore(0, b2))
    assert s.players[0].store == [r1, b2]
    assert home(s, 0).kontor == [r2] and s.ships[0].cargo == [b1]
    refused(s, ToStore(0, r2), "D-6")  # one bean per kind
    refused(s, ToStore(0, colony(s, 0, "A1").kontor[0]), "R-VOY-14")  # a colony Kontor
    refused(s, ToStore(0, s.ships[3].cargo[0]), "R-VOY-14")  # a ship away from home
    refused(s, ToStore(0, s.players[0].hand[0]), "R-VOY-14")  # the hand
    refused(s, ToStore(0, home(s, 0).fields[0][0]), "R-VOY-14")  # a field
    refused(s, ToStore(0, home(s, 1).kontor[0]), "R-VOY-14")  # Bob's Kontor


# -- R-VOY-15 pirate ship ---------------------------------------------------------------------------------------------------------


def test_r_voy_15_pirate_ship_costs_five_store_beans() -> None:
    """R-VOY-15 / D-5 / D-7: 5 store beans buy the pirate ship; one per player."""
    s = voyage(store={0: FIVE}, discard=["coffee"])
    pay = tuple(s.players[0].store)
    refused(s, BuyPirateShip(0, pay[:4]), "R-VOY-15")
    refused(s, BuyPirateShip(0, (*pay[:4], s.players[0].hand[0])), "R-VOY-15")
    refused(s, BuyPirateShip(0, (*pay[:4], pay[0])), "R-VOY-15")
    ok(s, BuyPirateShip(0, pay))
    assert s.players[0].pirate_ship and s.players[0].store == []
    assert s.discard[1:] == list(pay)
    s.players[0].store = []
    refused(s, BuyPirateShip(0, ()), "D-7")


def test_r_voy_15_store_payment_is_the_oldest_beans_of_the_set_up_size() -> None:
    """R-VOY-15: the payment offered is the size setups.json names, or None when short."""
    s = voyage(store={0: FIVE + FIVE_MORE[:1]})
    store = s.players[0].store
    assert setup(s).pirate_ship_beans == setup(s).raid_beans == 5
    assert store_payment(s, 0, False) == tuple(store[:5])
    assert store_payment(s, 0, True) == tuple(store[:5])
    s.players[0].store = store[:4]
    assert store_payment(s, 0, False) is None and store_payment(s, 0, True) is None


def test_r_voy_15_raids_cost_five_more_even_in_the_purchase_turn() -> None:
    """R-VOY-15: the ship can't raid in its purchase turn unless another 5 beans are paid."""
    s = voyage(store={0: FIVE + FIVE_MORE}, ships={1: ("home", ["soy", "soy"])})
    store = s.players[0].store[:]
    refused(s, BuyPirateShip(0, tuple(store[:4])), "R-VOY-15")
    ok(s, BuyPirateShip(0, tuple(store[:5])))
    refused(s, RaidShip(0, 1, tuple(store[:5])), "R-VOY-15")  # those are spent
    ok(s, RaidShip(0, 1, tuple(store[5:])))
    assert s.players[0].store == []
    refused(s, RaidShip(0, 1, ()), "R-VOY-15")


def test_r_voy_15_raids_need_a_pirate_ship_and_five_beans() -> None:
    """R-VOY-15: no raid without a pirate ship, nor without 5 store beans."""
    s = voyage(store={0: FIVE}, ships={1: ("home", ["soy"])}, kontors={(1, "home"): ["red"]})
    pay = tuple(s.players[0].store)
    red = home(s, 1).kontor[0]
    refused(s, RaidShip(0, 1, pay), "R-VOY-15")
    refused(s, RaidKontor(0, 1, red, 0, 0, pay), "R-VOY-15")
    s = voyage(store={0: FIVE[:4]}, pirate=[0], ships={1: ("home", ["soy"])})
    refused(s, RaidShip(0, 1, tuple(s.players[0].store)), "R-VOY-15")


# -- R-VOY-16 raid on a Kontor ---------------------------------------------------------------------------------------------------------


def test_r_voy_16_raid_a_kontor() -> None:
    """R-VOY-16: one bean of one opponent's Kontor goes onto a field or into a Kontor of the pirate."""
    s = voyage(
        harbors={0: ["A1"], 2: ["C1"]},
        store={0: FIVE + FIVE_MORE},
        pirate=[0],
        kontors={(1, "home"): ["red", "soy"], (2, "C1"): ["wax"]},
    )
    red, soy = home(s, 1).kontor
    wax = colony(s, 2, "C1").kontor[0]
    a1 = island(s, "A1")
    store = s.players[0].store[:]
    hand = s.players[0].hand[:]
    ok(s, RaidKontor(0, 1, soy, a1, 0, tuple(store[:5])))
    assert home(s, 1).kontor == [red] and colony(s, 0, "A1").fields == [[soy]]
    assert s.players[0].store == store[5:] and s.discard == store[:5]
    ok(s, RaidKontor(0, 2, wax, 0, KONTOR, tuple(store[5:])))
    assert colony(s, 2, "C1").kontor == [] and home(s, 0).kontor == [wax]
    assert s.players[0].hand == hand  # never into a hand


def test_r_voy_16_no_place_refused_before_paying() -> None:
    """R-VOY-16: with no place for the bean the raid is refused and nothing is paid."""
    s = voyage(
        harbors={0: ["A1"]},
        fields={0: [["blue"], ["wax"]]},
        colony_fields={(0, "A1"): [["chili"]]},
        kontors={(0, "A1"): ["soy"], (1, "home"): ["red"]},
        store={0: FIVE},
        pirate=[0],
    )
    red = home(s, 1).kontor[0]
    pay = tuple(s.players[0].store)
    a1 = island(s, "A1")
    refused(s, RaidKontor(0, 1, red, 0, 0, pay), "R-BASE-5")
    refused(s, RaidKontor(0, 1, red, a1, 0, pay), "R-BASE-5")
    refused(s, RaidKontor(0, 1, red, a1, KONTOR, pay), "R-VOY-7")
    refused(s, RaidKontor(0, 1, red, island(s, "A2"), 0, pay), "R-VOY-5")
    refused(s, RaidKontor(0, 0, red, 0, KONTOR, pay), "R-VOY-16")  # oneself
    refused(s, RaidKontor(0, 2, red, 0, KONTOR, pay), "D-7")  # Cy's Kontors are empty
    refused(s, RaidKontor(0, 1, s.players[1].hand[0], 0, KONTOR, pay), "R-VOY-16")  # not in it
    ok(s, RaidKontor(0, 1, red, 0, KONTOR, pay))
    assert home(s, 0).kontor == [red] and home(s, 1).kontor == []


# -- R-VOY-17 raid on a ship --------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "coins", "loot"),
    [(8, 3, 1), (6, 2, 1), (3, 1, 0), (9, 4, 2), (2, 0, 0)],
)
def test_r_voy_17_raid_a_ship(n: int, coins: int, loot: int) -> None:
    """R-VOY-17: the owner sells the whole cargo by the normal beanometer (here at an A island,
    where chili sells worse); the pirate takes half the coins, rounded down; the rest is discarded."""
    s = voyage(
        harbors={1: ["A1"]},
        ships={1: ("A1", ["chili"] * n)},
        store={0: FIVE},
        pirate=[0],
        coins={1: 1},
    )
    cargo = s.ships[1].cargo[:]
    pay = tuple(s.players[0].store)
    old = s.players[1].coins[:]
    ok(s, RaidShip(0, 1, pay))
    assert s.ships[1].cargo == []
    gained = s.players[1].coins[1:]
    assert s.players[1].coins[:1] == old
    assert len(s.players[0].coins) == loot and len(gained) == coins - loot
    assert sorted(s.discard) == sorted([*pay, *cargo[: n - coins]])
    assert sorted(s.players[0].coins + gained) == sorted(cargo[n - coins :])


def test_r_voy_17_refusals() -> None:
    """R-VOY-17 / D-7: only another player's ship, not an empty one; nothing is paid."""
    s = voyage(store={0: FIVE}, pirate=[0], ships={0: ("home", ["red"])})
    pay = tuple(s.players[0].store)
    refused(s, RaidShip(0, 0, pay), "R-VOY-17")
    refused(s, RaidShip(0, 9, pay), "R-VOY-17")
    refused(s, RaidShip(0, 1, pay), "D-7")


# -- R-VOY-18 the end ----------------------------------------------------------------------------------------------------------------------


def test_r_voy_18_only_fields_are_harvested_at_the_end() -> None:
    """R-VOY-18: at the end colony fields sell by their island's meter; Kontor, ship and
    pirate-store beans stay and are worth nothing."""
    s = voyage(
        harbors={0: ["A1"]},
        phase=Phase.PLANT_TRADED,
        exhaustions=2,
        deck=["coffee"],
        fields={0: [["red", "red"], ["blue"]]},
        colony_fields={(0, "A1"): [["red", "red"]]},
        kontors={(0, "home"): ["soy", "soy", "soy"], (0, "A1"): ["wax"]},
        ships={0: ("home", ["chili"] * 6)},
        store={0: FIVE},
    )
    home_reds = home(s, 0).fields[0][:]
    a1_reds = colony(s, 0, "A1").fields[0][:]
    kontor, cargo, store = home(s, 0).kontor[:], s.ships[0].cargo[:], s.players[0].store[:]
    ok(s, EndPhase(0))
    assert s.over
    assert sorted(s.players[0].coins) == sorted(home_reds[1:] + a1_reds)  # 1 + 2 coins
    assert home(s, 0).fields == [[], []] and colony(s, 0, "A1").fields == [[]]
    assert home(s, 0).kontor == kontor and s.ships[0].cargo == cargo
    assert s.players[0].store == store
    assert_cards_conserved(s)


# -- D-2 .. D-8 ------------------------------------------------------------------------------------------------------------------------------


def test_d_2_coffee_and_cocoa_normal_everywhere() -> None:
    """D-2: garden is out (10 kinds); coffee and cocoa sell by the normal meter on every island."""
    s = engine.new_game("voyage", NAMES[:3], seed=2)
    assert len({engine.KIND_OF[c] for c in s.all_cards()}) == 10
    for t in ("A", "B", "C"):
        for bean in ("coffee", "cocoa"):
            assert SALE_TABLES[t][K[bean]] == SALE_TABLES["home"][K[bean]]


def test_d_3_protection_per_island() -> None:
    """D-3: bean protection looks at the fields of the harvested field's island only."""
    s = voyage(
        harbors={0: ["A1"], 1: ["B1"]},
        fields={0: [["red", "red", "red"], []], 1: [["soy"], []]},
        colony_fields={(0, "A1"): [["blue"]], (1, "B1"): [["wax"], ["chili", "chili"]]},
    )
    ok(s, Harvest(0, island(s, "A1"), 0))  # home has 3 beans: irrelevant
    ok(s, Harvest(1, 1, 0))  # B1 has 2 beans: irrelevant
    refused(s, Harvest(1, island(s, "B1"), 0), "R-BASE-12")
    ok(s, Harvest(1, island(s, "B1"), 1), Harvest(1, island(s, "B1"), 0))


def test_d_3_r_base_7_on_the_turns_island() -> None:
    """D-3 / R-BASE-7: with rotation, a bean that fits no field of the turn's island needs a
    harvest there first, even if home has room."""
    s = voyage(
        harbors={0: ["A1", "C1"]},
        hands={0: ["red"]},
        colony_fields={(0, "A1"): [["blue"]]},
        kontors={(0, "A1"): ["soy"]},
        fields={0: [["wax", "wax"], []]},
        active=2,
        phase=Phase.PLANT_TRADED,
    )
    a1 = island(s, "A1")
    ok(s, EndPhase(2))
    red = s.players[0].hand[0]
    assert s.turn_island == a1
    # D-13: no place there takes it (the Kontor is full): R-BASE-7, and harvesting is the way
    for slot in (0, KONTOR):
        r = refused(s, Plant(0, red, a1, slot), "R-BASE-7")
        assert r.reason == "no field takes the red bean: harvest a field first"
    refused(s, Plant(0, red, 0, 1), "R-VOY-13")
    ok(s, Harvest(0, a1, 0), Plant(0, red, a1, 0))


def test_d_4_own_turn_actions() -> None:
    """D-4: ship, Kontor, purchase and raid actions belong to the owner's turn, phases 1 to 3."""
    s = voyage(
        harbors={1: ["A1"]},
        coins={1: 9},
        kontors={(1, "home"): ["red"], (0, "home"): ["wax"]},
        ships={1: ("home", ["red"])},
        store={1: FIVE_MORE},
        fields={1: [[], []]},
    )
    red = home(s, 1).kontor[0]
    pay = tuple(s.players[1].store)
    a1 = island(s, "A1")
    wax = home(s, 0).kontor[0]
    cases: list[Action] = [
        Sail(1, (1,), a1),
        Load(1, 1, (red,)),
        Unload(1, 1, 1),
        KontorToField(1, red, 0),
        ToStore(1, red),
        BuyHarbor(1, island(s, "B1")),
        BuyField(1, a1),
        BuyShip(1),
        BuyPirateShip(1, pay),
        RaidKontor(1, 0, wax, 1, 0, pay),
    ]
    for a in cases:
        refused(s, a, "D-4")
    ok(s, BuyField(1, 1))  # the third field: any time
    # in Bob's own turn, phases 2 and 3 too
    for phase in (Phase.PLANT, Phase.TRADE, Phase.PLANT_TRADED):
        t = s.copy()
        t.active, t.phase, t.turn_island = 1, phase, 1
        for a in cases[:-1]:
            assert engine.check(t, a) is None, (phase, a, engine.check(t, a))


def test_d_5_payments_go_to_the_discard() -> None:
    """D-5: coins paid and store beans spent go bean side up onto the discard pile."""
    s = voyage(coins={0: ["red", "soy", "wax"]}, store={0: FIVE}, discard=["blue"])
    coins, store = s.players[0].coins[:], s.players[0].store[:]
    blue = s.discard[:]
    ok(s, BuyHarbor(0, island(s, "B1")), BuyPirateShip(0, tuple(store)))
    assert s.discard[:1] == blue
    assert sorted(s.discard[1:]) == sorted(coins[1:] + store)


def test_d_6_one_bean_per_kind_in_the_store() -> None:
    """D-6: the store holds one bean per kind, so a payment needs 5 different kinds."""
    s = voyage(kontors={(0, "home"): ["red", "red", "soy"]}, store={0: ["soy"]})
    r1, r2, soy = home(s, 0).kontor
    refused(s, ToStore(0, soy), "D-6")
    ok(s, ToStore(0, r1))
    refused(s, ToStore(0, r2), "D-6")
    assert kinds(s.players[0].store) == ["soy", "red"]


def test_d_7_empty_targets_and_one_pirate_ship() -> None:
    """D-7: a raid on an empty Kontor or ship is refused, nothing paid; one pirate ship each."""
    s = voyage(store={0: FIVE}, pirate=[0])
    pay = tuple(s.players[0].store)
    refused(s, RaidShip(0, 1, pay), "D-7")
    refused(s, RaidKontor(0, 1, s.players[1].hand[0], 0, KONTOR, pay), "D-7")
    refused(s, BuyPirateShip(0, pay), "D-7")


def test_d_8_field_cards_unlimited() -> None:
    """D-8: there is no limit to the number of fields (the box has 13 field cards)."""
    s = voyage(
        5,
        coins=dict.fromkeys(range(5), 5),
        harbors={p: [["A1", "A2", "A3", "B1", "B2"][p]] for p in range(5)},
    )
    for p in range(5):
        seat(s, p)
        ok(s, BuyField(p, p), BuyField(p, s.players[p].holdings[1].island))
    assert sum(len(h.fields) for p in s.players for h in p.holdings) == 25


# -- scenarios ----------------------------------------------------------------------------------------------------------------------------------


def test_scenario_a_bean_carried_to_a_colony_and_sold_there() -> None:
    """R-VOY-7, R-VOY-8, R-VOY-9, R-VOY-4: hand -> home Kontor -> ship -> A1 Kontor -> A1 field,
    sold at the A price (2 red: 2 coins on A, 1 at home)."""
    s = voyage(
        harbors={0: ["A1"]},
        hands={0: ["red", "soy"]},
        colony_fields={(0, "A1"): [["red"]]},
    )
    a1 = island(s, "A1")
    red = s.players[0].hand[0]
    first = colony(s, 0, "A1").fields[0][0]
    ok(s, Plant(0, red, 0, KONTOR))
    assert home(s, 0).kontor == [red]
    ok(s, Load(0, 0, (red,)))
    assert s.ships[0].cargo == [red]
    ok(s, Sail(0, (0,), a1))
    ok(s, Unload(0, 0, 1))
    assert colony(s, 0, "A1").kontor == [red] and s.ships[0].cargo == []
    ok(s, KontorToField(0, red, 0))
    assert colony(s, 0, "A1").fields == [[first, red]]
    ok(s, Harvest(0, a1, 0))
    assert s.players[0].coins == [first, red]
    assert s.discard == []
    assert s.phase is Phase.PLANT  # all of it in phase 1


def test_scenario_raid_a_loaded_ship_with_an_odd_sale() -> None:
    """R-VOY-14, R-VOY-15, R-VOY-17: Ann fills her pirate store from her Kontor and her ship,
    buys the pirate ship; Bob loads 6 soy in his turn; Ann raids: 6 soy sell for 3 coins,
    Ann gets 1 (half, rounded down), Bob 2, three soy go to the discard pile."""
    s = voyage(
        hands={0: ["black-eyed", "cocoa", "coffee"], 1: ["wax", "wax", "wax", "wax", "wax"]},
        kontors={(0, "home"): ["red", "soy", "wax"], (1, "home"): ["soy", "soy", "soy"]},
        ships={0: ("home", ["blue"]), 1: ("home", ["soy", "soy", "soy"])},
        store={0: ["chili", "stink", "green", "coffee"]},
    )
    red, soy, wax = home(s, 0).kontor
    blue = s.ships[0].cargo[0]
    bl, cocoa, _coffee = s.players[0].hand
    refused(s, BuyPirateShip(0, tuple(s.players[0].store)), "R-VOY-15")
    ok(s, ToStore(0, red), ToStore(0, soy), ToStore(0, wax), ToStore(0, blue))
    ok(s, Plant(0, bl, 0, KONTOR), Plant(0, cocoa, 0, KONTOR))
    ok(s, ToStore(0, bl), ToStore(0, cocoa))  # phase 1 or 2: still her turn (D-4)
    assert len(s.players[0].store) == 10 and home(s, 0).kontor == []
    ok(s, BuyPirateShip(0, tuple(s.players[0].store[:5])))
    pay = tuple(s.players[0].store)
    assert len(pay) == 5
    next_turn_of(s, 1)
    bob_soy = home(s, 1).kontor[:]
    ok(s, Load(1, 1, tuple(bob_soy)))
    cargo = s.ships[1].cargo[:]
    assert len(cargo) == 6 and kinds(cargo) == ["soy"] * 6
    next_turn_of(s, 0)
    coins0, coins1, discard = s.players[0].coins[:], s.players[1].coins[:], s.discard[:]
    ok(s, RaidShip(0, 1, pay))
    assert s.ships[1].cargo == [] and s.players[0].store == []
    won0, won1 = s.players[0].coins[len(coins0) :], s.players[1].coins[len(coins1) :]
    assert s.players[0].coins[: len(coins0)] == coins0
    assert s.players[1].coins[: len(coins1)] == coins1
    assert len(won0) == 1 and len(won1) == 2
    assert s.discard[: len(discard)] == discard
    assert sorted(s.discard[len(discard) :] + won0 + won1) == sorted([*pay, *cargo])
    assert_cards_conserved(s)


def test_every_refusal_names_its_rule() -> None:
    """The refusals of the brief, each with its rule id (D-10)."""
    s = voyage(
        harbors={0: ["A1", "C1"], 1: ["A1"]},
        ships={1: ("A1", ["soy"]), 0: ("home", ["red"])},
        kontors={(0, "home"): ["blue", "wax", "chili"]},
        hands={0: ["green"]},
        coins={0: 5},
        store={0: ["red", "blue"]},
        pirate=[0],
    )
    a1, c1 = island(s, "A1"), island(s, "C1")
    blue = home(s, 0).kontor[0]
    green = s.players[0].hand[0]
    cases: list[tuple[Action, str]] = [
        (Sail(0, (0,), a1), "R-VOY-10"),
        (Load(0, 0, (blue,)), "R-VOY-8"),
        (Plant(0, green, 0, KONTOR), "R-VOY-7"),
        (BuyField(0, c1), "R-VOY-6"),
        (BuyHarbor(0, a1), "R-VOY-5"),
        (RaidShip(0, 1, tuple(s.players[0].store)), "R-VOY-15"),
        (ToStore(0, s.ships[0].cargo[0]), "D-6"),
        (ToStore(0, blue), "D-6"),
    ]
    for action, rule in cases:
        refused(s, action, rule)
    # the wrong island for the rotation
    t = voyage(harbors={0: ["A1", "C1"]}, active=2, phase=Phase.PLANT_TRADED)
    ok(t, EndPhase(2))
    refused(t, Plant(0, t.players[0].hand[0], 0, 0), "R-VOY-13")
    # empty Kontor / ship raids
    u = voyage(store={0: FIVE}, pirate=[0])
    refused(u, RaidShip(0, 2, tuple(u.players[0].store)), "D-7")
    refused(u, RaidKontor(0, 2, 0, 0, KONTOR, tuple(u.players[0].store)), "D-7")
