"""The basic level's decisions judged: trades it accepts, beans it must plant, forced harvests.

Positions are hand-made (``make_state``) with the answer a player of the game
would give, or drawn from games between basic bots; nothing here asks the bot's
own code what the answer should be.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rules_helpers import K, kinds, make_state

from bohnanza_tui.bots import Bot, make_bot
from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots.basic import BasicBot
from bohnanza_tui.rules import engine, trading
from bohnanza_tui.rules.actions import (
    Accept,
    Action,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    MakeOffer,
    Plant,
)
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import KINDS
from bohnanza_tui.rules.outcome import Event
from bohnanza_tui.rules.state import KIND_OF, GameState, Phase
from bohnanza_tui.rules.views import view

# -- trades ------------------------------------------------------------------------


def trade_start(mode: str, seed: int, steps: int) -> GameState | None:
    """A game among basic bots at the start of a trade phase, ``steps`` actions in or later."""
    names = ["A", "B", "C", "D"]
    bots = [make_bot("basic", seed * 7 + i) for i in range(len(names))]
    state = engine.new_game(mode, names, seed)
    done = 0
    while not state.over:
        if done >= steps and state.phase is Phase.TRADE and not state.offers:
            return state
        p = engine.next_to_act(state)
        engine.apply(state, bots[p].act(view(state, p), p))
        done += 1
    return None


def value(state: GameState, player: int) -> float:
    """The player's own evaluation of the position, from its own view."""
    return ev.player_value(view(state, player), player)


def front_value(state: GameState, player: int) -> float:
    """The same, with only the hand's front card (the one the next own turn must plant)."""
    v = view(state, player)
    del v.players[player].hand[1:]
    return ev.player_value(v, player)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    mode=st.sampled_from(["classic", "voyage"]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 900),
    data=st.data(),
)
def test_basic_never_accepts_a_trade_that_lowers_its_value(
    mode: str, seed: int, steps: int, data: st.DataObject
) -> None:
    """R-BASE-8: any offer open to a basic player; if it accepts, the trade done does not lower its value."""
    state = trade_start(mode, seed, steps)
    if state is None:
        event("the game ended")
        return
    n = len(state.players)
    active = state.active
    others = [q for q in range(n) if q != active]
    if data.draw(st.booleans(), label="the active player offers"):
        proposer = active
        to = data.draw(st.sampled_from([None, *others]), label="to")
        answerer = to if to is not None else data.draw(st.sampled_from(others), label="answerer")
    else:
        proposer = data.draw(st.sampled_from(others), label="proposer")
        to = answerer = active
    cards = trading.tradeable(state, proposer)
    # beans of the answerer's field kinds as well as any other
    growing = {KIND_OF[f[0]] for h in state.players[answerer].holdings for f in h.fields if f}
    fitting = [c for c in cards if KIND_OF[c] in growing]
    if cards:
        card = (
            st.sampled_from(cards) | st.sampled_from(fitting) if fitting else st.sampled_from(cards)
        )
        give = data.draw(st.lists(card, max_size=2, unique=True), label="give")
    else:  # nothing to give: the offer can only ask (sampled_from([]) is an error)
        give = []
    kinds_ = setup(state).deck_kinds
    want = data.draw(
        st.lists(st.sampled_from(kinds_), min_size=0 if give else 1, max_size=2), label="want"
    )
    offer = MakeOffer(proposer, to, tuple(give), tuple(want))
    engine.apply(state, offer)  # raises if the test built an illegal offer
    oid = state.offers[-1].id

    before = value(state, answerer)
    before_front = front_value(state, answerer)
    answer = BasicBot(seed).act(view(state, answerer), answerer)
    assert engine.check(state, answer) is None
    assert isinstance(answer, Accept | Decline) and answer.offer == oid
    event(type(answer).__name__)
    if isinstance(answer, Accept):
        engine.apply(state, answer)
        if to is None:
            engine.apply(state, Confirm(proposer, oid, answerer))
        if want:
            assert value(state, answerer) >= before - 1e-9
        else:  # a gift: judged by the beans to plant now and the next turn's, or as a swap
            assert (
                value(state, answerer) >= before - 1e-9
                or front_value(state, answerer) >= before_front - 1e-9
            )


def _answer(state: GameState, offer: MakeOffer, player: int) -> Action:
    engine.apply(state, offer)
    return BasicBot(1).act(view(state, player), player)


