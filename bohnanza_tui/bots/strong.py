"""Level ``strong``: determinized Monte Carlo search on the decisions that matter.

For a decision with more than one sensible candidate (where to plant, which
field to harvest to make room, whether to plant the second card, which answer
to one of its offers to confirm, whether to buy), it repeatedly:

1. samples a full state consistent with its view (``base.sample_state``:
   unseen cards dealt at random to the deck, the other hands and the coin
   stacks, the cards named by open offers kept where they must be);
2. applies each candidate to a copy of that same sample (common random
   numbers: the candidates are compared on the same deals);
3. plays on with the fast greedy policy (``rollout``) for about one round
   (two in Bohn Voyage: ``HORIZON_ROUNDS``);
4. scores the end position: its value minus the others' (``rollout.score``:
   their mean, in Bohn Voyage half of it replaced by the best other's, ``LEADER``;
   the value is ``evaluate.player_value``, in Bohn Voyage its parts weighed by
   the fitted ``leaf.LEAF``, ``USE_LEAF``; real coins if the game ended).

It stops after the mode's number of samples (``SAMPLES``: the same search
on an idle and on a loaded machine), or once ``CAP_MS`` of wall-clock time
have passed (the safety net of a slow machine), or sooner once the leader
beats every other candidate clearly, and plays the candidate with the best
mean. Given ``max_samples``, it stops after that many samples and never for
the clock (reproducible tests and explorations); given ``budget_ms``, it
searches for that time instead (at most ``max_samples`` samples if also
given); the basic level's own choice wins ties. Its offers (``strong_trade``)
are not searched, nor in classic its answers to the offers of others (in Bohn
Voyage they are: ``ANSWERS``, the basic level's answer or the other); the rest
(ship logistics, trivial moves) is decided by the basic policy, which also
supplies the candidates.
"""

from __future__ import annotations

import math
import time
from collections.abc import Collection

from ..rules import engine
from ..rules.actions import (
    Accept,
    Action,
    BuyField,
    BuyHarbor,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    Plant,
    Withdraw,
)
from ..rules.common import setup
from ..rules.state import KIND_OF, GameState, Phase
from . import rollout as ro
from .base import OfferFrequency, is_legal, sample_state
from .basic import BasicBot, Policy
from .leaf import LEAF
from .strong_trade import StrongPolicy
from .weights import Weights

#: the figures strong values positions with (its own decisions and its rollouts' ends)
STRONG_WEIGHTS = Weights()

#: the app's search, per mode: at most this many samples a searched decision (fewer once
#: one candidate leads clearly), so that the play does not depend on the machine's load: the
#: sizes the exploring runs measured (more samples gained nothing there; see docs/BOTS.md),
#: a few ms of an idle core a searched decision ...
SAMPLES: dict[str, int] = {"classic": 16, "voyage": 10}
#: ... unless this much wall-clock time (ms) has passed first: the safety net of a slow or
#: loaded machine, far below the second one decision may take in the app (most decisions
#: are not searched; see docs/BOTS.md for the mean and longest decision)
CAP_MS: dict[str, float] = {"classic": 250.0, "voyage": 250.0}
#: the kinds of decisions that are searched in every mode
#: (answers to offers only where ``ANSWERS`` says: the rollouts don't see that a declined
#: offer goes to another player, so the search may decline to deny the proposer, which
#: costs the beans and denies little; in classic it did not help, in Bohn Voyage, with the
#: rollouts' hand gifts, it gained: see docs/BOTS.md)
SEARCH = frozenset({"plant", "confirm", "buy"})

#: early stop: at least this many samples, and a lead of Z standard errors
MIN_SAMPLES = 6
#: rollouts run this many rounds (plus the rest of the current turn), per mode
HORIZON_ROUNDS: dict[str, int] = {"classic": 1, "voyage": 2}
Z = 2.5
#: the basic choice is kept unless another candidate beats it by this much on average
INCUMBENT_BONUS = 0.25
#: ... and by this many paired standard errors (few samples: stay with basic)
Z_DEVIATE = 1.0
#: plant options more than PRUNE coins below the best static value are not searched
PRUNE = 2.0
MAX_CANDS = 4
#: per mode: a rollout's end is scored against the others' mean value, or with LEADER > 0
#: against that share of the best other's and the rest of the mean (it plays to win, not
#: only for coins: see docs/BOTS.md)
LEADER: dict[str, float] = {"classic": 0.0, "voyage": 0.5}
#: per mode: 1 scores a rollout's end with the fitted weights of its parts (``leaf.LEAF``),
#: 0 with the plain value (``evaluate.player_value``)
USE_LEAF: dict[str, int] = {"classic": 0, "voyage": 1}
#: per mode: 1 searches the answers to the offers of others too (accept with the cards the
#: basic level would give, if that does not lower its own value, or decline)
ANSWERS: dict[str, int] = {"classic": 0, "voyage": 1}


