"""The options behind each key: every candidate action, checked by the engine.

A key such as ``p`` (plant) or ``s`` (sail) opens a list of what could be
done; each entry is a concrete action with the engine's verdict. Refused
entries stay in the list, greyed out with the refusal (rule id and reason),
so a player sees *why* a harbor is blocked or a field can't take a bean.
Nothing here decides a rule: it enumerates places, ships and cards and asks
``engine.check``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.content import Content

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import KIND_OF, KONTOR, Action, GameState, Mode, Phase, check
from bohnanza_tui.rules.actions import (
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    Confirm,
    Harvest,
    Keep,
    KontorToField,
    Load,
    Plant,
    RaidKontor,
    RaidShip,
    Sail,
    ToStore,
    Unload,
    Withdraw,
)
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.data import SALE_TABLES
from bohnanza_tui.rules.state import IslandType
from bohnanza_tui.rules.trading import owes_answer
from bohnanza_tui.rules.voyage import ship_number, store_payment

from . import render


@dataclass(frozen=True, slots=True)
class Choice:
    """One entry of a choice list: what it does, the value returned, and why not (if refused)."""

    label: Content
    value: Any
    refusal: str | None = None

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def checked(state: GameState, label: Content, action: Action) -> Choice:
    refusal = check(state, action)
    return Choice(label, action, None if refusal is None else str(refusal))


def _place_label(state: GameState, player: int, island: int, slot: int) -> Content:
    name = render.place_name(state, player, island, slot)
    h = state.players[player].holding(island)
    assert h is not None
    if slot == KONTOR:
        inside = render.cards_summary(h.kontor) if h.kontor else Content(_("empty"))
        return Content.assemble((name, "bold"), f" ({len(h.kontor)}/{h.kontor_cap}): ", inside)
    f = h.fields[slot]
    inside = render.bean(KIND_OF[f[0]], len(f)) if f else Content(_("empty"))
    return Content.assemble((name, "bold"), ": ", inside)


def places(state: GameState, player: int, island: int | None = None) -> list[tuple[int, int]]:
    """Every field and Kontor of ``player`` (on ``island`` only, if given), home first."""
    out: list[tuple[int, int]] = []
    for h in state.players[player].holdings:
        if island is not None and h.island != island:
            continue
        out += [(h.island, s) for s in range(len(h.fields))]
        if h.kontor_cap:
            out.append((h.island, KONTOR))
    return out


def plant_choices(state: GameState, player: int, card: int) -> list[Choice]:
    return [
        checked(state, _place_label(state, player, i, s), Plant(player, card, i, s))
        for i, s in places(state, player)
    ]


def preferred_plant(state: GameState, allowed: list[Plant]) -> Plant:
    """Of the allowed plantings, one onto a field already growing beans (of this kind), else the first."""
    for a in allowed:
        h = state.players[a.player].holding(a.island)
        if a.slot != KONTOR and h is not None and h.fields[a.slot]:
            return a
    return allowed[0]


def harvest_choices(state: GameState, player: int) -> list[Choice]:
    out = []
    for h in state.players[player].holdings:
        table = SALE_TABLES[state.islands[h.island].type.value]
        for s, f in enumerate(h.fields):
            if not f:
                continue
            coins = table[KIND_OF[f[0]]][len(f)]
            label = Content.assemble(
                _place_label(state, player, h.island, s),
                (" → " + _("sells for {coins}").format(coins=coins), "bold"),
            )
            out.append(checked(state, label, Harvest(player, h.island, s)))
    return out


def keep_choices(state: GameState, player: int) -> list[Choice]:
    return [
        checked(state, Content.assemble(_("Keep "), render.card(c)), Keep(player, c))
        for c in state.face_up
    ]


def island_choices(state: GameState, player: int) -> tuple[str, list[Choice]]:
    """The rotation: the type due and only the islands that qualify (``voyage.rotation_due``)."""
    from bohnanza_tui.rules.voyage import rotation_due

    kind, islands = rotation_due(state, player)
    out = []
    for i in islands:
        isl = state.islands[i]
        name = _("home") if isl.type is IslandType.HOME else isl.name
        out.append(
            checked(
                state,
                Content.assemble((name, "bold"), f" ({isl.type.value})"),
                ChooseIsland(player, i),
            )
        )
    return kind.value, out


def _store_pay(state: GameState, player: int, raid: bool) -> tuple[int, ...]:
    """The payment offered for a raid or a pirate ship (``voyage.store_payment``);
    all the store holds when that is too little, so that the engine says why."""
    if state.mode is not Mode.VOYAGE:
        return ()
    return store_payment(state, player, raid) or tuple(state.players[player].store)


def buy_choices(state: GameState, player: int) -> list[Choice]:
    s = setup(state)
    p = state.players[player]
    out: list[Choice] = []
    if s.third_field_cost is not None:
        out.append(
            checked(
                state,
                Content(_("Third field at home ({cost} coins)").format(cost=s.third_field_cost)),
                BuyField(player, player),
            )
        )
    if not s.is_voyage:
        return out
    colonies = [i for i, isl in enumerate(state.islands) if isl.type is not IslandType.HOME]
    for i in sorted(colonies, key=lambda i: (state.islands[i].type.value, state.islands[i].name)):
        isl = state.islands[i]
        owners = ", ".join(
            state.players[o].name if o is not None else _("free") for o in isl.harbors
        )
        out.append(
            checked(
                state,
                Content(
                    _("Harbor on {island} (type {t}; harbors: {owners}) for {cost} coins").format(
                        island=isl.name, t=isl.type.value, owners=owners, cost=s.harbor_cost
                    )
                ),
                BuyHarbor(player, i),
            )
        )
    for h in p.holdings[1:]:
        isl = state.islands[h.island]
        out.append(
            checked(
                state,
                Content(
                    _("Second field on {island} for {cost} coins").format(
                        island=isl.name, cost=s.second_colony_field_cost
                    )
                ),
                BuyField(player, h.island),
            )
        )
    out.append(
        checked(
            state,
            Content(_("Second merchant ship for {cost} coins").format(cost=s.ship_cost)),
            BuyShip(player),
        )
    )
    out.append(
        checked(
            state,
            Content(
                _("Pirate ship for {n} beans from the pirate store").format(n=s.pirate_ship_beans)
            ),
            BuyPirateShip(player, _store_pay(state, player, False)),
        )
    )
    return out


def _harbor_name(state: GameState, island: int) -> str:
    isl = state.islands[island]
    return _("home") if isl.type is IslandType.HOME else isl.name


def sail_choices(state: GameState, player: int) -> list[Choice]:
    """Every own ship to every own harbor; blocked ones keep the engine's reason."""
    p = state.players[player]
    ships = state.ships_of(player)
    out: list[Choice] = []
    for i in ships:
        ship = state.ships[i]
        for h in p.holdings:
            if h.island == ship.island:
                continue
            label = Content(
                _("Ship {n} ({at}) → {to}").format(
                    n=ship_number(state, i),
                    at=_harbor_name(state, ship.island),
                    to=_harbor_name(state, h.island),
                )
            )
            out.append(checked(state, label, Sail(player, (i,), h.island)))
    if len(ships) == 2:
        for h in p.holdings[1:]:
            label = Content(
                _("Ships {a} and {b} together → {to}").format(
                    a=ship_number(state, ships[0]),
                    b=ship_number(state, ships[1]),
                    to=_harbor_name(state, h.island),
                )
            )
            out.append(checked(state, label, Sail(player, tuple(ships), h.island)))
    return out


