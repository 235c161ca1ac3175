"""Trading at one keyboard as at a real table, with few hand-overs (issue: game night).

- A computer player's turn asks each person at most once: all its offers to
  that person in one dialog, answered together, "decline all" on one key.
- A bean received by a person away from the keyboard is planted without a
  hand-over where their plant key would put it (classic).
- Any player may bid to the active player in phase 2 (R-BASE-8).
- A person's undo takes back their move with the computer replies after it.
"""

from __future__ import annotations

from typing import Any

from ui_helpers import SIZE, log_text, make_app, press, screen_text

from bohnanza_tui.rules import GameState, Phase, new_game
from bohnanza_tui.rules.actions import Action, Decline, EndPhase, MakeOffer
from bohnanza_tui.rules.save import Session
from bohnanza_tui.rules.trading import awaiting
from bohnanza_tui.seating.hotseat import Seat, fallback_action
from bohnanza_tui.ui.screens.privacy import PrivacyScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import AnswerAllScreen, AnswerScreen

CY, _DEE, ANN, BOB = range(4)
NAMES = ["Cy", "Dee", "Ann", "Bob"]
SEATS = [Seat("Cy", "computer"), Seat("Dee", "computer"), Seat("Ann"), Seat("Bob")]


class Generous:
    """A computer player that, in its phase 2 of turn 1, makes three offers then ends trading:
    the first face-up card as a gift to Ann, the second to everyone for a chili, the front
    hand card as a gift to Ann; it declines every offer it is asked about."""

    level = "scripted"

    def __init__(self) -> None:
        self.plan: list[Action] | None = None

    def remark(self) -> None:
        return None

    def act(self, view: GameState, me: int) -> Action:
        if view.phase is Phase.TRADE and awaiting(view, me):
            return Decline(me, awaiting(view, me)[0].id)
        if view.phase is Phase.TRADE and view.active == me:
            if self.plan is None:
                self.plan = [
                    MakeOffer(me, ANN, (view.face_up[0],), ()),
                    MakeOffer(me, None, (view.face_up[1],), (3,)),
                    MakeOffer(me, ANN, (view.players[me].hand[0],), ()),
                ]
                if view.turn > 1:
                    self.plan = []
            return self.plan.pop(0) if self.plan else EndPhase(me)
        return fallback_action(view, me)


def four_seats() -> Session:
    return Session(new_game("classic", NAMES, 11))


def counting(app: Any, session: Session) -> list[tuple[int, str]]:
    """The privacy screens and answer dialogs the app opens from now on, with the turn."""
    seen: list[tuple[int, str]] = []
    push = app.push_screen

    def counted(screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, PrivacyScreen):
            seen.append((session.state.turn, "privacy " + screen.player_name))
        elif isinstance(screen, AnswerScreen | AnswerAllScreen):
            seen.append((session.state.turn, "answer " + NAMES[screen.player]))
        return push(screen, *args, **kwargs)

    app.push_screen = counted
    return seen


