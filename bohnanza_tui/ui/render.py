"""The table as text: pure functions from a player's view to Textual ``Content``.

Widgets call these with ``rules.view(state, viewer)``, never with the full
state, so a hand that is not the viewer's can only ever render as its size.
Beans are told apart by a glyph and their name; colours come from the theme's
variables, so they follow the theme and vanish cleanly under ``NO_COLOR``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from textual.content import Content

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import HIDDEN, KIND_OF, KONTOR, GameState, Mode, Phase
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import KINDS, SALE_TABLES, next_coin_needs
from bohnanza_tui.rules.outcome import bean_name
from bohnanza_tui.rules.state import IslandType, Offer

#: one single-width glyph per kind, in the order of ``data.KINDS``
GLYPHS: dict[str, str] = {
    "coffee": "♣",
    "wax": "○",
    "blue": "◆",
    "chili": "♥",
    "stink": "✱",
    "green": "♠",
    "soy": "■",
    "black-eyed": "◉",
    "red": "▲",
    "garden": "✿",
    "cocoa": "◒",
}

#: theme variables per kind: the colour follows the theme, the glyph and name tell the kind
STYLES: dict[str, str] = {
    "coffee": "$text-warning",
    "wax": "$foreground",
    "blue": "$text-primary",
    "chili": "$text-error",
    "stink": "$text-secondary",
    "green": "$text-success",
    "soy": "$text-accent",
    "black-eyed": "$foreground-muted",
    "red": "bold $text-error",
    "garden": "bold $text-success",
    "cocoa": "bold $text-warning",
}

PHASE_NAMES = {
    Phase.CHOOSE_ISLAND: "Choose the island",
    Phase.PLANT: "Phase 1 · plant",
    Phase.TRADE: "Phase 2 · trade",
    Phase.PLANT_TRADED: "Phase 3 · plant traded beans",
    Phase.GAME_OVER: "Game over",
}


def glyph(kind: int) -> str:
    return GLYPHS.get(KINDS[kind], "?")


def bean(kind: int, count: int | None = None) -> Content:
    """``♣ coffee`` (or ``3 × ♣ coffee``) in the kind's theme colour."""
    key = KINDS[kind]
    text = f"{glyph(kind)} {bean_name(kind)}"
    if count is not None:
        text = f"{count} × {text}"
    return Content.styled(text, STYLES.get(key, ""))


def card(card_id: int) -> Content:
    if card_id == HIDDEN:
        return Content.styled("▒ ?", "$foreground-muted")
    return bean(KIND_OF[card_id])


def cards_summary(cards: Iterable[int]) -> Content:
    """``2 × ♣ coffee, 1 × ○ wax`` in kind order; ``nothing`` for none."""
    counts = Counter(KIND_OF[c] for c in cards if c != HIDDEN)
    if not counts:
        return Content(_("nothing"))
    return Content(", ").join(bean(k, n) for k, n in sorted(counts.items()))


def kinds_summary(kinds: Iterable[int]) -> Content:
    counts = Counter(kinds)
    if not counts:
        return Content(_("nothing"))
    return Content(", ").join(bean(k, n) for k, n in sorted(counts.items()))


def island_type(state: GameState, island: int) -> str:
    return state.islands[island].type.value


def place_name(state: GameState, player: int, island: int, slot: int) -> str:
    """``field 2``, ``Kontor``, ``A1 field 1``: where a bean goes, as players say it."""
    where = "" if island == player else f"{state.islands[island].name} "
    if slot == KONTOR:
        return where + _("Kontor")
    return where + _("field {n}").format(n=slot + 1)


