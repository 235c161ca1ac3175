"""Save files and sessions: round trips, the checks on load, atomic writing, undo."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from bohnanza_tui.rules import IllegalAction, check, standings
from bohnanza_tui.rules.actions import EndPhase, Harvest, MakeOffer, Plant, Withdraw, to_dict
from bohnanza_tui.rules.data import setup_for
from bohnanza_tui.rules.limits import MAX_LOG, MAX_OPEN_OFFERS, MAX_SAVE_BYTES, MAX_UNDO
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import (
    FORMAT,
    VERSION,
    OptionsRecord,
    SaveError,
    Session,
    autosave_path,
    dumps,
    load_file,
    loads,
    save_file,
    save_schema,
    to_document,
)
from bohnanza_tui.rules.state import CARDS_OF_KIND, Phase
from bohnanza_tui.rules.validate import position_problem

CASES = [
    ("classic", 2),
    ("classic", 3),
    ("classic", 5),
    ("classic", 7),
    ("voyage", 3),
    ("voyage", 4),
    ("voyage", 5),
]


def names(n: int) -> list[str]:
    return ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus"][:n]


def played(mode: str, n: int, seed: int, steps: int) -> Session:
    """A session after ``steps`` random moves (trades included)."""
    session = Session.new(mode, names(n), seed)
    player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
    for _ in range(steps):
        if session.state.over:
            break
        session.play(player.step(session.state))
    return session


def document(session: Session) -> dict[str, Any]:
    return json.loads(dumps(session))


def error_of(text: str) -> str:
    with pytest.raises(SaveError) as info:
        loads(text)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_the_log_written_line_by_line_is_the_pretty_document(mode: str, n: int) -> None:
    """``dumps`` writes each action's line once (the autosave after every move): the text is
    the whole document made pretty, byte for byte, after every move and after undoing some."""
    from bohnanza_tui.rules.save import _pretty

    session = Session.new(mode, names(n), 3)
    player = RandomPlayer(random.Random(3), harvest_rate=0.2)
    assert dumps(session) == _pretty(to_document(session)) + "\n"  # an empty log
    for step in range(300):
        if session.state.over:
            break
        session.play(player.step(session.state))
        if step % 7 == 0:
            assert dumps(session) == _pretty(to_document(session)) + "\n"
        if step % 50 == 49 and session.can_undo(None) is None:
            session.undo()
            assert dumps(session) == _pretty(to_document(session)) + "\n"
    assert dumps(session) == _pretty(to_document(session)) + "\n"
    assert len(session.log) > 100


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_save_load_gives_the_identical_game(mode: str, n: int) -> None:
    for seed in (1, 2):
        session = played(mode, n, seed, steps=250)
        back = loads(dumps(session))
        assert back.state == session.state
        assert back.start == session.start
        assert back.log == session.log


@pytest.mark.parametrize("ending", [False, True])
def test_an_older_save_with_the_ending_flag_still_loads(ending: bool) -> None:
    """Saves written before ``GameState.ending`` was derived carry it; it is worked out again."""
    session = played("classic", 4, 3, steps=120)
    doc = document(session)
    assert "ending" not in doc["state"]
    doc["state"]["ending"] = doc["start"]["ending"] = ending
    back = loads(json.dumps(doc))
    assert back.state == session.state and back.start == session.start
    assert not back.state.ending  # derived from the exhaustions, not read


@pytest.mark.parametrize(("offers", "hints"), [("often", True), ("rarely", False), ("never", True)])
def test_the_set_up_options_round_trip(offers: Any, hints: bool) -> None:
    session = played("classic", 4, 3, steps=40)
    session.options = OptionsRecord(offers_to_people=offers, hints=hints)
    doc = document(session)
    assert doc["options"] == {"offers_to_people": offers, "hints": hints}
    back = loads(json.dumps(doc))
    assert back.options == session.options and back.state == session.state


def test_a_save_without_options_gets_the_defaults() -> None:
    """Saves written before the set-up options existed load with "often" and hints on."""
    session = played("voyage", 3, 3, steps=40)
    doc = document(session)
    del doc["options"]
    back = loads(json.dumps(doc))
    assert (back.options.offers_to_people, back.options.hints) == ("often", True)
    doc["options"] = {"hints": False}  # one left out: its default
    back = loads(json.dumps(doc))
    assert (back.options.offers_to_people, back.options.hints) == ("often", False)


@pytest.mark.parametrize(
    ("options", "place"),
    [
        ({"offers_to_people": "sometimes", "hints": True}, "options.offers_to_people"),
        ({"offers_to_people": "often", "hints": "yes"}, "options.hints"),
        ({"offers_to_people": "often", "hints": 1}, "options.hints"),
        ({"offers_to_people": "\x1b[2J", "hints": True}, "options.offers_to_people"),
        ("rarely", "options"),
    ],
)
def test_bad_options_are_one_sentence_naming_the_place(options: object, place: str) -> None:
    doc = good()
    doc["options"] = options
    error = error_of(json.dumps(doc))
    assert f"wrong value at {place}" in error and "\x1b" not in error


def test_an_unknown_option_is_named() -> None:
    doc = good()
    doc["options"] = {"hint": False}
    assert error_of(json.dumps(doc)) == "this save file has an unknown entry options.hint"


def test_a_finished_game_round_trips() -> None:
    session = played("classic", 3, 5, steps=100_000)
    assert session.state.over
    assert loads(dumps(session)).state == session.state


def test_save_file_and_load_file(tmp_path: Path) -> None:
    session = played("voyage", 4, 3, steps=120)
    path = tmp_path / "game.json"
    save_file(session, path)
    assert load_file(path).state == session.state
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert (raw["format"], raw["version"]) == (FORMAT, VERSION)
    assert raw["players"] == names(4) and raw["mode"] == "voyage"


def test_save_file_replaces_atomically_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_file(played("classic", 4, 1, steps=10), path)
    later = played("classic", 4, 1, steps=40)
    save_file(later, path)
    assert load_file(path).state == later.state
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_writing_into_a_missing_folder_is_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="can't write"):
        save_file(Session.new("classic", names(3), 1), tmp_path / "no" / "game.json")
    assert not (tmp_path / "no").exists()


def test_replay_walks_from_start_to_state() -> None:
    session = played("voyage", 3, 8, steps=60)
    steps = list(session.replay())
    assert steps[0] == (None, session.start)
    assert [a for a, _s in steps[1:]] == session.log
    assert steps[-1][1] == session.state


def test_the_schema_describes_the_envelope_and_every_action() -> None:
    schema = save_schema()
    assert {
        "format",
        "version",
        "mode",
        "players",
        "seed",
        "start",
        "log",
        "state",
        "seats",
        "options",
    } <= set(schema["properties"])
    assert "options" not in schema["required"]  # older saves lack it
    options = schema["$defs"]["OptionsRecord"]
    assert options["properties"]["offers_to_people"]["enum"] == ["often", "rarely", "never"]
    assert options["properties"]["hints"]["type"] == "boolean"
    assert options["additionalProperties"] is False
    log_items = schema["properties"]["log"]["items"]
    names_in_schema = {s["properties"]["action"]["const"] for s in log_items["oneOf"]}
    assert {"plant", "offer", "raid-kontor", "end"} <= names_in_schema
    json.dumps(schema)  # plain JSON


def test_a_bean_duel_saves_its_offer_and_discard() -> None:
    """R-DUEL-4: the beans on offer and the turn's hand discard are in the save and its schema."""
    session = Session.new("classic", names(2), 5)
    player = RandomPlayer(random.Random(5))
    seen = set()
    while not session.state.over:
        state = session.state
        if state.offered:
            seen.add("offered")
            back = loads(dumps(session))
            assert back.state == state and back.state.offered == state.offered
        if state.discarded:
            seen.add("discarded")
            assert loads(dumps(session)).state.discarded
        session.play(player.step(state))
    assert seen == {"offered", "discarded"}
    assert {"offered", "discarded"} <= set(save_schema()["$defs"]["GameState"]["properties"])
    log_items = save_schema()["properties"]["log"]["items"]["oneOf"]
    assert any(s["properties"]["action"]["const"] == "discard" for s in log_items)


