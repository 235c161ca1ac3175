"""The basic level's weights (bots/weights.py): passed through, used, and fitted by a script."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from bohnanza_tui.bots import evaluate as ev
from bohnanza_tui.bots import make_bot, play_game
from bohnanza_tui.bots.basic import BasicBot
from bohnanza_tui.bots.weights import DEFAULT, Weights
from bohnanza_tui.rules import engine
from bohnanza_tui.rules.actions import Accept, MakeOffer
from bohnanza_tui.rules.views import view

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import tune_basic


def test_make_bot_takes_weights() -> None:
    w = Weights(accept_min=0.7, max_offers=3)
    bot = make_bot("basic", 1, weights=w)
    assert isinstance(bot, BasicBot) and bot.weights is w
    default = make_bot("basic", 1)
    assert isinstance(default, BasicBot) and default.weights == DEFAULT
    with pytest.raises(TypeError):
        BasicBot(1, weights={"accept_min": 0.7})  # type: ignore[arg-type]
    assert w.changed(DEFAULT) == {"accept_min": (0.25, 0.7), "max_offers": (6, 3)}


def _actions(mode: str, weights: list[Weights], seed: int) -> list[object]:
    """Every action of a game of basic players with the given weights."""
    bots = [make_bot("basic", seed * 10 + i, weights=w) for i, w in enumerate(weights)]
    state = engine.new_game(mode, [f"P{i}" for i in range(len(bots))], seed)
    out: list[object] = []
    while not state.over:
        p = engine.next_to_act(state)
        a = bots[p].act(view(state, p), p)
        out.append(a)
        engine.apply(state, a)
    return out


@pytest.mark.parametrize("mode", ["classic", "voyage"])
def test_no_offers_when_max_offers_is_zero(mode: str) -> None:
    quiet = Weights(max_offers=0)
    r = play_game(
        mode,
        ["basic"] * 4,
        3,
        bots=[make_bot("basic", i, weights=quiet if i == 0 else DEFAULT) for i in range(4)],
    )
    assert r.offers[0] == 0
    assert min(r.offers[1:]) > 0


def test_thresholds_decide_the_answers() -> None:
    """With unreachable thresholds seat 0 accepts nothing; with the defaults it accepts some."""
    picky = Weights(accept_min=1e6, gift_min=1e6)
    for weights, accepts in ((picky, False), (DEFAULT, True)):
        acts = _actions("classic", [weights, DEFAULT, DEFAULT, DEFAULT], 5)
        assert any(isinstance(a, MakeOffer) and a.player != 0 for a in acts)
        assert any(isinstance(a, Accept) and a.player == 0 for a in acts) is accepts


def test_potentials_follow_the_discount() -> None:
    assert ev.pot_table(DEFAULT) is ev.POT
    steep = ev.pot_table(Weights(discount_base=0.2, discount_per_card=0.0))
    assert steep != ev.POT
    for t, kinds in enumerate(ev.SALE):
        for k, row in enumerate(kinds):
            for n in range(ev.MAX_N + 1):
                # never below selling now (d = 0), never above the default's (a smaller discount)
                assert row[n] <= steep[t][k][n] <= ev.POT[t][k][n] + 1e-12


def test_other_weights_play_another_game() -> None:
    """A different forced-harvest penalty changes some decision (the weights are used)."""
    a = _actions("classic", [DEFAULT] * 4, 8)
    b = _actions("classic", [Weights(forced_penalty=0.0), *[DEFAULT] * 3], 8)
    assert a != b


def test_tune_script_tiny_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fitted.json"
    args = ["--only", "accept_min", "--games", "2", "--rounds", "1", "--check", "2"]
    assert tune_basic.main([*args, "--seed", "4", "--out", str(out)]) == 0
    first = capsys.readouterr().out
    assert "round 1 accept_min 0.25 -> 0.4" in first and "check: fitted vs defaults" in first
    data = json.loads(out.read_text())
    assert set(data["weights"]) == set(tune_basic.SPECS)
    # too few deals to change anything: the defaults stay
    assert data["weights"]["accept_min"] == DEFAULT.accept_min
    assert data["check"]["games"] == 2
    # deterministic for a seed: the same steps again (the timings aside)
    assert tune_basic.main([*args, "--seed", "4"]) == 0
    second = capsys.readouterr().out

    def steps(text: str) -> list[str]:
        return [line.split("  [")[0] for line in text.splitlines() if line.startswith("round")]

    assert steps(first) == steps(second) and steps(first)
    # the fitted weights come back in as a start
    assert tune_basic.load(str(out)) == DEFAULT


def test_tune_script_refuses_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    for text, why in (
        ("{", "can't read"),
        ("[1]", "not a JSON object"),
        ('{"wizardry": 1}', "unknown weight"),
        ('{"accept_min": "high"}', "must be a number"),
        ('{"max_offers": 2.5}', "whole number"),
    ):
        bad.write_text(text)
        with pytest.raises(SystemExit, match=why):
            tune_basic.load(str(bad))
    with pytest.raises(SystemExit):
        tune_basic.parse(["--only", "wizardry"])
    with pytest.raises(SystemExit):
        tune_basic.parse(["--mode", "voyage", "--players", "2"])
    assert tune_basic.stepped(DEFAULT, "targets", 5) is None  # out of its range
    moved = tune_basic.stepped(DEFAULT, "max_offers", 2)
    assert moved is not None and moved.max_offers == 8 and isinstance(moved.max_offers, int)
