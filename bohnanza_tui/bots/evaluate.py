"""How much a position is worth to a player: the numbers every bot level shares.

All values are in coins. A field of ``n`` beans of a kind on an island of a
type is worth its *potential*: the best of selling now or after ``d`` more
beans, discounted by ``DISCOUNT ** d`` (the chance that ``d`` more beans of
that kind reach the field in time). A player's hand is valued by planting it,
in order, onto a model of the fields (``plant_sim``): a card that finds no
field of its kind and no empty field forces the harvest that loses least, so
hands that would wreck good fields score low. Everything here works on plain
lists and is cheap (a few microseconds per call); ``strong`` calls it inside
its rollouts. The figures (discount, penalty, ...) are ``weights.Weights``;
every function takes them (``DEFAULT`` if not given).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..rules.common import setup
from ..rules.data import CARD_COUNTS, SALE_TABLES
from ..rules.state import KIND_OF, GameState, IslandType, Phase
from .weights import DEFAULT, Weights

#: island types by index: the tables below are indexed by it
TYPES: tuple[str, ...] = ("home", "A", "B", "C")
TYPE_INDEX: dict[IslandType, int] = {IslandType(t): i for i, t in enumerate(TYPES)}
MAX_N = 60
LOOKAHEAD = 8

SALE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(row[: MAX_N + LOOKAHEAD + 1]) for row in SALE_TABLES[t]) for t in TYPES
)


PotTable = tuple[tuple[tuple[float, ...], ...], ...]


@cache
def _pot_table(base: float, per_card: float) -> PotTable:
    # the chance-like factor per further bean: common kinds come along more often
    def pot(t: int, k: int, n: int) -> float:
        row = SALE[t][k]
        q = base + per_card * CARD_COUNTS[k]
        return max(row[n + d] * q**d for d in range(LOOKAHEAD + 1))

    return tuple(
        tuple(tuple(pot(t, k, n) for n in range(MAX_N + 1)) for k in range(len(row)))
        for t, row in enumerate(SALE)
    )


def pot_table(w: Weights = DEFAULT) -> PotTable:
    """``[type][kind][n]``: the potential of a field of ``n`` beans under the weights ``w``."""
    return _pot_table(w.discount_base, w.discount_per_card)


#: POT[type][kind][n]: the potential of a field with the default weights
POT = pot_table()


@dataclass(slots=True)
class BeanField:
    """One field of a player as the bots model it (planting into the model changes it)."""

    island: int
    #: the island's type, an index into ``TYPES`` (and the tables)
    island_type: int
    #: the bean kind growing there, -1 for an empty field
    kind: int
    beans: int
    #: the field's place on its island (``Plant.slot``)
    slot: int

    def copy(self) -> BeanField:
        return BeanField(self.island, self.island_type, self.kind, self.beans, self.slot)


def copy_fields(fields: list[BeanField]) -> list[BeanField]:
    return [f.copy() for f in fields]


def field_model(state: GameState, player: int) -> list[BeanField]:
    """The player's fields, island by island."""
    out = []
    islands = state.islands
    for h in state.players[player].holdings:
        t = TYPE_INDEX[islands[h.island].type]
        for s, f in enumerate(h.fields):
            out.append(BeanField(h.island, t, KIND_OF[f[0]] if f else -1, len(f), s))
    return out


def own_turns_left(state: GameState) -> float:
    """A rough count of the turns each player still has (many until the last deck cycle)."""
    s = setup(state)
    left = s.exhaustion_limit - state.exhaustions
    per_turn = s.turn_up + s.draw  # cards leaving the deck each turn
    n = len(state.players)
    if left <= 0:
        return 0.0
    turns = len(state.deck) / per_turn
    if left > 1:
        # a later cycle: the discard pile plus what the fields and coins will give back
        turns += (left - 1) * max(20, len(state.discard) + 20) / per_turn
    return turns / n


def _late(turns_left: float, w: Weights = DEFAULT) -> float:
    """How much of a field's potential beyond its sale value still counts (1 early, 0 at the end)."""
    return min(1.0, turns_left / w.late_turns) if w.late_turns > 0 else 1.0


def fields_value(fields: list[BeanField], late: float = 1.0, pot: PotTable = POT) -> float:
    v = 0.0
    for f in fields:
        k = f.kind
        if k >= 0:
            n = f.beans if f.beans <= MAX_N else MAX_N
            sale = SALE[f.island_type][k][n]
            v += sale + (pot[f.island_type][k][n] - sale) * late
    return v


def place(
    fields: list[BeanField],
    k: int,
    island: int | None,
    late: float = 1.0,
    w: Weights = DEFAULT,
    pot: PotTable = POT,
) -> float:
    """Plant one bean of kind ``k`` the greedy way; return coins of a forced harvest (if any).

    ``island`` restricts where it may go (phase-1 beans); None: anywhere (received beans).
    """
    best = None
    gain = -1.0
    empty = None
    empty_v = -1.0
    for f in fields:
        if island is not None and f.island != island:
            continue
        if f.kind == k:
            n = f.beans if f.beans < MAX_N else MAX_N - 1
            pt = pot[f.island_type][k]
            g = pt[n + 1] - pt[n]
            if g > gain:
                gain, best = g, f
        elif f.kind < 0:
            v = pot[f.island_type][k][1]
            if v > empty_v:
                empty_v, empty = v, f
    if best is not None:
        best.beans += 1
        return 0.0
    if empty is not None:
        empty.kind = k
        empty.beans = 1
        return 0.0
    # forced harvest (R-BASE-7), respecting bean protection (R-BASE-12, D-3)
    victim = None
    loss = 1e9
    coins = 0
    for f in fields:
        if island is not None and f.island != island:
            continue
        if f.beans == 1 and any(g.island == f.island and g.beans > 1 for g in fields):
            continue
        n = f.beans if f.beans <= MAX_N else MAX_N
        sale = SALE[f.island_type][f.kind][n]
        lo = (pot[f.island_type][f.kind][n] - sale) * late + 0.01 * n
        if lo < loss:
            loss, victim, coins = lo, f, sale
    if victim is None:  # no field on that island at all: the bean is lost
        return 0.0
    victim.kind = k
    victim.beans = 1
    return coins - w.forced_penalty


