"""Classic Bohnanza (RULES.md section 2) and decisions D-1, D-3, D-9, D-10.

Every test names the rule it checks. A legal action is checked by the exact
state it leaves (hand order, fields, coins, discard); an illegal one by the
refusal's rule id and an unchanged state (``refused`` compares the whole
``GameState`` with a copy taken before).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rules_helpers import (
    NAMES,
    assert_cards_conserved,
    autoplant,
    end_turn,
    end_until,
    finish_turn,
    kind,
    make_state,
    ok,
    refused,
    seat,
)

from bohnanza_tui.rules import engine, trading, view
from bohnanza_tui.rules.actions import (
    Accept,
    Action,
    BuyField,
    BuyHarbor,
    Confirm,
    Decline,
    EndPhase,
    Harvest,
    Keep,
    MakeOffer,
    Plant,
    Withdraw,
)
from bohnanza_tui.rules.common import shuffle
from bohnanza_tui.rules.data import KIND_INDEX, KINDS
from bohnanza_tui.rules.outcome import IllegalAction
from bohnanza_tui.rules.state import HIDDEN, KIND_OF, GameState, Offer, Phase

K = KIND_INDEX


def fields(s: GameState, p: int) -> list[list[int]]:
    return s.players[p].holdings[0].fields


def trade_state(**kw: object) -> GameState:
    """Four players, player 1 (Ann) active in phase 2 with face-up red and soy."""
    kw.setdefault("face_up", ["red", "soy"])
    return make_state("classic", 4, phase=Phase.TRADE, **kw)  # type: ignore[arg-type]


# -- R-BASE-1 deck, seeds ---------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "removed", "size"),
    [
        (3, {"cocoa"}, 150),
        (4, {"coffee"}, 130),
        (5, {"coffee"}, 130),
        (6, {"cocoa", "garden"}, 144),
        (7, {"cocoa", "garden"}, 144),
    ],
)
def test_r_base_1_deck_by_player_count(n: int, removed: set[str], size: int) -> None:
    """R-BASE-1: 3 players remove cocoa, 4-5 coffee, 6-7 cocoa and garden."""
    s = engine.new_game("classic", NAMES[:n], seed=5)
    assert {kind(c) for c in s.all_cards()} == set(KINDS) - removed
    assert len(s.all_cards()) == size
    assert_cards_conserved(s)


def test_r_base_1_shuffled_and_reproducible() -> None:
    """R-BASE-1: the deck is shuffled by the seed; the same seed gives the same game."""
    a = engine.new_game("classic", NAMES[:4], seed=42)
    b = engine.new_game("classic", NAMES[:4], seed=42)
    c = engine.new_game("classic", NAMES[:4], seed=43)
    assert a == b
    assert a.deck != c.deck
    assert a.deck != sorted(a.deck)
    # the same actions give the same game, reshuffles included
    for _ in range(60):
        if a.over:
            break
        finish_turn(a)
        finish_turn(b)
        assert a == b
    assert a.shuffles > 1  # at least one reshuffle of the discard pile happened


# -- R-BASE-2 starting hands -----------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (3, [5, 5, 5]),
        (4, [5, 5, 5, 5]),
        (5, [5, 5, 5, 5, 5]),
        (6, [3, 4, 5, 6, 6, 6]),
        (7, [3, 4, 5, 6, 6, 6, 6]),
    ],
)
def test_r_base_2_starting_hands(n: int, sizes: list[int]) -> None:
    """R-BASE-2: 5 cards each; with 6-7 players 3, 4, 5, then 6 to every later player."""
    s = engine.new_game("classic", NAMES[:n], seed=1)
    assert [len(p.hand) for p in s.players] == sizes
    assert len(s.deck) == len(s.all_cards()) - sum(sizes)
    assert s.discard == [] and s.face_up == []
    assert all(p.coins == [] for p in s.players)
    assert s.active == 0 and s.phase is Phase.PLANT


# -- R-BASE-3 hand order --------------------------------------------------------------


def test_r_base_3_planting_takes_the_front_card() -> None:
    """R-BASE-3: planting takes the front card; the others keep their order."""
    s = make_state(hands={0: ["blue", "red", "soy", "wax"]})
    hand = s.players[0].hand[:]
    refused(s, Plant(0, hand[1], 0, 0), "R-BASE-3")
    refused(s, Plant(0, hand[3], 0, 1), "R-BASE-3")
    ok(s, Plant(0, hand[0], 0, 1))
    assert s.players[0].hand == hand[1:]
    assert fields(s, 0) == [[], [hand[0]]]
    ok(s, Plant(0, hand[1], 0, 0))
    assert s.players[0].hand == hand[2:]
    assert fields(s, 0) == [[hand[1]], [hand[0]]]


def test_r_base_3_trading_a_middle_card_keeps_the_order() -> None:
    """R-BASE-3: a card leaves the middle of a hand only by trade; the others keep their order."""
    s = trade_state(hands={0: ["blue", "red", "soy", "wax"], 1: ["chili", "green", "stink"]})
    h0, h1 = s.players[0].hand[:], s.players[1].hand[:]
    ok(s, MakeOffer(0, 1, (h0[2],), (K["green"],)))
    ok(s, Accept(1, 1, (h1[1],)))
    assert s.players[0].hand == [h0[0], h0[1], h0[3]]
    assert s.players[1].hand == [h1[0], h1[2]]
    # received cards never go to a hand (R-BASE-8)
    assert s.players[0].received == [h1[1]]
    assert s.players[1].received == [h0[2]]
    assert s.offers == []


def test_r_base_3_drawn_cards_go_to_the_back() -> None:
    """R-BASE-3 / R-BASE-10: new cards go to the back of the hand, one at a time from the top."""
    s = make_state(hands={0: ["blue", "red"]}, deck_top=["wax", "soy", "green"])
    hand, top = s.players[0].hand[:], s.deck[-3:]
    s.phase = Phase.PLANT_TRADED
    ok(s, EndPhase(0))
    assert s.players[0].hand == [*hand, top[2], top[1], top[0]]


# -- R-BASE-4 third field -------------------------------------------------------------------


def test_r_base_4_third_field_costs_3() -> None:
    """R-BASE-4: 2 fields; the third costs 3 coins (R-BASE-15: the top coins go to the discard)."""
    s = make_state(coins={0: ["red", "soy", "wax", "blue"]}, discard=["green"])
    coins, discard = s.players[0].coins[:], s.discard[:]
    assert len(fields(s, 0)) == 2
    ok(s, BuyField(0, 0))
    assert fields(s, 0) == [[], [], []]
    assert s.players[0].coins == coins[:1]
    assert s.discard[:1] == discard
    assert sorted(s.discard[1:]) == sorted(coins[1:])
    refused(s, BuyField(0, 0), "R-BASE-4")  # at most one per player


def test_r_base_4_third_field_needs_the_coins() -> None:
    """R-BASE-4: with fewer than 3 coins the third field is refused."""
    s = make_state(coins={0: 2})
    refused(s, BuyField(0, 0), "R-BASE-4")


@pytest.mark.parametrize("n", [6, 7])
def test_r_base_4_third_field_costs_2_with_6_or_7_players(n: int) -> None:
    """R-BASE-4: 2 coins with 6-7 players."""
    s = make_state("classic", n, coins={2: 2})
    ok(s, BuyField(2, 2))  # out of turn: any time (R-BASE-4)
    assert s.players[2].coins == []
    assert len(fields(s, 2)) == 3
    assert len(s.discard) == 2


def test_r_base_4_three_players_start_with_the_third_field() -> None:
    """R-BASE-4: with 3 players everyone starts with three fields and none can be bought."""
    s = make_state("classic", 3, coins={0: 5})
    assert all(len(p.holdings[0].fields) == 3 for p in s.players)
    refused(s, BuyField(0, 0), "R-BASE-4")


def test_r_base_4_third_field_any_time() -> None:
    """R-BASE-4: the third field may be bought at any time, also outside one's turn."""
    for phase in (Phase.PLANT, Phase.TRADE, Phase.PLANT_TRADED):
        s = make_state(coins={2: 3}, phase=phase)
        ok(s, BuyField(2, 2))
        assert len(fields(s, 2)) == 3
    s = make_state(coins={2: 3})
    refused(s, BuyField(2, 1), "R-VOY-1")  # no colony field in classic (someone else's island)


