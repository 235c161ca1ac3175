"""The game's fixed numbers: bean kinds, beanometers, island meters, set-ups.

The JSON files in `seeds/` are read and validated once, at import, with
Pydantic; everything exported here is plain Python (ints, tuples, frozen
dataclasses) so the engine never touches Pydantic on its hot path.

A bean kind is identified everywhere by its index into `KINDS` (0..10, in the
order of the table in RULES.md section 1). Island types are the strings
"home", "A", "B" and "C".
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    PositiveInt,
    TypeAdapter,
    ValidationError,
)

from bohnanza_tui.modes import BEAN_MODES, MODES, PLAYER_COUNTS
from bohnanza_tui.resources import seeds_path

from ..i18n import _

__all__ = [
    "BEANS",
    "CARD_COUNTS",
    "COLONY_TYPES",
    "ISLAND_METERS",
    "ISLAND_TYPES",
    "KINDS",
    "KIND_INDEX",
    "MODES",
    "NORMAL_METER",
    "PLAYER_COUNTS",
    "SALE_TABLES",
    "SALE_TABLE_MAX",
    "TOTAL_CARDS",
    "BeanKind",
    "Meter",
    "RuleData",
    "RuleDataError",
    "Setup",
    "load",
    "next_coin_needs",
    "sale_coins",
    "sale_value",
    "setup_for",
]

TOTAL_CARDS: Final = 154
COLONY_TYPES: Final = ("A", "B", "C")
ISLAND_TYPES: Final = ("home", "A", "B", "C")
# Largest bean count the precomputed sale tables cover (a kind has at most 24 cards).
SALE_TABLE_MAX: Final = 160

# Beans needed for 1, 2, 3, 4 coins; None where that coin count is unreachable.
Meter = tuple[int | None, ...]


class RuleDataError(ValueError):
    """The rule data in seeds/ is malformed or contradicts RULES.md."""


# --- Pydantic models: only used while loading -------------------------------

_Threshold = Annotated[int, Field(ge=1)]
_MeterModel = tuple[_Threshold | None, _Threshold | None, _Threshold | None, _Threshold | None]
_KindKey = Annotated[str, Field(pattern=r"^[a-z][a-z-]*$")]
_ColonyType = Literal["A", "B", "C"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _BeanModel(_Model):
    key: _KindKey
    german: str
    dutch: str | None = None
    bulgarian: str | None = None
    cards: PositiveInt
    beanometer: _MeterModel


class _ClassicSetupModel(_Model):
    removed: tuple[_KindKey, ...]
    hand_sizes: tuple[PositiveInt, ...]
    third_field_cost: NonNegativeInt | None
    draw: PositiveInt
    exhaustion_limit: PositiveInt
    home_kontor: NonNegativeInt
    turn_up: PositiveInt = 2
    duel: bool = False


class _VoyageSetupModel(_ClassicSetupModel):
    colonies: tuple[_ColonyType, ...]
    second_colony_field_cost: NonNegativeInt
    harbor_cost: NonNegativeInt
    ship_cost: NonNegativeInt
    pirate_ship_beans: PositiveInt
    raid_beans: PositiveInt
    colony_kontor: NonNegativeInt
    max_ships: PositiveInt


class _SetupsModel(_Model):
    classic: dict[str, _ClassicSetupModel]
    voyage: dict[str, _VoyageSetupModel]


_BEANS_ADAPTER: Final = TypeAdapter(tuple[_BeanModel, ...])
_ISLANDS_ADAPTER: Final = TypeAdapter(dict[_ColonyType, dict[_KindKey, _MeterModel]])
_SETUPS_ADAPTER: Final = TypeAdapter(_SetupsModel)


# --- Plain values exported to the engine -------------------------------------


@dataclass(frozen=True, slots=True)
class BeanKind:
    """One kind of bean, as printed on its cards."""

    index: int
    key: str
    german: str
    dutch: str | None
    bulgarian: str | None
    cards: int
    beanometer: Meter


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything that depends on the mode and the player count.

    A price of None means the thing cannot be bought in this set-up
    (classic with 3 players: the third field; classic: everything of
    Bohn Voyage). Capacities and counts of things that do not exist are 0.
    """

    mode: str
    players: int
    removed: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    third_field_cost: int | None
    draw: int
    exhaustion_limit: int
    home_kontor: int
    colonies: tuple[str, ...]
    harbor_cost: int | None
    second_colony_field_cost: int | None
    ship_cost: int | None
    pirate_ship_beans: int | None
    raid_beans: int | None
    colony_kontor: int
    max_ships: int
    #: cards turned up in phase 2 (R-BASE-8) or in step 3 of the Bean Duel (R-DUEL-4)
    turn_up: int = 2
    #: two players play the Bean Duel (RULES.md section 5)
    duel: bool = False

    @property
    def is_voyage(self) -> bool:
        return self.mode == "voyage"

    @property
    def starts_with_third_field(self) -> bool:
        """R-BASE-4: with 3 classic players everyone starts with it (and none is sold)."""
        return self.third_field_cost is None

    @property
    def deck_kinds(self) -> tuple[int, ...]:
        """Indices of the kinds that are in the deck, in table order."""
        return tuple(k for k in range(len(KINDS)) if k not in self.removed)

    @property
    def deck_size(self) -> int:
        return sum(CARD_COUNTS[k] for k in self.deck_kinds)


