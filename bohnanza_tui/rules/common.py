"""Rule checks and moves shared by the classic and the voyage parts of the engine.

Every check returns ``None`` (allowed) or a ``Refusal``; every move mutates the
state and returns events. The engine calls a check before its move, so a
refused action never changes anything (D-10).
"""

from __future__ import annotations

import random
from typing import Final

from ..i18n import N_
from .data import PLAYER_COUNTS, SALE_TABLES, Setup, setup_for
from .outcome import Event, Plural, Refusal
from .state import (
    CHOOSE_ISLAND,
    CLASSIC,
    GAME_OVER,
    KIND_OF,
    KONTOR,
    VOYAGE,
    GameState,
    Holding,
)

SALE_HOME: Final = SALE_TABLES["home"]


def _by_count(mode: str) -> list[Setup | None]:
    counts = PLAYER_COUNTS[mode]
    table: list[Setup | None] = [None] * (max(counts) + 1)
    for n in counts:
        table[n] = setup_for(mode, n)
    return table


# set-ups by player count, one table per mode: the engine asks on every draw, and
# indexing a list beats hashing the mode (an enum hashes in Python)
_CLASSIC_SETUPS: Final = _by_count("classic")
_VOYAGE_SETUPS: Final = _by_count("voyage")


def setup(state: GameState) -> Setup:
    table = _VOYAGE_SETUPS if state.mode is VOYAGE else _CLASSIC_SETUPS
    n = len(state.players)
    found = table[n] if n < len(table) else None
    return found if found is not None else setup_for(state.mode.value, n)  # ValueError


def refuse(rule: str, msgid: str, **params: object) -> Refusal:
    return Refusal(rule, msgid, params)


def event(msgid: str | Plural, **params: object) -> Event:
    return Event(msgid, params)


# -- common refusals ----------------------------------------------------------

GAME_IS_OVER: Final = Refusal("R-BASE-17", N_("the game is over"), {})


def check_player(state: GameState, player: int) -> Refusal | None:
    if state.phase is GAME_OVER:
        return GAME_IS_OVER
    if not 0 <= player < len(state.players):
        return refuse("D-10", "there is no player {player}", player=player + 1)
    return None


def check_own_turn(state: GameState, player: int) -> Refusal | None:
    """D-4: the owner's turn actions, between the start of phase 1 and phase 4."""
    r = check_player(state, player)
    if r:
        return r
    if player != state.active:
        return refuse(
            "D-4",
            "only {name}, whose turn it is, can do that now",
            name=state.players[state.active].name,
        )
    if state.phase is CHOOSE_ISLAND:
        return refuse("R-VOY-13", "first choose this turn's island")
    return None


def check_voyage(state: GameState) -> Refusal | None:
    if state.mode is not VOYAGE:
        return refuse("R-VOY-1", "that belongs to Bohn Voyage, not to classic Bohnanza")
    return None


# -- places -------------------------------------------------------------------


def holding_at(state: GameState, player: int, island: int) -> Holding | None:
    if not 0 <= island < len(state.islands):
        return None
    return state.players[player].holding(island)


def island_label(state: GameState, island: int) -> str:
    if 0 <= island < len(state.islands):
        return state.islands[island].name
    return str(island)


def field_takes(field: list[int], kind: int) -> bool:
    """R-BASE-5: a bean goes onto an empty field or one of its own kind."""
    return not field or KIND_OF[field[0]] == kind


def protected(fields: list[list[int]], field: list[int]) -> bool:
    """R-BASE-12 (D-3: the fields of one island): one bean while another field has more."""
    if len(field) != 1:
        return False
    # any() over a generator compiles to a plain loop; max(map(len, ...)) would not
    return any(len(f) > 1 for f in fields)


def check_place(state: GameState, player: int, card: int, island: int, slot: int) -> Refusal | None:
    """Can ``card`` be put on the player's field or Kontor at (island, slot)? (R-BASE-5, R-VOY-7)."""
    h = holding_at(state, player, island)
    if h is None:
        if state.mode is CLASSIC:
            return refuse("R-BASE-4", "there is no such field")
        return refuse(
            "R-VOY-5", "you have no harbor on {island}", island=island_label(state, island)
        )
    if slot == KONTOR:
        if h.kontor_cap == 0:
            return refuse("R-VOY-7", "there are no Kontors in classic Bohnanza")
        if len(h.kontor) >= h.kontor_cap:
            if island == player:
                return refuse(
                    "R-VOY-7", "your home Kontor is full (it holds {cap})", cap=h.kontor_cap
                )
            return refuse(
                "R-VOY-7",
                "the Kontor on {island} is full (it holds {cap})",
                island=island_label(state, island),
                cap=h.kontor_cap,
            )
        return None
    if not 0 <= slot < len(h.fields):
        return refuse("R-BASE-4", "there is no field {slot} there", slot=slot + 1)
    f = h.fields[slot]
    if not field_takes(f, KIND_OF[card]):
        return refuse(
            "R-BASE-5",
            "field {slot} holds {kind} beans; a {bean} bean needs an empty field or one of its own kind",
            slot=slot + 1,
            kind=KIND_OF[f[0]],
            bean=KIND_OF[card],
        )
    return None