async def test_a_computer_turn_asks_each_person_once_with_every_offer() -> None:
    session = four_seats()
    bots: dict[int, Generous] = {}
    app = make_app(
        session,
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    seen = counting(app, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Cy has made all three offers before anyone is asked; Dee (a computer) answered
        assert isinstance(app.screen, PrivacyScreen)
        assert len(session.state.offers) == 3
        text = screen_text(app)
        assert "Pass the keyboard to Ann" in text and "Ann has 3 trade offers to answer." in text
        await press(pilot, "enter", "enter")  # a double tap marks nothing
        assert isinstance(app.screen, AnswerAllScreen)
        text = screen_text(app)
        assert "Ann, answer 3 offers" in text
        assert text.count("[ ]") == 3 and "[x]" not in text
        await press(pilot, "1", "3")  # the two gifts
        assert screen_text(app).count("[x]") == 2
        await press(pilot, "s")  # sent together; then Bob answers the offer to everyone
        assert len(session.state.players[ANN].received) == 2
        assert isinstance(app.screen, PrivacyScreen)
        assert "Bob has a trade offer to answer." in screen_text(app)
        await press(pilot, "enter", "n")
        # nobody is asked again in Cy's turn: Cy ends trading, Ann's gifts are planted
        # for her (she is away from the keyboard), the turn moves on to Dee, a computer
        await pilot.pause()
        assert session.state.turn >= 2
        assert session.state.players[ANN].received == []
        assert sum(len(f) for f in session.state.players[ANN].holdings[0].fields) == 2
    in_cy_s_turn = [what for turn, what in seen if turn == 1]
    assert in_cy_s_turn == ["privacy Ann", "answer Ann", "privacy Bob", "answer Bob"]


async def test_decline_all_is_one_key() -> None:
    session = four_seats()
    bots: dict[int, Generous] = {}
    app = make_app(
        session,
        seats=SEATS,
        bot_factory=lambda _level, seed, **_kw: bots.setdefault(seed, Generous()),
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        await press(pilot, "n")
        assert awaiting(session.state, ANN) == []
        assert session.state.players[ANN].received == []
        assert "Ann declines offer 1." in " ".join(session_log(app))
        assert "Ann declines offer 3." in " ".join(session_log(app))


def session_log(app: Any) -> list[str]:
    from bohnanza_tui.ui.widgets import EventLog

    log = next(s for s in app.screen_stack if s.query(EventLog)).query_one(EventLog)
    return [strip.text.strip() for strip in log.lines]


# -- undo after a computer's reply (item 7) ------------------------------------------------


def ann_offers_cy_a_gift() -> tuple[Session, MakeOffer]:
    """Ann (a person) in phase 2, about to offer a face-up card to Cy (a computer player)."""
    from bohnanza_tui.rules.actions import Plant

    session = Session(new_game("classic", ["Ann", "Bob", "Cy"], 5))
    for _ in range(2):
        session.play(Plant(0, session.state.players[0].hand[0], 0, len(session.log)))
    if session.state.phase is Phase.PLANT:
        session.play(EndPhase(0))
    assert session.state.phase is Phase.TRADE
    return session, MakeOffer(0, 2, (session.state.face_up[0],), ())


def test_a_person_s_undo_takes_back_the_computer_replies_after_it() -> None:
    """Undo by Ann: her offer and Cy's answer to it; never Bob's move, never past a draw."""
    session, offer = ann_offers_cy_a_gift()
    before = session.state.copy()
    session.play(offer)
    session.play(Decline(2, session.state.offers[0].id))  # Cy, a computer, declines
    assert session.can_undo(0) is not None  # the last move is Cy's
    assert session.undo_depth(0, computers=[2]) == 2
    assert session.undo_depth(1, computers=[2]) != 2  # Bob made neither move
    assert session.undo(0, computers=[2]) == offer
    assert session.state == before and len(session.log) == 2
    # a person's move between them is never taken back by another person
    session.play(offer)
    session.play(Decline(2, session.state.offers[0].id))
    session.play(MakeOffer(1, 0, (), (1,)))  # Bob asks Ann for a wax
    assert session.can_undo(0, computers=[2]) is not None
    assert session.can_undo(1, computers=[2]) is None


async def test_undo_after_a_computer_declined() -> None:
    session, offer = ann_offers_cy_a_gift()
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy", "computer")]
    app = make_app(session, seats=seats, bot_factory=lambda _level, _seed, **_kw: Generous())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        gift = offer.give[0]
        app.screen.play(offer)  # as the offer dialog sends it
        await pilot.pause()
        assert "Cy declines offer 1." in " ".join(session_log(app))
        assert session.state.offers == [] and gift in session.state.face_up
        await press(pilot, "u")
        assert len(session.log) == 2  # the offer and Cy's answer are taken back
        assert session.state.offers == [] and gift in session.state.face_up
        assert "Undone: your last action and the computer player's reply after it." in " ".join(
            session_log(app)
        )
        assert "Can't undo" not in screen_text(app)


# -- bids: any player may offer to the active player (item 2, R-BASE-8) -----------------


async def test_a_one_for_one_bid_costs_two_hand_overs_planting_included() -> None:
    from ui_helpers import classic

    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.ui.screens.choice import ChoiceScreen
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    session = classic()  # Ann, Bob and Cy: three people
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")  # Ann turns up the face-up cards
        assert session.state.phase is Phase.TRADE
        green = session.state.face_up[0]
        wax = session.state.players[1].hand[3]
        seen = counting(app, session)
        await press(pilot, "B")
        assert isinstance(app.screen, ChoiceScreen) and "Who bids?" in screen_text(app)
        await press(pilot, "1")  # Bob
        assert isinstance(app.screen, PrivacyScreen)
        assert "Bob makes a bid to Ann." in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, OfferBuilder)
        text = screen_text(app)
        assert "Bid to Ann — Bob" in text and "Face up: ♠ green, ○ wax" in text
        assert "Ann's hand" not in text
        # proposed: Bob's wax (Ann grows wax) for the face-up green (a kind Bob holds)
        assert "You give 1 × ○ wax to Ann for 1 × ♠ green." in screen_text(app)
        await press(pilot, "ctrl+s")
        assert isinstance(app.screen, PrivacyScreen)
        assert "Ann, a bid is in for you." in screen_text(app)
        await press(pilot, "enter", "a")  # Ann takes it: the face-up green for Bob's wax
        assert session.state.players[0].received == [wax]
        await press(pilot, "e")  # end trading: Bob's green is planted without a hand-over
        assert KIND_OF[green] == KIND_OF[session.state.players[1].holdings[0].fields[0][-1]]
        assert session.state.players[1].received == []
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
    assert [what for _turn, what in seen if what.startswith("privacy")] == [
        "privacy Bob",
        "privacy Ann",
    ]


async def test_bids_are_answered_together_and_another_person_may_bid_first() -> None:
    from ui_helpers import classic

    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p", "B", "1", "enter", "ctrl+s")  # as proposed
        assert "Someone else bids first: B" in screen_text(app)
        await press(pilot, "B", "2")  # Cy bids too, before Ann sees the bids
        assert "Cy makes a bid to Ann." in screen_text(app)
        # a gift of Cy's front card: picked, the proposed wax and green taken off
        await press(pilot, "enter", "space", "down", "down", "down", "space", "tab", "left")
        assert "You give 1 × ◉ black-eyed to Ann as a gift." in screen_text(app)
        await press(pilot, "ctrl+s")
        assert "Ann, 2 bids are in for you." in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerAllScreen)
        assert "Ann, answer 2 offers" in screen_text(app)
        await press(pilot, "1", "s")  # Bob's bid taken, Cy's declined
        assert len(session.state.players[0].received) == 1
        assert session.state.offers == []


def test_a_person_is_not_asked_twice_when_an_answer_falls_through() -> None:
    """Ann accepts two offers of Cy's with the same card; Cy confirms one: her other answer
    is dropped by the engine (its card is gone) and counts as declined, not asked again."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Accept, Confirm
    from bohnanza_tui.seating.hotseat import HotSeat

    session = four_seats()
    hs = HotSeat(session, SEATS)
    state = session.state
    session.play(fallback_action(state, CY))  # Cy plants, turns up two cards
    while session.state.phase is not Phase.TRADE:
        session.play(EndPhase(CY))
    state = session.state
    card = state.players[ANN].hand[0]
    first, second = (MakeOffer(CY, None, (c,), (KIND_OF[card],)) for c in state.face_up)
    for offer in (first, second):
        session.play(offer)
    ids = [o.id for o in session.state.offers]
    for oid in ids:
        action = Accept(ANN, oid, (card,))
        session.play(action)
        hs.note(action)
    assert hs.fallen_through(ANN) == []  # answered: nothing owed
    session.play(Confirm(CY, ids[0], ANN))
    assert [o.id for o in awaiting(session.state, ANN)] == [ids[1]]  # owed again
    assert hs.fallen_through(ANN) == [Decline(ANN, ids[1])]
    assert hs.fallen_through(BOB) == []  # Bob was not asked in this turn


def _ann_receives_both_face_up_cards(fields_of: list[int]) -> Session:
    """Cy's turn 1 at the end of trading: Ann (away from the keyboard) received both face-up
    cards; her two fields hold one bean each, of the kinds in ``fields_of`` (taken from the
    deck, so every card stays somewhere exactly once)."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Accept, Confirm

    session = four_seats()
    state = session.state
    session.play(fallback_action(state, CY))
    while session.state.phase is not Phase.TRADE:
        session.play(EndPhase(CY))
    state = session.state
    for slot, kind in enumerate(fields_of):
        card = next(c for c in state.deck if KIND_OF[c] == kind)
        state.deck.remove(card)
        state.players[ANN].holdings[0].fields[slot] = [card]
    session.play(MakeOffer(CY, ANN, tuple(state.face_up), ()))
    oid = session.state.offers[0].id
    session.play(Accept(ANN, oid, ()))
    if any(o.id == oid for o in session.state.offers):  # an offer to one player closes at once
        session.play(Confirm(CY, oid, ANN))
    session.play(EndPhase(CY))
    assert session.state.phase is Phase.PLANT_TRADED
    assert len(session.state.players[ANN].received) == 2
    return session


def test_received_beans_that_all_fit_are_planted_without_a_hand_over() -> None:
    """Both received beans go onto fields of their kinds: no choice, no hand-over."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.seating.hotseat import HotSeat

    probe = four_seats()
    probe.play(fallback_action(probe.state, CY))
    while probe.state.phase is not Phase.TRADE:
        probe.play(EndPhase(CY))
    kinds = [KIND_OF[c] for c in probe.state.face_up]
    session = _ann_receives_both_face_up_cards(kinds)
    hs = HotSeat(session, SEATS)
    plant = hs.planted_for(ANN)
    assert plant is not None and plant.player == ANN


def test_received_beans_are_left_to_the_person_when_one_needs_a_harvest() -> None:
    """R-BASE-9, R-BASE-12: Ann receives a bean of her first field's kind and one that fits nowhere.
    Planting the first for her would make that field two beans, so her one-bean second field
    could no longer be harvested for the other: the order is hers, both wait for her."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.seating.hotseat import HotSeat

    probe = four_seats()
    probe.play(fallback_action(probe.state, CY))
    while probe.state.phase is not Phase.TRADE:
        probe.play(EndPhase(CY))
    fits, other = (KIND_OF[c] for c in probe.state.face_up)
    assert fits != other, "seed 11's face-up cards are of two kinds"
    third = next(KIND_OF[c] for c in probe.state.deck if KIND_OF[c] not in (fits, other))
    session = _ann_receives_both_face_up_cards([fits, third])
    hs = HotSeat(session, SEATS)
    assert hs.planted_for(ANN) is None
    assert len(session.state.players[ANN].received) == 2


async def test_the_active_person_plants_first_so_the_keyboard_goes_round_once() -> None:
    """R-BASE-9: everyone plants at once. Ann (at the keyboard) kept a face-up card, Bob got the
    other, which needs a harvest first: Ann plants, then the keyboard goes to Bob, whose
    planting ends the turn, and Bob's own turn goes on without another hand-over."""
    from ui_helpers import classic

    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Accept, Confirm, Keep

    session = classic()  # Ann, Bob and Cy: three people
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    state = session.state
    given, kept = state.face_up
    for field in state.players[0].holdings[0].fields:  # Ann's fields emptied: her keep fits
        state.discard.extend(field)
        field.clear()
    bob = state.players[1].holdings[0].fields  # every field of Bob's holds another kind
    kinds = [KIND_OF[given]]
    for slot in range(len(bob)):
        card = next(c for c in state.deck if KIND_OF[c] not in kinds)
        kinds.append(KIND_OF[card])
        state.discard.extend(bob[slot])
        state.deck.remove(card)
        bob[slot] = [card]
    session.play(MakeOffer(0, 1, (given,), ()))
    oid = session.state.offers[0].id
    session.play(Accept(1, oid, ()))
    if session.state.offers:
        session.play(Confirm(0, oid, 1))
    session.play(Keep(0, kept))
    app = make_app(session)
    seen = counting(app, session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "e")
        assert session.state.phase is Phase.PLANT_TRADED
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
        await press(pilot, "p")  # Ann's kept card
        assert session.state.players[0].kept == []
        assert isinstance(app.screen, PrivacyScreen)
        assert "Bob plants the beans received in trades." in screen_text(app)
        await press(pilot, "enter", "h", "1", "p")  # Bob harvests a field, plants his bean
        assert session.state.active == 1 and session.state.turn == 2
        assert isinstance(app.screen, TableScreen) and "Bob's hand" in screen_text(app)
    assert [what for _t, what in seen if what.startswith("privacy")] == [
        "privacy Ann",
        "privacy Bob",
    ]


def _voyage_bob_receives(grows: bool, end: bool = True) -> Session:
    """Bohn Voyage, Ann's turn 1 at the end of trading: Bob (away from the keyboard)
    received the first face-up card as a gift; his field 1 grows that kind when ``grows``
    (a bean taken from the deck, so every card stays somewhere exactly once)."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Accept, Confirm

    session = Session.new("voyage", ["Ann", "Bob", "Cy"], 5)
    while session.state.phase is not Phase.TRADE:
        session.play(fallback_action(session.state, 0))
    state = session.state
    gift = state.face_up[0]
    if grows:
        card = next(c for c in state.deck if KIND_OF[c] == KIND_OF[gift])
        state.deck.remove(card)
        state.players[1].holdings[0].fields[0] = [card]
    session.play(MakeOffer(0, 1, (gift,), ()))
    oid = session.state.offers[0].id
    session.play(Accept(1, oid, ()))
    if any(o.id == oid for o in session.state.offers):
        session.play(Confirm(0, oid, 1))
    if end:
        session.play(EndPhase(0))
        assert session.state.phase is Phase.PLANT_TRADED
        assert session.state.players[1].received == [gift]
    return session


def test_voyage_received_bean_onto_its_growing_field_needs_no_hand_over() -> None:
    """R-BASE-9 in Bohn Voyage: Bob's one received bean goes onto the one field growing its
    kind, nothing to choose, so it is planted for him and the keyboard stays with Ann."""
    from bohnanza_tui.rules.actions import Plant
    from bohnanza_tui.seating.hotseat import HotSeat

    session = _voyage_bob_receives(grows=True)
    hs = HotSeat(session, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    hs.holder = 0
    plant = hs.planted_for(1)
    assert isinstance(plant, Plant) and (plant.player, plant.slot) == (1, 0)
    assert plant.island == session.state.players[1].holdings[0].island  # his home fields


def test_voyage_received_bean_with_a_choice_waits_for_its_owner() -> None:
    """Bohn Voyage: with only empty fields and the Kontor to take it, where Bob's bean goes is
    his choice (R-VOY Kontor), so it is not planted for him."""
    from bohnanza_tui.seating.hotseat import HotSeat

    session = _voyage_bob_receives(grows=False)
    hs = HotSeat(session, [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    hs.holder = 0
    assert hs.planted_for(1) is None


async def test_voyage_gift_onto_a_growing_field_costs_no_hand_over() -> None:
    """R-BASE-9, Bohn Voyage: Ann ends trading and plants her face-up card; Bob's gift goes
    onto his field of its kind without the keyboard leaving Ann, who then ends her turn."""
    session = _voyage_bob_receives(grows=True, end=False)
    app = make_app(session)
    seen = counting(app, session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "e")
        assert session.state.phase is Phase.PLANT_TRADED
        while session.state.players[0].kept:
            await press(pilot, "p")
            if not isinstance(app.screen, TableScreen):
                await press(pilot, "enter")  # where: the list's first place
        assert session.state.players[1].received == []
        assert len(session.state.players[1].holdings[0].fields[0]) == 2
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
        await press(pilot, "e")
        assert session.state.turn == 2
    assert [what for _t, what in seen if what.startswith("privacy")][:1] == ["privacy Ann"]
    assert "privacy Bob" not in [what for t, what in seen if t == 1]


def _two_people_bid_ready() -> Session:
    """Classic, seed 42: Ann and Bob people, Cy and Dee computers. Ann planted her front soy
    and turned up chili and stink; Bob holds a soy (his last card, swapped with the deck's
    top soy) and a stink, and grows nothing yet."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Plant

    session = Session(new_game("classic", ["Ann", "Bob", "Cy", "Dee"], 42))
    state = session.state
    session.play(Plant(0, state.players[0].hand[0], 0, len(session.log)))
    state = session.state
    soy = KIND_OF[state.players[0].holdings[0].fields[0][0]]
    bob = state.players[1].hand
    assert soy not in {KIND_OF[c] for c in bob}
    i = max(i for i, c in enumerate(state.deck) if KIND_OF[c] == soy)
    state.deck[i], bob[-1] = bob[-1], state.deck[i]
    session = Session(state)
    session.play(EndPhase(0))
    assert session.state.phase is Phase.TRADE
    return session


TWO_PEOPLE = [Seat("Ann"), Seat("Bob"), Seat("Cy", "computer"), Seat("Dee", "computer")]


async def test_a_bid_is_proposed_from_what_the_active_player_wants_four_keys() -> None:
    """R-BASE-8: Bob bids to Ann. The bid starts from what is known of Ann's wants: his
    soy for the kind she grows, against a face-up card of a kind he holds. B, Enter,
    ctrl+s, a: four keys and two hand-overs for the trade, one privacy screen: the bid
    asks for a face-up card, so the keyboard goes back to Ann with the answer dialog,
    which shows no hand (issue 28)."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.ui.screens.trade import OfferBuilder

    session = _two_people_bid_ready()
    state = session.state
    soy_card = state.players[1].hand[-1]
    stink = next(
        c for c in state.face_up if KIND_OF[c] in {KIND_OF[h] for h in state.players[1].hand}
    )
    app = make_app(session, seats=TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # Ann's turn goes on
        seen = counting(app, session)
        keys = ["B", "enter"]
        await press(pilot, *keys)
        assert isinstance(app.screen, OfferBuilder)
        text = screen_text(app)
        assert "Bid to Ann — Bob" in text
        assert "You give 1 × ■ soy to Ann for 1 × ✱ stink." in text
        await press(pilot, "ctrl+s")
        keys.append("ctrl+s")
        assert isinstance(app.screen, AnswerScreen)
        text = screen_text(app)
        assert "Pass the keyboard to Ann: answer offer" in text
        assert "Ann's hand" not in text and "hand 1" not in text  # nothing of her hand
        assert "[x] face up ✱ stink" in text
        await press(pilot, "a")
        keys.append("a")
        assert session.state.players[0].received == [soy_card]
        assert session.state.players[1].received == [stink]
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)
    assert len(keys) == 4
    assert [what for _turn, what in seen if what.startswith("privacy")] == ["privacy Bob"]


async def test_the_unseen_answer_shows_the_hand_only_behind_the_privacy_screen() -> None:
    """Esc in the answer that reached Ann with the keyboard (her hand hidden) brings the
    privacy screen, then the whole answer dialog: her hand to give from, a counter-offer;
    n there declines, enter does nothing before (no card is picked by a stray Enter)."""
    session = _two_people_bid_ready()
    app = make_app(session, seats=TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "B", "enter", "ctrl+s")
        screen = app.screen
        assert isinstance(screen, AnswerScreen) and screen.public
        picked = sorted(screen.query_one("#answer-give").selected)  # type: ignore[attr-defined]
        await press(pilot, "enter")  # a doubled Enter changes nothing
        assert app.screen is screen
        assert sorted(screen.query_one("#answer-give").selected) == picked  # type: ignore[attr-defined]
        assert "Counter" not in screen_text(app)
        await press(pilot, "c", "h")  # neither counter (it shows the hand) nor hint
        assert app.screen is screen
        await press(pilot, "escape")
        assert isinstance(app.screen, PrivacyScreen)
        assert "Ann, a bid is in for you." in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerScreen) and not app.screen.public
        text = screen_text(app)
        assert "hand 1" in text and "Counter-offer (c)" in text
        await press(pilot, "n")
        assert session.state.offers == []
        assert isinstance(app.screen, TableScreen) and "Ann's hand" in screen_text(app)


def test_a_bid_for_a_card_not_face_up_needs_the_privacy_screen() -> None:
    """The unseen answer only where the face-up cards meet the bid (``public_answer``):
    a bid for a kind Ann holds only in her hand must be answered from her hand."""
    from bohnanza_tui.rules import KIND_OF, check
    from bohnanza_tui.ui.screens.trade import public_answer

    session = _two_people_bid_ready()
    state = session.state
    up = {KIND_OF[c] for c in state.face_up}
    in_hand = next(KIND_OF[c] for c in state.players[0].hand if KIND_OF[c] not in up)
    for kind, expected in ((in_hand, False), (KIND_OF[state.face_up[0]], True)):
        offer = MakeOffer(1, 0, (state.players[1].hand[0],), (kind,))
        assert check(state, offer) is None
        s = Session(state.copy())
        s.play(offer)
        answer = public_answer(s.state, 0, s.state.offers[-1].id)
        assert (answer is not None) is expected
        if answer is not None:
            assert set(answer.give) <= set(s.state.face_up) and check(s.state, answer) is None


def test_a_bid_is_proposed_from_the_active_player_s_offer_face_up_and_hand_alike() -> None:
    """R-BASE-8: Ann offers Cy the face-up chili and a chili from her hand for a wax and a
    green. Bob's bid starts from that offer turned round: his wax and a green, for two
    chilis (the face-up card and the hand card count alike)."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.ui.screens.trade import proposed_bid

    session = _two_people_bid_ready()
    state = session.state
    chili = KIND_OF[state.face_up[0]]
    in_hand = next(c for c in state.players[0].hand if KIND_OF[c] == chili)
    bob = state.players[1].hand
    wax, green = (next(c for c in bob if render_name(c) == name) for name in ("wax", "green"))
    session.play(MakeOffer(0, 2, (state.face_up[0], in_hand), (KIND_OF[wax], KIND_OF[green])))
    give, want = proposed_bid(session.state, 1)
    assert give == {wax, green}
    assert want == [chili, chili]
    # with no offer of Ann's: one face-up card Bob holds a kind of (stink), for a bean of
    # the kind Ann grows (soy) that Bob holds
    fresh = _two_people_bid_ready().state
    give, want = proposed_bid(fresh, 1)
    assert [render_name(c) for c in give] == ["soy"]
    assert [render_name(c) for c in fresh.face_up if KIND_OF[c] in want] == ["stink"]


def render_name(card: int) -> str:
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.data import KINDS

    return KINDS[KIND_OF[card]]


async def test_answering_a_bid_picks_a_face_up_and_a_hand_card_of_the_wanted_kind() -> None:
    """Bob bids his soy for two chilis: Ann has one face up and one in hand; her answer
    dialog picks both, and `a` accepts (issue 28: nothing was picked)."""
    from bohnanza_tui.rules import KIND_OF

    session = _two_people_bid_ready()
    state = session.state
    face_up = state.face_up[0]
    chili = KIND_OF[face_up]
    in_hand = next(c for c in state.players[0].hand if KIND_OF[c] == chili)
    soy = state.players[1].hand[-1]
    session.play(MakeOffer(1, 0, (soy,), (chili, chili)))
    app = make_app(session, seats=TWO_PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        assert isinstance(app.screen, AnswerScreen)
        text = screen_text(app)
        assert "[x] face up ♥ chili" in text and "♥ chili" in text.split("[x] hand")[1]
        await press(pilot, "a")
        assert sorted(session.state.players[1].received) == sorted([face_up, in_hand])


class AsksForRed:
    """A computer player that, in its phase 2 of turn 1, asks everyone for two red beans
    for its first face-up card, then gives Ann its second face-up card, then ends trading."""

    level = "scripted"

    def __init__(self) -> None:
        self.plan: list[Action] | None = None

    def remark(self) -> None:
        return None

    def act(self, view: GameState, me: int) -> Action:
        if view.phase is Phase.TRADE and awaiting(view, me):
            return Decline(me, awaiting(view, me)[0].id)
        if view.phase is Phase.TRADE and view.active == me and view.turn == 1:
            if self.plan is None:
                self.plan = [
                    MakeOffer(me, None, (view.face_up[0],), (RED, RED)),
                    MakeOffer(me, ANN, (view.face_up[1],), ()),
                ]
            return self.plan.pop(0) if self.plan else EndPhase(me)
        return fallback_action(view, me)


RED = 8


async def test_a_computer_s_offer_nobody_can_meet_hands_the_keyboard_to_nobody() -> None:
    """R-BASE-8: Cy asks everyone for two red; neither person holds a red bean: it is
    declined for both without a hand-over (the log says so). Cy's gift to Ann later in
    the turn still reaches her: those declines were not her answers."""
    from bohnanza_tui.rules import KIND_OF

    session = four_seats()
    state = session.state
    for person in (ANN, BOB):
        hand = state.players[person].hand
        for i, c in enumerate(hand):
            if KIND_OF[c] == RED:
                j = next(j for j, d in enumerate(state.deck) if KIND_OF[d] != RED)
                hand[i], state.deck[j] = state.deck[j], c
    app = make_app(session, seats=SEATS, bot_factory=lambda _level, _seed, **_kw: AsksForRed())
    seen = counting(app, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = log_text(app)
        for name in ("Ann", "Bob"):
            assert f"{name} can't give what offer 1 asks for: declined for them." in text
        assert isinstance(app.screen, PrivacyScreen)
        assert "Ann has a trade offer to answer." in screen_text(app)  # the gift, offer 2
        await press(pilot, "enter", "a")
        assert len(session.state.players[ANN].received) == 1
    in_cy_s_turn = [what for turn, what in seen if turn == 1]
    assert in_cy_s_turn == ["privacy Ann", "answer Ann"]
