"""The hot-seat loop: after every action, whom the keyboard serves next.

``GameFlowScreen`` is the base of the table screen. It plays actions through
the session, then hands the keyboard on: behind the privacy screen to another
person, to a computer player after a short visible pause (a timer, never a
sleep; a searching computer thinks in a worker thread), or back to the person
who holds it. It also opens what the person at the keyboard must answer now
(an offer, the rotation's island). The rules stay with the engine; the order
of people with ``HotSeat``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from textual import work
from textual.screen import Screen

from bohnanza_tui.i18n import _, ngettext
from bohnanza_tui.rules import Action, IllegalAction, Phase
from bohnanza_tui.rules.actions import EndPhase
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.trading import awaited, awaiting

from ..widgets import EventLog
from .privacy import PrivacyScreen, TurnOverScreen

if TYPE_CHECKING:
    from bohnanza_tui.seating.hotseat import HotSeat

    from ..host import GameHost

#: more computer actions than this in one turn and the computer player is made to move on
BOT_ACTIONS_PER_TURN = 60


class GameFlowScreen(Screen[None]):
    """A screen that drives one game: actions in, the next person (or computer) out."""

    def __init__(self, hotseat: HotSeat, host: GameHost) -> None:
        super().__init__()
        self.hs = hotseat
        self.host = host
        self._generation = 0
        self._bot_moves = 0
        self._bot_turn = -1
        self._auto_key: object = None
        #: the keyboard was just handed over with Enter (see ``_revealed``)
        self.just_passed = False
        #: a person's turn just ended: who, and the cards they drew (see ``_note_drawn``)
        self._drawn: tuple[int, list[int]] | None = None

    # hooks the table screen fills in
    def refresh_table(self) -> None:
        raise NotImplementedError

    def action_choose_island(self) -> None:
        raise NotImplementedError

    def action_offers(self) -> None:
        raise NotImplementedError

    def _answer(self, offer_id: int) -> None:
        raise NotImplementedError

    def _answer_all(self, offer_ids: list[int]) -> None:
        raise NotImplementedError

    def _revealed_hook(self) -> None:
        """Called when a new person has taken the keyboard (reset selections)."""

    def play(self, action: Action, *, quiet: bool = False) -> bool:
        """Play an action through the session; a refusal is logged with its rule and changes nothing."""
        log = self.query_one(EventLog)
        state = self.hs.state
        before = state.phase
        turn, active = state.turn, state.active
        hand = list(state.players[active].hand)
        try:
            events = self.hs.session.play(action)
        except IllegalAction as exc:
            log.add_refusal(str(exc.refusal))
            if not quiet:
                self.notify(
                    str(exc.refusal), title=_("Not allowed"), severity="warning", markup=False
                )
            self.refresh_bindings()
            return False
        self.hs.note(action)
        log.add_events([str(e) for e in events])
        self.host.after_action()
        self._moved_on(before, action)
        self._note_drawn(turn, active, hand)
        self.advance()
        return True

    def play_all(self, actions: list[Action], *, noted: bool = True) -> int:
        """Play a person's answers together, then hand the keyboard on once; how many were played.

        Each is played through the session as it comes (an earlier trade may
        take the cards a later answer needed: that one is refused, logged and
        skipped), and the keyboard changes hands only after the last. Not
        ``noted``: they are no person's own answers (``HotSeat.note``).
        """
        log = self.query_one(EventLog)
        state = self.hs.state
        turn, active = state.turn, state.active
        hand = list(state.players[active].hand)
        played = 0
        for action in actions:
            try:
                events = self.hs.session.play(action)
            except IllegalAction as exc:
                log.add_refusal(str(exc.refusal))
                self.notify(
                    str(exc.refusal), title=_("Not allowed"), severity="warning", markup=False
                )
                continue
            played += 1
            if noted:
                self.hs.note(action)
            log.add_events([str(e) for e in events])
        if played:
            self.host.after_action()
            self._note_drawn(turn, active, hand)
        self.advance()
        return played

    def _note_drawn(self, turn: int, active: int, hand: list[int]) -> None:
        """The turn just ended: remember what its player drew, to show them before the hand-over."""
        state = self.hs.state
        if state.turn == turn or state.over or self.hs.holder != active:
            return
        now = state.players[active].hand
        if now[: len(hand)] == hand and len(now) > len(hand):
            self._drawn = (active, now[len(hand) :])

    def _moved_on(self, before: Phase, action: Action) -> None:
        """Say so when the game turned up the face-up cards by itself (after the second bean)."""
        state = self.hs.state
        player = getattr(action, "player", None)
        by_person = player is not None and self.hs.is_human(player)  # computers' steps: the log
        if before is Phase.PLANT and state.phase is Phase.TRADE and by_person:
            from .. import render

            cards = ", ".join(render.card(c).plain for c in state.face_up)
            if setup(state).duel:  # R-DUEL-4 step 3: no trade, the rest goes to the other player
                other = state.players[1 - state.active].name
                text = _("Turned up: {cards}. Plant any (p); e leaves the rest to {name}.")
                self.notify(text.format(cards=cards, name=other), title=render.phase_name(state))
                return
            self.notify(
                _(
                    "Two cards are turned up: {cards}. Trade (t), keep (k) or end trading (e)."
                ).format(cards=cards),
                title=_("Phase 2 · trade"),
            )

    def advance(self) -> None:
        """Hand the keyboard to whoever the game waits for: privacy screen, computer, or nobody."""
        hs = self.hs
        self._generation += 1
        if hs.state.over:
            hs.hide()
            self.refresh_table()
            self.host.show_end()
            return
        unmet = hs.cannot_meet()
        if unmet:
            # an offer a person can only decline is declined for them, without a hand-over
            log = self.query_one(EventLog)
            for decline in unmet:
                log.add_note(
                    _("{name} can't give what offer {id} asks for: declined for them.").format(
                        name=hs.state.players[decline.player].name, id=decline.offer
                    )
                )
            self.call_later(self.play_all, list(unmet), noted=False)
            return
        actor = hs.next_actor()
        if actor is None:
            self.refresh_table()
            return
        drawn, self._drawn = self._drawn, None
        if (
            drawn is not None
            and hs.shared
            and drawn[0] == hs.holder != actor
            and hs.is_human(actor)
        ):
            # the turn is over: its player sees the cards drawn before the hands are hidden
            self.refresh_table()
            name = hs.state.players[drawn[0]].name
            self.app.push_screen(
                TurnOverScreen(name, drawn[1]), callback=lambda _result: self.advance()
            )
            return
        if not hs.is_human(actor):
            # the keyboard stays where it is: the hand of the person holding it stays on
            # screen while the computers move, and nobody else gets it without the privacy screen
            self.refresh_table()
            answering = hs.state.phase is Phase.TRADE and actor != hs.state.active
            delay = 0.0 if answering else self.host.bot_delay
            step = partial(self._bot_step, self._generation, actor)
            if delay > 0:
                self.set_timer(delay, step)  # a visible pause: people follow the computer's moves
            else:
                self.call_later(step)
            return
        lapsed = hs.fallen_through(actor)
        if lapsed:
            self.query_one(EventLog).add_note(
                _(
                    "{name}'s answer fell through (its cards went in another trade): declined."
                ).format(name=hs.state.players[actor].name)
            )
            self.call_later(self.play_all, lapsed)
            return
        plant = hs.planted_for(actor)
        if plant is not None:
            # a bean received by someone away from the keyboard: planted where `p` would put it
            self.refresh_table()
            self.call_later(self._plant_for, self._generation, plant)
            return
        if hs.needs_pass(actor):
            hs.holder = None
            # (the keyboard is being passed already: Enter there reveals the right hand)
            passing = any(isinstance(s, PrivacyScreen) for s in self.app.screen_stack)
            if not passing and not self._answer_unseen(actor):
                bid_first = self._bidders(exclude_holder=False) if self._bids_in(actor) else []
                self.app.push_screen(
                    PrivacyScreen.reused(
                        self.app,
                        hs.state.players[actor].name,
                        self._pass_reason(actor),
                        bid_key=bool(bid_first),
                    ),
                    callback=lambda result: (
                        self._bid_first() if result == "bid" else self._revealed(actor)
                    ),
                )
            # nobody's hand, under the screen that hides the table now: shown as it resumes
            self.refresh_table()
            return
        self.refresh_table()
        self._auto_dialog(actor)

    # -- bids: any player may offer to the active player in phase 2 (R-BASE-8) ------------

    def _bidders(self, exclude_holder: bool = False) -> list[int]:
        """The people who may bid now: not the active player (and not the holder, if asked)."""
        hs = self.hs
        state = hs.state
        if state.phase is not Phase.TRADE or state.over or setup(state).duel:
            return []
        return [
            p for p in hs.humans if p != state.active and not (exclude_holder and p == hs.holder)
        ]

    def _bids_in(self, actor: int) -> bool:
        """Is the keyboard going to the active player for bids (other people's offers) to them?"""
        state = self.hs.state
        return (
            state.phase is Phase.TRADE
            and actor == state.active
            and any(o.proposer != actor for o in self._offers_to_answer(actor))
        )

    def _answer_unseen(self, actor: int) -> bool:
        """A bid the active player can take with face-up cards alone, and nobody else left to
        bid: the keyboard goes to them with the answer dialog itself, which shows nothing
        private (the bid, the fields, the face-up cards), instead of the privacy screen; their
        answer is their word that they hold the keyboard, as the privacy screen's Enter is.
        Esc there brings the privacy screen, for the whole hand (once per bid)."""
        from .trade import AnswerScreen, public_answer

        hs = self.hs
        state = hs.state
        if not self._bids_in(actor):
            return False
        todo = self._offers_to_answer(actor)
        if len(todo) != 1 or public_answer(state, actor, todo[0].id) is None:
            return False
        bid = todo[0]
        if any(p != bid.proposer for p in self._bidders()):
            return False  # another person may want to bid first (the privacy screen's B)
        key = ("unseen", bid.id)
        if self._auto_key == key:
            return False  # asked so once already: Esc, "later"
        self._auto_key = key

        def answered(result: list[Action] | None) -> None:
            if not result:
                self.advance()
                return
            hs.reveal(actor)
            self._revealed_hook()
            self.play_all(result)

        screen = AnswerScreen.reused(self.app, state, actor, bid.id, public=True)
        self.app.push_screen(screen, callback=answered)
        return True

    def _bid_first(self) -> None:
        """B on the privacy screen: someone else bids first."""
        self.action_bid()

    def action_bid(self) -> None:
        """Someone bids to the active player: who, then (behind the privacy screen) what."""
        hs = self.hs
        bidders = self._bidders()
        if not bidders:
            self.app.bell()
            self.advance()
            return
        if len(bidders) == 1:
            self._bid_by(bidders[0])
            return
        from .. import choices
        from .choice import ChoiceScreen

        def chosen(player: int | None) -> None:
            if player is None:
                self.advance()  # nobody bids: the keyboard goes to whom the game waits for
            else:
                self._bid_by(player)

        people = sorted(bidders, key=lambda p: p != hs.holder)  # the one at the keyboard first
        title = _("Who bids or takes up the offer?") if hs.on_call_people() else _("Who bids?")
        screen = ChoiceScreen.reused(self.app, title, choices.player_choices(hs.state, people))
        self.app.push_screen(screen, callback=chosen)

    def _bid_by(self, bidder: int) -> None:
        hs = self.hs
        if bidder == hs.holder or not hs.shared:
            self._build_bid(bidder)
            return
        hs.holder = None
        state = hs.state
        if hs.on_call(bidder):
            reason = _("{name} answers {active}'s offer to everyone.")
        else:
            reason = _("{name} makes a bid to {active}.")
        reason = reason.format(
            name=state.players[bidder].name, active=state.players[state.active].name
        )

        def revealed(_result: object) -> None:
            hs.reveal(bidder)
            self._revealed_hook()
            self._build_bid(bidder)
            self.refresh_table()  # (painted at once, or when the bid's dialog closes)

        self.app.push_screen(
            PrivacyScreen.reused(self.app, state.players[bidder].name, reason), callback=revealed
        )
        self.refresh_table()

    def _build_bid(self, bidder: int) -> None:
        from .trade import OfferBuilder, proposed_bid

        if self.hs.on_call(bidder):
            # an offer to everyone waits for them: they take it up or not (c: a counter-offer)
            self._auto_key = None
            self._auto_dialog(bidder)
            return

        def built(offer: Any) -> None:
            if offer is None or not self.play(offer):
                self.advance()  # no bid: the keyboard goes to whom the game waits for

        # what the active player is known to want, from the bidder's cards: proposed
        give, want = proposed_bid(self.hs.state, bidder)
        self.app.push_screen(
            OfferBuilder.reused(self.app, self.hs.state, bidder, bid=True, give=give, want=want),
            callback=built,
        )

    def _plant_for(self, generation: int, plant: Action) -> None:
        if generation == self._generation and not self.hs.state.over:
            self.play(plant, quiet=True)

    def _pass_reason(self, actor: int) -> str:
        state = self.hs.state
        if state.phase is Phase.TRADE and actor != state.active:
            n = len(self._offers_to_answer(actor))
            return ngettext(
                "{name} has a trade offer to answer.",
                "{name} has {n} trade offers to answer.",
                n,
            ).format(name=state.players[actor].name, n=n)
        if state.phase is Phase.PLANT_TRADED and actor != state.active:
            return _("{name} plants the beans received in trades.").format(
                name=state.players[actor].name
            )
        if self._bids_in(actor):
            bids = [o for o in self._offers_to_answer(actor) if o.proposer != actor]
            return ngettext(
                "{name}, a bid is in for you.", "{name}, {n} bids are in for you.", len(bids)
            ).format(name=state.players[actor].name, n=len(bids))
        if state.phase is Phase.TRADE and self._offers_to_answer(actor):
            return _("{name} has an offer to answer.").format(name=state.players[actor].name)
        if state.phase is Phase.TRADE and any(
            o.proposer == actor and o.answers for o in state.offers
        ):
            return _("The answers to {name}'s offers are in.").format(
                name=state.players[actor].name
            )
        if state.phase is Phase.TRADE:
            return _("Back to {name}: trading goes on.").format(name=state.players[actor].name)
        if state.phase is Phase.PLANT_TRADED and not (
            state.players[actor].kept or state.players[actor].received
        ):
            # Bohn Voyage (D-4): the active player ends phase 3, with nothing left to plant
            return _("Back to {name}: draw and end the turn (e).").format(
                name=state.players[actor].name
            )
        if state.phase is Phase.PLANT_TRADED:
            return _("Back to {name}: plant the kept and traded beans.").format(
                name=state.players[actor].name
            )
        return _("Turn {n}: {name}'s turn.").format(n=state.turn, name=state.players[actor].name)

    def _revealed(self, actor: int) -> None:
        if self.hs.next_actor() != actor:
            # the game moved on meanwhile: never show this person someone else's hand
            self.advance()
            return
        self.hs.reveal(actor)
        self._revealed_hook()
        self.just_passed = True  # the list that opens now highlights nothing (a second Enter)
        try:
            self._auto_dialog(actor)
        finally:
            self.just_passed = False
        self.refresh_table()  # (painted at once, or when the dialog that opened closes)

    def _bot_step(self, generation: int, actor: int) -> None:
        if generation != self._generation or self.hs.state.over:
            return
        state = self.hs.state
        if self._bot_turn != state.turn:
            self._bot_turn, self._bot_moves = state.turn, 0
        self._bot_moves += 1
        if self._bot_moves > BOT_ACTIONS_PER_TURN:
            from bohnanza_tui.seating.hotseat import fallback_action

            self.play(fallback_action(state, actor), quiet=True)
        elif self.hs.thinks_long(actor):
            self._think(generation, actor, self.hs.bot_for(actor), self.hs.game_view_of(actor))
        else:
            self._bot_play(generation, actor, self.hs.bot_action(actor))

    def _bot_play(self, generation: int, actor: int, action: Action) -> None:
        """Play the computer's action, unless it must wait so that each person is asked once."""
        if not self.hs.hold_back(actor, action):
            self.play(action, quiet=True)
        elif isinstance(action, EndPhase):
            self.advance()  # the people answer all its offers now; then it ends trading
        else:
            self._bot_step(generation, actor)  # an offer to someone asked already: ask again

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, generation: int, actor: int, bot: Any, game_view: Any) -> None:
        """A searching computer player thinks off the UI thread; the table stays responsive."""
        from bohnanza_tui.seating.hotseat import ask_bot

        action = ask_bot(bot, game_view, actor)
        self.app.call_from_thread(self._thought, generation, actor, action)

    def _thought(self, generation: int, actor: int, action: Action | None) -> None:
        if generation != self._generation or self.hs.state.over:
            return  # the table moved on meanwhile (an undo, a harvest): ask again
        self._bot_play(generation, actor, self.hs.settle(actor, action))

    def _auto_dialog(self, actor: int) -> None:
        """Open what the player at the keyboard must answer now (once per situation)."""
        state = self.hs.state
        key: object = None
        if state.phase is Phase.CHOOSE_ISLAND and actor == state.active:
            key = ("island", state.turn)
            if key != self._auto_key:
                self._auto_key = key
                self.action_choose_island()
            return
        if state.phase is not Phase.TRADE:
            return
        todo = self._offers_to_answer(actor)
        if todo:
            key = ("answer", actor, tuple(o.id for o in todo))
            if key != self._auto_key:
                self._auto_key = key
                if len(todo) == 1:
                    self._answer(todo[0].id)
                else:
                    self._answer_all([o.id for o in todo])
            return
        if actor == state.active:
            ready = [
                o
                for o in state.offers
                if o.proposer == actor and o.answers and not self._waiting(o)
            ]
            if ready:
                key = ("confirm", tuple((o.id, tuple(o.answers)) for o in ready))
                if key != self._auto_key:
                    self._auto_key = key
                    self.action_offers()

    def _waiting(self, offer: Any) -> list[int]:
        """The players the game waits for on ``offer`` (not the people on call)."""
        return [p for p in awaited(self.hs.state, offer) if not self.hs.on_call(p)]

    def _offers_to_answer(self, player: int) -> list[Any]:
        return awaiting(self.hs.state, player)
