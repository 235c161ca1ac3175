"""What a key press repaints: exactly what a fresh table shows, and the command line over the keys."""

from __future__ import annotations

import random

import pytest
from test_voyage_play import busy_voyage_position
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input
from ui_helpers import SIZE, from_state, make_app, press, screen_text, table_fitted

from bohnanza_tui.rules import Phase
from bohnanza_tui.rules.actions import Plant
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps, loads
from bohnanza_tui.ui import islandmap
from bohnanza_tui.ui.widgets import CommandBar, CommandHint, KeyBar

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
        widget.refresh()
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


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_the_command_line_opens_over_the_key_bar_and_lays_out_nothing_else(
    size: tuple[int, int],
) -> None:
    """``:`` shows the line over the key bar and its hint over the rule above the hand: every
    other widget keeps its place, size and painting order (no layout of the table), and the hand stays in view; Escape gives the keys back."""
    app = make_app(from_state(busy_voyage_position()))
    async with app.run_test(size=size) as pilot:
        await press(pilot, "enter")
        await table_fitted(pilot)
        table = app.screen
        placed = {w: w.region for w in table.query("*") if w.region}
        keys = table.query_one(KeyBar)
        shown = keys._shown
        await press(pilot, "colon")
        bar = table.query_one(CommandBar)
        hint = table.query_one(CommandHint)
        hand = table.query_one("#hand")
        line = table.query_one("#command-input", Input)
        assert bar.display and line.has_focus
        moved = [w for w, region in placed.items() if w.region != region]
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
        moved = [w for w, region in placed.items() if w.region != region]
        assert moved == []
        assert keys._shown == shown
