"""The table as text: pure functions from a player's view to Textual ``Content``.

Widgets call these with ``rules.view(state, viewer)``, never with the full
state, so a hand that is not the viewer's can only ever render as its size.
Beans are told apart by a glyph and their name; colours come from the theme's
variables, so they follow the theme and vanish cleanly under ``NO_COLOR``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from itertools import zip_longest

from rich.cells import cell_len
from textual.content import Content

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.rules import HIDDEN, KIND_OF, KONTOR, GameState, Mode, Phase
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import CARD_COUNTS, ISLAND_METERS, KINDS, SALE_TABLES, next_coin_needs
from bohnanza_tui.rules.params import bean_name
from bohnanza_tui.rules.state import Holding, IslandType, Offer
from bohnanza_tui.rules.trading import awaited
from bohnanza_tui.rules.voyage import rotation_due, ship_number

from .keybar import flow

#: per kind (the order of ``data.KINDS``) a single-width glyph and the theme variables of its
#: colour: the colour follows the theme, the glyph and name tell the kind
LOOKS: dict[str, tuple[str, str]] = {
    "coffee": ("♣", "$text-warning"),
    "wax": ("○", "$foreground"),
    "blue": ("◆", "$text-primary"),
    "chili": ("♥", "$text-error"),
    "stink": ("✱", "$text-secondary"),
    "green": ("♠", "$text-success"),
    "soy": ("■", "$text-accent"),
    "black-eyed": ("◉", "$foreground-muted"),
    "red": ("▲", "bold $text-error"),
    "garden": ("✿", "bold $text-success"),
    "cocoa": ("◒", "bold $text-warning"),
}
GLYPHS = {kind: look[0] for kind, look in LOOKS.items()}
STYLES = {kind: look[1] for kind, look in LOOKS.items()}
DIM = "$foreground-muted"

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
    return [
        Content.assemble(a.pad_right(lw + gap - a.cell_length), b)
        for a, b in zip_longest(left, right, fillvalue=Content(""))
    ]


def glyph(kind: int) -> str:
    return GLYPHS.get(KINDS[kind], "?")


def mark(kind: int) -> Content:
    """The kind's glyph alone, in its theme colour."""
    return Content.styled(glyph(kind), STYLES.get(KINDS[kind], ""))


def empty() -> Content:
    return Content.styled(_("empty"), DIM)


def bean(kind: int, count: int | None = None) -> Content:
    """``♣ coffee`` (or ``3 × ♣ coffee``) in the kind's theme colour."""
    text = f"{glyph(kind)} {bean_name(kind)}"
    if count is not None:
        text = f"{count} × {text}"
    return Content.styled(text, STYLES.get(KINDS[kind], ""))


def card(card_id: int) -> Content:
    if card_id == HIDDEN:
        return Content.styled("▒ ?", DIM)
    return bean(KIND_OF[card_id])


def cards_summary(cards: Iterable[int]) -> Content:
    """``2 × ♣ coffee, 1 × ○ wax`` in kind order; ``nothing`` for none."""
    return kinds_summary(KIND_OF[c] for c in cards if c != HIDDEN)


def kinds_summary(kinds: Iterable[int]) -> Content:
    counts = Counter(kinds)
    if not counts:
        return Content(_("nothing"))
    return Content(", ").join(bean(k, n) for k, n in sorted(counts.items()))


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
        return Content.assemble(label, " ", empty())
    kind, n = KIND_OF[f[0]], len(f)
    itype = state.islands[island].type.value
    sales = SALE_TABLES[itype][kind]
    line = Content.assemble(
        label, " ", bean(kind), (f" ×{n}", "bold"), (f" = {sales[n]}", "bold $text-warning")
    )
    if brief:
        return line
    need = next_coin_needs(itype, kind, n)
    # the next step of the card's beanometer: at this many beans, this many coins
    nxt = " " + _("(top)") if need is None else f" ›{n + need}→{sales[n + need]}"
    return Content.assemble(line, (nxt, DIM))