# -- R-BASE-5 a field holds one kind --------------------------------------------------------


def test_r_base_5_one_kind_per_field() -> None:
    """R-BASE-5: a bean goes onto an empty field or a field of its own kind."""
    s = make_state(hands={0: ["red", "red"]}, fields={0: [["blue"], []]})
    hand = s.players[0].hand[:]
    blue = fields(s, 0)[0][0]
    refused(s, Plant(0, hand[0], 0, 0), "R-BASE-5")
    ok(s, Plant(0, hand[0], 0, 1))
    ok(s, Plant(0, hand[1], 0, 1))
    assert fields(s, 0) == [[blue], [hand[0], hand[1]]]


def test_r_base_5_only_own_existing_fields() -> None:
    """R-BASE-5: only one's own fields; a field that does not exist is refused (R-BASE-4)."""
    s = make_state(hands={0: ["red"]})
    card = s.players[0].hand[0]
    refused(s, Plant(0, card, 1, 0), "R-BASE-5")
    refused(s, Plant(0, card, 0, 2), "R-BASE-4")


# -- R-BASE-6 phase 1 --------------------------------------------------------------------------


def test_r_base_6_must_plant_one_may_plant_two() -> None:
    """R-BASE-6: the front card must be planted, the next may be; not a third."""
    s = make_state(hands={0: ["red", "soy", "wax"]})
    hand = s.players[0].hand[:]
    refused(s, EndPhase(0), "R-BASE-6")
    ok(s, Plant(0, hand[0], 0, 0))
    ok(s, Plant(0, hand[1], 0, 1))
    refused(s, Plant(0, hand[2], 0, 0), "R-BASE-6")
    assert s.players[0].hand == [hand[2]]


def test_r_base_6_one_bean_then_trade() -> None:
    """R-BASE-6: after one bean the phase may end; phase 2 turns up the top two cards."""
    s = make_state(hands={0: ["red", "soy"]}, deck_top=["wax", "green"])
    hand, top = s.players[0].hand[:], s.deck[-2:]
    ok(s, Plant(0, hand[0], 0, 0), EndPhase(0))
    assert s.phase is Phase.TRADE
    assert s.players[0].hand == [hand[1]]
    assert s.face_up == [top[1], top[0]]


def test_r_base_6_empty_hand_skips() -> None:
    """R-BASE-6: with an empty hand the player plants nothing."""
    s = make_state(hands={0: []})
    refused(s, Plant(0, s.players[1].hand[0], 0, 0), "R-BASE-6")
    ok(s, EndPhase(0))
    assert s.phase is Phase.TRADE


def test_r_base_6_turn_with_an_empty_hand() -> None:
    """R-BASE-6: a turn that starts with an empty hand goes on to phase 2 without planting."""
    s = make_state(
        hands={1: []}, phase=Phase.PLANT_TRADED, deck_top=["red", "soy", "wax", "wax", "wax"]
    )
    red, soy = s.deck[-5:-3]
    ok(s, EndPhase(0))
    assert s.active == 1
    assert not any(isinstance(a, Plant) for a in engine.legal_actions(s, 1))
    end_until(s, Phase.TRADE)
    assert s.face_up == [soy, red] and s.players[1].hand == []


def test_r_base_6_only_the_active_player_plants_and_ends() -> None:
    """R-BASE-6: in phase 1 only the active player plants, and only he ends phases."""
    s = make_state()
    refused(s, Plant(1, s.players[1].hand[0], 1, 0), "R-BASE-6")
    refused(s, EndPhase(1), "R-BASE-6")
    s.phase = Phase.TRADE
    refused(s, Plant(0, s.players[0].hand[0], 0, 0), "R-BASE-6")  # not in phase 2


# -- R-BASE-7 no field for the bean ------------------------------------------------------------


