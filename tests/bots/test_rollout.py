"""The strong level's rollout policy: the stand-in for the table's trading (R-BASE-8).

In a rollout the active player gives the face-up cards it cannot plant to a
player who grows the kind, and in Bohn Voyage (``rollout.HAND_GIFTS``) also
the hand cards that would force a harvest at home. Positions are hand-made
(``make_state``); the gifts are checked against the same trades played with the
rules' checks (``engine.apply``), and against what the fields show. With the
table's trading so modelled, Bohn Voyage also searches the answers to the
offers of others (``strong.ANSWERS``).
"""

from __future__ import annotations

import pytest
from bots_helpers import strong_game
from rules_helpers import kinds, make_state

from bohnanza_tui.bots import rollout as ro
from bohnanza_tui.bots import strong
from bohnanza_tui.bots.strong import StrongBot
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Accept, Decline, EndPhase, MakeOffer
from bohnanza_tui.rules.state import GameState, Phase
from bohnanza_tui.rules.views import view


def stuck_hand(mode: str) -> GameState:
    """Ann (active, trading) grows soy and green and has no empty field; her hand is blue,
    wax, chili, soy, red. Bob grows wax, Cy blue, Dee green; nobody grows chili or red."""
    return make_state(
        mode,
        hands={0: ["blue", "wax", "chili", "soy", "red"]},
        fields={
            0: [["soy"] * 2, ["green"] * 2],
            1: [["wax"] * 2, []],
            2: [["blue"], ["stink"]],
            3: [["green"], []],
        },
        phase=Phase.TRADE,
        active=0,
    )


def test_hand_cards_that_would_force_a_harvest_go_to_their_growers() -> None:
    """Of the next three hand cards, blue and wax find no field of Ann's: blue goes to Cy
    and wax to Bob (the first growers after her), as legal gifts; chili, which nobody
    grows, stays, and so do the cards behind the first three."""
    s = stuck_hand("voyage")
    hand = list(s.players[0].hand)
    blue, wax = hand[0], hand[1]
    expected = s.copy()
    for to, card in ((2, blue), (1, wax)):
        oid = expected.next_offer
        engine.apply(expected, MakeOffer(0, to, (card,), ()))
        engine.apply(expected, Accept(to, oid, ()))
    ro.gift_hand(s, 0)
    assert s.players[0].hand == hand[2:]
    assert s.players[2].received == [blue]
    assert s.players[1].received == [wax]
    assert s.players[3].received == []
    assert s.players[0].hand == expected.players[0].hand
    assert [p.received for p in s.players] == [p.received for p in expected.players]


def test_a_card_that_fits_or_finds_an_empty_field_stays() -> None:
    """Ann grows blue and has an empty field: the blue bean fits its field, the wax bean
    takes the empty field, so nothing in her next three cards is a burden."""
    s = make_state(
        "voyage",
        hands={0: ["blue", "wax", "blue", "chili"]},
        fields={0: [["blue"] * 2, []], 1: [["wax"], ["chili"]], 2: [[], []], 3: [[], []]},
        phase=Phase.TRADE,
        active=0,
    )
    hand = list(s.players[0].hand)
    ro.gift_hand(s, 0)
    assert s.players[0].hand == hand
    assert all(not p.received for p in s.players)


@pytest.mark.parametrize(("mode", "gives"), [("voyage", True), ("classic", False)])
def test_the_rollout_gives_hand_cards_away_where_the_mode_says(mode: str, gives: bool) -> None:
    """The active player's step in the trade phase: in Bohn Voyage the stuck hand cards
    go (``HAND_GIFTS``), in classic they stay; the phase ends either way."""
    assert ro.HAND_GIFTS == {"classic": 0, "voyage": 1}
    s = stuck_hand(mode)
    a = ro.fast_action(s, 0)
    assert a == EndPhase(0)
    received = [kinds(p.received) for p in s.players]
    if gives:
        assert received == [[], ["wax"], ["blue"], []]
        assert kinds(s.players[0].hand) == ["chili", "soy", "red"]
    else:
        assert received == [[], [], [], []]
        assert kinds(s.players[0].hand) == ["blue", "wax", "chili", "soy", "red"]


def test_the_hand_gifts_change_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollouts without the hand gifts play another game; classic's entry does not enter
    a Bohn Voyage game."""
    before = strong_game(12)
    monkeypatch.setitem(ro.HAND_GIFTS, "classic", 1)
    assert strong_game(12) == before
    monkeypatch.setitem(ro.HAND_GIFTS, "voyage", 0)
    assert strong_game(12) != before


@pytest.mark.parametrize(("mode", "searched"), [("voyage", 1), ("classic", 0)])
def test_answers_to_offers_are_searched_where_the_mode_says(mode: str, searched: int) -> None:
    """Bob is offered a stink bean for his stink field: in Bohn Voyage he weighs taking it
    against declining by the search (``strong.ANSWERS``), in classic by the basic rule
    alone; either way he answers the offer, legally."""
    assert strong.ANSWERS == {"classic": 0, "voyage": 1}
    s = make_state(
        mode,
        hands={0: ["stink", "wax"], 1: ["blue", "red"]},
        fields={0: [["chili"] * 2, ["soy"]], 1: [["stink"] * 2, ["blue"]]},
        phase=Phase.TRADE,
        active=0,
    )
    oid = s.next_offer
    engine.apply(s, MakeOffer(0, 1, (s.players[0].hand[0],), ()))
    bot = StrongBot(3, max_samples=4)
    a = bot.act(view(s, 1), 1)
    assert isinstance(a, Accept | Decline) and a.offer == oid
    assert engine.check(s, a) is None
    assert bot.searches == searched
