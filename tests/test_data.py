"""The rule data loaded from seeds/ matches RULES.md sections 1-3."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rules_md import coins_for

from bohnanza_tui import resources
from bohnanza_tui.rules import data
from bohnanza_tui.rules.data import (
    BEANS,
    CARD_COUNTS,
    ISLAND_METERS,
    KIND_INDEX,
    KINDS,
    NORMAL_METER,
    SALE_TABLE_MAX,
    SALE_TABLES,
    RuleDataError,
    next_coin_needs,
    sale_coins,
    sale_value,
    setup_for,
)

K = KIND_INDEX


def removed_keys(mode: str, players: int) -> set[str]:
    return {KINDS[k] for k in setup_for(mode, players).removed}


# --- Section 1: cards ---------------------------------------------------------


def test_section1_kinds_in_table_order() -> None:
    assert KINDS == (
        "coffee", "wax", "blue", "chili", "stink", "green",
        "soy", "black-eyed", "red", "garden", "cocoa",
    )  # fmt: skip
    assert all(KIND_INDEX[key] == i for i, key in enumerate(KINDS))
    assert [b.index for b in BEANS] == list(range(11))


def test_section1_154_cards_in_all() -> None:
    assert sum(CARD_COUNTS) == 154
    assert CARD_COUNTS == (24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4)


def test_section1_german_names() -> None:
    assert BEANS[K["coffee"]].german == "Kaffeebohne"
    assert BEANS[K["black-eyed"]].german == "Augenbohne"
    assert BEANS[K["cocoa"]].german == "Kakaobohne"


def test_section1_beanometers() -> None:
    assert NORMAL_METER[K["coffee"]] == (4, 7, 10, 12)
    assert NORMAL_METER[K["blue"]] == (4, 6, 8, 10)
    assert NORMAL_METER[K["garden"]] == (None, 2, 3, None)
    assert NORMAL_METER[K["cocoa"]] == (None, 2, 3, 4)


def test_section1_thresholds_strictly_increase() -> None:
    for meters in ISLAND_METERS.values():
        for meter in meters:
            present = [t for t in meter if t is not None]
            assert present == sorted(set(present))


def test_section1_sale_value_blue_7_gives_2() -> None:
    assert sale_value(NORMAL_METER[K["blue"]], 7) == 2
    assert SALE_TABLES["home"][K["blue"]][7] == 2


@pytest.mark.parametrize(
    ("kind", "n", "coins"),
    [
        ("blue", 0, 0),
        ("blue", 3, 0),
        ("blue", 4, 1),
        ("blue", 10, 4),
        ("blue", 20, 4),
        ("garden", 1, 0),
        ("garden", 2, 2),  # no 1-coin step: straight to 2
        ("garden", 3, 3),
        ("garden", 6, 3),  # 4 coins unreachable
        ("cocoa", 4, 4),
        ("red", 2, 1),
    ],
)
def test_section1_sale_value_examples(kind: str, n: int, coins: int) -> None:
    assert sale_value(NORMAL_METER[K[kind]], n) == coins
    assert sale_coins("home", K[kind], n) == coins


@pytest.mark.parametrize("island", ["home", "A", "B", "C"])
def test_section1_r_voy_4_sale_tables_are_the_rules_md_beanometers(island: str) -> None:
    """Every entry of the sale tables against RULES.md's beanometers, written out in the tests."""
    for kind in KINDS:
        for n in range(SALE_TABLE_MAX + 1):
            coins = coins_for(island, kind, n)
            assert SALE_TABLES[island][K[kind]][n] == coins, (island, kind, n)
            assert sale_coins(island, K[kind], n) == coins
            more = [m for m in range(1, 16) if coins_for(island, kind, n + m) > coins]
            assert next_coin_needs(island, K[kind], n) == (more[0] if more else None)


def test_section1_next_coin_needs() -> None:
    assert next_coin_needs("home", K["blue"], 0) == 4
    assert next_coin_needs("home", K["blue"], 5) == 1
    assert next_coin_needs("home", K["blue"], 10) is None
    assert next_coin_needs("home", K["garden"], 0) == 2
    assert next_coin_needs("home", K["garden"], 3) is None
    assert next_coin_needs("A", K["soy"], 1) == 2
    assert next_coin_needs("home", K["blue"], SALE_TABLE_MAX + 5) is None
    assert sale_coins("home", K["blue"], SALE_TABLE_MAX + 5) == 4


def test_section1_bean_names_from_sources() -> None:
    """The Dutch and Bulgarian texts name only the kinds of their variants."""
    assert BEANS[K["cocoa"]].dutch == "cacaobonen"
    assert BEANS[K["garden"]].bulgarian == "градинските зърна"
    assert BEANS[K["wax"]].dutch is None