def load_choices(state: GameState, player: int) -> list[Choice]:
    out: list[Choice] = []
    for i in state.ships_of(player):
        ship = state.ships[i]
        h = state.players[player].holding(ship.island)
        if h is None or not h.kontor:
            continue
        kinds: dict[int, list[int]] = {}
        for c in h.kontor:
            kinds.setdefault(KIND_OF[c], []).append(c)
        for kind, cards in kinds.items():
            label = Content.assemble(
                _("Load ship {n} at {at} with ").format(
                    n=ship_number(state, i), at=_harbor_name(state, ship.island)
                ),
                render.bean(kind, len(cards)),
            )
            out.append(checked(state, label, Load(player, i, tuple(cards))))
    return out


def unload_choices(state: GameState, player: int) -> list[Choice]:
    out: list[Choice] = []
    for i in state.ships_of(player):
        ship = state.ships[i]
        if not ship.cargo:
            continue
        kind = KIND_OF[ship.cargo[0]]
        for count in sorted({1, len(ship.cargo)}):
            label = Content.assemble(
                _("Unload ship {n} at {at}: ").format(
                    n=ship_number(state, i), at=_harbor_name(state, ship.island)
                ),
                render.bean(kind, count),
            )
            out.append(checked(state, label, Unload(player, i, count)))
    return out


