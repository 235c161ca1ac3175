"""The Bean Duel: classic Bohnanza for two players (RULES.md section 5).

The engine plays the duel with the base turn and asks this module where the
duel differs (``setup(state).duel``):

- step 1 (R-DUEL-4): the cards the opponent left on offer (``state.offered``)
  are planted or discarded before anything else; the engine's phase is still
  ``PLANT``, and ``check_plant`` here says which cards may be planted;
- step 2: after phase 1, one ``Discard`` of a hand card from any position
  (``state.discarded`` remembers it);
- step 3: the engine turns up ``setup.turn_up`` cards (phase ``TRADE``, no
  trading: R-DUEL-2); ``match_discard`` adds the discard pile's matching top
  cards once (D-12); the active player plants any of them, and ``leave_on_offer``
  puts the rest on offer to the opponent;
- step 4: the engine's draw (``setup.draw`` cards); the game ends at the first
  run-out (R-DUEL-5, D-11: ``exhaustion_limit`` 1, so there is no reshuffle),
  and ``discard_offered`` clears the offer at the end (R-DUEL-6).
"""

from __future__ import annotations

from typing import Final

from ..i18n import N_
from .actions import Discard, Plant
from .common import check_player, event, refuse, setup
from .outcome import Event, Refusal
from .params import Row
from .state import KIND_OF, PLANT, TRADE, GameState

OFFERED_FIRST: Final = Refusal(
    "R-DUEL-4", N_("first plant or discard every bean left on offer to you"), {}
)


def check_plant(state: GameState, a: Plant) -> Refusal | None:
    """Which card the active player may plant in steps 1, 2 (after the discard) and 3."""
    if state.phase is TRADE:
        if a.player != state.active:
            return refuse(
                "R-DUEL-4",
                "only {name} plants the turned-up beans",
                name=state.players[state.active].name,
            )
        if a.card not in state.face_up:
            return refuse("R-DUEL-4", "now you plant only beans you turned up")
        return None
    if state.offered:
        if a.card not in state.offered:
            return OFFERED_FIRST
        return None
    return refuse("R-DUEL-4", "you have discarded a card: phase 1 is over")


def check_discard(state: GameState, a: Discard) -> Refusal | None:
    r = check_player(state, a.player)
    if r:
        return r
    if not setup(state).duel:
        return refuse("R-DUEL-4", "only in the game of two players are hand cards discarded")
    if a.player != state.active:
        return refuse(
            "R-DUEL-4",
            "only {name}, whose turn it is, can discard now",
            name=state.players[state.active].name,
        )
    if a.card in state.offered:
        return None
    if state.offered:
        return OFFERED_FIRST
    if a.card not in state.players[a.player].hand:
        return refuse("R-DUEL-4", "that card is neither in your hand nor on offer to you")
    if state.phase is not PLANT:
        return refuse(
            "R-DUEL-4", "a hand card is discarded after phase 1, before the cards are turned up"
        )
    if state.planted == 0:
        return refuse("R-BASE-6", "plant the front card of your hand first")
    if state.discarded:
        return refuse("R-DUEL-4", "you have discarded a card this turn already")
    return None


def discard(state: GameState, a: Discard) -> list[Event]:
    name = state.players[a.player].name
    state.discard.append(a.card)
    if a.card in state.offered:
        state.offered.remove(a.card)
        return [event("{name} discards the offered {bean}.", name=name, bean=KIND_OF[a.card])]
    state.players[a.player].hand.remove(a.card)
    state.discarded = True
    return [event("{name} discards {bean} from the hand.", name=name, bean=KIND_OF[a.card])]


def match_discard(state: GameState, events: list[Event]) -> None:
    """Step 3, once, right after the cards are turned up (D-12): while the discard
    pile's top card is of a turned-up kind, it joins the turned-up cards."""
    kinds = [KIND_OF[c] for c in state.face_up]
    moved: list[int] = []
    while state.discard and KIND_OF[state.discard[-1]] in kinds:
        card = state.discard.pop()
        moved.append(card)
        state.face_up.append(card)
    if moved:
        events.append(event("From the discard pile: {cards}.", cards=Row(moved)))


def leave_on_offer(state: GameState, events: list[Event]) -> None:
    """End of step 3: what the active player did not plant is on offer to the opponent."""
    state.offered = state.face_up
    state.face_up = []
    if state.offered:
        events.append(
            event(
                "Left on offer to {name}: {cards}.",
                name=state.players[(state.active + 1) % len(state.players)].name,
                cards=Row(state.offered),
            )
        )


def discard_offered(state: GameState, events: list[Event]) -> None:
    """At the end of the game the cards on offer count for nobody (R-DUEL-6, D-11)."""
    if state.offered:
        events.append(event("The beans on offer are discarded: {cards}.", cards=Row(state.offered)))
        state.discard.extend(state.offered)
        state.offered = []
