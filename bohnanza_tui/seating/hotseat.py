"""Who has the keyboard: the game's pending players turned into one person at a time.

The rules core can wait for several players at once (trade partners, everyone
planting received beans); a shared keyboard serves one person at a time. This
module decides who that is, when the keyboard must change hands behind the
privacy screen, and drives the computer players. It holds no rule: every
"may this happen" is asked of the engine, every move goes through the Session.

No Textual import here: the hot-seat logic is tested without a terminal.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bohnanza_tui.rules import (
    KIND_OF,
    KONTOR,
    Action,
    GameState,
    Mode,
    Phase,
    apply_unchecked,
    check,
    legal_actions,
    next_to_act,
    pending_players,
    view,
)
from bohnanza_tui.rules.actions import Accept, Decline, EndPhase, MakeOffer, Plant
from bohnanza_tui.rules.trading import awaiting, tradeable

from .seats import (
    COMPUTER,
    HUMAN,
    LEVELS,
    Bot,
    BotFactory,
    Keyboard,
    Seat,
    default_bot_factory,
)

if TYPE_CHECKING:
    from bohnanza_tui.rules.cafe_session import CafeSession
    from bohnanza_tui.rules.save import OptionsRecord, SeatRecord, Session

#: the seats are defined in ``seats`` (light enough for the set-up screen) and importable from here
__all__ = [
    "COMPUTER",
    "HUMAN",
    "LEVELS",
    "Bot",
    "BotFactory",
    "HotSeat",
    "Seat",
    "ask_bot",
    "default_bot_factory",
    "fallback_action",
    "seat_record",
    "seats_from",
]


class HotSeat(Keyboard):
    """The session plus the seats, the person at the keyboard and the computer players.

    ``holder`` is the person whose hand may show now: set only after that
    person confirmed the privacy screen; ``None`` shows no hand at all.
    """

    def __init__(
        self,
        session: Session,
        seats: list[Seat],
        bot_factory: BotFactory | None = None,
    ) -> None:
        self.session = session
        self.seats = seats
        self.holder: int | None = None
        self._bot_factory = bot_factory
        self._bots: dict[int, Bot] = {}
        #: the turn in which the active computer player was told to stop offering for now
        self._offers_done = -1
        #: (turn, person): the people who answered offers in that computer player's turn
        self._asked: set[tuple[int, int]] = set()
        if len(self.humans) == 1:
            # one person against computers: the keyboard never changes hands
            self.holder = self.humans[0]

    # -- who is who ---------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.session.state

    def next_actor(self) -> int | None:
        """The one player the keyboard serves next, or None when the game is over.

        The active player first in phases 1 and 4; in phase 2 the players who
        owe an answer to an offer go before the active player sees the answers;
        in phase 3 the other players plant what they received, then the active
        player plants and ends the turn (``rules.next_to_act``), except that an
        active person already at the keyboard plants first.

        Among the players the game waits for at once, computer players go first
        (they need no hand-over), then the person at the keyboard, then the other
        people in seat order. In a computer player's phase 2 it makes all its
        offers before any person answers (``offering``): each person then answers
        everything at one hand-over. People on call (``on_call``) are not served:
        the active person goes on.
        """
        state = self.state
        if state.over:
            return None
        pending = pending_players(state)
        active = state.active
        others = [p for p in pending if p != active and not self.on_call(p)]
        if state.phase is Phase.TRADE and not others:
            return active  # the people on call answer when they choose (``on_call``)
        if state.phase not in (Phase.TRADE, Phase.PLANT_TRADED) or not others:
            return next_to_act(state)
        computers = [p for p in others if not self.is_human(p)]
        if computers:
            return computers[0]
        if state.phase is Phase.TRADE and self.offering():
            return active
        if state.phase is Phase.PLANT_TRADED and self.holder == active and active in pending:
            # R-BASE-9: everyone plants at once. What is planted for an absent person goes
            # first (no hand-over); then the active person at the keyboard plants, so the
            # keyboard goes round once (to the others, whose last planting ends a classic
            # turn) instead of out and back
            planted = [p for p in others if self.planted_for(p) is not None]
            return planted[0] if planted else active
        return self.holder if self.holder in others else others[0]

    def on_call(self, person: int) -> bool:
        """Does ``person`` answer the offers waiting for them only when they choose to?

        In a person's phase 2, what the active person offers to everyone is
        called out to the table, as at a real one: the computer players answer
        at once, the other people answer when they want to take it up (the bid
        key hands them the keyboard), and the keyboard does not go round the
        table for every offer. Ending the trade takes what nobody took up off
        the table (``R-BASE-8``). An offer to one person in particular, and any
        offer in a computer player's turn, still hands the keyboard to them.
        """
        state = self.state
        if (
            state.phase is not Phase.TRADE
            or person == state.active
            or not self.is_human(person)
            or not self.is_human(state.active)
        ):
            return False
        waits = awaiting(state, person)
        return bool(waits) and all(o.to is None and o.proposer == state.active for o in waits)

    def on_call_people(self) -> list[int]:
        """The people who may take up the offers to everyone now (``on_call``)."""
        return [p for p in self.humans if self.on_call(p)]

    def offering(self) -> bool:
        """Is the active computer player still making the offers of this turn (people wait)?"""
        state = self.state
        return (
            state.phase is Phase.TRADE
            and not self.is_human(state.active)
            and self._offers_done != state.turn
        )

    def asked(self, person: int) -> bool:
        """Has ``person`` answered offers in this computer player's turn already?"""
        return (self.state.turn, person) in self._asked

    def note(self, action: Action) -> None:
        """Remember a person's answers in a computer player's turn (they are asked once)."""
        state = self.state
        player = action.player
        if (
            isinstance(action, Accept | Decline)
            and self.is_human(player)
            and not self.is_human(state.active)
        ):
            self._asked.add((state.turn, player))

    def cannot_meet(self) -> list[Decline]:
        """Phase 2: declines for the offers people can't meet, made without a hand-over.

        An offer that asks a person for beans they hold nowhere they may give
        them from (``engine.check`` refuses the acceptance of the first such
        cards of each wanted kind) is declined for them: the keyboard does not
        go to them (nor an answer dialog open) for an offer they can only
        decline. Gifts (asking nothing) and offers they can meet wait as ever.
        These declines don't count as the person's answers in a computer
        player's turn (``asked``): a later offer they can meet still reaches them.
        """
        state = self.state
        if state.phase is not Phase.TRADE or state.over:
            return []
        out: list[Decline] = []
        for person in self.humans:
            for o in awaiting(state, person):
                if not o.want:
                    continue
                accept = Accept(person, o.id, first_cards(state, person, list(o.want)))
                decline = Decline(person, o.id)
                if check(state, accept) is not None and check(state, decline) is None:
                    out.append(decline)
        return out

    def fallen_through(self, person: int) -> list[Action]:
        """Declines for the offers a person who answered in this computer turn owes again.

        Their answer fell through (its cards went in another trade, so the
        engine dropped it): they are not asked twice in one computer turn, it
        counts as declined. Nothing hidden decides this: offers and answers are public.
        """
        state = self.state
        if state.phase is not Phase.TRADE or self.is_human(state.active) or not self.asked(person):
            return []
        return [Decline(person, o.id) for o in awaiting(state, person)]

    def hold_back(self, player: int, action: Action) -> bool:
        """Must the active computer player's ``action`` wait, so that each person is asked once?

        Ending phase 2 waits while people owe answers: they answer first (and
        the computer stops offering for this turn). An offer waits (is not made)
        when it reaches a person who has answered in this turn already.
        """
        state = self.state
        if state.phase is not Phase.TRADE or player != state.active or self.is_human(player):
            return False
        if isinstance(action, EndPhase):
            if any(awaiting(state, p) for p in self.humans):
                self._offers_done = state.turn
                return True
            return False
        if isinstance(action, MakeOffer):
            n = len(state.players)
            reached = [q for q in range(n) if q != player] if action.to is None else [action.to]
            return any(self.is_human(q) and self.asked(q) for q in reached)
        return False

    def planted_for(self, person: int) -> Plant | None:
        """Phase 3: the planting of a bean ``person`` received, made without a hand-over.

        A person who is not at the keyboard and has only received beans to
        plant needs no hand to do it where there is nothing to choose. In classic
        Bohnanza the fields are alike: the bean goes where the plant key would
        put it (onto the field of its kind, else an empty field). In Bohn Voyage
        an empty field and the Kontor are a choice, so only beans that all go
        onto fields already growing their kinds are planted so. ``None`` when
        there is a choice to make (any of the received beans fits nowhere
        without a harvest, where the order of planting is the person's to choose).
        """
        state = self.state
        p = state.players[person]
        if (
            state.phase is not Phase.PLANT_TRADED
            or person == state.active
            or person == self.holder
            or not self.is_human(person)
            or p.kept
            or not p.received
        ):
            return None
        plant = _plain_plant(state, person)
        if plant is None or not _onto_its_kind(state, plant):
            return None
        # every received bean must go in this way; if one needs a harvest first, the order
        # of planting is the person's choice (R-BASE-12 may forbid the harvest they would
        # want once another bean is in), so the keyboard goes to them with all still to plant
        trial = state.copy()
        step: Plant | None = plant
        while step is not None:
            apply_unchecked(trial, step)
            if not trial.players[person].received:
                return plant
            step = _plain_plant(trial, person)
            if step is not None and not _onto_its_kind(trial, step):
                return None
        return None

    def viewer(self) -> int | None:
        """Whose hand the table shows: only the person at the keyboard, after the privacy screen."""
        return self.holder

    def game_view(self) -> GameState:
        return view(self.state, self.holder)

    def game_view_of(self, player: int) -> GameState:
        return view(self.state, player)

    def legal(self, player: int | None = None) -> list[Action]:
        p = self.holder if player is None else player
        if p is None or self.state.over:
            return []
        return legal_actions(self.state, p)

    @property
    def options(self) -> OptionsRecord:
        """The game's set-up options (its save file's; the defaults for an older save)."""
        from bohnanza_tui.rules.save import OptionsRecord

        return self.session.options or OptionsRecord()

    # -- the computer players ------------------------------------------------------

    def bot_for(self, player: int) -> Bot | None:
        if self._bot_factory is None:
            return None
        bot = self._bots.get(player)
        if bot is None:
            seat = self.seats[player]
            bot = self._bot_factory(
                seat.level,
                self.state.seed * 31 + player,
                people=self.humans,
                offers_to_people=self.options.offers_to_people,
            )
            self._bots[player] = bot
        return bot

    def thinks_long(self, player: int) -> bool:
        """Does this computer player search (so its move is computed off the UI thread)?"""
        return self.seats[player].level == "strong"

    def bot_action(self, player: int) -> Action:
        """The computer player's choice; a legal fallback if it has none or errs."""
        bot = self.bot_for(player)
        action = ask_bot(bot, view(self.state, player), player)
        return self.settle(player, action)

    def settle(self, player: int, action: Action | None) -> Action:
        """The bot's action if the engine accepts it now, else the fallback."""
        if action is None or _refused(self.state, action):
            return fallback_action(self.state, player)
        return action


