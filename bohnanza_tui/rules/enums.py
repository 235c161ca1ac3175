"""The named choices of a game: its mode, the phases of a turn, the island types.

They live apart from ``state`` so that a compiled build's state classes and
their plain-Python twins (see ``save``) share one set of enums.
"""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    CLASSIC = "classic"
    VOYAGE = "voyage"


class Phase(StrEnum):
    CHOOSE_ISLAND = "choose_island"  # rotation: pick the turn's island (R-VOY-13)
    PLANT = "plant"  # phase 1 (R-BASE-6)
    TRADE = "trade"  # phase 2 (R-BASE-8)
    PLANT_TRADED = "plant_traded"  # phase 3 (R-BASE-9)
    GAME_OVER = "game_over"


class IslandType(StrEnum):
    HOME = "home"
    A = "A"
    B = "B"
    C = "C"