def store_choices(state: GameState, player: int) -> list[Choice]:
    p = state.players[player]
    out = [
        checked(
            state, Content.assemble(_("From the home Kontor: "), render.card(c)), ToStore(player, c)
        )
        for c in p.holdings[0].kontor
    ]
    for i in state.ships_of(player):
        ship = state.ships[i]
        if ship.cargo:
            c = ship.cargo[-1]
            label = Content.assemble(
                _("From ship {n}: ").format(n=ship_number(state, i)), render.card(c)
            )
            out.append(checked(state, label, ToStore(player, c)))
    return out


def move_choices(state: GameState, player: int) -> list[Choice]:
    out: list[Choice] = []
    for h in state.players[player].holdings:
        seen: set[int] = set()
        for c in h.kontor:
            if KIND_OF[c] in seen:
                continue
            seen.add(KIND_OF[c])
            for slot in range(len(h.fields)):
                label = Content.assemble(
                    render.card(c),
                    " → ",
                    _place_label(state, player, h.island, slot),
                )
                out.append(checked(state, label, KontorToField(player, c, slot)))
    return out


def raid_targets(state: GameState, player: int, all_refused: bool = False) -> list[Choice]:
    """Step one of a raid: a bean in another player's Kontor, or a loaded ship.

    ``all_refused``: the caller knows no raid is legal now (``legal_actions``
    lists none), so one destination per bean is enough to learn why.
    """
    pay = _store_pay(state, player, True)
    out: list[Choice] = []
    for v, vp in enumerate(state.players):
        if v == player:
            continue
        for h in vp.holdings:
            for c in h.kontor:
                label = Content.assemble(
                    _("{name}'s Kontor on {island}: ").format(
                        name=vp.name, island=_harbor_name(state, h.island)
                    ),
                    render.card(c),
                )
                # the destination is chosen next; check with the first place that could take it
                dests = [
                    RaidKontor(player, v, c, i, slot, pay) for i, slot in places(state, player)
                ]
                if all_refused:
                    dests = dests[:1]
                refusals = [check(state, a) for a in dests]
                ok = next((a for a, r in zip(dests, refusals, strict=True) if r is None), None)
                if ok is not None:
                    out.append(Choice(label, ok))
                else:
                    first = next((r for r in refusals if r is not None), None)
                    out.append(Choice(label, dests[0] if dests else None, str(first)))
    for i, ship in enumerate(state.ships):
        if ship.owner == player or not ship.cargo:
            continue
        label = Content.assemble(
            _("{name}'s ship {n} at {at}: ").format(
                name=state.players[ship.owner].name,
                n=ship_number(state, i),
                at=_harbor_name(state, ship.island),
            ),
            render.bean(KIND_OF[ship.cargo[0]], len(ship.cargo)),
        )
        out.append(checked(state, label, RaidShip(player, i, pay)))
    return out