def ask_bot(bot: Bot | None, game_view: GameState, player: int) -> Action | None:
    """The bot's action; None if there is no bot or it fails (logged: the app plays on)."""
    if bot is None:
        return None
    try:
        return bot.act(game_view, player)
    except Exception:
        logging.getLogger(__name__).exception(
            "the computer player of seat %d failed; it plays a fallback move", player + 1
        )
        return None


def _refused(state: GameState, action: Action) -> bool:
    from bohnanza_tui.rules import check

    return check(state, action) is not None


def fallback_action(state: GameState, player: int) -> Action:
    """What a computer player does when its bot has no answer: the least eventful legal move.

    Declining an offer, ending the phase, else the first legal action (a
    planting, a harvest when the fields are full).
    """
    actions = legal_actions(state, player)
    for kind in (Decline, EndPhase):
        for a in actions:
            if isinstance(a, kind):
                return a
    from bohnanza_tui.rules.actions import Plant

    for a in actions:
        if isinstance(a, Plant):
            return a
    if not actions:
        raise RuntimeError(f"player {player} has no legal action")
    return actions[0]


def seats_from(session: Session | CafeSession) -> list[Seat]:
    """The seats stored with a session (its save file), else everyone human."""
    names = [p.name for p in session.state.players]
    stored = session.seats
    if stored and len(stored) == len(names):
        return [Seat(n, r.kind, r.level or "basic") for n, r in zip(names, stored, strict=True)]
    return [Seat(n) for n in names]


