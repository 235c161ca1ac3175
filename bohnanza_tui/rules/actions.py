"""Actions: small values, one per thing a player can do.

They are treated as immutable (hashable, compared by value) but not declared
frozen: a frozen dataclass costs three times as much to build, and bots and
benchmarks build millions of them.

Cards are named by id (stable while they move), places by ``(island, slot)``
with ``slot == KONTOR`` for a Kontor (see ``state``). The text command
language (``bohnanza_tui.commands``) turns what a player types into these;
``to_dict``/``from_dict`` give the form stored in a save file's log.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from ..i18n import _


@dataclass(slots=True, unsafe_hash=True)
class Action:
    player: int

    @property
    def name(self) -> str:
        """The action's command word, as in a save file's log."""
        return NAMES[type(self)]


@dataclass(slots=True, unsafe_hash=True)
class ChooseIsland(Action):
    """Pick the turn's island when the rotation applies (R-VOY-13)."""

    island: int


@dataclass(slots=True, unsafe_hash=True, init=False)
class Plant(Action):
    """Plant a card: the hand's front card in phase 1, a kept or received card in phase 3."""

    card: int
    island: int
    slot: int

    # Written out for the two actions built most often (random play, bots' search):
    # a compiled build compiles this, where the dataclass's own would stay interpreted.
    def __init__(self, player: int, card: int, island: int, slot: int) -> None:
        self.player = player
        self.card = card
        self.island = island
        self.slot = slot


@dataclass(slots=True, unsafe_hash=True, init=False)
class Harvest(Action):
    island: int
    slot: int

    def __init__(self, player: int, island: int, slot: int) -> None:  # see Plant
        self.player = player
        self.island = island
        self.slot = slot


@dataclass(slots=True, unsafe_hash=True)
class BuyField(Action):
    """The third home field (R-BASE-4) or a second colony field (R-VOY-6)."""

    island: int


@dataclass(slots=True, unsafe_hash=True)
class EndPhase(Action):
    """End the current phase (the active player)."""


@dataclass(slots=True, unsafe_hash=True)
class Keep(Action):
    """Keep a face-up card to plant it in phase 3."""

    card: int


@dataclass(slots=True, unsafe_hash=True)
class MakeOffer(Action):
    """Offer ``give`` (own cards) to ``to`` (None: everyone) for beans of the kinds ``want``.

    An empty ``want`` is a donation, which still needs the receiver's consent.
    """

    to: int | None
    give: tuple[int, ...]
    want: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Accept(Action):
    """Answer yes to an offer, naming the cards given for it (matching its ``want``)."""

    offer: int
    give: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Decline(Action):
    offer: int


@dataclass(slots=True, unsafe_hash=True)
class Confirm(Action):
    """The active player closes an offer to everyone with one of its acceptances."""

    offer: int
    partner: int


@dataclass(slots=True, unsafe_hash=True)
class Withdraw(Action):
    offer: int


@dataclass(slots=True, unsafe_hash=True)
class Discard(Action):
    """Bean Duel (R-DUEL-4): discard a card left on offer (step 1) or one hand card (step 2)."""

    card: int


# -- Bohn Voyage ------------------------------------------------------------


@dataclass(slots=True, unsafe_hash=True)
class BuyHarbor(Action):
    island: int


@dataclass(slots=True, unsafe_hash=True)
class BuyShip(Action):
    """Buy a second merchant ship (R-VOY-11)."""


@dataclass(slots=True, unsafe_hash=True)
class BuyPirateShip(Action):
    pay: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Sail(Action):
    """Sail one ship, or two together (breaking a blockade, R-VOY-10), to ``island``."""

    ships: tuple[int, ...]
    island: int


@dataclass(slots=True, unsafe_hash=True)
class Load(Action):
    ship: int
    cards: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class Unload(Action):
    """Unload ``count`` beans into the Kontor of the island where the ship lies."""

    ship: int
    count: int


@dataclass(slots=True, unsafe_hash=True)
class ToStore(Action):
    """Put a bean from the home Kontor or a ship docked at home into the pirate store."""

    card: int


@dataclass(slots=True, unsafe_hash=True)
class KontorToField(Action):
    card: int
    slot: int


