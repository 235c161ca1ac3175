"""The strong level's trading judged: answers, confirmations and offers (R-BASE-8).

Positions are drawn from games of a strong player among basic players, or
hand-made (``make_state``); what is checked is the effect of a decision on the
player's own evaluation from its own view, or what the rules and the table
show, never the bot's own reasoning replayed.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rules_helpers import K, make_state

from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots import make_bot
from bohnanza_tui.bots.strong import StrongBot
from bohnanza_tui.bots.strong_trade import MAX_OFFERS
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Accept, Confirm, Decline, Harvest, MakeOffer, Withdraw
from bohnanza_tui.rules.state import KIND_OF, GameState, Phase
from bohnanza_tui.rules.views import view

LEVELS = ["strong", "basic", "basic", "basic"]


def value(state: GameState, player: int) -> float:
    """The player's own evaluation of the position, from its own view."""
    return ev.player_value(view(state, player), player)


def front_value(state: GameState, player: int) -> float:
    """The same, with only the hand's front card (the one the next own turn must plant)."""
    v = view(state, player)
    del v.players[player].hand[1:]
    return ev.player_value(v, player)


def _grows(state: GameState, player: int, kind: int) -> bool:
    return any(
        f and KIND_OF[f[0]] == kind for h in state.players[player].holdings for f in h.fields
    )


def play_until_trade(mode: str, seed: int, steps: int, strong_seat: int) -> GameState | None:
    """A game of one strong and three basic players at a trade phase, ``steps`` actions in or later."""
    levels = LEVELS[-strong_seat:] + LEVELS[:-strong_seat] if strong_seat else LEVELS
    bots = [make_bot(lv, seed * 7 + i, max_samples=2) for i, lv in enumerate(levels)]
    state = engine.new_game(mode, ["A", "B", "C", "D"], seed)
    done = 0
    while not state.over:
        if done >= steps and state.phase is Phase.TRADE and not state.offers:
            return state
        p = engine.next_to_act(state)
        engine.apply(state, bots[p].act(view(state, p), p))
        done += 1
    return None


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    mode=st.sampled_from(["classic", "voyage"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 900),
    data=st.data(),
)
def test_strong_never_accepts_a_trade_that_lowers_its_value(
    mode: str, seed: int, steps: int, data: st.DataObject
) -> None:
    """R-BASE-8: any offer from the active player to a strong player; an acceptance
    does not lower its value (the trade done as the offer said; a gift that it can plant
    without loss is judged with the hand's front card only, as its next turn plants it)."""
    state = play_until_trade(mode, seed, steps, 0)
    if state is None:
        event("the game ended")
        return
    active = state.active
    others = [q for q in range(4) if q != active]
    me = data.draw(st.sampled_from(others))
    proposer_cards = [*state.face_up, *state.players[active].hand]
    mine = state.players[me].hand
    give = data.draw(
        st.lists(st.sampled_from(proposer_cards), max_size=2, unique=True)
        if proposer_cards  # (an active player with no cards to offer asks only)
        else st.just([])
    )
    want = data.draw(
        st.lists(st.sampled_from([KIND_OF[c] for c in mine]), max_size=2) if mine else st.just([])
    )
    if not give and not want:
        return
    to = data.draw(st.sampled_from([None, me]))
    offer = MakeOffer(active, to, tuple(give), tuple(want))
    if engine.check(state, offer) is not None:
        return
    engine.apply(state, offer)
    oid = state.offers[-1].id
    before = value(state, me)
    before_front = front_value(state, me)
    answer = StrongBot(seed, max_samples=2).act(view(state, me), me)
    assert isinstance(answer, Accept | Decline) and answer.offer == oid
    assert engine.check(state, answer) is None
    event(type(answer).__name__)
    if isinstance(answer, Accept):
        engine.apply(state, answer)
        if to is None:
            engine.apply(state, Confirm(active, oid, me))
        if want:
            assert value(state, me) >= before - 1e-9
        else:  # a gift: judged by the beans to plant now and the next turn's, or as a swap
            assert (
                value(state, me) >= before - 1e-9 or front_value(state, me) >= before_front - 1e-9
            )


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_strong_offers_are_aimed_confirmed_only_with_a_gain_and_explained(mode: str) -> None:
    """Whole games, the strong player in each seat: every offer is legal and comes with a
    remark; a swap asks for beans its fields grow; a gift goes to a grower; no offer twice
    a turn, at most MAX_OFFERS a turn; a confirmed trade raises its own value."""
    offers = 0
    confirmed = 0
    for seat in range(4):
        levels = LEVELS[-seat:] + LEVELS[:-seat] if seat else LEVELS
        bots = [make_bot(lv, 11 + i, max_samples=2) for i, lv in enumerate(levels)]
        state = engine.new_game(mode, ["Ann", "Bob", "Cy", "Dee"], 20 + seat)
        seen: set[tuple[int, MakeOffer]] = set()
        per_turn: dict[int, int] = {}
        while not state.over:
            p = engine.next_to_act(state)
            a = bots[p].act(view(state, p), p)
            if p == seat and isinstance(a, MakeOffer):
                offers += 1
                assert engine.check(state, a) is None
                assert (state.turn, a) not in seen
                seen.add((state.turn, a))
                per_turn[state.turn] = per_turn.get(state.turn, 0) + 1
                assert per_turn[state.turn] <= MAX_OFFERS
                assert bots[p].remark() is not None
                if a.want:
                    assert all(_grows(state, p, k) for k in a.want)
                    assert a.to is None
                else:
                    (card,) = a.give
                    assert a.to is not None and _grows(state, a.to, KIND_OF[card])
            if p == seat and isinstance(a, Confirm):
                confirmed += 1
                before = value(state, p)
                engine.apply(state, a)
                assert value(state, p) > before
                continue
            engine.apply(state, a)
    assert offers > 40 and confirmed > 5


