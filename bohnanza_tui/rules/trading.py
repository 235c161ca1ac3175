"""Phase 2 trading as at the table (R-BASE-8): offers, answers, donations."""

from __future__ import annotations

from ..i18n import N_
from .actions import Accept, Confirm, Decline, MakeOffer, Withdraw
from .common import check_player, event, refuse, setup
from .data import CARD_COUNTS, KINDS
from .limits import MAX_OPEN_OFFERS
from .outcome import Event, Refusal
from .params import Cards, Kinds, Text
from .state import KIND_OF, TRADE, GameState, Offer


def available(state: GameState, player: int, card: int) -> bool:
    """Can ``player`` hand this card over in a trade? Hand, own Kontors, and (active) face-up."""
    p = state.players[player]
    if card in p.hand:
        return True
    if player == state.active and card in state.face_up:
        return True
    return any(card in h.kontor for h in p.holdings)


def tradeable(state: GameState, player: int) -> list[int]:
    """The cards ``player`` may hand over in a trade now: (active) face-up, hand, own Kontors.

    The list form of ``available``: the same rule, for those who choose cards.
    """
    p = state.players[player]
    cards = state.face_up[:] if player == state.active else []
    cards += p.hand
    for h in p.holdings:
        cards += h.kontor
    return cards


def answered(o: Offer, player: int) -> bool:
    """Has ``player`` accepted or declined offer ``o``?"""
    return player in o.answers or player in o.declined


def owes_answer(o: Offer, player: int, players: int) -> bool:
    """Does ``player`` still owe offer ``o`` an answer: addressed, and not ``answered``?"""
    return o.addresses(player, players) and not answered(o, player)


def awaiting(state: GameState, player: int) -> list[Offer]:
    """The open offers ``player`` still owes an answer to, oldest first."""
    n = len(state.players)
    return [o for o in state.offers if owes_answer(o, player, n)]


def awaited(state: GameState, o: Offer) -> list[int]:
    """The players offer ``o`` still waits for, in seat order (``owes_answer``)."""
    return [p for p in o.addressees(len(state.players)) if not answered(o, p)]


def take(state: GameState, player: int, card: int) -> None:
    p = state.players[player]
    if card in p.hand:
        p.hand.remove(card)  # R-BASE-3: the others keep their order
        return
    if card in state.face_up:
        state.face_up.remove(card)
        return
    for h in p.holdings:
        if card in h.kontor:
            h.kontor.remove(card)
            return
    raise AssertionError("card not available")


def _check_phase(state: GameState) -> Refusal | None:
    if setup(state).duel:
        return refuse("R-DUEL-2", "two players never trade or donate beans")
    if state.phase is not TRADE:
        return refuse("R-BASE-8", "trading happens only in phase 2")
    return None


def _check_cards(state: GameState, player: int, cards: tuple[int, ...]) -> Refusal | None:
    if len(set(cards)) != len(cards):
        return refuse("R-BASE-8", "a card can be given only once")
    for c in cards:
        if not 0 <= c < len(KIND_OF) or not available(state, player, c):
            return refuse(
                "R-BASE-8",
                "{name} can't give that card: trades take cards from the hand, the face-up cards (active player) or a Kontor",
                name=state.players[player].name,
            )
    return None


def check_make_offer(state: GameState, a: MakeOffer) -> Refusal | None:
    r = check_player(state, a.player) or _check_phase(state)
    if r:
        return r
    n = len(state.players)
    if a.player == state.active:
        if a.to is not None and (a.to == a.player or not 0 <= a.to < n):
            return refuse("R-BASE-8", "offer to another player or to everyone")
    elif a.to != state.active:
        return refuse(
            "R-BASE-8",
            "other players trade only with the active player, {name}",
            name=state.players[state.active].name,
        )
    if not a.give and not a.want:
        return refuse("R-BASE-8", "an offer gives or asks for at least one card")
    if len(state.offers) >= MAX_OPEN_OFFERS:
        return refuse(
            "R-BASE-8",
            "{n} offers are open, the most there can be: withdraw one first",
            n=MAX_OPEN_OFFERS,
        )
    if any(not 0 <= k < len(KINDS) for k in a.want):
        return refuse("R-BASE-8", "there is no such bean kind")
    r = _check_want(state, a.want)
    return r or _check_cards(state, a.player, a.give)