@dataclass(frozen=True, slots=True)
class RuleData:
    """The validated contents of one seeds/ folder."""

    beans: tuple[BeanKind, ...]
    island_meters: dict[str, tuple[Meter, ...]]
    setups: dict[tuple[str, int], Setup]


def sale_value(meter: Meter, n: int) -> int:
    """Coins for selling n beans: the largest coin count whose threshold is <= n, else 0."""
    for coins in range(len(meter), 0, -1):
        threshold = meter[coins - 1]
        if threshold is not None and threshold <= n:
            return coins
    return 0


def _next_need(meter: Meter, n: int) -> int | None:
    # Thresholds strictly increase, so the first one above n is the next coin.
    for threshold in meter:
        if threshold is not None and threshold > n:
            return threshold - n
    return None


def _check_meter(meter: Meter, where: str) -> None:
    present = [t for t in meter if t is not None]
    if not present:
        raise RuleDataError(f"{where}: a beanometer needs at least one reachable coin")
    if any(b <= a for a, b in itertools.pairwise(present)):
        raise RuleDataError(f"{where}: beanometer thresholds must strictly increase: {meter}")


def _read(directory: Path, name: str) -> str:
    try:
        return (directory / name).read_text(encoding="utf-8")
    except OSError as exc:
        raise RuleDataError(f"cannot read rule data {directory / name}: {exc}") from exc


def _validate_beans(text: str) -> tuple[BeanKind, ...]:
    try:
        models = _BEANS_ADAPTER.validate_json(text)
    except ValidationError as exc:
        raise RuleDataError(f"beans.json: {exc}") from exc
    keys = [m.key for m in models]
    if len(set(keys)) != len(keys):
        raise RuleDataError(f"beans.json: duplicate kind keys in {keys}")
    total = sum(m.cards for m in models)
    if total != TOTAL_CARDS:
        raise RuleDataError(
            f"beans.json: {total} cards in all, RULES.md section 1 has {TOTAL_CARDS}"
        )
    for m in models:
        _check_meter(m.beanometer, f"beans.json {m.key}")
    return tuple(
        BeanKind(i, m.key, m.german, m.dutch, m.bulgarian, m.cards, m.beanometer)
        for i, m in enumerate(models)
    )


