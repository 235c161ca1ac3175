"""The set-up, help and end screens on a small terminal (80x24) and larger ones.

At 80x24 the set-up form shows every control at once, one line each, and Start
works from the keyboard; the end screen shows the winner and every player's
coins, rank and tie-break above the keys; the help scrolls with the keyboard.
Snapshots in English at 80x24, 100x30 and 160x50 (update with ``--snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len
from test_snapshots import finished_game, no_blink
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList
from ui_helpers import classic, make_app, press, screen_text

from bohnanza_tui import i18n
from bohnanza_tui.rules import standings
from bohnanza_tui.rules.save import Session, save_file
from bohnanza_tui.seating.hotseat import default_bot_factory
from bohnanza_tui.seating.seats import COMPUTER, LEVELS
from bohnanza_tui.ui import saves
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.screens.confirm import ConfirmScreen
from bohnanza_tui.ui.screens.end import BARS, EndScreen, coin_chart, ranking
from bohnanza_tui.ui.screens.help import RULES, HelpScreen, help_markdown
from bohnanza_tui.ui.screens.setup import LEVEL_NAMES, SetupScreen, form_height
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.toggles import Cycle, RadioList

SMALL = (80, 24)
SEVEN = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]
LANGUAGES = ["en", *(lang for lang in ("de", "nl", "bg") if lang in i18n.available_languages())]


@pytest.fixture(autouse=True)
def english_afterwards() -> object:
    yield
    i18n.set_language("en")


def t(msgid: str, **params: object) -> str:
    return i18n._(msgid).format(**params)


def above_footer(app: App) -> Region:
    """The screen without its last line (the footer or key bar)."""
    width, height = app.size
    return Region(0, 0, width, height - 1)


def shown_whole(widget: Widget, room: Region) -> bool:
    region = widget.region
    return region.area > 0 and room.contains_region(region)


def text_in(app: App, widget: Widget) -> str:
    """The words shown in a widget's region, its lines joined (wrapped sentences whole again)."""
    region = widget.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].strip("│ ").split()) for row in rows)


def unfinished_games(folder: Path, n: int) -> Path:
    """An autosave holding a game, and ``n - 1`` more games put aside before it."""
    autosave = folder / "autosave.json"
    for seed in range(n):
        save_file(classic(seed=seed + 1), autosave)
        if seed < n - 1:
            saves.put_aside(autosave)
    return autosave


async def seats(pilot: Pilot, mode: str, count: int) -> None:
    """Choose the mode and the number of players on the set-up screen."""
    screen = pilot.app.screen
    if mode == "voyage":
        screen.query_one("#mode", RadioList).value = "voyage"
        await pilot.pause()
    await press(pilot, *["plus"] * (count - screen.count))  # type: ignore[attr-defined]
    assert screen.count == count  # type: ignore[attr-defined]