def test_autosave_path_is_in_the_user_data_folder() -> None:
    path = autosave_path()
    assert path.name == "autosave.json" and "bohnanza-tui" in str(path.parent)


# -- play: refused moves change nothing -------------------------------------------------------


def test_a_refused_move_changes_nothing() -> None:
    """D-10: refused, unchanged, and not logged."""
    session = Session.new("classic", names(3), 4)
    before = session.state.copy()
    with pytest.raises(IllegalAction) as info:
        session.play(Harvest(0, 0, 0))
    assert info.value.rule == "R-BASE-13"
    assert session.state == before and session.log == []


# -- loading: every damage gives one sentence ---------------------------------------------------


def good() -> dict[str, Any]:
    return document(played("classic", 3, 2, steps=30))


def test_not_json() -> None:
    assert "not JSON" in error_of("hello, world")


def test_truncated() -> None:
    text = dumps(played("classic", 3, 2, steps=30))
    assert "cut short" in error_of(text[: len(text) // 2])


def test_empty() -> None:
    assert "empty" in error_of("  \n")


@pytest.mark.parametrize("text", ["[1, 2]", '"save"', "42", '{"name": "package.json"}'])
def test_foreign_json(text: str) -> None:
    assert error_of(text) == "this is not a bohnanza-tui save file"


def test_newer_version() -> None:
    doc = good()
    doc["version"] = 2
    assert error_of(json.dumps(doc)) == (
        "this save was written by a newer version (2); this program reads version 1"
    )


@pytest.mark.parametrize("version", ["1", None, 0, True])
def test_bad_version(version: object) -> None:
    doc = good()
    doc["version"] = version
    assert "version" in error_of(json.dumps(doc))


def test_wrong_type_names_the_place() -> None:
    doc = good()
    doc["state"]["players"][1]["hand"][0] = "chili"
    assert error_of(json.dumps(doc)).startswith(
        "this save file has a wrong value at state.players[1].hand[0]"
    )


def test_strict_types_no_string_numbers() -> None:
    doc = good()
    doc["seed"] = str(doc["seed"])
    assert "wrong value at seed" in error_of(json.dumps(doc))


def test_missing_entry() -> None:
    doc = good()
    del doc["state"]["players"][0]["name"]
    assert error_of(json.dumps(doc)) == "this save file lacks state.players[0].name"


def test_unknown_entry() -> None:
    doc = good()
    doc["state"]["players"][0]["hnad"] = []
    assert error_of(json.dumps(doc)) == "this save file has an unknown entry state.players[0].hnad"


def test_a_card_in_two_places() -> None:
    doc = good()
    doc["state"]["players"][0]["hand"].append(doc["state"]["deck"][0])
    message = error_of(json.dumps(doc))
    assert message.startswith("this save file is inconsistent: in the saved state, card")
    assert "lies in 2 places" in message


def test_a_missing_card() -> None:
    doc = good()
    doc["start"]["deck"].pop()
    assert "is missing" in error_of(json.dumps(doc))


def test_a_card_of_a_removed_kind() -> None:
    doc = good()  # classic with 3 players: no cocoa (R-BASE-1)
    doc["state"]["deck"][0] = CARDS_OF_KIND[10][0]
    assert "is not part of this game's deck" in error_of(json.dumps(doc))


def test_a_hidden_card() -> None:
    doc = good()
    doc["state"]["deck"][0] = -1
    assert "hidden" in error_of(json.dumps(doc))


def test_a_player_count_the_mode_lacks() -> None:
    doc = document(Session.new("voyage", names(3), 1))
    for key in ("start", "state"):
        doc[key]["players"] = doc[key]["players"][:2]
    doc["players"] = doc["players"][:2]
    assert "2 players, but voyage is played by 3 to 5" in error_of(json.dumps(doc))


def test_an_index_out_of_range() -> None:
    doc = good()
    doc["state"]["active"] = 7
    assert "the active player 8 is not a seat" in error_of(json.dumps(doc))


def test_envelope_disagrees_with_the_position() -> None:
    doc = good()
    doc["players"] = ["Ann", "Bob", "Zed"]
    assert "names the players Ann, Bob, Zed" in error_of(json.dumps(doc))


def test_a_malformed_log_entry_names_the_entry() -> None:
    doc = good()
    doc["log"][2] = {"action": "dance", "player": 0}
    assert error_of(json.dumps(doc)) == "log entry 3 is not a valid action (unknown action 'dance')"


def test_a_log_entry_lacking_a_field() -> None:
    doc = good()
    del doc["log"][0]["slot"]
    assert error_of(json.dumps(doc)).startswith("log entry 1 is not a valid action")


def test_a_refused_log_entry_names_the_rule() -> None:
    doc = document(Session.new("classic", names(3), 1))
    doc["log"] = [to_dict(Harvest(1, 1, 0))]
    del doc["state"]
    assert error_of(json.dumps(doc)) == (
        "log entry 1 (harvest by Bob) is refused by the rules: R-BASE-13: field 1 is empty"
    )


def test_a_log_that_does_not_lead_to_the_state() -> None:
    doc = good()
    doc["log"] = doc["log"][:-3]
    message = error_of(json.dumps(doc))
    assert message.startswith("the log does not lead to the saved state;")
    assert "'start' with an empty log" in message


def test_file_problems(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="there is no file"):
        load_file(tmp_path / "missing.json")
    with pytest.raises(SaveError, match="is a folder"):
        load_file(tmp_path)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    with pytest.raises(SaveError, match="not text"):
        load_file(binary)


# -- reading limits -------------------------------------------------------------------------------


def test_devices_and_pipes_are_refused_without_reading_them(tmp_path: Path) -> None:
    """/dev/zero would be read until memory runs out, and a FIFO would block forever."""
    with pytest.raises(SaveError) as info:
        load_file("/dev/zero")
    assert str(info.value) == (
        "/dev/zero is not a regular file (a device or a pipe), so it is not a save file"
    )
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="is not a regular file"):
        load_file(fifo)


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing to read if it were read
    with pytest.raises(SaveError) as info:
        load_file(big)
    assert str(info.value) == "this file is larger than 2 MB, so it is not a save file"
    assert "larger than 2 MB" in error_of(" " * (MAX_SAVE_BYTES + 1))


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    session = played("classic", 3, 2, steps=12)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + dumps(session).encode("utf-8"))
    assert load_file(path).state == session.state
    assert loads("\ufeff" + dumps(session)).state == session.state


