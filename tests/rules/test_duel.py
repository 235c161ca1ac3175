"""The Bean Duel: classic Bohnanza for two players (RULES.md section 5, D-11, D-12).

Every test names the rule it checks; legal actions are checked by the exact
state they leave, illegal ones by the refusal's rule id and an unchanged state.
"""

from __future__ import annotations

import random

import pytest
from rules_helpers import assert_cards_conserved, kinds, make_state, ok, refused

from bohnanza_tui.rules import engine, view
from bohnanza_tui.rules.actions import (
    Accept,
    BuyField,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    MakeOffer,
    Plant,
)
from bohnanza_tui.rules.data import KIND_INDEX, KINDS
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.state import HIDDEN, KIND_OF, GameState, Phase

K = KIND_INDEX


def duel(**kw: object) -> GameState:
    """Ann (player 1) and Bob; Ann active in step 2 unless told otherwise."""
    return make_state("classic", 2, **kw)  # type: ignore[arg-type]


def fields(s: GameState, p: int) -> list[list[str]]:
    return [kinds(f) for f in s.players[p].holdings[0].fields]


def hand(s: GameState, p: int) -> list[str]:
    return kinds(s.players[p].hand)


def card(cards: list[int], name: str) -> int:
    return next(c for c in cards if KINDS[KIND_OF[c]] == name)


# -- R-DUEL-1 set-up -----------------------------------------------------------------


def test_r_duel_1_set_up() -> None:
    """R-DUEL-1: no garden, no cocoa (144 cards), three empty fields each, five cards each,
    player 1 starts."""
    s = engine.new_game("classic", ["Ann", "Bob"], seed=3)
    assert len(s.all_cards()) == 144
    assert {KINDS[KIND_OF[c]] for c in s.all_cards()} == set(KINDS) - {"garden", "cocoa"}
    for p in s.players:
        assert p.holdings[0].fields == [[], [], []]
        assert len(p.hand) == 5
    assert (s.active, s.phase, s.turn, s.offered, s.discarded) == (0, Phase.PLANT, 1, [], False)
    assert len(s.deck) == 134 and s.discard == []
    assert_cards_conserved(s)


def test_r_duel_1_no_field_for_sale() -> None:
    """R-DUEL-1: everyone has three fields; none can be bought."""
    s = duel(coins={0: 5})
    refused(s, BuyField(0, 0), "R-DUEL-1")


# -- R-DUEL-2 no trading -------------------------------------------------------------


def test_r_duel_2_no_trading_or_donations() -> None:
    """R-DUEL-2: offers, donations and acceptances are refused in every step."""
    s = duel(hands={0: ["blue", "wax"], 1: ["soy"]}, face_up=["red", "chili", "soy"])
    s.phase = Phase.TRADE
    hand0 = s.players[0].hand
    refused(s, MakeOffer(0, 1, (hand0[0],), (K["soy"],)), "R-DUEL-2")
    refused(s, MakeOffer(0, 1, (s.face_up[0],), ()), "R-DUEL-2")  # a donation
    refused(s, MakeOffer(1, 0, (), (K["red"],)), "R-DUEL-2")
    refused(s, Accept(1, 1, (s.players[1].hand[0],)), "R-DUEL-2")
    s.phase = Phase.PLANT
    refused(s, MakeOffer(0, 1, (hand0[1],), ()), "R-DUEL-2")


def test_r_duel_2_turned_up_cards_are_not_kept() -> None:
    """R-DUEL-2 (R-BASE-8 does not apply): no keeping for phase 3; they are planted (R-DUEL-4)."""
    s = duel(face_up=["red", "chili", "soy"], phase=Phase.TRADE)
    refused(s, Keep(0, s.face_up[0]), "R-DUEL-4")


# -- R-DUEL-3 harvests in one's own turn ---------------------------------------------


def test_r_duel_3_no_harvest_outside_own_turn() -> None:
    """R-DUEL-3: Bob may not harvest in Ann's turn, in any step; nothing else is his to do."""
    s = duel(fields={1: [["blue"] * 4, [], []]})
    for phase in (Phase.PLANT, Phase.TRADE):
        s.phase = phase
        refused(s, Harvest(1, 1, 0), "R-DUEL-3")
        assert engine.legal_actions(s, 1) == []
        assert engine.pending_players(s) == [0]


def test_r_duel_3_harvest_in_own_turn() -> None:
    """R-DUEL-3: in her own turn Ann harvests, by the beanometer (R-BASE-13, R-BASE-14)."""
    s = duel(fields={0: [["blue"] * 4, ["wax"], []]}, discard=[])
    blues = s.players[0].holdings[0].fields[0][:]
    ok(s, Harvest(0, 0, 0))
    assert fields(s, 0) == [[], ["wax"], []]
    assert s.players[0].coins == blues[3:]
    assert s.discard == blues[:3]


