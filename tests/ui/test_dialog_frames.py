"""Opening and closing a dialog: the frames the terminal gets, and what they show.

A frame that comes after the screen already showed what it ends up showing costs
CPU, and in a real terminal counts in full towards the time a key takes (a
benchmark waits for the output to settle).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_table_repaint import repainted_alike
from test_voyage_play import busy_voyage_position
from textual._compositor import Compositor, LayoutUpdate
from textual._context import active_app
from textual.pilot import Pilot
from textual.widget import Widget
from ui_helpers import SIZE, PatientApp, from_state, make_app, press, screen_text

from bohnanza_tui.rules.save import Session
from bohnanza_tui.ui import collector
from bohnanza_tui.ui.screens.choice import ChoiceScreen
from bohnanza_tui.ui.screens.help import HelpScreen
from bohnanza_tui.ui.screens.modal import PreparedCompositor, Watched
from bohnanza_tui.ui.screens.table import TableScreen
from bohnanza_tui.ui.screens.trade import OfferBuilder
from bohnanza_tui.ui.widgets import EventLog


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of each frame sent to the terminal, as the screen read then."""
    sent: list[str] = []
    render_update = Compositor.render_update

    def recorded(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        update = render_update(self, *args, **kwargs)
        if update is not None:
            sent.append("\n".join(strip.text for strip in self.render_strips()))
        return update

    monkeypatch.setattr(Compositor, "render_update", recorded)
    monkeypatch.setattr(collector, "settle", lambda collect=True: None)  # not in a test run
    return sent


#: each whole frame a dialog sent as it opened: (made ahead?, the text sent, the text of
#: the same frame rendered anew, every widget and the tint painted again)
Sent = list[tuple[bool, str, str]]


def record_sent(monkeypatch: pytest.MonkeyPatch, kinds: tuple[type[Any], ...]) -> Sent:
    """Record the whole frames that dialogs of ``kinds`` send as they open (``Sent``)."""
    out: Sent = []
    render_full_update = PreparedCompositor.render_full_update

    def recorded(self: PreparedCompositor, simplify: bool = False) -> LayoutUpdate:
        ahead = self.ready is not None
        update = render_full_update(self, simplify)
        app = active_app.get()
        screen = app.screen
        if screen._compositor is not self or not isinstance(screen, kinds):
            return update  # made unseen, ahead; or another dialog's
        # everything painted anew: the dialog's widgets, its background, the table's tint
        for widget in [screen, *screen.walk_children(Widget)]:
            widget._set_dirty()
        screen._painted.clear()
        for beneath in app.screen_stack:
            if isinstance(beneath, Watched):
                beneath.tinted = None
        anew = Compositor.render_full_update(self)
        console = app.console
        out.append((ahead, update.render_segments(console), anew.render_segments(console)))
        return update

    monkeypatch.setattr(PreparedCompositor, "render_full_update", recorded)
    return out


def rich_position() -> Session:
    """The busy Bohn Voyage position, Ann (at the keyboard) with coins to buy with."""
    state = busy_voyage_position()
    state.players[0].coins = [state.deck.pop() for _ in range(12)]
    return from_state(state)


def ahead(session: Session) -> PatientApp:
    """The app as the command runs it: the dialogs it opens most are built ahead."""
    app = make_app(session)
    app.ahead = True
    return app


async def built(app: PatientApp, pilot: Pilot[None]) -> None:
    names = [f"{name}-0" for name in ("ChoiceScreen", "HelpScreen", "OfferBuilder")]
    for _ in range(200):
        await pilot.pause(0.05)
        if all(app.is_screen_installed(n) and app.get_screen(n).is_mounted for n in names):
            return
    raise AssertionError("the dialogs were not built ahead")


async def key_frames(app: PatientApp, pilot: Pilot[None], key: str, frames: list[str]) -> list[str]:
    """The frames a key sends; the last is the screen as it stays (what a person reads)."""
    await pilot.pause(0.2)
    frames.clear()
    await pilot.press(key)
    await pilot.pause(0.3)
    final = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
    shown = list(frames)
    assert shown and shown[-1] == final, key
    return shown


async def restyled_alike(app: PatientApp, pilot: Pilot[None]) -> bool:
    """Does the dialog look the same (text and styles) once Textual has worked out the
    styles of all its widgets again and repainted them?"""
    looks = [list(strip) for strip in app.screen._compositor.render_strips()]
    app.screen.update_node_styles(animate=False)
    for widget in app.screen.query("*"):
        widget.refresh()
    app.screen.refresh()
    await pilot.pause(0.2)
    return [list(strip) for strip in app.screen._compositor.render_strips()] == looks


async def test_each_dialog_shows_in_its_first_frame_and_closes_in_one(frames: list[str]) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter")
        for key, kind, close in [
            ("h", ChoiceScreen, "escape"),
            ("b", ChoiceScreen, "escape"),
            ("h", ChoiceScreen, "escape"),  # the list reused after another's entries
            ("question_mark", HelpScreen, "question_mark"),
            ("question_mark", HelpScreen, "escape"),  # the help opened again
        ]:
            opened = await key_frames(app, pilot, key, frames)
            assert isinstance(app.screen, kind)
            # the first frame shows it as it stays; a list that got another number of
            # entries is laid out once more when its new size comes back from the first
            # layout (Textual's second pass), a repaint of the same text
            assert opened[0] == opened[-1], key
            assert len(opened) <= (1 if kind is HelpScreen else 3), key
            assert await restyled_alike(app, pilot), key
            closed = await key_frames(app, pilot, close, frames)
            assert isinstance(app.screen, TableScreen)
            assert len(closed) == 1, (key, close, len(closed))
            assert await repainted_alike(app, pilot)


async def test_the_trade_dialog_shows_in_its_first_frame_the_same_when_opened_again(
    frames: list[str],
) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "1", "e")
        first = await key_frames(app, pilot, "t", frames)
        builder = app.screen
        assert isinstance(builder, OfferBuilder)
        assert first[0] == first[-1]
        await key_frames(app, pilot, "escape", frames)
        again = await key_frames(app, pilot, "t", frames)
        assert app.screen is builder and len(again) == 1
        assert again[-1] == first[-1]


