"""The table as text: pure functions from a player's view to Textual ``Content``.

Widgets call these with ``rules.view(state, viewer)``, never with the full
state, so a hand that is not the viewer's can only ever render as its size.
Beans are told apart by a glyph and their name; colours come from the theme's
variables, so they follow the theme and vanish cleanly under ``NO_COLOR``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from rich.cells import cell_len
from textual.content import Content

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.rules import HIDDEN, KIND_OF, KONTOR, GameState, Mode, Phase
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import CARD_COUNTS, ISLAND_METERS, KINDS, SALE_TABLES, next_coin_needs
from bohnanza_tui.rules.params import bean_name
from bohnanza_tui.rules.state import IslandType, Offer
from bohnanza_tui.rules.trading import awaited
from bohnanza_tui.rules.voyage import ship_number

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
    Phase.CHOOSE_ISLAND: N_("Choose the island"),
    Phase.PLANT: N_("Phase 1 · plant"),
    Phase.TRADE: N_("Phase 2 · trade"),
    Phase.PLANT_TRADED: N_("Phase 3 · plant traded beans"),
    Phase.GAME_OVER: N_("Game over"),
}
#: the Bean Duel's steps (R-DUEL-4) where they differ from the phases
DUEL_STEP_NAMES = {
    "offered": N_("Step 1 · beans on offer"),
    Phase.PLANT: N_("Step 2 · plant, discard"),
    Phase.TRADE: N_("Step 3 · turned-up beans"),
}


def phase_name(state: GameState) -> str:
    """The phase, or in the Bean Duel the step (R-DUEL-4), as shown."""
    if setup(state).duel:
        step = DUEL_STEP_NAMES.get("offered" if state.offered else state.phase)
        if step is not None:
            return _(step)
    return _(PHASE_NAMES[state.phase])


def pad(text: str, width: int) -> str:
    """``text`` filled with spaces to ``width`` terminal cells (wide letters count double)."""
    return text + " " * max(0, width - cell_len(text))


def flow(
    chips: Sequence[Content], width: int | None, sep: str = "  ", indent: int = 0
) -> list[Content]:
    """Chips in lines of at most ``width`` cells, a chip never split over two lines.

    A line after the first starts with ``indent`` spaces; a chip wider than a
    whole line gets a line of its own (the widget wraps that one). ``None``:
    everything on one line.
    """
    rows: list[list[Content]] = []
    used = 0
    for chip in chips:
        if rows and (width is None or used + len(sep) + chip.cell_length <= width):
            rows[-1].append(chip)
            used += len(sep) + chip.cell_length
        else:
            rows.append([chip])
            used = (indent if len(rows) > 1 else 0) + chip.cell_length
    return [
        Content.assemble(" " * (indent if i else 0), Content(sep).join(row))
        for i, row in enumerate(rows)
    ] or [Content("")]


def columns(
    left: Sequence[Content], right: Sequence[Content], width: int, gap: int = 3
) -> list[Content] | None:
    """Two columns of lines side by side, or ``None`` when they don't fit ``width`` cells."""
    if not right:
        return list(left)
    lw = max((c.cell_length for c in left), default=0)
    rw = max((c.cell_length for c in right), default=0)
    if lw + gap + rw > width:
        return None
    out = []
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else Content("")
        b = right[i] if i < len(right) else Content("")
        out.append(Content.assemble(a.pad_right(lw + gap - a.cell_length), b))
    return out


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


def field_line(
    state: GameState, player: int, island: int, slot: int, *, brief: bool = False
) -> Content:
    """``2: ♣ coffee ×5 = 1 ›7→2``: a field, what it sells for now and the next step (7 sell for 2).

    ``brief`` leaves the next step out (the wide panel shows the whole beanometer).
    """
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
    if brief:
        return Content.assemble(
            label, " ", bean(kind), (f" ×{n}", "bold"), (f" = {coins}", "bold $text-warning")
        )
    if need is None:
        nxt = " " + _("(top)")
    else:
        # the next step of the card's beanometer: at this many beans, this many coins
        nxt = f" ›{n + need}→{SALE_TABLES[itype][kind][n + need]}"
    return Content.assemble(
        label,
        " ",
        bean(kind),
        (f" ×{n}", "bold"),
        (f" = {coins}", "bold $text-warning"),
        (nxt, "$foreground-muted"),
    )


