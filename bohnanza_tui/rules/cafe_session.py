"""A game of Guatemala Café as it is played: its start, the log, the position, undo.

The counterpart of ``session.Session`` for mode ``cafe`` (the same surface:
``start``, ``state``, ``log``, ``seats``, ``options``, ``play``, ``can_undo``,
``undo``, ``replay``), so the save file, the command scripts and the computer
players treat both alike. Undo keeps copies of the current turn's positions;
it never takes back a move that drew a sack from the bag, nor one of an
earlier turn.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

from ..i18n import N_
from . import cafe
from .actions import Action
from .cafe import CafeState
from .limits import MAX_UNDO
from .outcome import Event, IllegalAction, Refusal
from .session import UNDO_RULE

_REVEALED = N_("the last move drew a sack from the bag, so it can't be taken back")
_EARLIER_TURN = N_("the last move belongs to an earlier turn")
_TOO_MANY = N_("only the last {n} moves of a turn can be taken back")


class CafeSession:
    """A Guatemala Café game and its history (see ``session.Session``)."""

    __slots__ = ("_barrier", "_undo", "log", "options", "seats", "start", "state")

    def __init__(self, start: CafeState) -> None:
        self.start = start.copy()
        self.state = start.copy()
        self.log: list[Action] = []
        self.seats: list[Any] | None = None
        self.options: Any = None
        self._undo: list[CafeState] = []
        self._barrier: str | None = None

    @classmethod
    def new(cls, names: list[str], seed: int | None = None, side: str = "fixed") -> CafeSession:
        """A fresh game (``cafe.new_game``); raises ValueError for bad names or player counts."""
        return cls(cafe.new_game(names, seed, side))

    @property
    def mode(self) -> str:
        return cafe.MODE

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.state.players]

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def side(self) -> str:
        return self.state.side

    def play(self, action: Action) -> list[Event]:
        """Apply ``action`` and log it; raises ``IllegalAction`` and changes nothing if refused."""
        before = self.state.copy()
        events = cafe.apply(self.state, action)
        self.log.append(action)
        if before.drawn != self.state.drawn:
            self._undo.clear()
            self._barrier = _REVEALED
        elif before.turn != self.state.turn or self.state.over:
            self._undo.clear()
            self._barrier = _EARLIER_TURN
        else:
            self._undo.append(before)
            if len(self._undo) > MAX_UNDO:
                del self._undo[0]
                self._barrier = _TOO_MANY
        return events

    def can_undo(
        self, player: int | None = None, computers: Collection[int] = ()
    ) -> Refusal | None:
        """``None`` if the last move can be taken back (by ``player``, if given), else why not."""
        if not self.log:
            return Refusal(UNDO_RULE, N_("there is nothing to undo"), {})
        if self.state.over:
            return Refusal(UNDO_RULE, N_("the game is over"), {})
        last = self.log[-1]
        if player is not None and last.player != player:
            return Refusal(
                UNDO_RULE,
                N_("the last move was {name}'s; only {name} can take it back"),
                {"name": self.state.players[last.player].name},
            )
        if not self._undo:
            return Refusal(
                UNDO_RULE, self._barrier or N_("there is nothing to undo"), {"n": MAX_UNDO}
            )
        return None

    def undo(self, player: int | None = None, computers: Collection[int] = ()) -> Action:
        """Take back the last move and return it; raises ``IllegalAction`` if ``can_undo`` refuses."""
        refusal = self.can_undo(player, computers)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.state = self._undo.pop()
        return self.log.pop()

    def replay(self) -> Iterator[tuple[Action | None, CafeState]]:
        """The positions from ``start``: ``(None, start)``, then ``(action, position after it)``."""
        state = self.start.copy()
        yield None, state.copy()
        for action in self.log:
            cafe.apply(state, action)
            yield action, state.copy()


__all__ = ["CafeSession"]
