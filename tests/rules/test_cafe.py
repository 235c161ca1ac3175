"""Guatemala Café (docs/CAFE.md): every R-CAFE and D-CAFE rule, legal and refused.

Positions are made from a new game by setting the boards directly (the buyer's
row, pieces on fields, paths); a refused action is checked by its rule id and
an unchanged state. A Hypothesis property test plays random games and counts
every piece and Centavo after every action.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza_tui.commands import cafe as cafe_commands
from bohnanza_tui.commands.lexicon import CommandError
from bohnanza_tui.rules import cafe, cafe_data, cafe_save, save
from bohnanza_tui.rules.actions import (
    Action,
    Allow,
    Block,
    Build,
    EndPhase,
    MoveBuyer,
    Pass,
    Plant,
    Refill,
    ScoreSack,
)
from bohnanza_tui.rules.cafe import ACT, BLOCK, GAME_OVER, MOVE, REFILL, CafeState
from bohnanza_tui.rules.cafe_data import (
    EMPTY,
    H_EDGES,
    HUT,
    PATH,
    ROW_LENGTH,
    SHIP,
    WORKER,
)
from bohnanza_tui.rules.cafe_session import CafeSession
from bohnanza_tui.rules.limits import MAX_LOG
from bohnanza_tui.rules.outcome import IllegalAction
from bohnanza_tui.script import run_script

NAMES = ["Ann", "Bob", "Cy", "Dee"]
RED, ORANGE, BLUE, VIOLET, BROWN = range(5)
DOC = Path(__file__).resolve().parents[2] / "docs" / "CAFE.md"


def game(n: int = 4, seed: int = 1, side: str = "fixed") -> CafeState:
    return cafe.new_game(NAMES[:n], seed, side)


def cell(r: int, c: int) -> int:
    return r * cafe_data.COLUMNS + c


def down(r1: int, r2: int, c: int) -> list[int]:
    """The vertical edges from point (r1, c) down to point (r2, c)."""
    return [H_EDGES + r * (cafe_data.COLUMNS + 1) + c for r in range(r1, r2)]


def across(r: int, c1: int, c2: int) -> list[int]:
    """The horizontal edges from point (r, c1) right to point (r, c2)."""
    return [r * cafe_data.COLUMNS + c for c in range(c1, c2)]


def row(state: CafeState, pieces: list[int], at: int = 0) -> list[int]:
    """Put the buyer on row ``at`` holding ``pieces`` (EMPTY after them), phase ACT;
    the pieces that were there go back in the same counts elsewhere is not needed:
    tests that count pieces use ``inventory`` differences only."""
    state.buyer = at
    state.phase = ACT
    places = list(range(at * ROW_LENGTH, (at + 1) * ROW_LENGTH))
    for i, place in enumerate(places):
        state.places[place] = pieces[i] if i < len(pieces) else EMPTY
    return places


def put(state: CafeState, player: int, piece: int, target: int) -> None:
    """Place a piece on the plantation board for ``player`` as a build would, free."""
    cafe._place_piece(state, player, piece, target)


def ok(state: CafeState, action: Action) -> list[str]:
    refusal = cafe.check(state, action)
    assert refusal is None, str(refusal)
    return [str(e) for e in cafe.apply(state, action)]


def refused(state: CafeState, action: Action, rule: str) -> None:
    before = state.copy()
    refusal = cafe.check(state, action)
    assert refusal is not None and refusal.rule == rule, str(refusal)
    assert refusal.reason
    with pytest.raises(IllegalAction) as info:
        cafe.apply(state, action)
    assert info.value.rule == rule
    assert state == before


# -- the specification itself ----------------------------------------------------------


def test_every_rule_id_of_cafe_md_is_cited_here() -> None:
    ids = set(re.findall(r"^- ([RD]-CAFE-\d+)", DOC.read_text(encoding="utf-8"), re.M))
    source = Path(__file__).read_text(encoding="utf-8")
    assert len(ids) >= 40

    def cited(rule: str) -> bool:
        names = (re.escape(rule), re.escape(rule.lower().replace("-", "_")))
        return any(re.search(name + r"(?!\d)", source) for name in names)

    missing = sorted(i for i in ids if not cited(i))
    assert not missing


def test_every_rule_the_core_refuses_by_has_a_refusal_test() -> None:
    core = (DOC.parents[1] / "bohnanza_tui" / "rules" / "cafe.py").read_text(encoding="utf-8")
    named = set(re.findall(r'(?:refuse|Refusal)\(\s*"([RD]-CAFE-\d+)"', core))
    named |= set(re.findall(r'"([RD]-CAFE-\d+)" if piece', core))
    named |= set(re.findall(r'_check_coins\([^)]*"([RD]-CAFE-\d+)"', core))
    source = Path(__file__).read_text(encoding="utf-8")
    tested = set(re.findall(r'refused\(\s*[^"]*?"([RD]-CAFE-\d+)"\s*\)', source))
    assert len(named) >= 20
    assert not sorted(named - tested)


# -- set-up ------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_cafe_1_two_to_four_players_first_seat_starts_d_cafe_22(n: int) -> None:
    s = game(n)
    assert len(s.players) == n and s.active == 0 and s.phase == MOVE
    assert cafe.pending_players(s) == [0]


@pytest.mark.parametrize("names", [["Ann"], [*NAMES, "Eve"], ["Ann", "ann"]])
def test_r_cafe_1_other_player_counts_or_bad_names_are_refused(names: list[str]) -> None:
    with pytest.raises(ValueError):
        cafe.new_game(names, 1)


@pytest.mark.parametrize(("n", "side"), [(2, "two"), (3, "three-four"), (4, "three-four")])
def test_r_cafe_2_plantation_board_side_by_player_count(n: int, side: str) -> None:
    assert game(n).board.name == side


def test_r_cafe_3_fixed_side_printed_pieces_and_a_sack_on_every_white_place() -> None:
    s = game(3, seed=5)
    for i, piece in enumerate(cafe_data.FIXED_LAYOUT):
        if i in cafe_data.WHITE:
            assert 0 <= s.places[i] < 5
        else:
            assert s.places[i] == piece


def test_r_cafe_4_variable_side_shuffles_the_same_pieces_d_cafe_5() -> None:
    fixed = game(3, seed=5)
    variable = game(3, seed=5, side="variable")
    others = [i for i in range(cafe_data.PLACES) if i not in cafe_data.WHITE]
    assert sorted(variable.places[i] for i in others) == sorted(fixed.places[i] for i in others)
    assert any(variable.places[i] != fixed.places[i] for i in others)
    assert all(0 <= variable.places[i] < 5 for i in cafe_data.WHITE)
    with pytest.raises(ValueError):
        cafe.new_game(NAMES[:3], 1, "sideways")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r_cafe_5_track_bag_and_secret_sacks_dealt_evenly_d_cafe_2(n: int) -> None:
    s = game(n)
    assert len(s.track) == 1 and len(s.bag) == 5
    assert all(sum(p.sacks) == 24 // n for p in s.players)
    inv = cafe.inventory(s)
    assert all(inv[f"sacks-{k}"] == 8 for k in cafe_data.KINDS)


def test_r_cafe_6_three_players_cover_the_left_path_hut_sites() -> None:
    s = game(3)
    site = cell(0, 1)  # a red hut site of the left path
    assert s.board.left_path[site]
    row(s, [HUT, WORKER])
    refused(s, Build(0, 0, site), "R-CAFE-6")
    ok(s, Build(0, 1, cell(0, 0)))  # the fields around it stay usable
    s4 = game(4)
    row(s4, [HUT])
    ok(s4, Build(0, 0, site))


def test_r_cafe_7_markers_score_and_centavos() -> None:
    s = game(4)
    assert all(p.markers == 5 and p.score == 0 and p.centavos == 15 for p in s.players)


# -- the turn ----------------------------------------------------------------------------


def test_r_cafe_8_move_one_row_or_pay_for_two_once_d_cafe_3() -> None:
    s = game(4)
    ok(s, MoveBuyer(0, 1))
    assert s.buyer == 0 and s.phase == ACT
    refused(s, MoveBuyer(0, 1), "R-CAFE-8")  # once a turn
    s = game(4)
    bank = s.bank
    ok(s, MoveBuyer(0, 2))
    assert s.buyer == 1 and s.players[0].centavos == 13 and s.bank == bank + 2
    s = game(4)
    refused(s, MoveBuyer(0, 3), "R-CAFE-8")
    s.players[0].centavos = 1
    refused(s, MoveBuyer(0, 2), "R-CAFE-8")
    # D-CAFE-3: the rows are a ring
    s.buyer = cafe_data.ROW_COUNT - 1
    ok(s, MoveBuyer(0, 1))
    assert s.buyer == 0


def test_r_cafe_9_pass_moves_nothing_and_ends_the_turn() -> None:
    s = game(4)
    places = s.places[:]
    ok(s, Pass(0))
    assert s.active == 1 and s.buyer == -1 and s.places == places and s.phase == MOVE
    ok(s, MoveBuyer(1, 1))
    refused(s, Pass(1), "R-CAFE-9")


def test_d_cafe_24_only_the_active_or_asked_player_acts() -> None:
    s = game(4)
    refused(s, MoveBuyer(1, 1), "D-CAFE-24")
    refused(s, Pass(2), "D-CAFE-24")
    row(s, [RED])
    ok(s, ScoreSack(0, 0))
    refused(s, Allow(2), "D-CAFE-24")  # Bob is asked first
    refused(s, MoveBuyer(0, 1), "R-CAFE-20")


# -- building ------------------------------------------------------------------------------


def test_r_cafe_10_pieces_come_from_the_buyers_row_at_most_three() -> None:
    s = game(4)
    places = row(s, [WORKER, WORKER, WORKER, WORKER, BLUE])
    refused(s, Build(0, places[0] + ROW_LENGTH, cell(0, 0)), "R-CAFE-10")  # another row
    refused(s, Build(0, places[4], cell(0, 0)), "R-CAFE-10")  # a sack is scored
    refused(s, Build(0, places[5], cell(0, 0)), "R-CAFE-10")  # an empty place
    ok(s, Build(0, places[0], cell(0, 0)))
    ok(s, Build(0, places[1], cell(0, 1) + 1))
    assert s.active == 0
    refused(s, ScoreSack(0, places[4]), "R-CAFE-8")  # one action a turn
    ok(s, Build(0, places[2], cell(1, 0)))
    assert s.active == 1 and s.phase == MOVE  # the third piece ends the building


def test_r_cafe_11_costs_by_region_ships_by_order_paths_free() -> None:
    s = game(4)
    grey, green, yellow = cell(1, 2), cell(0, 4), cell(3, 7)  # hut sites
    for site, cost in ((grey, 2), (green, 4), (yellow, 6)):
        s = game(4)
        row(s, [HUT])
        ok(s, Build(0, 0, site))
        assert s.players[0].centavos == 15 - cost
    for field, cost in ((cell(0, 0), 1), (cell(0, 5), 2), (cell(0, 8), 3)):
        s = game(4)
        row(s, [WORKER])
        ok(s, Build(0, 0, field))
        assert s.players[0].centavos == 15 - cost
    s = game(4)
    put(s, 1, HUT, cell(0, 4))  # a blue plantation with printed paths to the blue harbor
    paid = []
    for _ in range(3):
        row(s, [SHIP + BLUE])
        s.active = 0
        before = s.players[0].centavos
        ok(s, Build(0, 0, BLUE))
        paid.append(before - s.players[0].centavos)
        s.players[0].centavos = 15
    assert paid == [2, 3, 4]
    s = game(4)
    row(s, [PATH])
    ok(s, Build(0, 0, down(0, 1, 5)[0]))
    assert s.players[0].centavos == 15
    s = game(4)
    s.players[0].centavos = 5
    row(s, [HUT])
    refused(s, Build(0, 0, yellow), "R-CAFE-11")


def test_r_cafe_12_one_plantation_per_coffee_kind() -> None:
    s = game(4)
    put(s, 0, HUT, cell(1, 2))  # orange
    row(s, [HUT, HUT])
    refused(s, Build(0, 0, cell(4, 4)), "R-CAFE-12")  # the other orange site
    ok(s, Build(0, 0, cell(0, 4)))  # blue


def test_r_cafe_13_own_plantations_never_touch() -> None:
    s = game(4)
    put(s, 0, HUT, cell(1, 2))
    put(s, 0, HUT, cell(3, 3))
    row(s, [WORKER, HUT])
    # (2, 2) touches... (1, 2) above it and (2, 3) is next to (3, 3): build (2, 3) instead
    put(s, 0, WORKER, cell(2, 2))
    refused(s, Build(0, 0, cell(2, 3)), "R-CAFE-13")  # would join two plantations
    s = game(4)
    put(s, 0, HUT, cell(1, 2))
    put(s, 0, WORKER, cell(1, 3))
    put(s, 0, WORKER, cell(0, 3))
    row(s, [HUT, WORKER])
    refused(s, Build(0, 0, cell(0, 4)), "R-CAFE-13")  # next to a plantation with a hut
    ok(s, Build(0, 1, cell(1, 4)))  # a worker joins the one plantation it touches
    assert s.plantations[0].workers == 3
    # another player's pieces don't matter (D-CAFE-7)
    s = game(4)
    put(s, 1, HUT, cell(1, 2))
    row(s, [WORKER])
    ok(s, Build(0, 0, cell(1, 3)))
    assert s.plantations[-1].owner == 0


def test_r_cafe_14_huts_on_hut_sites_marked() -> None:
    s = game(4)
    row(s, [HUT])
    refused(s, Build(0, 0, cell(0, 0)), "R-CAFE-14")
    refused(s, Build(0, 0, 999), "R-CAFE-14")
    ok(s, Build(0, 0, cell(1, 2)))
    assert s.players[0].markers == 4 and s.plantations[0].marker == cell(1, 2)


def test_r_cafe_15_workers_next_to_own_pieces_or_marked_never_on_a_hut_site() -> None:
    s = game(4)
    put(s, 0, HUT, cell(1, 2))
    row(s, [WORKER, WORKER, WORKER])
    refused(s, Build(0, 0, cell(3, 3)), "R-CAFE-15")  # a hut site
    ok(s, Build(0, 0, cell(1, 1)))  # next to the hut: same plantation, no marker
    assert s.players[0].markers == 4 and s.plantations[0].workers == 1
    ok(s, Build(0, 1, cell(0, 0)))  # next to no own piece: a new marked plantation
    assert s.players[0].markers == 3 and s.plantations[1].marker == cell(0, 0)


def test_r_cafe_16_ships_need_a_plantation_of_their_kind_by_printed_path_d_cafe_9() -> None:
    s = game(4)
    row(s, [SHIP + BLUE, SHIP + RED])
    refused(s, Build(0, 0, BLUE), "R-CAFE-16")  # no blue plantation yet
    put(s, 2, HUT, cell(2, 8))  # a blue hut whose printed paths reach violet/brown only
    refused(s, Build(0, 0, BLUE), "R-CAFE-16")
    refused(s, Build(0, 0, RED), "D-CAFE-9")  # a ship goes into its own kind's harbor
    put(s, 2, HUT, cell(0, 4))  # another player's blue hut on the blue path: enough
    ok(s, Build(0, 0, BLUE))
    assert s.ships[BLUE] == 1


def test_d_cafe_4_a_harbor_has_three_berths_and_the_box_counts() -> None:
    s = game(4)
    inv = cafe.inventory(s)
    assert (inv["huts"], inv["workers"], inv["ships"], inv["paths"]) == (10, 24, 7, 65)
    assert inv["centavos"] == 400
    put(s, 1, HUT, cell(0, 4))
    s.ships[BLUE] = 3
    row(s, [SHIP + BLUE])
    refused(s, Build(0, 0, BLUE), "D-CAFE-4")


def test_r_cafe_17_paths_on_printed_paths_one_per_edge() -> None:
    s = game(4)
    row(s, [PATH, PATH])
    refused(s, Build(0, 0, across(0, 0, 1)[0]), "R-CAFE-17")  # not printed
    refused(s, Build(0, 0, cafe_data.EDGES), "R-CAFE-17")
    edge = down(0, 1, 5)[0]
    ok(s, Build(0, 0, edge))
    refused(s, Build(0, 1, edge), "R-CAFE-17")


def test_d_cafe_10_two_players_build_paths_along_any_field_edge() -> None:
    s = game(2)
    put(s, 0, HUT, cell(5, 2))  # red, 2 players
    assert not cafe.connected(s, cell(5, 2), RED)
    row(s, [PATH])
    ok(s, Build(0, 0, across(6, 1, 2)[0]))  # the border below field F2, to the red harbor
    assert cafe.connected(s, cell(5, 2), RED)


def test_r_cafe_18_freed_places_refilled_with_paths_d_cafe_12() -> None:
    s = game(4)
    places = row(s, [WORKER, WORKER, BLUE])
    stock = s.path_stock
    ok(s, Build(0, places[0], cell(0, 0)))
    ok(s, EndPhase(0))
    assert s.places[places[0]] == PATH and s.path_stock == stock - 1 and s.active == 1
    s = game(4)
    s.path_stock = 0
    places = row(s, [WORKER, WORKER, BLUE])
    ok(s, Build(0, places[0], cell(0, 0)))
    ok(s, EndPhase(0))
    assert s.places[places[0]] == EMPTY


def test_d_cafe_11_end_only_after_a_piece_and_automatic_turn_ends() -> None:
    s = game(4)
    row(s, [WORKER, WORKER, RED])
    refused(s, EndPhase(0), "D-CAFE-11")
    # a row with nothing to take: the turn ends right after the move
    s = game(4)
    for place in range(ROW_LENGTH):
        s.places[place] = EMPTY
    ok(s, MoveBuyer(0, 1))
    assert s.active == 1 and s.phase == MOVE
    # nothing more placeable after the first piece: the building ends by itself
    s = game(4)
    s.path_stock = 0
    row(s, [WORKER, HUT])
    s.players[0].centavos = 1
    ok(s, Build(0, 0, cell(0, 0)))
    assert s.active == 1


# -- plantations, markers -------------------------------------------------------------


def test_d_cafe_6_five_markers_five_plantations() -> None:
    s = game(4)
    for c in (0, 2, 4, 6, 8):
        put(s, 0, WORKER, cell(5, c))
    assert s.players[0].markers == 0
    row(s, [WORKER, HUT])
    refused(s, Build(0, 0, cell(0, 0)), "D-CAFE-6")
    ok(s, Build(0, 0, cell(4, 0)))  # extending one needs no marker


def test_d_cafe_7_a_hut_joins_a_marked_worker_and_takes_its_marker() -> None:
    s = game(4)
    put(s, 0, WORKER, cell(0, 2))
    assert s.players[0].markers == 4
    row(s, [HUT, HUT])
    ok(s, Build(0, 0, cell(1, 2)))
    pl = s.plantations[0]
    assert pl.hut == cell(1, 2) and pl.marker == cell(1, 2) and s.players[0].markers == 4
    refused(s, Build(0, 1, cell(1, 2)), "D-CAFE-7")  # the field is taken


def test_d_cafe_8_touching_is_orthogonal() -> None:
    s = game(4)
    put(s, 0, HUT, cell(1, 2))
    s.players[0].markers = 0
    row(s, [WORKER])
    refused(s, Build(0, 0, cell(0, 1) + 2), "D-CAFE-6")  # (0, 3): diagonal, a new plantation
    ok(s, Build(0, 0, cell(0, 2)))


# -- scoring -------------------------------------------------------------------------------


def scoring_position(n: int = 4) -> CafeState:
    """Ann has a blue plantation (hut on A5, 2 workers) joined to the blue harbor by paths,
    with 2 ships there; Bob a blue one with 1 worker and no paths."""
    s = game(n)
    put(s, 0, HUT, cell(0, 4))
    put(s, 0, WORKER, cell(0, 3))
    put(s, 0, WORKER, cell(1, 4))
    for e in down(1, 6, 5):
        s.paths[e] = 1
    s.ships[BLUE] = 2
    site = cell(2, 8)
    put(s, 1, HUT, site)
    put(s, 1, WORKER, cell(2, 9))
    return s


def answer_all(s: CafeState) -> None:
    while s.phase == BLOCK:
        ok(s, Allow(s.asking))


def test_r_cafe_19_a_sack_to_the_track_and_8_centavos() -> None:
    s = game(4)
    places = row(s, [WORKER, RED])
    refused(s, ScoreSack(0, places[0]), "R-CAFE-19")
    refused(s, ScoreSack(0, places[0] + ROW_LENGTH), "R-CAFE-19")
    bank, track = s.bank, len(s.track)
    ok(s, ScoreSack(0, places[1]))
    assert s.track[-1] == RED and len(s.track) == track + 1
    assert s.players[0].centavos == 23 and s.bank == bank - 8
    assert s.places[places[1]] == EMPTY and s.phase == BLOCK and s.asking == 1


def test_r_cafe_20_blocking_with_a_sack_of_that_kind_d_cafe_14() -> None:
    s = scoring_position()
    s.players[2].sacks = [0, 0, 1, 0, 0]
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    ok(s, Allow(1))
    ok(s, Block(2))
    assert s.places[places[0]] == BLUE and s.players[2].sacks[BLUE] == 0
    assert s.players[0].score == 0 and s.players[0].centavos == 23  # the 8 stay
    assert s.active == 1 and s.phase == MOVE


def test_d_cafe_13_everyone_is_asked_only_holders_block() -> None:
    s = scoring_position()
    s.players[1].sacks = [3, 0, 0, 0, 0]
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    refused(s, Block(1), "R-CAFE-20")
    assert [type(a) for a in cafe.legal_actions(s, 1)] == [Allow]
    refused(s, Block(0), "D-CAFE-24")  # the scorer is never asked


def test_r_cafe_21_points_workers_times_one_plus_ships_d_cafe_9() -> None:
    s = scoring_position()
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.players[0].score == 2 * 3  # 2 workers, tripled by 2 connected ships
    assert s.players[1].score == 1  # not connected: 1 per worker
    # a missing path: not connected, no ships counted
    s = scoring_position()
    s.paths[down(1, 6, 5)[2]] = 0
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.players[0].score == 2


def test_r_cafe_22_the_cheapest_ship_leaves_after_scoring() -> None:
    s = scoring_position()
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.ships[BLUE] == 1 and s.ships_out == 1
    # the next ship placed costs 3 again: the other moved down to the cheapest berth
    assert cafe.ship_cost(s, BLUE) == 3


def test_d_cafe_15_a_hut_without_workers_scores_nothing_and_keeps_its_ships() -> None:
    s = game(4)
    put(s, 0, HUT, cell(0, 4))
    for e in down(1, 6, 5):
        s.paths[e] = 1
    s.ships[BLUE] = 1
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.players[0].score == 0 and s.ships[BLUE] == 1


def test_r_cafe_23_the_scorer_refills_from_the_supply_d_cafe_23() -> None:
    s = scoring_position()
    s.players[0].sacks = [0, 2, 0, 0, 1]
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.phase == REFILL
    assert cafe.legal_actions(s, 0) == [Refill(0, ORANGE), Refill(0, BROWN)]
    refused(s, Refill(0, RED), "R-CAFE-23")
    refused(s, Refill(1, ORANGE), "D-CAFE-24")
    ok(s, Refill(0, BROWN))
    assert s.places[places[0]] == BROWN and s.players[0].sacks == [0, 2, 0, 0, 0]
    assert s.active == 1


def test_r_cafe_23_without_sacks_the_bag_refills_d_cafe_17() -> None:
    s = scoring_position()
    s.players[0].sacks = [0] * 5
    s.bag = [VIOLET]
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.places[places[0]] == VIOLET and s.bag == [] and s.active == 1
    refused(s, Refill(1, VIOLET), "R-CAFE-23")  # nothing waits for a sack
    s = scoring_position()
    s.players[0].sacks = [0] * 5
    s.bag = []
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.places[places[0]] == EMPTY


# -- the end -----------------------------------------------------------------------------


def test_r_cafe_24_the_game_ends_when_a_marker_reaches_the_sacks_d_cafe_16() -> None:
    s = scoring_position()
    s.players[0].score = s.lowest_sack() - 3  # the new sack lowers the track by one
    s.players[0].sacks = [0] * 5
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.phase == GAME_OVER and s.players[0].score > s.lowest_sack()  # counted in full
    refused(s, MoveBuyer(1, 1), "R-CAFE-24")
    assert cafe.pending_players(s) == []


def test_d_cafe_16_a_round_without_building_or_scoring_ends_the_game() -> None:
    s = game(3)
    ok(s, Pass(0))
    ok(s, Pass(1))
    assert s.phase == MOVE
    ok(s, Pass(2))
    assert s.phase == GAME_OVER
    refused(s, Pass(0), "R-CAFE-24")


def test_d_cafe_21_the_last_marked_place_by_player_count() -> None:
    assert [game(n).lowest_sack() for n in (2, 3, 4)] == [30, 35, 40]


def test_r_cafe_25_most_points_then_most_centavos_d_cafe_19() -> None:
    s = game(4)
    for p, (score, money) in enumerate([(10, 3), (12, 0), (10, 5), (10, 3)]):
        s.players[p].score, s.players[p].centavos = score, money
    table = [(x.player, x.rank) for x in cafe.standings(s)]
    assert table == [(1, 1), (2, 2), (0, 3), (3, 3)]
    assert cafe.winners(s) == [1]


# -- what players see, refusals, chance ---------------------------------------------------


def test_d_cafe_18_a_view_hides_other_supplies_and_the_bag() -> None:
    s = game(3)
    v = cafe.view(s, 1)
    assert v.players[1].sacks == s.players[1].sacks
    assert v.players[0].sacks == [] and v.players[0].sack_count == sum(s.players[0].sacks)
    assert v.bag == [cafe.HIDDEN] * 5 and v.places == s.places


def test_d_cafe_20_a_bohnanza_action_is_refused() -> None:
    s = game(3)
    refused(s, Plant(0, 1, 0, 0), "D-CAFE-20")


def test_d_cafe_5_same_seed_same_game() -> None:
    assert game(3, seed=9) == game(3, seed=9)
    assert game(3, seed=9) != game(3, seed=10)


def test_d_cafe_1_board_geometry() -> None:
    assert cafe_data.CELLS == 60 and cafe_data.EDGES == 136
    four, two = cafe_data.SIDES["three-four"], cafe_data.SIDES["two"]
    assert sum(k >= 0 for k in four.hut_kind) == 15 and sum(four.left_path) == 3
    assert sum(k >= 0 for k in two.hut_kind) == 10 and two.free_paths
    for side, per_kind in ((four, 3), (two, 2)):
        assert all(sum(k == kind for k in side.hut_kind) == per_kind for kind in range(5))
    assert (
        cafe.field_label(cell(2, 6)) == "C7"
        and cafe.edge_label(cafe.field_edge(cell(2, 6), "s")) == "D7n"
    )


# -- random play --------------------------------------------------------------------------


def play_random(seed: int, n: int, side: str, check_every: bool = True) -> CafeState:
    s = cafe.new_game(NAMES[:n], seed, side)
    rng = random.Random(seed)
    start = cafe.inventory(s)
    for _ in range(5000):
        if s.over:
            break
        p = cafe.next_to_act(s)
        assert p is not None
        acts = cafe.legal_actions(s, p)
        assert acts and all(cafe.check(s, a) is None for a in acts)
        cafe.apply(s, rng.choice(acts))
        if check_every:
            assert cafe.inventory(s) == start
            assert all(pl.centavos >= 0 for pl in s.players) and s.bank >= 0
            assert min(s.ships) >= 0 and max(s.ships) <= 3
    assert s.over
    return s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.sampled_from([2, 3, 4]),
    side=st.sampled_from(["fixed", "variable"]),
)
def test_random_play_accounts_for_every_piece_and_centavo(seed: int, n: int, side: str) -> None:
    play_random(seed, n, side)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), junk=st.lists(st.integers(-3, 200), min_size=3, max_size=3))
def test_refused_random_actions_change_nothing(seed: int, junk: list[int]) -> None:
    s = play_random(seed, 3, "fixed", check_every=False) if junk[0] % 7 == 0 else game(3, seed)
    for make in (
        lambda: MoveBuyer(junk[0] % 5, junk[1]),
        lambda: Build(junk[0] % 4, junk[1], junk[2]),
        lambda: ScoreSack(junk[1] % 4, junk[2]),
        lambda: Refill(junk[2] % 4, junk[0]),
        lambda: Block(junk[1] % 4),
    ):
        action = make()
        before = s.copy()
        if cafe.check(s, action) is not None:
            with pytest.raises(IllegalAction):
                cafe.apply(s, action)
            assert s == before


# -- saves, commands -----------------------------------------------------------------------


def played_session(seed: int, n: int = 3, side: str = "fixed", moves: int = 60) -> CafeSession:
    session = CafeSession.new(NAMES[:n], seed, side)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.state.over:
            break
        p = cafe.next_to_act(session.state)
        assert p is not None
        session.play(rng.choice(cafe.legal_actions(session.state, p)))
    return session


@pytest.mark.parametrize(
    ("seed", "n", "side"), [(3, 2, "fixed"), (4, 3, "variable"), (5, 4, "fixed")]
)
def test_save_round_trip(seed: int, n: int, side: str) -> None:
    session = played_session(seed, n, side, moves=10_000)
    text = save.dumps(session)
    again = save.loads_any(text)
    assert isinstance(again, CafeSession)
    assert again.state == session.state and again.log == session.log
    assert save.dumps(again) == text
    assert json.loads(text)["result"] is not None  # a finished game writes its result
    half = played_session(seed, n, side, moves=25)
    assert save.loads_any(save.dumps(half)).state == half.state


def test_the_app_loader_refuses_a_cafe_save_with_a_sentence() -> None:
    with pytest.raises(save.SaveError, match="Guatemala Café"):
        save.loads(save.dumps(played_session(1)))


def _doc(**changes: object) -> str:
    doc = json.loads(save.dumps(played_session(2, moves=20)))
    doc.update(changes)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"version": 99}, "newer version"),
        ({"players": ["Ann"]}, "2 to 4"),
        ({"players": ["Ann", "Ann", "Bob"]}, "can't be used"),
        ({"seed": 10**30}, "digits"),
        ({"side": "round"}, "side"),
        ({"log": [{"action": "buyer", "player": 0, "steps": 5}]}, "R-CAFE-8"),
        ({"log": [{"action": "pass", "player": 7}]}, "player 8"),
        (
            {"log": [{"action": "plant", "player": 0, "card": 1, "island": 0, "slot": 0}]},
            "D-CAFE-20",
        ),
        ({"log": [{"action": "buyer", "player": 0}]}, "lacks"),
        ({"log": [{"action": "buyer", "player": 0, "steps": True}]}, "whole number"),
        ({"log": "x"}, "wrong value"),
        ({"extra": 1}, "unknown entry"),
        ({"seats": [{"kind": "human"}]}, "seats"),
        ({"result": []}, "result"),
    ],
)
def test_hostile_saves_are_refused_with_a_message(changes: dict[str, object], words: str) -> None:
    with pytest.raises(save.SaveError) as info:
        save.loads_any(_doc(**changes))
    assert words in str(info.value)
    assert "\n" not in str(info.value) and "Traceback" not in str(info.value)


def test_an_over_long_log_is_refused_before_it_is_replayed() -> None:
    entry = {"action": "pass", "player": 0}
    with pytest.raises(save.SaveError, match="at most"):
        save.loads_any(_doc(log=[entry] * (MAX_LOG + 1)))


def test_commands_round_trip_every_legal_action() -> None:
    for seed in range(6):
        s = cafe.new_game(NAMES[:3], seed)
        rng = random.Random(seed)
        while not s.over:
            p = cafe.next_to_act(s)
            assert p is not None
            for a in cafe.legal_actions(s, p):
                assert cafe_commands.parse(s, p, cafe_commands.format_action(s, a)) == a
            cafe.apply(s, rng.choice(cafe.legal_actions(s, p)))


@pytest.mark.parametrize(
    "text", ["", "fly", "move 3", "build", "build 9 A1", "build x A1", "refill tea", "score 1 2"]
)
def test_commands_that_cant_be_read_say_why(text: str) -> None:
    s = game(3)
    s.buyer, s.phase = 0, ACT
    with pytest.raises(CommandError):
        cafe_commands.parse(s, 0, text)


def test_a_script_plays_a_cafe_save_and_undo_stays_in_the_turn() -> None:
    session = CafeSession.new(NAMES[:3], 7)
    lines = ["Ann: move", "Ann: undo", "Ann: move 2", "Bob: move", "Ann: score 9", "# a comment"]
    out = io.StringIO()
    assert not run_script(session, lines, out)
    report = out.getvalue()
    assert "line 2: ok" in report and "takes back: move" in report
    assert "line 4: refused: D-CAFE-24" in report and "line 5: error" in report
    assert session.state.buyer == 1 and len(session.log) == 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_move_list_lists_exactly_the_builds_check_accepts(n: int) -> None:
    """The fast target search of the move list and ``check`` agree at positions of random games."""
    for seed in range(4):
        s = cafe.new_game(NAMES[:n], seed)
        rng = random.Random(seed)
        while not s.over:
            if s.phase == ACT:
                p = s.active
                listed = set(cafe.legal_actions(s, p))
                for place in s.row_places():
                    piece = s.places[place]
                    if piece < HUT:
                        continue
                    for target in range(cafe_data.EDGES):
                        a = Build(p, place, target)
                        # one place stands for a row's equal pieces
                        equal = [q for q in s.row_places() if s.places[q] == piece]
                        if cafe.check(s, a) is None:
                            assert Build(p, equal[0], target) in listed
                        else:
                            assert a not in listed
            cafe.apply(s, cafe.random_action(s, rng))


def test_the_command_line_plays_a_cafe_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bohnanza_tui import cli
    from bohnanza_tui.cli import main

    game_file, after = tmp_path / "g.json", tmp_path / "after.json"
    assert (
        main(
            [
                "new",
                "--players",
                "Ann,Bob,Cy",
                "--mode",
                "cafe",
                "--seed",
                "7",
                "--out",
                str(game_file),
            ]
        )
        == 0
    )
    moves = tmp_path / "moves.txt"
    moves.write_text(
        "Ann: move\nAnn: score 1\nBob: allow\nCy: allow\nAnn: refill\n", encoding="utf-8"
    )
    assert main(["script", str(game_file), str(moves), "--out", str(after)]) == 1  # the last line
    out = capsys.readouterr().out
    assert "line 4: ok" in out and "line 5: error" in out
    assert main(["show", str(after), "--as", "Ann"]) == 0
    shown = capsys.readouterr().out
    assert "Ann: 0 points, 23 Centavos" in shown and "(secret)" in shown
    assert main(["show", str(after), "--as", "Zed"]) == 2
    # the app plays it: load and a new game without --out open the app with the game
    opened: list[object] = []
    monkeypatch.setattr(
        cli, "_run_app", lambda session=None, path=None: opened.append(session) or 0
    )
    assert main(["load", str(after)]) == 0
    assert main(["new", "--players", "Ann,Bob", "--mode", "cafe"]) == 0
    assert [type(s).__name__ for s in opened] == ["CafeSession", "CafeSession"]
    capsys.readouterr()
    assert main(["schema", "--mode", "cafe"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["properties"]["mode"]["const"] == "cafe"
    names = {
        o["properties"]["action"]["const"] for o in schema["properties"]["log"]["items"]["oneOf"]
    }
    assert names == set(cafe_save.CAFE_ACTIONS)


def test_random_play_chooses_from_the_move_list_as_listed() -> None:
    """``random_action`` picks in phase ACT as a uniform choice from ``legal_actions`` would."""
    for seed in range(5):
        s = cafe.new_game(NAMES[:3], seed)
        rng = random.Random(seed)
        while not s.over:
            if s.phase == ACT:
                acts = cafe.legal_actions(s, s.active)
                state_of_rng = rng.getstate()
                expected = acts[int(rng.random() * len(acts))]
                rng.setstate(state_of_rng)
                assert cafe.random_action(s, rng) == expected
                rng.setstate(state_of_rng)
            cafe.apply(s, cafe.random_action(s, rng))


def test_d_cafe_16_the_game_ends_when_the_track_has_no_free_place_left() -> None:
    s = game(3)
    s.track = [RED] * (s.lowest_sack() - 1)  # the lowest sack on place 2
    assert s.lowest_sack() == 2
    s.players[0].sacks = [0] * 5
    places = row(s, [BLUE])
    ok(s, ScoreSack(0, places[0]))
    answer_all(s)
    assert s.lowest_sack() == 1 and s.phase == GAME_OVER
    assert all(p.score == 0 for p in s.players)


def test_d_cafe_18_an_onlooker_sees_no_supply() -> None:
    s = game(4)
    v = cafe.view(s, None)
    assert all(p.sacks == [] and p.sack_count == 6 for p in v.players)