def beanometer(itype: str, kind: int, n: int | None = None) -> Content:
    """``4→1 7→2 9→3 11→4`` as printed on the card; the steps ``n`` beans reach in bold, the next one marked ›."""
    steps: list[Content] = []
    marked = False
    for coins, beans in enumerate(ISLAND_METERS[itype][kind], 1):
        text, style = f"{beans}→{coins}", "" if n is None else DIM
        if beans is None:
            text, style = "–", DIM
        elif n is not None and n >= beans:
            style = "bold"
        elif n is not None and not marked:
            marked = True
            text, style = "›" + text, "bold $text-accent"
        steps.append(Content.styled(f"{text:>5}", style))
    return Content(" ").join(steps)


def _beans(cards: Sequence[int], names: bool = True) -> Content:
    """The cards by name, or only by glyph (each kind has its own, and the line stays short)."""
    if not cards:
        return empty()
    if names:
        return Content(" ").join(card(c) for c in cards)
    return Content("").join(mark(KIND_OF[c]) for c in cards)


def _labelled(label: Content | str, chips: list[Content]) -> list[Content]:
    """The chips with ``label`` joined to the first: a line breaks after it, never inside."""
    chips[0] = Content.assemble(label, chips[0])
    return chips


def _kontor_label(home: Holding) -> Content:
    return Content.assemble(_("Kontor"), f" {len(home.kontor)}/{home.kontor_cap}: ")


def _card_chips(label: Content | str, cards: Sequence[int]) -> list[Content]:
    """``label`` and the cards by name (``empty`` for none), as chips for ``flow``."""
    return _labelled(label, [card(c) for c in cards] or [empty()])


def _pirate_ship() -> Content:
    return Content.styled("☠ " + _("pirate ship"), "bold")


def _briefs(state: GameState, player: int) -> list[Content]:
    """The home fields, each without its next step."""
    home = state.players[player].holdings[0]
    return [field_line(state, player, home.island, s, brief=True) for s in range(len(home.fields))]


def _fields(state: GameState, player: int, wide: bool = False) -> list[Content]:
    """The home fields; ``wide``: each then its bean's whole beanometer, lined up after the longest."""
    home = state.players[player].holdings[0]
    if not wide:
        return [field_line(state, player, home.island, s) for s in range(len(home.fields))]
    lines = _briefs(state, player)
    width = max((line.cell_length for line in lines), default=0) + 3
    for s, f in enumerate(home.fields):
        if f:
            meter = beanometer(state.islands[home.island].type.value, KIND_OF[f[0]], len(f))
            lines[s] = Content.assemble(lines[s].pad_right(width - lines[s].cell_length), meter)
    return lines


def _clickable(
    state: GameState, player: int, viewer: int | None, fields: list[Content]
) -> list[Content]:
    """The home fields of the person at the keyboard, each a click to plant or harvest there."""
    if player != viewer:
        return fields
    island = state.players[player].holdings[0].island
    return [f.stylize(f"@click=screen.field({island},{s})") for s, f in enumerate(fields)]


def store_lines(state: GameState, player: int, wide: bool) -> list[Content]:
    """The pirate store (one bean per kind) and the pirate ship, if bought."""
    p = state.players[player]
    line = Content.assemble(_("Pirate store: "), _beans(p.store, wide))
    if not p.pirate_ship:
        return [line]
    return [Content.assemble(_pirate_ship(), " · ", line)] if wide else [line, _pirate_ship()]


def voyage_lines(state: GameState, player: int, width: int | None) -> list[Content]:
    """Kontor, colonies, ships, pirate store and ship in words (the beans by name), lines of ``width``."""
    p = state.players[player]
    home = p.holdings[0]
    lines = flow(_card_chips(_kontor_label(home), home.kontor), width, " ", 2)
    for h in p.holdings[1:]:
        lines += colony_lines(state, player, h.island, width)
    lines += [ship_line(state, i) for i in state.ships_of(player)]
    lines += flow(_card_chips(_("Pirate store: "), p.store), width, " ", 2)
    if p.pirate_ship:
        lines.append(_pirate_ship())
    return lines


