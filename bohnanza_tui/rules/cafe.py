"""Guatemala Café (mode ``cafe``, docs/CAFE.md): its state, its actions' rules, the move list.

A game of its own beside Bohnanza: no Bohnanza rule applies to it. It shares
the actions' base class and their save form (``actions``), the refusals and
events (``outcome``), the limits on names and seeds (``limits``); its boards
and numbers are ``cafe_data`` (seeds/cafe.json).

    state = new_game(["Ann", "Bob", "Cy"], seed=7, side="fixed")
    legal_actions(state, player); check(state, action); apply(state, action)
    view(state, player); standings(state); pending_players(state)

Where things are (see ``cafe_data`` for the numbering):

- ``places``: the growing-area board, a piece code per place (``cafe_data.EMPTY``,
  a sack's kind 0..4, ``HUT``, ``WORKER``, ``PATH``, ``SHIP + kind``);
- ``cell_piece`` / ``cell_plant``: the plantation board's fields: the piece
  (EMPTY, HUT, WORKER) and the plantation it belongs to (index into
  ``plantations``, -1 for none); plantations never merge (R-CAFE-13), so a
  field's plantation never changes;
- ``paths``: 1 on an edge that holds a path; ``ships``: ships per harbor
  (the harbor of each kind, D-CAFE-9); ``track``: the sacks on the score
  track, the first on the last marked place, each later one a place lower;
- ``players[p].sacks``: sacks of each kind in the secret supply (in a view of
  another player: empty, with ``hidden`` their number, D-CAFE-18).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from ..i18n import N_, _
from .actions import Action, Allow, Block, Build, EndPhase, MoveBuyer, Pass, Refill, ScoreSack
from .cafe_data import (
    BAG,
    BANK,
    CELL_CORNERS,
    CELL_NEIGHBOURS,
    CELLS,
    COLUMNS,
    EDGE_ENDS,
    EDGES,
    EMPTY,
    EXTRA_STEP_COST,
    FIXED_LAYOUT,
    H_EDGES,
    HARBOR_POINT,
    HUT,
    HUT_COST,
    KINDS,
    MAX_BUILD,
    PATH,
    PATH_STOCK,
    PLACES,
    POINT_EDGES,
    ROW_COUNT,
    ROW_LENGTH,
    ROWS,
    SACKS_PER_KIND,
    SCORE_MARKED,
    SCORING_PAY,
    SHIP,
    SHIP_COSTS,
    START_CENTAVOS,
    START_MARKERS,
    WHITE,
    WORKER,
    WORKER_COST,
    Side,
    side_for,
)
from .limits import name_problem, seed_problem
from .outcome import Event, IllegalAction, Plural, Refusal

MODE: Final = "cafe"
#: the plantation board's side by player count (R-CAFE-2)
BOARDS: Final[tuple[Side, ...]] = tuple(side_for(max(n, 2)) for n in range(5))
SIDES: Final = ("fixed", "variable")
PLAYER_COUNTS: Final = (2, 3, 4)
HIDDEN: Final = -1
KIND_COUNT: Final = len(KINDS)
BERTHS: Final = len(SHIP_COSTS)

# phases of a turn
MOVE: Final = "move"  # move the buyer or pass (R-CAFE-8, R-CAFE-9)
ACT: Final = "act"  # build (R-CAFE-10) or score (R-CAFE-19)
BLOCK: Final = "block"  # the asked player blocks or allows (R-CAFE-20)
REFILL: Final = "refill"  # the scorer refills the place (R-CAFE-23)
GAME_OVER: Final = "game_over"


@dataclass(slots=True)
class Plantation:
    """One player's group of touching pieces (D-CAFE-6): at most one hut, one marker."""

    owner: int
    #: the hut's field, -1 before it is built
    hut: int
    #: the field carrying the ownership marker (the hut, or the first worker)
    marker: int
    workers: int

    def copy(self) -> Plantation:
        return Plantation(self.owner, self.hut, self.marker, self.workers)


@dataclass(slots=True)
class CafePlayer:
    name: str
    centavos: int = START_CENTAVOS
    score: int = 0
    #: ownership markers still in the supply (R-CAFE-7)
    markers: int = START_MARKERS
    #: secret sacks, a count per kind (R-CAFE-5); empty in another player's view
    sacks: list[int] = field(default_factory=lambda: [0] * KIND_COUNT)
    #: in another player's view: how many sacks this player holds (D-CAFE-18)
    hidden: int = 0

    def copy(self) -> CafePlayer:
        return CafePlayer(
            self.name, self.centavos, self.score, self.markers, self.sacks[:], self.hidden
        )

    @property
    def sack_count(self) -> int:
        return self.hidden if not self.sacks else sum(self.sacks)


