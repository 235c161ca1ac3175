"""Who has the keyboard in a game of Guatemala Café (mode ``cafe``, docs/CAFE.md).

The counterpart of ``hotseat.HotSeat`` for the cafe session: the game waits for
one player at a time (the active player, or the one asked whether to block a
scoring, R-CAFE-20), so the keyboard goes to that person, behind the privacy
screen when it changes hands; computer players answer by themselves. Only the
holder's secret sacks may show (D-CAFE-18). No Textual import here.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Protocol

from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.actions import Action
from bohnanza_tui.rules.cafe import CafeState
from bohnanza_tui.rules.cafe_session import CafeSession

from .seats import Keyboard, Seat

_log = logging.getLogger(__name__)


class CafeBot(Protocol):
    def act(self, view: CafeState, player: int) -> Action: ...


CafeBotMaker = Callable[[str, int], CafeBot]


def default_cafe_bots() -> CafeBotMaker | None:
    """``bots.cafe.make_cafe_bot`` when the computer players are installed."""
    from importlib.util import find_spec

    if find_spec("bohnanza_tui.bots") is None:
        return None

    def make(level: str, seed: int) -> CafeBot:
        from bohnanza_tui.bots.cafe import make_cafe_bot

        return make_cafe_bot(level, seed)

    return make


class CafeHotSeat(Keyboard):
    """The cafe session plus the seats, the person at the keyboard and the computer players.

    ``holder`` is the person whose secret sacks may show: with one person at the
    table always that person; with several, set only after the privacy screen.
    """

    def __init__(
        self, session: CafeSession, seats: list[Seat], bots: CafeBotMaker | None = None
    ) -> None:
        self.session = session
        self.seats = seats
        self._make = bots if bots is not None else default_cafe_bots()
        self._bots: dict[int, CafeBot] = {}
        people = self.humans
        self.holder: int | None = people[0] if len(people) == 1 else None

    @property
    def state(self) -> CafeState:
        return self.session.state

    def next_actor(self) -> int | None:
        """Whom the game waits for (one player at a time in this game), None when it is over."""
        return cafe.next_to_act(self.state)

    def view(self) -> CafeState:
        """The position as the holder may see it (nobody's sacks without a holder)."""
        return cafe.view(self.state, self.holder)

    def legal(self, player: int) -> list[Action]:
        return cafe.legal_actions(self.state, player)

    def hints_on(self) -> bool:
        """The game's option (its save file's) and the computer players installed."""
        options = self.session.options
        return self._make is not None and (options is None or bool(options.hints))

    def advice(self, player: int) -> Action:
        """The strong computer player's move for ``player``, from that player's view."""
        assert self._make is not None
        bot = self._make("strong", self.session.seed * 31 + 7 + player)
        action = bot.act(cafe.view(self.state, player), player)
        return action if cafe.check(self.state, action) is None else self.legal(player)[0]

    def bot_action(self, player: int) -> Action:
        """The computer player's move, from its own view; a fallback if it fails or errs."""
        bot = self._bots.get(player)
        if bot is None and self._make is not None:
            level = self.seats[player].level
            bot = self._bots[player] = self._make(level, self.session.seed * 31 + player)
        legal = self.legal(player)
        if bot is not None:
            try:
                action = bot.act(cafe.view(self.state, player), player)
                if cafe.check(self.state, action) is None:
                    return action
            except Exception:  # a computer player's fault never stops the game
                _log.exception("cafe computer player %s failed", player)
        if not legal:
            raise RuntimeError(f"player {player} has no legal action")
        return legal[0]


__all__ = ["CafeBotMaker", "CafeHotSeat", "default_cafe_bots"]