def colony_lines(state: GameState, player: int, island: int, width: int | None) -> list[Content]:
    """``⚑ B1 1: ♠ green ×3 = 2 ›4→3 · 2: empty · Kontor ○ wax``: a player's holding on a colony,
    each field with its next step by that island's beanometer (lines break between the parts)."""
    h = state.players[player].holding(island)
    assert h is not None
    parts = [field_line(state, player, island, s) for s in range(len(h.fields))]
    parts.append(Content.assemble(_("Kontor") + " ", _beans(h.kontor)))
    head = Content.assemble((f"⚑ {state.islands[island].name}", "bold"), " ")
    return flow(_labelled(head, parts), width, " · ", 4)


def panel_signature(state: GameState, player: int, viewer: int | None) -> tuple[object, ...]:
    """Everything ``player_panel`` and ``panel_title`` read, cheaply: equal means the same panel."""
    p = state.players[player]
    holdings = tuple((h.island, tuple(map(tuple, h.fields)), tuple(h.kontor)) for h in p.holdings)
    ships = tuple((s.island, tuple(s.cargo), s.sailed) for s in state.ships if s.owner == player)
    return (
        len(p.coins), len(p.hand), holdings, ships, tuple(p.store), p.pirate_ship,
        tuple(p.kept), tuple(p.received), state.active, state.over, viewer,
    )  # fmt: skip


def _head(state: GameState, player: int) -> list[Content]:
    """Coins, hand size and colonies, as chips for ``flow``."""
    p = state.players[player]
    coins = _("{n} coins").format(n=len(p.coins)) if len(p.coins) != 1 else _("1 coin")
    chips = [
        Content.assemble(("◎ ", "$text-warning"), (coins, "bold")),
        Content(_("hand {n}").format(n=len(p.hand))),
    ]
    colonies = [state.islands[h.island].name for h in p.holdings[1:]]
    if colonies:
        chips.append(Content("⚑ " + " ".join(colonies)))
    return chips


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
    home = p.holdings[0]
    lines = [Content("  ").join(_head(state, player))]
    lines += _clickable(state, player, viewer, _fields(state, player, wide))
    if state.mode is Mode.VOYAGE:
        lines.append(Content.assemble(_kontor_label(home), _beans(home.kontor, wide)))
        if wide:  # the colonies as well: everything of this player in one place
            for h in p.holdings[1:]:
                lines += colony_lines(state, player, h.island, None)
        lines += [ship_line(state, i) for i in state.ships_of(player)]
        lines += store_lines(state, player, wide)
    return Content("\n").join(lines + _to_plant(state, player))


def _fitted_panel(state: GameState, player: int, viewer: int | None, width: int) -> Content:
    """The panel of the person at the keyboard on a small terminal: all of it, in ``width`` cells."""
    fields = _fields(state, player)
    if state.mode is Mode.CLASSIC:  # the whole beanometer of each field, where it fits
        wide = _fields(state, player, wide=True)
        if max(line.cell_length for line in wide) <= width:
            fields = wide
    lines = [Content("  ").join(_head(state, player))]
    lines += _clickable(state, player, viewer, fields)
    if state.mode is Mode.VOYAGE:
        gap = 3
        room = width - max(line.cell_length for line in lines) - gap
        beside = (
            columns(lines, voyage_lines(state, player, room), width, gap) if room >= 24 else None
        )
        lines = beside or lines + voyage_lines(state, player, width)
    return Content("\n").join(lines + _to_plant(state, player))