def seat_record(seat: Seat) -> SeatRecord:
    """A seat as the save file keeps it."""
    from bohnanza_tui.rules.save import SeatRecord

    if seat.is_human:
        return SeatRecord(kind="human")
    return SeatRecord(kind="computer", level=seat.level)  # type: ignore[arg-type]


def first_cards(state: GameState, player: int, want: list[int]) -> tuple[int, ...]:
    """For each wanted kind, the first of ``player``'s cards of it they may give
    (``trading.tradeable``'s order: face-up cards for the active player, hand, Kontors)."""
    need = list(want)
    picked: list[int] = []
    for c in tradeable(state, player):
        if KIND_OF[c] in need:
            need.remove(KIND_OF[c])
            picked.append(c)
    return tuple(sorted(picked))


def _plain_plant(state: GameState, person: int) -> Plant | None:
    """Where ``person``'s plant key puts a received bean with no harvest (``preferred_plant``);
    ``None`` when none fits."""
    p = state.players[person]
    plants = [
        a for a in legal_actions(state, person) if isinstance(a, Plant) and a.card in p.received
    ]
    return preferred_plant(state, plants) if plants else None


def _onto_its_kind(state: GameState, plant: Plant) -> bool:
    """Is ``plant`` one with nothing to choose? Any field in classic; in Bohn Voyage the one
    field already growing the bean's kind (an empty field, the Kontor or a second field of
    that kind on another island is a choice)."""
    if state.mode is Mode.CLASSIC:
        return True
    growing = [
        a
        for a in legal_actions(state, plant.player)
        if isinstance(a, Plant) and a.card == plant.card and _grows(state, a)
    ]
    return growing == [plant]


def _grows(state: GameState, plant: Plant) -> bool:
    """Does ``plant`` go onto a field already growing beans (of its kind, as it is legal)?"""
    h = state.players[plant.player].holding(plant.island)
    return plant.slot != KONTOR and h is not None and bool(h.fields[plant.slot])


def preferred_plant(state: GameState, allowed: list[Plant]) -> Plant:
    """Of the allowed plantings, one onto a field already growing beans (of this kind), else the first."""
    for a in allowed:
        if _grows(state, a):
            return a
    return allowed[0]