def field_line(state: GameState, player: int, island: int, slot: int) -> Content:
    """``2: ♣ coffee ×5 · sells 1 · 2 more → 2``: a field and what it is worth now."""
    holding = state.players[player].holding(island)
    assert holding is not None
    f = holding.fields[slot]
    label = Content.styled(f"{slot + 1}:", "bold")
    if not f:
        return Content.assemble(label, " ", (_("empty"), "$foreground-muted"))
    kind, n = KIND_OF[f[0]], len(f)
    itype = island_type(state, island)
    coins = SALE_TABLES[itype][kind][n]
    need = next_coin_needs(itype, kind, n)
    if need is None:
        nxt = _("top price")
    else:
        # as printed on the card's beanometer: at this many beans, this many coins
        nxt = _("next {beans}→{coins}").format(
            beans=n + need, coins=SALE_TABLES[itype][kind][n + need]
        )
    return Content.assemble(
        label,
        " ",
        bean(kind),
        (f" ×{n}", "bold"),
        (f" = {coins}", "bold $text-warning"),
        (f" · {nxt}", "$foreground-muted"),
    )


def kontor_line(state: GameState, cards: Sequence[int], cap: int) -> Content:
    if not cards:
        inside = Content.styled(_("empty"), "$foreground-muted")
    else:
        inside = Content(" ").join(card(c) for c in cards)
    return Content.assemble(_("Kontor"), f" {len(cards)}/{cap}: ", inside)


def _coin_word(n: int) -> str:
    return _("{n} coins").format(n=n) if n != 1 else _("1 coin")


def player_panel(state: GameState, player: int, viewer: int | None) -> Content:
    """Everything public about one player (and the size of the hand, never its cards)."""
    p = state.players[player]
    lines: list[Content] = []
    lines.append(
        Content.assemble(
            ("◎ ", "$text-warning"),
            (_coin_word(len(p.coins)), "bold"),
            "  ",
            _("hand {n}").format(n=len(p.hand)),
        )
    )
    home = p.holdings[0]
    for slot in range(len(home.fields)):
        line = field_line(state, player, home.island, slot)
        if player == viewer:
            line = line.stylize(f"@click=screen.field({home.island},{slot})")
        lines.append(line)
    if state.mode is Mode.VOYAGE:
        lines.append(kontor_line(state, home.kontor, home.kontor_cap))
        colonies = [state.islands[h.island].name for h in p.holdings[1:]]
        if colonies:
            lines.append(Content(_("Harbors: {names}").format(names=", ".join(colonies))))
        for i in state.ships_of(player):
            lines.append(ship_line(state, i))
        store = (
            Content(" ").join(card(c) for c in p.store)
            if p.store
            else Content.styled(_("empty"), "$foreground-muted")
        )
        lines.append(Content.assemble(_("Pirate store: "), store))
        if p.pirate_ship:
            lines.append(Content.styled("☠ " + _("pirate ship"), "bold"))
    waiting = p.kept + p.received
    if waiting:
        lines.append(
            Content.assemble(
                (_("to plant: "), "bold"),
                cards_summary(waiting),
            )
        )
    return Content("\n").join(lines)


def ship_line(state: GameState, ship: int) -> Content:
    s = state.ships[ship]
    where = state.islands[s.island]
    at = _("home") if where.type is IslandType.HOME else where.name
    cargo = (
        Content.assemble(bean(KIND_OF[s.cargo[0]]), f" ×{len(s.cargo)}")
        if s.cargo
        else Content.styled(_("empty"), "$foreground-muted")
    )
    sailed = Content.styled(" " + _("(sailed)"), "$foreground-muted") if s.sailed else Content("")
    return Content.assemble(
        ("▸ ", "bold"), _("Ship {n} at {at}: ").format(n=ship + 1, at=at), cargo, sailed
    )


def panel_title(state: GameState, player: int, viewer: int | None) -> Content:
    p = state.players[player]
    parts: list[Content | str | tuple[str, str]] = [(p.name, "bold")]
    if player == state.active and not state.over:
        parts.append(("  ★ " + _("turn"), "bold $text-accent"))
    if player == viewer:
        parts.append(("  ⌨ " + _("you"), "$text-success"))
    return Content.assemble(*parts)


