"""The set-up, help and end screens on a small terminal (80x24) and larger ones.

At 80x24 the set-up form shows every control at once, one line each, and Start
works from the keyboard; the end screen shows the winner and every player's
coins, rank and tie-break above the keys; the help scrolls with the keyboard.
Snapshots in English at 80x24, 100x30 and 160x50 (update with ``--snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_snapshots import no_blink
from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, RadioButton
from ui_helpers import classic, press, screen_text

from bohnanza_tui import i18n
from bohnanza_tui.rules.save import save_file
from bohnanza_tui.ui import saves
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.hotseat import default_bot_factory
from bohnanza_tui.ui.screens.confirm import ConfirmScreen
from bohnanza_tui.ui.screens.setup import SetupScreen, form_height
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.toggles import Cycle

SMALL = (80, 24)
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
        screen.query_one("#voyage", RadioButton).value = True
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
        assert screen.has_class("-compact") == (size != (160, 50))
        assert screen.max_scroll_y == 0
        room = above_footer(app).intersection(screen.query_one("#setup-box").content_region)
        controls = [
            w
            for w in screen.query("Input, Button, Cycle, RadioSet, #unfinished")
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
        assert text.count(f"◀ {t('Human')} ▶") == count
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