@dataclass(slots=True)
class CafeState:
    seed: int
    side: str
    players: list[CafePlayer]
    places: list[int]
    cell_piece: list[int]
    cell_plant: list[int]
    plantations: list[Plantation]
    paths: list[int]
    ships: list[int]
    ships_out: int
    track: list[int]
    #: the bag, its next sack at the end (D-CAFE-17); HIDDEN entries in a view
    bag: list[int]
    path_stock: int
    bank: int
    #: the buyer's row, -1 before the first move (D-CAFE-3)
    buyer: int = -1
    active: int = 0
    phase: str = MOVE
    turn: int = 1
    #: pieces built this turn (R-CAFE-10)
    built: int = 0
    #: places of the buyer's row freed by this turn's building (R-CAFE-18)
    freed: list[int] = field(default_factory=list)
    #: the scoring in progress: the scored sack's place and kind, the player asked
    scoring_place: int = -1
    scoring_kind: int = -1
    asking: int = -1
    #: turns in a row without building or scoring (D-CAFE-16)
    idle: int = 0
    #: how many sacks have come from the bag (a draw reveals a sack: undo stops there)
    drawn: int = 0

    def copy(self) -> CafeState:
        return CafeState(
            self.seed,
            self.side,
            [p.copy() for p in self.players],
            self.places[:],
            self.cell_piece[:],
            self.cell_plant[:],
            [p.copy() for p in self.plantations],
            self.paths[:],
            self.ships[:],
            self.ships_out,
            self.track[:],
            self.bag[:],
            self.path_stock,
            self.bank,
            self.buyer,
            self.active,
            self.phase,
            self.turn,
            self.built,
            self.freed[:],
            self.scoring_place,
            self.scoring_kind,
            self.asking,
            self.idle,
            self.drawn,
        )

    @property
    def mode(self) -> str:
        return MODE

    @property
    def over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def board(self) -> Side:
        """The plantation board's side for this player count (R-CAFE-2)."""
        return BOARDS[len(self.players)]

    @property
    def covered(self) -> bool:
        """R-CAFE-6: with 3 players the left path's hut sites are covered."""
        return len(self.players) == 3

    def row_places(self) -> range:
        """The places of the buyer's row (empty before the first move)."""
        if self.buyer < 0:
            return range(0)
        return range(self.buyer * ROW_LENGTH, (self.buyer + 1) * ROW_LENGTH)

    def lowest_sack(self) -> int:
        """The score track's place of its lowest sack (R-CAFE-24)."""
        return SCORE_MARKED[len(self.players)] - len(self.track) + 1


# -- labels ------------------------------------------------------------------------------


def field_label(cell: int) -> str:
    """A field as players name it: row letter A-F, column 1-10 ("C7")."""
    r, c = divmod(cell, COLUMNS)
    return f"{chr(ord('A') + r)}{c + 1}"


def edge_label(edge: int) -> str:
    """An edge as a side of a field: "C7n", "C7e", "C7s" or "C7w" (north, east, south, west)."""
    if edge < H_EDGES:
        r, c = divmod(edge, COLUMNS)
        return (
            field_label(r * COLUMNS + c) + "n"
            if r < ROWS
            else field_label((r - 1) * COLUMNS + c) + "s"
        )
    r, c = divmod(edge - H_EDGES, COLUMNS + 1)
    return (
        field_label(r * COLUMNS + c) + "w"
        if c < COLUMNS
        else field_label(r * COLUMNS + c - 1) + "e"
    )


def field_edge(cell: int, side: str) -> int:
    """The edge on one side ("n", "e", "s", "w") of a field."""
    r, c = divmod(cell, COLUMNS)
    if side == "n":
        return r * COLUMNS + c
    if side == "s":
        return (r + 1) * COLUMNS + c
    if side == "w":
        return H_EDGES + r * (COLUMNS + 1) + c
    return H_EDGES + r * (COLUMNS + 1) + c + 1


def place_number(place: int) -> int:
    """A place's number within its row, 1 to ROW_LENGTH (the commands use the same)."""
    return place % ROW_LENGTH + 1


# -- a new game --------------------------------------------------------------------------


def new_game(names: list[str], seed: int | None = None, side: str = "fixed") -> CafeState:
    """Set up a game (R-CAFE-1..7, D-CAFE-5); the same seed sets up the same game."""
    names = [n.strip() for n in names]
    if len(names) not in PLAYER_COUNTS:
        raise ValueError(_("Guatemala Café is played by 2 to 4 players"))
    if side not in SIDES:
        raise ValueError(_("the growing-area board's side is fixed or variable"))
    problem = name_problem(names) or (seed_problem(seed) if seed is not None else None)
    if problem:
        raise ValueError(problem)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed * 1_000_003 + 77)
    n = len(names)
    places = list(FIXED_LAYOUT)
    if side == "variable":  # R-CAFE-4
        others = [i for i in range(PLACES) if i not in WHITE]
        pieces = [places[i] for i in others]
        rng.shuffle(pieces)
        for i, piece in zip(others, pieces, strict=True):
            places[i] = piece
    sacks = [k for k in range(KIND_COUNT) for _ in range(SACKS_PER_KIND)]
    rng.shuffle(sacks)
    for i in WHITE:  # R-CAFE-3
        places[i] = sacks.pop()
    track = [sacks.pop()]  # R-CAFE-5
    bag = [sacks.pop() for _ in range(BAG)]
    players = [CafePlayer(name) for name in names]
    p = 0
    while sacks:
        players[p].sacks[sacks.pop()] += 1
        p = (p + 1) % n
    return CafeState(
        seed,
        side,
        players,
        places,
        [EMPTY] * CELLS,
        [-1] * CELLS,
        [],
        [0] * EDGES,
        [0] * KIND_COUNT,
        0,
        track,
        bag,
        PATH_STOCK,
        BANK - START_CENTAVOS * n,
    )