def test_basic_accepts_a_bean_for_its_field() -> None:
    # Bob grows blue and his hand fits his fields; Ann gives away a face-up blue
    s = make_state(
        hands={1: ["chili", "blue"]},
        fields={0: [["red"], ["stink"]], 1: [["blue"] * 4, ["chili"] * 2]},
        face_up=["blue", "cocoa"],
        phase=Phase.TRADE,
    )
    blue = s.face_up[0]
    a = _answer(s, MakeOffer(0, None, (blue,), ()), 1)
    assert isinstance(a, Accept) and a.give == ()


def test_basic_declines_a_bean_that_would_ruin_a_field() -> None:
    # both of Bob's fields are growing; a stink bean would force him to sell one early
    s = make_state(
        hands={1: ["red", "soy"]},
        fields={0: [["wax"], ["green"]], 1: [["red"] * 3, ["blue"] * 5]},
        face_up=["stink", "cocoa"],
        phase=Phase.TRADE,
    )
    a = _answer(s, MakeOffer(0, None, (s.face_up[0],), ()), 1)
    assert isinstance(a, Decline)


def test_basic_keeps_the_bean_its_own_field_needs() -> None:
    # Ann asks for chili; Bob's only chili is the next bean for his 3-chili field
    s = make_state(
        hands={1: ["chili", "soy"]},
        fields={0: [["wax"], ["green"]], 1: [["chili"] * 3, ["blue"] * 5]},
        face_up=["cocoa", "cocoa"],
        phase=Phase.TRADE,
    )
    a = _answer(s, MakeOffer(0, 1, (s.face_up[0],), (K["chili"],)), 1)
    assert isinstance(a, Decline)


# -- planting -----------------------------------------------------------------------


def _run(state: GameState, player: int, most: int) -> list[Action]:
    """``player``'s basic bot acts until it has planted once, the phase ends or another acts."""
    bot = BasicBot(3)
    start = (state.phase, state.planted)
    done: list[Action] = []
    while len(done) < most and (state.phase, state.planted) == start:
        if state.over or engine.next_to_act(state) != player:
            break
        a = bot.act(view(state, player), player)
        engine.apply(state, a)
        done.append(a)
    return done


def test_basic_plants_the_front_card_on_its_own_kind() -> None:
    """R-BASE-6: the front card goes onto the field of its kind, not into the empty field."""
    s = make_state(hands={0: ["blue", "chili", "wax"]}, fields={0: [["blue"] * 3, []]})
    front = s.players[0].hand[0]
    assert _run(s, 0, 3) == [Plant(0, front, 0, 0)]
    assert kinds(s.players[0].holdings[0].fields[0]) == ["blue"] * 4


def test_basic_harvests_rather_than_being_stuck() -> None:
    """R-BASE-7: no field takes the front card; it sells the full garden field and plants there."""
    s = make_state(
        n=3,
        hands={0: ["green", "wax"]},
        fields={0: [["garden"] * 3, ["red"] * 3, ["blue"] * 4]},
    )
    front = s.players[0].hand[0]
    acts = _run(s, 0, 4)
    assert acts == [Harvest(0, 0, 0), Plant(0, front, 0, 0)]
    assert len(s.players[0].coins) == 3
    fields = s.players[0].holdings[0].fields
    assert [kinds(f) for f in fields] == [["green"], ["red"] * 3, ["blue"] * 4]


def test_basic_received_bean_forces_a_protected_harvest() -> None:
    """R-BASE-9, R-BASE-7, R-BASE-12: the lone cocoa bean is protected, so the red field is sold."""
    s = make_state(
        fields={0: [["wax"], ["green"]], 1: [["red"] * 4, ["cocoa"]]},
        received={1: ["stink"]},
        phase=Phase.PLANT_TRADED,
    )
    stink = s.players[1].received[0]
    acts = _run(s, 1, 4)
    assert acts == [Harvest(1, 1, 0), Plant(1, stink, 1, 0)]
    assert len(s.players[1].coins) == 3
    assert s.players[1].received == []