def beanometer(itype: str, kind: int, n: int | None = None) -> Content:
    """``4→1 7→2 9→3 11→4`` as printed on the card; the steps ``n`` beans reach in bold, the next one marked ›."""
    meter = ISLAND_METERS[itype][kind]
    steps: list[Content] = []
    marked = False
    for coins, beans in enumerate(meter, 1):
        if beans is None:
            steps.append(Content.styled(f"{'–':>5}", "$foreground-muted"))
            continue
        text = f"{beans}→{coins}"
        if n is not None and n >= beans:
            steps.append(Content.styled(f"{text:>5}", "bold"))
        elif n is not None and not marked:
            marked = True
            steps.append(Content.styled(f"{'›' + text:>5}", "bold $text-accent"))
        else:
            steps.append(Content.styled(f"{text:>5}", "$foreground-muted" if n is not None else ""))
    return Content(" ").join(steps)


def kontor_line(state: GameState, cards: Sequence[int], cap: int, names: bool = True) -> Content:
    if not cards:
        inside = Content.styled(_("empty"), "$foreground-muted")
    elif names:
        inside = Content(" ").join(card(c) for c in cards)
    else:  # the glyphs alone keep a full Kontor on one line of a small panel
        inside = Content("").join(
            Content.styled(glyph(KIND_OF[c]), STYLES.get(KINDS[KIND_OF[c]], "")) for c in cards
        )
    return Content.assemble(_("Kontor"), f" {len(cards)}/{cap}: ", inside)


def _coin_word(n: int) -> str:
    return _("{n} coins").format(n=n) if n != 1 else _("1 coin")


def _wide_field(state: GameState, player: int, island: int, slot: int, width: int) -> Content:
    """A field line padded to ``width``, then the whole beanometer of its bean on that island."""
    line = field_line(state, player, island, slot, brief=True)
    h = state.players[player].holding(island)
    assert h is not None
    f = h.fields[slot]
    if not f:
        return line
    meter = beanometer(island_type(state, island), KIND_OF[f[0]], len(f))
    return Content.assemble(line.pad_right(max(0, width - line.cell_length)), meter)


def store_lines(state: GameState, player: int, wide: bool) -> list[Content]:
    """The pirate store (one bean per kind) and the pirate ship, if bought."""
    p = state.players[player]
    if not p.store:
        inside = Content.styled(_("empty"), "$foreground-muted")
    elif wide:
        inside = Content(" ").join(card(c) for c in p.store)
    else:  # the glyphs alone: each kind has its own, and the line stays short
        inside = Content("").join(
            Content.styled(glyph(KIND_OF[c]), STYLES.get(KINDS[KIND_OF[c]], "")) for c in p.store
        )
    line = Content.assemble(_("Pirate store: "), inside)
    ship = Content.styled("☠ " + _("pirate ship"), "bold")
    if not p.pirate_ship:
        return [line]
    return [Content.assemble(ship, " · ", line)] if wide else [line, ship]


def labelled(
    label: Content, items: Sequence[Content], width: int | None, indent: int = 2
) -> list[Content]:
    """``label`` then the items, in lines of ``width`` that break between items only."""
    if not items:
        return [label]
    first = Content.assemble(label, items[0])
    return flow([first, *items[1:]], width, " ", indent)