def test_r_base_7_harvest_first() -> None:
    """R-BASE-7 / D-13: if no field takes the front bean, the player must harvest first;
    the refusal names R-BASE-7 and says what to do (here also: buy the third field)."""
    s = make_state(hands={0: ["red"]}, fields={0: [["blue", "blue"], ["soy", "soy"]]})
    red = s.players[0].hand[0]
    soy = fields(s, 0)[1][:]
    for slot in (0, 1):
        r = refused(s, Plant(0, red, 0, slot), "R-BASE-7")
        assert (
            r.reason == "no field takes the red bean: harvest a field first, or buy the third field"
        )
    refused(s, EndPhase(0), "R-BASE-6")
    ok(s, Harvest(0, 0, 1))  # 2 soy: 1 coin
    ok(s, Plant(0, red, 0, 1))
    assert fields(s, 0)[1] == [red]
    assert s.players[0].coins == soy[1:]
    assert s.discard[-1:] == soy[:1]


def test_d_13_r_base_5_when_another_field_could_take_the_bean() -> None:
    """D-13: R-BASE-5 names a field of another kind while another field takes the bean."""
    s = make_state(hands={0: ["red", "soy"]}, fields={0: [["blue"], []]})
    red = s.players[0].hand[0]
    r = refused(s, Plant(0, red, 0, 0), "R-BASE-5")
    assert "field 1 holds blue beans" in r.reason
    refused(s, Plant(0, s.players[0].hand[1], 0, 1), "R-BASE-3")  # not the front card
    refused(s, Plant(1, red, 1, 0), "R-BASE-6")  # not Bob's phase 1
    ok(s, Plant(0, red, 0, 1))


def test_d_13_r_base_7_without_a_third_field_to_buy() -> None:
    """D-13: with three players the third field is no way out (none is sold): harvest only."""
    s = make_state(
        "classic", 3, hands={0: ["red"]}, fields={0: [["blue", "blue"], ["soy"], ["wax"]]}
    )
    r = refused(s, Plant(0, s.players[0].hand[0], 0, 2), "R-BASE-7")
    assert r.reason == "no field takes the red bean: harvest a field first"
    s = make_state(hands={0: ["red"]}, fields={0: [["blue", "blue"], ["soy"], ["wax"]]})
    r = refused(s, Plant(0, s.players[0].hand[0], 0, 0), "R-BASE-7")  # the third is bought
    assert r.reason == "no field takes the red bean: harvest a field first"


def test_r_base_7_or_buy_the_third_field() -> None:
    """R-BASE-7: or buy the third field where allowed."""
    s = make_state(hands={0: ["red"]}, fields={0: [["blue"], ["soy"]]}, coins={0: 3})
    red = s.players[0].hand[0]
    ok(s, BuyField(0, 0), Plant(0, red, 0, 2))
    assert fields(s, 0)[2] == [red]


# -- R-BASE-8 phase 2 trading ---------------------------------------------------------------------


def test_r_base_8_keep_face_up_cards() -> None:
    """R-BASE-8: the active player keeps face-up cards; unkept ones are kept at the end of phase 2."""
    s = trade_state()
    red, soy = s.face_up
    ok(s, Keep(0, soy))
    assert s.face_up == [red] and s.players[0].kept == [soy]
    refused(s, Keep(0, soy), "R-BASE-8")  # not face up any more
    refused(s, Keep(1, red), "R-BASE-8")  # only the active player
    hand = s.players[0].hand[:]
    ok(s, EndPhase(0))
    assert s.phase is Phase.PLANT_TRADED
    assert s.players[0].kept == [soy, red]
    assert s.players[0].hand == hand  # never to the hand
    assert s.face_up == []


def test_r_base_8_trade_a_face_up_card() -> None:
    """R-BASE-8: the active player trades a face-up card; what each receives waits to be planted."""
    s = trade_state(hands={1: ["chili", "wax"]})
    red, soy = s.face_up
    chili, wax = s.players[1].hand
    hand0 = s.players[0].hand[:]
    ok(s, MakeOffer(0, 1, (red,), (K["wax"],)))
    assert s.face_up == [red, soy]  # nothing moves before the answer
    ok(s, Accept(1, 1, (wax,)))
    assert s.face_up == [soy]
    assert s.players[0].hand == hand0 and s.players[0].received == [wax]
    assert s.players[1].hand == [chili] and s.players[1].received == [red]


def test_r_base_8_donation_needs_consent() -> None:
    """R-BASE-8: a donation (empty want) executes only when the receiver accepts it."""
    s = trade_state()
    red, soy = s.face_up
    ok(s, MakeOffer(0, 2, (red,), ()))
    assert s.face_up == [red, soy] and s.players[2].received == []
    assert s.offers == [Offer(1, 0, 2, [red], [])]
    assert 2 in engine.pending_players(s)
    refused(s, Accept(1, 1, ()), "R-BASE-8")  # not addressed to Bob
    ok(s, Decline(2, 1))
    assert s.offers == [] and s.face_up == [red, soy]
    ok(s, MakeOffer(0, 2, (red,), ()), Accept(2, 2, ()))
    assert s.face_up == [soy] and s.players[2].received == [red]
    assert s.players[0].received == []


def test_r_base_8_donation_from_the_hand_to_the_active_player() -> None:
    """R-BASE-8: a non-active player may donate to the active player, who must accept."""
    s = trade_state(hands={3: ["green", "stink", "wax"]})
    hand = s.players[3].hand[:]
    ok(s, MakeOffer(3, 0, (hand[1],), ()))
    assert s.players[3].hand == hand
    ok(s, Accept(0, 1, ()))
    assert s.players[3].hand == [hand[0], hand[2]]
    assert s.players[0].received == [hand[1]]


def test_r_base_8_offer_to_everyone_needs_confirm() -> None:
    """R-BASE-8: answers to an offer to everyone wait until the active player confirms one."""
    s = trade_state(hands={0: ["blue"], 1: ["wax", "chili"], 2: ["chili", "wax"], 3: ["soy"]})
    red, soy = s.face_up
    h1, h2 = s.players[1].hand[:], s.players[2].hand[:]
    ok(s, MakeOffer(0, None, (red,), (K["wax"],)))
    ok(s, Accept(1, 1, (h1[0],)), Accept(2, 1, (h2[1],)), Decline(3, 1))
    assert s.players[1].hand == h1 and s.players[2].hand == h2 and s.face_up == [red, soy]
    assert s.offers[0].answers == {1: [h1[0]], 2: [h2[1]]}
    refused(s, Accept(1, 1, (h1[0],)), "R-BASE-8")  # answered already
    refused(s, Confirm(1, 1, 2), "R-BASE-8")  # only the proposer confirms
    refused(s, Confirm(0, 1, 3), "R-BASE-8")  # Dee did not accept
    ok(s, Confirm(0, 1, 2))
    assert s.players[2].hand == [h2[0]] and s.players[2].received == [red]
    assert s.players[1].hand == h1 and s.players[1].received == []
    assert s.players[0].received == [h2[1]]
    assert s.face_up == [soy] and s.offers == []


