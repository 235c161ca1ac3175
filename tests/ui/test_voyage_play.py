"""Bohn Voyage by keys from a hand-made position: a harbor, a blockade, sailing, a raid, the rotation."""

from __future__ import annotations

from ui_helpers import SIZE, from_state, log_text, make_app, press, screen_text

from bohnanza_tui.rules import KIND_OF, GameState, Phase, new_game
from bohnanza_tui.rules.data import KIND_INDEX
from bohnanza_tui.rules.state import Holding
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.privacy import PrivacyScreen

A1, A2, B1 = 3, 4, 6  # island indices of a 3-player voyage game: A1, A2, C1, B1, B2


def take(state: GameState, kind: str) -> int:
    """Take a card of ``kind`` out of the deck (every card stays in exactly one place)."""
    k = KIND_INDEX[kind]
    card = next(c for c in state.deck if KIND_OF[c] == k)
    state.deck.remove(card)
    return card


def voyage_position() -> GameState:
    """Ann to play, with coins and a pirate ship; Bob holds harbors on A1 and A2, his ship at A1."""
    s = new_game("voyage", ["Ann", "Bob", "Cy"], 7)
    ann, bob = s.players[0], s.players[1]
    ann.coins = [take(s, "coffee") for _ in range(4)]
    s.islands[A1].harbors = [1, 0]
    s.islands[A2].harbors = [1, None]
    ann.holdings.append(Holding(A1, [[]], [], 1))
    bob.holdings += [Holding(A1, [[]], [], 1), Holding(A2, [[]], [], 1)]
    s.ships[1].island = A1
    bob.holdings[0].kontor = [take(s, "chili")]
    ann.store = [take(s, k) for k in ("wax", "blue", "stink", "green", "soy")]
    ann.pirate_ship = True
    return s


async def test_harbor_blockade_sail_raid_and_rotation() -> None:
    session = from_state(voyage_position())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")
        text = screen_text(app)
        # the island map: types, harbor owners, the docked ship and the blockade it makes
        assert "Type A islands" in text and "Type B islands" in text
        assert "A1 ⚑ Bob – K:–" in text  # Bob's harbor: one empty field, an empty Kontor
        assert "⚑ Ann ⊘ – K:–" in text  # Ann's harbor on A1 is blockaded by Bob's ship
        assert "▸ Bob 1 –" in text  # Bob's ship (his first), empty
        assert "B1 ⚑⚑ both free" in text
        assert "Pirate store: ○ wax ◆" in text and "☠ pirate ship" in text

        # buy a harbor on B1
        await press(pilot, "b")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Harbor on B1 (type B; harbors: free, free) for 2 coins" in text
        assert "Harbor on A1 (type A; harbors: Bob, Ann) for 2 coins  ✗" in text
        await press(pilot, "3")  # third field, A2, B1 (what can be bought first, harbors A to C)
        assert "Ann buys a harbor on B1." in screen_text(app)
        assert session.state.islands[B1].harbors == [0, None]

        # sail: A1 is blockaded (the engine says why), B1 is open
        await press(pilot, "s")
        text = screen_text(app)
        assert "Ship 1 (home) → A1  ✗" in text
        assert "R-VOY-10: A1 is blockaded by another player's ship" in text
        await press(pilot, "1")  # B1 (the refused A1 comes last)
        assert "Ann sails ship 1 to B1." in screen_text(app)
        assert session.state.ships[0].island == B1

        # a raid on Bob's Kontor: the chili goes to Ann's home Kontor
        await press(pilot, "r")
        assert "Bob's Kontor on home: ♥ chili" in screen_text(app)
        await press(pilot, "1")
        text = screen_text(app)
        assert "Where do the pirates put the bean?" in text
        # each place by its number on the table: the Kontor is k, not the third entry
        assert "1. field 1" in text and "k. Kontor" in text and "3." not in text
        await press(pilot, "3")  # no third field: nothing happens
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "k")
        text = screen_text(app)
        assert "Ann's pirates take a chili bean from Bob's Kontor to Kontor." in log_text(app)
        assert session.state.players[0].store == []

        # finish the turn: plant, trade nothing, plant the kept cards, draw
        await press(pilot, "p", "1")
        await press(pilot, "e")  # turn up two cards
        assert session.state.phase is Phase.TRADE
        await press(pilot, "e")  # end trading: both face-up cards are kept
        while session.state.players[0].kept:
            await press(pilot, "p", "1")
            if isinstance(app.screen, ChoiceScreen):  # field 1 refused: next option
                await press(pilot, "escape", "p", "2")
        await press(pilot, "e")
        # Ann sees what she drew; Bob's turn: his two A harbors make the rotation apply
        await press(pilot, "space")
        assert isinstance(app.screen, PrivacyScreen)
        await press(pilot, "enter")
        assert session.state.phase is Phase.CHOOSE_ISLAND
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "This turn's island: type A is due" in text
        assert "A1 (A)" in text and "A2 (A)" in text
        assert [c.label.plain for c in app.screen.choices] == ["A1 (A)", "A2 (A)"]
        await press(pilot, "2")
        text = screen_text(app)
        assert "Bob plants on A2 this turn." in text
        assert "planting on A2" in text
        assert session.state.turn_island == A2


