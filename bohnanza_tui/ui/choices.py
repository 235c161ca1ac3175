"""The options behind each key, from the one move list (``rules.moves``), with the engine's verdict.

A key such as ``p`` (plant) or ``s`` (sail) opens a list of what could be
done: the key's family of the move list, taken wide (every place, ship and
island of the player, without the list's pre-filters). Each entry is a
concrete action with ``engine.check``'s verdict: the legal ones are exactly
the move list's, and refused entries stay in the list, greyed out with the
refusal (rule id and reason), so a player sees *why* a harbor is blocked or a
field can't take a bean. Nothing here decides a rule or enumerates moves of
its own; this module labels them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.content import Content

from bohnanza_tui.i18n import _
from bohnanza_tui.rules import KIND_OF, KONTOR, Action, GameState, Mode, Phase, check, moves
from bohnanza_tui.rules.actions import (
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    ChooseIsland,
    Confirm,
    Decline,
    Discard,
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
from bohnanza_tui.rules.state import Holding, IslandType
from bohnanza_tui.rules.voyage import kontor_of_card, rotation_due, ship_number

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


def _holding(state: GameState, player: int, island: int) -> Holding:
    h = state.players[player].holding(island)
    assert h is not None
    return h


def _place_label(state: GameState, player: int, island: int, slot: int) -> Content:
    name = render.place_name(state, player, island, slot)
    h = _holding(state, player, island)
    if slot == KONTOR:
        inside = render.cards_summary(h.kontor) if h.kontor else Content(_("empty"))
        return Content.assemble((name, "bold"), f" ({len(h.kontor)}/{h.kontor_cap}): ", inside)
    f = h.fields[slot]
    inside = render.bean(KIND_OF[f[0]], len(f)) if f else Content(_("empty"))
    return Content.assemble((name, "bold"), ": ", inside)


def _options(state: GameState, player: int, family: str, card: int | None = None) -> list[Action]:
    """The move list's family ``family`` without its pre-filters (``moves.family``, wide):
    the legal options and the refused ones the player may want to know about."""
    return [moves.build(spec) for spec in moves.family(state, player, family, True, card)]


def _each(
    state: GameState,
    player: int,
    family: str,
    label: Callable[[Any], Content],
    card: int | None = None,
) -> list[Choice]:
    """Every option of ``family`` (``_options``), labelled, with the engine's verdict."""
    return [checked(state, label(a), a) for a in _options(state, player, family, card)]


def plant_choices(state: GameState, player: int, card: int) -> list[Choice]:
    return _each(
        state, player, "plant", lambda a: _place_label(state, player, a.island, a.slot), card
    )


def harvest_choices(state: GameState, player: int) -> list[Choice]:
    def label(a: Harvest) -> Content:
        f = _holding(state, player, a.island).fields[a.slot]
        coins = SALE_TABLES[state.islands[a.island].type.value][KIND_OF[f[0]]][len(f)]
        return Content.assemble(
            _place_label(state, player, a.island, a.slot),
            (" → " + _("sells for {coins}").format(coins=coins), "bold"),
        )

    return _each(state, player, "harvest", label)


def keep_choices(state: GameState, player: int) -> list[Choice]:
    return _each(state, player, "keep", lambda a: Content.assemble(_("Keep "), render.card(a.card)))


def discard_choices(state: GameState, player: int) -> list[Choice]:
    """Bean Duel (R-DUEL-4): the beans on offer, or after phase 1 any one hand card."""
    cards = state.offered or state.players[player].hand
    where = _("on offer") if state.offered else _("hand")

    def label(a: Discard) -> Content:
        return Content.assemble(
            _("Discard "), render.card(a.card), (f"  ({where} {cards.index(a.card) + 1})", "dim")
        )

    return _each(state, player, "discard", label)


def island_choices(state: GameState, player: int) -> tuple[str, list[Choice]]:
    """The rotation: the type due and only the islands that qualify (``voyage.rotation_due``)."""

    def label(a: ChooseIsland) -> Content:
        kind = state.islands[a.island].type.value
        return Content.assemble((_harbor_name(state, a.island), "bold"), f" ({kind})")

    return rotation_due(state, player)[0].value, _each(state, player, "choose_island", label)