def test_r_base_8_counter_offer() -> None:
    """R-BASE-8: a non-active player offers to the active player; the active player accepts."""
    s = trade_state(hands={0: ["blue", "wax"], 2: ["chili", "green"]})
    red, soy = s.face_up
    blue, wax = s.players[0].hand
    chili, green = s.players[2].hand
    ok(s, MakeOffer(2, 0, (green,), (K["red"], K["wax"])))
    refused(s, Accept(0, 1, (red,)), "R-BASE-8")  # asks for red and wax
    ok(s, Accept(0, 1, (wax, red)))
    assert s.players[0].hand == [blue] and s.face_up == [soy]
    assert s.players[0].received == [green]
    assert s.players[2].hand == [chili]
    assert sorted(s.players[2].received) == sorted([wax, red])


def test_r_base_8_others_trade_only_with_the_active_player() -> None:
    """R-BASE-8: non-active players never trade among themselves, nor offer to everyone."""
    s = trade_state(hands={1: ["chili"], 2: ["wax"]})
    chili = s.players[1].hand[0]
    refused(s, MakeOffer(1, 2, (chili,), (K["wax"],)), "R-BASE-8")
    refused(s, MakeOffer(1, None, (chili,), (K["wax"],)), "R-BASE-8")
    refused(s, MakeOffer(1, 1, (chili,), ()), "R-BASE-8")
    refused(s, MakeOffer(0, 0, (s.face_up[0],), ()), "R-BASE-8")  # not with oneself


def test_r_base_8_what_can_be_given() -> None:
    """R-BASE-8: only own hand cards, and face-up cards for the active player."""
    s = trade_state(hands={0: ["blue"], 1: ["chili"]})
    red = s.face_up[0]
    chili, blue = s.players[1].hand[0], s.players[0].hand[0]
    refused(s, MakeOffer(1, 0, (red,), ()), "R-BASE-8")  # a face-up card is not Bob's
    refused(s, MakeOffer(0, 1, (chili,), ()), "R-BASE-8")  # Bob's card
    refused(s, MakeOffer(0, 1, (s.deck[-1],), ()), "R-BASE-8")  # a deck card
    refused(s, MakeOffer(0, 1, (blue, blue), ()), "R-BASE-8")  # twice
    refused(s, MakeOffer(0, 1, (), ()), "R-BASE-8")  # nothing at all
    refused(s, MakeOffer(0, 1, (blue,), (99,)), "R-BASE-8")  # no such kind


def test_r_base_8_tradeable_lists_what_check_lets_a_player_give() -> None:
    """R-BASE-8: ``tradeable`` names exactly the cards a one-card offer may give."""
    s = trade_state(hands={0: ["blue"], 1: ["chili", "wax"], 2: ["green"]})
    for p in range(4):
        to = 1 if p == 0 else 0
        allowed = [
            c for c in range(len(KIND_OF)) if engine.check(s, MakeOffer(p, to, (c,), ())) is None
        ]
        assert sorted(trading.tradeable(s, p)) == allowed
    assert trading.tradeable(s, 0) == [*s.face_up, *s.players[0].hand]


def test_r_base_8_who_still_owes_an_answer() -> None:
    """R-BASE-8: addressees owe an answer until they accept or decline; they act first."""
    s = trade_state(hands={1: ["wax"], 2: ["wax"], 3: ["soy"]})
    red, soy = s.face_up
    ok(s, MakeOffer(0, None, (red,), (K["wax"],)), MakeOffer(0, 3, (soy,), ()))
    everyone, to_dee = s.offers
    assert trading.awaited(s, everyone) == [1, 2, 3] and trading.awaited(s, to_dee) == [3]
    assert trading.awaiting(s, 3) == [everyone, to_dee] and trading.awaiting(s, 0) == []
    assert engine.next_to_act(s) == 1
    ok(s, Accept(1, 1, tuple(s.players[1].hand)), Decline(2, 1))
    assert trading.awaited(s, everyone) == [3]
    assert trading.awaiting(s, 1) == [] and trading.awaiting(s, 2) == []
    assert engine.next_to_act(s) == 3
    ok(s, Decline(3, 1), Decline(3, 2))
    assert trading.awaited(s, everyone) == [] and trading.awaiting(s, 3) == []
    assert engine.next_to_act(s) == 0  # the active player confirms Bob's answer


def test_next_to_act_is_a_pending_player_and_none_once_over() -> None:
    """The one served next is pending, the active player last; nobody after the game."""
    s = make_state(
        "classic", 4, kept={0: ["red"]}, received={2: ["wax"], 3: ["soy"]}, phase=Phase.PLANT_TRADED
    )
    assert engine.pending_players(s) == [0, 2, 3] and engine.next_to_act(s) == 2
    s.phase = Phase.GAME_OVER
    with pytest.raises(ValueError):
        engine.next_to_act(s)


def test_r_base_8_received_cards_cannot_be_traded_on() -> None:
    """R-BASE-8: received cards never enter a hand and cannot be passed on."""
    s = trade_state(hands={1: ["chili"]})
    red, _soy = s.face_up
    chili = s.players[1].hand[0]
    ok(s, MakeOffer(0, 1, (red,), ()), Accept(1, 1, ()))
    assert red not in s.players[1].hand
    refused(s, MakeOffer(1, 0, (red,), ()), "R-BASE-8")
    ok(s, MakeOffer(1, 0, (chili,), ()), Accept(0, 2, ()))
    refused(s, MakeOffer(0, 2, (chili,), ()), "R-BASE-8")