def player_summary(
    state: GameState, player: int, viewer: int | None, width: int | None, computer: bool = False
) -> Content:
    """Another player's side of the table in a few lines (a small terminal): name, coins, hand
    size and fields, in Bohn Voyage the Kontor, ships and pirate store in words."""
    title = Content.assemble(panel_title(state, player, viewer, computer), "  ")
    chips = _labelled(title, _head(state, player)) + _briefs(state, player)
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
    parts = [
        *_card_chips(_kontor_label(home), home.kontor),
        *(ship_line(state, i) for i in state.ships_of(player)),
        *_card_chips(_("Pirate store: "), p.store),
    ]
    if p.pirate_ship:
        parts.append(_pirate_ship())
    return flow(parts, width, " · ", 2)


def _island_name(state: GameState, island: int) -> str:
    isl = state.islands[island]
    return _("home") if isl.type is IslandType.HOME else isl.name


def ship_line(state: GameState, ship: int) -> Content:
    """``▸ Ship 1 at B1: ○ wax ×2``; ships are numbered per owner, as the commands and the log do."""
    s = state.ships[ship]
    at = _island_name(state, s.island)
    cargo = Content.assemble(bean(KIND_OF[s.cargo[0]]), f" ×{len(s.cargo)}") if s.cargo else empty()
    sailed = Content.styled(" " + _("(sailed)"), DIM) if s.sailed else Content("")
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
        parts.append(("  · " + _("computer"), DIM))
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
        fields = Content(" · ").join(_briefs(state, i))
        name = Content.styled(pad(p.name, width), "bold" if i == me else "")
        lines.append(Content.assemble(name, fields))
    return Content("\n").join(lines)


def _names(kinds: Sequence[int]) -> list[Content]:
    """Each kind's ``bean``, padded to one column two cells wider than the longest."""
    names = [bean(k) for k in kinds]
    width = max(name.cell_length for name in names) + 2
    return [name.pad_right(width - name.cell_length) for name in names]


def beanometer_table(state: GameState) -> Content:
    """Every kind in the game with its card count and beanometer: the reference printed on the cards."""
    kinds = setup(state).deck_kinds
    rows = [
        Content.assemble(
            name,
            (f"{CARD_COUNTS[k]:>2} ", "bold"),
            (_("cards") + "  ", DIM),
            beanometer("home", k),
        )
        for k, name in zip(kinds, _names(kinds), strict=True)
    ]
    return Content("\n").join(rows)


#: the island types whose beanometers Bohn Voyage prints, home first
ISLAND_TYPES = ("home", "A", "B", "C")


def meter_steps(itype: str, kind: int) -> str:
    """``4 7 9 11``: the beans that sell for 1, 2, 3, 4 coins on that type of island (– none)."""
    return " ".join("–" if b is None else str(b) for b in ISLAND_METERS[itype][kind])


def _type_name(itype: str) -> str:
    return _("home") if itype == "home" else itype


def colony_beanometers(kinds: Sequence[int]) -> Content:
    """Each bean's beanometer on home, A, B and C islands, side by side (Bohn Voyage)."""
    names = _names(kinds)
    cells = {t: max(len(meter_steps(t, k)) for k in kinds) + 3 for t in ISLAND_TYPES}
    heads = "".join(_type_name(t).ljust(cells[t]) for t in ISLAND_TYPES)
    rows = [Content.styled(" " * names[0].cell_length + heads, "bold")]
    for k, name in zip(kinds, names, strict=True):
        steps = [
            Content.styled(
                meter_steps(t, k).ljust(cells[t]),
                DIM if t != "home" and ISLAND_METERS[t][k] == ISLAND_METERS["home"][k] else "",
            )
            for t in ISLAND_TYPES
        ]
        rows.append(Content.assemble(name, *steps))
    rows.append(Content.styled(_("beans for 1, 2, 3, 4 coins"), DIM))
    return Content("\n").join(rows)


