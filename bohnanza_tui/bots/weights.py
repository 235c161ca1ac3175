"""The numbers the basic level's judgement rests on, in one place.

``Weights`` holds every tunable figure of ``evaluate.player_value`` (how a
position is valued) and of ``basic.Policy`` (when it trades, plants, buys).
``DEFAULT`` is what every bot uses unless given other weights
(``make_bot("basic", weights=...)``); ``scripts/tune_basic.py`` fits them
by self-play (``want_min`` and ``kontor_bean`` are fitted, the rest as first
set). All values are in coins unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Weights:
    # -- evaluation (evaluate.py) --------------------------------------------------
    #: the chance-like factor per further bean a field still needs: base + per card of the kind
    discount_base: float = 0.45
    discount_per_card: float = 0.015
    #: a forced harvest wastes beans and a turn's growth beyond what the potentials show
    forced_penalty: float = 1.5
    #: a field's potential beyond its sale value fades out over this many own turns at the end
    late_turns: float = 3.0
    #: hand cards still planted per own turn near the end (6 turns or fewer left)
    hand_per_turn: float = 1.6
    #: a bean in a Kontor or on a ship, and one in the pirate store (Bohn Voyage);
    #: kontor_bean fitted by self-play (0.3 before, docs/BOTS.md)
    kontor_bean: float = 0.15
    store_bean: float = 0.15
    # -- decisions (basic.py) ------------------------------------------------------
    #: a swap offered to it is accepted when it raises its value by more than this
    accept_min: float = 0.25
    #: a gift is accepted unless it lowers the value by more than this (a bean costs nothing)
    gift_min: float = 0.0
    #: a gift that can be planted without loss (each bean onto a field of its kind or an
    #: empty field) is judged with only this many of the hand's front cards: the ones the
    #: next own turn must plant (the rest of the hand may still be traded away). So a free
    #: bean for an empty field is declined only when the front card then forces a harvest
    gift_hand: int = 1
    #: a card is offered away when losing it raises its value by more than this
    give_away_min: float = 0.2
    #: a swap asks for the kind whose bean raises its value most, if by more than this
    #: (fitted by self-play: 0.3 before)
    want_min: float = 0.15
    #: offers a turn, and players an offered card goes to as a gift, one after the other
    max_offers: int = 6
    targets: int = 2
    #: the third field is bought only with more than this many own turns left
    field_turns: float = 3.0
    #: a harbor is bought only with more than this many own turns left (Bohn Voyage)
    harbor_turns: float = 4.0
    #: the Bean Duel: a bean on offer or turned up is planted when it adds this much ...
    duel_plant_min: float = 0.05
    #: ... counting, for a turned-up bean, this share of what it would be worth to the
    #: opponent if left on offer (R-DUEL-4 step 3)
    deny: float = 0.5

    def changed(self, other: Weights) -> dict[str, tuple[object, object]]:
        """The weights that differ from ``other``: name -> (other's, this one's)."""
        out: dict[str, tuple[object, object]] = {}
        for f in fields(self):
            a, b = getattr(other, f.name), getattr(self, f.name)
            if a != b:
                out[f.name] = (a, b)
        return out


#: the weights every bot uses unless told otherwise
DEFAULT = Weights()