def test_r_duel_3_bean_protection_still_applies() -> None:
    """R-DUEL-3 keeps R-BASE-12: a single bean is protected while another field has more."""
    s = duel(fields={0: [["blue"] * 2, ["wax"], []]})
    refused(s, Harvest(0, 0, 1), "R-BASE-12")


# -- R-DUEL-4 step 1: the offered beans ----------------------------------------------


def offered_state() -> GameState:
    return duel(
        hands={0: ["soy", "red"]},
        fields={0: [["chili"], ["stink"], []]},
        offered=["chili", "wax", "blue"],
        discard=[],
    )


def test_r_duel_4_step_1_offered_beans_first() -> None:
    """R-DUEL-4 step 1: before the hand, before ending, before a hand discard."""
    s = offered_state()
    front = s.players[0].hand[0]
    refused(s, Plant(0, front, 0, 2), "R-DUEL-4")
    refused(s, EndPhase(0), "R-DUEL-4")
    refused(s, Discard(0, s.players[0].hand[1]), "R-DUEL-4")


def test_r_duel_4_step_1_plant_or_discard_in_any_order() -> None:
    """R-DUEL-4 step 1: each offered bean is planted or discarded, in any order; then phase 1."""
    s = offered_state()
    chili, wax, blue = s.offered
    ok(s, Discard(0, wax))
    assert kinds(s.offered) == ["chili", "blue"] and s.discard[-1] == wax
    assert s.discarded is False  # a discard of an offered bean is not the turn's hand discard
    ok(s, Plant(0, blue, 0, 2))
    ok(s, Plant(0, chili, 0, 0))
    assert fields(s, 0) == [["chili", "chili"], ["stink"], ["blue"]]
    assert s.offered == [] and s.discard == [wax]
    assert (s.phase, s.planted, hand(s, 0)) == (Phase.PLANT, 0, ["soy", "red"])
    refused(s, EndPhase(0), "R-BASE-6")  # phase 1 still wants its bean


def test_r_duel_4_step_1_offered_bean_needs_a_fitting_field() -> None:
    """R-DUEL-4 step 1 with R-BASE-5: an offered bean goes on an empty field or its own kind."""
    s = offered_state()
    refused(s, Plant(0, s.offered[1], 0, 0), "R-BASE-5")


def test_r_duel_4_step_1_skipped_without_offer() -> None:
    """R-DUEL-4 step 1 is skipped when nothing is on offer (as on the first turn)."""
    s = engine.new_game("classic", ["Ann", "Bob"], seed=4)
    front = s.players[0].hand[0]
    ok(s, Plant(0, front, 0, 0))
    assert s.players[0].holdings[0].fields[0] == [front]


# -- R-DUEL-4 step 2: phase 1, then one discard --------------------------------------


def step2() -> GameState:
    return duel(hands={0: ["soy", "red", "wax", "blue"]}, fields={0: [[], [], []]})


def test_r_duel_4_step_2_one_discard_from_any_position() -> None:
    """R-DUEL-4 step 2: after phase 1, one hand card from any position face up on the discard
    pile; then no second discard and no more planting."""
    s = step2()
    soy, red, wax, blue = s.players[0].hand
    refused(s, Discard(0, wax), "R-BASE-6")  # phase 1 first
    ok(s, Plant(0, soy, 0, 0))
    ok(s, Discard(0, wax))
    assert s.players[0].hand == [red, blue]
    assert s.discard[-1] == wax and s.discarded
    refused(s, Discard(0, blue), "R-DUEL-4")
    refused(s, Plant(0, red, 0, 1), "R-DUEL-4")
    assert s.phase is Phase.PLANT  # the player turns up the cards with EndPhase


def test_r_duel_4_step_2_two_plants_then_discard() -> None:
    """R-DUEL-4 step 2: phase 1 as R-BASE-6 (two beans at most), then the discard."""
    s = step2()
    soy, red, wax, blue = s.players[0].hand
    ok(s, Plant(0, soy, 0, 0), Plant(0, red, 0, 1))
    assert s.phase is Phase.PLANT and s.planted == 2  # the discard may still follow
    refused(s, Plant(0, wax, 0, 2), "R-BASE-6")
    ok(s, Discard(0, blue))
    assert s.players[0].hand == [wax]