# -- small rules -------------------------------------------------------------------------


def refuse(rule: str, msgid: str, **params: object) -> Refusal:
    return Refusal(rule, msgid, params)


def event(msgid: str | Plural, **params: object) -> Event:
    return Event(msgid, params)


GAME_IS_OVER: Final = Refusal("R-CAFE-24", N_("the game is over"), {})


def _check_turn(state: CafeState, player: int, phase: str) -> Refusal | None:
    if state.phase == GAME_OVER:
        return GAME_IS_OVER
    if not 0 <= player < len(state.players):
        return refuse("D-CAFE-24", N_("there is no such player"))
    if state.phase == BLOCK or state.phase == REFILL:
        if phase != state.phase:
            if state.phase == BLOCK:
                return refuse(
                    "R-CAFE-20",
                    N_("{name} is asked whether to block the scoring"),
                    name=state.players[state.asking].name,
                )
            return refuse(
                "R-CAFE-23",
                N_("{name} refills the scored sack's place first"),
                name=state.players[state.active].name,
            )
        if phase == BLOCK and player != state.asking:
            return refuse(
                "D-CAFE-24",
                N_("{name} is asked whether to block the scoring"),
                name=state.players[state.asking].name,
            )
    elif phase == BLOCK:
        return refuse("R-CAFE-20", N_("no scoring is waiting for an answer"))
    elif phase == REFILL:
        return refuse("R-CAFE-23", N_("no place is waiting for a sack"))
    if player != state.active and phase != BLOCK:
        return refuse("D-CAFE-24", N_("it is {name}'s turn"), name=state.players[state.active].name)
    if phase == MOVE and state.phase != MOVE:
        return refuse("R-CAFE-8", N_("the buyer moves once a turn, at its start"))
    if phase == ACT and state.phase != ACT:
        return refuse("R-CAFE-8", N_("move the buyer first"))
    return None


def adjacent_plantations(state: CafeState, player: int, cell: int) -> list[int]:
    """The player's plantations next to a field (D-CAFE-8), each once."""
    out: list[int] = []
    plants = state.plantations
    for n in CELL_NEIGHBOURS[cell]:
        pid = state.cell_plant[n]
        if pid >= 0 and plants[pid].owner == player and pid not in out:
            out.append(pid)
    return out


def has_hut_of(state: CafeState, player: int, kind: int) -> bool:
    hut_kind = state.board.hut_kind
    for pl in state.plantations:
        if pl.owner == player and pl.hut >= 0 and hut_kind[pl.hut] == kind:
            return True
    return False


def ship_has_plantation(state: CafeState, kind: int) -> bool:
    """D-CAFE-9: some hut of this kind stands where printed paths lead to its harbor."""
    board = state.board
    for pl in state.plantations:
        if pl.hut >= 0 and board.hut_kind[pl.hut] == kind and kind in board.reaches[pl.hut]:
            return True
    return False


def connected(state: CafeState, cell: int, kind: int) -> bool:
    """R-CAFE-17: paths link a corner of the field to the harbor of the kind."""
    goal = HARBOR_POINT[kind]
    seen = list(CELL_CORNERS[cell])
    if goal in seen:
        return True
    todo = seen[:]
    paths = state.paths
    while todo:
        v = todo.pop()
        for e in POINT_EDGES[v]:
            if paths[e]:
                a, b = EDGE_ENDS[e]
                w = b if a == v else a
                if w == goal:
                    return True
                if w not in seen:
                    seen.append(w)
                    todo.append(w)
    return False


def ship_cost(state: CafeState, kind: int) -> int:
    """R-CAFE-11: the first, second, third ship in a harbor costs 2, 3, 4."""
    return SHIP_COSTS[state.ships[kind]]


def piece_cost(state: CafeState, piece: int, target: int) -> int:
    if piece == HUT:
        return HUT_COST[target]
    if piece == WORKER:
        return WORKER_COST[target]
    if piece >= SHIP:
        return ship_cost(state, piece - SHIP)
    return 0


def _check_coins(state: CafeState, player: int, cost: int, rule: str) -> Refusal | None:
    have = state.players[player].centavos
    if have < cost:
        return refuse(
            rule, N_("that costs {cost} Centavos and you have {have}"), cost=cost, have=have
        )
    return None


# -- moving the buyer, passing -------------------------------------------------------------


def check_move(state: CafeState, a: MoveBuyer) -> Refusal | None:
    r = _check_turn(state, a.player, MOVE)
    if r:
        return r
    if a.steps != 1 and a.steps != 2:
        return refuse("R-CAFE-8", N_("the buyer moves one row, or two with the extra step"))
    if a.steps == 2:
        return _check_coins(state, a.player, EXTRA_STEP_COST, "R-CAFE-8")
    return None


