"""What keeps a key press cheap to paint: no layout where a repaint does, the dialog's dim background."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.content import Content

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
