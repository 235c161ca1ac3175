"""What the table shows: the island map, ships by their owner's number, the larger panel, dimmed keys."""

from __future__ import annotations

from test_voyage_play import busy_voyage_position, take
from ui_helpers import SIZE, classic, from_state, log_text, make_app, notice, press, screen_text

from bohnanza_tui.rules import KIND_OF, new_game
from bohnanza_tui.rules.data import KIND_INDEX
from bohnanza_tui.ui import choices, islandmap
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.widgets import EventLog


def lines_with(text: str, needle: str) -> list[str]:
    return [line for line in text.splitlines() if needle in line]


async def test_island_map_reads_like_the_table_in_the_rules() -> None:
    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        text = screen_text(app)
        # one column per type, left to right as the rules lay them out: B, C, A
        header = lines_with(text, "Type B islands")[0]
        assert header.index("Type B") < header.index("Type C") < header.index("Type A")
        # an island with both harbors free takes one line
        assert "B3 ⚑⚑ both free" in text and "C2 ⚑⚑ both free" in text
        # owners with their fields (bean, count, value there) and the small Kontor
        assert "A1 ⚑ Bob ▲×3=3 – K:♣" in text  # red on an A island: 3 beans sell for 3
        assert "C1 ⚑ Cy ○×6=2 K:–" in text
        assert "⚑ free" in text
        # Bob's ship lies at A1 where Ann owns the other harbor: Ann is blockaded there
        assert "⚑ Ann ⊘ ♠×1=0 K:–" in text
        assert "▸ Bob 1 ■×2" in text  # Bob's first (and only) ship, with its cargo
        assert "B1 ⚑ Ann ⊘ ♥×5=2 K:–" in text  # Eve's ship at B1 blockades Ann there too
        # the key, a third under each column
        assert "⚑ harbor" in text and "3 beans sell for 1" in text and "⊘ blockaded" in text


def test_map_columns_keep_every_island_once() -> None:
    state = busy_voyage_position()
    columns = islandmap.island_columns(state)
    shown = "\n".join(c.plain for c in columns)
    for isl in state.islands[len(state.players) :]:
        assert shown.count(f"{isl.name} ") == 1
    heights = {len(c.plain.split("\n")) for c in columns}
    assert len(heights) == 1  # padded to one height: the columns line up


async def test_ships_are_numbered_per_owner_everywhere() -> None:
    state = busy_voyage_position()
    # Bob owns the second ship of the game; to him (and the log, the commands) it is ship 1
    assert state.ships[1].owner == 1
    app = make_app(from_state(state))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        text = screen_text(app)
        assert "▸ Ship 1 at A1: ■ soy ×2" in text
        assert "Ship 2" not in text
    labels = [c.label.plain for c in choices.sail_choices(state, 1)]
    assert labels and all(label.startswith("Ship 1 (A1) → ") for label in labels)
    raid = [c.label.plain for c in choices.raid_targets(state, 0)]
    assert "Bob's ship 1 at A1: 2 × ■ soy" in raid


async def test_five_voyage_players_fit_100x30_and_the_map_is_a_key_away() -> None:
    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "enter")
        text = screen_text(app)
        assert "Please enlarge" not in text
        # Ann's own colonies, each field with its next step by that island's beanometer
        assert "⚑ A1 1: ♠ green ×1 = 0 ›4→1" in text
        assert "⚑ B1 1: ♥ chili ×5 = 2 ›7→3" in text
        # every other player, the last one too, with the Kontor, ship and store in words
        assert "Eve" in text and "▸ Ship 1 at B1: empty" in text
        assert "▸ Ship 1 at A1: ■ soy ×2" in text and "Pirate store: empty" in text
        assert "Ann's hand: ▶1" in text
        assert "p Plant" in text
        await press(pilot, "v")  # the side area shows the island map
        text = screen_text(app)
        assert "Type B islands" in text and "Type A islands" in text
        assert "A3 ⚑ Dee ✱×2=1 K:–" in text  # the last island of the last column


async def test_the_player_at_the_keyboard_gets_the_larger_panel() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p")
        text = screen_text(app)
        # Ann's fields with the whole beanometer, the next step marked
        assert "1: ○ wax ×1 = 0    ›4→1   7→2   9→3  11→4" in text
        # the others keep the short form, and every bean's beanometer is on the table
        assert "Beanometers: beans → coins" in text
        assert "♣ coffee      24 cards    4→1   7→2  10→3  12→4" in text
        await press(pilot, "p")
        assert "│ ♠ green │ │ ○ wax   │" in screen_text(app)
    app = make_app(classic())
    async with app.run_test(size=(100, 30)) as pilot:
        await press(pilot, "enter", "p")
        text = screen_text(app)
        assert "Beanometers: beans → coins" not in text  # no room: the short form for everyone
        assert "1: ○ wax ×1 = 0 ›4→1" in text


def blocked_classic():  # type: ignore[no-untyped-def]
    """Ann's three fields hold wax, blue and chili (two each); her front card is a coffee."""
    session = classic()
    s = session.state
    ann = s.players[0]
    for field, kind in zip(ann.holdings[0].fields, ("wax", "blue", "chili"), strict=True):
        field[:] = [take(s, kind), take(s, kind)]
    coffee = take(s, "coffee")
    s.deck.append(ann.hand[0])
    ann.hand[0] = coffee
    assert KIND_OF[ann.hand[0]] == KIND_INDEX["coffee"]
    return from_state(s)


async def test_a_key_whose_options_are_all_refused_stays_and_says_why() -> None:
    session = blocked_classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        text = screen_text(app)
        assert "p Plant ✗" in text  # dimmed, not hidden
        assert isinstance(app.screen, TableScreen) and "plant" in app.screen.refused
        await press(pilot, "p")
        assert isinstance(app.screen, TableScreen)  # no dead-end list: the reason instead
        log = log_text(app)
        # D-13: no field takes it, so the reason is R-BASE-7 and what to do
        assert "✗ R-BASE-7: no field takes the coffee bean: harvest a field first" in log
        assert session.log == []
        await press(pilot, "h")
        assert isinstance(app.screen, ChoiceScreen)
        await press(pilot, "1", "p")
        assert "Ann plants coffee on field 1." in log_text(app)


def test_keys_hidden_when_there_is_nothing_to_refuse() -> None:
    state = new_game("voyage", ["Ann", "Bob", "Cy"], 7)
    # a fresh game: no harbor to sail to, nothing to load, no Kontor bean: no such keys at all
    refused = choices.refused_keys(state, 0, set(), state.players[0].hand[0])
    assert not {"sail", "load", "unload", "store", "move", "raid"} & set(refused)
    assert "R-VOY-5" in " ".join(refused["buy"])  # harbors cost coins Ann doesn't have


async def test_the_log_wraps_again_when_the_terminal_shrinks() -> None:
    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "s")  # every harbor is blockaded or home: a long refusal
        reason = "B1 is blockaded by another player's ship; only two of your ships arriving together break through"
        assert reason in log_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert reason in log_text(app)
        log = app.screen.query_one(EventLog)
        width = log.scrollable_content_region.width
        assert all(strip.cell_length <= width for strip in log.lines)  # nothing cut off


async def test_the_automatic_turn_up_is_announced() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "p", "p")  # the second bean: the cards turn up by themselves
        assert "Two cards are turned up: ♠ green, ○ wax." in notice(app)