def move_buyer(state: CafeState, a: MoveBuyer) -> list[Event]:
    p = state.players[a.player]
    state.buyer = (state.buyer + a.steps) % ROW_COUNT
    state.phase = ACT
    if a.steps == 2:
        p.centavos -= EXTRA_STEP_COST
        state.bank += EXTRA_STEP_COST
        events = [
            event(
                N_("{name} pays {cost} Centavos and moves the buyer two rows, to row {row}."),
                name=p.name,
                cost=EXTRA_STEP_COST,
                row=state.buyer + 1,
            )
        ]
    else:
        events = [
            event(N_("{name} moves the buyer to row {row}."), name=p.name, row=state.buyer + 1)
        ]
    if not any_action(state):  # D-CAFE-11
        events.append(
            event(N_("Nothing in row {row} can be taken: the turn ends."), row=state.buyer + 1)
        )
        _end_turn(state, False)
    return events


def check_pass(state: CafeState, a: Pass) -> Refusal | None:
    if state.phase == ACT and a.player == state.active:
        return refuse("R-CAFE-9", N_("only a player who has not moved the buyer can pass"))
    return _check_turn(state, a.player, MOVE)


def pass_turn(state: CafeState, a: Pass) -> list[Event]:
    events = [event(N_("{name} passes."), name=state.players[a.player].name)]
    _end_turn(state, False)
    return events


# -- building ------------------------------------------------------------------------------


def check_target(state: CafeState, player: int, piece: int, target: int) -> Refusal | None:
    """Can ``player`` place ``piece`` on ``target`` now (R-CAFE-11..17)? Costs last."""
    board = state.board
    if piece in (HUT, WORKER):
        if not 0 <= target < CELLS:
            return refuse(
                "R-CAFE-14" if piece == HUT else "R-CAFE-15", N_("there is no such field")
            )
        kind = board.hut_kind[target]
        if piece == HUT:
            if kind < 0:
                return refuse("R-CAFE-14", N_("huts are built only on hut sites"))
            if state.covered and board.left_path[target]:
                return refuse(
                    "R-CAFE-6", N_("with 3 players the left path's hut sites are covered")
                )
        elif kind >= 0:
            return refuse("R-CAFE-15", N_("a worker never stands on a hut site"))
        if state.cell_piece[target] != EMPTY:
            return refuse("D-CAFE-7", N_("that field is taken"))
        if piece == HUT and has_hut_of(state, player, kind):
            return refuse(
                "R-CAFE-12",
                N_("you grow {coffee} on a plantation already (one plantation per kind)"),
                coffee=kind,
            )
        near = adjacent_plantations(state, player, target)
        if len(near) > 1:
            return refuse("R-CAFE-13", N_("your own plantations never touch"))
        if near:
            if piece == HUT and state.plantations[near[0]].hut >= 0:
                return refuse(
                    "R-CAFE-13",
                    N_(
                        "that field touches your plantation that has its hut; own plantations never touch"
                    ),
                )
        elif state.players[player].markers <= 0:
            return refuse(
                "D-CAFE-6",
                N_("a new plantation needs an ownership marker and yours are all on the board"),
            )
        cost = HUT_COST[target] if piece == HUT else WORKER_COST[target]
        return _check_coins(state, player, cost, "R-CAFE-11")
    if piece >= SHIP:
        kind = piece - SHIP
        if target != kind:
            return refuse("D-CAFE-9", N_("a ship goes into the harbor of its kind"))
        if state.ships[kind] >= BERTHS:
            return refuse("D-CAFE-4", N_("the {coffee} harbor is full"), coffee=kind)
        if not ship_has_plantation(state, kind):
            return refuse(
                "R-CAFE-16",
                N_("no {coffee} plantation is joined to the {coffee} harbor by a printed path"),
                coffee=kind,
            )
        return _check_coins(state, player, ship_cost(state, kind), "R-CAFE-11")
    if piece == PATH:
        if not 0 <= target < EDGES:
            return refuse("R-CAFE-17", N_("there is no such edge"))
        if not board.allowed[target]:
            return refuse("R-CAFE-17", N_("paths go only on the printed paths"))
        if state.paths[target]:
            return refuse("R-CAFE-17", N_("that edge has a path already"))
        return None
    return refuse("R-CAFE-10", N_("that place holds no piece to build"))


def check_build(state: CafeState, a: Build) -> Refusal | None:
    r = _check_turn(state, a.player, ACT)
    if r:
        return r
    if state.built >= MAX_BUILD:  # pragma: no cover - the building ends by itself
        return refuse("R-CAFE-10", N_("at most 3 pieces are built in a turn"))
    if a.place not in state.row_places():
        return refuse("R-CAFE-10", N_("pieces are taken from the buyer's row"))
    piece = state.places[a.place]
    if piece == EMPTY:
        return refuse("R-CAFE-10", N_("that place is empty"))
    if piece < KIND_COUNT:
        return refuse("R-CAFE-10", N_("a sack is scored, not built"))
    return check_target(state, a.player, piece, a.target)