def island_block(state: GameState, island: int) -> Content:
    """One colony island: type, both harbors with owners, their fields and Kontors, ships, blockades."""
    isl = state.islands[island]
    head = Content.assemble(
        (f"{isl.name}", "bold"),
        (" " + _("type {t}").format(t=isl.type.value), "$foreground-muted"),
    )
    lines = [head]
    for owner in isl.harbors:
        if owner is None:
            lines.append(Content.styled("  ⚑ " + _("free harbor"), "$foreground-muted"))
            continue
        h = state.players[owner].holding(island)
        assert h is not None
        parts: list[Content] = []
        for slot, f in enumerate(h.fields):
            inside = (
                Content.assemble(bean(KIND_OF[f[0]]), f" ×{len(f)}")
                if f
                else Content.styled(_("empty"), "$foreground-muted")
            )
            parts.append(Content.assemble(f"{slot + 1}: ", inside))
        kontor = (
            Content(" ").join(card(c) for c in h.kontor)
            if h.kontor
            else Content.styled(_("empty"), "$foreground-muted")
        )
        parts.append(Content.assemble(_("Kontor") + ": ", kontor))
        lines.append(
            Content.assemble(
                "  ⚑ ", (state.players[owner].name, "bold"), " · ", Content(" · ").join(parts)
            )
        )
    ships = [i for i, s in enumerate(state.ships) if s.island == island]
    if ships:
        lines.append(
            Content.assemble(
                "  ",
                Content(", ").join(
                    Content.assemble(
                        "▸",
                        state.players[state.ships[i].owner].name,
                        f" #{i + 1}",
                        (
                            Content.assemble(
                                " ", card(state.ships[i].cargo[0]), f"×{len(state.ships[i].cargo)}"
                            )
                            if state.ships[i].cargo
                            else ""
                        ),
                    )
                    for i in ships
                ),
            )
        )
    owners = [o for o in isl.harbors if o is not None]
    if len(owners) == 2:
        for o in owners:
            other = owners[1] if o == owners[0] else owners[0]
            if any(s.island == island and s.owner == other for s in state.ships):
                lines.append(
                    Content.styled(
                        "  ⊘ "
                        + _("blockade: {name} can't sail in alone").format(
                            name=state.players[o].name
                        ),
                        "$text-error",
                    )
                )
    return Content("\n").join(lines)


def island_map(state: GameState) -> Content:
    colonies = [i for i, isl in enumerate(state.islands) if isl.type is not IslandType.HOME]
    return Content("\n").join(island_block(state, i) for i in colonies)


def hand_row(state: GameState, viewer: int | None) -> Content:
    """The viewer's hand in its fixed order, the front card marked; nothing for an onlooker."""
    if viewer is None:
        return Content.styled(_("Hands are hidden."), "$foreground-muted")
    p = state.players[viewer]
    title = Content.styled(_("{name}'s hand").format(name=p.name) + ": ", "bold")
    if not p.hand:
        return Content.assemble(title, (_("empty"), "$foreground-muted"))
    parts: list[Content] = []
    for i, c in enumerate(p.hand):
        chip = Content.assemble((f"{i + 1}", "bold"), " ", card(c))
        if i == 0:
            chip = Content.assemble(("▶", "bold $text-accent"), chip, (" " + _("(front)"), "bold"))
            if viewer == state.active and state.phase is Phase.PLANT:
                chip = chip.stylize("@click=screen.plant")
        parts.append(chip)
    return Content.assemble(title, Content("  ").join(parts))


def pending_row(cards: Sequence[int], selected: int, kept: set[int]) -> Content:
    """Cards waiting to be planted (phase 3), the selected one highlighted."""
    parts: list[Content] = []
    for i, c in enumerate(cards):
        chip = Content.assemble((f"{i + 1}", "bold"), " ", card(c))
        if c in kept:
            chip = Content.assemble(chip, (" " + _("(kept)"), "$foreground-muted"))
        chip = chip.stylize(f"@click=screen.select_pending({i})")
        if i == selected:
            chip = Content.assemble(("[", "bold"), chip.stylize("reverse"), ("]", "bold"))
        else:
            chip = Content.assemble(" ", chip, " ")
        parts.append(chip)
    return Content.assemble((_("To plant") + ": ", "bold"), Content(" ").join(parts))