def test_basic_plants_a_second_card_only_where_it_fits() -> None:
    """R-BASE-6: the second card is optional; a bean with no field stays in the hand to trade."""
    fits = make_state(
        hands={0: ["blue", "chili", "wax"]}, fields={0: [["blue"] * 3, ["chili"] * 2]}
    )
    hand = fits.players[0].hand[:]
    acts = _run(fits, 0, 2) + _run(fits, 0, 2)
    assert acts == [Plant(0, hand[0], 0, 0), Plant(0, hand[1], 0, 1)]

    lone = make_state(
        hands={0: ["blue", "wax", "chili"]}, fields={0: [["blue"] * 3, ["chili"] * 2]}
    )
    hand = lone.players[0].hand[:]
    acts = _run(lone, 0, 2) + _run(lone, 0, 2)
    assert acts == [Plant(0, hand[0], 0, 0), EndPhase(0)]
    assert lone.players[0].hand == hand[1:]


# -- offers ----------------------------------------------------------------------------


def _offers(
    mode: str, seed: int, bots: list[Bot]
) -> list[tuple[GameState, MakeOffer, Event | None]]:
    """Every offer of a game: the position before it, the offer and its maker's remark."""
    names = ["Ann", "Bob", "Cy", "Dee"]
    state = engine.new_game(mode, names, seed)
    out: list[tuple[GameState, MakeOffer, Event | None]] = []
    while not state.over:
        p = engine.next_to_act(state)
        a = bots[p].act(view(state, p), p)
        if isinstance(a, MakeOffer):
            out.append((state.copy(), a, bots[p].remark()))
        engine.apply(state, a)
    return out


def _grows(state: GameState, player: int, kind: int) -> bool:
    return any(
        f and KIND_OF[f[0]] == kind for h in state.players[player].holdings for f in h.fields
    )


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_basic_offers_are_aimed_and_explained(mode: str) -> None:
    """A swap asks for a bean one of its fields grows; a gift goes to a player who grows it."""
    offers = _offers(mode, 4, [make_bot("basic", i) for i in range(4)])
    assert len(offers) > 20
    seen: set[tuple[int, int, MakeOffer]] = set()
    for state, o, remark in offers:
        assert (state.turn, state.active, o) not in seen  # never the same offer twice a turn
        seen.add((state.turn, state.active, o))
        assert remark is not None
        name = state.players[o.player].name
        line = str(remark)
        if o.want:
            (want,) = o.want
            assert _grows(state, o.player, want)
            assert line == f"{name} wants {KINDS[want]} for the {KINDS[want]} field."
        else:
            (card,) = o.give
            assert o.to is not None and _grows(state, o.to, KIND_OF[card])
            partner = state.players[o.to].name
            kind = KINDS[KIND_OF[card]]
            assert line == f"{name} has no room for {kind}; {partner} grows {kind}."


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_offers_to_people_never_and_rarely(mode: str) -> None:
    """Seats 1 and 3 are people (stood in for by basic bots): 'never' spares them every offer,
    'rarely' asks them at most one offer a turn; 'often' asks them as it asks computers."""
    people = (1, 3)

    def reach(o: MakeOffer) -> bool:
        return o.to is None or o.to in people

    counts = {}
    for often in ("never", "rarely", "often"):
        bots: list[Bot] = [make_bot("basic", i) for i in range(4)]
        for p in (0, 2):
            bots[p] = make_bot("basic", p, people=people, offers_to_people=often)
        per_turn: dict[tuple[int, int], int] = {}
        for state, o, _ in _offers(mode, 8, bots):
            if o.player in (0, 2) and reach(o):
                key = (state.turn, o.player)
                per_turn[key] = per_turn.get(key, 0) + 1
        counts[often] = per_turn
    assert counts["never"] == {}
    assert counts["rarely"] and max(counts["rarely"].values()) == 1
    assert max(counts["often"].values()) > 1


def test_make_bot_refuses_an_unknown_offer_frequency() -> None:
    with pytest.raises(ValueError):
        make_bot("basic", 1, offers_to_people="sometimes")  # type: ignore[arg-type]


# -- the Bean Duel ---------------------------------------------------------------------------


def test_basic_duel_plants_an_offered_bean_that_fits_and_discards_the_other() -> None:
    """R-DUEL-4 step 1: the blue joins the blue field; the stink fits no field and is discarded."""
    s = make_state(
        n=2, hands={0: ["red", "soy"]}, fields={0: [["blue"] * 3, ["chili"] * 2, ["red"]]}
    )
    blue = next(c for c in s.deck if KIND_OF[c] == K["blue"])
    stink = next(c for c in s.deck if KIND_OF[c] == K["stink"])
    s.deck.remove(blue)
    s.deck.remove(stink)
    s.offered = [stink, blue]
    bot = BasicBot(1)
    first = bot.act(view(s, 0), 0)
    assert first == Plant(0, blue, 0, 0)
    engine.apply(s, first)
    second = bot.act(view(s, 0), 0)
    assert second == Discard(0, stink)
    engine.apply(s, second)
    assert s.offered == []
    assert kinds(s.players[0].holdings[0].fields[0]) == ["blue"] * 4


