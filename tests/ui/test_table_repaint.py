"""What a key press repaints: only what changed, and still exactly what a fresh table shows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_voyage_play import busy_voyage_position
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input
from ui_helpers import SIZE, from_state, make_app, press, screen_text, table_fitted

from bohnanza_tui.rules import Phase
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps, loads
from bohnanza_tui.ui import islandmap
from bohnanza_tui.ui.widgets import CommandBar, CommandHint, EventLog, KeyBar, Panel, QuietScrollBar

#: the table's panels a plant or an undo may change (the log's lines differ from a fresh table's)
PANELS = (
    "#status",
    "#player-big",
    *(f"#player-{p}" for p in range(5)),
    "#islands-A",
    "#islands-B",
    "#islands-C",
    "#faceup",
    "#offers",
    "#pending",
    "#hand",
)


class OnePanel(App[None]):
    def compose(self) -> ComposeResult:
        yield Panel(id="panel")


def lines(*texts: str) -> Content:
    return Content("\n").join(Content(t) for t in texts)


async def test_a_panel_repaints_only_the_lines_that_changed() -> None:
    app = OnePanel()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(Panel)
        panel.styles.height = "auto"
        panel.show_content(lines("coins 3", "field ♠×2", "hand 5"))
        await pilot.pause()
        refreshed: list[tuple[Region, ...]] = []
        refresh = panel.refresh

        def counted(*regions: Region, **kwargs: bool) -> Panel:
            if not panel._lines_only:  # (Static.update's repaint of it all is left out then)
                refreshed.append(regions)
            return refresh(*regions, **kwargs)

        panel.refresh = counted  # type: ignore[method-assign]
        panel.show_content(lines("coins 3", "field ♠×3", "hand 4"))
        await pilot.pause()
        # the two lines that changed, and no repaint of the whole panel
        assert refreshed == [(Region(0, 1, 40, 1), Region(0, 2, 40, 1))]
        assert screen_text(app).splitlines()[:3] == ["coins 3", "field ♠×3", "hand 4"]
        # a style alone is a change too
        panel.show_content(Content.assemble("coins 3\n", ("field ♠×3", "bold"), "\nhand 4"))
        await pilot.pause()
        assert refreshed[-1] == (Region(0, 1, 40, 1),)
        assert panel.render_line(1).text == "field ♠×3"
        assert any(s.style is not None and s.style.bold for s in panel.render_line(1))
        # one line more: the panel grows (a layout), and paints every line
        panel.show_content(lines("coins 3", "field ♠×3", "hand 4", "store 1"))
        await pilot.pause()
        assert panel.size.height == 4
        assert screen_text(app).splitlines()[:4] == ["coins 3", "field ♠×3", "hand 4", "store 1"]


async def test_the_log_and_its_scrollbar_paint_as_textual_would_line_after_line() -> None:
    """The log takes the rows it painted before it scrolled, and the quiet scrollbar skips
    repaints that would look the same: the screen is what Textual's own repaint gives."""

    class OneLog(App[None]):
        DEFAULT_CSS = "EventLog { border: round green; scrollbar-size-vertical: 1; }"

        def compose(self) -> ComposeResult:
            yield EventLog(id="log", wrap=True, markup=False)

    app = OneLog()
    async with app.run_test(size=(40, 12)) as pilot:
        log = app.query_one(EventLog)
        log.border_title = "Log"
        bar = log.vertical_scrollbar
        assert isinstance(bar, QuietScrollBar)
        skipped = moved = reused = 0
        for n in range(120):
            before = bar._painted
            if n % 9 == 4:
                log.add_events([f"line {n}: a long line that the log wraps onto two rows"])
            elif n % 11 == 5:
                log.add_refusal(f"refused {n}")
            else:
                log.add_events([f"line {n}"])
            await pilot.pause()
            shown = screen_text(app)
            reused += bool(log._rows)
            log._rows = None
            Widget.refresh(log)  # Textual's own repaint of every row
            await pilot.pause()
            assert screen_text(app) == shown, n
            if not bar.display or not bar.size.height:
                continue
            region = bar.size.region
            painted = bar.render_lines(region)
            bar._rows = None  # (the rows it keeps while it looks the same)
            Widget.refresh(bar)
            await pilot.pause()
            assert bar.render_lines(region) == painted, n
            if before is not None and before == bar._painted:
                skipped += 1
            else:
                moved += 1
        assert skipped > 20 and moved > 5  # both happened: the test saw quiet and moving bars
        assert reused > 100
        rows = [row.strip("│ ") for row in screen_text(app).splitlines()]
        assert rows[rows.index("line 119") - 4] == "✗ refused 115"
        # emptied and written again (as when the terminal's width changes): the new lines show
        log.clear()
        widest = "line 4: a long line that the log wraps onto two rows"  # the width as before
        log.add_events([widest, *(f"again {n}" for n in range(30))])
        await pilot.pause()
        rows = [row.strip("│ ") for row in screen_text(app).splitlines()]
        assert "again 29" in rows and not any(row.startswith("line") for row in rows)