@pytest.mark.parametrize("number", ["9" * 20, "-" + "9" * 20, "1" * 5000, "NaN", "Infinity"])
def test_numbers_beyond_the_limit_are_one_sentence(number: str) -> None:
    text = dumps(Session.new("classic", ["Ann", "Bob", "Cy"], 7)).replace(
        '"seed": 7', f'"seed": {number}', 1
    )
    assert error_of(text) == "this save file holds a number of more than 19 digits"


def test_a_seed_beyond_the_limit() -> None:
    doc = document(Session.new("classic", ["Ann", "Bob", "Cy"], 7))
    doc["seed"] = doc["start"]["seed"] = doc["state"]["seed"] = 2**63
    assert error_of(json.dumps(doc)) == (
        "this save file can't be used: a seed is a whole number from"
        " -9223372036854775807 to 9223372036854775807"
    )


def test_deep_nesting_is_one_sentence() -> None:
    deep = "this file nests its data too deeply to be a save file"
    assert error_of("[" * 100_000 + "]" * 100_000) == deep
    doc = document(Session.new("classic", ["Ann", "Bob", "Cy"], 7))
    doc["log"] = [{"action": "end", "player": 0, "x": []}]
    text = json.dumps(doc)
    assert error_of(text.replace('"x": []', '"x": ' + "[" * 5000 + "]" * 5000)) == deep
    assert error_of(text.replace('"x": []', '"x": ' + "[" * 300 + "]" * 300)) == deep
    shallow = text.replace('"x": []', '"x": ' + "[" * 30 + "]" * 30)
    assert (
        error_of(shallow)
        == "log entry 1 is not a valid action (action 'end' has unknown keys ['x'])"
    )