def test_r_duel_4_step_2_discard_only_own_turn_and_own_hand() -> None:
    """R-DUEL-4: only the active player discards, and only a card of the own hand."""
    s = step2()
    ok(s, Plant(0, s.players[0].hand[0], 0, 0))
    refused(s, Discard(1, s.players[1].hand[0]), "R-DUEL-4")
    refused(s, Discard(0, s.players[1].hand[0]), "R-DUEL-4")


def test_r_duel_4_no_discard_in_larger_games() -> None:
    """R-DUEL-4 belongs to the game of two: with three players a hand card is never discarded."""
    s = make_state("classic", 3, hands={0: ["soy", "red"]})
    ok(s, Plant(0, s.players[0].hand[0], 0, 0))
    refused(s, Discard(0, s.players[0].hand[0]), "R-DUEL-4")


# -- R-DUEL-4 step 3: turn up, match the discard pile, plant, offer -------------------


def test_r_duel_4_step_3_turn_up_three_and_match_discard() -> None:
    """R-DUEL-4 step 3 and D-12: three cards turned up; while the discard pile's top is of a
    turned-up kind it joins them."""
    s = duel(
        hands={0: ["soy"]},
        deck_top=["blue", "red", "chili"],  # chili on top
        discard=["red", "soy", "blue", "chili"],  # chili on top
    )
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0))
    assert s.phase is Phase.TRADE
    assert kinds(s.face_up) == ["chili", "red", "blue", "chili", "blue"]
    assert kinds(s.discard) == ["red", "soy"]


def test_d_12_matching_happens_once() -> None:
    """D-12: cards discarded later in the turn (by a harvest) do not join the turned-up ones."""
    s = duel(
        hands={0: ["soy"]},
        fields={0: [[], ["wax"] * 4, []]},
        deck_top=["blue", "red", "wax"],
        discard=["soy"],
    )
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0))
    assert kinds(s.face_up) == ["wax", "red", "blue"]
    ok(s, Harvest(0, 0, 1))
    assert kind_top(s) == "wax"
    assert kinds(s.face_up) == ["wax", "red", "blue"]


def kind_top(s: GameState) -> str:
    return KINDS[KIND_OF[s.discard[-1]]]


def test_r_duel_4_step_3_plant_any_rest_on_offer_then_draw_two() -> None:
    """R-DUEL-4 steps 3 and 4: any of the turned-up beans is planted (none required), the
    rest are on offer to the opponent; the active player draws two, one at a time."""
    s = duel(
        hands={0: ["soy"]},
        fields={0: [[], [], []]},
        deck_top=["green", "stink", "blue", "red", "chili"],
        discard=[],
    )
    soy = s.players[0].hand[0]
    ok(s, Plant(0, soy, 0, 0), EndPhase(0))
    chili, red, blue = s.face_up
    refused(s, Plant(0, s.deck[-1], 0, 1), "R-DUEL-4")  # not turned up
    refused(s, Plant(1, chili, 1, 0), "R-DUEL-4")  # not Bob's turn
    refused(s, Plant(0, chili, 0, 0), "R-BASE-5")  # the soy field
    ok(s, Plant(0, red, 0, 1))
    before_deck = s.deck[:]
    ok(s, EndPhase(0))
    assert s.offered == [chili, blue]
    assert s.players[0].hand == [before_deck[-1], before_deck[-2]]  # stink, then green
    assert fields(s, 0) == [["soy"], ["red"], []]
    assert (s.active, s.turn, s.phase, s.planted, s.discarded) == (1, 2, Phase.PLANT, 0, False)
    assert s.face_up == []


def test_r_duel_4_full_turn_cycle() -> None:
    """R-DUEL-4: what Ann leaves on offer is Bob's step 1."""
    s = duel(hands={0: ["soy"], 1: ["wax"]}, deck_top=["green", "stink", "blue", "red", "chili"])
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0), EndPhase(0))
    assert kinds(s.offered) == ["chili", "red", "blue"]
    refused(s, Plant(1, s.players[1].hand[0], 1, 0), "R-DUEL-4")
    chili, red, blue = s.offered
    ok(s, Plant(1, chili, 1, 0), Plant(1, red, 1, 1), Discard(1, blue))
    assert fields(s, 1) == [["chili"], ["red"], []]
    ok(s, Plant(1, s.players[1].hand[0], 1, 2))
    assert fields(s, 1) == [["chili"], ["red"], ["wax"]]


# -- R-DUEL-5 / D-11: the end at the first run-out -----------------------------------


