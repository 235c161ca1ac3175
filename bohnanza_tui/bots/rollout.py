"""The fast policy used inside ``strong``'s rollouts: greedy planting, gifts for trading.

It works on full (determinized) states and takes its places and harvests from
the move list's building blocks (``rules.moves``), so it can use
``engine.apply_unchecked``. Nobody makes offers; the active player gives the
face-up cards it cannot plant to a player who grows the kind, and in Bohn
Voyage (``HAND_GIFTS``) the hand cards that would force a harvest at home too
(the table trades such cards away: without it, a whole game played by this
policy ends with 5.0 coins a player, with it 14.1; four basic players end with
9.3); the rest is kept.
Beans go onto a field of their kind, an empty field, a Kontor, or (forced)
onto the field whose harvest loses least.
"""

from __future__ import annotations

from ..rules import engine, moves, trading
from ..rules.actions import (
    Accept,
    Action,
    ChooseIsland,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    MakeOffer,
    Plant,
)
from ..rules.common import setup
from ..rules.state import KIND_OF, KONTOR, GameState, Phase
from ..rules.voyage import rotation_due
from . import evaluate as ev
from .leaf import LeafTable
from .weights import DEFAULT, Weights


def greedy_plant(s: GameState, player: int, card: int, island: int | None) -> Action:
    """Plant ``card`` (on ``island``, or anywhere if None), or the harvest that makes room.

    The places and the harvestable fields come from the move list's building
    blocks (``moves.places``, ``moves.harvestable``).
    """
    empty = None
    kontor = None
    p = s.players[player]
    for i, slot in moves.places(s, player, card, island, False):
        if slot == KONTOR:
            if kontor is None:
                kontor = i
            continue
        h = p.holding(i)
        assert h is not None
        if h.fields[slot]:
            return Plant(player, card, i, slot)  # a field of its kind
        if empty is None:
            empty = (i, slot)
    if empty is not None:
        return Plant(player, card, empty[0], empty[1])
    if kontor is not None:
        return Plant(player, card, kontor, KONTOR)
    best = None
    loss = 1e9
    for i, slot in moves.harvestable(s, player, False):
        if island is not None and i != island:
            continue
        h = p.holding(i)
        assert h is not None
        f = h.fields[slot]
        t = ev.TYPE_INDEX[s.islands[i].type]
        kf = KIND_OF[f[0]]
        n = min(len(f), ev.MAX_N)
        lo = ev.POT[t][kf][n] - ev.SALE[t][kf][n] + 0.01 * n
        if lo < loss:
            loss, best = lo, (i, slot)
    assert best is not None  # R-BASE-7: a field can always be harvested
    return Harvest(player, best[0], best[1])


def _fits(s: GameState, player: int, card: int, island: int | None) -> bool:
    return any(slot != KONTOR for _, slot in moves.places(s, player, card, island, False))


def gift(s: GameState, active: int) -> None:
    """Face-up cards the active player can't plant go to a player with a field of their kind.

    The rollouts' stand-in for trading (done directly: offer and acceptance).
    """
    for c in s.face_up[:]:
        if not _fits(s, active, c, s.turn_island):
            _give_to_grower(s, active, c)


def _give_to_grower(s: GameState, active: int, c: int) -> None:
    """The card ``c`` goes from ``active`` to the next player (in turn order) with a field
    of its kind, if any: an offer and its acceptance, applied directly."""
    k = KIND_OF[c]
    n = len(s.players)
    for d in range(1, n):
        q = (active + d) % n
        if any(f and KIND_OF[f[0]] == k for h in s.players[q].holdings for f in h.fields):
            oid = s.next_offer
            engine.apply_unchecked(s, MakeOffer(active, q, (c,), ()))
            engine.apply_unchecked(s, Accept(q, oid, ()))
            return


#: per mode: 1 lets the active player also give away the hand cards that would force a
#: harvest at home (of the next ``HAND_LOOK``), to a player whose field grows the kind: the
#: stand-in for the table's trading of hand cards
HAND_GIFTS: dict[str, int] = {"classic": 0, "voyage": 1}
HAND_LOOK = 3


def gift_hand(s: GameState, active: int) -> None:
    """Hand cards that find no field of their kind nor an empty one at home (planted in
    order) go to the next player with a field of their kind, as ``gift`` does."""
    p = s.players[active]
    fields = p.holdings[0].fields
    kinds = [KIND_OF[f[0]] for f in fields if f]
    empty = sum(1 for f in fields if not f)
    for c in p.hand[:HAND_LOOK]:
        k = KIND_OF[c]
        if k in kinds:
            continue
        if empty > 0:
            empty -= 1
            kinds.append(k)
            continue
        _give_to_grower(s, active, c)