def meters_block(state: GameState, width: int) -> Content:
    """The beanometers for the side area: the whole table where it fits ``width``, else by
    island type (Bohn Voyage) or each bean's steps alone (classic)."""
    kinds = setup(state).deck_kinds
    whole = colony_beanometers(kinds) if state.mode is Mode.VOYAGE else beanometer_table(state)
    if max(cell_len(line) for line in whole.plain.split("\n")) <= width:
        return whole
    types = ISLAND_TYPES if state.mode is Mode.VOYAGE else ("home",)
    rows: list[Content] = []
    for t in types:
        if len(types) > 1:
            rows.append(Content.styled(_type_name(t), "bold underline"))
        rows += [
            Content.assemble(name, meter_steps(t, k))
            for k, name in zip(kinds, _names(kinds), strict=True)
        ]
    rows.append(Content.styled(_("beans for 1, 2, 3, 4 coins"), DIM))
    return Content("\n").join(rows)


def _numbered(number: int, card_id: int) -> Content:
    return Content.assemble((f"{number}", "bold"), " ", card(card_id))


def hand_row(state: GameState, viewer: int | None, width: int | None = None) -> Content:
    """The viewer's hand in its fixed order, the front card marked; nothing for an onlooker.

    ``width``: the lines break between cards, never inside one; the cards of
    the next lines line up under the first.
    """
    if viewer is None:
        return Content.styled(_("Hands are hidden."), DIM)
    p = state.players[viewer]
    title = Content.styled(_("{name}'s hand").format(name=p.name) + ": ", "bold")
    if not p.hand:
        return Content.assemble(title, empty())
    parts: list[Content] = []
    for i, c in enumerate(p.hand):
        chip = _numbered(i + 1, c)
        if i == 0:
            chip = Content.assemble(("▶", "bold $text-accent"), chip, (" " + _("(front)"), "bold"))
            if viewer == state.active and state.phase is Phase.PLANT:
                chip = chip.stylize("@click=screen.plant")
        parts.append(chip)
    indent = title.cell_length if width is None or width >= 3 * title.cell_length else 0
    return Content("\n").join(flow(_labelled(title, parts), width, "  ", indent))


def pending_row(cards: Sequence[int], selected: int, kept: set[int]) -> Content:
    """Cards waiting to be planted (phase 3), the selected one highlighted."""
    parts: list[Content] = []
    for i, c in enumerate(cards):
        chip = _numbered(i + 1, c)
        if c in kept:
            chip = Content.assemble(chip, (" " + _("(kept)"), DIM))
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
        return Content.styled(_("Face-up cards: none left"), DIM)
    hint = Content.styled(_("k keeps one, t offers it in a trade"), DIM)
    title = Content.styled(_("Face up") + ": ", "bold")
    if not tiles:
        chips = [card(c).stylize(f"@click=screen.keep({c})") for c in state.face_up]
        return Content.assemble(title, Content("   ").join(chips), "   ", hint)
    return Content.assemble(title, hint, "\n", card_tiles(state.face_up, "screen.keep"))