def test_d_11_run_out_in_step_3() -> None:
    """D-11: fewer than three cards left: turn up what there is, match the discard, plant,
    then the game ends without step 4; the cards on offer are discarded."""
    s = duel(
        hands={0: ["soy", "wax"], 1: ["red"]},
        fields={0: [[], [], []], 1: [[], [], []]},
        deck=["blue", "chili"],
        discard=["stink", "blue"],
        leftover=1,
    )
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0))
    assert kinds(s.face_up) == ["chili", "blue", "blue"]
    assert (s.deck, s.exhaustions, s.ending, s.phase) == ([], 1, True, Phase.TRADE)
    ok(s, Plant(0, s.face_up[0], 0, 1))
    offered = s.face_up[:]
    ok(s, EndPhase(0))
    assert s.over
    assert kinds(s.players[0].hand) == ["wax"]  # no step 4
    assert s.offered == [] and s.discard[1:3] == offered
    assert s.shuffles == 1  # R-DUEL-5: no reshuffle, only the deal


def test_d_11_exactly_three_left_ends_after_step_3() -> None:
    """D-11 with D-1: the run-out is counted when the last card is turned up."""
    s = duel(hands={0: ["soy"]}, deck=["blue", "chili", "red"], discard=[], leftover=1)
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0))
    assert (len(s.face_up), s.exhaustions, s.ending) == (3, 1, True)
    ok(s, EndPhase(0))
    assert s.over and s.players[0].hand == []


def test_d_11_run_out_in_step_4_ends_at_once() -> None:
    """D-11: in step 4 the game ends at once (one card drawn of two)."""
    s = duel(hands={0: ["soy"]}, deck=["green", "blue", "chili", "red"], discard=[], leftover=1)
    green = s.deck[0]
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0))
    assert not s.ending
    ok(s, EndPhase(0))
    assert s.over
    assert s.players[0].hand == [green]
    assert s.offered == [] and kinds(s.discard) == ["red", "chili", "blue", "soy"]
    assert s.active == 0


# -- R-DUEL-6 scoring ------------------------------------------------------------------


def test_r_duel_6_final_harvest_and_ranking() -> None:
    """R-DUEL-6: every field is harvested (R-BASE-18); equal coins and hands share the win."""
    s = duel(
        hands={0: ["soy", "wax"], 1: ["red"]},
        fields={0: [["blue"] * 4, [], []], 1: [["chili"] * 3, [], []]},
        deck=["green", "stink"],
    )
    ok(s, Plant(0, s.players[0].hand[0], 0, 1), EndPhase(0), EndPhase(0))
    assert s.over
    assert fields(s, 0) == fields(s, 1) == [[], [], []]
    ranking = engine.standings(s)
    assert [(r.player, r.coins, r.hand, r.rank) for r in ranking] == [(0, 1, 1, 1), (1, 1, 1, 1)]


def test_r_duel_6_tie_broken_by_hand() -> None:
    """R-DUEL-6: equal coins, the larger hand wins; the cards on offer count for nobody."""
    s = duel(
        hands={0: ["soy", "wax", "red"], 1: ["red"]},
        coins={0: 2, 1: 2},
        deck=["green", "stink"],
    )
    ok(s, Plant(0, s.players[0].hand[0], 0, 0), EndPhase(0), EndPhase(0))
    assert s.over
    ranking = engine.standings(s)
    assert [(r.player, r.coins, r.hand, r.rank) for r in ranking] == [(0, 2, 2, 1), (1, 2, 1, 2)]


# -- D-9 / D-12: what each player sees -------------------------------------------------


def test_d_12_offered_cards_public_hands_hidden() -> None:
    """D-9, D-12: the cards on offer and the turned-up cards are public; hands stay hidden."""
    s = offered_state()
    v = view(s, 1)
    assert v.offered == s.offered
    assert v.players[0].hand == [HIDDEN] * len(s.players[0].hand)
    assert v.players[1].hand == s.players[1].hand
    s.offered, s.face_up = [], s.offered
    s.phase = Phase.TRADE
    assert view(s, 1).face_up == s.face_up


# -- whole duels -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_r_duel_random_games_keep_every_rule(seed: int) -> None:
    """Whole random duels: every card in one place at every step (R-DUEL-1's 144), only the
    active player acts (R-DUEL-2, R-DUEL-3), no reshuffle (R-DUEL-5), nothing left on offer."""
    s = engine.new_game("classic", ["Ann", "Bob"], seed)
    player = RandomPlayer(random.Random(seed), harvest_rate=0.3)
    while not s.over:
        assert engine.pending_players(s) == [s.active]
        assert engine.legal_actions(s, 1 - s.active) == []
        action = player.step(s)
        assert action.player == s.active
        ok(s, action)
    assert (s.exhaustions, s.shuffles, s.offered, s.face_up, s.deck) == (1, 1, [], [], [])