def _check_want(state: GameState, want: tuple[int, ...]) -> Refusal | None:
    """R-BASE-8: an offer asks for beans of the game, no more of a kind than the game has."""
    if len(want) > len(KIND_OF):
        return refuse("R-BASE-8", "an offer can't ask for more beans than the game has")
    removed = setup(state).removed
    counts = [0] * len(KINDS)
    for k in want:
        counts[k] += 1
    for k in range(len(KINDS)):
        if counts[k] and (k in removed or counts[k] > CARD_COUNTS[k]):
            return refuse(
                "R-BASE-8",
                "the game has {n} {bean} beans; an offer can't ask for {count}",
                n=0 if k in removed else CARD_COUNTS[k],
                bean=k,
                count=counts[k],
            )
    return None


def make_offer(state: GameState, a: MakeOffer) -> list[Event]:
    offer = Offer(state.next_offer, a.player, a.to, list(a.give), list(a.want))
    state.next_offer += 1
    state.offers.append(offer)
    players = state.players
    to = players[a.to].name if a.to is not None else Text(N_("everyone"))
    if not a.give:
        return [
            event(
                "{name} asks {to} for {want} (offer {id}).",
                name=players[a.player].name,
                to=to,
                want=Kinds(a.want),
                id=offer.id,
            )
        ]
    if a.want:
        return [
            event(
                "{name} offers {give} to {to} for {want} (offer {id}).",
                name=players[a.player].name,
                give=Cards(a.give),
                to=to,
                want=Kinds(a.want),
                id=offer.id,
            )
        ]
    return [
        event(
            "{name} wants to give {give} to {to} (offer {id}).",
            name=players[a.player].name,
            give=Cards(a.give),
            to=to,
            id=offer.id,
        )
    ]


def _open_offer(state: GameState, offer_id: int) -> Offer | Refusal:
    o = state.offer(offer_id)
    if o is None:
        return refuse("R-BASE-8", "there is no open offer {id}", id=offer_id)
    return o


def _check_answerable(state: GameState, player: int, offer_id: int) -> Offer | Refusal:
    r = check_player(state, player) or _check_phase(state)
    if r:
        return r
    o = _open_offer(state, offer_id)
    if isinstance(o, Refusal):
        return o
    if not o.addresses(player, len(state.players)):
        return refuse("R-BASE-8", "offer {id} is not addressed to you", id=offer_id)
    if answered(o, player):
        return refuse("R-BASE-8", "you have answered offer {id} already", id=offer_id)
    return o


def _check_still_there(state: GameState, o: Offer) -> Refusal | None:
    if not all(available(state, o.proposer, c) for c in o.give):
        return refuse("R-BASE-8", "the cards of offer {id} are no longer there", id=o.id)
    return None


def check_accept(state: GameState, a: Accept) -> Refusal | None:
    o = _check_answerable(state, a.player, a.offer)
    if isinstance(o, Refusal):
        return o
    r = _check_cards(state, a.player, a.give) or _check_still_there(state, o)
    if r:
        return r
    if sorted(KIND_OF[c] for c in a.give) != sorted(o.want):
        return refuse(
            "R-BASE-8",
            "offer {id} asks for {want}; you would give {give}",
            id=o.id,
            want=Kinds(o.want),
            give=Cards(a.give),
        )
    return None


