"""What keeps a key press cheap to paint: no layout where a repaint does, the dialog's dim background."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.color import Color
from textual.content import Content
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen
from ui_helpers import SIZE, classic, make_app, press

from bohnanza_tui.ui.screens.help import HelpScreen
from bohnanza_tui.ui.screens.modal import tinted_segments
from bohnanza_tui.ui.widgets import Panel


class OnePanel(App[None]):
    def compose(self) -> ComposeResult:
        yield Panel(id="panel")


def lines(n: int) -> Content:
    return Content("\n").join(Content(f"line {i}") for i in range(n))


async def test_a_held_panel_keeps_its_height_until_the_hold_changes() -> None:
    app = OnePanel()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(Panel)
        panel.styles.height = "auto"
        panel.show_content(lines(3), hold="turn 1")
        await pilot.pause()
        assert panel.size.height == 3
        layouts = 0
        refresh_layout = app.screen._refresh_layout

        def counted(*args: object, **kwargs: object) -> None:
            nonlocal layouts
            layouts += 1
            refresh_layout(*args, **kwargs)  # type: ignore[arg-type]

        app.screen._refresh_layout = counted  # type: ignore[method-assign]
        # a line shorter (a card planted), then as long again (undone): no layout at all
        panel.show_content(lines(2), hold="turn 1")
        await pilot.pause()
        assert panel.size.height == 3
        assert str(panel.render()).split("\n") == ["line 0", "line 1", ""]
        panel.show_content(lines(3), hold="turn 1")
        await pilot.pause()
        assert panel.size.height == 3 and layouts == 0
        # another hold (the next turn, another person): the panel fits its content again
        panel.show_content(lines(2), hold="turn 2")
        await pilot.pause()
        assert panel.size.height == 2 and layouts > 0
        # without a hold it grows and shrinks with its content
        panel.show_content(lines(4))
        await pilot.pause()
        panel.show_content(lines(1))
        await pilot.pause()
        assert panel.size.height == 1


def test_the_dim_background_under_a_dialog_looks_as_textuals_own() -> None:
    tint = Color(10, 20, 30, 0.6)
    base = Style(color="#e0e0e0", bgcolor="#101010")  # the dialog screen's own style
    link = Style(color="red", bgcolor="blue", bold=True, link="https://example.org")
    segments = [
        Segment("a", Style(color="#ff0000", bgcolor="#00ff00")),
        Segment("b", link),
        Segment("c", None),
        Segment("d", Style(italic=True)),
        Segment("e", Style(color="#ff0000", bgcolor="#00ff00")),  # the same style again
    ]
    ours = tinted_segments(segments, tint, base)
    # Textual: BackgroundScreen tints, then the screen's style goes under each piece
    textuals = [
        Segment(text, base + style)
        for text, style, _ in BackgroundScreen.process_segments(segments, tint)
    ]
    assert ours == textuals
    assert ours[1].style is not None and ours[1].style.link is None  # no links under a dialog


async def test_a_dialog_shows_the_table_beneath_as_textual_would() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "question_mark")
        assert isinstance(app.screen, HelpScreen)
        ours = app.export_screenshot()
        # the same dialog painted by Textual's own modal screen
        app.screen.render = lambda: ModalScreen.render(app.screen)  # type: ignore[method-assign]
        app.screen.refresh()
        await pilot.pause()
        assert app.export_screenshot() == ours