def voyage_lines(state: GameState, player: int, width: int | None) -> list[Content]:
    """Kontor, colonies, ships, pirate store and ship in words (the beans by name), lines of ``width``."""
    p = state.players[player]
    home = p.holdings[0]
    kontor = Content.assemble(_("Kontor"), f" {len(home.kontor)}/{home.kontor_cap}: ")
    lines = labelled(
        kontor,
        [card(c) for c in home.kontor] or [Content.styled(_("empty"), "$foreground-muted")],
        width,
    )
    for h in p.holdings[1:]:
        lines += colony_line(state, player, h.island, width).split()
    for i in state.ships_of(player):
        lines.append(ship_line(state, i))
    store = [card(c) for c in p.store] or [Content.styled(_("empty"), "$foreground-muted")]
    lines += labelled(Content(_("Pirate store: ")), store, width)
    if p.pirate_ship:
        lines.append(Content.styled("☠ " + _("pirate ship"), "bold"))
    return lines


def colony_chips(state: GameState, player: int, island: int) -> list[Content]:
    """``⚑ B1``, each field with its next step by that island's beanometer, the Kontor there."""
    h = state.players[player].holding(island)
    assert h is not None
    parts = [Content.styled(f"⚑ {state.islands[island].name}", "bold")]
    parts += [field_line(state, player, island, s) for s in range(len(h.fields))]
    kontor = (
        Content(" ").join(card(c) for c in h.kontor)
        if h.kontor
        else Content.styled(_("empty"), "$foreground-muted")
    )
    parts.append(Content.assemble(_("Kontor") + " ", kontor))
    return parts


def colony_line(state: GameState, player: int, island: int, width: int | None = None) -> Content:
    """``⚑ B1 1: ♠ green ×3 = 2 ›4→3 · 2: empty · Kontor ○ wax``: a player's holding on a colony,
    each field with its next step by that island's beanometer (lines break between the parts)."""
    head, *parts = colony_chips(state, player, island)
    first = Content.assemble(head, " ", parts[0])
    return Content("\n").join(flow([first, *parts[1:]], width, " · ", 4))


def panel_signature(state: GameState, player: int, viewer: int | None) -> tuple[object, ...]:
    """Everything ``player_panel`` and ``panel_title`` read, cheaply: equal means the same panel."""
    p = state.players[player]
    holdings = tuple((h.island, tuple(map(tuple, h.fields)), tuple(h.kontor)) for h in p.holdings)
    ships = tuple((s.island, tuple(s.cargo), s.sailed) for s in state.ships if s.owner == player)
    return (
        len(p.coins), len(p.hand), holdings, ships, tuple(p.store), p.pirate_ship,
        tuple(p.kept), tuple(p.received), state.active, state.over, viewer,
    )  # fmt: skip


def _panel_head(state: GameState, player: int) -> Content:
    p = state.players[player]
    head = Content.assemble(
        ("◎ ", "$text-warning"),
        (_coin_word(len(p.coins)), "bold"),
        "  ",
        _("hand {n}").format(n=len(p.hand)),
    )
    colonies = [state.islands[h.island].name for h in p.holdings[1:]]
    if colonies:
        head = Content.assemble(head, "  ⚑ ", " ".join(colonies))
    return head


def _to_plant(state: GameState, player: int) -> list[Content]:
    p = state.players[player]
    waiting = p.kept + p.received
    if not waiting:
        return []
    return [Content.assemble((_("to plant: "), "bold"), cards_summary(waiting))]