def _validate_islands(text: str, beans: Sequence[BeanKind]) -> dict[str, tuple[Meter, ...]]:
    try:
        tables = _ISLANDS_ADAPTER.validate_json(text)
    except ValidationError as exc:
        raise RuleDataError(f"islands.json: {exc}") from exc
    if set(tables) != set(COLONY_TYPES):
        raise RuleDataError(f"islands.json: needs exactly the island types {COLONY_TYPES}")
    known = {b.key for b in beans}
    normal = tuple(b.beanometer for b in beans)
    meters: dict[str, tuple[Meter, ...]] = {"home": normal}
    for island in COLONY_TYPES:
        table = tables[island]
        unknown = sorted(set(table) - known)
        if unknown:
            raise RuleDataError(f"islands.json {island}: unknown kinds {unknown}")
        for key, meter in table.items():
            _check_meter(meter, f"islands.json {island} {key}")
        meters[island] = tuple(table.get(b.key, b.beanometer) for b in beans)
    return meters


def _validate_setups(text: str, beans: Sequence[BeanKind]) -> dict[tuple[str, int], Setup]:
    try:
        model = _SETUPS_ADAPTER.validate_json(text)
    except ValidationError as exc:
        raise RuleDataError(f"setups.json: {exc}") from exc
    index = {b.key: b.index for b in beans}
    by_mode: dict[str, Mapping[str, _ClassicSetupModel]] = {
        "classic": model.classic,
        "voyage": model.voyage,
    }
    setups: dict[tuple[str, int], Setup] = {}
    for mode in BEAN_MODES:
        entries = by_mode[mode]
        expected = {str(n) for n in PLAYER_COUNTS[mode]}
        if set(entries) != expected:
            raise RuleDataError(
                f"setups.json {mode}: needs set-ups for exactly {sorted(expected)} players, "
                f"has {sorted(entries)}"
            )
        for count_text, entry in entries.items():
            players = int(count_text)
            where = f"setups.json {mode} {players}"
            if len(entry.hand_sizes) != players:
                raise RuleDataError(f"{where}: {len(entry.hand_sizes)} hand sizes for {players}")
            unknown = [k for k in entry.removed if k not in index]
            if unknown or len(set(entry.removed)) != len(entry.removed):
                raise RuleDataError(f"{where}: bad removed kinds {list(entry.removed)}")
            setup = _make_setup(mode, players, entry, index)
            _check_duel(setup, where)
            in_deck = sum(b.cards for b in beans if b.index not in setup.removed)
            if sum(setup.hand_sizes) >= in_deck:
                raise RuleDataError(f"{where}: the hands would use up the whole deck")
            setups[mode, players] = setup
    return setups


def _check_duel(setup: Setup, where: str) -> None:
    """Two players play the Bean Duel, and only they (RULES.md section 5)."""
    if setup.duel != (setup.players == 2):
        raise RuleDataError(f"{where}: the Bean Duel ('duel') is the game of exactly 2 players")
    if not setup.duel:
        return
    if setup.mode != "classic":
        raise RuleDataError(f"{where}: the Bean Duel is played in classic mode")
    if setup.third_field_cost is not None:
        raise RuleDataError(
            f"{where}: in the Bean Duel everyone starts with three fields (R-DUEL-1)"
        )
    if setup.exhaustion_limit != 1:
        raise RuleDataError(f"{where}: the Bean Duel ends when the deck first runs out (R-DUEL-5)")