def execute(state: GameState, o: Offer, partner: int, cards: list[int]) -> list[Event]:
    """Swap the cards; what each side receives waits to be planted (never a hand)."""
    for c in o.give:
        take(state, o.proposer, c)
    for c in cards:
        take(state, partner, c)
    state.players[partner].received.extend(o.give)
    state.players[o.proposer].received.extend(cards)
    state.offers.remove(o)
    prune_offers(state)
    players = state.players
    if not cards:
        return [
            event(
                "{name} gives {give} to {partner}.",
                name=players[o.proposer].name,
                give=Cards(o.give),
                partner=players[partner].name,
            )
        ]
    if not o.give:
        return [
            event(
                "{partner} gives {give} to {name}.",
                name=players[o.proposer].name,
                give=Cards(cards),
                partner=players[partner].name,
            )
        ]
    return [
        event(
            "{name} trades {give} to {partner} for {take}.",
            name=players[o.proposer].name,
            give=Cards(o.give),
            partner=players[partner].name,
            take=Cards(cards),
        )
    ]


def accept(state: GameState, a: Accept) -> list[Event]:
    o = state.offer(a.offer)
    assert o is not None
    if o.to is not None:
        return execute(state, o, a.player, list(a.give))
    o.answers[a.player] = list(a.give)
    if not a.give:
        return [event("{name} accepts offer {id}.", name=state.players[a.player].name, id=o.id)]
    return [
        event(
            "{name} accepts offer {id}, giving {give}.",
            name=state.players[a.player].name,
            id=o.id,
            give=Cards(a.give),
        )
    ]


def check_decline(state: GameState, a: Decline) -> Refusal | None:
    o = _check_answerable(state, a.player, a.offer)
    return o if isinstance(o, Refusal) else None


def decline(state: GameState, a: Decline) -> list[Event]:
    o = state.offer(a.offer)
    assert o is not None
    o.declined.append(a.player)
    if len(o.declined) == len(o.addressees(len(state.players))):
        state.offers.remove(o)
    return [event("{name} declines offer {id}.", name=state.players[a.player].name, id=o.id)]


def _own_offer(state: GameState, player: int, offer_id: int, msgid: str) -> Offer | Refusal:
    """An open offer made by ``player`` (``msgid`` says why another player can't act on it)."""
    r = check_player(state, player) or _check_phase(state)
    if r:
        return r
    o = _open_offer(state, offer_id)
    if isinstance(o, Refusal) or o.proposer == player:
        return o
    return refuse("R-BASE-8", msgid, id=o.id)


def check_confirm(state: GameState, a: Confirm) -> Refusal | None:
    o = _own_offer(state, a.player, a.offer, N_("only the player who made offer {id} confirms it"))
    if isinstance(o, Refusal):
        return o
    if a.partner not in o.answers:
        return refuse("R-BASE-8", "that player has not accepted offer {id}", id=o.id)
    if not all(available(state, a.partner, c) for c in o.answers[a.partner]):
        return refuse("R-BASE-8", "the cards of that answer are no longer there")
    return _check_still_there(state, o)


def confirm(state: GameState, a: Confirm) -> list[Event]:
    o = state.offer(a.offer)
    assert o is not None
    return execute(state, o, a.partner, o.answers[a.partner])


def check_withdraw(state: GameState, a: Withdraw) -> Refusal | None:
    o = _own_offer(
        state, a.player, a.offer, N_("only the player who made offer {id} can withdraw it")
    )
    return o if isinstance(o, Refusal) else None


def withdraw(state: GameState, a: Withdraw) -> list[Event]:
    o = state.offer(a.offer)
    assert o is not None
    state.offers.remove(o)
    return [event("{name} withdraws offer {id}.", name=state.players[a.player].name, id=o.id)]


def prune_offers(state: GameState) -> None:
    """Drop offers and answers whose cards have moved on (a trade, a keep, a Kontor move)."""
    for o in state.offers[:]:
        if not all(available(state, o.proposer, c) for c in o.give):
            state.offers.remove(o)
            continue
        for p, cards in list(o.answers.items()):
            if not all(available(state, p, c) for c in cards):
                del o.answers[p]
