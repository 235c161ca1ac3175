"""The strong level's trading: offers searched and judged from both sides.

The basic level offers a card it would rather not plant, first as a swap for
the one kind its fields want most, then as a gift to the players who grow it.
The strong level, when it is the active player (R-BASE-8), considers every
offer it could make instead:

- *swaps*: one of its cards (a face-up card, a hand card, a Kontor bean; of
  each kind the one it misses least) or none at all, to everyone, for one or
  two beans of a kind its fields want;
- *gifts*: a card whose removal raises its value, to a player who grows the
  kind.

Each offer is scored by its own gain (``evaluate.player_value`` with the
cards removed and added; a gift also loses a share of what the receiver
gains) and tried best first, each once a turn, at most ``MAX_OFFERS``. Of the
answers to an offer it confirms the one that helps it most against the
table: its own gain minus a share of what the partner gains (estimated from
what the table shows: the partner's coins, fields and the beans it must
plant), the whole gain when the partner leads the others and is close to it.

Answers to the offers of others follow the basic level's rule (a gift that
does not lower the own value, a swap that raises it by ``ANSWER_SWAP_MIN``),
and what the proposer gains does not count: a declined offer goes to another
player, so declining denies little and costs the beans. (In Bohn Voyage the
search then weighs that answer against the other one: ``strong.ANSWERS``.)
"""

from __future__ import annotations

from ..rules import trading
from ..rules.actions import Accept, Action, Confirm, Decline, EndPhase, MakeOffer, Withdraw
from ..rules.common import event, setup
from ..rules.outcome import Event
from ..rules.params import Bean
from ..rules.state import CARDS_OF_KIND, KIND_OF, GameState
from . import evaluate as ev
from .base import is_legal, promised
from .basic import GIFT_MIN, GIVE_AWAY_MIN, Policy

#: offers a turn (the basic level makes at most 6)
MAX_OFFERS = 10
#: a swap is offered when it raises the own value by this much (per mode)
SWAP_MIN: dict[str, float] = {"classic": 0.4, "voyage": 0.25}
#: a kind is wanted when one more bean of it raises the own value by this much (per mode)
WANT_MIN: dict[str, float] = {"classic": 0.3, "voyage": 0.15}
#: the share of a partner's gain counted against a trade (one of three others)
PARTNER_SHARE = 0.34
#: ... and when the partner leads the table (or is close to the own standing)
LEADER_SHARE = 1.0
#: a trade is confirmed or accepted when its net gain exceeds this
CONFIRM_MIN = 0.05
#: answers: a swap must raise the own value by this much, a gift not lower it
ANSWER_SWAP_MIN = 0.25


def standing(v: GameState, q: int, turns_left: float) -> float:
    """What the table shows of a player's position: coins and fields (hands hidden)."""
    return ev.player_value(v, q, with_hand=False, turns_left=turns_left)


def public_gain(
    v: GameState,
    q: int,
    give: list[int] | tuple[int, ...],
    take: list[int] | tuple[int, ...],
    turns_left: float,
) -> float:
    """What ``q`` gains by receiving ``give`` and losing ``take``, as far as the table shows."""
    now = ev.player_value(v, q, with_hand=False, turns_left=turns_left)
    then = ev.player_value(
        v, q, extra=tuple(give), remove=set(take), with_hand=False, turns_left=turns_left
    )
    return then - now