def raid_destinations(state: GameState, raid: RaidKontor) -> list[Choice]:
    return [
        checked(
            state,
            _place_label(state, raid.player, i, s),
            RaidKontor(raid.player, raid.victim, raid.card, i, s, raid.pay),
        )
        for i, s in places(state, raid.player)
    ]


def player_choices(state: GameState, players: list[int]) -> list[Choice]:
    return [Choice(Content.styled(state.players[p].name, "bold"), p) for p in players]


def offer_choices(state: GameState, player: int) -> list[Choice]:
    """What ``player`` can do about the open offers: answer, confirm an answer, withdraw."""
    out: list[Choice] = []
    for o in state.offers:
        line = render.offer_line(state, o).split("\n")[0]
        if owes_answer(o, player, len(state.players)):
            out.append(Choice(Content.assemble(_("Answer "), line), ("answer", o.id)))
        if o.proposer == player:
            for p in o.answers:
                label = Content.assemble(
                    _("Confirm with {name}: ").format(name=state.players[p].name),
                    render.cards_summary(o.answers[p]),
                )
                out.append(checked(state, label, Confirm(player, o.id, p)))
            out.append(
                checked(state, Content.assemble(_("Withdraw "), line), Withdraw(player, o.id))
            )
    return out


# -- the keys of the table ---------------------------------------------------------------

#: each key that acts on the table, and the actions that make it valid now
KEY_ACTIONS: dict[str, tuple[type, ...]] = {
    "choose_island": (ChooseIsland,),
    "plant": (Plant,),
    "plant_on": (Plant,),
    "cursor": (Plant,),
    "harvest": (Harvest,),
    "keep": (Keep,),
    "buy": (BuyField, BuyHarbor, BuyShip, BuyPirateShip),
    "sail": (Sail,),
    "load": (Load,),
    "unload": (Unload,),
    "store": (ToStore,),
    "move": (KontorToField,),
    "raid": (RaidKontor, RaidShip),
}

#: keys only the player whose turn it is uses (their refusals would tell nobody else anything)
TURN_KEYS = ("keep", "buy", "sail", "load", "unload", "store", "move", "raid")

_BUILDERS = {
    "harvest": harvest_choices,
    "keep": keep_choices,
    "buy": buy_choices,
    "sail": sail_choices,
    "load": load_choices,
    "unload": unload_choices,
    "store": store_choices,
    "move": move_choices,
    "raid": raid_targets,
}


def key_options(state: GameState, player: int, key: str, card: int | None = None) -> list[Choice]:
    """The options behind ``key`` for ``player`` (``card``: the bean ``p`` would plant)."""
    if key == "plant":
        return [] if card is None else plant_choices(state, player, card)
    build = _BUILDERS.get(key)
    return [] if build is None else build(state, player)


def refused_keys(
    state: GameState, player: int, valid: set[type], card: int | None = None
) -> dict[str, list[str]]:
    """Keys with something to offer, every bit of it refused now, and the engine's reasons.

    ``valid`` holds the action types legal for ``player`` now (from ``legal_actions``);
    a key with a legal action is simply valid. A key with no option at all stays
    hidden: there is nothing to refuse.
    """
    out: dict[str, list[str]] = {}
    if state.over or state.phase is Phase.CHOOSE_ISLAND:
        return out
    for key in ("plant", "harvest", *TURN_KEYS):
        if key in TURN_KEYS and player != state.active:
            continue
        if any(t in valid for t in KEY_ACTIONS[key]):
            continue
        if key == "raid":  # no raid is legal: one destination per bean tells why
            options = raid_targets(state, player, all_refused=True)
        else:
            options = key_options(state, player, key, card)
        if options and not any(o.allowed for o in options):
            out[key] = list(dict.fromkeys(o.refusal for o in options if o.refusal))
    return out