# -- the set-up screen --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "unfinished"),
    [(SMALL, 3), ((100, 30), 3), ((160, 50), 0)],
    ids=["80x24", "100x30", "160x50"],
)
@pytest.mark.parametrize(("mode", "count"), [("classic", 7), ("voyage", 5)])
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_whole_set_up_form_shows(
    lang: str, mode: str, count: int, size: tuple[int, int], unfinished: int, tmp_path: Path
) -> None:
    """Every control, whole, on the screen at once: nothing to scroll to, no word cut.

    At 80x24 and 100x30 the form is compact; at 160x50 (no unfinished games) it is full.
    """
    i18n.choose_language(lang)
    autosave = unfinished_games(tmp_path, unfinished) if unfinished else tmp_path / "none.json"
    app = BohnanzaApp(autosave=autosave, bot_factory=default_bot_factory(), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await seats(pilot, mode, count)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        # the longest choices: a computer player of each level
        for i, level in enumerate(LEVELS):
            screen.query_one(f"#kind-{i}", Cycle).value = f"{COMPUTER}:{level}"
        await pilot.pause()
        assert screen.has_class("-compact") == (size != (160, 50))
        assert screen.max_scroll_y == 0
        room = above_footer(app).intersection(screen.query_one("#setup-box").content_region)
        controls = [
            w
            for w in screen.query("Input, Button, Cycle, RadioList, #unfinished")
            if w.display and (not w.parent or w.parent.display)
        ]
        buttons = 3 if unfinished else 2  # Start, Resume, Load
        listing = 1 if unfinished else 0
        # language, mode, count, the seats, seed, the options, the buttons, the list
        assert len(controls) == 3 + 2 * count + 1 + 2 + buttons + listing
        for widget in controls:
            assert shown_whole(widget, room), widget
        text = screen_text(app)
        offers = screen.query_one("#setup-offers", Cycle)
        words = [
            t("Bohnanza — a new game"),
            *(t(k) for k in ("Game", "Players", "Seed", "Options")),
            t("Classic Bohnanza (2-7 players)"),
            t("Bohn Voyage (3-5 players)"),
            t("optional: a number replays the same deal"),
            t("Computer offers to people: {choice}", choice=t(str(offers.value))),
            t("Hints: on"),
            t("Start (ctrl+n)"),
            t("Load a saved game"),
            *(str(button.label) for button in screen.query(Button)),
            *(screen.query_one(f"#name-{i}", Input).value for i in range(count)),
        ]
        for word in words:
            assert word in text, word
        assert text.count(f"◀ {t('Human')} ▶") == count - len(LEVELS)
        for level in LEVELS:
            computer = t("Computer · {level}", level=t(LEVEL_NAMES[level]))
            assert f"◀ {computer} ▶" in text
        if unfinished:
            assert t("Resume last game") in text
            shown = screen.query_one("#unfinished", OptionList)
            assert shown.option_count == 3 and shown.region.height >= 3  # a game, a border


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_start_from_the_keyboard_at_80x24(lang: str, tmp_path: Path) -> None:
    """Tab goes through every control, each one on the screen when it has the focus."""
    i18n.choose_language(lang)
    app = BohnanzaApp(autosave=unfinished_games(tmp_path, 2), bot_delay=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await seats(pilot, "classic", 7)
        screen = app.screen
        start = screen.query_one("#start", Button)
        assert start.has_focus
        seen: list[Widget] = []
        for _ in range(30):
            await press(pilot, "tab")
            focused = screen.focused
            assert focused is not None
            assert shown_whole(focused, above_footer(app)), focused
            if focused is start:
                break
            seen.append(focused)
        assert start.has_focus
        assert {w.id for w in seen} >= {"language", "mode", "count", "seed", "load", "unfinished"}
        assert {f"name-{i}" for i in range(7)} <= {w.id for w in seen}
        await press(pilot, "enter")
        assert isinstance(app.screen, ConfirmScreen)  # the unfinished game is kept
        await press(pilot, "y")
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert app.session is not None and len(app.session.state.players) == 7


async def test_the_form_gets_compact_when_the_terminal_gets_small(tmp_path: Path) -> None:
    """A resize changes the layout; the control with the focus stays in sight."""
    app = BohnanzaApp(autosave=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.has_class("-compact")
        assert screen.query_one("#seed", Input).outer_size.height == 3
        screen.query_one("#seed", Input).focus()
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        assert screen.has_class("-compact") and screen.max_scroll_y == 0
        assert screen.query_one("#seed", Input).outer_size.height == 1
        assert shown_whole(screen.query_one("#seed"), above_footer(app))
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not screen.has_class("-compact")
        # five seats no longer fit the full form in 40 lines: compact again
        screen.query_one("#start").focus()
        await press(pilot, "plus")
        assert not screen.has_class("-compact")
        await press(pilot, "plus")
        assert screen.has_class("-compact") and screen.max_scroll_y == 0


@pytest.mark.parametrize("bots", [True, False])
async def test_the_forms_height_is_known_before_it_is_laid_out(tmp_path: Path, bots: bool) -> None:
    """``form_height`` (which decides the layout) agrees with the form as laid out."""
    autosave = unfinished_games(tmp_path, 2)
    for size, compact in (((160, 70), False), ((80, 60), True)):
        factory = default_bot_factory() if bots else None
        app = BohnanzaApp(autosave=autosave, bot_factory=factory, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SetupScreen)
            assert screen.has_class("-compact") == compact
            for count in range(3, 8):
                for error in (False, True):
                    screen._error("✗" if error else "")
                    await pilot.pause()
                    box = screen.query_one("#setup-box")
                    spaced = screen.has_class("-spaced")
                    need = form_height(count, 2, bots, compact=compact, spaced=spaced, error=error)
                    assert box.region.bottom + 1 == need, (count, error)
                await press(pilot, "plus")


# -- the end screen -----------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "count"), [("classic", 7), ("voyage", 5), ("classic", 2)])
@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_end_screen_shows_every_players_place_at_80x24(
    lang: str, mode: str, count: int
) -> None:
    """The winner, each player's rank and coins, the tie-breaks and the keys, without scrolling."""
    i18n.choose_language(lang)
    session = finished_game(5, SEVEN[:count], mode)
    app = make_app(session)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, EndScreen)
        room = above_footer(app)
        for part in ("#end-title", "#end-ranking"):
            assert shown_whole(screen.query_one(part), room), part
        text = screen_text(app)
        lines = text.splitlines()
        table = standings(session.state)
        for s in table:
            name = session.state.players[s.player].name
            coins = i18n.ngettext("coin", "coins", s.coins)
            assert any(
                f"{s.rank}. {name} " in line and f"{s.coins} {coins}" in line for line in lines
            ), name
        # the tie-breaks: which ties there were, and how they were broken
        shown = text_in(app, screen.query_one("#end-ranking"))
        notes = ranking(session.state).plain.split("\n\n")[1]
        for note in notes.splitlines():
            assert " ".join(note.split()) in shown, note
        for key in ("New game", "Look at the table", "Quit"):
            assert t(key) in lines[-1], key
        # the rest (the coins over time, the last harvest) scrolls with the keyboard
        box = screen.query_one("#end-box")
        assert box.has_focus and box.max_scroll_y > 0
        await press(pilot, "end")
        await pilot.wait_for_scheduled_animations()  # it scrolls smoothly
        assert box.scroll_y == box.max_scroll_y
        assert t("The last action and the final harvest") in screen_text(app)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coin_chart_fits_its_width_however_long_the_game(lang: str) -> None:
    """A long game: each bar stands for a few turns, a row never wraps; names in any script."""
    i18n.choose_language(lang)
    state = classic().state
    for player, name in zip(state.players, ["Jörg", "Ани", "Zoë"], strict=True):
        player.name = name
    history = [[turn // 10, turn // 20, turn // 5] for turn in range(1, 101)]  # 100 turns
    for width in (30, 60, 200):
        rows = coin_chart(state, history, width).plain.splitlines()
        *bars, axis = rows
        assert all(cell_len(row) <= width for row in bars)
        starts = {cell_len(row[: next(i for i, c in enumerate(row) if c in BARS)]) for row in bars}
        assert starts == {5}  # the bars line up after the longest name
        assert [row.split()[-1] for row in bars] == ["10", "5", "20"]  # the coins at the end
        assert bars[2].split()[1][-1] == "█"  # the best total: the full bar
        assert len(bars[0].split()[1]) == min(100, width - 5 - 3)  # "Jörg ", " 20"
        assert t("turns 1 … {n}", n=100) in axis


# -- the help screen ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_the_help_scrolls_with_the_keyboard_at_80x24(lang: str) -> None:
    i18n.choose_language(lang)
    app = make_app(classic())
    async with app.run_test(size=SMALL) as pilot:
        await press(pilot, "enter", "question_mark")
        screen = app.screen
        assert isinstance(screen, HelpScreen)
        page = screen.query_one("#help")
        assert page.has_focus and shown_whole(page, above_footer(app))
        assert i18n._(RULES).splitlines()[0].lstrip("# ") in screen_text(app)  # the title
        await press(pilot, "pagedown")
        await pilot.wait_for_scheduled_animations()  # it scrolls smoothly
        assert page.scroll_y > 0
        await press(pilot, "end")
        await pilot.wait_for_scheduled_animations()
        text = screen_text(app)
        assert t("this help") in text and t("save the game") in text
        keys = text.splitlines()[-1]
        assert t("Close") in keys and f"↑↓ PgUp PgDn {t('Scroll')}" in keys
        await press(pilot, "home")
        await pilot.wait_for_scheduled_animations()
        assert page.scroll_y == 0
        await press(pilot, "space")  # Space pages down too
        await pilot.wait_for_scheduled_animations()
        assert page.scroll_y > 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_help_lists_the_key_v(lang: str) -> None:
    i18n.choose_language(lang)
    text = help_markdown()
    assert (
        "| `v` | "
        + t("the side area shows the log, the island map or the beanometers (on a small terminal)")
        in text
    )


# -- the key v on the table ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classic", "voyage"])
async def test_the_key_bar_shows_v_where_the_table_is_compact(mode: str) -> None:
    """Compact, the island map and the beanometers are off the board: ``v`` shows them."""
    session = classic() if mode == "classic" else Session.new("voyage", ["Ann", "Bob", "Cy"], 7)
    app = make_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await press(pilot, "enter")
        assert " v " not in screen_text(app).splitlines()[-1]
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.pause()
        keys = screen_text(app).splitlines()[-1]
        assert " v " + t("Log, map, beanometers") in keys or " v " + t("View") in keys
        assert keys.index(" v ") > keys.index(" p ")  # after the table's own keys
        await press(pilot, "v")
        assert app.screen.side != "log"  # type: ignore[attr-defined]
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert " v " not in screen_text(app).splitlines()[-1]


# -- snapshots in English -----------------------------------------------------------------------

SIZES = [(80, 24), (100, 30), (160, 50)]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_setup_snapshot(size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Seven seats: the most the form holds."""
    app = BohnanzaApp(autosave=None)

    async def run_before(pilot: Pilot) -> None:
        no_blink(pilot)
        await press(pilot, *["plus"] * 4)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_help_snapshot(size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(classic()), press=["enter", "question_mark"], terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_end_snapshot_seven_players(size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(finished_game(5, SEVEN)), terminal_size=size)


def test_end_snapshot_five_voyage_players_small(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(make_app(finished_game(5, SEVEN[:5], "voyage")), terminal_size=SMALL)