async def test_closing_a_dialog_shows_what_was_written_beneath_it(frames: list[str]) -> None:
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "h")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = table.query_one(EventLog)
        log.add_events([f"A line written beneath, number {n}." for n in range(12)])
        await pilot.pause(0.2)
        closed = await key_frames(app, pilot, "escape", frames)
        assert len(closed) == 1
        assert "A line written beneath, number 11." in screen_text(app)
        assert log.scroll_y == log.max_scroll_y
        assert await repainted_alike(app, pilot)


async def test_a_dialog_shown_again_after_the_theme_changed_takes_the_new_theme() -> None:
    """A dialog shown before keeps its styles (Textual worked them all out again at every
    opening) unless the stylesheet or the theme changed meanwhile."""
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "h")
        dark = [list(strip) for strip in app.screen._compositor.render_strips()]
        await press(pilot, "escape")
        app.theme = "textual-light"
        await pilot.pause(0.2)
        await press(pilot, "h")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ChoiceScreen)
        assert [list(strip) for strip in app.screen._compositor.render_strips()] != dark
        assert await restyled_alike(app, pilot)


async def background_as_fresh(app: PatientApp, pilot: Pilot[None]) -> bool:
    """Does the dialog show the table beneath as a background tinted anew would?"""
    looks = [list(strip) for strip in app.screen._compositor.render_strips()]
    app.screen._painted.clear()  # type: ignore[attr-defined]
    for screen in app.screen_stack:  # the tint kept in the screens beneath, too
        if isinstance(screen, Watched):
            screen.tinted = None
    app.screen.refresh()
    await pilot.pause(0.2)
    return [list(strip) for strip in app.screen._compositor.render_strips()] == looks


async def test_a_dialog_opened_again_shows_the_table_as_it_is_now() -> None:
    """The tinted table is kept from one opening to the next only while the table shows
    the same."""
    app = ahead(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await built(app, pilot)
        await press(pilot, "enter", "h")
        await pilot.pause(0.2)
        first = screen_text(app)
        await press(pilot, "escape", "1", "h")  # a bean planted between the two openings
        await pilot.pause(0.2)
        assert screen_text(app) != first
        assert await background_as_fresh(app, pilot)
        await press(pilot, "escape", "h")  # nothing changed: the kept lines, the same look
        await pilot.pause(0.2)
        assert await background_as_fresh(app, pilot)
        # a change beneath another dialog (the help), then the list again
        await press(pilot, "escape", "question_mark")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        table.query_one(EventLog).add_events(["Written beneath the help."])
        await pilot.pause(0.2)
        await press(pilot, "question_mark", "h")
        await pilot.pause(0.2)
        assert "Written beneath the help." in screen_text(app)
        assert await background_as_fresh(app, pilot)


async def test_a_refusal_that_wraps_keeps_its_indent() -> None:
    """A refused entry's reason stands indented under it, the lines it wraps onto too."""
    from textual.content import Content
    from textual.widgets import OptionList

    from bohnanza_tui.ui.choices import Choice

    reason = "R-TEST-1: " + " ".join(f"word{n}" for n in range(40))
    app = make_app(rich_position())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        entries = [Choice(Content("first"), 1), Choice(Content("second"), 2, reason)]
        app.push_screen(ChoiceScreen.reused(app, "Pick one", entries))
        await pilot.pause(0.2)
        box = app.screen.query_one(OptionList).content_region
        rows = [
            row[box.x : box.right].rstrip()
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        start = next(i for i, row in enumerate(rows) if "second  ✗" in row)
        edge = rows[start].index("2. second")  # the entry's left edge (after the gutter)
        below = [row[edge:] for row in rows[start + 1 :] if row[edge:].strip()]
        assert len(below) >= 3  # the reason wraps
        assert all(row.startswith("   ") and row[3] != " " for row in below), below
        assert " ".join(row.strip() for row in below) == reason
        # what the entry says, as before (the tests read entries so)
        option = app.screen.query_one(OptionList).get_option_at_index(1)
        assert str(option.prompt) == f"2. second  ✗\n   {reason}"