def _grows(s: GameState, player: int, k: int) -> bool:
    """Does a field of ``player``'s home hold beans of kind ``k``?"""
    return any(f and KIND_OF[f[0]] == k for f in s.players[player].holdings[0].fields)


def duel_action(s: GameState, player: int) -> Action:
    """The Bean Duel (R-DUEL-4), fast: offered beans planted where they fit, else discarded;
    one or two hand beans; the turned-up beans planted onto fields of their kind."""
    p = s.players[player]
    if s.offered:
        c = s.offered[0]
        if _fits(s, player, c, player):
            return greedy_plant(s, player, c, player)
        return Discard(player, c)
    if s.phase is Phase.PLANT:
        front = p.hand[0] if p.hand and not s.discarded else -1
        if front >= 0 and (
            s.planted == 0 or (s.planted == 1 and _grows(s, player, KIND_OF[front]))
        ):
            return greedy_plant(s, player, front, player)
        return EndPhase(player)
    for c in s.face_up:
        if _grows(s, player, KIND_OF[c]):
            return greedy_plant(s, player, c, player)
    return EndPhase(player)


def fast_action(s: GameState, player: int) -> Action:
    phase = s.phase
    p = s.players[player]
    if setup(s).duel:
        return duel_action(s, player)
    if phase is Phase.TRADE:
        for o in trading.awaiting(s, player):
            return Decline(player, o.id)
        if player == s.active:
            gift(s, player)
            if HAND_GIFTS[s.mode.value]:
                gift_hand(s, player)
        return EndPhase(player)
    if phase is Phase.PLANT_TRADED:
        if p.received:
            return greedy_plant(s, player, p.received[0], None)
        if player == s.active and p.kept:
            return greedy_plant(s, player, p.kept[0], s.turn_island)
        return EndPhase(player)
    if phase is Phase.PLANT:
        if p.hand:
            if s.planted == 0:
                return greedy_plant(s, player, p.hand[0], s.turn_island)
            if s.planted == 1:
                k = KIND_OF[p.hand[0]]
                h = p.holding(s.turn_island)
                if h is not None and any(f and KIND_OF[f[0]] == k for f in h.fields):
                    return greedy_plant(s, player, p.hand[0], s.turn_island)
        return EndPhase(player)
    # choose_island
    return ChooseIsland(player, rotation_due(s, player)[1][0])


def rollout(s: GameState, turns: int, max_steps: int = 2000) -> None:
    """Play on with the fast policy until ``turns`` more turns have begun or the game ends."""
    stop = s.turn + turns
    apply = engine.apply_unchecked
    next_to_act = engine.next_to_act
    steps = 0
    while s.phase is not Phase.GAME_OVER and s.turn < stop and steps < max_steps:
        p = next_to_act(s)
        apply(s, fast_action(s, p))
        steps += 1


def score(
    s: GameState,
    me: int,
    weights: Weights = DEFAULT,
    leader: float = 0.0,
    win: float = 1.0,
    leaf: LeafTable | None = None,
) -> float:
    """My value minus the others' (exact coins once the game is over, plus ``win`` for a win).

    The others' value is their mean, or with ``leader`` > 0 that share of the best of
    them and the rest of the mean. Every player's position is valued with ``weights``:
    ``evaluate.player_value``, or with ``leaf`` (``leaf.LEAF``) its parts weighed by the
    stage of the game.
    """
    if s.phase is Phase.GAME_OVER:
        coins = [float(len(p.coins)) for p in s.players]
        best_other = max(c for q, c in enumerate(coins) if q != me)
        others = (sum(coins) - coins[me]) / (len(coins) - 1)
        others += leader * (best_other - others)
        return coins[me] - others + (win if coins[me] > best_other else 0.0)
    tl = ev.own_turns_left(s)
    n = len(s.players)
    if leaf is None:
        vals = [ev.player_value(s, q, turns_left=tl, weights=weights) for q in range(n)]
    else:
        bounds, table = leaf
        st = 0
        while st < len(bounds) and tl >= bounds[st]:
            st += 1
        lw = table[st]
        vals = []
        for q in range(n):
            f = ev.features(s, q, tl, weights)
            v = 0.0
            for j in range(len(f)):
                v += lw[j] * f[j]
            vals.append(v)
    others = (sum(vals) - vals[me]) / (n - 1)
    if leader > 0.0:
        best = max(v for q, v in enumerate(vals) if q != me)
        others += leader * (best - others)
    return vals[me] - others