def plant_sim(
    fields: list[BeanField],
    anywhere: list[int],
    turn_cards: list[int],
    hand: list[int],
    turn_island: int,
    home: int,
    late: float = 1.0,
    w: Weights = DEFAULT,
) -> float:
    """Plant received beans (anywhere), kept beans (turn island), then the hand (home); the value."""
    f = copy_fields(fields)
    pot = POT if w is DEFAULT else pot_table(w)
    gained = 0.0
    for k in anywhere:
        gained += place(f, k, None, late, w, pot)
    for k in turn_cards:
        gained += place(f, k, turn_island, late, w, pot)
    for k in hand:
        gained += place(f, k, home, late, w, pot)
    return gained + fields_value(f, late, pot)


def hand_horizon(turns_left: float, hand_size: int, w: Weights = DEFAULT) -> int:
    """How many hand cards will still be planted before the end."""
    if turns_left > 6:
        return hand_size
    return min(hand_size, int(turns_left * w.hand_per_turn) + 1)


def player_value(
    state: GameState,
    player: int,
    *,
    remove: frozenset[int] | set[int] = frozenset(),
    extra: list[int] | tuple[int, ...] = (),
    with_hand: bool = True,
    turns_left: float | None = None,
    fields: list[BeanField] | None = None,
    weights: Weights = DEFAULT,
) -> float:
    """Coins plus what the fields, the waiting beans and the hand are worth.

    ``remove``: cards the player would give away; ``extra``: cards the player
    would receive (planted anywhere in phase 3); ``weights``: the figures used.
    """
    w = weights
    p = state.players[player]
    if turns_left is None:
        turns_left = own_turns_left(state)
    late = _late(turns_left, w)
    if fields is None:
        fields = field_model(state, player)
    anywhere = [KIND_OF[c] for c in p.received if c not in remove]
    anywhere += [KIND_OF[c] for c in extra]
    turn_cards = [KIND_OF[c] for c in p.kept if c not in remove]
    if state.phase is Phase.TRADE and player == state.active:
        turn_cards += [KIND_OF[c] for c in state.face_up if c not in remove]
    hand: list[int] = []
    if with_hand and p.hand and p.hand[0] >= 0:
        # the cards given away leave the hand first: the rest move up
        kept = [c for c in p.hand if c not in remove]
        hand = [KIND_OF[c] for c in kept[: hand_horizon(turns_left, len(kept), w)]]
    turn_island = state.turn_island if player == state.active else player
    v = float(len(p.coins))
    v += plant_sim(fields, anywhere, turn_cards, hand, turn_island, player, late, w)
    if len(p.holdings) > 1 or p.holdings[0].kontor_cap:
        for h in p.holdings:
            v += w.kontor_bean * sum(1 for c in h.kontor if c not in remove)
        v += w.store_bean * len(p.store)
        for s in state.ships:
            if s.owner == player:
                v += w.kontor_bean * len(s.cargo)
    return v


#: the parts of a position's value that ``features`` returns, in order (``leaf.py`` weighs
#: them): coins; the fields' sale value now; what the fields may still grow beyond that
#: (their potential minus their sale value, faded out at the end like ``player_value``);
#: what planting the waiting beans and the hand adds to the fields (forced harvests count
#: against it); beans in Kontors and ships; beans in the pirate store; harbors owned
FEATURES = ("coins", "sale", "growth", "hand", "kontor", "store", "harbors")


def features(
    state: GameState, player: int, turns_left: float, weights: Weights = DEFAULT
) -> list[float]:
    """The parts of ``player_value`` (``FEATURES``); with the weights 1, 1, 1, 1,
    ``kontor_bean``, ``store_bean`` and 0 they add up to it."""
    w = weights
    p = state.players[player]
    late = _late(turns_left, w)
    pot = POT if w is DEFAULT else pot_table(w)
    fields = field_model(state, player)
    sale = 0.0
    growth = 0.0
    for f in fields:
        k = f.kind
        if k >= 0:
            n = f.beans if f.beans <= MAX_N else MAX_N
            s = SALE[f.island_type][k][n]
            sale += s
            growth += (pot[f.island_type][k][n] - s) * late
    anywhere = [KIND_OF[c] for c in p.received]
    turn_cards = [KIND_OF[c] for c in p.kept]
    if state.phase is Phase.TRADE and player == state.active:
        turn_cards += [KIND_OF[c] for c in state.face_up]
    hand: list[int] = []
    if p.hand and p.hand[0] >= 0:
        hand = [KIND_OF[c] for c in p.hand[: hand_horizon(turns_left, len(p.hand), w)]]
    turn_island = state.turn_island if player == state.active else player
    planted = plant_sim(fields, anywhere, turn_cards, hand, turn_island, player, late, w)
    kontor = 0.0
    store = 0.0
    if len(p.holdings) > 1 or p.holdings[0].kontor_cap:
        for h in p.holdings:
            kontor += len(h.kontor)
        store = float(len(p.store))
        for s2 in state.ships:
            if s2.owner == player:
                kontor += len(s2.cargo)
    return [
        float(len(p.coins)),
        sale,
        growth,
        planted - sale - growth,
        kontor,
        store,
        float(len(p.holdings) - 1),
    ]