def test_strong_asks_for_the_bean_its_field_needs_and_takes_it() -> None:
    """R-BASE-8: Ann (strong) grows chili; Bob holds a chili that would ruin his fields.
    Ann's offers (answered by basic players) end with Bob's chili received by her.
    (Her trading policy alone: the search that may overrule a confirmation is off.)"""
    s = make_state(
        hands={0: ["blue", "blue"], 1: ["chili", "red"]},
        fields={0: [["chili"] * 4, ["blue"] * 2], 1: [["red"] * 3, ["wax"] * 5]},
        face_up=["blue", "blue"],
        phase=Phase.TRADE,
    )
    ann = StrongBot(1, max_samples=2)
    ann.search_kinds = frozenset()
    others = make_bot("basic", 2)
    before = value(s, 0)
    for _ in range(40):
        if s.phase is not Phase.TRADE:
            break
        p = engine.next_to_act(s)
        engine.apply(s, (ann if p == 0 else others).act(view(s, p), p))
    assert K["chili"] in [KIND_OF[c] for c in s.players[0].received]
    assert value(s, 0) > before


def offer_id(state: GameState) -> int:
    return state.offers[-1].id


def test_strong_withdraws_when_no_answer_helps() -> None:
    """R-BASE-8: an answer that would cost Ann (strong) her field is not confirmed."""
    s = make_state(
        hands={0: ["blue"], 1: ["stink", "red"]},
        fields={0: [["chili"] * 4, ["blue"] * 2], 1: [["red"] * 3, ["wax"] * 5]},
        face_up=["chili", "chili"],
        phase=Phase.TRADE,
    )
    # her blue (for her blue field) for a stink that no field of hers can take
    offer = MakeOffer(0, None, (s.players[0].hand[0],), (K["stink"],))
    engine.apply(s, offer)
    oid = offer_id(s)
    bob_stink = next(c for c in s.players[1].hand if KIND_OF[c] == K["stink"])
    engine.apply(s, Accept(1, oid, (bob_stink,)))
    for q in (2, 3):
        engine.apply(s, Decline(q, oid))
    a = StrongBot(1, max_samples=4).act(view(s, 0), 0)
    assert a == Withdraw(0, oid)


def test_a_capped_search_stops_once_one_candidate_clearly_leads(monkeypatch) -> None:
    """``max_samples`` is a cap: a search whose best candidate leads clearly stops sooner.

    Ann must plant a received chili and no field takes it: she sells her blue field of 4
    or her red field of 2 (a coin each) to make room. Her front card is blue, so the red
    field goes; both are searched, and the rollouts agree long before 200 samples.
    """
    from bohnanza_tui.bots import strong

    s = make_state(
        hands={0: ["blue", "red"]},
        fields={0: [["blue"] * 4, ["red"] * 2]},
        received={0: ["chili"]},
        phase=Phase.PLANT_TRADED,
    )
    drawn = 0
    real = strong.sample_state

    def counting(view: GameState, rng: object) -> GameState:
        nonlocal drawn
        drawn += 1
        return real(view, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(strong, "sample_state", counting)
    bot = StrongBot(1, max_samples=200)
    a = bot.act(view(s, 0), 0)
    assert a == Harvest(0, 0, 1)
    assert strong.MIN_SAMPLES <= drawn < 200