def _buy_label(state: GameState, a: Action) -> str:
    s = setup(state)
    if isinstance(a, BuyField) and a.island == a.player:
        if state.mode is Mode.CLASSIC:
            return _("Third field ({cost} coins)").format(cost=s.third_field_cost)
        return _("Third field at home ({cost} coins)").format(cost=s.third_field_cost)
    if isinstance(a, BuyField):
        return _("Second field on {island} for {cost} coins").format(
            island=state.islands[a.island].name, cost=s.second_colony_field_cost
        )
    if isinstance(a, BuyHarbor):
        isl = state.islands[a.island]
        owners = ", ".join(
            state.players[o].name if o is not None else _("free") for o in isl.harbors
        )
        return _("Harbor on {island} (type {t}; harbors: {owners}) for {cost} coins").format(
            island=isl.name, t=isl.type.value, owners=owners, cost=s.harbor_cost
        )
    if isinstance(a, BuyShip):
        return _("Second merchant ship for {cost} coins").format(cost=s.ship_cost)
    return _("Pirate ship for {n} beans from the pirate store").format(n=s.pirate_ship_beans)


def _buy_order(state: GameState, a: Action) -> tuple[int, str, str]:
    """The third field, the harbors by island type (A to C) and name, colony fields, ships."""
    if isinstance(a, BuyHarbor):
        isl = state.islands[a.island]
        return (1, isl.type.value, isl.name)
    if isinstance(a, BuyField):
        return (0 if a.island == a.player else 2, "", "")
    return (3 if isinstance(a, BuyShip) else 4, "", "")


def buy_choices(state: GameState, player: int) -> list[Choice]:
    options = sorted(_options(state, player, "buy"), key=lambda a: _buy_order(state, a))
    return [checked(state, Content(_buy_label(state, a)), a) for a in options]


def _harbor_name(state: GameState, island: int) -> str:
    isl = state.islands[island]
    return _("home") if isl.type is IslandType.HOME else isl.name


def _ship_at(state: GameState, ship: int) -> dict[str, object]:
    """A ship's number and where it lies, for a label's ``{n}`` and ``{at}``."""
    return {"n": ship_number(state, ship), "at": _harbor_name(state, state.ships[ship].island)}


def sail_choices(state: GameState, player: int) -> list[Choice]:
    """Every own ship to every own harbor; blocked ones keep the engine's reason."""

    def label(a: Sail) -> Content:
        to = _harbor_name(state, a.island)
        if len(a.ships) == 1:
            return Content(_("Ship {n} ({at}) → {to}").format(**_ship_at(state, a.ships[0]), to=to))
        first, second = ship_number(state, a.ships[0]), ship_number(state, a.ships[1])
        return Content(_("Ships {a} and {b} together → {to}").format(a=first, b=second, to=to))

    return _each(state, player, "sail", label)


def load_choices(state: GameState, player: int) -> list[Choice]:
    def label(a: Load) -> Content:
        return Content.assemble(
            _("Load ship {n} at {at} with ").format(**_ship_at(state, a.ship)),
            render.bean(KIND_OF[a.cards[0]], len(a.cards)),
        )

    return _each(state, player, "load", label)


def unload_choices(state: GameState, player: int) -> list[Choice]:
    def label(a: Unload) -> Content:
        return Content.assemble(
            _("Unload ship {n} at {at}: ").format(**_ship_at(state, a.ship)),
            render.bean(KIND_OF[state.ships[a.ship].cargo[0]], a.count),
        )

    return _each(state, player, "unload", label)


def store_choices(state: GameState, player: int) -> list[Choice]:
    def label(a: ToStore) -> Content:
        ship = next((i for i in state.ships_of(player) if a.card in state.ships[i].cargo), None)
        if ship is None:
            where = _("From the home Kontor: ")
        else:
            where = _("From ship {n}: ").format(n=ship_number(state, ship))
        return Content.assemble(where, render.card(a.card))

    return _each(state, player, "store", label)


def move_choices(state: GameState, player: int) -> list[Choice]:
    def label(a: KontorToField) -> Content:
        h = kontor_of_card(state, player, a.card)
        assert h is not None
        return Content.assemble(
            render.card(a.card), " → ", _place_label(state, player, h.island, a.slot)
        )

    return _each(state, player, "move", label)