def _make_setup(
    mode: str, players: int, entry: _ClassicSetupModel, index: Mapping[str, int]
) -> Setup:
    voyage = entry if isinstance(entry, _VoyageSetupModel) else None
    if voyage is not None and not voyage.colonies:
        raise RuleDataError(f"setups.json {mode} {players}: no colony islands")
    return Setup(
        mode=mode,
        players=players,
        removed=tuple(sorted(index[k] for k in entry.removed)),
        hand_sizes=tuple(entry.hand_sizes),
        third_field_cost=entry.third_field_cost,
        draw=entry.draw,
        exhaustion_limit=entry.exhaustion_limit,
        home_kontor=entry.home_kontor,
        colonies=tuple(voyage.colonies) if voyage else (),
        harbor_cost=voyage.harbor_cost if voyage else None,
        second_colony_field_cost=voyage.second_colony_field_cost if voyage else None,
        ship_cost=voyage.ship_cost if voyage else None,
        pirate_ship_beans=voyage.pirate_ship_beans if voyage else None,
        raid_beans=voyage.raid_beans if voyage else None,
        colony_kontor=voyage.colony_kontor if voyage else 0,
        max_ships=voyage.max_ships if voyage else 0,
        turn_up=entry.turn_up,
        duel=entry.duel,
    )


def load(directory: Path) -> RuleData:
    """Read and validate beans.json, islands.json and setups.json from `directory`.

    Raises RuleDataError naming the file and the problem.
    """
    beans = _validate_beans(_read(directory, "beans.json"))
    meters = _validate_islands(_read(directory, "islands.json"), beans)
    setups = _validate_setups(_read(directory, "setups.json"), beans)
    return RuleData(beans=beans, island_meters=meters, setups=setups)


_DATA: Final = load(seeds_path())

BEANS: Final[tuple[BeanKind, ...]] = _DATA.beans
KINDS: Final[tuple[str, ...]] = tuple(b.key for b in BEANS)
KIND_INDEX: Final[dict[str, int]] = {key: i for i, key in enumerate(KINDS)}
CARD_COUNTS: Final[tuple[int, ...]] = tuple(b.cards for b in BEANS)
NORMAL_METER: Final[tuple[Meter, ...]] = tuple(b.beanometer for b in BEANS)
ISLAND_METERS: Final[dict[str, tuple[Meter, ...]]] = _DATA.island_meters

# SALE_TABLES[island_type][kind][n] -> coins for n in 0..SALE_TABLE_MAX.
SALE_TABLES: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    island: tuple(
        tuple(sale_value(meter, n) for n in range(SALE_TABLE_MAX + 1)) for meter in meters
    )
    for island, meters in ISLAND_METERS.items()
}
_NEXT_NEEDS: Final[dict[str, tuple[tuple[int | None, ...], ...]]] = {
    island: tuple(
        tuple(_next_need(meter, n) for n in range(SALE_TABLE_MAX + 1)) for meter in meters
    )
    for island, meters in ISLAND_METERS.items()
}
_SETUPS: Final = _DATA.setups


def sale_coins(island_type: str, kind: int, n: int) -> int:
    """Coins for selling n beans of `kind` on an island of `island_type`."""
    if 0 <= n <= SALE_TABLE_MAX:
        return SALE_TABLES[island_type][kind][n]
    return sale_value(ISLAND_METERS[island_type][kind], n)


def next_coin_needs(island_type: str, kind: int, n: int) -> int | None:
    """Beans still needed, on top of n, for the next higher coin count; None if none."""
    if 0 <= n <= SALE_TABLE_MAX:
        return _NEXT_NEEDS[island_type][kind][n]
    if n < 0:
        raise ValueError(f"a field cannot hold {n} beans")
    return _next_need(ISLAND_METERS[island_type][kind], n)


def setup_for(mode: str, players: int) -> Setup:
    """The set-up for `mode` ("classic" or "voyage") with `players` players."""
    counts = PLAYER_COUNTS.get(mode) if mode in BEAN_MODES else None
    if counts is None:
        raise ValueError(
            _("unknown mode {mode!r}: choose one of {modes}").format(
                mode=mode, modes=", ".join(BEAN_MODES)
            )
        )
    setup = _SETUPS.get((mode, players))
    if setup is None:
        raise ValueError(
            _("{mode} is played by {low} to {high} players, not {n}").format(
                mode=mode, low=counts[0], high=counts[-1], n=players
            )
        )
    return setup
