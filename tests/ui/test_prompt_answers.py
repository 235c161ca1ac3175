"""What keeps a key's answer to one frame: the log scrolls with the move, the autosave waits
for the screen and is still never lost. (How fast: scripts/bench_ui.py --tmux, not here.)"""

from __future__ import annotations

from pathlib import Path

from ui_helpers import SIZE, classic, make_app, press

from bohnanza_tui.rules.save import load_file
from bohnanza_tui.ui.widgets import EventLog


async def test_the_log_shows_its_newest_line_at_once() -> None:
    app = make_app(classic())
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        log = app.screen.query_one(EventLog)
        log.add_events([f"line {n}" for n in range(80)])  # overflowing: a scrollbar shows
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        log.add_events(["the newest line"])
        # scrolled as it was written, not a refresh later
        assert log.scroll_y == log.max_scroll_y
        assert log.lines[-1].text.strip() == "the newest line"
        await pilot.pause()
        assert log.vertical_scrollbar.window_virtual_size == len(log.lines)
        assert log.scroll_y == log.max_scroll_y


async def test_a_move_is_saved_even_when_the_app_closes_right_after_it(tmp_path: Path) -> None:
    save = tmp_path / "autosave.json"
    session = classic()
    app = make_app(session, autosave=save)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await pilot.press("p")  # no pause: the app quits before anything else happens
        await pilot.press("ctrl+q")
    assert len(session.log) == 1
    assert load_file(save).log == session.log


async def test_the_autosave_is_written_after_the_moves_frame(tmp_path: Path) -> None:
    """The frame goes to the terminal first, the save shortly after (``SAVE_AFTER_FRAME``);
    a move without a frame is saved all the same (``SAVE_AT_THE_LATEST``)."""
    save = tmp_path / "autosave.json"
    session = classic()
    app = make_app(session, autosave=save)
    happened: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")
        await pilot.pause(0.3)
        hook, write = app.post_display_hook, app._autosave

        def displayed() -> None:
            happened.append("frame")
            hook()

        def saved() -> None:
            happened.append("save")
            write()

        app.post_display_hook = displayed  # type: ignore[method-assign]
        app._autosave = saved  # type: ignore[method-assign]
        await pilot.press("p")
        await pilot.pause(0.4)
        assert happened.count("save") == 1
        assert "frame" in happened[: happened.index("save")]
        assert load_file(save).log == session.log
        happened.clear()
        session.undo(0, [])
        app.after_action()  # nothing on the screen changes: no frame to wait for
        await pilot.pause(0.4)
        assert happened == ["save"]
        assert load_file(save).log == session.log == []