def _duel_act(state: GameState) -> Action:
    a = BasicBot(3).act(view(state, 0), 0)
    assert engine.check(state, a) is None
    return a


def test_basic_duel_plants_an_offered_bean_on_its_field_and_discards_a_stray_one() -> None:
    """R-DUEL-4 step 1: the bean for its blue field is planted; a red that fits nowhere is
    discarded rather than ruining a field."""
    s = make_state(
        "classic",
        2,
        hands={0: ["soy", "wax"]},
        fields={0: [["blue"] * 3, ["chili"] * 2, ["stink"] * 2]},
        offered=["red", "blue"],
    )
    red, blue = s.offered
    assert _duel_act(s) == Plant(0, blue, 0, 0)
    engine.apply(s, Plant(0, blue, 0, 0))
    assert _duel_act(s) == Discard(0, red)


def test_basic_duel_takes_the_turned_up_bean_its_field_grows() -> None:
    """R-DUEL-4 step 3: the turned-up chili goes onto the chili field; the rest is left."""
    s = make_state(
        "classic",
        2,
        hands={0: ["soy"]},
        fields={0: [["chili"] * 2, ["blue"] * 3, ["wax"] * 2], 1: [[], [], []]},
        face_up=["green", "chili", "stink"],
        phase=Phase.TRADE,
    )
    chili = s.face_up[1]
    assert _duel_act(s) == Plant(0, chili, 0, 0)
    engine.apply(s, Plant(0, chili, 0, 0))
    assert isinstance(_duel_act(s), EndPhase)


def test_basic_duel_discards_the_hand_card_that_would_force_a_harvest() -> None:
    """R-DUEL-4 step 2: after phase 1, a red that no field takes is discarded from the hand."""
    s = make_state(
        "classic",
        2,
        hands={0: ["blue", "red", "chili"]},
        fields={0: [["blue"] * 3, ["chili"] * 4, ["wax"] * 4]},
    )
    engine.apply(s, Plant(0, s.players[0].hand[0], 0, 0))
    red = s.players[0].hand[0]
    a = _duel_act(s)
    assert a == Discard(0, red)


# -- no move that lowers the own position for nothing ------------------------------------


def _offers_before_answers(state: GameState, bot: Bot, most: int = 12) -> list[MakeOffer]:
    """The active computer's offers of a trade phase made before anyone answers (as in the
    app, where the people answer a computer's offers once it has made them all)."""
    me = state.active
    made: list[MakeOffer] = []
    for _ in range(most):
        a = bot.act(view(state, me), me)
        if not isinstance(a, MakeOffer):
            break
        engine.apply(state, a)
        made.append(a)
    return made


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computer_never_offers_a_card_of_its_open_offers_again(level: str) -> None:
    """R-BASE-8: the computer offers the face-up wax to everyone for a bean its fields want
    and makes its other offers before anyone answers (as in the app): the wax is in one open
    offer only (it went to Bob, who grows wax, as a gift instead of the swap Bob accepted).
    Bob accepts the swap; the computer then confirms it or withdraws it, and gives no wax away
    meanwhile."""
    s = make_state(
        hands={0: ["chili", "blue"], 1: ["black-eyed", "black-eyed", "soy", "soy", "chili"]},
        fields={0: [["black-eyed"] * 3, ["soy"]], 1: [["wax"] * 2, ["garden"]]},
        face_up=["wax", "cocoa"],
        phase=Phase.TRADE,
    )
    wax = s.face_up[0]
    bot = make_bot(level, 5, max_samples=4) if level == "strong" else make_bot(level, 5)
    made = _offers_before_answers(s, bot)
    gives = [c for o in made for c in o.give]
    assert len(gives) == len(set(gives)), made  # no card in two open offers
    swap = next(o for o in s.offers if wax in o.give and o.want)
    bob = s.players[1].hand
    answer = tuple(c for c in bob if KIND_OF[c] in swap.want)[: len(swap.want)]
    for q in (1, 2, 3):
        for o in list(s.offers):
            if o.addresses(q, 4) and not trading.answered(o, q):
                yes = o.id == swap.id and q == 1
                engine.apply(s, Accept(q, o.id, answer) if yes else Decline(q, o.id))
    while s.phase is Phase.TRADE and any(o.id == swap.id for o in s.offers):
        a = bot.act(view(s, 0), 0)
        assert not (isinstance(a, MakeOffer) and wax in a.give)
        if isinstance(a, Confirm):
            assert a.offer == swap.id
        engine.apply(s, a)
    if level == "basic":  # the trade it asked for, as offered
        assert [KIND_OF[c] for c in s.players[1].received] == [K["wax"]]
        assert sorted(s.players[0].received) == sorted(answer)