def duel_row(state: GameState, tiles: bool = True) -> Content:
    """Bean Duel (R-DUEL-4): the beans on offer (step 1) or turned up (step 3) as cards, with
    who must deal with them and how."""
    name = state.players[state.active].name
    other = state.players[(state.active + 1) % len(state.players)].name
    if state.offered:
        title, cards = _("On offer to {name}: plant (p, 1-3) or discard (d) each"), state.offered
    elif state.phase is Phase.TRADE:
        title = _("Turned up by {name}: plant any (p, 1-3); e leaves the rest to {other}")
        cards = state.face_up
    else:
        return Content("")
    head = Content.styled(title.format(name=name, other=other), "bold")
    if not cards:
        return Content.assemble(head, "\n", Content.styled(_("none left"), DIM))
    if not tiles:  # a small terminal: the cards on one line, numbered as the keys 1-3 take them
        chips = [
            _numbered(i, c).stylize(f"@click=screen.table_card({c})")
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
    for called, text in ((False, _("waiting for {names}")), (True, _("{names} may take it up: B"))):
        names = [players[p].name for p in waited if (p in on_call) is called]
        if names:
            lines.append(Content.styled("   … " + text.format(names=", ".join(names)), DIM))
    return Content("\n").join(lines)


def offers_block(state: GameState, on_call: Collection[int] = ()) -> Content:
    if not state.offers:
        return Content("")
    return Content("\n").join(offer_line(state, o, on_call) for o in state.offers)


def expected(state: GameState, actor: int | None) -> str:
    """What the game waits for now, in words (a description, never a rule check)."""
    if state.over:
        return _("The game is over.")
    if actor is not None and actor != state.active:
        who = state.players[actor].name
        if state.phase is Phase.TRADE:
            return _("{who} answers an offer.").format(who=who)
        return _("{who} plants the beans they received.").format(who=who)
    other = state.players[(state.active + 1) % len(state.players)].name
    t = rotation_due(state, state.active)[0].value if state.phase is Phase.CHOOSE_ISLAND else ""
    return _next_step(state).format(name=state.players[state.active].name, other=other, t=t)


def _next_step(state: GameState) -> str:
    """What the active player ``{name}`` does next (``{other}``: the other in the Bean Duel)."""
    p = state.players[state.active]
    front = state.planted == 0 and p.hand
    if state.phase is Phase.CHOOSE_ISLAND:
        return _("{name} chooses an island of type {t} for this turn (i).")
    if setup(state).duel:  # the Bean Duel's steps (R-DUEL-4)
        if state.offered:
            return _("{name} plants (p) or discards (d) each bean on offer.")
        if state.phase is Phase.TRADE:
            return _(
                "{name} plants turned-up beans (p); e leaves the rest to {other} and draws two."
            )
        if front:
            return _("{name} plants the front card of the hand (p).")
        return _("{name} may plant (p) or discard one hand card (d); e turns up three cards.")
    if state.phase is Phase.PLANT:
        if front:
            return _("{name} plants the front card of the hand (p).")
        if state.planted == 1 and p.hand:
            return _("{name} may plant the next card (p) or turn up two cards (e).")
        return _("{name} turns up two cards (e).")
    if state.phase is Phase.TRADE:
        return _("{name} trades (t), donates (d), keeps (k); e ends trading.")
    if state.phase is Phase.PLANT_TRADED:
        if p.kept or p.received:
            return _("{name} plants the kept and traded beans (p).")
        return _("{name} draws and ends the turn (e).")
    return ""


def status_line(state: GameState, actor: int | None, width: int | None = None) -> Content:
    """Turn, phase, deck and discard, run-outs (and the island planted on), then what to do next;
    ``width``: the first line breaks between these parts, never inside one."""
    s = setup(state)
    parts = [
        Content.assemble(
            (_("Turn {n}").format(n=state.turn), "bold"),
            " · ",
            (state.players[state.active].name, "bold $text-accent"),
            " · ",
            (phase_name(state), "bold"),
        )
    ]
    if state.mode is Mode.VOYAGE and state.phase is not Phase.GAME_OVER:
        where = _island_name(state, state.turn_island)
        parts.append(Content(_("planting on {island}").format(island=where)))
    discard = Content(_("Discard {n}").format(n=len(state.discard)))
    if s.duel and state.discard:  # its top card decides what joins the turned-up ones (R-DUEL-4)
        top = Content.assemble(" (", (_("top") + " ", DIM), card(state.discard[-1]), ")")
        discard = Content.assemble(discard, top)
    parts += [
        Content(_("Deck {n}").format(n=len(state.deck))),
        discard,
        Content(
            _("Deck run out {n} of {limit}").format(n=state.exhaustions, limit=s.exhaustion_limit)
        ),
    ]
    next_step = Content.styled("➜ " + expected(state, actor), "$text-success")
    return Content("\n").join([*flow(parts, width, " · "), next_step])
