"""A game as it is played: its start, the log of actions, the current position, undo.

``Session`` is what the app, the script runner and the tests play on; its
save file is ``save.py``'s business. Undo keeps copies of the positions of the
current turn (at most ``limits.MAX_UNDO``), so it never replays the game.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any, Final

from ..i18n import N_
from .actions import Action
from .engine import apply, new_game
from .limits import MAX_UNDO
from .outcome import Event, IllegalAction, Refusal
from .state import GameState, Mode

#: the rule id an undo refusal names (undo is a program feature, not a game rule)
UNDO_RULE: Final = "undo"


def _revealed(before: GameState, after: GameState) -> bool:
    """Did the action draw or shuffle (so undoing it would hide what players have seen)?"""
    return (
        len(before.deck) != len(after.deck)
        or before.shuffles != after.shuffles
        or before.exhaustions != after.exhaustions
    )


_REVEALED = N_("the last move revealed cards from the deck, so it can't be taken back")
_EARLIER_TURN = N_("the last move belongs to an earlier turn")
_TOO_MANY = N_("only the last {n} moves of a turn can be taken back")


class Session:
    """A game and its history: ``start``, the ``log`` played from it, and the current ``state``.

    For undo it keeps a copy of the position before each move of the current
    turn that revealed no card, back to the last move that did (or the turn's
    start): undo never replays and never hides a card that players have seen.
    """

    __slots__ = ("_barrier", "_undo", "log", "options", "seats", "start", "state")

    def __init__(self, start: GameState) -> None:
        self.start = start.copy()
        self.state = start.copy()
        self.log: list[Action] = []
        #: who plays each seat (None: people only); kept in the save file (``save.SeatRecord``)
        self.seats: list[Any] | None = None
        #: the set-up's options (None: the defaults); kept in the save file (``save.OptionsRecord``)
        self.options: Any = None
        self._undo: list[GameState] = []
        #: why the move just below the undo stack can't be undone (None: no such move)
        self._barrier: str | None = None

    @classmethod
    def new(cls, mode: Mode | str, names: list[str], seed: int | None = None) -> Session:
        """A fresh game (``engine.new_game``); raises ValueError for bad names or player counts."""
        return cls(new_game(mode, names, seed))

    @property
    def mode(self) -> Mode:
        return self.state.mode

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.state.players]

    @property
    def seed(self) -> int:
        return self.state.seed

    def play(self, action: Action) -> list[Event]:
        """Apply ``action`` and log it; raises ``IllegalAction`` and changes nothing if refused."""
        before = self.state.copy()
        events = apply(self.state, action)
        self.log.append(action)
        self._remember(before)
        return events

    def _remember(self, before: GameState) -> None:
        if _revealed(before, self.state):
            self._undo.clear()
            self._barrier = _REVEALED
        elif before.turn != self.state.turn:
            self._undo.clear()
            self._barrier = _EARLIER_TURN
        else:
            self._undo.append(before)
            if len(self._undo) > MAX_UNDO:
                del self._undo[0]
                self._barrier = _TOO_MANY

    def can_undo(
        self, player: int | None = None, computers: Collection[int] = ()
    ) -> Refusal | None:
        """``None`` if the last move can be taken back (by ``player``, if given), else why not.

        ``computers``: seats whose moves right after ``player``'s last move are
        their replies to it (a computer player's answer to an offer): an undo by
        ``player`` takes them back too (``undo_depth``).
        """
        depth = self.undo_depth(player, computers)
        return depth if isinstance(depth, Refusal) else None

    def undo_depth(
        self, player: int | None = None, computers: Collection[int] = ()
    ) -> int | Refusal:
        """How many moves an undo by ``player`` takes back, or why it can't.

        The moves of ``computers`` at the end of the log, then ``player``'s own
        last move before them (``player`` None: just the last move). Never past
        a move that revealed a card, an earlier turn or ``MAX_UNDO`` moves: the
        copies of those positions are not kept.
        """
        if not self.log:
            return Refusal(UNDO_RULE, N_("there is nothing to undo"), {})
        if self.state.over:
            return Refusal(UNDO_RULE, N_("the game is over"), {})
        n = len(self.log)
        depth = 0
        if player is not None:
            while (
                depth < n - 1
                and self.log[n - 1 - depth].player != player
                and self.log[n - 1 - depth].player in computers
            ):
                depth += 1
            last = self.log[n - 1 - depth]
            if last.player != player:
                return Refusal(
                    UNDO_RULE,
                    N_("the last move was {name}'s; only {name} can take it back"),
                    {"name": self.state.players[last.player].name},
                )
        depth += 1
        if len(self._undo) < depth:
            return Refusal(
                UNDO_RULE, self._barrier or N_("there is nothing to undo"), {"n": MAX_UNDO}
            )
        return depth

    def undo(self, player: int | None = None, computers: Collection[int] = ()) -> Action:
        """Take back the last move (``undo_depth``: with the computers' replies after it) and
        return it; raises ``IllegalAction`` when ``can_undo`` refuses."""
        depth = self.undo_depth(player, computers)
        if isinstance(depth, Refusal):
            raise IllegalAction(depth)
        self.state = self._undo[len(self._undo) - depth]
        del self._undo[len(self._undo) - depth :]
        action = self.log[len(self.log) - depth]
        del self.log[len(self.log) - depth :]
        return action

    def replay(self) -> Iterator[tuple[Action | None, GameState]]:
        """The positions from ``start``: ``(None, start)``, then ``(action, position after it)``."""
        state = self.start.copy()
        yield None, state.copy()
        for action in self.log:
            apply(state, action)
            yield action, state.copy()


__all__ = ["UNDO_RULE", "Session"]