def test_a_log_longer_than_the_limit_is_refused() -> None:
    doc = document(Session.new("classic", ["Ann", "Bob", "Cy"], 7))
    doc["log"] = [{"action": "end", "player": 0}] * (MAX_LOG + 1)
    assert error_of(json.dumps(doc)) == (
        "this save file's log has 20001 actions; a save holds at most 20000"
    )


def test_a_killed_write_leaves_a_temporary_file_that_the_next_save_removes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    save_file(Session.new("classic", ["Ann", "Bob", "Cy"], 7), path)
    gone = subprocess.run(["true"], check=True)  # a process id that no longer runs
    assert gone.returncode == 0
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".game.json.{dead.pid}.k2j4h.tmp"
    stale.write_text("{half a save", encoding="utf-8")
    older = tmp_path / ".game.json.x7ab3.tmp"  # written by an earlier version
    older.write_text("{", encoding="utf-8")
    running = tmp_path / f".game.json.{os.getppid()}.abc.tmp"  # a write in progress
    running.write_text("{", encoding="utf-8")
    other = tmp_path / ".other.json.123.tmp"
    other.write_text("{", encoding="utf-8")
    load_file(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["game.json", running.name, other.name]
    )
    stale.write_text("{", encoding="utf-8")
    save_file(Session.new("classic", ["Ann", "Bob", "Cy"], 8), path)
    assert not stale.exists() and running.exists()