# --- Section 2: classic -------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "removed"),
    [
        (3, {"cocoa"}),
        (4, {"coffee"}),
        (5, {"coffee"}),
        (6, {"cocoa", "garden"}),
        (7, {"cocoa", "garden"}),
    ],
)
def test_r_base_1_deck_by_player_count(players: int, removed: set[str]) -> None:
    setup = setup_for("classic", players)
    assert removed_keys("classic", players) == removed
    assert setup.deck_size == 154 - sum(CARD_COUNTS[K[k]] for k in removed)
    assert set(setup.deck_kinds) == set(range(11)) - {K[k] for k in removed}


@pytest.mark.parametrize(
    ("players", "hands"),
    [
        (3, (5, 5, 5)),
        (4, (5, 5, 5, 5)),
        (5, (5, 5, 5, 5, 5)),
        (6, (3, 4, 5, 6, 6, 6)),
        (7, (3, 4, 5, 6, 6, 6, 6)),
    ],
)
def test_r_base_2_hand_sizes(players: int, hands: tuple[int, ...]) -> None:
    assert setup_for("classic", players).hand_sizes == hands


@pytest.mark.parametrize(("players", "cost"), [(3, None), (4, 3), (5, 3), (6, 2), (7, 2)])
def test_r_base_4_third_field_cost(players: int, cost: int | None) -> None:
    setup = setup_for("classic", players)
    assert setup.third_field_cost == cost
    # 3 players: everyone starts with the third field, none can be bought.
    assert setup.starts_with_third_field == (players == 3)


@pytest.mark.parametrize(("players", "draw"), [(3, 3), (4, 3), (5, 3), (6, 4), (7, 4)])
def test_r_base_10_cards_drawn(players: int, draw: int) -> None:
    assert setup_for("classic", players).draw == draw


@pytest.mark.parametrize(("players", "limit"), [(3, 2), (4, 3), (5, 3), (6, 3), (7, 3)])
def test_r_base_17_exhaustion_limit(players: int, limit: int) -> None:
    assert setup_for("classic", players).exhaustion_limit == limit


def test_section2_classic_has_no_voyage_parts() -> None:
    for players in range(3, 8):
        setup = setup_for("classic", players)
        assert setup.mode == "classic" and setup.players == players
        assert not setup.is_voyage
        assert setup.colonies == ()
        assert setup.home_kontor == 0 and setup.colony_kontor == 0 and setup.max_ships == 0
        assert setup.harbor_cost is None and setup.ship_cost is None


@pytest.mark.parametrize(
    ("mode", "players"), [("classic", 1), ("classic", 8), ("voyage", 6), ("voyage", 2)]
)
def test_section2_unsupported_player_count(mode: str, players: int) -> None:
    with pytest.raises(ValueError, match=rf"{mode} is played by \d to \d players, not {players}"):
        setup_for(mode, players)


def test_r_duel_1_set_up_data() -> None:
    """R-DUEL-1, R-DUEL-4, R-DUEL-5: 144 cards without garden and cocoa, three fields
    from the start, five cards each, three turned up, two drawn, no reshuffle."""
    setup = setup_for("classic", 2)
    assert setup.duel and setup.mode == "classic"
    assert removed_keys("classic", 2) == {"garden", "cocoa"}
    assert setup.deck_size == 144
    assert setup.hand_sizes == (5, 5)
    assert setup.starts_with_third_field
    assert setup.turn_up == 3 and setup.draw == 2
    assert setup.exhaustion_limit == 1
    assert not any(setup_for("classic", n).duel for n in range(3, 8))
    assert {setup_for("classic", n).turn_up for n in range(3, 8)} == {2}  # R-BASE-8


def test_unknown_mode() -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        setup_for("solo", 3)


# --- Section 3: Bohn Voyage ---------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r_voy_1_deck_148_cards_without_garden(players: int) -> None:
    """R-VOY-1 and D-2: only garden is removed (the Mokkabohne is not cocoa)."""
    setup = setup_for("voyage", players)
    assert removed_keys("voyage", players) == {"garden"}
    assert setup.deck_size == 148
    assert setup.hand_sizes == (5,) * players
    assert setup.third_field_cost == 3
    assert setup.draw == 3
    assert setup.exhaustion_limit == 3


@pytest.mark.parametrize(
    ("players", "colonies"),
    [
        (3, ("A", "A", "C", "B", "B")),
        (4, ("A", "A", "A", "C", "B", "B", "B")),
        (5, ("A", "A", "A", "C", "C", "B", "B", "B")),
    ],
)
def test_r_voy_2_colonies_by_player_count(players: int, colonies: tuple[str, ...]) -> None:
    assert setup_for("voyage", players).colonies == colonies


@pytest.mark.parametrize("players", [3, 4, 5])
def test_r_voy_3_to_15_voyage_costs_and_capacities(players: int) -> None:
    setup = setup_for("voyage", players)
    assert setup.is_voyage
    assert setup.home_kontor == 3  # R-VOY-3
    assert setup.harbor_cost == 2  # R-VOY-5
    assert setup.colony_kontor == 1  # R-VOY-5
    assert setup.second_colony_field_cost == 2  # R-VOY-6
    assert setup.ship_cost == 3 and setup.max_ships == 2  # R-VOY-11
    assert setup.pirate_ship_beans == 5 and setup.raid_beans == 5  # R-VOY-15


