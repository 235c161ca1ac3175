"""The computer players of Guatemala Café (bots/cafe.py): legal moves from views, whole games."""

from __future__ import annotations

import pytest

from bohnanza_tui.bots import cafe as cafe_bots
from bohnanza_tui.bots.driver import play_game
from bohnanza_tui.bots.tournament import main as tournament_main
from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.actions import Allow, Block, ScoreSack
from bohnanza_tui.rules.cafe import BLOCK
from bohnanza_tui.rules.cafe_data import HUT, WORKER


@pytest.mark.parametrize("level", ["random", "basic", "strong"])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_level_plays_legal_moves_from_its_view_to_the_end(level: str, n: int) -> None:
    bots = [cafe_bots.make_cafe_bot(level, seed=i) for i in range(n)]
    state = cafe.new_game([f"P{i}" for i in range(n)], seed=n)
    for _ in range(20_000):
        if state.over:
            break
        p = cafe.next_to_act(state)
        assert p is not None
        action = bots[p].act(cafe.view(state, p), p)
        assert cafe.check(state, action) is None, action
        cafe.apply(state, action)
    assert state.over


def test_play_game_and_the_tournament_take_mode_cafe(capsys: pytest.CaptureFixture[str]) -> None:
    result = play_game("cafe", ["basic", "random", "random"], seed=4)
    assert sum(result.wins) == pytest.approx(1.0) and result.actions > 0
    assert (
        tournament_main(
            ["--mode", "cafe", "--players", "basic,random", "--games", "2", "--no-progress"]
        )
        == 0
    )
    assert "basic" in capsys.readouterr().out


def test_a_bot_blocks_a_scoring_that_serves_another_player() -> None:
    state = cafe.new_game(["Ann", "Bob", "Cy"], seed=1)
    cafe._place_piece(state, 0, HUT, 4)  # Ann: a blue hut with 3 workers
    for cell in (3, 5, 14):
        cafe._place_piece(state, 0, WORKER, cell)
    state.players[1].sacks = [0, 0, 2, 0, 0]
    state.buyer, state.phase = 0, cafe.ACT
    state.places[0] = 2  # a blue sack
    cafe.apply(state, ScoreSack(0, 0))
    assert state.phase == BLOCK and state.asking == 1
    bot = cafe_bots.make_cafe_bot("basic", seed=1)
    assert bot.act(cafe.view(state, 1), 1) == Block(1)
    state.players[1].sacks = [0, 0, 0, 0, 0]
    assert bot.act(cafe.view(state, 1), 1) == Allow(1)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        cafe_bots.make_cafe_bot("genius")