def test_r_base_8_trading_only_in_phase_2() -> None:
    """R-BASE-8: no offers, answers or withdrawals outside phase 2."""
    s = make_state(hands={0: ["blue"], 1: ["wax"]})
    refused(s, MakeOffer(0, 1, (s.players[0].hand[0],), ()), "R-BASE-8")
    s.phase = Phase.PLANT_TRADED
    refused(s, MakeOffer(1, 0, (s.players[1].hand[0],), ()), "R-BASE-8")


def test_r_base_8_withdraw_and_stale_offers() -> None:
    """R-BASE-8: the proposer withdraws; an offer whose cards are gone closes."""
    s = trade_state(hands={1: ["wax"]})
    red, soy = s.face_up
    ok(s, MakeOffer(0, 1, (red,), (K["wax"],)))
    refused(s, Withdraw(1, 1), "R-BASE-8")
    ok(s, Withdraw(0, 1))
    assert s.offers == []
    refused(s, Accept(1, 1, (s.players[1].hand[0],)), "R-BASE-8")
    ok(s, MakeOffer(0, 1, (soy,), (K["wax"],)), Keep(0, soy))
    assert s.offers == []  # the offered card was kept
    ok(s, MakeOffer(0, 1, (red,), ()), EndPhase(0))
    assert s.offers == []  # phase 2 over: open offers close


# -- R-BASE-9 phase 3 --------------------------------------------------------------------------


def test_r_base_9_everyone_plants_received_beans_before_the_turn_ends() -> None:
    """R-BASE-9: phase 3 waits until every player planted what he kept or received."""
    s = trade_state(hands={0: ["blue"], 1: ["wax", "chili"]})
    red, soy = s.face_up
    wax, chili = s.players[1].hand
    ok(s, MakeOffer(0, 1, (red,), (K["chili"],)), Accept(1, 1, (chili,)))
    ok(s, EndPhase(0))
    assert s.phase is Phase.PLANT_TRADED
    assert s.players[0].kept == [soy] and s.players[0].received == [chili]
    assert engine.pending_players(s) == [0, 1]
    refused(s, EndPhase(0), "R-BASE-9")
    # any order: the received chili before the kept soy
    ok(s, Plant(0, chili, 0, 1), Plant(0, soy, 0, 0))
    assert s.phase is Phase.PLANT_TRADED and 1 in engine.pending_players(s)
    refused(s, EndPhase(0), "R-BASE-9")  # Bob still holds the red
    refused(s, Plant(1, wax, 1, 0), "R-BASE-6")  # a hand card is not planted now (D-13)
    ok(s, Plant(1, red, 1, 1))
    assert s.players[1].holdings[0].fields == [[], [red]]
    assert s.players[1].hand == [wax]
    end_turn(s, 1)
    assert s.active == 1 and s.phase is Phase.PLANT


def test_r_base_9_kept_and_received_only() -> None:
    """R-BASE-9: in phase 3 only kept or received cards are planted, R-BASE-7 applies."""
    s = make_state(
        hands={0: ["blue"]},
        fields={1: [["wax"], ["chili", "chili"]]},
        received={1: ["red"]},
        kept={0: ["soy"]},
        phase=Phase.PLANT_TRADED,
    )
    red = s.players[1].received[0]
    chili = s.players[1].holdings[0].fields[1][:]
    refused(s, Plant(0, s.players[0].hand[0], 0, 0), "R-BASE-6")  # D-13: a hand card
    refused(s, Plant(1, red, 1, 1), "R-BASE-7")  # D-13: no field takes it
    refused(s, Plant(1, red, 1, 0), "R-BASE-7")
    refused(s, Plant(1, red, 0, 0), "R-BASE-4")  # Ann's field
    refused(s, Plant(1, s.players[0].kept[0], 1, 0), "R-BASE-9")  # Ann's card
    refused(s, Harvest(1, 1, 0), "R-BASE-12")
    ok(s, Harvest(1, 1, 1), Plant(1, red, 1, 1))  # harvest (2 chili, 0 coins), then plant
    assert s.players[1].holdings[0].fields[1] == [red]
    assert s.discard[-2:] == chili


# -- R-BASE-10 phase 4 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "draw"), [(3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_r_base_10_draw_then_next_player(n: int, draw: int) -> None:
    """R-BASE-10: 3 cards (4 with 6-7 players) to the back of the hand, then the next turn."""
    s = make_state("classic", n, phase=Phase.PLANT_TRADED, hands={0: ["red"]})
    hand, deck = s.players[0].hand[:], s.deck[:]
    ok(s, EndPhase(0))
    assert s.players[0].hand == hand + deck[::-1][:draw]
    assert s.deck == deck[:-draw]
    assert (s.active, s.turn, s.phase) == (1, 2, Phase.PLANT)
    # the last player passes to the first
    seat(s, n - 1)
    s.phase = Phase.PLANT_TRADED
    ok(s, EndPhase(n - 1))
    assert s.active == 0


# -- R-BASE-11 harvesting out of turn -------------------------------------------------------------


@pytest.mark.parametrize("phase", [Phase.PLANT, Phase.TRADE, Phase.PLANT_TRADED])
def test_r_base_11_any_player_harvests_any_time(phase: Phase) -> None:
    """R-BASE-11: any player may harvest at any moment; the game does not wait for it."""
    s = make_state(fields={2: [["red", "red", "red"], []]}, phase=phase)
    reds = fields(s, 2)[0][:]
    assert 2 not in engine.pending_players(s)
    ok(s, Harvest(2, 2, 0))
    assert fields(s, 2) == [[], []]
    assert s.players[2].coins == reds[1:]  # 3 red: 2 coins
    assert s.discard[-1:] == reds[:1]
    refused(s, Harvest(2, 1, 0), "R-BASE-13")  # only one's own fields


# -- R-BASE-12 bean protection ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "slot", "allowed"),
    [
        ([["red"], ["blue", "blue"]], 0, False),
        ([["red"], ["blue", "blue"]], 1, True),
        ([["red"], ["blue"]], 0, True),
        ([["red"], []], 0, True),
        ([["red"], ["blue"], ["soy", "soy", "soy"]], 0, False),
        ([["red"], ["blue"], ["soy", "soy", "soy"]], 1, False),
        ([["red"], ["blue"], ["soy"]], 2, True),
    ],
)
def test_r_base_12_bean_protection(spec: list[list[str]], slot: int, allowed: bool) -> None:
    """R-BASE-12 / D-3: a one-bean field is harvested only if no field holds more than one."""
    s = make_state("classic", 4, fields={1: spec})
    if allowed:
        ok(s, Harvest(1, 1, slot))
        assert fields(s, 1)[slot] == []
    else:
        refused(s, Harvest(1, 1, slot), "R-BASE-12")


