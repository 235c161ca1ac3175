"""The harvest and the buy list refilled ahead, and the dialogs built ahead finished
unseen: once the table has shown a key's answer and waits, the kept lists are refilled
for the position (only where their entries differ), laid out and painted unseen, and
their whole frame and the help's made over the table as it shows, so that ``h``, ``b``
and ``?`` open without a layout and send that frame. Opened, they must read as lists made
anew for the position as it is then, and the frame sent as one rendered anew."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from test_dialog_frames import (
    Sent,
    ahead,
    background_as_fresh,
    built,
    frames,
    key_frames,
    record_sent,
    rich_position,
)
from textual.pilot import Pilot
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import OptionList
from ui_helpers import SIZE, PatientApp, make_app, press

from bohnanza_tui.rules.save import Session, dumps, loads
from bohnanza_tui.ui import app as app_module
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import HelpScreen
from bohnanza_tui.ui.screens.modal import _POOLS, Dialog
from bohnanza_tui.ui.screens.table import TableScreen

__all__ = ["frames"]  # the fixture, used by name

TITLES = {"h": "Harvest which field?", "b": "Buy what?"}


def list_look(app: PatientApp) -> list[list[object]]:
    """The open list as painted (text and styles of each cell), and its key bar: not the
    table beneath, whose log tells how the game got here."""
    box = app.screen.query_one(".dialog").region
    strips = app.screen._compositor.render_strips()
    rows: list[Strip] = [strip.crop(box.x, box.right) for strip in strips[box.y : box.bottom]]
    rows.append(strips[-1])
    return [list(row.simplify()) for row in rows]


async def fresh_list(
    session: Session, key: str, size: tuple[int, int] = SIZE
) -> list[list[object]]:
    """The list ``key`` opens in an app that composes it anew, on a copy of ``session``."""
    app = make_app(loads(dumps(session)))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter", key)
        await pilot.pause(0.2)
        assert isinstance(app.screen, ChoiceScreen)
        return list_look(app)


def kept_list(app: PatientApp, title: str) -> ChoiceScreen | None:
    for screen in _POOLS.get(app, {}).get(ChoiceScreen, []):
        if isinstance(screen, ChoiceScreen) and screen.title_text == title:
            return screen
    return None


def done(dialog: Dialog[Any]) -> bool:
    """Is the dialog's unseen work done (laid out, its widgets' lines painted)?"""
    return not dialog._laid_out_wanted() and not dialog._unpainted()


def shown_entries(screen: ChoiceScreen) -> list[str]:
    shown = screen.query_one(OptionList)
    return [str(shown.get_option_at_index(i).prompt) for i in range(shown.option_count)]


def entries_now(app: PatientApp, title: str) -> list[str]:
    """The entries of the list ``title`` made for the position as it is now."""
    table = app.screen
    assert isinstance(table, TableScreen)
    [(args, kwargs)] = [c for c in table.list_contents() if c[0][0] == title]
    return [str(option.prompt) for option in ChoiceScreen(*args, **kwargs)._options()]


async def refilled(app: PatientApp, pilot: Pilot[None], title: str) -> ChoiceScreen:
    """Wait until the kept list ``title`` shows the position's entries, laid out and painted."""
    for _ in range(100):
        await pilot.pause(0.05)
        screen = kept_list(app, title)
        if (
            screen is not None
            and screen._ahead
            and done(screen)
            and shown_entries(screen) == entries_now(app, title)
        ):
            return screen
    raise AssertionError(f"the list {title!r} was not refilled ahead")


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The screens laid out from now on, by class name."""
    layouts: list[str] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen: Screen[object], *args: Any, **kwargs: Any) -> None:
        layouts.append(type(screen).__name__)
        refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


@pytest.mark.parametrize(("key", "size"), [("h", SIZE), ("b", SIZE), ("h", (80, 24))])
async def test_after_a_move_the_list_is_ready_and_opens_without_a_layout_as_a_fresh_one(
    frames: list[str], monkeypatch: pytest.MonkeyPatch, key: str, size: tuple[int, int]
) -> None:
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=size) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")  # a bean planted: the harvest list's entries change
        kept = await refilled(app, pilot, TITLES[key])
        assert isinstance(app.screen, TableScreen)  # unseen
        layouts = count_layouts(monkeypatch)
        opened = await key_frames(app, pilot, key, frames)
        assert app.screen is kept and len(opened) == 1
        assert "ChoiceScreen" not in layouts
        assert not kept._ahead  # showing: Textual's own frames from now on
        assert list_look(app) == await fresh_list(session, key, size)
        assert await background_as_fresh(app, pilot)


async def test_a_move_after_the_work_ahead_is_shown_as_the_list_opens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The position changes after the list was refilled ahead and the list opens before it
    could be refilled again: it shows the new position."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        kept = await refilled(app, pilot, TITLES["h"])
        before = shown_entries(kept)
        monkeypatch.setattr(app_module, "AHEAD_AFTER_FRAME", 60.0)  # no refill from now on
        await press(pilot, "u", "h")  # the plant undone, then the list
        assert app.screen is kept
        assert shown_entries(kept) != before
        assert list_look(app) == await fresh_list(session, "h")


@pytest.mark.parametrize("first", ["h", "1"])
async def test_a_key_pressed_during_the_work_ahead_is_answered_as_ever(
    monkeypatch: pytest.MonkeyPatch, first: str
) -> None:
    """A key comes while the lists are being refilled, laid out and painted (the work ahead
    just begun): the list shows the position, a move is played."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        await refilled(app, pilot, TITLES["h"])
        planted = dumps(session)
        monkeypatch.setattr(app_module, "AHEAD_AFTER_FRAME", 60.0)  # started by hand below
        await press(pilot, "u")
        app._ahead_due()  # the work ahead for this position begins...
        kept = kept_list(app, TITLES["h"])
        assert kept is not None and kept._ahead and not done(kept)
        await pilot.press(first)  # ...and a key comes before it is done
        await pilot.pause(0.2)
        if first == "1":
            assert isinstance(app.screen, TableScreen) and dumps(session) == planted
            await press(pilot, "h")
        assert app.screen is kept
        assert list_look(app) == await fresh_list(session, "h")


