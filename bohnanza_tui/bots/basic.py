"""Level ``basic``: clear heuristics, one decision at a time, no search.

- Planting: every legal place (field of the kind, empty field, Kontor) is
  valued with ``evaluate.player_value`` (fields growing toward the next coin,
  the hand planted in order onto the fields); with no place it harvests the
  field that loses least, or buys the third field.
- Harvest: a field at its beanometer's top is sold at once (it can't grow).
- The second card is planted only onto a field of its kind or into a spare
  empty field; otherwise it stays in the hand, to be traded away.
- Trading (active): cards whose removal raises the player's value (face-up
  cards and hand cards that would force a bad harvest) and that another
  player's field grows are offered: to everyone for a bean its own fields
  want, then as a gift to the players growing that kind; the best answer is
  confirmed only if the trade raises its value. At most ``max_offers`` offers a
  turn, never the same twice; ``offers_to_people`` limits those a person must
  answer. Each offer comes with a remark for the log (``BasicBot.remark``).
- Answers (to people and computers alike): accept a trade that raises its
  value by ``accept_min``, a gift that does not lower it; the cards given are
  those whose loss hurts least.
- Every threshold and figure is a field of ``weights.Weights`` (``DEFAULT``
  unless the bot is given others), fitted by ``scripts/tune_basic.py``.
- Bohn Voyage: the island of the turn where the hand fits best; the third
  field, then one harbor on the island whose beanometer favours its beans;
  Kontor beans moved onto fields of their kind, carried by ship to an island
  with a field of their kind, or stored for a pirate ship; a pirate ship once
  five kinds are stored; raids on loaded ships and on Kontor beans that fit.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from ..rules import engine, moves, trading
from ..rules.actions import (
    Accept,
    Action,
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    ChooseIsland,
    Confirm,
    Decline,
    Discard,
    EndPhase,
    Harvest,
    KontorToField,
    Load,
    MakeOffer,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
    Withdraw,
)
from ..rules.common import event, setup
from ..rules.outcome import Event
from ..rules.params import Bean
from ..rules.state import CARDS_OF_KIND, KIND_OF, KONTOR, GameState, IslandType, Mode, Phase
from ..rules.voyage import rotation_due, store_payment
from . import evaluate as ev
from .base import OFFER_FREQUENCIES, OfferFrequency, is_legal, promised, unanswered
from .weights import DEFAULT, Weights

#: offers a turn that a person must answer when they come "rarely"
RARELY = 1
MAX_CHORES = 16
#: rounding: a threshold of 0 accepts what changes the value by nothing at all
EPS = 1e-9
#: the default thresholds under their former names (the strong level's trading reads them)
GIFT_MIN = DEFAULT.gift_min - EPS
GIVE_AWAY_MIN = DEFAULT.give_away_min


class BasicBot:
    level = "basic"

    def __init__(
        self,
        seed: int | None = None,
        *,
        people: Collection[int] = (),
        offers_to_people: OfferFrequency = "often",
        weights: Weights = DEFAULT,
    ) -> None:
        if offers_to_people not in OFFER_FREQUENCIES:
            raise ValueError(f"offers_to_people: one of {', '.join(OFFER_FREQUENCIES)}")
        if not isinstance(weights, Weights):
            raise TypeError("weights: a bohnanza_tui.bots.weights.Weights")
        self.weights = weights
        self.rng = random.Random(seed)
        self.people = frozenset(people)
        self.offers_to_people = offers_to_people
        self._turn = -1
        self._offers = 0
        self._to_people = 0
        self._chores = 0
        self._tried: set[tuple[object, ...]] = set()
        self._remark: Event | None = None

    # -- the entry point ------------------------------------------------------

    def act(self, view: GameState, player: int) -> Action:
        self.new_decision(view)
        return Policy(view, player, self).decide()

    def remark(self) -> Event | None:
        """Why the last action was taken, as a log line for the table (None: nothing to say)."""
        return self._remark

    def new_decision(self, view: GameState) -> None:
        self._remark = None
        if view.turn != self._turn:
            self._turn, self._offers, self._to_people, self._chores = view.turn, 0, 0, 0
            self._tried.clear()

    def may_address(self, to: int | None, players: int, me: int) -> bool:
        """May an offer go to ``to`` (None: everyone) under ``offers_to_people``?"""
        reached = range(players) if to is None else (to,)
        if not any(q in self.people for q in reached if q != me):
            return True
        if self.offers_to_people == "never":
            return False
        return self.offers_to_people == "often" or self._to_people < RARELY

    def offered(self, to: int | None, players: int, me: int, remark: Event) -> None:
        self._offers += 1
        reached = range(players) if to is None else (to,)
        if any(q in self.people for q in reached if q != me):
            self._to_people += 1
        self._remark = remark


class Policy:
    """One decision of the basic level (also used by ``strong`` for the easy ones)."""

    def __init__(self, view: GameState, me: int, memory: BasicBot | None = None) -> None:
        self.v = view
        self.me = me
        self.p = view.players[me]
        self.mem = memory or BasicBot()
        self.w = self.mem.weights
        self.pot = ev.pot_table(self.w)
        self.turns_left = ev.own_turns_left(view)
        self.fields = ev.field_model(view, me)
        self._base: float | None = None
        self._legal: list[Action] | None = None

    # -- values ------------------------------------------------------------------

    def value(
        self,
        *,
        remove: frozenset[int] | set[int] = frozenset(),
        extra: list[int] | tuple[int, ...] = (),
        fields: list[ev.BeanField] | None = None,
    ) -> float:
        return ev.player_value(
            self.v,
            self.me,
            remove=remove,
            extra=extra,
            turns_left=self.turns_left,
            fields=self.fields if fields is None else fields,
            weights=self.w,
        )

    @property
    def base(self) -> float:
        if self._base is None:
            self._base = self.value()
        return self._base

    # -- dispatch --------------------------------------------------------------------

    def decide(self) -> Action:
        v, me = self.v, self.me
        active = v.active == me
        if setup(v).duel:
            return self.duel()
        if v.phase is Phase.TRADE:
            todo = unanswered(v, me)
            if todo:
                return self.answer(todo[0])
            if active:
                return self.trade()
        elif v.phase is Phase.PLANT_TRADED:
            a = self.plant_waiting()
            if a is not None:
                return a
            if active:
                return self.chores() or EndPhase(me)
        elif active and v.phase is Phase.CHOOSE_ISLAND:
            return self.choose_island()
        elif active and v.phase is Phase.PLANT:
            return self.phase1()
        raise ValueError(f"player {me} is not expected to act now")

    # -- the Bean Duel (R-DUEL) ---------------------------------------------------------

    def duel(self) -> Action:
        """R-DUEL-4: the beans left on offer, phase 1 and one discard, the turned-up beans."""
        v, me = self.v, self.me
        if v.phase is Phase.PLANT and v.offered:
            # step 1: plant an offered bean where it helps, else discard it
            a = self.plant_if_it_helps(v.offered)
            if a is not None:
                return a
            discards = [a for a in self.legal if isinstance(a, Discard)]
            if discards:
                return discards[0]
        elif v.phase is Phase.PLANT:
            if v.planted == 0 or (v.planted == 1 and not v.discarded):
                a = self.phase1()
                if not isinstance(a, EndPhase):
                    return a
            # step 2: throw away the hand card that would do most harm
            best: tuple[float, Action] | None = None
            for a in self.legal:
                if isinstance(a, Discard):
                    gain = self.value(remove={a.card}) - self.base
                    if gain > self.w.give_away_min and (best is None or gain > best[0]):
                        best = (gain, a)
            if best is not None:
                return best[1]
        elif v.phase is Phase.TRADE:
            # step 3: plant the turned-up beans that help; the rest stay on offer
            a = self.plant_if_it_helps(v.face_up, deny=True)
            if a is not None:
                return a
        if v.phase is Phase.PLANT and v.offered:
            return self.plant_card(v.offered[0], v.turn_island)
        return EndPhase(me)

    def plant_if_it_helps(self, pile: list[int], deny: bool = False) -> Action | None:
        """The planting of a bean of ``pile`` (none required) that raises the value most;
        with ``deny``, a bean the opponent would want when left on offer counts more."""
        skip = set(pile)  # judged without the other beans of the pile
        now = self.value(remove=skip)
        best: tuple[float, Action] | None = None
        for a in self.legal:
            if isinstance(a, Plant) and a.card in pile and a.slot != KONTOR:
                fields = ev.copy_fields(self.fields)
                f = fields[self._field_index(a.island, a.slot)]
                f.kind = KIND_OF[a.card]
                f.beans += 1
                gain = self.value(remove=skip, fields=fields) - now
                if deny:
                    gain += self.w.deny * self.opponent_gain(a.card)
                if gain > self.w.duel_plant_min and (best is None or gain > best[0]):
                    best = (gain, a)
        return best[1] if best else None

    def opponent_gain(self, card: int) -> float:
        """Roughly what a bean left on offer is worth to the opponent (D-12: it is public)."""
        k = KIND_OF[card]
        other = self.v.players[(self.me + 1) % len(self.v.players)]
        fields = other.holdings[0].fields
        if any(f and KIND_OF[f[0]] == k for f in fields):
            return 1.0
        return 0.3 if any(not f for f in fields) else 0.0

    # -- phase 1 ------------------------------------------------------------------------

    def phase1(self) -> Action:
        v, me, p = self.v, self.me, self.p
        if v.planted == 0:
            a = self.harvest_ripe() or self.chores()
            if a is not None:
                return a
            if p.hand:
                return self.plant_card(p.hand[0], v.turn_island)
        elif v.planted == 1 and p.hand and self.plant_second():
            return self.plant_card(p.hand[0], v.turn_island)
        return EndPhase(me)

    def plant_second(self) -> bool:
        card = self.p.hand[0]
        k = KIND_OF[card]
        island = self.v.turn_island
        mine = [f for f in self.fields if f.island == island]
        if any(f.kind == k for f in mine):
            return True
        empty = sum(1 for f in mine if f.kind < 0)
        if empty >= 2:
            return True
        return empty == 1 and len(self.p.hand) > 1 and KIND_OF[self.p.hand[1]] == k

    def harvest_ripe(self) -> Action | None:
        """Sell a field that has reached the top of its beanometer (it can't earn more)."""
        if self.turns_left < 1:
            return None
        for a in self.legal:
            if isinstance(a, Harvest):
                f = self.fields[self._field_index(a.island, a.slot)]
                top = ev.SALE[f.island_type][f.kind]
                if f.beans > 1 and top[min(f.beans, ev.MAX_N)] == max(top):
                    return a
        return None

    # -- planting ----------------------------------------------------------------------

    @property
    def legal(self) -> list[Action]:
        """The move list (``engine.legal_actions``): the options every choice is made from."""
        if self._legal is None:
            self._legal = engine.legal_actions(self.v, self.me)
        return self._legal

    def places(self, card: int, island: int | None) -> list[tuple[int, int]]:
        """Where the move list lets ``card`` go now (on ``island`` if given)."""
        return [
            (a.island, a.slot)
            for a in self.legal
            if isinstance(a, Plant) and a.card == card and (island is None or a.island == island)
        ]

    def place_value(self, card: int, island: int, slot: int) -> float:
        fields = ev.copy_fields(self.fields)
        extra = 0.0
        if slot == KONTOR:
            extra = self.w.kontor_bean
        else:
            i = self._field_index(island, slot)
            fields[i].kind = KIND_OF[card]
            fields[i].beans += 1
        return self.value(remove={card}, fields=fields) + extra

    def _no_split(self, card: int, places: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The places without the empty fields of an island where a field of the card's kind
        can still grow (R-BASE-5 lets any kind into an empty field): two fields of one kind
        grow at half the pace and hold a field the next kind needs. The values add up over
        the fields (two lone beans count more than a pair), so the choice is not left to them."""
        k = KIND_OF[card]
        growing = set()
        for i, s in places:
            if s == KONTOR:
                continue
            f = self.fields[self._field_index(i, s)]
            top = ev.SALE[f.island_type][k]
            if f.kind == k and top[min(f.beans, ev.MAX_N)] < top[ev.MAX_N]:
                growing.add(i)
        if not growing:
            return places
        return [
            (i, s)
            for i, s in places
            if i not in growing or s == KONTOR or self.fields[self._field_index(i, s)].kind >= 0
        ]

    def _field_index(self, island: int, slot: int) -> int:
        for i, f in enumerate(self.fields):
            if f.island == island and f.slot == slot:
                return i
        raise IndexError(slot)

    def plant_options(self, card: int, island: int | None) -> list[tuple[float, Action]]:
        """Every way to go on with planting ``card``: a place, or first a harvest or a field."""
        me = self.me
        places = self._no_split(card, self.places(card, island))
        if places:
            return [(self.place_value(card, i, s), Plant(me, card, i, s)) for i, s in places]
        out: list[tuple[float, Action]] = []
        k = KIND_OF[card]
        for a in self.legal:
            if isinstance(a, Harvest) and island in (None, a.island):
                idx = self._field_index(a.island, a.slot)
                f = self.fields[idx]
                fields = ev.copy_fields(self.fields)
                coins = ev.SALE[f.island_type][f.kind][min(f.beans, ev.MAX_N)]
                fields[idx].kind, fields[idx].beans = k, 1
                out.append((self.value(remove={card}, fields=fields) + coins, a))
            elif isinstance(a, BuyField) and a.island == me and island in (None, me):
                cost = setup(self.v).third_field_cost or 0
                fields = [*ev.copy_fields(self.fields), ev.BeanField(me, 0, k, 1, 2)]
                out.append((self.value(remove={card}, fields=fields) - cost, a))
        return out

    def plant_card(self, card: int, island: int | None) -> Action:
        opts = self.plant_options(card, island)
        if not opts:
            raise ValueError("no way to plant")  # pragma: no cover - R-BASE-7 always leaves one
        return max(opts, key=lambda o: o[0])[1]

    def waiting(self) -> list[tuple[int, int | None]]:
        """Phase 3: one bean of each kind and pile still to plant, and where (None: anywhere)."""
        p, v = self.p, self.v
        cards: list[tuple[int, int | None]] = [(c, None) for c in moves.representatives(p.received)]
        if v.active == self.me:
            cards += [(c, v.turn_island) for c in moves.representatives(p.kept)]
        return cards

    def plant_waiting(self) -> Action | None:
        """Phase 3: plant the kept and received beans, the best placement first."""
        cards = self.waiting()
        if not cards:
            return None
        best: tuple[float, Action] | None = None
        for c, island in cards:
            if not self.places(c, island):
                continue
            for val, a in self.plant_options(c, island):
                if best is None or val > best[0]:
                    best = (val, a)
        if best is not None:
            return best[1]
        c, island = cards[0]
        return self.plant_card(c, island)

    # -- trading ----------------------------------------------------------------------------

    def own_cards(self) -> list[int]:
        return trading.tradeable(self.v, self.me)

    def choose_gives(self, want: list[int]) -> tuple[int, ...] | None:
        """For each wanted kind, the own card whose loss hurts least (None: can't)."""
        own = self.own_cards()
        chosen: set[int] = set()
        for k in want:
            cands = [c for c in own if KIND_OF[c] == k and c not in chosen]
            if not cands:
                return None
            if len(cands) == 1:
                chosen.add(cands[0])
                continue
            best = max(cands, key=lambda c: self.value(remove=chosen | {c}))
            chosen.add(best)
        return tuple(chosen)

    def answer_value(self, offer_id: int) -> tuple[float, tuple[int, ...] | None]:
        """What accepting the offer changes in the own value, and the cards it would give."""
        o = self.v.offer(offer_id)
        assert o is not None
        give = self.choose_gives(o.want)
        if give is None:
            return -1e9, None
        if not o.want and self.fits(o.give):
            return self.gift_value(o.give), give
        return self.value(remove=set(give), extra=o.give) - self.base, give

    def fits(self, cards: list[int] | tuple[int, ...]) -> bool:
        """Can ``cards`` be planted (R-BASE-9) without loss: each onto a field of its kind or
        an empty field, after the beans already waiting to be planted?"""
        fields = ev.copy_fields(self.fields)
        for c in self.p.received:
            ev.place(fields, KIND_OF[c], None, w=self.w, pot=self.pot)
        for c in cards:
            k = KIND_OF[c]
            f = next((f for f in fields if f.kind == k), None) or next(
                (f for f in fields if f.kind < 0), None
            )
            if f is None:
                return False
            f.kind = k
            f.beans += 1
        return True

    def gift_value(self, cards: list[int] | tuple[int, ...]) -> float:
        """What a gift that fits (``fits``) changes in the own value, the hand cut to its
        ``gift_hand`` front cards.

        A free bean onto its own field or an empty one costs nothing now; what it may cost
        is the room the hand's cards would have had. The hand beyond the front card is
        not planted yet: its cards may still go in trades (the computers give such cards
        away), so valuing all of it planted in order (as for a swap) has a free stink bean
        declined with two empty fields because the fourth card might need one. The front
        card is planted in the next own turn: when the gift takes the field that card needs
        (so it forces a harvest), the gift really lowers the position and is declined.
        """
        later = set(self.p.hand[max(self.w.gift_hand, 0) :])
        now = self.value(remove=later)
        return self.value(remove=later, extra=cards) - now

    def answer(self, offer_id: int) -> Action:
        o = self.v.offer(offer_id)
        assert o is not None
        delta, give = self.answer_value(offer_id)
        need = self.w.accept_min if o.want else self.w.gift_min
        if give is not None and delta > need - EPS:
            a = Accept(self.me, o.id, give)
            if is_legal(self.v, a):
                return a
        return Decline(self.me, o.id)

    def settle(self) -> Action | None:
        """Confirm the best answer to one of my offers, or withdraw it."""
        v, me = self.v, self.me
        for o in v.offers:
            if o.proposer != me or trading.awaited(v, o):
                continue
            best: tuple[float, int] | None = None
            for q, cards in o.answers.items():
                gain = self.value(remove=set(o.give), extra=cards) - self.base
                gain -= 0.01 * len(v.players[q].coins)  # a gift rather to the poorer
                if best is None or gain > best[0]:
                    best = (gain, q)
            if best is not None and best[0] > 0:
                a: Action = Confirm(me, o.id, best[1])
                if is_legal(v, a):
                    return a
            return Withdraw(me, o.id)
        return None

    def wanted_kind(self) -> int | None:
        best, kind = self.w.want_min, None
        for k in setup(self.v).deck_kinds:
            if not any(f.kind == k for f in self.fields):
                continue
            m = self.value(extra=(CARDS_OF_KIND[k][0],)) - self.base
            if m > best:
                best, kind = m, k
        return kind

    def takers(self, card: int) -> list[int]:
        """The other players whose fields grow the kind of ``card``, the keenest first.

        How keen is judged as they would judge it (``evaluate.player_value``),
        from what the table shows: their fields and the beans they must plant;
        their hands are hidden, so they are left out.
        """
        v = self.v
        k = KIND_OF[card]
        gains: list[tuple[float, int]] = []
        for q in range(len(v.players)):
            if q == self.me:
                continue
            if not any(f and KIND_OF[f[0]] == k for h in v.players[q].holdings for f in h.fields):
                continue
            now = ev.player_value(v, q, with_hand=False, turns_left=self.turns_left, weights=self.w)
            then = ev.player_value(
                v, q, extra=(card,), with_hand=False, turns_left=self.turns_left, weights=self.w
            )
            if then - now > 1e-9:
                gains.append((then - now, q))
        gains.sort(key=lambda g: (-g[0], g[1]))
        return [q for _, q in gains]

    def trade(self) -> Action:
        """Offer the cards it would rather not plant to the players whose fields want them.

        For each such card (the best riddance first), to each of the ``targets``
        players it helps most: first a swap for the bean kind it wants most for
        one of its own fields, then the card as a gift. Each offer once a turn,
        at most ``max_offers``; offers that reach people follow
        ``offers_to_people``. A card nobody grows is not offered.
        """
        me, mem, v = self.me, self.mem, self.v
        a = self.settle()
        if a is not None:
            return a
        if mem._offers < self.w.max_offers:
            base = self.base
            gains = []
            taken = promised(v, me)  # never offered twice (the app lets people answer later)
            for c in [*v.face_up, *self.p.hand]:
                if c in taken:
                    continue
                g = self.value(remove={c}) - base
                if g > self.w.give_away_min:
                    gains.append((g, c))
            gains.sort(reverse=True)
            want = self.wanted_kind() if gains else None
            n = len(v.players)
            name = v.players[me].name
            for _, c in gains:
                k = KIND_OF[c]
                takers = self.takers(c)
                if not takers:
                    continue
                offers: list[tuple[tuple[object, ...], MakeOffer, Event]] = []
                if want is not None and want != k:
                    # a swap, to everyone: whoever has the bean may answer
                    why = event(
                        "{name} wants {bean} for the {bean} field.", name=name, bean=Bean(want)
                    )
                    offers.append((("t", c), MakeOffer(me, None, (c,), (want,)), why))
                for q in takers[: self.w.targets]:
                    why = event(
                        "{name} has no room for {bean}; {partner} grows {bean}.",
                        name=name,
                        bean=Bean(k),
                        partner=v.players[q].name,
                    )
                    offers.append((("d", c, q), MakeOffer(me, q, (c,), ()), why))
                for key, offer, why in offers:
                    if key in mem._tried or not mem.may_address(offer.to, n, me):
                        continue
                    mem._tried.add(key)
                    if is_legal(v, offer):
                        mem.offered(offer.to, n, me, why)
                        return offer
        return self.chores() or EndPhase(me)

    # -- Bohn Voyage -----------------------------------------------------------------------

    def choose_island(self) -> Action:
        me, p = self.me, self.p
        _, islands = rotation_due(self.v, me)
        hand = [KIND_OF[c] for c in p.hand[:3]]
        best = max(
            islands,
            key=lambda i: ev.plant_sim(self.fields, [], [], hand, i, i, w=self.w),
        )
        return ChooseIsland(me, best)

    def chores(self) -> Action | None:
        """Purchases and voyage logistics in the own turn (bounded per turn)."""
        mem = self.mem
        if mem._chores >= MAX_CHORES:
            return None
        a = self._buy()
        if a is None and self.v.mode is Mode.VOYAGE:
            a = self._voyage()
        if a is not None:
            if not is_legal(self.v, a):
                return None
            mem._chores += 1
        return a

    def _buy(self) -> Action | None:
        v, me, p = self.v, self.me, self.p
        cost = setup(v).third_field_cost
        if cost is not None and len(p.holdings[0].fields) < 3:
            if len(p.coins) >= cost and self.turns_left > self.w.field_turns:
                return BuyField(me, me)
            return None
        if (
            v.mode is Mode.VOYAGE
            and len(p.holdings) == 1
            and len(p.coins) >= 2
            and self.turns_left > self.w.harbor_turns
        ):
            return self._best_harbor()
        return None

    def _best_harbor(self) -> Action | None:
        v, me, p = self.v, self.me, self.p
        kinds = [KIND_OF[c] for c in p.hand] + [f.kind for f in self.fields if f.kind >= 0]
        best: tuple[float, int] | None = None
        for i, isl in enumerate(v.islands):
            if isl.type is IslandType.HOME or None not in isl.harbors or me in isl.harbors:
                continue
            t = ev.TYPE_INDEX[isl.type]
            score = sum(self.pot[t][k][4] - self.pot[0][k][4] for k in kinds)
            if best is None or score > best[0]:
                best = (score, i)
        return BuyHarbor(me, best[1]) if best else None

    def _voyage(self) -> Action | None:
        v, me, p = self.v, self.me, self.p
        mem = self.mem
        fields_by_island: dict[int, list[ev.BeanField]] = {}
        for f in self.fields:
            fields_by_island.setdefault(f.island, []).append(f)
        # Kontor beans onto a field of their kind (or an empty one) on the same island
        for h in p.holdings:
            for c in h.kontor:
                k = KIND_OF[c]
                for s, beans in enumerate(h.fields):
                    if beans and KIND_OF[beans[0]] == k:
                        return KontorToField(me, c, s)
                for s, beans in enumerate(h.fields):
                    if not beans and not (h.island == me and self._front_needs_empty(h.island)):
                        return KontorToField(me, c, s)

        def target(k: int, here: int) -> int | None:
            """Another island of mine with a field of kind k (or empty) and Kontor room."""
            best = None
            for h in p.holdings:
                if h.island == here or len(h.kontor) >= h.kontor_cap:
                    continue
                fs = fields_by_island.get(h.island, [])
                if any(f.kind == k for f in fs):
                    return h.island
                if any(f.kind < 0 for f in fs) and h.island != me:
                    best = h.island
            return best

        for i in v.ships_of(me):
            ship = v.ships[i]
            here = p.holding(ship.island)
            if ship.cargo:
                k = KIND_OF[ship.cargo[0]]
                fs = fields_by_island.get(ship.island, [])
                room = here is not None and len(here.kontor) < here.kontor_cap
                if ship.island != me and room and any(f.kind in (k, -1) for f in fs):
                    key: tuple[object, ...] = ("unload", i, ship.island)
                    if key not in mem._tried:
                        mem._tried.add(key)
                        return Unload(me, i, 1)
                if not ship.sailed:
                    dest = target(k, ship.island)
                    if dest is not None:
                        a = Sail(me, (i,), dest)
                        if is_legal(v, a):
                            return a
            if here is not None and here.kontor and ("unload", i, ship.island) not in mem._tried:
                for c in here.kontor:
                    k = KIND_OF[c]
                    if ship.cargo and KIND_OF[ship.cargo[0]] != k:
                        continue
                    if any(f.kind == k for f in fields_by_island.get(ship.island, [])):
                        continue
                    if target(k, ship.island) is not None and not ship.sailed:
                        mem._tried.add(("load", i, ship.island))
                        return Load(me, i, (c,))
        # surplus home Kontor beans into the pirate store (one per kind)
        stored = {KIND_OF[c] for c in p.store}
        for c in p.holdings[0].kontor:
            k = KIND_OF[c]
            if k not in stored and not any(f.kind == k for f in fields_by_island.get(me, [])):
                return ToStore(me, c)
        pay = store_payment(v, me, p.pirate_ship)
        if pay is not None:
            if not p.pirate_ship:
                return BuyPirateShip(me, pay)
            return self._raid(pay)
        return None

    def _front_needs_empty(self, island: int) -> bool:
        if not self.p.hand or self.p.hand[0] < 0:
            return False
        k = KIND_OF[self.p.hand[0]]
        return not any(f.kind == k for f in self.fields if f.island == island)

    def _raid(self, pay: tuple[int, ...]) -> Action | None:
        v, me = self.v, self.me
        best: tuple[float, Action] | None = None
        for i, s in enumerate(v.ships):
            if s.owner != me and s.cargo:
                loot = ev.SALE[0][KIND_OF[s.cargo[0]]][min(len(s.cargo), ev.MAX_N)] // 2
                if loot >= 1 and (best is None or loot > best[0]):
                    best = (float(loot), RaidShip(me, i, pay))
        for q, qp in enumerate(v.players):
            if q == me:
                continue
            for h in qp.holdings:
                for c in h.kontor:
                    k = KIND_OF[c]
                    for f in self.fields:
                        if f.kind == k:
                            pot = self.pot[f.island_type][k]
                            gain = pot[f.beans + 1] - pot[f.beans]
                            if gain > 0.5 and (best is None or gain > best[0]):
                                a = RaidKontor(me, q, c, f.island, f.slot, pay)
                                best = (gain, a)
        return best[1] if best else None