# -- R-BASE-13/14 harvest ------------------------------------------------------------------------------


def test_r_base_13_harvest_sells_the_whole_field() -> None:
    """R-BASE-13: all beans of the field are sold; the field becomes empty."""
    s = make_state(fields={0: [["chili"] * 5, ["red"]]})
    refused(s, Harvest(0, 0, 5), "R-BASE-13")
    refused(s, Harvest(0, 0, 2), "R-BASE-13")  # no third field
    ok(s, Harvest(0, 0, 0))
    assert fields(s, 0)[0] == []
    refused(s, Harvest(0, 0, 0), "R-BASE-13")  # empty now
    assert len(s.players[0].coins) == 1 and len(s.discard) == 4  # 5 chili: 1 coin


def test_r_base_14_top_sold_cards_become_coins() -> None:
    """R-BASE-14: the top cards of the field become coins on top of the stack, the rest is discarded."""
    s = make_state(fields={0: [["blue"] * 7, []]}, coins={0: 1}, discard=["red"])
    blues = fields(s, 0)[0][:]
    coin, red = s.players[0].coins[:], s.discard[:]
    ok(s, Harvest(0, 0, 0))  # blue 7: 2 coins
    assert s.players[0].coins == coin + blues[5:]
    assert s.discard == red + blues[:5]


def test_r_base_14_no_coins_all_discarded() -> None:
    """R-BASE-14: a sale worth nothing discards every card."""
    s = make_state(fields={0: [["garden"], []]})
    garden = fields(s, 0)[0][:]
    ok(s, Harvest(0, 0, 0))
    assert s.players[0].coins == [] and s.discard == garden


@pytest.mark.parametrize(
    ("bean", "n", "coins"),
    [("wax", 3, 0), ("wax", 4, 1), ("wax", 11, 4), ("wax", 14, 4), ("red", 8, 4), ("garden", 6, 3)],
)
def test_r_base_14_beanometer(bean: str, n: int, coins: int) -> None:
    """R-BASE-14 / section 1: the sale value is the largest coin count whose threshold is met."""
    s = make_state(fields={0: [[bean] * n, []]})
    ok(s, Harvest(0, 0, 0))
    assert len(s.players[0].coins) == coins
    assert len(s.discard) == n - coins


# -- R-BASE-15 paying ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 6])
def test_r_base_15_paying_takes_the_top_coins(n: int) -> None:
    """R-BASE-15: paying takes the top coins of the stack onto the discard pile, bean side up."""
    s = make_state(
        "classic", n, coins={1: ["wax", "blue", "red", "soy", "green"]}, discard=["chili"]
    )
    coins = s.players[1].coins[:]
    cost = 3 if n == 4 else 2
    ok(s, BuyField(1, 1))
    assert s.players[1].coins == coins[:-cost]
    assert len(s.discard) == 1 + cost
    assert sorted(s.discard[1:]) == sorted(coins[-cost:])  # the old discard stays below


# -- R-BASE-16 reshuffle, D-1 exhaustion -----------------------------------------------------------------------


def test_r_base_16_d_1_exhaustion_counted_at_the_last_card_reshuffle_later() -> None:
    """R-BASE-16 / D-1: the exhaustion counts when the last card is drawn; the discard is
    shuffled only when the next card is needed, so cards discarded in between join the deck."""
    s = make_state(
        phase=Phase.PLANT_TRADED,
        deck=["wax", "blue", "chili"],
        discard=["red", "red"],
        leftover=3,
        fields={1: [["soy", "soy"], []]},
    )
    assert s.exhaustions == 0
    ok(s, EndPhase(0))  # draws the last three cards
    assert s.deck == [] and s.exhaustions == 1
    discard = s.discard[:]
    assert len(discard) == 2
    soy = fields(s, 1)[0][:]
    ok(s, Harvest(1, 1, 0))  # soy 2: one coin, one card to the discard
    assert s.discard == [*discard, soy[0]]
    shuffles = s.shuffles
    ok(s, Plant(1, s.players[1].hand[0], 1, 0), EndPhase(1))  # reveal: reshuffle now
    assert s.shuffles == shuffles + 1
    assert s.discard == []
    assert sorted(s.deck + s.face_up) == sorted([*discard, soy[0]])
    assert len(s.face_up) == 2
    assert s.exhaustions == 1
    assert_cards_conserved(s)


def test_r_base_16_reshuffle_mid_draw() -> None:
    """R-BASE-16: a draw from an empty deck shuffles the discard pile into a new deck."""
    s = make_state(
        phase=Phase.PLANT_TRADED, deck=["wax"], discard=["red", "soy", "green"], leftover=3
    )
    hand = s.players[0].hand[:]
    wax = s.deck[0]
    ok(s, EndPhase(0))
    assert s.players[0].hand[: len(hand) + 1] == [*hand, wax]
    assert len(s.players[0].hand) == len(hand) + 3
    assert s.exhaustions == 1
    assert len(s.deck) == 1 and s.discard == []


@given(seed=st.integers(0, 2**31), shuffles=st.integers(0, 20), size=st.integers(0, 154))
def test_r_base_16_the_shuffle_is_the_seeded_random_shuffle(
    seed: int, shuffles: int, size: int
) -> None:
    """R-BASE-16 (and R-BASE-2): every shuffle is the seeded stream's ``random.shuffle``, so
    saves replay exactly; the engine writes the loop out and counts the shuffle."""
    s = engine.new_game("classic", ["Ann", "Bob", "Cy"], seed)
    s.shuffles = shuffles
    cards = list(range(size))
    expected = cards[:]
    random.Random(seed * 1_000_003 + shuffles).shuffle(expected)
    shuffle(s, cards)
    assert cards == expected
    assert s.shuffles == shuffles + 1


# -- R-BASE-17 the end ----------------------------------------------------------------------------------------------