@pytest.mark.parametrize(
    ("island", "kind", "n", "coins"),
    [
        ("A", "soy", 2, 0),
        ("A", "soy", 3, 2),
        ("A", "red", 2, 2),
        ("A", "wax", 3, 1),
        ("B", "black-eyed", 2, 0),
        ("B", "black-eyed", 3, 2),
        ("B", "wax", 4, 0),
        ("B", "chili", 2, 1),
        ("C", "blue", 2, 1),
        ("C", "red", 3, 0),
        ("C", "stink", 3, 1),  # not listed on C: normal beanometer
        ("C", "coffee", 7, 2),  # coffee: normal everywhere (D-2)
        ("A", "cocoa", 2, 2),
    ],
)
def test_r_voy_4_island_beanometers(island: str, kind: str, n: int, coins: int) -> None:
    assert SALE_TABLES[island][K[kind]][n] == coins


def test_r_voy_4_tables() -> None:
    assert ISLAND_METERS["home"] == NORMAL_METER
    assert ISLAND_METERS["A"][K["soy"]] == (None, 3, 5, 6)
    assert ISLAND_METERS["B"][K["black-eyed"]] == (None, 3, 4, 5)
    assert ISLAND_METERS["C"][K["wax"]] == (2, 6, 9, 11)
    for island in ("A", "B", "C"):
        for kind in ("coffee", "cocoa", "garden"):
            assert ISLAND_METERS[island][K[kind]] == NORMAL_METER[K[kind]]
    for kind in ("stink", "chili", "soy", "green"):
        assert ISLAND_METERS["C"][K[kind]] == NORMAL_METER[K[kind]]


# --- Loading and validation ---------------------------------------------------


def test_seeds_found_in_source_tree() -> None:
    assert (resources.seeds_path() / "beans.json").is_file()
    assert (resources.assets_path() / "locale").is_dir()


@pytest.fixture
def seeds_copy(tmp_path: Path) -> Path:
    for name in ("beans.json", "islands.json", "setups.json"):
        shutil.copy(resources.seeds_path() / name, tmp_path / name)
    return tmp_path


Change = Callable[[Any], object]


def _edit(path: Path, change: Change) -> None:
    content = json.loads(path.read_text(encoding="utf-8"))
    change(content)
    path.write_text(json.dumps(content), encoding="utf-8")


def test_load_accepts_the_shipped_seeds(seeds_copy: Path) -> None:
    loaded = data.load(seeds_copy)
    assert loaded.beans == BEANS
    assert loaded.setups[("voyage", 4)] == setup_for("voyage", 4)


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("beans.json", lambda c: c[0].update(cards=25), "155 cards"),
        ("beans.json", lambda c: c[1].update(beanometer=[4, 4, 9, 11]), "strictly increase"),
        ("beans.json", lambda c: c[1].update(beanometer=[None] * 4), "at least one"),
        ("beans.json", lambda c: c[1].update(extra=1), "extra"),
        ("beans.json", lambda c: c[1].update(cards="22"), "cards"),
        ("islands.json", lambda c: c["A"].update(mocha=[1, 2, 3, 4]), "unknown kinds"),
        ("islands.json", lambda c: c.pop("C"), "island types"),
        ("islands.json", lambda c: c["B"].update(soy=[3, 5, 5, 8]), "strictly increase"),
        ("setups.json", lambda c: c["classic"].pop("7"), "exactly"),
        ("setups.json", lambda c: c["voyage"].update({"6": c["voyage"]["5"]}), "exactly"),
        ("setups.json", lambda c: c["classic"]["4"].update(hand_sizes=[5, 5]), "hand sizes"),
        ("setups.json", lambda c: c["classic"]["4"].update(removed=["mocha"]), "removed"),
        ("setups.json", lambda c: c["voyage"]["3"].pop("harbor_cost"), "harbor_cost"),
        ("setups.json", lambda c: c["voyage"]["3"].update(colonies=["D"]), "colonies"),
        # RULES.md section 5: the Bean Duel is classic with exactly 2 players (R-DUEL-1, R-DUEL-5)
        ("setups.json", lambda c: c["classic"]["2"].pop("duel"), "exactly 2 players"),
        ("setups.json", lambda c: c["classic"]["3"].update(duel=True), "exactly 2 players"),
        ("setups.json", lambda c: c["classic"]["2"].update(third_field_cost=3), "R-DUEL-1"),
        ("setups.json", lambda c: c["classic"]["2"].update(exhaustion_limit=2), "R-DUEL-5"),
        ("setups.json", lambda c: c["classic"]["2"].update(turn_up=0), "turn_up"),
    ],
)
def test_load_rejects_bad_data(seeds_copy: Path, name: str, change: Change, message: str) -> None:
    _edit(seeds_copy / name, change)
    with pytest.raises(RuleDataError, match=message):
        data.load(seeds_copy)


def test_load_reports_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RuleDataError, match=r"beans\.json"):
        data.load(tmp_path)