class StrongBot(BasicBot):
    level = "strong"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget_ms: float | None = None,
        max_samples: int | None = None,
        people: Collection[int] = (),
        offers_to_people: OfferFrequency = "often",
    ) -> None:
        super().__init__(
            seed, people=people, offers_to_people=offers_to_people, weights=STRONG_WEIGHTS
        )
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.search_kinds = SEARCH
        #: searched decisions so far, the samples they drew, and how many of them the clock
        #: stopped before their number of samples (for measurements)
        self.searches = 0
        self.samples = 0
        self.capped = 0

    def act(self, view: GameState, player: int) -> Action:
        self.new_decision(view)
        policy = StrongPolicy(view, player, self)
        default = policy.decide()
        cands = self.candidates(policy, default)
        if len(cands) <= 1:
            return default
        chosen = self.search(view, player, cands, default)
        if chosen != default:
            self._remark = None
        return chosen

    def limits(self, view: GameState) -> tuple[int | None, float | None]:
        """A searched decision's most samples and most wall-clock time (ms); None: no limit.

        ``budget_ms`` and ``max_samples`` as given, else the mode's ``SAMPLES`` and ``CAP_MS``
        (the app's); ``max_samples`` alone sets no time limit.
        """
        if self.budget_ms is not None or self.max_samples is not None:
            return self.max_samples, self.budget_ms
        mode = view.mode.value
        return SAMPLES[mode], CAP_MS[mode]

    # -- which decisions are searched --------------------------------------------------

    def candidates(self, policy: Policy, default: Action) -> list[Action]:
        v, me = policy.v, policy.me
        p = v.players[me]
        out: list[Action] = []
        if "plant" not in self.search_kinds:
            pass
        elif setup(v).duel:
            out = duel_candidates(policy, default)
        elif isinstance(default, Plant | Harvest) or (
            isinstance(default, BuyField) and v.phase is Phase.PLANT and v.planted == 0
        ):
            if v.phase is Phase.PLANT and p.hand:
                out = _pruned(policy.plant_options(p.hand[0], v.turn_island))
                if v.planted == 1:
                    out.append(EndPhase(me))
            elif v.phase is Phase.PLANT_TRADED:
                opts = []
                for c, island in policy.waiting():
                    opts += policy.plant_options(c, island)
                out = _pruned(opts)
        elif (
            "plant" in self.search_kinds
            and isinstance(default, EndPhase)
            and v.phase is Phase.PLANT
            and v.planted == 1
            and p.hand
        ):
            if policy.places(p.hand[0], v.turn_island):
                out = [default, *_pruned(policy.plant_options(p.hand[0], v.turn_island))]
        elif isinstance(default, Accept | Decline) and (
            "answer" in self.search_kinds or ANSWERS[v.mode.value]
        ):
            o = v.offer(default.offer)
            assert o is not None
            # never a trade that lowers its own value (as with the confirmations)
            delta, give = policy.answer_value(o.id)
            out = [Decline(me, o.id)]
            if give is not None and delta > -1e-9:
                out.append(Accept(me, o.id, give))
        elif isinstance(default, Confirm | Withdraw) and "confirm" in self.search_kinds:
            o = v.offer(default.offer)
            assert o is not None
            # only answers that raise its own value (the trade must help it)
            out = [Withdraw(me, o.id)]
            for q, cards in o.answers.items():
                if policy.value(remove=set(o.give), extra=cards) > policy.base:
                    out.append(Confirm(me, o.id, q))
        elif isinstance(default, BuyHarbor) and "buy" in self.search_kinds:
            out = [default, _skip(v, me)]
        if default not in out:
            out.append(default)
        seen: list[Action] = []
        for a in out:
            if a not in seen and is_legal(v, a):
                seen.append(a)
        return seen

    # -- the search ---------------------------------------------------------------------------

    def search(self, view: GameState, me: int, cands: list[Action], default: Action) -> Action:
        limit, ms = self.limits(view)
        deadline = None if ms is None else time.perf_counter() + ms / 1000.0
        rng = self.rng
        k = len(cands)
        scores: list[list[float]] = [[] for _ in cands]
        samples = 0
        mode = view.mode.value
        turns = len(view.players) * HORIZON_ROUNDS[mode] + 1
        table = LEAF[mode] if USE_LEAF[mode] else None
        leader = LEADER[mode]
        while True:
            base = sample_state(view, rng)
            for i, a in enumerate(cands):
                s = base.copy()
                _apply_macro(s, a)
                ro.rollout(s, turns)
                scores[i].append(ro.score(s, me, self.weights, leader, leaf=table))
            samples += 1
            if limit is not None and samples >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                self.capped += limit is not None
                break
            if samples >= MIN_SAMPLES and samples % 2 == 0 and _settled(scores, k):
                break
        self.searches += 1
        self.samples += samples
        return cands[_choose(scores, cands.index(default))]


