"""The ``bohnanza`` command: new, load, resume, script, show, schema, and bad files."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from bohnanza_tui import cli
from bohnanza_tui.rules import standings
from bohnanza_tui.rules.data import setup_for
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import Session, dumps, load_file, save_file
from bohnanza_tui.rules.state import CARDS_OF_KIND, Phase

Run = tuple[int, str, str]


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> Run:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def app_calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    calls: list[tuple[Any, ...]] = []

    def fake_run_app(session: Session | None = None, save_path: Path | None = None) -> int:
        calls.append((session, save_path))
        return 0

    monkeypatch.setattr("bohnanza_tui.ui.run_app", fake_run_app)
    return calls


# -- a stacked deck: the exact game a script must reproduce -------------------------------------

CHILI, BLUE, WAX, GREEN, SOY, RED, STINK, COFFEE = (
    CARDS_OF_KIND[k] for k in (3, 2, 1, 5, 6, 8, 4, 0)
)
ANN = [CHILI[0], CHILI[1], BLUE[0], SOY[0], RED[0]]
BOB = [BLUE[1], CHILI[2], WAX[0], WAX[1], GREEN[0]]
CY = [STINK[0], STINK[1], SOY[1], COFFEE[0], COFFEE[1]]
#: the top of the deck is the end: f1 = chili, f2 = red, then Ann draws green, soy, wax
TOP = [WAX[2], SOY[2], GREEN[1], RED[1], CHILI[3]]


def stacked_save(path: Path) -> Path:
    """Classic, Ann, Bob and Cy, with hands and the top of the deck chosen by hand."""
    doc = json.loads(dumps(Session.new("classic", ["Ann", "Bob", "Cy"], 1)))
    start = doc["start"]
    used = set(ANN + BOB + CY + TOP)
    deck = [c for k in setup_for("classic", 3).deck_kinds for c in CARDS_OF_KIND[k]]
    start["deck"] = [c for c in deck if c not in used] + TOP
    for player, hand in zip(start["players"], (ANN, BOB, CY), strict=True):
        player["hand"] = hand
    del doc["state"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


SCRIPT = """\
# Ann's turn: two chili beans on field 1 turn up chili (f1) and red (f2)
Ann: plant 1
Ann: plant 1
Bob: harvest 1                 # refused: Bob's field 1 is empty
Ann: offer f2 to bob for chili
Bob: accept 1                  # Bob's only chili goes; he receives the red
Ann: keep f1
Ann: end
Ann: plant chili 1             # the kept chili
Ann: plant chili 1             # the chili from Bob
Bob: plant red 1               # the last bean: Ann draws, Bob's turn
Ann: harvest 1                 # 4 chili sell for 1 coin (R-BASE-11: at any time)
Bob: plant 1                   # refused: his field 1 holds red
Bob: plant 2
"""


def check_expected_game(session: Session) -> None:
    s = session.state
    ann, bob = s.players[0], s.players[1]
    assert ann.coins == [CHILI[2]]  # R-BASE-14: the newest sold card becomes the coin
    assert s.discard == [CHILI[0], CHILI[1], CHILI[3]]
    assert ann.holdings[0].fields == [[], [], []]
    assert ann.hand == [BLUE[0], SOY[0], RED[0], GREEN[1], SOY[2], WAX[2]]
    assert bob.holdings[0].fields == [[RED[1]], [BLUE[1]], []]
    assert bob.hand == [WAX[0], WAX[1], GREEN[0]]
    assert (s.turn, s.active, s.phase, s.planted) == (2, 1, Phase.PLANT, 1)


def test_a_script_on_a_stacked_deck_reproduces_the_exact_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-BASE-8/9/14: trade, keep, plant, harvest; refused lines change nothing (D-10)."""
    save = stacked_save(tmp_path / "stacked.json")
    moves = tmp_path / "moves.txt"
    moves.write_text(SCRIPT, encoding="utf-8")
    code, out, err = run(capsys, "script", save, moves, "--out", tmp_path / "after.json")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert "line 2: ok" in lines and "    Ann plants chili on field 1." in lines
    assert "line 4: refused: R-BASE-13: field 1 is empty" in lines
    assert (
        "line 13: refused: R-BASE-5: "
        + ("field 1 holds red beans; a blue bean needs an empty field or one of its own kind")
        in lines
    )
    assert sum(1 for line in lines if line.endswith(": ok")) == 11
    check_expected_game(load_file(tmp_path / "after.json"))