@dataclass(slots=True, unsafe_hash=True)
class RaidKontor(Action):
    victim: int
    card: int
    island: int
    slot: int
    pay: tuple[int, ...]


@dataclass(slots=True, unsafe_hash=True)
class RaidShip(Action):
    ship: int
    pay: tuple[int, ...]


# -- Guatemala Café (docs/CAFE.md) -------------------------------------------


@dataclass(slots=True, unsafe_hash=True)
class MoveBuyer(Action):
    """Move the buyer 1 row forward, or 2 for the extra step's Centavos (R-CAFE-8)."""

    steps: int


@dataclass(slots=True, unsafe_hash=True)
class Pass(Action):
    """Don't move the buyer: no action this turn (R-CAFE-9)."""


@dataclass(slots=True, unsafe_hash=True, init=False)
class Build(Action):
    """Take the piece on ``place`` of the buyer's row and place it (R-CAFE-10).

    ``target``: a field for a hut or a worker, an edge for a path, the harbor's
    kind for a ship (``cafe_data`` numbers them).
    """

    place: int
    target: int

    def __init__(self, player: int, place: int, target: int) -> None:  # see Plant
        self.player = player
        self.place = place
        self.target = target


@dataclass(slots=True, unsafe_hash=True)
class ScoreSack(Action):
    """Take the sack on ``place`` of the buyer's row to the score track (R-CAFE-19)."""

    place: int


@dataclass(slots=True, unsafe_hash=True)
class Block(Action):
    """Block the scoring with a sack of its kind from the own supply (R-CAFE-20)."""


@dataclass(slots=True, unsafe_hash=True)
class Allow(Action):
    """Let the scoring pass (R-CAFE-20)."""


@dataclass(slots=True, unsafe_hash=True)
class Refill(Action):
    """The scorer refills the scored sack's place from the own supply (R-CAFE-23)."""

    kind: int


ACTION_TYPES: Final[dict[str, type[Action]]] = {
    "island": ChooseIsland,
    "plant": Plant,
    "harvest": Harvest,
    "buy-field": BuyField,
    "end": EndPhase,
    "keep": Keep,
    "offer": MakeOffer,
    "accept": Accept,
    "decline": Decline,
    "confirm": Confirm,
    "withdraw": Withdraw,
    "discard": Discard,
    "buy-harbor": BuyHarbor,
    "buy-ship": BuyShip,
    "buy-pirate": BuyPirateShip,
    "sail": Sail,
    "load": Load,
    "unload": Unload,
    "store": ToStore,
    "move": KontorToField,
    "raid-kontor": RaidKontor,
    "raid-ship": RaidShip,
    "buyer": MoveBuyer,
    "pass": Pass,
    "build": Build,
    "score": ScoreSack,
    "block": Block,
    "allow": Allow,
    "refill": Refill,
}
#: the command word of each action class
NAMES: Final[dict[type[Action], str]] = {cls: name for name, cls in ACTION_TYPES.items()}


def to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"action": action.name}
    for f in fields(action):
        value = getattr(action, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def from_dict(data: dict[str, Any]) -> Action:
    """Build an action from its save-file form; raises ValueError on anything malformed."""
    if not isinstance(data, dict):
        raise ValueError(_("an action must be an object"))
    cls = ACTION_TYPES.get(str(data.get("action")))
    if cls is None:
        raise ValueError(_("unknown action {name!r}").format(name=data.get("action")))
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            raise ValueError(_("action {name!r} lacks {key!r}").format(name=NAMES[cls], key=f.name))
        value = data[f.name]
        if isinstance(value, list):
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise ValueError(
                    _("{name}.{key} must list whole numbers").format(name=NAMES[cls], key=f.name)
                )
            value = tuple(value)
        elif value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise ValueError(
                _("{name}.{key} must be a whole number").format(name=NAMES[cls], key=f.name)
            )
        kwargs[f.name] = value
    extra = set(data) - {"action"} - set(kwargs)
    if extra:
        raise ValueError(
            _("action {name!r} has unknown keys {keys}").format(name=NAMES[cls], keys=sorted(extra))
        )
    return cls(**kwargs)
