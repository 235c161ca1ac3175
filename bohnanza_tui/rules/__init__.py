"""The rules core: pure Python, no UI. Everything that plays drives the game through it.

    from bohnanza_tui.rules import new_game, pending_players, legal_actions, check, apply, view

See ``engine`` for the entry points, ``actions`` for what a player can do,
``state`` for where everything lies, ``views`` for what a player may see.
"""

from . import engine
from .actions import Action, from_dict, to_dict
from .engine import (
    Standing,
    apply,
    apply_unchecked,
    check,
    legal_actions,
    new_game,
    next_to_act,
    pending_players,
    standings,
)
from .outcome import Event, IllegalAction, Refusal
from .state import HIDDEN, KIND_OF, KONTOR, GameState, Mode, Phase
from .views import determinize, view

#: True when this build's hot modules are compiled with mypyc (see hatch_build.py)
COMPILED: bool = not (engine.__file__ or "").endswith(".py")

__all__ = [
    "COMPILED",
    "HIDDEN",
    "KIND_OF",
    "KONTOR",
    "Action",
    "Event",
    "GameState",
    "IllegalAction",
    "Mode",
    "Phase",
    "Refusal",
    "Standing",
    "apply",
    "apply_unchecked",
    "check",
    "determinize",
    "from_dict",
    "legal_actions",
    "new_game",
    "next_to_act",
    "pending_players",
    "standings",
    "to_dict",
    "view",
]