def panel_lines(app: App[None], selector: str) -> list[str]:
    """What the screen shows where the panel is, blank lines at the end left out."""
    widget = app.screen.query_one(selector)
    if not widget.display:
        return []
    region = widget.region
    rows = screen_text(app).split("\n")[region.y : region.bottom]
    shown = [row[region.x : region.right].rstrip() for row in rows]
    while shown and not shown[-1].strip():
        shown.pop()
    return shown


async def repainted_alike(app: App[None], pilot: Pilot[None]) -> bool:
    """Does the screen read the same after Textual repaints every widget from scratch?"""
    shown = screen_text(app)
    for widget in app.screen.query("*"):
        if isinstance(widget, Panel):
            widget._lines = None
        if isinstance(widget, EventLog):
            widget._rows = None
            Widget.refresh(widget.vertical_scrollbar)
        Widget.refresh(widget)
    await pilot.pause()
    return screen_text(app) == shown


async def fresh_table(session: Session) -> dict[str, list[str]]:
    """The panels of a table opened on a copy of ``session`` (as a resumed game opens)."""
    app = make_app(loads(dumps(session)))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await table_fitted(pilot)
        return {selector: panel_lines(app, selector) for selector in PANELS}


async def test_plant_and_undo_paint_what_a_fresh_table_paints() -> None:
    state = busy_voyage_position()
    session = from_state(state)
    app = make_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await table_fitted(pilot)
        opened = {selector: panel_lines(app, selector) for selector in PANELS}
        assert opened == await fresh_table(session)
        await press(pilot, "1")
        assert isinstance(session.log[-1], Plant) and session.state.phase is Phase.PLANT
        assert await repainted_alike(app, pilot)
        planted = {selector: panel_lines(app, selector) for selector in PANELS}
        assert planted != opened
        assert planted == await fresh_table(session)
        await press(pilot, "u")
        assert not session.log
        assert await repainted_alike(app, pilot)
        assert {selector: panel_lines(app, selector) for selector in PANELS} == opened


def test_the_map_signature_changes_whenever_the_map_does() -> None:
    """Two positions with one signature have the same island columns (random Bohn Voyage games)."""
    for seed in range(3):
        session = Session.new("voyage", ["Ann", "Bob", "Cy", "Dee"], seed)
        player = RandomPlayer(random.Random(seed), harvest_rate=0.3)
        before = islandmap.map_signature(session.state)
        columns = [c.markup for c in islandmap.island_columns(session.state)]
        changes = home_plants = 0
        for _ in range(400):
            if session.state.over:
                break
            action = player.step(session.state)
            session.play(action)
            now = islandmap.map_signature(session.state)
            shown = [c.markup for c in islandmap.island_columns(session.state)]
            if now == before:
                assert shown == columns
            else:
                changes += 1
            # a bean planted at home leaves the map (and its signature) as it was
            home_plants += isinstance(action, Plant) and now == before
            before, columns = now, shown
        assert changes > 10 and home_plants > 10


def test_a_strip_compares_by_its_look() -> None:
    """Panels compare painted lines to repaint only changed ones: equal text and style are equal."""
    a = Strip(list(Content.styled("♠×3", "bold").render_segments()))
    b = Strip(list(Content.styled("♠×3", "bold").render_segments()))
    c = Strip(list(Content.styled("♠×3", "italic").render_segments()))
    assert a == b and a != c


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_the_command_line_opens_over_the_key_bar_and_lays_out_nothing_else(
    size: tuple[int, int],
) -> None:
    """``:`` shows the line over the key bar and its hint over the rule above the hand: every
    other widget keeps its place, size and painting order (no layout of the table, no repaint
    of the whole screen), and the hand stays in view; Escape gives the keys back."""
    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter")
        await table_fitted(pilot)
        table = app.screen
        compositor = table._compositor
        placed = {w: (g.region, g.order) for w, g in compositor.full_map.items()}
        keys = table.query_one(KeyBar)
        shown = keys._shown
        full: list[bool] = []
        render_full = compositor.render_full_update

        def counted(simplify: bool = False) -> Any:
            full.append(simplify)
            return render_full(simplify=simplify)

        compositor.render_full_update = counted  # type: ignore[method-assign]
        await press(pilot, "colon")
        bar = table.query_one(CommandBar)
        hint = table.query_one(CommandHint)
        hand = table.query_one("#hand")
        line = table.query_one("#command-input", Input)
        assert bar.display and line.has_focus
        after = compositor.full_map
        moved = [w for w, (r, o) in placed.items() if (after[w].region, after[w].order) != (r, o)]
        assert moved == []
        assert bar.region.contains_region(keys.region)
        line.value = "zzz"
        await press(pilot, "enter")
        assert hint.display and "zzz" in str(hint.render())
        assert hint.region.bottom - 1 == hand.region.y  # on the rule above the hand
        assert not hint.region.overlaps(hand.content_region)
        assert not bar.region.overlaps(hand.region)
        await press(pilot, "escape")
        assert not bar.display and not hint.display
        after = compositor.full_map
        moved = [w for w, (r, o) in placed.items() if (after[w].region, after[w].order) != (r, o)]
        assert moved == []
        assert keys._shown == shown
        assert full == []