def player_panel(
    state: GameState,
    player: int,
    viewer: int | None,
    *,
    wide: bool = False,
    width: int | None = None,
) -> Content:
    """Everything public about one player (and the size of the hand, never its cards).

    ``wide``: the larger panel of the person at the keyboard, with each field's
    whole beanometer and the beans of the pirate store by name. ``width`` (a
    small terminal): the lines fit that many cells; in Bohn Voyage the Kontor,
    colonies, ships and store stand beside the home fields where there is room.
    """
    if width is not None:
        return _fitted_panel(state, player, viewer, width)
    p = state.players[player]
    lines: list[Content] = [_panel_head(state, player)]
    home = p.holdings[0]
    width = 0
    if wide:  # the beanometers line up after the longest field
        briefs = [
            field_line(state, player, home.island, s, brief=True) for s in range(len(home.fields))
        ]
        width = max((b.cell_length for b in briefs), default=0) + 3
    for slot in range(len(home.fields)):
        if wide:
            line = _wide_field(state, player, home.island, slot, width)
        else:
            line = field_line(state, player, home.island, slot)
        if player == viewer:
            line = line.stylize(f"@click=screen.field({home.island},{slot})")
        lines.append(line)
    if state.mode is Mode.VOYAGE:
        lines.append(kontor_line(state, home.kontor, home.kontor_cap, names=wide))
        if wide:  # the colonies as well: everything of this player in one place
            lines += [colony_line(state, player, h.island) for h in p.holdings[1:]]
        for i in state.ships_of(player):
            lines.append(ship_line(state, i))
        lines += store_lines(state, player, wide)
    lines += _to_plant(state, player)
    return Content("\n").join(lines)


def _fitted_panel(state: GameState, player: int, viewer: int | None, width: int) -> Content:
    """The panel of the person at the keyboard on a small terminal: all of it, in ``width`` cells."""
    p = state.players[player]
    home = p.holdings[0]
    slots = range(len(home.fields))
    left = [_panel_head(state, player)]
    fields = [field_line(state, player, home.island, s) for s in slots]
    if state.mode is Mode.CLASSIC:  # the whole beanometer of each field, where it fits
        column = max(
            field_line(state, player, home.island, s, brief=True).cell_length for s in slots
        )
        wide = [_wide_field(state, player, home.island, s, column + 3) for s in slots]
        if max(line.cell_length for line in wide) <= width:
            fields = wide
    if player == viewer:
        fields = [
            f.stylize(f"@click=screen.field({home.island},{s})")
            for s, f in zip(slots, fields, strict=True)
        ]
    left += fields
    lines = left
    if state.mode is Mode.VOYAGE:
        gap = 3
        room = width - max(line.cell_length for line in left) - gap
        beside = (
            columns(left, voyage_lines(state, player, room), width, gap) if room >= 24 else None
        )
        lines = beside or left + voyage_lines(state, player, width)
    return Content("\n").join(lines + _to_plant(state, player))


def player_summary(
    state: GameState, player: int, viewer: int | None, width: int | None, computer: bool = False
) -> Content:
    """Another player's side of the table in a few lines (a small terminal): name, coins, hand
    size and fields, in Bohn Voyage the Kontor, ships and pirate store in words."""
    p = state.players[player]
    home = p.holdings[0]
    chips = [
        Content.assemble(
            panel_title(state, player, viewer, computer),
            "  ",
            ("◎ ", "$text-warning"),
            (_coin_word(len(p.coins)), "bold"),
        ),
        Content(_("hand {n}").format(n=len(p.hand))),
    ]
    colonies = [state.islands[h.island].name for h in p.holdings[1:]]
    if colonies:
        chips.append(Content("⚑ " + " ".join(colonies)))
    chips += [
        field_line(state, player, home.island, s, brief=True) for s in range(len(home.fields))
    ]
    lines = flow(chips, width, "  ", 2)
    if state.mode is Mode.VOYAGE:
        inner = None if width is None else width - 2
        lines += [Content.assemble("  ", line) for line in _voyage_summary(state, player, inner)]
    lines += [Content.assemble("  ", line) for line in _to_plant(state, player)]
    return Content("\n").join(lines)


def _voyage_summary(state: GameState, player: int, width: int | None) -> list[Content]:
    """Kontor, ships, pirate store and ship of another player, by name, in lines of ``width``."""
    p = state.players[player]
    home = p.holdings[0]
    empty = Content.styled(_("empty"), "$foreground-muted")
    kontor = [card(c) for c in home.kontor] or [empty]
    kontor[0] = Content.assemble(_("Kontor"), f" {len(home.kontor)}/{home.kontor_cap}: ", kontor[0])
    store = [card(c) for c in p.store] or [empty]
    store[0] = Content.assemble(_("Pirate store: "), store[0])
    parts = [*kontor, *(ship_line(state, i) for i in state.ships_of(player)), *store]
    if p.pirate_ship:
        parts.append(Content.styled("☠ " + _("pirate ship"), "bold"))
    return flow(parts, width, " · ", 2)