def test_a_clean_script_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = stacked_save(tmp_path / "stacked.json")
    moves = tmp_path / "moves.txt"
    clean = [line for line in SCRIPT.splitlines() if "refused" not in line]
    moves.write_text("\n".join(clean), encoding="utf-8")
    code, out, _err = run(capsys, "script", save, moves, "--out", tmp_path / "after.json")
    assert code == 0, out
    check_expected_game(load_file(tmp_path / "after.json"))


def test_strict_stops_at_the_first_refusal_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = stacked_save(tmp_path / "stacked.json")
    moves = tmp_path / "moves.txt"
    moves.write_text(SCRIPT, encoding="utf-8")
    code, out, _err = run(
        capsys, "script", save, moves, "--strict", "--out", tmp_path / "after.json"
    )
    assert code == 1
    assert out.splitlines()[-1] == "line 4: refused: R-BASE-13: field 1 is empty"
    assert not (tmp_path / "after.json").exists()


def test_script_from_standard_input_with_errors_and_undo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = stacked_save(tmp_path / "stacked.json")
    lines = [
        "Ann plant 1",
        "Zed: end",
        "1: plnt 1",
        "Ann: help",
        "Ann: plant 1",
        "Bob: undo",
        "ann: undo",
        "Ann: undo",
    ]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines)))
    code, out, _err = run(capsys, "script", save)
    assert code == 1
    assert out.splitlines() == [
        "line 1: error: start the line with the player, as in 'Ann: plant 1' or '2: end'",
        "line 2: error: there is no player 'Zed'; the players are Ann, Bob, Cy",
        "line 3: error: there is no command 'plnt'; did you mean 'plant'?",
        "line 4: error: 'help' is not a move",
        "line 5: ok",
        "    Ann plants chili on field 1.",
        "line 6: refused: undo: the last move was Ann's; only Ann can take it back",
        "line 7: ok",
        "    Ann takes back: plant 1",
        "line 8: refused: undo: there is nothing to undo",
    ]


def test_python_dash_m_runs_a_script(tmp_path: Path) -> None:
    save = stacked_save(tmp_path / "stacked.json")
    moves = tmp_path / "moves.txt"
    moves.write_text("Ann: plant 1\nBob: harvest 1\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bohnanza_tui", "script", str(save), str(moves)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "line 1: ok",
        "    Ann plants chili on field 1.",
        "line 2: refused: R-BASE-13: field 1 is empty",
    ]
    assert done.stderr == ""


# -- bad files: one sentence, status 2 ----------------------------------------------------------


