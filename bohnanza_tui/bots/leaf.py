"""The strong level's leaf evaluation: the weights of a position's parts, per mode.

A rollout of the strong level stops after a round or two and scores the
position (``rollout.score``). With ``strong.USE_LEAF`` on for the mode (Bohn
Voyage), the score weighs the parts of each player's value
(``evaluate.FEATURES``: coins, the fields' sale value, their growth, what the
hand adds, Kontor and store beans, harbors) with the weights below, fitted to
predict the final coins (minus the others' mean) by ``scripts/fit_leaf.py``,
per stage of the game: the own turns left (``evaluate.own_turns_left``) below
the first bound, below the second, ..., and from the last on. The weights 1,
1, 1, 1, 0.15, 0.15, 0 give the plain value (``evaluate.player_value``):
classic keeps them (not fitted, ``USE_LEAF`` off). Bohn Voyage's were fitted
on 2,000 games of four basic players: ``python scripts/fit_leaf.py --mode
voyage --games 2000 --seed 1 --bounds 1,2.5,4.5,6.5 --write`` (what the hand
adds counts a fifth, a harbor one or two coins while most of the game is
left). Rewritten by ``--write``.
"""

from __future__ import annotations

#: (the stages' bounds in own turns left, the weights of the parts per stage)
LeafTable = tuple[tuple[float, ...], tuple[tuple[float, ...], ...]]

LEAF: dict[str, LeafTable] = {
    "classic": (
        (2.0, 4.0, 7.0, 12.0),
        (
            (1.000, 1.000, 1.000, 1.000, 0.150, 0.150, 0.000),
            (1.000, 1.000, 1.000, 1.000, 0.150, 0.150, 0.000),
            (1.000, 1.000, 1.000, 1.000, 0.150, 0.150, 0.000),
            (1.000, 1.000, 1.000, 1.000, 0.150, 0.150, 0.000),
            (1.000, 1.000, 1.000, 1.000, 0.150, 0.150, 0.000),
        ),
    ),
    "voyage": (
        (1.0, 2.5, 4.5, 6.5),
        (
            (0.980, 1.006, 1.397, 0.195, 0.080, 0.001, -0.007),
            (0.972, 1.079, 1.138, 0.223, 0.153, 0.010, -0.171),
            (0.959, 1.062, 1.088, 0.232, 0.206, 0.016, 0.029),
            (0.815, 0.846, 1.295, 0.141, 0.154, -0.031, 1.663),
            (0.860, 0.941, 1.376, 0.147, 0.204, -0.032, 1.085),
        ),
    ),
}