def _settled(scores: list[list[float]], k: int) -> bool:
    """The leader beats every other candidate by more than ``Z`` paired standard errors."""
    n = len(scores[0])
    means = [sum(sc) / n for sc in scores]
    best = max(range(k), key=lambda i: means[i])
    for j in range(k):
        if j == best:
            continue
        d = [a - b for a, b in zip(scores[best], scores[j], strict=True)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        if var == 0.0 and m == 0.0:
            continue  # the two candidates lead to the same positions
        if m <= Z * math.sqrt(var / n) + 1e-9:
            return False
    return True


def _pruned(options: list[tuple[float, Action]]) -> list[Action]:
    """The options whose static value is within ``PRUNE`` of the best, best first (at most MAX_CANDS)."""
    if not options:
        return []
    options = sorted(options, key=lambda o: -o[0])
    top = options[0][0]
    return [a for val, a in options[:MAX_CANDS] if val >= top - PRUNE]


def _choose(scores: list[list[float]], default: int) -> int:
    """The best mean, if it beats the default clearly (bonus and ``Z_DEVIATE`` standard errors)."""
    n = len(scores[0])
    means = [sum(sc) / n for sc in scores]
    best = max(range(len(scores)), key=lambda i: means[i])
    if best == default:
        return default
    d = [a - b for a, b in zip(scores[best], scores[default], strict=True)]
    m = sum(d) / n
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n) if n > 1 else float("inf")
    if m > INCUMBENT_BONUS and m > Z_DEVIATE * se:
        return best
    return default


def duel_candidates(policy: Policy, default: Action) -> list[Action]:
    """Bean Duel (R-DUEL-4): the beans on offer or turned up, planted or not; the discard."""
    v, me = policy.v, policy.me
    if v.offered:
        out: list[Action] = []
        for c in v.offered:
            out += [*_pruned(policy.plant_options(c, me))[:2], Discard(me, c)]
        return out
    if v.phase is Phase.TRADE:
        out = [EndPhase(me)]
        for c in v.face_up:
            out += _pruned(policy.plant_options(c, me))[:2]
        return out
    p = v.players[me]
    if v.planted and not v.discarded and p.hand and isinstance(default, Discard | EndPhase):
        kinds: list[int] = []
        out = [EndPhase(me)]
        for c in p.hand:
            if KIND_OF[c] not in kinds:
                kinds.append(KIND_OF[c])
                out.append(Discard(me, c))
        return out
    return []


def _skip(v: GameState, me: int) -> Action:
    """What to do instead of a purchase: go on with the turn."""
    p = v.players[me]
    if v.phase is Phase.PLANT and v.planted == 0 and p.hand:
        return ro.greedy_plant(v, me, p.hand[0], v.turn_island)
    return EndPhase(me)


def _apply_macro(s: GameState, a: Action) -> None:
    """Apply a candidate; an acceptance of an offer to everyone is assumed confirmed."""
    engine.apply_unchecked(s, a)
    if isinstance(a, Accept):
        o = s.offer(a.offer)
        if o is not None and a.player in o.answers:
            c = Confirm(o.proposer, o.id, a.player)
            if engine.check(s, c) is None:
                engine.apply_unchecked(s, c)