# -- hand-edited saves ----------------------------------------------------------------------------


def test_state_alone_is_its_own_start() -> None:
    session = played("voyage", 3, 6, steps=50)
    doc = document(session)
    del doc["start"], doc["log"]
    back = loads(json.dumps(doc))
    assert back.start == session.state == back.state and back.log == []


def test_start_and_log_alone_replay_to_the_state() -> None:
    session = played("classic", 4, 6, steps=50)
    doc = document(session)
    del doc["state"]
    assert loads(json.dumps(doc)).state == session.state


def test_a_stacked_deck_in_start_is_played_from() -> None:
    """The top of the deck is the end of the list: the last card is the first face-up card."""
    doc = document(Session.new("classic", names(3), 1))
    start = doc["start"]
    chili, blue = CARDS_OF_KIND[3], CARDS_OF_KIND[2]
    everything = [c for key in ("deck",) for c in start[key]] + [
        c for p in start["players"] for c in p["hand"]
    ]
    ann_hand = [chili[0], chili[1], blue[0], blue[1], blue[2]]
    top = [blue[3], chili[2]]  # f1 = chili[2], f2 = blue[3]
    rest = [c for c in everything if c not in ann_hand + top]
    start["players"][0]["hand"] = ann_hand
    for p in start["players"][1:]:
        p["hand"] = [rest.pop() for _ in range(5)]
    start["deck"] = rest + top
    del doc["state"]
    session = loads(json.dumps(doc))
    session.play(Plant(0, chili[0], 0, 0))
    session.play(Plant(0, chili[1], 0, 0))
    assert session.state.phase is Phase.TRADE
    assert session.state.face_up == [chili[2], blue[3]]


# -- undo -------------------------------------------------------------------------------------------


def test_nothing_to_undo_at_the_start() -> None:
    refusal = Session.new("classic", names(3), 1).can_undo()
    assert refusal is not None and refusal.reason == "there is nothing to undo"


def test_undo_takes_back_a_move_that_revealed_nothing() -> None:
    session = Session.new("classic", names(3), 1)
    front = session.state.players[0].hand[0]
    session.play(Plant(0, front, 0, 0))
    assert session.can_undo() is None
    assert session.undo() == Plant(0, front, 0, 0)
    assert session.state == session.start and session.log == []


def test_undo_never_takes_back_a_move_that_turned_up_cards() -> None:
    """The second bean of phase 1 turns up the face-up cards (R-BASE-8): that is final."""
    session = played_to_trade()
    assert len(session.log) == 2
    refusal = session.can_undo()
    assert refusal is not None and "revealed cards" in refusal.reason
    with pytest.raises(IllegalAction):
        session.undo()
    assert len(session.log) == 2


def test_several_undos_back_to_the_last_reveal() -> None:
    session = played_to_trade()
    mark = session.state.copy()
    session.play(MakeOffer(0, None, (session.state.face_up[0],), (2,)))
    session.play(MakeOffer(0, 1, (), (3,)))
    session.undo()
    session.undo()
    assert session.state == mark
    assert session.can_undo() is not None