def test_r_base_17_final_exhaustion_in_phase_4_ends_at_once() -> None:
    """R-BASE-17: the third exhaustion in phase 4 ends the game at once."""
    s = make_state(
        phase=Phase.PLANT_TRADED,
        exhaustions=2,
        deck=["red", "soy"],
        discard=["wax", "wax", "wax"],
        leftover=3,
    )
    hand, deck = s.players[0].hand[:], s.deck[:]
    ok(s, EndPhase(0))
    assert s.phase is Phase.GAME_OVER and s.over
    assert s.exhaustions == 3
    assert s.players[0].hand == [*hand, deck[1], deck[0]]  # the third card is never drawn
    assert s.active == 0 and s.turn == 1
    assert len(s.discard) == 3 and s.shuffles == 1  # no reshuffle
    assert engine.pending_players(s) == []
    refused(s, Harvest(1, 1, 0), "R-BASE-17")
    refused(s, EndPhase(0), "R-BASE-17")


def test_r_base_17_final_exhaustion_in_phase_2_one_card() -> None:
    """R-BASE-17: at the final exhaustion in phase 2 the active player takes the one card
    that could be drawn, phases 2 and 3 are completed, and then the game ends (no phase 4)."""
    s = make_state(
        hands={0: ["blue", "blue"], 1: ["wax"]},
        exhaustions=2,
        deck=["red"],
        discard=["chili"],
        leftover=3,
    )
    red = s.deck[0]
    hand = s.players[0].hand[:]
    ok(s, Plant(0, hand[0], 0, 0))
    end_until(s, Phase.TRADE)
    assert s.face_up == [red] and s.deck == [] and s.exhaustions == 3
    assert s.phase is Phase.TRADE and not s.over
    # phase 2 goes on: trading works
    wax = s.players[1].hand[0]
    ok(s, MakeOffer(0, 1, (red,), (K["wax"],)), Accept(1, 1, (wax,)))
    ok(s, EndPhase(0))
    assert s.phase is Phase.PLANT_TRADED
    ok(s, Plant(0, wax, 0, 1))
    refused(s, EndPhase(0), "R-BASE-9")  # phase 3 is completed by everyone
    ok(s, Plant(1, red, 1, 0))
    end_turn(s, 1)
    assert s.over
    assert s.players[0].hand == hand[1:]  # nothing drawn
    assert s.shuffles == 1  # only the deal's shuffle


def test_r_base_17_final_exhaustion_in_phase_2_no_card() -> None:
    """R-BASE-17 / D-1: an empty deck and an empty discard pile when a card is needed is the
    final exhaustion: nothing is turned up, phases 2 and 3 are completed, the game ends."""
    s = make_state(hands={0: ["blue"]}, exhaustions=1, deck=[], discard=[], leftover=3)
    assert s.deck == [] and s.discard == []
    ok(s, Plant(0, s.players[0].hand[0], 0, 0))
    end_until(s, Phase.TRADE)
    assert s.face_up == [] and s.exhaustions == 3
    assert s.phase is Phase.TRADE and not s.over
    end_turn(s, 1)
    assert s.over


def test_r_base_17_two_cards_at_the_final_exhaustion_in_phase_2() -> None:
    """R-BASE-17 / D-1: when the last two cards are turned up, both are taken, then the end."""
    s = make_state(hands={0: ["blue"]}, exhaustions=2, deck=["red", "soy"], discard=[], leftover=3)
    ok(s, Plant(0, s.players[0].hand[0], 0, 0))
    end_until(s, Phase.TRADE)
    assert len(s.face_up) == 2 and s.exhaustions == 3
    ok(s, EndPhase(0))
    for c in s.players[0].kept[:]:
        autoplant(s, 0, c, 0)
    end_turn(s, 1)
    assert s.over and s.players[0].kept == []


def test_r_base_17_d_1_empty_deck_and_discard_in_phase_4() -> None:
    """D-1 / R-BASE-17: nothing left to draw in phase 4 is the final exhaustion: the end at once."""
    s = make_state(phase=Phase.PLANT_TRADED, exhaustions=1, deck=[], discard=[], leftover=3)
    hand = s.players[0].hand[:]
    ok(s, EndPhase(0))
    assert s.over and s.players[0].hand == hand


def test_r_base_17_three_players_second_exhaustion_ends() -> None:
    """R-BASE-17: with 3 players the second exhaustion ends the game; the first does not."""
    s = make_state("classic", 3, phase=Phase.PLANT_TRADED, deck=["red"])
    ok(s, EndPhase(0))
    assert s.exhaustions == 1 and not s.over and s.active == 1
    s = make_state("classic", 3, phase=Phase.PLANT_TRADED, exhaustions=1, deck=["red"])
    ok(s, EndPhase(0))
    assert s.exhaustions == 2 and s.over


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_r_base_17_more_players_third_exhaustion_ends(n: int) -> None:
    """R-BASE-17: with 4-7 players the second exhaustion does not end the game, the third does."""
    s = make_state("classic", n, phase=Phase.PLANT_TRADED, exhaustions=1, deck=["red"])
    ok(s, EndPhase(0))
    assert s.exhaustions == 2 and not s.over
    s = make_state("classic", n, phase=Phase.PLANT_TRADED, exhaustions=2, deck=["red"])
    ok(s, EndPhase(0))
    assert s.over


# -- R-BASE-18 final harvest, ranking ------------------------------------------------------------------------------------


def test_r_base_18_final_harvest_ignores_protection() -> None:
    """R-BASE-18: at the end every field is harvested, bean protection does not apply."""
    s = make_state(
        phase=Phase.PLANT_TRADED,
        exhaustions=2,
        deck=["wax"],
        fields={1: [["red"], ["soy", "soy", "soy", "soy"]], 2: [["red", "red"], []]},
        coins={1: 1},
    )
    refused(s, Harvest(1, 1, 0), "R-BASE-12")
    red = fields(s, 1)[0][:]
    soy = fields(s, 1)[1][:]
    reds2 = fields(s, 2)[0][:]
    coin = s.players[1].coins[:]
    discard = s.discard[:]
    ok(s, EndPhase(0))
    assert s.over
    assert all(f == [] for p in s.players for f in p.holdings[0].fields)
    assert s.players[1].coins == coin + soy[2:]  # 4 soy: 2 coins; 1 red: 0
    assert s.players[2].coins == reds2[1:]  # 2 red: 1 coin
    assert sorted(s.discard) == sorted(discard + red + soy[:2] + reds2[:1])


