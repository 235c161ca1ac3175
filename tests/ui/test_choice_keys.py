"""A list's footer names the keys its entries really take: field numbers, the Kontor's
``k``, letters for colony fields, or 1-n in order."""

from __future__ import annotations

import re

import pytest
from test_voyage_play import A1, take, voyage_position
from ui_helpers import SIZE, from_state, make_app, press, screen_text

from bohnanza_tui.ui.screens.choice import ChoiceScreen, key_span


@pytest.mark.parametrize(
    ("keys", "span"),
    [
        (["1", "2", "3"], "1-3"),
        (["2", "1", "k"], "1, 2, k"),  # a refused field 1 listed after field 2
        (["2", "a", "b", "c"], "2, a-c"),
        ([*"123456789", "", ""], "1-9"),  # entries past the ninth have no key
        ([], ""),
    ],
)
def test_key_span(keys: list[str], span: str) -> None:
    assert key_span(keys) == span


def footer(text: str) -> str:
    found = re.search(r"↑↓[^█│]*Esc cancel", text)
    assert found is not None
    return found.group()


async def test_the_harvest_lists_footer_names_field_numbers_and_letters() -> None:
    state = voyage_position()
    ann = state.players[0]
    ann.holdings[0].fields[1] = [take(state, "blue") for _ in range(4)]
    ann.holdings[1].fields[0] = [take(state, "blue")]
    assert ann.holdings[1].island == A1
    app = make_app(from_state(state))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter", "h")
        assert isinstance(app.screen, ChoiceScreen)
        assert footer(screen_text(app)) == "↑↓ choose · Enter or 2, a select · Esc cancel"
        await press(pilot, "escape", "b")  # a list numbered in order
        assert isinstance(app.screen, ChoiceScreen)
        count = len([k for k in app.screen.keys if k])
        assert count > 1
        span = f"1-{count}" if count > 2 else "1, 2"
        assert footer(screen_text(app)) == f"↑↓ choose · Enter or {span} select · Esc cancel"