def ship_line(state: GameState, ship: int) -> Content:
    """``▸ Ship 1 at B1: ○ wax ×2``; ships are numbered per owner, as the commands and the log do."""
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
        ("▸ ", "bold"),
        _("Ship {n} at {at}: ").format(n=ship_number(state, ship), at=at),
        cargo,
        sailed,
    )


def panel_title(
    state: GameState, player: int, viewer: int | None, computer: bool = False
) -> Content:
    p = state.players[player]
    parts: list[Content | str | tuple[str, str]] = [(p.name, "bold")]
    if computer:
        parts.append(("  · " + _("computer"), "$foreground-muted"))
    if player == state.active and not state.over:
        parts.append(("  ★ " + _("turn"), "bold $text-accent"))
    if player == viewer:
        parts.append(("  ⌨ " + _("you"), "$text-success"))
    return Content.assemble(*parts)


def fields_overview(state: GameState, me: int) -> Content:
    """One line per player: the home fields (what each grows), for deciding a trade in a dialog."""
    lines: list[Content] = []
    width = max(cell_len(p.name) for p in state.players) + 2
    for i, p in enumerate(state.players):
        home = p.holdings[0]
        fields = Content(" · ").join(
            field_line(state, i, home.island, s, brief=True) for s in range(len(home.fields))
        )
        name = Content.styled(pad(p.name, width), "bold" if i == me else "")
        lines.append(Content.assemble(name, fields))
    return Content("\n").join(lines)


def beanometer_table(state: GameState) -> Content:
    """Every kind in the game with its card count and beanometer: the reference printed on the cards."""
    rows: list[Content] = []
    kinds = setup(state).deck_kinds
    width = max(cell_len(f"{glyph(k)} {bean_name(k)}") for k in kinds) + 2
    for k in kinds:
        name = bean(k)
        rows.append(
            Content.assemble(
                name.pad_right(width - name.cell_length),
                (f"{CARD_COUNTS[k]:>2} ", "bold"),
                (_("cards") + "  ", "$foreground-muted"),
                beanometer("home", k),
            )
        )
    return Content("\n").join(rows)


#: the island types whose beanometers Bohn Voyage prints, home first
ISLAND_TYPES = ("home", "A", "B", "C")


def meter_steps(itype: str, kind: int) -> str:
    """``4 7 9 11``: the beans that sell for 1, 2, 3, 4 coins on that type of island (– none)."""
    return " ".join("–" if b is None else str(b) for b in ISLAND_METERS[itype][kind])


def colony_beanometers(kinds: Sequence[int]) -> Content:
    """Each bean's beanometer on home, A, B and C islands, side by side (Bohn Voyage)."""
    width = max(cell_len(f"{glyph(k)} {bean_name(k)}") for k in kinds) + 2
    cells = {t: max(len(meter_steps(t, k)) for k in kinds) + 3 for t in ISLAND_TYPES}
    head = Content.styled(
        " " * width
        + "".join((_("home") if t == "home" else t).ljust(cells[t]) for t in ISLAND_TYPES),
        "bold",
    )
    rows = [head]
    for k in kinds:
        name = bean(k)
        steps = [
            Content.styled(
                meter_steps(t, k).ljust(cells[t]),
                "$foreground-muted"
                if t != "home" and ISLAND_METERS[t][k] == ISLAND_METERS["home"][k]
                else "",
            )
            for t in ISLAND_TYPES
        ]
        rows.append(Content.assemble(name.pad_right(width - name.cell_length), *steps))
    note = Content.styled(_("beans for 1, 2, 3, 4 coins"), "$foreground-muted")
    return Content("\n").join([*rows, note])