async def test_a_list_whose_entries_stay_is_not_refilled_by_a_plant_and_its_undo() -> None:
    """The buy list's entries don't change as a bean is planted and taken back: the work
    ahead leaves it as it is (the harvest list, whose entries do change, is refilled)."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        buy = await refilled(app, pilot, TITLES["b"])
        harvest = await refilled(app, pilot, TITLES["h"])
        refills: list[object] = []
        for screen in (buy, harvest):
            options = screen.query_one(OptionList)
            set_options = options.set_options

            def counted(
                new: Any, screen: ChoiceScreen = screen, set_options: Any = set_options
            ) -> Any:
                refills.append(screen)
                return set_options(new)

            options.set_options = counted  # type: ignore[method-assign]
        await press(pilot, "u")
        await refilled(app, pilot, TITLES["h"])
        await press(pilot, "1")
        await refilled(app, pilot, TITLES["h"])
        assert refills == [harvest, harvest]
        assert kept_list(app, TITLES["b"]) is buy


async def test_a_dialog_built_ahead_opens_the_first_time_without_a_layout_or_a_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The help built at start is laid out as its widgets ask and painted unseen, and its
    update timer (layouts and frames) started: Textual's timer waits a whole period
    (1/60 s) after it is first resumed, and ticks at once when resumed later."""
    from textual import timer as timer_module

    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter")
        help_screen = app.get_screen("HelpScreen-0")
        assert isinstance(help_screen, HelpScreen)
        for _ in range(100):
            if done(help_screen):
                break
            await pilot.pause(0.05)
        assert done(help_screen)
        waits: list[str] = []  # the help's update timer: its waits and its ticks, in order
        timer = help_screen._update_timer
        tick, sleep = timer_module.Timer._tick, timer_module.sleep

        async def ticked(self: timer_module.Timer, **kwargs: Any) -> None:
            if self is timer:
                waits.append("tick")
            await tick(self, **kwargs)

        async def timed_sleep(seconds: float) -> None:
            if asyncio.current_task() is timer._task:
                waits.append("wait")
            await sleep(seconds)

        monkeypatch.setattr(timer_module.Timer, "_tick", ticked)
        monkeypatch.setattr(timer_module, "sleep", timed_sleep)
        layouts = count_layouts(monkeypatch)
        await pilot.pause(0.1)  # (a tick unseen is followed by a period's wait)
        waits.append("key")
        await press(pilot, "question_mark")
        await pilot.pause(0.1)
        assert app.screen is help_screen
        assert "HelpScreen" not in layouts
        assert waits[waits.index("key") + 1] == "tick"  # the opening's update, at once


#: each whole frame of a list or the help as it opens: (made ahead, its text, the text of
#: a frame rendered anew)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    return record_sent(monkeypatch, (ChoiceScreen, HelpScreen))


async def prepared(app: PatientApp, pilot: Pilot[None], dialog: Dialog[Any]) -> None:
    for _ in range(100):
        if dialog._prepared is not None and not dialog._unseen_work():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"no frame made ahead for {dialog}")


async def test_the_lists_and_the_help_send_the_frame_made_ahead_as_one_rendered_anew(
    sent: Sent,
) -> None:
    session = rich_position()
    app = ahead(session)
    # with the notices, as the command runs (each screen has a rack of them)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        for key, close in [("h", "escape"), ("b", "escape"), ("question_mark", "escape")]:
            dialog = (
                app.get_screen("HelpScreen-0")
                if key == "question_mark"
                else await refilled(app, pilot, TITLES[key])
            )
            assert isinstance(dialog, Dialog)
            await prepared(app, pilot, dialog)
            sent.clear()
            await press(pilot, key)
            await pilot.pause(0.2)
            assert app.screen is dialog
            assert [ahead for ahead, _text, _anew in sent] == [True], key
            [(_ahead, text, anew)] = sent
            assert text == anew, key
            assert dialog._prepared is None  # sent once
            await press(pilot, close)
            await pilot.pause(0.2)


async def test_a_move_after_the_frames_were_made_is_shown(
    sent: Sent, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table changes after the frames were made (an undo), and a key opens a dialog
    before the work ahead could make them again: Textual's frame, of the table as it is."""
    session = rich_position()
    app = ahead(session)
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1")
        help_screen = app.get_screen("HelpScreen-0")
        assert isinstance(help_screen, HelpScreen)
        await prepared(app, pilot, help_screen)
        monkeypatch.setattr(app_module, "AHEAD_AFTER_FRAME", 60.0)  # no work ahead now
        await press(pilot, "u", "question_mark")
        await pilot.pause(0.2)
        assert app.screen is help_screen
        assert sent and not sent[0][0]  # not the frame made ahead
        assert all(text == anew for _ahead, text, anew in sent)