def raid_targets(state: GameState, player: int) -> list[Choice]:
    """Step one of a raid: a bean in another player's Kontor (one of each kind), or a loaded ship.

    A Kontor bean's entry stands for its raids onto the raider's places (chosen
    next, ``raid_destinations``): allowed if one of them is, else with the reason.
    """
    groups: dict[int, list[RaidKontor]] = {}
    out: list[Choice] = []
    ships: list[Choice] = []
    for a in _options(state, player, "raid"):
        if isinstance(a, RaidKontor):
            groups.setdefault(a.card, []).append(a)
        elif isinstance(a, RaidShip):
            ship = state.ships[a.ship]
            label = Content.assemble(
                _("{name}'s ship {n} at {at}: ").format(
                    name=state.players[ship.owner].name, **_ship_at(state, a.ship)
                ),
                render.bean(KIND_OF[ship.cargo[0]], len(ship.cargo)),
            )
            ships.append(checked(state, label, a))
    for card, raids in groups.items():
        victim = raids[0].victim
        h = kontor_of_card(state, victim, card)
        assert h is not None
        label = Content.assemble(
            _("{name}'s Kontor on {island}: ").format(
                name=state.players[victim].name, island=_harbor_name(state, h.island)
            ),
            render.card(card),
        )
        verdicts = [checked(state, label, a) for a in raids]
        out.append(next((c for c in verdicts if c.allowed), verdicts[0]))
    return out + ships


def raid_destinations(state: GameState, raid: RaidKontor) -> list[Choice]:
    def label(a: RaidKontor) -> Content:
        return _place_label(state, raid.player, a.island, a.slot)

    return _each(state, raid.player, "raid", label, raid.card)


def player_choices(state: GameState, players: list[int]) -> list[Choice]:
    return [Choice(Content.styled(state.players[p].name, "bold"), p) for p in players]


def offer_choices(state: GameState, player: int) -> list[Choice]:
    """What ``player`` can do about the open offers: answer, confirm an answer, withdraw."""
    declines = {a.offer for a in _options(state, player, "decline") if isinstance(a, Decline)}
    withdrawals = [a for a in _options(state, player, "withdraw") if isinstance(a, Withdraw)]
    answers: list[Choice] = []
    confirms: list[Choice] = []
    withdraws: list[Choice] = []
    for o in state.offers:
        line = render.offer_line(state, o).split("\n")[0]
        if o.id in declines:  # answering opens the answer screen: accept, decline or counter
            answers.append(Choice(Content.assemble(_("Answer "), line), ("answer", o.id)))
        for w in withdrawals:
            if w.offer != o.id:
                continue
            # confirmations are not in the move list (too many to list): each answer, checked
            for p in o.answers:
                label = Content.assemble(
                    _("Confirm with {name}: ").format(name=state.players[p].name),
                    render.cards_summary(o.answers[p]),
                )
                confirms.append(checked(state, label, Confirm(player, o.id, p)))
            withdraws.append(checked(state, Content.assemble(_("Withdraw "), line), w))
    # what the player came for first: an earlier offer's withdrawal never sits (highlighted,
    # under Enter) above a later offer's confirmation
    return answers + confirms + withdraws


# -- the keys of the table ---------------------------------------------------------------

#: each key that acts on the table, and the actions that make it valid now
KEY_ACTIONS: dict[str, tuple[type, ...]] = {
    "choose_island": (ChooseIsland,),
    "plant": (Plant,),
    "plant_on": (Plant,),
    "cursor": (Plant,),
    "harvest": (Harvest,),
    "keep": (Keep,),
    "discard": (Discard,),
    "buy": (BuyField, BuyHarbor, BuyShip, BuyPirateShip),
    "sail": (Sail,),
    "load": (Load,),
    "unload": (Unload,),
    "store": (ToStore,),
    "move": (KontorToField,),
    "raid": (RaidKontor, RaidShip),
}

#: keys only the player whose turn it is uses (their refusals would tell nobody else anything)
TURN_KEYS = ("keep", "discard", "buy", "sail", "load", "unload", "store", "move", "raid")

_BUILDERS = {
    "harvest": harvest_choices,
    "keep": keep_choices,
    "discard": discard_choices,
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
        options = key_options(state, player, key, card)
        if options and not any(o.allowed for o in options):
            out[key] = list(dict.fromkeys(o.refusal for o in options if o.refusal))
    return out