def test_undo_keeps_at_most_the_last_200_moves_of_a_turn() -> None:
    """A turn of endless offers can't fill the memory with positions to go back to."""
    session = played_to_trade()
    for _ in range(MAX_UNDO // 2 + 5):  # an offer and its withdrawal, again and again
        session.play(MakeOffer(0, 1, (), (3,)))
        session.play(Withdraw(0, session.state.offers[-1].id))
    for _ in range(MAX_UNDO):
        session.undo()
    refusal = session.can_undo()
    assert refusal is not None
    assert str(refusal) == "undo: only the last 200 moves of a turn can be taken back"
    assert len(session.log) == len(played_to_trade().log) + 10


def test_undo_only_by_the_player_who_moved() -> None:
    session = played_to_trade()
    session.play(MakeOffer(0, None, (session.state.face_up[0],), (2,)))
    refusal = session.can_undo(player=1)
    assert refusal is not None and "only Ann can take it back" in refusal.reason
    assert session.can_undo(player=0) is None


def test_undo_survives_save_and_load() -> None:
    session = played_to_trade()
    session.play(MakeOffer(0, None, (session.state.face_up[0],), (2,)))
    back = loads(dumps(session))
    assert back.can_undo() is None
    back.undo()
    assert back.state.offers == []


def test_no_undo_across_the_end_of_a_turn() -> None:
    session = played_to_trade()
    session.play(EndPhase(0))
    while session.state.turn == 1:
        p = session.state.players
        waiting = [(i, c) for i, pl in enumerate(p) for c in pl.kept + pl.received]
        i, c = waiting[0]
        session.play(_plant_anywhere(session, i, c))
    assert session.can_undo() is not None


def test_no_undo_after_the_game_is_over() -> None:
    session = played("classic", 3, 5, steps=100_000)
    refusal = session.can_undo()
    assert refusal is not None and refusal.reason == "the game is over"


def played_to_trade() -> Session:
    """Ann (classic, 3 players) has planted and the face-up cards lie on the table."""
    session = Session.new("classic", names(3), 11)
    while session.state.phase is Phase.PLANT:
        session.play(_plant_anywhere(session, 0, session.state.players[0].hand[0]))
    return session


def _plant_anywhere(session: Session, player: int, card: int) -> Plant:
    """A legal place for the card among the player's home fields (the seeds used have one)."""
    for slot in range(3):
        action = Plant(player, card, player, slot)
        if check(session.state, action) is None:
            return action
    raise AssertionError("no field takes the card")


def test_document_is_plain_json() -> None:
    doc = to_document(played("voyage", 3, 1, steps=20))
    assert json.loads(json.dumps(doc)) == doc


# -- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("\x1b[2J", "player names can't hold control characters"),
        ("x" * 10_000, "player names must have 1 to 20 characters"),
        ("", "player names must have 1 to 20 characters"),
        ("Bob", "player names must differ"),
        ("3", "player names can't be numbers: numbers name the seats"),
        ("Cy:", "player names can't hold a colon (:)"),
    ],
    ids=["escape", "long", "empty", "duplicate", "number", "colon"],
)
def test_a_save_with_a_bad_name_is_refused(name: str, expected: str) -> None:
    doc = document(Session.new("classic", ["Ann", "Bob", "Cy"], 7))
    doc["players"][2] = name
    for position in ("start", "state"):
        doc[position]["players"][2]["name"] = name
    assert error_of(json.dumps(doc)) == f"this save file can't be used: {expected}"


# -- impossible positions: the validator (rules/validate.py) through the loader ---------------------


def position_doc(session: Session) -> dict[str, Any]:
    """The session's current position as a save holding only ``state`` (its own start)."""
    doc = document(session)
    del doc["start"]
    doc["log"] = []
    return doc


def deck_card(doc: dict[str, Any], kind: int | None = None) -> int:
    deck = doc["state"]["deck"]
    card = next(c for c in reversed(deck) if kind is None or c in CARDS_OF_KIND[kind])
    deck.remove(card)
    return card


def trade_doc() -> dict[str, Any]:
    session = played_to_trade()
    session.play(MakeOffer(0, None, (session.state.face_up[0],), (2,)))
    return position_doc(session)


def _no_fields(doc: dict[str, Any]) -> None:
    field = doc["state"]["players"][0]["holdings"][0]["fields"]
    doc["state"]["deck"] += [c for f in field for c in f]
    field.clear()


def _kept_by_bob(doc: dict[str, Any]) -> None:
    doc["state"]["players"][1]["kept"] = [deck_card(doc)]


def _kontor_over(doc: dict[str, Any]) -> None:
    doc["state"]["players"][0]["holdings"][0]["kontor"] = [deck_card(doc) for _ in range(4)]


def _harbor_without_fields(doc: dict[str, Any]) -> None:
    doc["state"]["islands"][3]["harbors"] = [0, None]


def _offer_of_a_deck_card(doc: dict[str, Any]) -> None:
    doc["state"]["offers"][0]["give"] = [doc["state"]["deck"][0]]


def _two_offers_one_id(doc: dict[str, Any]) -> None:
    offer = dict(doc["state"]["offers"][0])
    offer["want"] = [3]
    doc["state"]["offers"].append(offer)
    doc["state"]["next_offer"] = 3


def _set(**values: Any) -> Any:
    def change(doc: dict[str, Any]) -> None:
        doc["state"].update(values)

    return change