def damaged(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (file text, the sentence expected on stderr)."""
    good = json.loads(dumps(Session.new("classic", ["Ann", "Bob", "Cy"], 1)))
    newer = {**good, "version": 7}
    wrong = json.loads(json.dumps(good))
    wrong["state"]["players"][0]["coins"] = "many"
    double = json.loads(json.dumps(good))
    double["state"]["players"][0]["hand"].append(double["state"]["deck"][0])
    card = double["state"]["deck"][0]
    bad_log = {**good, "log": [{"action": "plant", "player": 0}]}
    return {
        "not json": (
            "this is no json",
            "this file is not JSON (line 1, column 1: Expecting value)",
        ),
        "truncated": (
            json.dumps(good)[:500],
            "this save file is cut short: it ends in the middle of the data",
        ),
        "foreign": (
            '{"name": "left-pad", "version": "1.3.0"}',
            "this is not a bohnanza-tui save file",
        ),
        "newer": (
            json.dumps(newer),
            "this save was written by a newer version (7); this program reads version 1",
        ),
        "wrong type": (
            json.dumps(wrong),
            "this save file has a wrong value at state.players[0].coins: input should be a valid array",
        ),
        "inconsistent": (
            json.dumps(double),
            f"this save file is inconsistent: in the saved state, card {card} "
            f"(a {_kind_name(card)} bean) lies in 2 places",
        ),
        "bad log": (
            json.dumps(bad_log),
            "log entry 1 is not a valid action (action 'plant' lacks 'card')",
        ),
    }


def _kind_name(card: int) -> str:
    from bohnanza_tui.rules.params import bean_name
    from bohnanza_tui.rules.state import KIND_OF

    return bean_name(KIND_OF[card])


@pytest.mark.parametrize(
    "case", ["not json", "truncated", "foreign", "newer", "wrong type", "inconsistent", "bad log"]
)
@pytest.mark.parametrize("command", ["show", "load", "script"])
def test_a_bad_file_is_one_sentence_and_status_2(
    case: str,
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    app_calls: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text, sentence = damaged(tmp_path)[case]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code, out, err = run(capsys, command, path)
    assert (code, out, err) == (2, "", f"bohnanza: {sentence}\n")
    assert app_calls == []


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "show", tmp_path / "gone.json")
    assert code == 2 and err == f"bohnanza: there is no file {tmp_path / 'gone.json'}\n"


def test_a_missing_command_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = stacked_save(tmp_path / "s.json")
    code, _out, err = run(capsys, "script", save, tmp_path / "none.txt")
    assert code == 2 and err == f"bohnanza: there is no file {tmp_path / 'none.txt'}\n"


# -- new, load, resume, the app ------------------------------------------------------------------


def test_new_with_out_writes_a_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    code, out, _err = run(
        capsys,
        "new",
        "--players",
        "Ann, Bob,Cy,Dee",
        "--mode",
        "voyage",
        "--seed",
        "7",
        "--out",
        path,
    )
    assert code == 0 and "Ann, Bob, Cy, Dee" in out
    session = load_file(path)
    assert session.names == ["Ann", "Bob", "Cy", "Dee"]
    assert session.state == Session.new("voyage", ["Ann", "Bob", "Cy", "Dee"], 7).state


def test_new_refuses_a_player_count_the_mode_lacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _out, err = run(
        capsys, "new", "--players", "Ann,Bob", "--mode", "voyage", "--out", tmp_path / "g.json"
    )
    assert code == 2 and err == "bohnanza: voyage is played by 3 to 5 players, not 2\n"
    code, _out, err = run(capsys, "new", "--players", "Ann", "--out", tmp_path / "g.json")
    assert code == 2 and err == "bohnanza: classic is played by 2 to 7 players, not 1\n"


def test_new_starts_a_bean_duel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """R-DUEL-1: two players play classic as the Bean Duel."""
    path = tmp_path / "duel.json"
    code, out, _err = run(capsys, "new", "--players", "Ann,Bob", "--seed", "3", "--out", path)
    assert code == 0 and "Ann, Bob" in out
    assert load_file(path).state == Session.new("classic", ["Ann", "Bob"], 3).state


def test_new_without_out_starts_the_app(
    capsys: pytest.CaptureFixture[str], app_calls: list[tuple[Any, ...]]
) -> None:
    code, _out, _err = run(capsys, "new", "--players", "Ann,Bob,Cy", "--seed", "3")
    assert code == 0
    [(session, path)] = app_calls
    assert session.names == ["Ann", "Bob", "Cy"] and session.seed == 3 and path is None


def test_new_sets_the_game_options_and_show_prints_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, _out, _err = run(capsys, "new", "--players", "Ann,Bob,Cy", "--out", path)
    assert code == 0
    options = load_file(path).options
    assert (options.offers_to_people, options.hints) == ("rarely", True)  # the defaults
    code, out, _err = run(capsys, "show", path)
    assert out.splitlines()[-1] == "Options: computer players' offers to people: rarely; hints on."
    code, _out, _err = run(
        capsys, "new", "--players", "Ann,Bob,Cy", "--offers", "rarely", "--no-hints", "--out", path
    )
    assert code == 0
    options = load_file(path).options
    assert (options.offers_to_people, options.hints) == ("rarely", False)
    code, out, _err = run(capsys, "show", path, "--as", "Ann")
    assert code == 0
    assert out.splitlines()[-1] == "Options: computer players' offers to people: rarely; hints off."


@pytest.mark.parametrize("value", ["sometimes", "", "RARELY", "\x1b[2J", "often;rm"])
def test_new_refuses_an_unknown_offer_frequency(
    value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    code, _out, err = run(
        capsys, "new", "--players", "Ann,Bob,Cy", "--offers", value, "--out", path
    )
    assert code == 2 and not path.exists()
    assert "--offers" in err and "often" in err and "\x1b" not in err


def test_new_passes_the_options_to_the_app(
    capsys: pytest.CaptureFixture[str], app_calls: list[tuple[Any, ...]]
) -> None:
    code, _out, _err = run(
        capsys, "new", "--players", "Ann,Bob,Cy", "--offers", "never", "--no-hints"
    )
    assert code == 0
    [(session, _path)] = app_calls
    assert (session.options.offers_to_people, session.options.hints) == ("never", False)


def test_no_arguments_start_the_app(
    capsys: pytest.CaptureFixture[str], app_calls: list[tuple[Any, ...]]
) -> None:
    assert run(capsys)[0] == 0
    assert app_calls == [(None, None)]


def test_load_starts_the_app_on_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], app_calls: list[tuple[Any, ...]]
) -> None:
    path = tmp_path / "game.json"
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 2)
    save_file(session, path)
    assert run(capsys, "load", path)[0] == 0
    [(loaded, where)] = app_calls
    assert loaded.state == session.state and where == path


def test_resume(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    app_calls: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    autosave = tmp_path / "autosave.json"
    monkeypatch.setattr("bohnanza_tui.rules.save.autosave_path", lambda: autosave)
    code, _out, err = run(capsys, "resume")
    assert code == 1 and "there is no game to resume" in err and app_calls == []
    session = Session.new("voyage", ["Ann", "Bob", "Cy"], 4)
    save_file(session, autosave)
    assert run(capsys, "resume")[0] == 0
    assert app_calls[0][0].state == session.state


def test_without_the_app_a_clear_message(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "bohnanza_tui.ui", None)
    code, _out, err = run(capsys)
    assert code == 1 and err == "bohnanza: the terminal app is not part of this installation\n"


# -- show, schema, commands, tournament, options -----------------------------------------------------


def test_show_hides_other_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = stacked_save(tmp_path / "s.json")
    code, out, _err = run(capsys, "show", save, "--as", "bob")
    assert code == 0
    assert "hand: h1 blue, h2 chili, h3 wax, h4 wax, h5 green" in out
    assert out.count("hand:") == 1
    code, out, _err = run(capsys, "show", save)
    assert code == 0 and "hand:" not in out and "Ann's turn, phase 1, planting" in out
    code, _out, err = run(capsys, "show", save, "--as", "zed")
    assert code == 2 and "there is no player 'zed'" in err


def test_script_and_show_play_a_bean_duel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-DUEL-4: script plays the duel's moves; show names the offered beans and the
    discard pile's top card (D-12) and hides Ann's hand from Bob (D-9)."""
    start, after, moves = tmp_path / "d.json", tmp_path / "after.json", tmp_path / "m.txt"
    save_file(Session.new("classic", ["Ann", "Bob"], 3), start)
    moves.write_text("Ann: plant 1\nAnn: discard h2\nAnn: end\nAnn: plant f1 2\nAnn: end\n")
    code, out, _err = run(capsys, "script", start, moves, "--out", after)
    assert code == 0 and "Ann discards soy from the hand." in out
    state = load_file(after).state
    assert (state.active, len(state.offered), state.discard) == (1, 2, state.discard[:1])
    code, out, _err = run(capsys, "show", after, "--as", "Bob")
    assert code == 0
    assert "On offer to Bob: f1 coffee, f2 black-eyed." in out
    assert "Top of the discard pile: soy." in out
    assert out.count("hand:") == 1


def test_schema_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "schema")
    assert code == 0
    schema = json.loads(out)
    assert "GameState" in schema["$defs"] and schema["properties"]["format"]["const"] == (
        "bohnanza-tui-save"
    )