def _place_piece(state: CafeState, player: int, piece: int, target: int) -> None:
    if piece >= SHIP:
        state.ships[piece - SHIP] += 1
        return
    if piece == PATH:
        state.paths[target] = 1
        return
    near = adjacent_plantations(state, player, target)
    state.cell_piece[target] = piece
    if near:
        pid = near[0]
        pl = state.plantations[pid]
        if piece == HUT:
            pl.hut = target
            pl.marker = target  # D-CAFE-7: the marker moves onto the hut
        else:
            pl.workers += 1
    else:
        pid = len(state.plantations)
        state.plantations.append(
            Plantation(player, target if piece == HUT else -1, target, 1 if piece == WORKER else 0)
        )
        state.players[player].markers -= 1
    state.cell_plant[target] = pid


def build(state: CafeState, a: Build) -> list[Event]:
    p = state.players[a.player]
    piece = state.places[a.place]
    cost = piece_cost(state, piece, a.target)
    p.centavos -= cost
    state.bank += cost
    _place_piece(state, a.player, piece, a.target)
    state.places[a.place] = EMPTY
    state.freed.append(a.place)
    state.built += 1
    if piece == HUT:
        ev = event(
            Plural(
                "{name} builds a hut on {field} for {cost} Centavo.",
                "{name} builds a hut on {field} for {cost} Centavos.",
                "cost",
            ),
            name=p.name,
            field=field_label(a.target),
            cost=cost,
        )
    elif piece == WORKER:
        ev = event(
            Plural(
                "{name} places a worker on {field} for {cost} Centavo.",
                "{name} places a worker on {field} for {cost} Centavos.",
                "cost",
            ),
            name=p.name,
            field=field_label(a.target),
            cost=cost,
        )
    elif piece == PATH:
        ev = event(N_("{name} lays a path on {edge}."), name=p.name, edge=edge_label(a.target))
    else:
        ev = event(
            N_("{name} puts a ship into the {coffee} harbor for {cost} Centavos."),
            name=p.name,
            coffee=piece - SHIP,
            cost=cost,
        )
    events = [ev]
    if state.built >= MAX_BUILD or not can_build(state):
        _finish_building(state, events)
    return events


def check_end(state: CafeState, a: EndPhase) -> Refusal | None:
    r = _check_turn(state, a.player, ACT)
    if r:
        return r
    if state.built == 0:
        return refuse("D-CAFE-11", N_("take an action: build or score (or pass before moving)"))
    return None


def end_building(state: CafeState, a: EndPhase) -> list[Event]:
    events: list[Event] = []
    _finish_building(state, events)
    return events


def _finish_building(state: CafeState, events: list[Event]) -> None:
    """R-CAFE-18: refill the freed places with paths from the stock, end the turn."""
    refilled = 0
    for place in sorted(state.freed):
        if state.path_stock <= 0:  # D-CAFE-12
            break
        state.places[place] = PATH
        state.path_stock -= 1
        refilled += 1
    if refilled:
        events.append(
            event(
                Plural(
                    "{n} path from the stock refills the row.",
                    "{n} paths from the stock refill the row.",
                    "n",
                ),
                n=refilled,
            )
        )
    _end_turn(state, True)


# -- scoring -------------------------------------------------------------------------------


def check_score(state: CafeState, a: ScoreSack) -> Refusal | None:
    r = _check_turn(state, a.player, ACT)
    if r:
        return r
    if state.built:
        return refuse("R-CAFE-8", N_("one action a turn: you are building"))
    if a.place not in state.row_places():
        return refuse("R-CAFE-19", N_("the sack is taken from the buyer's row"))
    if not 0 <= state.places[a.place] < KIND_COUNT:
        return refuse("R-CAFE-19", N_("there is no sack on that place"))
    return None


def score_sack(state: CafeState, a: ScoreSack) -> list[Event]:
    p = state.players[a.player]
    kind = state.places[a.place]
    state.places[a.place] = EMPTY
    state.track.append(kind)
    pay = min(SCORING_PAY, state.bank)  # D-CAFE-14
    state.bank -= pay
    p.centavos += pay
    state.scoring_place = a.place
    state.scoring_kind = kind
    state.asking = (a.player + 1) % len(state.players)
    state.phase = BLOCK
    return [
        event(
            N_(
                "{name} scores a {coffee} sack, puts it on place {at} of the score track and takes {pay} Centavos."
            ),
            name=p.name,
            coffee=kind,
            at=state.lowest_sack(),
            pay=pay,
        )
    ]


def check_block(state: CafeState, a: Block) -> Refusal | None:
    r = _check_turn(state, a.player, BLOCK)
    if r:
        return r
    if state.players[a.player].sacks[state.scoring_kind] <= 0:
        return refuse(
            "R-CAFE-20",
            N_("blocking needs a {coffee} sack from your supply"),
            coffee=state.scoring_kind,
        )
    return None