def _gift_answer(level: str, state: GameState, card: int, to: int) -> Action:
    engine.apply(state, MakeOffer(state.active, to, (card,), ()))
    bot = make_bot(level, 2, max_samples=6) if level == "strong" else make_bot(level, 2)
    a = bot.act(view(state, to), to)
    assert engine.check(state, a) is None
    return a


@pytest.mark.parametrize("mode", ["classic", "voyage"])
@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computer_takes_a_free_bean_for_an_empty_field(level: str, mode: str) -> None:
    """R-BASE-8, R-BASE-9: Bob's fields are empty; a free stink bean costs him nothing (his
    front card, soy, still finds an empty field), so he takes it (both levels declined it:
    the hand's later cards, which may yet be traded away, were counted as forced harvests)."""
    s = make_state(
        mode,
        hands={1: ["soy", "chili", "red", "green", "wax"]},
        fields={0: [["wax"], ["green"]], 1: [[], []]},
        face_up=["stink", "cocoa"] if mode == "classic" else ["stink", "soy"],
        phase=Phase.TRADE,
    )
    a = _gift_answer(level, s, s.face_up[0], 1)
    assert isinstance(a, Accept)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computer_takes_a_free_bean_for_its_own_field(level: str) -> None:
    """R-BASE-8: a wax bean for Bob's wax field, his front card wax too: more beans on a
    field of the kind cost nothing (basic declined: its hand's green cards, planted in order,
    then sold the longer wax field)."""
    s = make_state(
        hands={1: ["wax", "green", "green", "green", "blue", "blue", "blue", "garden"]},
        fields={0: [["chili"], ["soy"]], 1: [["blue"] * 4, ["wax"] * 3]},
        face_up=["wax", "cocoa"],
        phase=Phase.TRADE,
    )
    a = _gift_answer(level, s, s.face_up[0], 1)
    assert isinstance(a, Accept)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computer_declines_a_free_bean_that_takes_its_front_cards_field(level: str) -> None:
    """R-BASE-7: Bob's only empty field is the one his front card, chili, must go to next
    turn; a stink bean there would have him sell his three red beans for nothing."""
    s = make_state(
        hands={1: ["chili", "soy"]},
        fields={0: [["wax"], ["green"]], 1: [["red"] * 3, []]},
        face_up=["stink", "cocoa"],
        phase=Phase.TRADE,
    )
    a = _gift_answer(level, s, s.face_up[0], 1)
    assert isinstance(a, Decline)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computer_plants_onto_its_field_of_the_kind_not_into_an_empty_one(level: str) -> None:
    """R-BASE-5, R-BASE-6: the front stink bean goes onto the lone stink bean (the blue after it onto
    the blue field), not into the empty
    field (basic split the kind: two lone beans counted more than a pair, and the empty
    field the next kind needs was gone)."""
    s = make_state(hands={0: ["stink", "blue"]}, fields={0: [["stink"], ["blue"] * 5, []]})
    stink = s.players[0].hand[0]
    bot = make_bot(level, 4, max_samples=6) if level == "strong" else make_bot(level, 4)
    assert bot.act(view(s, 0), 0) == Plant(0, stink, 0, 0)


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_computers_second_card_joins_its_kind(level: str) -> None:
    """R-BASE-5, R-BASE-6: the first card planted, the red bean now in front goes onto the red field
    (or stays in the hand), never into the empty field beside it."""
    s = make_state(hands={0: ["red", "wax"]}, fields={0: [["red"], ["wax"] * 2, []]})
    s.planted = 1  # the first card went in already
    red = s.players[0].hand[0]
    bot = make_bot(level, 4, max_samples=6) if level == "strong" else make_bot(level, 4)
    a = bot.act(view(s, 0), 0)
    assert a in (Plant(0, red, 0, 0), EndPhase(0)), a
