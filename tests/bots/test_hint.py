"""The hint for people: the strong level's move from the asking player's view, with a reason."""

from __future__ import annotations

import random

import pytest
from bots_helpers import hide_elsewhere
from rules_helpers import kinds, make_state

from bohnanza_tui.bots import make_bot
from bohnanza_tui.bots.hint import hint
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Harvest, MakeOffer, Plant
from bohnanza_tui.rules.state import Phase
from bohnanza_tui.rules.views import view

FIXED = {"max_samples": 3}


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_hint_sees_only_the_asking_players_view(mode: str) -> None:
    """Other hidden cards, the same hint; it is legal in the real game and changes nothing."""
    rng = random.Random(5)
    bots = [make_bot("basic", i) for i in range(4)]
    state = engine.new_game(mode, ["A", "B", "C", "D"], 6)
    checked = 0
    for step in range(300):
        if state.over:
            break
        p = engine.next_to_act(state)
        if step % 9 == 0:
            other = hide_elsewhere(state, p, rng)
            v1, v2 = view(state, p), view(other, p)
            assert v1 == v2
            h1, h2 = hint(v1, p, **FIXED), hint(v2, p, **FIXED)
            assert h1 == h2
            assert v1 == view(state, p)  # the hint plays nothing
            assert h1.action.player == p and engine.check(state, h1.action) is None
            line = str(h1.reason)
            assert line and "\n" not in line and "{" not in line
            checked += 1
        engine.apply(state, bots[p].act(view(state, p), p))
    assert checked > 20


def test_hint_for_a_player_with_nothing_to_do() -> None:
    s = engine.new_game("classic", ["A", "B", "C"], 1)
    with pytest.raises(ValueError):
        hint(view(s, 2), 2, **FIXED)


def test_hint_harvests_to_make_room_and_says_so() -> None:
    """R-BASE-7: the green bean must be planted and fits no field; the full garden field is sold."""
    s = make_state(
        n=3,
        hands={0: ["green", "wax"]},
        fields={0: [["garden"] * 3, ["red"] * 3, ["blue"] * 4]},
    )
    h = hint(view(s, 0), 0, **FIXED)
    assert h.action == Harvest(0, 0, 0)
    assert str(h.reason) == "Harvest the garden field for 3 coins: the green needs its room."


def test_hint_plants_on_the_field_of_the_kind() -> None:
    s = make_state(hands={0: ["blue", "chili", "wax"]}, fields={0: [["blue"] * 3, []]})
    h = hint(view(s, 0), 0, **FIXED)
    assert h.action == Plant(0, s.players[0].hand[0], 0, 0)
    assert str(h.reason) == "Plant the blue on your blue field: it grows toward more coins."


def test_hint_offers_a_bean_to_its_grower() -> None:
    """R-BASE-8: a face-up stink fits none of Ann's fields; Bob grows stink."""
    s = make_state(
        hands={0: ["blue", "blue"]},
        fields={0: [["blue"] * 3, ["chili"] * 3], 1: [["stink"] * 2, ["wax"]]},
        face_up=["stink", "chili"],
        phase=Phase.TRADE,
    )
    h = hint(view(s, 0), 0, **FIXED)
    assert isinstance(h.action, MakeOffer)
    assert kinds(h.action.give) == ["stink"]
    line = str(h.reason)
    assert line in (
        "Ann wants blue for the blue field.",
        "Ann wants chili for the chili field.",
        "Ann has no room for stink; Bob grows stink.",
    )


def test_hint_never_suggests_an_offer_already_made_this_trade() -> None:
    """R-BASE-8: an offer the table has answered is not suggested again; asking twice in the
    same position without a new offer gives the same hint."""
    s = make_state(
        hands={0: ["blue", "blue"]},
        fields={0: [["blue"] * 3, ["chili"] * 3], 1: [["stink"] * 2, ["wax"]]},
        face_up=["stink", "chili"],
        phase=Phase.TRADE,
    )
    first = hint(view(s, 0), 0, **FIXED)
    assert isinstance(first.action, MakeOffer)
    assert hint(view(s, 0), 0, **FIXED).action == first.action
    second = hint(view(s, 0), 0, made=[first.action], **FIXED)
    assert second.action != first.action
    if isinstance(second.action, MakeOffer):
        o, p = second.action, first.action
        assert (o.to, kinds(o.give), sorted(o.want)) != (p.to, kinds(p.give), sorted(p.want))


def test_the_duel_discard_hint_says_why() -> None:
    """R-DUEL-4 step 1: after the blue is planted, the red on offer fits no field of Ann's; the
    hint says to discard it, and why, not a generic line."""
    from bohnanza_tui.rules.actions import Discard

    s = make_state(
        "classic",
        2,
        hands={0: ["soy", "wax"]},
        fields={0: [["blue"] * 4, ["chili"] * 2, ["stink"] * 2]},
        offered=["red"],
    )
    h = hint(view(s, 0), 0, **FIXED)
    assert h.action == Discard(0, s.offered[0])
    assert str(h.reason) == "Discard the red: planting it would cost you a field."