def meters_block(state: GameState, width: int) -> Content:
    """The beanometers for the side area: the whole table where it fits ``width``, else by
    island type (Bohn Voyage) or each bean's steps alone (classic)."""
    kinds = setup(state).deck_kinds
    whole = colony_beanometers(kinds) if state.mode is Mode.VOYAGE else beanometer_table(state)
    if max(cell_len(line) for line in whole.plain.split("\n")) <= width:
        return whole
    name_width = max(cell_len(f"{glyph(k)} {bean_name(k)}") for k in kinds) + 2
    types = ISLAND_TYPES if state.mode is Mode.VOYAGE else ("home",)
    rows: list[Content] = []
    for t in types:
        if len(types) > 1:
            rows.append(Content.styled(_("home") if t == "home" else t, "bold underline"))
        for k in kinds:
            name = bean(k)
            rows.append(
                Content.assemble(name.pad_right(name_width - name.cell_length), meter_steps(t, k))
            )
    rows.append(Content.styled(_("beans for 1, 2, 3, 4 coins"), "$foreground-muted"))
    return Content("\n").join(rows)


def hand_row(state: GameState, viewer: int | None, width: int | None = None) -> Content:
    """The viewer's hand in its fixed order, the front card marked; nothing for an onlooker.

    ``width``: the lines break between cards, never inside one; the cards of
    the next lines line up under the first.
    """
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
    parts[0] = Content.assemble(title, parts[0])
    indent = title.cell_length if width is None or width >= 3 * title.cell_length else 0
    return Content("\n").join(flow(parts, width, "  ", indent))


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


def face_up_row(state: GameState, tiles: bool = False) -> Content:
    """The face-up cards of phase 2: one line, or (``tiles``) each as a card on the table."""
    if setup(state).duel:
        return duel_row(state, tiles)
    if state.phase is not Phase.TRADE:
        return Content("")
    if not state.face_up:
        return Content.styled(_("Face-up cards: none left"), "$foreground-muted")
    hint = Content.styled(_("k keeps one, t offers it in a trade"), "$foreground-muted")
    title = Content.styled(_("Face up") + ": ", "bold")
    if not tiles:
        chips = [card(c).stylize(f"@click=screen.keep({c})") for c in state.face_up]
        return Content.assemble(title, Content("   ").join(chips), "   ", hint)
    title = Content.assemble(title, hint)
    return Content.assemble(title, "\n", card_tiles(state.face_up, "screen.keep"))


def duel_row(state: GameState, tiles: bool = True) -> Content:
    """Bean Duel (R-DUEL-4): the beans on offer (step 1) or turned up (step 3) as cards, with
    who must deal with them and how."""
    name = state.players[state.active].name
    other = state.players[(state.active + 1) % len(state.players)].name
    if state.offered:
        title = _("On offer to {name}: plant (p, 1-3) or discard (d) each").format(name=name)
        cards = state.offered
    elif state.phase is Phase.TRADE:
        title = _("Turned up by {name}: plant any (p, 1-3); e leaves the rest to {other}").format(
            name=name, other=other
        )
        cards = state.face_up
    else:
        return Content("")
    head = Content.styled(title, "bold")
    if not cards:
        return Content.assemble(head, "\n", Content.styled(_("none left"), "$foreground-muted"))
    if not tiles:  # a small terminal: the cards on one line, numbered as the keys 1-3 take them
        chips = [
            Content.assemble((f"{i}", "bold"), " ", card(c)).stylize(
                f"@click=screen.table_card({c})"
            )
            for i, c in enumerate(cards, 1)
        ]
        return Content.assemble(head, "\n", Content("   ").join(chips))
    return Content.assemble(head, "\n", card_tiles(cards, "screen.table_card"))