def test_r_base_18_ranking_coins_then_hand_then_shared() -> None:
    """R-BASE-18: most coins wins; ties go to most cards in hand; then the win is shared."""
    s = make_state(
        "classic",
        5,
        coins={0: 4, 1: 6, 2: 6, 3: 6, 4: 2},
        hands={0: ["red"] * 5, 1: ["wax"], 2: ["wax", "wax"], 3: ["soy", "soy"], 4: []},
    )
    ranking = engine.standings(s)
    assert [(r.player, r.coins, r.hand, r.rank) for r in ranking] == [
        (2, 6, 2, 1),
        (3, 6, 2, 1),
        (1, 6, 1, 3),
        (0, 4, 5, 4),
        (4, 2, 0, 5),
    ]


def test_r_base_18_game_end_names_the_winner() -> None:
    """R-BASE-18: the end event names the winner(s)."""
    s = make_state(
        phase=Phase.PLANT_TRADED,
        exhaustions=2,
        deck=["wax"],
        coins={0: 0, 1: 3, 2: 3, 3: 1},
        hands={0: [], 1: ["red"], 2: ["red"], 3: []},
        leftover="discard",
    )
    events = engine.apply(s, EndPhase(0))
    assert s.over
    assert "Bob & Cy" in str(events[-1])


# -- D-9 what a player sees --------------------------------------------------------------------------------------------------


def test_d_9_view_hides_hands_deck_coins() -> None:
    """D-9: a view shows no other hand, no deck card, no coin face, only the discard's top;
    sizes, fields, face-up cards and everything else stay visible."""
    s = make_state(
        phase=Phase.TRADE,
        coins={1: 3, 2: 1},
        discard=["red", "wax", "soy"],
        fields={2: [["blue", "blue"], []]},
        face_up=["chili", "green"],
        received={3: ["stink"]},
    )
    v = view(s, 1)
    assert v.players[1].hand == s.players[1].hand
    for p in (0, 2, 3):
        assert v.players[p].hand == [HIDDEN] * len(s.players[p].hand)
    assert v.deck == [HIDDEN] * len(s.deck)
    assert all(v.players[p].coins == [HIDDEN] * len(s.players[p].coins) for p in range(4))
    assert v.discard == [HIDDEN, HIDDEN, s.discard[-1]]
    assert v.players[2].holdings == s.players[2].holdings
    assert v.face_up == s.face_up and v.players[3].received == s.players[3].received
    assert (v.exhaustions, v.phase, v.active, v.turn) == (s.exhaustions, s.phase, s.active, s.turn)
    # no hidden id anywhere in the view
    hidden = set(s.deck) | set(s.discard[:-1])
    for p in range(4):
        hidden |= set(s.players[p].coins)
        if p != 1:
            hidden |= set(s.players[p].hand)
    assert not hidden & set(v.all_cards())
    # an onlooker sees no hand; the view is a copy
    assert all(set(p.hand) <= {HIDDEN} for p in view(s, None).players)
    v.players[1].hand.clear()
    assert s.players[1].hand


def test_d_9_view_does_not_reveal_the_seed() -> None:
    """D-9: the seed would give away the deck order and every hand, so a view hides it."""
    s = make_state(seed=2024)
    v = view(s, 0)
    assert v.seed != s.seed
    fresh = engine.new_game("classic", NAMES[:4], seed=v.seed)
    assert fresh.players[1].hand != s.players[1].hand
    s.phase = Phase.GAME_OVER  # afterwards it may be shown
    assert view(s, 0).seed == 2024


# -- D-10 refusals ---------------------------------------------------------------------------------------------------------


def test_d_10_refusals_change_nothing_and_say_why() -> None:
    """D-10: a refused action changes nothing and names its rule with a readable reason."""
    s = make_state(hands={0: ["blue", "red"]}, fields={0: [["soy"], ["wax", "wax"]]})
    hand = s.players[0].hand
    cases: list[tuple[Action, str]] = [
        (Plant(0, hand[1], 0, 0), "R-BASE-3"),
        (Plant(0, hand[0], 0, 0), "R-BASE-7"),
        (Harvest(0, 0, 0), "R-BASE-12"),
        (EndPhase(0), "R-BASE-6"),
        (Keep(0, hand[0]), "R-BASE-8"),
        (BuyField(0, 0), "R-BASE-4"),
        (BuyHarbor(0, 1), "R-VOY-1"),
        (Plant(9, hand[0], 0, 0), "D-10"),
        (Action(0), "D-10"),
    ]
    for action, rule in cases:
        r = refused(s, action, rule)
        assert rule in str(r)
    with pytest.raises(IllegalAction) as info:
        engine.apply(s, Harvest(0, 0, 0))
    assert info.value.rule == "R-BASE-12"
    assert str(info.value).startswith("R-BASE-12: ")


def test_d9_offered_cards_stay_visible_in_a_view() -> None:
    """D-9: a card put on the table in an open offer is seen by everyone, so views show it in place."""
    import random

    from bohnanza_tui.rules import apply, determinize, new_game, view
    from bohnanza_tui.rules.actions import EndPhase, MakeOffer, Plant
    from bohnanza_tui.rules.state import HIDDEN, KIND_OF

    state = new_game("classic", ["Ann", "Bob", "Cy"], seed=4)
    apply(state, Plant(0, state.players[0].hand[0], 0, 0))
    if state.phase.value == "plant":
        apply(state, EndPhase(0))
    bob_card = state.players[1].hand[2]
    apply(state, MakeOffer(1, 0, (bob_card,), (KIND_OF[state.face_up[0]],)))
    for watcher in (0, 2):
        seen = view(state, watcher).players[1].hand
        assert seen[2] == bob_card
        assert seen.count(HIDDEN) == len(seen) - 1
    sample = determinize(view(state, 2), random.Random(1))
    assert sample.players[1].hand[2] == bob_card
    assert sorted(sample.all_cards()) == sorted(state.all_cards())