def face_up_row(state: GameState) -> Content:
    if state.phase is not Phase.TRADE:
        return Content("")
    if not state.face_up:
        return Content.styled(_("Face-up cards: none left"), "$foreground-muted")
    chips = [card(c).stylize(f"@click=screen.keep({c})") for c in state.face_up]
    return Content.assemble((_("Face up") + ": ", "bold"), Content("   ").join(chips))


def offer_line(state: GameState, o: Offer) -> Content:
    players = state.players
    to = players[o.to].name if o.to is not None else _("everyone")
    head = Content.assemble(
        (f"#{o.id} ", "bold"), (players[o.proposer].name, "bold"), " → ", (to, "bold"), ": "
    )
    if o.want:
        body = Content.assemble(
            _("gives "), cards_summary(o.give), _(" for "), kinds_summary(o.want)
        )
    else:
        body = Content.assemble(_("gift of "), cards_summary(o.give))
    lines = [Content.assemble(head, body)]
    for p, cards in o.answers.items():
        lines.append(
            Content.assemble("   ✓ ", players[p].name, _(" would give "), cards_summary(cards))
        )
    for p in o.declined:
        lines.append(Content.assemble("   ✗ ", players[p].name, _(" declined")))
    waiting = [
        players[p].name
        for p in o.addressees(len(players))
        if p not in o.answers and p not in o.declined
    ]
    if waiting:
        lines.append(
            Content.styled(
                "   … " + _("waiting for {names}").format(names=", ".join(waiting)),
                "$foreground-muted",
            )
        )
    return Content("\n").join(lines)


def offers_block(state: GameState) -> Content:
    if not state.offers:
        return Content("")
    return Content("\n").join(offer_line(state, o) for o in state.offers)


def expected(state: GameState, actor: int | None) -> str:
    """What the game waits for now, in words (a description, never a rule check)."""
    if state.over:
        return _("The game is over.")
    name = state.players[state.active].name
    if actor is not None and actor != state.active:
        who = state.players[actor].name
        if state.phase is Phase.TRADE:
            return _("{who} answers an offer.").format(who=who)
        return _("{who} plants the beans they received.").format(who=who)
    if state.phase is Phase.CHOOSE_ISLAND:
        from bohnanza_tui.rules.voyage import rotation_due

        kind, _islands = rotation_due(state, state.active)
        return _("{name} chooses an island of type {t} for this turn (i).").format(
            name=name, t=kind.value
        )
    if state.phase is Phase.PLANT:
        hand = state.players[state.active].hand
        if state.planted == 0 and hand:
            return _("{name} plants the front card of the hand (p).").format(name=name)
        if state.planted == 1 and hand:
            return _("{name} may plant the next card (p) or turn up two cards (e).").format(
                name=name
            )
        return _("{name} turns up two cards (e).").format(name=name)
    if state.phase is Phase.TRADE:
        return _("{name} trades (t), donates (d), keeps (k); e ends trading.").format(name=name)
    if state.phase is Phase.PLANT_TRADED:
        p = state.players[state.active]
        if p.kept or p.received:
            return _("{name} plants the kept and traded beans (p).").format(name=name)
        return _("{name} draws and ends the turn (e).").format(name=name)
    return ""


def status_line(state: GameState, actor: int | None) -> Content:
    s = setup(state)
    phase = _(PHASE_NAMES[state.phase])
    top = Content.assemble(
        (_("Turn {n}").format(n=state.turn), "bold"),
        " · ",
        (state.players[state.active].name, "bold $text-accent"),
        " · ",
        (phase, "bold"),
        "   ",
        _("Deck {n}").format(n=len(state.deck)),
        " · ",
        _("Discard {n}").format(n=len(state.discard)),
        " · ",
        _("Deck run out {n} of {limit}").format(n=state.exhaustions, limit=s.exhaustion_limit),
    )
    if state.mode is Mode.VOYAGE and state.phase is not Phase.GAME_OVER:
        isl = state.islands[state.turn_island]
        where = _("home") if isl.type is IslandType.HOME else isl.name
        top = Content.assemble(top, " · ", _("planting on {island}").format(island=where))
    return Content.assemble(top, "\n", ("➜ " + expected(state, actor), "$text-success"))