class StrongPolicy(Policy):
    """The basic policy with the strong level's trading."""

    # -- how much a partner's gain counts ------------------------------------------------

    def share(self, q: int) -> float:
        """The weight of ``q``'s gain against mine: full for the leader of the others."""
        v, tl = self.v, self.turns_left
        stands = {p: standing(v, p, tl) for p in range(len(v.players))}
        others = [p for p in stands if p != self.me]
        lead = max(others, key=lambda p: stands[p])
        if q == lead and stands[q] >= stands[self.me] - 2.0:
            return LEADER_SHARE
        return PARTNER_SHARE

    def net(self, q: int, mine: float, theirs: float) -> float:
        return mine - self.share(q) * max(theirs, 0.0)

    # -- answers to offers ----------------------------------------------------------------

    def answer(self, offer_id: int) -> Action:
        """Accept a gift that does not lower the own value, a swap that raises it by ``ANSWER_SWAP_MIN``.

        What the proposer gains does not count: an offer declined goes to
        another player (the basic level offers a card to everyone, then to the
        growers one after the other), so declining denies little.
        """
        o = self.v.offer(offer_id)
        assert o is not None
        delta, give = self.answer_value(offer_id)
        need = ANSWER_SWAP_MIN if o.want else GIFT_MIN
        if give is not None and delta > need:
            a = Accept(self.me, o.id, give)
            if is_legal(self.v, a):
                return a
        return Decline(self.me, o.id)

    # -- the active player's trading --------------------------------------------------------

    def settle(self) -> Action | None:
        v, me = self.v, self.me
        for o in v.offers:
            if o.proposer != me or trading.awaited(v, o):
                continue
            best: tuple[float, int] | None = None
            for q, cards in o.answers.items():
                mine = self.value(remove=set(o.give), extra=cards) - self.base
                theirs = public_gain(v, q, o.give, cards, self.turns_left)
                gain = self.net(q, mine, theirs)
                if mine > 0 and (best is None or gain > best[0]):
                    best = (gain, q)
            if best is not None and best[0] > CONFIRM_MIN:
                a: Action = Confirm(me, o.id, best[1])
                if is_legal(v, a):
                    return a
            return Withdraw(me, o.id)
        return None

    def trade(self) -> Action:
        me, mem, v = self.me, self.mem, self.v
        a = self.settle()
        if a is not None:
            return a
        if mem._offers < MAX_OFFERS:
            n = len(v.players)
            for key, offer, why in self.offers():
                if key in mem._tried or not mem.may_address(offer.to, n, me):
                    continue
                mem._tried.add(key)
                if is_legal(v, offer):
                    mem.offered(offer.to, n, me, why)
                    return offer
        return self.chores() or EndPhase(me)

    def wanted(self) -> list[tuple[float, int]]:
        """The kinds one more bean of which raises the own value most, with the gain."""
        out = []
        want_min = WANT_MIN[self.v.mode.value]
        for k in setup(self.v).deck_kinds:
            if not any(f.kind == k for f in self.fields):
                continue
            g = self.value(extra=(CARDS_OF_KIND[k][0],)) - self.base
            if g > want_min:
                out.append((g, k))
        out.sort(reverse=True)
        return out

    def offers(self) -> list[tuple[tuple[object, ...], MakeOffer, Event]]:
        """Every offer worth making now, the best for me first."""
        v, me = self.v, self.me
        base = self.base
        name = v.players[me].name
        taken = promised(v, me)  # a card of an open offer is not offered again
        own = [c for c in self.own_cards() if c not in taken]
        swap_min = SWAP_MIN[v.mode.value]
        # one card of each kind to give: the one whose loss hurts least
        reps: dict[int, tuple[float, int]] = {}
        for c in own:
            g = self.value(remove={c}) - base
            k = KIND_OF[c]
            if k not in reps or g > reps[k][0]:
                reps[k] = (g, c)
        scored: list[tuple[float, tuple[object, ...], MakeOffer, Event]] = []
        for _, want in self.wanted():
            why = event("{name} wants {bean} for the {bean} field.", name=name, bean=Bean(want))
            extra1 = (CARDS_OF_KIND[want][0],)
            extra2 = CARDS_OF_KIND[want][:2]
            for w, extra in (((want,), extra1), ((want, want), extra2)):
                g = self.value(extra=extra) - base
                if g > swap_min:
                    scored.append((g, ("ask", w), MakeOffer(me, None, (), w), why))
                for k, (_, c) in reps.items():
                    if k == want:
                        continue
                    g = self.value(remove={c}, extra=extra) - base
                    if g > swap_min:
                        scored.append((g, ("swap", k, w), MakeOffer(me, None, (c,), w), why))
        # gifts: cards whose removal helps, to growers, the one furthest behind first
        stands = [standing(v, q, self.turns_left) for q in range(len(v.players))]
        for k, (g, c) in reps.items():
            if g <= GIVE_AWAY_MIN:
                continue
            takers = self.takers(c)
            takers.sort(key=lambda q: stands[q])
            for q in takers:
                theirs = public_gain(v, q, (c,), (), self.turns_left)
                net = self.net(q, g, theirs)
                if net <= 0:
                    continue
                why = event(
                    "{name} has no room for {bean}; {partner} grows {bean}.",
                    name=name,
                    bean=Bean(k),
                    partner=v.players[q].name,
                )
                # gifts after the swaps of the same card: a small discount
                scored.append((net - 0.5, ("gift", k, q), MakeOffer(me, q, (c,), ()), why))
        scored.sort(key=lambda s: -s[0])
        return [(key, offer, why) for _, key, offer, why in scored]