def block(state: CafeState, a: Block) -> list[Event]:
    kind = state.scoring_kind
    state.players[a.player].sacks[kind] -= 1
    state.places[state.scoring_place] = kind
    events = [
        event(
            N_("{name} blocks the scoring with a {coffee} sack."),
            name=state.players[a.player].name,
            coffee=kind,
        )
    ]
    _scoring_done(state, events)
    return events


def check_allow(state: CafeState, a: Allow) -> Refusal | None:
    return _check_turn(state, a.player, BLOCK)


def allow(state: CafeState, a: Allow) -> list[Event]:
    events = [event(N_("{name} lets the scoring pass."), name=state.players[a.player].name)]
    state.asking = (state.asking + 1) % len(state.players)
    if state.asking == state.active:
        _resolve(state, events)
    return events


def plantation_points(state: CafeState, pid: int) -> tuple[int, int]:
    """R-CAFE-21: a plantation's points and the ships they count (0 if not connected)."""
    pl = state.plantations[pid]
    if pl.hut < 0:
        return 0, 0
    kind = state.board.hut_kind[pl.hut]
    ships = state.ships[kind]
    if ships and not connected(state, pl.hut, kind):
        ships = 0
    return pl.workers * (1 + ships), ships


def _resolve(state: CafeState, events: list[Event]) -> None:
    """Nobody blocked: score the kind (R-CAFE-21, R-CAFE-22), then the refill (R-CAFE-23)."""
    kind = state.scoring_kind
    state.asking = -1
    hut_kind = state.board.hut_kind
    ships_scored = False
    for pid, pl in enumerate(state.plantations):
        if pl.hut < 0 or hut_kind[pl.hut] != kind:
            continue
        points, ships = plantation_points(state, pid)
        if points > 0:
            state.players[pl.owner].score += points
            ships_scored = ships_scored or ships > 0
            events.append(
                event(
                    Plural(
                        "{name} scores {points} point for the {coffee} plantation.",
                        "{name} scores {points} points for the {coffee} plantation.",
                        "points",
                    ),
                    name=state.players[pl.owner].name,
                    points=points,
                    coffee=kind,
                )
            )
    if ships_scored:  # D-CAFE-15
        state.ships[kind] -= 1
        state.ships_out += 1
        events.append(
            event(N_("The cheapest ship of the {coffee} harbor leaves the game."), coffee=kind)
        )
    if sum(state.players[state.active].sacks):
        state.phase = REFILL
        return
    if state.bag:
        sack = state.bag.pop()
        state.drawn += 1
        state.places[state.scoring_place] = sack
        events.append(event(N_("A {coffee} sack from the bag refills the place."), coffee=sack))
    _scoring_done(state, events)


def check_refill(state: CafeState, a: Refill) -> Refusal | None:
    r = _check_turn(state, a.player, REFILL)
    if r:
        return r
    if not 0 <= a.kind < KIND_COUNT or state.players[a.player].sacks[a.kind] <= 0:
        return refuse("R-CAFE-23", N_("the place is refilled with a sack from your supply"))
    return None


def refill(state: CafeState, a: Refill) -> list[Event]:
    state.players[a.player].sacks[a.kind] -= 1
    state.places[state.scoring_place] = a.kind
    events = [
        event(
            N_("{name} refills the place with a {coffee} sack."),
            name=state.players[a.player].name,
            coffee=a.kind,
        )
    ]
    _scoring_done(state, events)
    return events


def _scoring_done(state: CafeState, events: list[Event]) -> None:
    state.scoring_place = -1
    state.scoring_kind = -1
    state.asking = -1
    lowest = state.lowest_sack()
    if lowest <= 1 or any(p.score >= lowest for p in state.players):  # R-CAFE-24, D-CAFE-16
        _game_over(state, events)
        return
    _end_turn(state, True)


# -- the turn moving on, the end -----------------------------------------------------------


def _end_turn(state: CafeState, acted: bool) -> None:
    state.idle = 0 if acted else state.idle + 1
    state.built = 0
    state.freed = []
    if state.idle >= len(state.players):  # D-CAFE-16
        state.phase = GAME_OVER
        return
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    state.phase = MOVE


def _game_over(state: CafeState, events: list[Event]) -> None:
    state.phase = GAME_OVER
    state.built = 0
    state.freed = []
    events.append(
        event(N_("A score marker has reached the sacks on the score track: the game is over."))
    )


class CafeStanding(NamedTuple):
    player: int
    score: int
    centavos: int
    rank: int


def standings(state: CafeState) -> list[CafeStanding]:
    """R-CAFE-25: most points first, ties to most Centavos; equal in both share (D-CAFE-19)."""
    order = sorted(
        range(len(state.players)),
        key=lambda p: (-state.players[p].score, -state.players[p].centavos, p),
    )
    out: list[CafeStanding] = []
    for i, p in enumerate(order):
        pl = state.players[p]
        rank = i + 1
        if out:
            prev = out[-1]
            if prev.score == pl.score and prev.centavos == pl.centavos:
                rank = prev.rank
        out.append(CafeStanding(p, pl.score, pl.centavos, rank))
    return out


def winners(state: CafeState) -> list[int]:
    return [s.player for s in standings(state) if s.rank == 1]