async def test_kontor_ship_store_and_move_by_keys() -> None:
    session = from_state(voyage_position())
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        text = screen_text(app)
        assert "Plant ○ wax where?" in text and "Kontor (0/3): empty" in text
        await press(pilot, "k")  # into the home Kontor (k, as on the table)
        assert "Kontor 1/3: ○ wax" in screen_text(app)
        await press(pilot, "l")  # the only load: ship 1 lies at home
        assert "Ann loads 1 wax onto ship 1." in screen_text(app)
        assert "Ship 1 at home: ○ wax ×1" in screen_text(app)
        await press(pilot, "x")
        assert "Ann unloads 1 wax from ship 1 into the Kontor." in log_text(app)
        # the pirate store has a wax already: the key shows dimmed, and a press says why
        assert "g To store ✗" in screen_text(app)
        await press(pilot, "g")
        assert "Ann puts" not in log_text(app)
        assert "✗ D-6: the pirate store holds a wax bean already (one per kind)" in log_text(app)
        await press(pilot, "m", "1")
        assert "Ann moves a wax bean from the Kontor to field 1." in log_text(app)
        assert "1: ○ wax ×1" in screen_text(app)


def busy_voyage_position() -> GameState:
    """Five players late in Bohn Voyage: harbors everywhere, beans on colony fields, ships out, a blockade."""
    s = new_game("voyage", ["Ann", "Bob", "Cy", "Dee", "Eve"], 11)
    islands = {isl.name: i for i, isl in enumerate(s.islands)}
    owners = {
        "A1": (1, 0),
        "A2": (1, None),
        "A3": (3, 4),
        "C1": (2, None),
        "C2": (None, None),
        "B1": (0, 4),
        "B2": (2, 3),
        "B3": (None, None),
    }
    plant = {
        ("A1", 1): ["red", "red", "red"],
        ("A1", 0): ["green"],
        ("A3", 3): ["stink", "stink"],
        ("B1", 0): ["chili"] * 5,
        ("B1", 4): ["soy", "soy"],
        ("C1", 2): ["wax"] * 6,
        ("B2", 3): ["blue"],
    }
    for name, pair in owners.items():
        i = islands[name]
        s.islands[i].harbors = list(pair)
        for o in pair:
            if o is None:
                continue
            h = Holding(i, [[]], [], 1)
            if name[0] != "C" and o in (1, 4):
                h.fields.append([])  # a second field bought
            h.fields[0] = [take(s, k) for k in plant.get((name, o), [])]
            s.players[o].holdings.append(h)
    s.players[1].holding(islands["A1"]).kontor = [take(s, "coffee")]
    s.players[2].coins = [take(s, "coffee") for _ in range(3)]
    s.ships[1].island = islands["A1"]  # Bob's ship lies at A1, where Ann owns the other harbor
    s.ships[1].cargo = [take(s, "soy"), take(s, "soy")]
    s.ships[4].island = islands["B1"]
    s.ships[2].island = islands["C1"]
    return s


async def test_a_full_kontor_refusal_says_how_to_make_room() -> None:
    """R-BASE-7 / D-13 in Bohn Voyage: Ann's front card fits no field and her Kontor is full;
    `p` says why, and that a ship (l) or the pirate store (g) can empty the Kontor (D-4)."""
    s = new_game("voyage", ["Ann", "Bob", "Cy"], 7)
    ann = s.players[0]
    front = KIND_OF[ann.hand[0]]
    others = [k for k in ("wax", "blue", "stink", "green", "soy") if KIND_INDEX[k] != front]
    home = ann.holdings[0]
    home.fields = [[take(s, others[0]), take(s, others[0])], [take(s, others[1])]]
    home.kontor = [take(s, others[2]) for _ in range(home.kontor_cap)]
    session = from_state(s)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        text = screen_text(app)
        assert "R-BASE-7" in text and "load a ship (l)" in text
        assert len(session.log) == 0  # nothing played
        await press(pilot, "l")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "1", "p")
        kontor = session.state.players[0].holdings[0].kontor
        assert len(kontor) == home.kontor_cap and KIND_OF[kontor[-1]] == front  # it went in