def places(
    state: GameState, player: int, card: int, island: int | None = None, every: bool = False
) -> list[tuple[int, int]]:
    """The player's places (on ``island``, if given) that take ``card`` now: a field that
    takes its kind (R-BASE-5), a Kontor with room (R-VOY-7). ``every``: all fields and Kontors."""
    kind = KIND_OF[card]
    out: list[tuple[int, int]] = []
    for h in state.players[player].holdings:
        if island is not None and h.island != island:
            continue
        i = h.island
        for s, f in enumerate(h.fields):
            if every or field_takes(f, kind):
                out.append((i, s))
        if len(h.kontor) < h.kontor_cap or (every and h.kontor_cap):
            out.append((i, KONTOR))
    return out


def put(state: GameState, player: int, card: int, island: int, slot: int) -> None:
    h = state.players[player].holding(island)
    assert h is not None
    if slot == KONTOR:
        h.kontor.append(card)
    else:
        h.fields[slot].append(card)


def place_label(state: GameState, player: int, island: int, slot: int) -> tuple[str, int]:
    """A place as a log parameter (``place=``): the island is named unless it is the player's home."""
    return ("" if island == player else island_label(state, island), slot)


# -- selling and paying -------------------------------------------------------


def sell(state: GameState, player: int, cards: list[int], coins: int) -> None:
    """R-BASE-14: of the sold cards, ``coins`` become coins, the rest are discarded."""
    discarded = len(cards) - coins
    state.discard.extend(cards[:discarded])
    state.players[player].coins.extend(cards[discarded:])


def pay(state: GameState, player: int, amount: int) -> None:
    """R-BASE-15 / D-5: the top coins go bean side up onto the discard pile."""
    coins = state.players[player].coins
    paid = coins[len(coins) - amount :]
    del coins[len(coins) - amount :]
    state.discard.extend(paid)


def price(value: int | None) -> int:
    """A price of Bohn Voyage from the set-up; classic has none (None), and every
    voyage check refuses a classic game first (R-VOY-1), so asking for one there is a bug."""
    if value is None:
        raise ValueError("a Bohn Voyage price asked for in a classic game")
    return value


def check_coins(state: GameState, player: int, amount: int, rule: str) -> Refusal | None:
    have = len(state.players[player].coins)
    if have < amount:
        return refuse(
            rule, N_("that costs {cost} coins and you have {have}"), cost=amount, have=have
        )
    return None


# -- the deck -----------------------------------------------------------------


def shuffle(state: GameState, cards: list[int]) -> None:
    """Shuffle with a stream fixed by the seed and the shuffle count, so replays are exact.

    The same permutation as ``random.Random(stream).shuffle(cards)`` (a test keeps
    them equal), written out so that a compiled build runs its loop natively.
    """
    getrandbits = random.Random(state.seed * 1_000_003 + state.shuffles).getrandbits
    for i in range(len(cards) - 1, 0, -1):
        # a uniform j in 0..i, drawn exactly as random's _randbelow draws it
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    state.shuffles += 1


def draw(state: GameState, events: list[Event]) -> int | None:
    """Draw the top card (R-BASE-16, D-1); None when the final exhaustion came first."""
    limit = setup(state).exhaustion_limit
    if state.exhaustions >= limit:
        return None
    if not state.deck:
        if not state.discard:
            # D-1: nothing left to shuffle counts as the final exhaustion
            state.exhaustions = limit
            events.append(event("The deck and the discard pile are empty: the game ends."))
            return None
        state.deck = state.discard
        state.discard = []
        shuffle(state, state.deck)
        events.append(event("The discard pile is shuffled into a new deck."))
    card = state.deck.pop()
    if not state.deck:
        state.exhaustions += 1
        events.append(
            event(
                "The deck runs out ({count} of {limit}).",
                count=state.exhaustions,
                limit=limit,
            )
        )
    return card