# -- who acts, the move list ---------------------------------------------------------------


def pending_players(state: CafeState) -> list[int]:
    """Who the game waits for: the asked player while a scoring waits, else the active one."""
    if state.phase == GAME_OVER:
        return []
    if state.phase == BLOCK:
        return [state.asking]
    return [state.active]


def next_to_act(state: CafeState) -> int | None:
    pending = pending_players(state)
    return pending[0] if pending else None


def _cell_targets(state: CafeState, player: int, piece: int, first: bool) -> list[int]:
    """The fields a hut or worker can go on for ``player`` now (the predicates of
    ``check_target``, written for speed; ``first``: stop at the first one)."""
    board = state.board
    me = state.players[player]
    hut = piece == HUT
    costs = HUT_COST if hut else WORKER_COST
    money = me.centavos
    markers = me.markers
    plants = state.plantations
    cell_piece = state.cell_piece
    cell_plant = state.cell_plant
    hut_kind = board.hut_kind
    kinds = [False] * KIND_COUNT
    if hut:
        for pl in plants:
            if pl.owner == player and pl.hut >= 0:
                kinds[hut_kind[pl.hut]] = True
    covered = state.covered
    out: list[int] = []
    for t in board.sites if hut else board.fields:
        if cell_piece[t] != EMPTY or costs[t] > money:
            continue
        if hut and (kinds[hut_kind[t]] or (covered and board.left_path[t])):
            continue
        near = -1
        ok = True
        for n in CELL_NEIGHBOURS[t]:
            pid = cell_plant[n]
            if pid >= 0 and pid != near and plants[pid].owner == player:
                if near >= 0 or (hut and plants[pid].hut >= 0):
                    ok = False
                    break
                near = pid
        if not ok or (near < 0 and markers <= 0):
            continue
        out.append(t)
        if first:
            return out
    return out


def _targets(state: CafeState, player: int, piece: int, first: bool = False) -> list[int]:
    """Every target ``piece`` can go on for ``player`` now (R-CAFE-11..17)."""
    if piece >= SHIP:
        kind = piece - SHIP
        return [kind] if check_target(state, player, piece, kind) is None else []
    if piece == PATH:
        paths = state.paths
        out: list[int] = []
        for e in state.board.edges:
            if not paths[e]:
                out.append(e)
                if first:
                    return out
        return out
    return _cell_targets(state, player, piece, first)


def _has_target(state: CafeState, player: int, piece: int) -> bool:
    return len(_targets(state, player, piece, True)) > 0


def can_build(state: CafeState) -> bool:
    """Can the active player place a further piece of the buyer's row (D-CAFE-11)?"""
    places = state.places
    tried: list[int] = []
    for place in state.row_places():
        piece = places[place]
        if piece >= HUT and piece not in tried:
            tried.append(piece)
            if _has_target(state, state.active, piece):
                return True
    return False


def any_action(state: CafeState) -> bool:
    """A sack to score, or a piece to place, in the buyer's row."""
    places = state.places
    for place in state.row_places():
        if 0 <= places[place] < KIND_COUNT:
            return True
    return can_build(state)


def legal_actions(state: CafeState, player: int) -> list[Action]:
    """Every legal action of ``player`` now; of a row's equal pieces only the first place's."""
    if player not in pending_players(state):
        return []
    phase = state.phase
    out: list[Action] = []
    if phase == MOVE:
        out.append(Pass(player))
        out.append(MoveBuyer(player, 1))
        if state.players[player].centavos >= EXTRA_STEP_COST:
            out.append(MoveBuyer(player, 2))
    elif phase == ACT:
        seen: list[int] = []
        for place in state.row_places():
            piece = state.places[place]
            if piece == EMPTY or piece in seen:
                continue
            seen.append(piece)
            if piece < KIND_COUNT:
                if not state.built:
                    out.append(ScoreSack(player, place))
            else:
                out.extend(Build(player, place, t) for t in _targets(state, player, piece))
        if state.built:
            out.append(EndPhase(player))
    elif phase == BLOCK:
        out.append(Allow(player))
        if state.players[player].sacks[state.scoring_kind] > 0:
            out.append(Block(player))
    elif phase == REFILL:
        sacks = state.players[player].sacks
        out.extend(Refill(player, k) for k in range(KIND_COUNT) if sacks[k] > 0)
    return out


# -- the entry points ----------------------------------------------------------------------


def check(state: CafeState, action: Action) -> Refusal | None:
    """``None`` if ``action`` is legal now, else the refusal naming the rule (D-CAFE-20)."""
    t = type(action)
    if t is Build:
        assert isinstance(action, Build)
        return check_build(state, action)
    if t is MoveBuyer:
        assert isinstance(action, MoveBuyer)
        return check_move(state, action)
    if t is Allow:
        assert isinstance(action, Allow)
        return check_allow(state, action)
    if t is ScoreSack:
        assert isinstance(action, ScoreSack)
        return check_score(state, action)
    if t is Pass:
        assert isinstance(action, Pass)
        return check_pass(state, action)
    if t is EndPhase:
        assert isinstance(action, EndPhase)
        return check_end(state, action)
    if t is Block:
        assert isinstance(action, Block)
        return check_block(state, action)
    if t is Refill:
        assert isinstance(action, Refill)
        return check_refill(state, action)
    return refuse("D-CAFE-20", N_("that is not an action of Guatemala Café"))