def test_commands_explains_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "commands", "raid")
    assert code == 0 and out.startswith("raid PLAYER ship SHIP")


def test_tournament_passes_its_arguments_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []
    fake = types.ModuleType("bohnanza_tui.bots.tournament")

    def fake_main(args: list[str]) -> int:
        seen.append(args)
        return 0

    fake.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bohnanza_tui.bots.tournament", fake)
    assert run(capsys, "tournament", "--games", "3", "--players", "random,basic")[0] == 0
    assert seen == [["--games", "3", "--players", "random,basic"]]


def test_tournament_absent(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "bohnanza_tui.bots.tournament", None)
    code, _out, err = run(capsys, "tournament")
    assert code == 1 and err == "bohnanza: tournaments are not part of this installation\n"


def test_lang_sets_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[str | None] = []
    monkeypatch.setattr(cli, "choose_language", chosen.append)
    assert run(capsys, "--lang", "de", "schema")[0] == 0
    assert chosen == ["de"]


def test_interrupt_is_quiet(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_schema", interrupted)
    assert run(capsys, "schema") == (130, "", "")


def test_usage_errors_return_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "new")
    assert code == 2 and "--players" in err
    assert run(capsys, "--help")[0] == 0


# -- names and what reaches the terminal ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        ("Ann,Bob,Ann", "player names must differ"),
        ("Ann,Bob,ANN", "player names must differ"),
        ("Ann,Bob," + "x" * 21, "player names must have 1 to 20 characters"),
        ("Ann,Bob,\x1b[2J\x1b[HX", "player names can't hold control characters"),
        ("Ann,Bob,\x1b]0;title\x07", "player names can't hold control characters"),
        ("Ann,Bob,Cy\u202e", "player names can't hold control characters"),
        ("Ann,Bob,Cy:2", "player names can't hold a colon (:)"),
        ("Ann,Bob,2", "player names can't be numbers: numbers name the seats"),
    ],
    ids=["duplicate", "duplicate-case", "long", "escape", "title", "bidi", "colon", "number"],
)
def test_bad_names_are_refused_in_one_sentence(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: str, expected: str
) -> None:
    code, out, err = run(capsys, "new", "--players", players, "--out", tmp_path / "g.json")
    assert (code, out) == (2, "")
    assert err == f"bohnanza: {expected}\n"
    assert not (tmp_path / "g.json").exists()