async def test_a_partial_update_sends_what_textual_would_send() -> None:
    """The table's compositor cuts up only the widgets under the changed regions: for any
    changed regions, with and without the command line over the key bar, it sends exactly
    the text Textual's own would."""
    from textual._compositor import Compositor

    from bohnanza_tui.ui.compositor import SpanCompositor

    app = make_app(from_state(busy_voyage_position()))
    width, height = SIZE
    rng = random.Random(5)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "1")
        for opened in (False, True):
            if opened:
                await press(pilot, "colon")
            await pilot.pause()
            compositor = app.screen._compositor
            assert isinstance(compositor, SpanCompositor)
            plant = {  # what a plant changed: a field, the hand, the status, the log, the keys
                Region(1, 37, 118, 1),
                Region(2, 3, 66, 1),
                Region(72, 2, 48, 28),
                Region(0, 38, 120, 2),
                Region(1, 1, 118, 1),
            }
            for n in range(80):
                regions = set(plant) if n == 0 else set()
                for _ in range(rng.randint(1, 6) if n else 0):
                    x, y = rng.randrange(width), rng.randrange(height)
                    w, h = rng.randint(1, width - x), rng.randint(1, min(4, height - y))
                    regions.add(Region(x, y, w, h))
                compositor._dirty_regions.update(regions)
                ours = compositor.render_partial_update()
                compositor._dirty_regions.update(regions)
                textuals = Compositor.render_partial_update(compositor)
                assert ours is not None and textuals is not None
                assert ours.render_segments(app.console) == textuals.render_segments(app.console)


async def test_kept_renders_are_what_a_new_render_gives() -> None:
    """Panels and the key bar keep their last few renders (a move and its undo show the same
    things again): after each key, every line they paint is what rendering their content
    anew gives."""
    from textual.visual import Visual

    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        kept = 0
        for key in ("1", "u", "1", "u", "1", "e", "u", "u", "1"):
            await press(pilot, key)
            widgets = [*app.screen.query(Panel), app.screen.query_one(KeyBar)]
            for widget in widgets:
                if not widget.display or not widget.size.height:
                    continue
                width, height = widget.size
                fresh = Visual.to_strips(widget, widget.visual, width, height, widget.visual_style)
                painted = [widget.render_line(y) for y in range(height)]
                assert painted[: len(fresh)] == fresh, (key, widget.id)
                kept += len(widget._rendered or {})
        assert kept > 20  # the renders were kept


async def test_the_cuts_are_made_anew_with_the_map_of_the_widgets_places() -> None:
    """Textual makes its map of the widgets' places anew when a widget it has not placed
    asks for a paint; the cuts of each line (where a widget's piece begins and ends) were
    left as the old places gave them, and a repaint cut the pieces at old edges (it showed
    the island map's rows blank). The table's compositor makes them anew with the map."""
    from bohnanza_tui.ui.compositor import SpanCompositor

    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter", "v", "v")  # the island map, in the side area
        compositor = app.screen._compositor
        assert isinstance(compositor, SpanCompositor)
        bar = app.screen.query_one("#side-more").vertical_scrollbar
        assert bar.display and bar in compositor.visible_widgets
        x, lines = bar.region.right, list(bar.region.line_range)  # (where the bar ends)
        assert lines and all(x in compositor.cuts[y] for y in lines)
        # the map as it was before the scrollbar came, with the cuts made from it
        compositor._full_map = {w: g for w, g in compositor._full_map.items() if w is not bar}
        compositor._visible_widgets = compositor._cuts = None
        assert not any(x in compositor.cuts[y] for y in lines)
        compositor._full_map_invalidated = True  # (a widget not placed asked for a paint)
        assert bar in compositor.full_map
        assert all(x in compositor.cuts[y] for y in lines)
