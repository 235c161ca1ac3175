"""A plain-text picture of a position, as one player sees it (``bohnanza show``).

It is drawn from ``rules.view``, so a hand is shown only to its owner (D-9);
positions use the command notation (h1, f1, A1.2, k), so what is printed can
be typed back.
"""

from __future__ import annotations

from collections import Counter

from .i18n import _
from .rules import pending_players, standings, view
from .rules.data import setup_for
from .rules.params import bean_name, count_of
from .rules.state import HIDDEN, KIND_OF, GameState, Holding, Mode, Offer, Phase, Player


def _phase(phase: Phase) -> str:
    texts = {
        Phase.CHOOSE_ISLAND: _("choosing the island"),
        Phase.PLANT: _("phase 1, planting"),
        Phase.TRADE: _("phase 2, trading"),
        Phase.PLANT_TRADED: _("phase 3, planting traded beans"),
        Phase.GAME_OVER: _("the game is over"),
    }
    return texts[phase]


def beans(cards: list[int]) -> str:
    """``2 chili, 1 blue`` for a pile, in the order the kinds first appear."""
    if not cards:
        return _("empty")
    counts = Counter(KIND_OF[c] for c in cards if c != HIDDEN)
    hidden = sum(1 for c in cards if c == HIDDEN)
    parts = [count_of(n, k) for k, n in counts.items()]
    if hidden:
        parts.append(_("{n} hidden").format(n=hidden))
    return ", ".join(parts)


def describe_position(state: GameState, player: int | None = None) -> str:
    """The position as ``player`` sees it (None: an onlooker, who sees no hand)."""
    seen = view(state, player)
    lines = [_header(seen), _who_acts(seen), *_table(seen)]
    for p in range(len(seen.players)):
        lines += _player(seen, p, p == player)
    return "\n".join(lines)


def _header(state: GameState) -> str:
    mode = _("Bohn Voyage") if state.mode is Mode.VOYAGE else _("Bohnanza")
    name = state.players[state.active].name
    return _("{mode}, turn {turn}: {name}'s turn, {phase}.").format(
        mode=mode, turn=state.turn, name=name, phase=_phase(state.phase)
    )


def _who_acts(state: GameState) -> str:
    """Who must act now, or the result (R-BASE-18) once the game is over."""
    if state.over:
        places = [
            _("{rank}. {name}: {coins} coins, {cards} cards in hand").format(
                rank=s.rank, name=state.players[s.player].name, coins=s.coins, cards=s.hand
            )
            for s in standings(state)
        ]
        return _("Result: {places}.").format(places="; ".join(places))
    names = [state.players[p].name for p in pending_players(state)]
    return _("Waiting for: {names}.").format(names=", ".join(names))


def _table(state: GameState) -> list[str]:
    s = setup_for(state.mode.value, len(state.players))
    limit = s.exhaustion_limit
    lines = [
        _(
            "Deck {deck} cards, discard pile {discard}; the deck has run out {count} of {limit} times."
        ).format(
            deck=len(state.deck), discard=len(state.discard), count=state.exhaustions, limit=limit
        )
    ]
    if state.mode is Mode.VOYAGE and state.phase is not Phase.CHOOSE_ISLAND:
        if state.turn_island < len(state.players):
            island = _("{name}'s home").format(name=state.players[state.turn_island].name)
        else:
            island = state.islands[state.turn_island].name
        lines.append(_("This turn's beans go to {island}.").format(island=island))
    if state.face_up:
        cards = ", ".join(f"f{i + 1} {bean_name(KIND_OF[c])}" for i, c in enumerate(state.face_up))
        lines.append(_("Face up: {cards}.").format(cards=cards))
    if state.offered:  # R-DUEL-4 step 1
        cards = ", ".join(f"f{i + 1} {bean_name(KIND_OF[c])}" for i, c in enumerate(state.offered))
        lines.append(
            _("On offer to {name}: {cards}.").format(
                name=state.players[state.active].name, cards=cards
            )
        )
    if s.duel and state.discard:  # its top decides what joins the turned-up cards (R-DUEL-4)
        top = bean_name(KIND_OF[state.discard[-1]])
        lines.append(_("Top of the discard pile: {bean}.").format(bean=top))
    for o in state.offers:
        lines.append(_offer(state, o))
    return lines


def _offer(state: GameState, o: Offer) -> str:
    names = [p.name for p in state.players]
    to = names[o.to] if o.to is not None else _("everyone")
    want = ", ".join(bean_name(k) for k in o.want) or _("nothing")
    line = _("Offer {id}: {name} gives {give} to {to} for {want}.").format(
        id=o.id, name=names[o.proposer], give=beans(o.give), to=to, want=want
    )
    if o.answers:
        line += " " + _("Accepted by {names}.").format(names=", ".join(names[p] for p in o.answers))
    return line


def _player(state: GameState, p: int, own: bool) -> list[str]:
    pl = state.players[p]
    marker = "*" if p == state.active else " "
    lines = [
        _("{marker} {name} (seat {seat}): {coins} coins, {cards} cards in hand").format(
            marker=marker, name=pl.name, seat=p + 1, coins=len(pl.coins), cards=len(pl.hand)
        )
    ]
    if own and pl.hand:
        hand = ", ".join(f"h{i + 1} {bean_name(KIND_OF[c])}" for i, c in enumerate(pl.hand))
        lines.append("    " + _("hand: {cards}").format(cards=hand))
    for h in pl.holdings:
        lines.append("    " + _holding(state, p, h))
    lines += _extras(state, p, pl)
    return lines


def _holding(state: GameState, p: int, h: Holding) -> str:
    prefix = "" if h.island == p else f"{state.islands[h.island].name}."
    where = _("home") if h.island == p else state.islands[h.island].name
    parts = [f"{prefix}{s + 1}: {beans(f)}" for s, f in enumerate(h.fields)]
    if h.kontor_cap:
        parts.append(f"{prefix}k: {beans(h.kontor)} (/{h.kontor_cap})")
    return f"{where}: " + "; ".join(parts)


def _extras(state: GameState, p: int, pl: Player) -> list[str]:
    lines = []
    if pl.kept or pl.received:
        lines.append(
            "    "
            + _("waiting to be planted: kept {kept}; received {received}").format(
                kept=beans(pl.kept), received=beans(pl.received)
            )
        )
    if state.mode is Mode.VOYAGE:
        ships = [
            _("ship {n} at {island} ({cargo})").format(
                n=i + 1,
                island=_("home") if s.island == p else state.islands[s.island].name,
                cargo=beans(s.cargo),
            )
            for i, s in enumerate(state.ships[j] for j in state.ships_of(p))
        ]
        lines.append("    " + "; ".join(ships))
        store = _("pirate store: {beans}").format(beans=beans(pl.store))
        if pl.pirate_ship:
            store += "; " + _("pirate ship")
        lines.append("    " + store)
    return lines