def card_tiles(cards: Sequence[int], action: str) -> Content:
    """Cards drawn as small cards side by side (three lines), each a click on ``action(card)``."""
    width = max(card(c).cell_length for c in cards) + 4
    rows: list[list[Content]] = [[], [], []]
    for c in cards:
        face = card(c)
        click = f"@click={action}({c})"
        rows[0].append(Content("╭" + "─" * (width - 2) + "╮").stylize(click))
        rows[1].append(
            Content.assemble("│ ", face, " " * (width - 3 - face.cell_length), "│").stylize(click)
        )
        rows[2].append(Content("╰" + "─" * (width - 2) + "╯").stylize(click))
    return Content("\n").join(Content(" ").join(row) for row in rows)


def offer_line(state: GameState, o: Offer, on_call: Collection[int] = ()) -> Content:
    """An open offer and its answers; ``on_call``: the people who answer only if they want to."""
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
    waited = awaited(state, o)
    waiting = [players[p].name for p in waited if p not in on_call]
    if waiting:
        lines.append(
            Content.styled(
                "   … " + _("waiting for {names}").format(names=", ".join(waiting)),
                "$foreground-muted",
            )
        )
    called = [players[p].name for p in waited if p in on_call]
    if called:
        lines.append(
            Content.styled(
                "   … " + _("{names} may take it up: B").format(names=", ".join(called)),
                "$foreground-muted",
            )
        )
    return Content("\n").join(lines)


def offers_block(state: GameState, on_call: Collection[int] = ()) -> Content:
    if not state.offers:
        return Content("")
    return Content("\n").join(offer_line(state, o, on_call) for o in state.offers)


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

        island_type, _islands = rotation_due(state, state.active)
        return _("{name} chooses an island of type {t} for this turn (i).").format(
            name=name, t=island_type.value
        )
    if setup(state).duel:
        return _duel_expected(state, name)
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


def _duel_expected(state: GameState, name: str) -> str:
    """The Bean Duel's steps (R-DUEL-4), in words."""
    if state.offered:
        return _("{name} plants (p) or discards (d) each bean on offer.").format(name=name)
    if state.phase is Phase.TRADE:
        other = state.players[(state.active + 1) % len(state.players)].name
        return _(
            "{name} plants turned-up beans (p); e leaves the rest to {other} and draws two."
        ).format(name=name, other=other)
    hand = state.players[state.active].hand
    if state.planted == 0 and hand:
        return _("{name} plants the front card of the hand (p).").format(name=name)
    return _("{name} may plant (p) or discard one hand card (d); e turns up three cards.").format(
        name=name
    )


def _discard_top(state: GameState, duel: bool) -> list[Content]:
    """Bean Duel: the discard pile's top card decides what joins the turned-up cards (R-DUEL-4)."""
    if not duel or not state.discard:
        return []
    return [
        Content(" ("),
        Content.styled(_("top") + " ", "$foreground-muted"),
        card(state.discard[-1]),
        Content(")"),
    ]


def status_line(state: GameState, actor: int | None, width: int | None = None) -> Content:
    """Turn, phase, deck and discard, run-outs (and the island planted on), then what to do next;
    ``width``: the first line breaks between these parts, never inside one."""
    s = setup(state)
    phase = phase_name(state)
    parts = [
        Content.assemble(
            (_("Turn {n}").format(n=state.turn), "bold"),
            " · ",
            (state.players[state.active].name, "bold $text-accent"),
            " · ",
            (phase, "bold"),
        )
    ]
    if state.mode is Mode.VOYAGE and state.phase is not Phase.GAME_OVER:
        isl = state.islands[state.turn_island]
        where = _("home") if isl.type is IslandType.HOME else isl.name
        parts.append(Content(_("planting on {island}").format(island=where)))
    parts += [
        Content(_("Deck {n}").format(n=len(state.deck))),
        Content.assemble(
            _("Discard {n}").format(n=len(state.discard)), *_discard_top(state, s.duel)
        ),
        Content(
            _("Deck run out {n} of {limit}").format(n=state.exhaustions, limit=s.exhaustion_limit)
        ),
    ]
    top = flow(parts, width, " · ")
    return Content("\n").join(
        [*top, Content.styled("➜ " + expected(state, actor), "$text-success")]
    )
