"""The one validator of positions: could the rules have produced this state?

``position_problem(state)`` returns ``None`` for a position the rules can
produce, else one sentence naming what is wrong and where (the field of the
save file, such as ``players[1].kept``). The save loader refuses a save with
it, and the property tests (tests/test_stateful.py, tests/rules) check it
after every action: the invariants of a position live here and nowhere else.

The checks come in order, each trusting the ones before it: the player
count, the names and the seed; the layout (islands, harbors, holdings,
ships); every card of the game in exactly one place; what each pile may hold
(one kind per field and per ship, Kontors within capacity, one bean per kind
in the pirate store); the turn (phase, active player, turn number, the
turn's island, the cards kept and received, the offers); and last, that the
game can go on: someone must act, and whoever must act has a legal move.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

from ..i18n import _
from . import engine, trading
from .common import setup
from .data import CARD_COUNTS, KINDS, PLAYER_COUNTS, Setup, setup_for
from .limits import MAX_OPEN_OFFERS, name_problem, seed_problem
from .params import bean_name
from .state import (
    CARDS_OF_KIND,
    CHOOSE_ISLAND,
    CLASSIC,
    GAME_OVER,
    HIDDEN,
    HOME,
    KIND_OF,
    PLANT,
    PLANT_TRADED,
    TRADE,
    VOYAGE,
    GameState,
    Offer,
)


def position_problem(state: GameState) -> str | None:
    """None if the rules could produce ``state``, else one sentence saying what is wrong."""
    problem = _setup_problem(state)
    if problem:
        return problem
    s = setup(state)
    for check in (
        _layout_problem,
        _card_problem,
        _pile_problem,
        _turn_problem,
        _offer_problem,
    ):
        problem = check(state, s)
        if problem:
            return problem
    return _progress_problem(state)


# -- who plays --------------------------------------------------------------------------------


def _setup_problem(state: GameState) -> str | None:
    n = len(state.players)
    try:
        setup_for(state.mode.value, n)
    except ValueError:
        counts = PLAYER_COUNTS[state.mode.value]
        return _("there are {n} players, but {mode} is played by {low} to {high}").format(
            n=n, mode=state.mode.value, low=counts[0], high=counts[-1]
        )
    return name_problem([p.name for p in state.players]) or seed_problem(state.seed)


# -- where things are -------------------------------------------------------------------------


def _layout_problem(state: GameState, s: Setup) -> str | None:
    n = len(state.players)
    islands = len(state.islands)
    if islands != n + len(s.colonies):
        return _("there are {have} islands instead of {need} (islands)").format(
            have=islands, need=n + len(s.colonies)
        )
    counter: dict[str, int] = {}
    for i, isl in enumerate(state.islands):
        if i < n:
            expected = ("home", HOME.value)
        else:
            t = s.colonies[i - n]
            counter[t] = counter.get(t, 0) + 1
            expected = (f"{t}{counter[t]}", t)
        if (isl.name, isl.type.value) != expected:
            return _("island {i} should be {name} of type {type} (islands[{index}])").format(
                i=i + 1, name=expected[0], type=expected[1], index=i
            )
        if i < n and isl.harbors != [i]:
            return _(
                "the home island of seat {p} has another harbor (islands[{i}].harbors)"
            ).format(p=i + 1, i=i)
        if i >= n:
            if len(isl.harbors) != 2 or any(o is not None and not 0 <= o < n for o in isl.harbors):
                return _("island {name} has harbor owners that are not players").format(
                    name=isl.name
                )
            owners = [o for o in isl.harbors if o is not None]
            if len(set(owners)) != len(owners):
                return _("a player owns both harbors of {name} (one per island)").format(
                    name=isl.name
                )
            for o in owners:
                if state.players[o].holding(i) is None:
                    return _(
                        "{name} owns a harbor on {island} but has no fields there (players[{p}].holdings)"
                    ).format(name=state.players[o].name, island=isl.name, p=o)
    for p in range(n):
        problem = _holdings_problem(state, s, p)
        if problem:
            return problem
    return _ships_problem(state, s)


def _holdings_problem(state: GameState, s: Setup, p: int) -> str | None:
    n = len(state.players)
    player = state.players[p]
    where = f"players[{p}].holdings"
    if not player.holdings or player.holdings[0].island != p:
        return _("{name} has no home island ({where})").format(name=player.name, where=where)
    home = player.holdings[0]
    least = 3 if s.starts_with_third_field else 2
    if not least <= len(home.fields) <= 3:
        return _("{name} has {n} fields at home, but the rules give {need} ({where})").format(
            name=player.name,
            n=len(home.fields),
            need="3" if least == 3 else _("2 or 3"),
            where=f"{where}[0].fields",
        )
    if home.kontor_cap != s.home_kontor:
        return _(
            "{name}'s home Kontor holds {cap}; the rules give it room for {need} ({where})"
        ).format(
            name=player.name,
            cap=home.kontor_cap,
            need=s.home_kontor,
            where=f"{where}[0].kontor_cap",
        )
    seen = {p}
    for j, h in enumerate(player.holdings[1:], 1):
        if not n <= h.island < len(state.islands) or p not in state.islands[h.island].harbors:
            return _("{name} has fields on an island without their harbor ({where})").format(
                name=player.name, where=f"{where}[{j}]"
            )
        if h.island in seen:
            return _("{name} has two holdings on one island ({where})").format(
                name=player.name, where=f"{where}[{j}]"
            )
        seen.add(h.island)
        if not 1 <= len(h.fields) <= 2:
            return _("{name} has {n} fields on {island}; the rules give 1 or 2 ({where})").format(
                name=player.name,
                n=len(h.fields),
                island=state.islands[h.island].name,
                where=f"{where}[{j}].fields",
            )
        if h.kontor_cap != s.colony_kontor:
            return _(
                "{name}'s Kontor on {island} holds {cap}; the rules give it room for {need} ({where})"
            ).format(
                name=player.name,
                island=state.islands[h.island].name,
                cap=h.kontor_cap,
                need=s.colony_kontor,
                where=f"{where}[{j}].kontor_cap",
            )
    return None


def _ships_problem(state: GameState, s: Setup) -> str | None:
    n = len(state.players)
    if state.mode is CLASSIC:
        return _("classic Bohnanza has no ships (ships)") if state.ships else None
    for i, ship in enumerate(state.ships):
        if not 0 <= ship.owner < n or not 0 <= ship.island < len(state.islands):
            return _("ship {i} has an owner or a harbor that does not exist (ships[{j}])").format(
                i=i + 1, j=i
            )
        if ship.owner not in state.islands[ship.island].harbors:
            return _(
                "ship {i} lies at {island}, where its owner has no harbor (ships[{j}])"
            ).format(i=i + 1, island=state.islands[ship.island].name, j=i)
        if ship.sailed and ship.owner != state.active:
            return _(
                "ship {i} has sailed this turn, but it is not its owner's turn (ships[{j}].sailed)"
            ).format(i=i + 1, j=i)
    for p, player in enumerate(state.players):
        count = len(state.ships_of(p))
        if not 1 <= count <= s.max_ships:
            return _("{name} has {n} ships; the rules give 1 to {high} (ships)").format(
                name=player.name, n=count, high=s.max_ships
            )
    return None


# -- the cards --------------------------------------------------------------------------------


def _card_name(card: int) -> str:
    return _("card {card} (a {bean} bean)").format(card=card, bean=bean_name(KIND_OF[card]))


def _card_problem(state: GameState, s: Setup) -> str | None:
    counts = Counter(state.all_cards())
    if HIDDEN in counts:
        return _("a card is hidden (-1): a save holds the whole game, not one player's view")
    expected = {c for k in s.deck_kinds for c in CARDS_OF_KIND[k]}
    for card in sorted(counts):
        if card not in expected:
            if 0 <= card < len(KIND_OF):
                return _("{card} is not part of this game's deck").format(card=_card_name(card))
            return _("there is no card {card}").format(card=card)
        if counts[card] > 1:
            return _("{card} lies in {n} places").format(card=_card_name(card), n=counts[card])
    missing = sorted(expected - set(counts))
    if missing:
        return _("{card} is missing ({n} cards in all)").format(
            card=_card_name(missing[0]), n=len(missing)
        )
    return None


def _one_kind(cards: Iterable[int]) -> bool:
    kinds = {KIND_OF[c] for c in cards}
    return len(kinds) <= 1


def _pile_problem(state: GameState, s: Setup) -> str | None:
    for p, player in enumerate(state.players):
        for j, h in enumerate(player.holdings):
            island = state.islands[h.island].name
            for f, field in enumerate(h.fields):
                if not _one_kind(field):
                    return _(
                        "a field of {name} on {island} holds two kinds of bean (players[{p}].holdings[{j}].fields[{f}]; R-BASE-5)"
                    ).format(name=player.name, island=island, p=p, j=j, f=f)
            if len(h.kontor) > h.kontor_cap:
                return _(
                    "the Kontor of {name} on {island} holds {n} beans, more than its room for {cap} (players[{p}].holdings[{j}].kontor; R-VOY-7)"
                ).format(
                    name=player.name, island=island, n=len(h.kontor), cap=h.kontor_cap, p=p, j=j
                )
        kinds = [KIND_OF[c] for c in player.store]
        if state.mode is CLASSIC and (player.store or player.pirate_ship):
            return _("{name} has a pirate store or ship in classic Bohnanza (players[{p}])").format(
                name=player.name, p=p
            )
        if len(set(kinds)) != len(kinds):
            return _(
                "the pirate store of {name} holds two beans of a kind (players[{p}].store; R-VOY-14)"
            ).format(name=player.name, p=p)
        if state.mode is CLASSIC and player.last_type is not HOME:
            return _(
                "{name} planted on a colony island in classic Bohnanza (players[{p}].last_type)"
            ).format(name=player.name, p=p)
    for i, ship in enumerate(state.ships):
        if not _one_kind(ship.cargo):
            return _("ship {i} carries two kinds of bean (ships[{j}].cargo; R-VOY-8)").format(
                i=i + 1, j=i
            )
    return None


# -- the turn ---------------------------------------------------------------------------------


def _turn_problem(state: GameState, s: Setup) -> str | None:
    n = len(state.players)
    if not 0 <= state.active < n:
        return _("the active player {p} is not a seat (active)").format(p=state.active + 1)
    if state.turn < 1:
        return _("the turn number is {turn}; turns count from 1 (turn)").format(turn=state.turn)
    if (state.turn - 1) % n != state.active:
        return _(
            "in turn {turn} seat {seat} plays, but the active player is seat {active} (active)"
        ).format(turn=state.turn, seat=(state.turn - 1) % n + 1, active=state.active + 1)
    if not 0 <= state.planted <= 2:
        return _("{n} beans planted in phase 1; the rules allow 0 to 2 (planted)").format(
            n=state.planted
        )
    if state.shuffles < 0 or state.next_offer < 1:
        return _("the counts of shuffles and offers can't be negative (shuffles, next_offer)")
    problem = _end_problem(state, s)
    if problem:
        return problem
    active = state.players[state.active]
    phase = state.phase
    if phase is CHOOSE_ISLAND:
        if state.mode is CLASSIC:
            return _("classic Bohnanza has no island to choose (phase)")
        if not state.rotation_applies(state.active) or state.planted:
            return _("{name} has no island to choose now (phase)").format(name=active.name)
    if state.offered and not (s.duel and phase is PLANT and not state.planted):
        return _(
            "beans lie on offer only in the Bean Duel, before the active player plants (offered; R-DUEL-4)"
        )
    if state.discarded and not s.duel:
        return _("hand cards are discarded only in the Bean Duel (discarded; R-DUEL-4)")
    if s.duel and state.offers:
        return _("there is no trading in the Bean Duel (offers; R-DUEL-2)")
    if phase is PLANT and not s.duel:  # the duel plants what is on offer first (R-DUEL-4)
        if not active.hand:
            return _("{name} is in phase 1 with an empty hand, which skips it (phase)").format(
                name=active.name
            )
        if state.planted >= 2:
            return _("{name} has planted two beans, which ends phase 1 (planted)").format(
                name=active.name
            )
    if phase is not TRADE and (state.face_up or state.offers):
        return _("face-up cards and offers belong to phase 2 (face_up, offers)")
    if len(state.face_up) > s.turn_up and not s.duel:  # the duel adds the discard's top (D-12)
        return _("{n} cards are face up; phase 2 turns up {turn_up} (face_up)").format(
            n=len(state.face_up), turn_up=s.turn_up
        )
    for p, player in enumerate(state.players):
        if player.kept and (p != state.active or phase not in (TRADE, PLANT_TRADED)):
            return _(
                "{name} has kept cards, but only the active player keeps face-up cards, in phase 2 (players[{p}].kept)"
            ).format(name=player.name, p=p)
        if player.received and phase not in (TRADE, PLANT_TRADED):
            return _(
                "{name} has received cards outside phases 2 and 3 (players[{p}].received)"
            ).format(name=player.name, p=p)
    return _island_problem(state)


def _end_problem(state: GameState, s: Setup) -> str | None:
    limit = s.exhaustion_limit
    if not 0 <= state.exhaustions <= limit:
        return _("the deck ran out {n} times; the game ends at {limit} (exhaustions)").format(
            n=state.exhaustions, limit=limit
        )
    if not state.deck and not state.exhaustions:
        return _("the deck is empty, but it has not run out yet (deck, exhaustions; R-BASE-16)")
    if state.over:
        if state.exhaustions != limit:
            return _("the game is over before the deck ran out {limit} times (phase)").format(
                limit=limit
            )
        if any(f for p in state.players for h in p.holdings for f in h.fields):
            return _("the game is over, but fields still hold beans (the final harvest sells them)")
        if any(p.kept or p.received for p in state.players):
            return _("the game is over, but beans wait to be planted (kept, received)")
        return None
    if state.exhaustions >= limit and state.phase not in (TRADE, PLANT_TRADED):
        # the final run-out in phase 2 lets phases 2 and 3 finish (R-BASE-17, D-11)
        return _("the deck ran out {limit} times, so the game is over (exhaustions)").format(
            limit=limit
        )
    return None


def _island_problem(state: GameState) -> str | None:
    """The turn's island: the active player's home in classic, else a harbor of theirs."""
    if state.over or state.phase is CHOOSE_ISLAND:
        return None
    active = state.players[state.active]
    island = state.turn_island
    if state.mode is CLASSIC or not state.rotation_applies(state.active):
        if island != state.active:
            return _("this turn's beans go to {name}'s home (turn_island)").format(name=active.name)
    elif not 0 <= island < len(state.islands) or active.holding(island) is None:
        return _("the turn's island must be one where {name} has fields (turn_island)").format(
            name=active.name
        )
    if state.mode is VOYAGE and active.last_type is not state.islands[island].type:
        return _(
            "{name} plants on an island of type {type} this turn, so that is the type planted on last (players[{p}].last_type)"
        ).format(name=active.name, type=state.islands[island].type.value, p=state.active)
    return None


# -- offers -----------------------------------------------------------------------------------


def _offer_problem(state: GameState, s: Setup) -> str | None:
    if len(state.offers) > MAX_OPEN_OFFERS:
        return _("{n} offers are open; at most {limit} can be (offers)").format(
            n=len(state.offers), limit=MAX_OPEN_OFFERS
        )
    ids = [o.id for o in state.offers]
    if len(set(ids)) != len(ids):
        return _("two open offers have the same number (offers)")
    for i, o in enumerate(state.offers):
        where = f"offers[{i}]"
        if not 1 <= o.id < state.next_offer:
            return _("offer {id} has a number the game has not given yet ({where})").format(
                id=o.id, where=where
            )
        problem = _offer_parties_problem(state, o, where)
        if problem:
            return problem
        if not o.give and not o.want:
            return _("offer {id} gives and asks for nothing ({where})").format(id=o.id, where=where)
        if any(not 0 <= k < len(KINDS) for k in o.want):
            return _("offer {id} asks for a bean kind that does not exist ({where})").format(
                id=o.id, where=where
            )
        wanted = Counter(o.want)
        for k, count in wanted.items():
            if k in s.removed or count > CARD_COUNTS[k]:
                return _(
                    "offer {id} asks for more {bean} beans than the game has ({where})"
                ).format(id=o.id, bean=bean_name(k), where=where)
        if len(set(o.give)) != len(o.give) or not all(
            trading.available(state, o.proposer, c) for c in o.give
        ):
            return _(
                "offer {id} gives cards its maker can't give: trades take cards from the hand, the face-up cards or a Kontor ({where})"
            ).format(id=o.id, where=f"{where}.give")
        for p, cards in o.answers.items():
            if sorted(KIND_OF[c] for c in cards) != sorted(o.want) or not all(
                trading.available(state, p, c) for c in cards
            ):
                return _("the answer of seat {p} to offer {id} does not fit it ({where})").format(
                    p=p + 1, id=o.id, where=f"{where}.answers"
                )
    return None


def _offer_parties_problem(state: GameState, o: Offer, where: str) -> str | None:
    n = len(state.players)
    seats = [o.proposer, *o.answers, *o.declined]
    if o.to is not None:
        seats.append(o.to)
    if any(not 0 <= p < n for p in seats):
        return _("offer {id} names a player who does not exist ({where})").format(
            id=o.id, where=where
        )
    if o.to == o.proposer:
        return _("offer {id} is made to its own maker ({where}.to)").format(id=o.id, where=where)
    if o.proposer != state.active and o.to != state.active:
        return _(
            "offer {id} is between two players who are not active; they trade only with the active player ({where})"
        ).format(id=o.id, where=where)
    addressees = o.addressees(n)
    if o.answers and o.to is not None:
        return _("offer {id} to one player has answers waiting ({where}.answers)").format(
            id=o.id, where=where
        )
    answered = list(itertools.chain(o.answers, o.declined))
    if len(set(answered)) != len(answered) or any(p not in addressees for p in answered):
        return _("offer {id} has answers from players it was not made to ({where})").format(
            id=o.id, where=where
        )
    if len(o.declined) == len(addressees):
        return _("offer {id} is declined by everyone, so it is closed ({where})").format(
            id=o.id, where=where
        )
    return None


# -- the game goes on -------------------------------------------------------------------------


def _progress_problem(state: GameState) -> str | None:
    if state.phase is GAME_OVER:
        return None
    try:
        pending = engine.pending_players(state)
        stuck = [p for p in pending if not engine.legal_actions(state, p)]
    except Exception:  # a position the checks above let through but the rules can't play
        return _("the rules can't play on from this position")
    if not pending:
        return _("nobody can act in this position")
    if stuck:
        return _("{name} must act now but has no legal move").format(
            name=state.players[stuck[0]].name
        )
    return None


__all__ = ["position_problem"]