def apply(state: CafeState, action: Action) -> list[Event]:
    """Apply a legal action; raise ``IllegalAction`` and change nothing otherwise."""
    refusal = check(state, action)
    if refusal is not None:
        raise IllegalAction(refusal)
    return apply_unchecked(state, action)


def apply_unchecked(state: CafeState, action: Action) -> list[Event]:
    """The fast path: ``action`` must be legal (from ``legal_actions`` or ``check``)."""
    if isinstance(action, Build):
        return build(state, action)
    if isinstance(action, MoveBuyer):
        return move_buyer(state, action)
    if isinstance(action, Allow):
        return allow(state, action)
    if isinstance(action, ScoreSack):
        return score_sack(state, action)
    if isinstance(action, Pass):
        return pass_turn(state, action)
    if isinstance(action, EndPhase):
        return end_building(state, action)
    if isinstance(action, Block):
        return block(state, action)
    if isinstance(action, Refill):
        return refill(state, action)
    raise IllegalAction(refuse("D-CAFE-20", N_("that is not an action of Guatemala Café")))


# -- what a player may see -----------------------------------------------------------------


def view(state: CafeState, player: int | None) -> CafeState:
    """A copy as ``player`` sees it (D-CAFE-18): others' sacks and the bag hidden."""
    v = state.copy()
    for i, p in enumerate(v.players):
        if i != player:
            p.hidden = sum(p.sacks)
            p.sacks = []
    v.bag = [HIDDEN] * len(v.bag)
    return v


def inventory(state: CafeState) -> dict[str, int]:
    """Every piece and Centavo counted where it lies (the property tests' invariant)."""
    places = state.places
    count: dict[str, int] = {
        "huts": sum(1 for x in places if x == HUT) + sum(1 for x in state.cell_piece if x == HUT),
        "workers": sum(1 for x in places if x == WORKER)
        + sum(1 for x in state.cell_piece if x == WORKER),
        "paths": sum(1 for x in places if x == PATH) + sum(state.paths) + state.path_stock,
        "ships": sum(1 for x in places if x >= SHIP) + sum(state.ships) + state.ships_out,
        "centavos": state.bank + sum(p.centavos for p in state.players),
        "markers": sum(p.markers for p in state.players) + len(state.plantations),
    }
    for k in range(KIND_COUNT):
        count[f"sacks-{KINDS[k]}"] = (
            sum(1 for x in places if x == k)
            + state.track.count(k)
            + state.bag.count(k)
            + sum(p.sacks[k] for p in state.players)
        )
    return count


__all__ = [
    "ACT",
    "BLOCK",
    "GAME_OVER",
    "MODE",
    "MOVE",
    "PLAYER_COUNTS",
    "REFILL",
    "SIDES",
    "CafePlayer",
    "CafeStanding",
    "CafeState",
    "Plantation",
    "apply",
    "apply_unchecked",
    "check",
    "edge_label",
    "field_edge",
    "field_label",
    "inventory",
    "legal_actions",
    "new_game",
    "next_to_act",
    "pending_players",
    "random_action",
    "standings",
    "view",
    "winners",
]


# -- random play (the benchmark, the property tests, the random computer player) -------------

#: how often a random player passes when it could move the buyer (uniform play passes a
#: third of its turns, and a round of passes ends the game, D-CAFE-16)
PASS_RATE: Final = 0.05


def random_action(state: CafeState, rng: random.Random) -> Action:
    """A legal action of the player the game waits for, chosen at random (never refused)."""
    player = state.active if state.phase != BLOCK else state.asking
    if state.phase == ACT:
        return _random_act(state, player, rng)
    acts = legal_actions(state, player)
    if state.phase == MOVE:
        if rng.random() < PASS_RATE:
            return acts[0]
        return acts[1 + int(rng.random() * (len(acts) - 1))]
    return acts[int(rng.random() * len(acts))]


def _random_act(state: CafeState, player: int, rng: random.Random) -> Action:
    """``legal_actions``' choice in phase ACT, the same one, without building the whole list."""
    groups: list[tuple[int, list[int]]] = []  # (place, targets); targets empty: a scoring
    total = 0
    seen: list[int] = []
    for place in state.row_places():
        piece = state.places[place]
        if piece == EMPTY or piece in seen:
            continue
        seen.append(piece)
        if piece < KIND_COUNT:
            if not state.built:
                groups.append((place, []))
                total += 1
        else:
            targets = _targets(state, player, piece)
            if targets:
                groups.append((place, targets))
                total += len(targets)
    if state.built:
        total += 1
    i = int(rng.random() * total)
    for place, targets in groups:
        if not targets:
            if i == 0:
                return ScoreSack(player, place)
            i -= 1
        elif i < len(targets):
            return Build(player, place, targets[i])
        else:
            i -= len(targets)
    return EndPhase(player)
