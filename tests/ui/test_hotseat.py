"""Who gets the keyboard: the hot-seat order, the privacy passes, the computer players."""

from __future__ import annotations

import logging

import pytest
from ui_helpers import classic

from bohnanza_tui.rules import Action, GameState, Phase, check
from bohnanza_tui.rules.actions import Accept, EndPhase, MakeOffer, Plant
from bohnanza_tui.seating.hotseat import COMPUTER, HotSeat, Seat, seats_from


def plant_two(hs: HotSeat) -> None:
    s = hs.session
    for slot in (0, 1):
        s.play(Plant(0, s.state.players[0].hand[0], 0, slot))


def test_answers_come_before_the_active_player_sees_them() -> None:
    hs = HotSeat(classic(), [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    assert hs.holder is None  # three people: the first one passes the privacy screen too
    assert hs.next_actor() == 0 and hs.needs_pass(0)
    hs.reveal(0)
    plant_two(hs)
    assert hs.state.phase is Phase.TRADE
    s = hs.session
    s.play(MakeOffer(0, 1, (s.state.face_up[0],), ()))  # to Bob: he must answer
    s.play(MakeOffer(0, 2, (s.state.face_up[1],), ()))  # to Cy: she must answer
    assert hs.next_actor() == 1 and hs.needs_pass(1)
    s.play(Accept(1, 1, ()))
    assert hs.next_actor() == 2
    hs.reveal(2)
    assert not hs.needs_pass(2)


def test_an_offer_to_everyone_is_taken_up_on_call_not_by_a_hand_over() -> None:
    """R-BASE-8: the others may trade with the active player; none is made to look."""
    hs = HotSeat(classic(), [Seat("Ann"), Seat("Bob"), Seat("Cy", COMPUTER, "basic")])
    hs.reveal(0)
    plant_two(hs)
    s = hs.session
    s.play(MakeOffer(0, None, (s.state.face_up[0],), ()))
    assert hs.on_call(1) and not hs.on_call(0)
    assert hs.on_call_people() == [1]
    assert hs.next_actor() == 2  # the computer answers at once ...
    s.play(Accept(2, 1, ()))
    assert hs.next_actor() == 0 and not hs.needs_pass(0)  # ... and Ann goes on: no hand-over
    s.play(MakeOffer(0, 1, (s.state.face_up[1],), ()))  # one to Bob in particular
    assert not hs.on_call(1) and hs.next_actor() == 1 and hs.needs_pass(1)


def test_phase_three_others_first_then_the_active_player() -> None:
    hs = HotSeat(classic(), [Seat("Ann"), Seat("Bob"), Seat("Cy")])
    plant_two(hs)
    s = hs.session
    s.play(MakeOffer(0, 2, (s.state.face_up[0],), ()))
    s.play(Accept(2, 1, ()))
    s.play(EndPhase(0))
    assert hs.state.phase is Phase.PLANT_TRADED
    assert hs.next_actor() == 2  # Cy plants the gift before Ann plants what she kept


def test_one_human_keeps_the_keyboard_and_computers_never_see_it() -> None:
    calls: list[tuple[int, bool]] = []

    class Bot:
        def act(self, view: GameState, player: int) -> Action:
            hidden = all(
                c == -1 for p, pl in enumerate(view.players) if p != player for c in pl.hand
            )
            calls.append((player, hidden))
            return Plant(player, -1, 0, 0)  # refused: the fallback takes over

    seats = [Seat("Ann"), Seat("Bob", COMPUTER, "random"), Seat("Cy", COMPUTER, "random")]
    hs = HotSeat(classic(), seats, lambda level, seed, **_options: Bot())
    assert hs.holder == 0 and not hs.shared
    assert not hs.needs_pass(0)
    hs.hide()
    assert hs.holder == 0  # nobody else is looking
    plant_two(hs)
    s = hs.session
    s.play(EndPhase(0))  # trading ends: Ann plants both face-up cards, then draws
    while s.state.active == 0:
        assert hs.next_actor() == 0
        p = s.state.players[0]
        if p.kept:
            s.play(next(a for a in hs.legal() if isinstance(a, Plant)))
        else:
            s.play(EndPhase(0))
    # Bob's turn: a computer seat, asked for its move with the others' hands hidden
    assert hs.next_actor() == 1 and not hs.is_human(1)
    action = hs.bot_action(1)
    assert calls == [(1, True)]
    assert isinstance(action, Plant) and action.player == 1  # the fallback: Bob's front card
    assert action.card == s.state.players[1].hand[0]
    s.play(action)
    assert s.state.players[1].holdings[0].fields != [[], [], []]


def test_seats_from_a_session_without_seats_are_human() -> None:
    seats = seats_from(classic())
    assert [s.name for s in seats] == ["Ann", "Bob", "Cy"] and all(s.is_human for s in seats)


def test_a_failing_computer_player_is_logged_and_a_legal_move_is_played(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bot that raises never takes the app down: the error is logged, a fallback is played."""

    class Broken:
        def act(self, view: GameState, player: int) -> Action:
            raise ValueError("no way to plant")

    seats = [Seat("Ann", COMPUTER, "random"), Seat("Bob"), Seat("Cy")]
    hs = HotSeat(classic(), seats, lambda level, seed, **_options: Broken())
    with caplog.at_level(logging.ERROR):
        action = hs.bot_action(0)
    assert check(hs.state, action) is None
    assert "the computer player of seat 1 failed" in caplog.text
    assert "ValueError: no way to plant" in caplog.text


def test_offers_a_person_cannot_meet_are_declined_for_them_gifts_never() -> None:
    """R-BASE-8: Cy (a computer) asks everyone for two beans of a kind only Bob holds two
    of: Ann's acceptance would be refused, so ``cannot_meet`` declines it for her (the
    engine accepts that decline); Bob's waits for him, and a gift waits for everyone."""
    from bohnanza_tui.rules import KIND_OF
    from bohnanza_tui.rules.actions import Decline
    from bohnanza_tui.rules.trading import awaiting
    from bohnanza_tui.seating.hotseat import fallback_action

    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy", COMPUTER, "basic")]
    hs = HotSeat(classic(), seats)
    s = hs.session
    while s.state.active != 2 or s.state.phase is not Phase.TRADE:
        actor = hs.next_actor()
        assert actor is not None
        s.play(fallback_action(s.state, actor))
    state = s.state
    kind = 8  # red: Bob is dealt two from the deck, Ann's go back to it

    def swap(player: int, card: int, wanted: bool) -> None:
        hand = state.players[player].hand
        i = next(i for i, c in enumerate(state.deck) if (KIND_OF[c] == kind) == wanted)
        hand[hand.index(card)], state.deck[i] = state.deck[i], card

    for c in [c for c in state.players[0].hand if KIND_OF[c] == kind]:
        swap(0, c, False)
    for c in [c for c in state.players[1].hand if KIND_OF[c] != kind][:2]:
        swap(1, c, True)
    s.play(MakeOffer(2, None, (state.face_up[0],), (kind, kind)))
    s.play(MakeOffer(2, None, (state.face_up[1],), ()))  # a gift
    ask, gift = (o.id for o in s.state.offers)
    declines = hs.cannot_meet()
    assert declines == [Decline(0, ask)]
    assert all(check(s.state, d) is None for d in declines)
    assert [o.id for o in awaiting(s.state, 1)] == [ask, gift]
    s.play(declines[0])
    assert hs.cannot_meet() == []


def test_a_computer_promises_a_card_once_while_people_answer_later() -> None:
    """R-BASE-8 (issue: a computer's swap accepted, the same wax given away as a gift): at
    the table of the report (classic, Ann and Bob people, a strong and a basic computer, seed
    42) a computer makes all its offers before the people answer; no card of one of its open
    offers is offered again. The people's moves are a basic player's, through the hot seat."""
    from bohnanza_tui.bots import make_bot
    from bohnanza_tui.rules import apply_unchecked, view
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.seating.seats import default_bot_factory

    session = Session.new("classic", ["Ann", "Bob", "Cy", "Dee"], 42)
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cy", COMPUTER, "strong"), Seat("Dee", COMPUTER)]
    hs = HotSeat(session, seats, default_bot_factory())
    people = {p: make_bot("basic", 100 + p) for p in hs.humans}
    state = session.state
    offers = 0
    while not state.over and state.turn < 16:
        actor = hs.next_actor()
        assert actor is not None
        if hs.is_human(actor):
            lapsed = hs.fallen_through(actor)
            for a in lapsed or [people[actor].act(view(state, actor), actor)]:
                hs.note(a)
                apply_unchecked(state, a)
            continue
        a = hs.bot_action(actor)
        if hs.hold_back(actor, a):
            continue
        if isinstance(a, MakeOffer):
            offers += 1
            open_cards = {c for o in state.offers if o.proposer == actor for c in o.give}
            assert not open_cards & set(a.give), (state.turn, a)
        assert check(state, a) is None
        apply_unchecked(state, a)
    assert offers > 10