def test_names_that_are_fine(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Spaces, quotes, digits inside, accents, emoji and twenty characters are names."""
    players = "Ann Lee,O'Neil,2nd,Zoë 😀,T" + "x" * 19
    code, _out, _err = run(capsys, "new", "--players", players, "--out", tmp_path / "g.json")
    assert code == 0
    assert load_file(tmp_path / "g.json").names == players.split(",")


def test_typed_escape_sequences_are_printed_escaped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a script line or an option echoes back never reaches the terminal raw."""
    save = tmp_path / "g.json"
    save_file(Session.new("classic", ["Ann", "Bob", "Cy"], 7), save)
    monkeypatch.setattr("sys.stdin", io.StringIO("Ann: decline \x1b[2J\n\x1b]0;x\x07: end\n"))
    code, out, err = run(capsys, "script", save)
    assert code == 1 and "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2J" in out
    code, out, err = run(capsys, "show", save, "--as", "\x1b[2J")
    assert code == 2 and "\x1b" not in err and "\\x1b[2J" in err


@pytest.mark.parametrize("digit", ["²", "①"])
def test_unicode_digits_in_script_lines_and_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, digit: str
) -> None:
    save = tmp_path / "g.json"
    save_file(Session.new("classic", ["Ann", "Bob", "Cy"], 7), save)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"Ann: decline {digit}\n{digit}: end\n"))
    code, out, _err = run(capsys, "script", save)
    assert code == 1
    assert out.splitlines() == [
        f"line 1: error: '{digit}' is not a number; expected the offer's number"
        " (usage: decline OFFER)",
        f"line 2: error: there is no player '{digit}'; the players are Ann, Bob, Cy",
    ]
    code, _out, err = run(capsys, "show", save, "--as", digit)
    assert code == 2 and err.startswith(f"bohnanza: there is no player '{digit}'")


def test_show_says_who_must_act_and_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
    save_file(session, save)
    code, out, _err = run(capsys, "show", save)
    assert code == 0 and out.splitlines()[1] == "Waiting for: Ann."
    player = RandomPlayer(random.Random(7), harvest_rate=0.2)
    while not session.state.over:
        session.play(player.step(session.state))
    save_file(session, save)
    code, out, _err = run(capsys, "show", save)
    ranking = standings(session.state)
    first = session.state.players[ranking[0].player]
    assert code == 0
    assert out.splitlines()[1].startswith(
        f"Result: 1. {first.name}: {len(first.coins)} coins, {len(first.hand)} cards in hand; 2. "
    )
