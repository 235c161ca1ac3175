"""The app in other languages: the choice on the set-up screen, remembered for the next start."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from rich.cells import cell_len
from test_snapshots import finished_game
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import SIZE, classic, log_text, make_app, press, screen_text

from bohnanza_tui import i18n, settings
from bohnanza_tui.ui.app import BohnanzaApp
from bohnanza_tui.ui.render import beanometer_table
from bohnanza_tui.ui.screens.end import ranking
from bohnanza_tui.ui.screens.setup import SetupScreen
from bohnanza_tui.ui.toggles import Cycle


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small German catalog of our own, as the only shipped one."""
    catalog = Catalog(locale="de", domain="bohnanza")
    for msgid, text in {
        "Bohnanza — a new game": "Bohnanza — ein neues Spiel",
        "Start game": "Spiel starten",
        "Help": "Hilfe",
        "Ann": "Anna",
    }.items():
        catalog.add(msgid, text)
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "bohnanza.mo").open("wb") as f:
        write_mo(f, catalog)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    return tmp_path / "locale"


async def test_the_language_chosen_on_the_set_up_screen_applies_at_once_and_is_kept(
    german: Path,
) -> None:
    app = BohnanzaApp(autosave=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        cycle = app.screen.query_one("#language", Cycle)
        assert cycle.value == "en" and "English" in screen_text(app)
        cycle.focus()
        await press(pilot, "right")
        assert isinstance(app.screen, SetupScreen)
        text = screen_text(app)
        assert "Bohnanza — ein neues Spiel" in text and "Deutsch" in text
        assert "Spiel starten" in text and "Hilfe" in text  # the footer's keys too
        assert app.screen.query_one("#name-0").value == "Anna"  # type: ignore[attr-defined]
        assert app.screen.query_one("#language", Cycle).has_focus
    assert settings.saved_language(i18n.available_languages()) == "de"
    i18n.set_language("en")
    assert SetupScreen._merged_bindings is not None
    descriptions = [b.description for _k, b in SetupScreen._merged_bindings]
    assert "Start game" in descriptions and "Spiel starten" not in descriptions


# -- the shipped catalogs ------------------------------------------------------------------------

SHIPPED = [lang for lang in i18n.available_languages() if lang != i18n.ENGLISH]


def t(msgid: str, **params: object) -> str:
    return i18n._(msgid).format(**params)


async def command(pilot: Pilot, text: str) -> None:
    """Type a command into the command bar (``:``) and run it."""
    app = pilot.app
    if not app.screen.query("#command-input") or not app.screen.query_one("#command").display:
        await press(pilot, "colon")
    bar = app.screen.query_one("#command-input", Input)
    bar.value = text
    await press(pilot, "enter")


@pytest.mark.parametrize("lang", SHIPPED)
async def test_a_turn_in_each_language(lang: str) -> None:
    """Ann's first turn of the seeded game, with the beans named in the chosen language."""
    i18n.choose_language(lang)
    wax, green, home = i18n._("wax"), i18n._("green"), i18n._("home")
    session = classic()
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert t("Pass the keyboard to {name}", name="Ann") in screen_text(app)
        await press(pilot, "enter")
        text = screen_text(app)
        assert t("{name}'s hand", name="Ann") in text
        assert i18n._("Phase 1 · plant") in text and "Phase 1 · plant" not in text
        await press(pilot, "p", "p")
        assert i18n._("Phase 2 · trade") in screen_text(app)
        # the command words stay English; the bean kinds and home are the language's
        await command(pilot, f"keep {wax.replace(' ', '-')}")
        await command(pilot, "end")
        assert i18n._("Phase 3 · plant traded beans") in screen_text(app)
        await command(pilot, f'plant "{wax}" {home.replace(" ", "-")}.1')
        await command(pilot, f"plant {green.replace(' ', '').upper()} 3")
        # the last bean planted, Ann draws and the keyboard passes to Bob
        assert [type(a).__name__ for a in session.log] == [
            "Plant", "Plant", "Keep", "EndPhase", "Plant", "Plant"
        ]  # fmt: skip
        planted = t(
            "{name} plants {bean} on {place}.", name="Ann", bean=green, place=t("field {n}", n=3)
        )
        assert planted in log_text(app)
        assert session.state.active == 1
        assert t("{name}, your turn is over", name="Ann") in screen_text(app)
        await press(pilot, "space")  # Ann has seen the cards she drew
        assert t("Pass the keyboard to {name}", name="Bob") in screen_text(app)


# -- snapshots in German and Bulgarian (update with pytest --snapshot-update) -------------------

SNAPSHOT_LANGUAGES = [lang for lang in ("de", "bg") if lang in SHIPPED]
SNAPSHOT_SIZES = [(120, 40)]
#: the table and the trade dialog also at the smallest size (compact, the widths from the text)
TABLE_SIZES = [(120, 40), (80, 24)]
TRADE_KEYS = ["enter", "p", "p", "t", "down", "space", "tab", *["down"] * 6, "right", "tab"]


def keys_then_quiet(*keys: str):  # type: ignore[no-untyped-def]
    """Press the keys without toasts: they come and time out on timers, so a slow run differs."""

    async def run_before(pilot: Pilot) -> None:
        pilot.app.notify = lambda *args, **kwargs: None  # type: ignore[method-assign]
        pilot.app.clear_notifications()
        await press(pilot, *keys)
        await pilot.pause()

    return run_before


#: the help and the end screen also at the smallest size the app supports
SCREEN_SIZES = [*SNAPSHOT_SIZES, (80, 24)]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.fixture(params=SNAPSHOT_SIZES, ids=size_id)
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return request.param  # type: ignore[no-any-return]


def size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


@pytest.mark.parametrize("lang", SNAPSHOT_LANGUAGES)
@pytest.mark.parametrize("size", TABLE_SIZES, ids=size_id)
def test_table_snapshot(lang: str, size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    i18n.choose_language(lang)
    app = make_app(classic())
    assert snap_compare(app, run_before=keys_then_quiet("enter", "p", "p"), terminal_size=size)


@pytest.mark.parametrize("lang", SNAPSHOT_LANGUAGES)
@pytest.mark.parametrize("size", TABLE_SIZES, ids=size_id)
def test_trade_dialog_snapshot(lang: str, size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    i18n.choose_language(lang)
    app = make_app(classic())
    assert snap_compare(app, run_before=keys_then_quiet(*TRADE_KEYS), terminal_size=size)


@pytest.mark.parametrize("lang", SNAPSHOT_LANGUAGES)
@pytest.mark.parametrize("size", SCREEN_SIZES, ids=size_id)
def test_help_snapshot(lang: str, size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    i18n.choose_language(lang)
    app = make_app(classic())
    assert snap_compare(
        app, run_before=keys_then_quiet("enter", "question_mark"), terminal_size=size
    )


@pytest.mark.parametrize("lang", SNAPSHOT_LANGUAGES)
@pytest.mark.parametrize("size", SCREEN_SIZES, ids=size_id)
def test_end_screen_snapshot(lang: str, size: tuple[int, int], snap_compare) -> None:  # type: ignore[no-untyped-def]
    i18n.choose_language(lang)
    app = make_app(finished_game())
    assert snap_compare(app, run_before=keys_then_quiet(), terminal_size=size)


# -- layout: widths in terminal cells ---------------------------------------------------------


def columns_at(lines: list[str], word: str) -> set[int]:
    """The terminal cell where ``word`` starts on each line."""
    return {cell_len(line[: line.index(word)]) for line in lines}


@pytest.mark.parametrize("lang", SHIPPED)
def test_tables_line_up_in_cells_whatever_the_letters(lang: str) -> None:
    """Cyrillic and umlauts (also as a letter plus a combining mark) keep the columns straight."""
    i18n.choose_language(lang)
    state = finished_game().state
    for player, name in zip(state.players, ["Jo\u0308rg", "Ани", "Zoë"], strict=True):
        player.name = name
    rows = ranking(state).plain.splitlines()[:3]
    coins = i18n.ngettext("coin", "coins", 2)
    assert (
        len(columns_at([r.replace(i18n.ngettext("coin", "coins", 1), coins) for r in rows], coins))
        == 1
    )
    hand = i18n.ngettext("{n} card in hand", "{n} cards in hand", 20).format(n=20)[3:]
    assert len(columns_at(rows, hand)) == 1
    cards = i18n._("cards")
    meters = beanometer_table(state).plain.splitlines()
    assert len(meters) == 10 and len(columns_at(meters, cards)) == 1


@pytest.mark.parametrize("lang", SHIPPED)
async def test_the_set_up_screen_shows_its_words_whole(lang: str) -> None:
    i18n.choose_language(lang)
    app = BohnanzaApp(autosave=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for text in ("Game", "Players", "Seed", "optional: a number replays the same deal"):
            assert any(i18n._(text) in line for line in lines), text