IMPOSSIBLE = [
    ("no fields", played_to_trade, _no_fields, "Ann has 0 fields at home, but the rules give 3"),
    (
        "another player's island",
        lambda: Session.new("classic", names(3), 7),
        _set(turn_island=1),
        "this turn's beans go to Ann's home (turn_island)",
    ),
    (
        "kept on a non-active player",
        played_to_trade,
        _kept_by_bob,
        "Bob has kept cards, but only the active player keeps face-up cards, in phase 2",
    ),
    (
        "Kontor over capacity",
        lambda: Session.new("voyage", names(3), 5),
        _kontor_over,
        "the Kontor of Ann on home holds 4 beans, more than its room for 3",
    ),
    (
        "choose_island in classic",
        lambda: Session.new("classic", names(3), 7),
        _set(phase="choose_island"),
        "classic Bohnanza has no island to choose (phase)",
    ),
    (
        "planted 99",
        lambda: Session.new("classic", names(3), 7),
        _set(planted=99),
        "99 beans planted in phase 1; the rules allow 0 to 2 (planted)",
    ),
    (
        "turn -3",
        lambda: Session.new("classic", names(3), 7),
        _set(turn=-3),
        "the turn number is -3; turns count from 1 (turn)",
    ),
    (
        "offer of a deck card",
        None,
        _offer_of_a_deck_card,
        "offer 1 gives cards its maker can't give",
    ),
    ("duplicate offer ids", None, _two_offers_one_id, "two open offers have the same number"),
    (
        "harbor without fields",
        lambda: Session.new("voyage", names(3), 5),
        _harbor_without_fields,
        "Ann owns a harbor on A1 but has no fields there (players[0].holdings)",
    ),
    (
        "the turn and the active player disagree",
        lambda: Session.new("classic", names(3), 7),
        _set(turn=2),
        "in turn 2 seat 2 plays, but the active player is seat 1 (active)",
    ),
    (
        "a ship of another player sailed",
        lambda: Session.new("voyage", names(3), 5),
        lambda doc: doc["state"]["ships"][1].update(sailed=True),
        "ship 2 has sailed this turn, but it is not its owner's turn (ships[1].sailed)",
    ),
]


@pytest.mark.parametrize(
    ("make", "change", "expected"),
    [case[1:] for case in IMPOSSIBLE],
    ids=[case[0] for case in IMPOSSIBLE],
)
def test_a_position_the_rules_could_not_produce_is_refused_in_one_sentence(
    make: Any, change: Any, expected: str
) -> None:
    doc = trade_doc() if make is None else position_doc(make())
    change(doc)
    message = error_of(json.dumps(doc))
    assert message.startswith("this save file is inconsistent: in the start position, ")
    assert expected in message
    assert "\n" not in message and len(message) < 250


def test_the_validator_passes_every_position_of_played_games() -> None:
    """The positions the rules produce are valid (the stateful test checks many more)."""
    for mode, n in CASES:
        for position in (s for _a, s in played(mode, n, 3, steps=150).replay()):
            assert position_problem(position) is None


def test_a_soft_lock_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whoever must act needs a legal move; the other checks leave no such position, so the
    rules are made to offer none here."""
    state = Session.new("classic", names(3), 7).state
    monkeypatch.setattr("bohnanza_tui.rules.engine.legal_actions", lambda s, p: [])
    assert position_problem(state) == "Ann must act now but has no legal move"


# -- hand-written starts: what may be left out ------------------------------------------------------


def handwritten(mode: str, n: int, seed: int, drop: tuple[str, ...]) -> dict[str, Any]:
    doc = document(Session.new(mode, names(n), seed))
    del doc["state"]
    for key in drop:
        del doc["start"][key]
    return doc


def test_a_start_without_a_deck_gets_every_other_card_shuffled_by_the_seed() -> None:
    """Moving a card is one edit: the deck takes whatever is not placed elsewhere."""
    doc = handwritten("classic", 4, 9, ("deck", "shuffles"))
    for player in doc["start"]["players"]:
        player["hand"] = []
    chili = list(CARDS_OF_KIND[3][:2])
    doc["start"]["players"][0]["hand"] = chili
    start = loads(json.dumps(doc)).start
    assert start.players[0].hand == chili
    assert all(not p.hand for p in start.players[1:])
    assert sorted(start.deck) == sorted(set(setup_cards("classic", 4)) - set(chili))
    assert position_problem(start) is None
    assert loads(json.dumps(doc)).start.deck == start.deck  # the seed decides the order
    doc["seed"] = doc["start"]["seed"] = 10
    assert loads(json.dumps(doc)).start.deck != start.deck


def setup_cards(mode: str, n: int) -> list[int]:
    return [c for k in setup_for(mode, n).deck_kinds for c in CARDS_OF_KIND[k]]


def test_the_turn_and_the_active_player_follow_from_each_other() -> None:
    doc = handwritten("classic", 4, 9, ("active", "turn_island", "phase", "planted"))
    doc["start"]["turn"] = 3
    start = loads(json.dumps(doc)).start
    assert (start.active, start.turn_island, start.phase, start.planted) == (2, 2, Phase.PLANT, 0)
    doc = handwritten("classic", 4, 9, ("turn", "turn_island"))
    doc["start"]["active"] = 1
    start = loads(json.dumps(doc)).start
    assert (start.active, start.turn, start.turn_island) == (1, 2, 1)


def test_the_rotation_decides_the_turns_island_when_it_is_left_out() -> None:
    """R-VOY-12/13: two colony fields bring the rotation; a choice of islands: choose first."""
    doc = handwritten("voyage", 3, 5, ("turn_island", "phase"))
    start = doc["start"]
    del start["players"][0]["last_type"]
    for island in (3, 4):  # A1 and A2: both of type A, the type due after home
        start["islands"][island]["harbors"][0] = 0
        start["players"][0]["holdings"].append(
            {"island": island, "fields": [[]], "kontor": [], "kontor_cap": 1}
        )
    session = loads(json.dumps(doc))
    assert session.state.phase is Phase.CHOOSE_ISLAND
    doc["start"]["phase"] = "plant"
    assert error_of(json.dumps(doc)) == (
        "this save file is inconsistent: in the start position, Ann may plant on A1, A2"
        " this turn: name the island (turn_island) or leave out the phase"
    )
    doc["start"]["turn_island"] = 4
    start_position = loads(json.dumps(doc)).start
    assert start_position.turn_island == 4
    assert start_position.players[0].last_type.value == "A"


def test_a_field_written_wrong_is_named() -> None:
    doc = handwritten("classic", 3, 7, ("deck", "active", "phase", "planted"))
    doc["start"]["turn_island"] = 2
    assert error_of(json.dumps(doc)) == (
        "this save file is inconsistent: in the start position,"
        " this turn's beans go to Ann's home (turn_island)"
    )


# -- the result of a finished game ------------------------------------------------------------------


def test_a_finished_save_holds_the_result() -> None:
    """R-BASE-18: most coins, then most cards in hand; the ranking is in the save and its schema."""
    session = played("classic", 4, 5, steps=100_000)
    assert session.state.over
    doc = document(session)
    result = doc["result"]
    assert [r["player"] for r in result] == [s.player for s in standings(session.state)]
    assert result[0]["rank"] == 1
    for r in result:
        player = session.state.players[r["player"]]
        assert (r["name"], r["coins"], r["hand"]) == (
            player.name,
            len(player.coins),
            len(player.hand),
        )
    keys = [(-r["coins"], -r["hand"]) for r in result]
    assert keys == sorted(keys)
    assert "result" in save_schema()["properties"]
    assert document(played("classic", 4, 5, steps=10))["result"] is None


def test_a_result_that_does_not_match_is_refused() -> None:
    session = played("classic", 4, 5, steps=100_000)
    doc = document(session)
    doc["result"][0]["coins"] += 1
    assert error_of(json.dumps(doc)) == (
        "this save file's result does not match its final position (result)"
    )
    unfinished = document(played("classic", 4, 5, steps=10))
    unfinished["result"] = doc["result"]
    assert error_of(json.dumps(unfinished)) == (
        "this save file has a result, but its game is not over (result)"
    )


def test_open_offers_are_bounded() -> None:
    """The rules core refuses a 101st open offer; the validator a save holding more."""
    session = played_to_trade()
    for _ in range(MAX_OPEN_OFFERS):
        session.play(MakeOffer(0, 1, (), (3,)))
    refusal = check(session.state, MakeOffer(0, 1, (), (3,)))
    assert refusal is not None and refusal.rule == "R-BASE-8"
    assert str(refusal) == (
        "R-BASE-8: 100 offers are open, the most there can be: withdraw one first"
    )
    state = session.state.copy()
    state.offers.append(state.offers[0].copy())
    state.offers[-1].id = state.next_offer
    state.next_offer += 1
    assert position_problem(state) == "101 offers are open; at most 100 can be (offers)"


def test_an_empty_deck_has_run_out() -> None:
    """R-BASE-16: the exhaustion counts when the last card is drawn."""
    state = Session.new("classic", names(3), 7).state
    state.players[0].hand += state.deck
    state.deck = []
    assert position_problem(state) == (
        "the deck is empty, but it has not run out yet (deck, exhaustions; R-BASE-16)"
    )
