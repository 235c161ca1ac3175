"""The command language: parsing, resolution, formatting round trips, help, completion."""

from __future__ import annotations

import random

import pytest

from bohnanza_tui.commands import (
    COMMAND_CLASSES,
    COMMAND_WORDS,
    COMMANDS,
    CommandError,
    completions,
    format_action,
    help_text,
    parse,
    to_action,
    to_actions,
)
from bohnanza_tui.rules import actions as a
from bohnanza_tui.rules import apply, check, legal_actions, new_game, pending_players
from bohnanza_tui.rules.actions import Action
from bohnanza_tui.rules.data import KIND_INDEX, KINDS
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.state import KIND_OF, KONTOR, GameState, Holding, Phase, Ship

K = KIND_INDEX
CASES = [
    ("classic", 3),
    ("classic", 4),
    ("classic", 6),
    ("voyage", 3),
    ("voyage", 4),
    ("voyage", 5),
]


def round_trips(state: GameState, action: Action) -> bool:
    return to_action(state, action.player, format_action(state, action)) == action


def take(state: GameState, kind: str) -> int:
    """A card of that kind out of the deck (to build positions by hand)."""
    card = next(c for c in state.deck if KIND_OF[c] == K[kind])
    state.deck.remove(card)
    return card


def error(state: GameState | None, text: str, player: int = 0) -> str:
    with pytest.raises(CommandError) as info:
        if state is None:
            parse(text)
        else:
            to_actions(state, player, text)
    message = str(info.value)
    assert "\n" not in message
    return message


# -- round trips: format, then read back --------------------------------------------------------


@pytest.mark.parametrize(("mode", "n"), CASES)
def test_format_then_parse_gives_the_same_action_in_random_games(mode: str, n: int) -> None:
    for seed in (1, 2):
        state = new_game(mode, [f"P{i}" for i in range(n)], seed)
        player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
        for step in range(400):
            if state.over:
                break
            move = player.step(state)
            assert check(state, move) is None
            moves = [move]
            if step % 4 == 0:
                moves += [m for p in pending_players(state) for m in legal_actions(state, p)]
            for m in moves:
                assert round_trips(state, m), (format_action(state, m), m)
            apply(state, move)


def test_round_trip_with_awkward_names() -> None:
    """Names with spaces, quotes, commas, digits, or that are keywords still read back."""
    for names in (["Ann Lee", "All", "2nd"], ["to", "for", "with"], ["O'Neil", "a,b", "Bo"]):
        state = new_game("classic", names, 3)
        player = RandomPlayer(random.Random(3), harvest_rate=0.2)
        for _ in range(300):
            if state.over:
                break
            move = player.step(state)
            assert round_trips(state, move), (format_action(state, move), move)
            apply(state, move)
        offer_to_each = [a.MakeOffer(state.active, p, (), (1,)) for p in range(3)]
        assert all(round_trips(state, m) for m in offer_to_each)


def voyage_position() -> GameState:
    """Ann (active, phase 1) with harbors on A1 and A2, Kontor beans, two ships, a pirate ship."""
    s = new_game("voyage", ["Ann", "Bob", "Cy"], 5)
    ann, bob = s.players[0], s.players[1]
    for island in (3, 4):  # A1, A2
        s.islands[island].harbors[0] = 0
        ann.holdings.append(Holding(island, [[]], [], 1))
    ann.holdings[0].kontor = [take(s, "chili"), take(s, "chili"), take(s, "blue")]
    ann.holdings[1].kontor = [take(s, "soy")]
    s.ships[0].cargo = [take(s, "wax"), take(s, "wax")]
    s.ships.append(Ship(0, 3))  # Ann's second ship, at A1
    ann.store = [take(s, k) for k in ("red", "soy", "blue", "wax", "coffee")]
    ann.pirate_ship = True
    bob.holdings[0].kontor = [take(s, "stink")]
    s.ships[1].cargo = [take(s, "green"), take(s, "green")]
    return s


def test_voyage_actions_round_trip() -> None:
    s = voyage_position()
    ann = s.players[0]
    moves = [
        *legal_actions(s, 0),
        a.Unload(0, 0, 1),  # the home Kontor is full: illegal now, but it must still read back
        a.Sail(0, (0, 3), 4),
        a.BuyShip(0),
        a.RaidKontor(
            0, 1, s.players[1].holdings[0].kontor[0], 3, KONTOR, tuple(reversed(ann.store))
        ),
        a.RaidShip(0, 1, (ann.store[4], ann.store[0], ann.store[1], ann.store[2], ann.store[3])),
        a.Load(0, 0, (ann.holdings[0].kontor[1],)),
        a.ToStore(0, s.ships[0].cargo[1]),
        a.KontorToField(0, ann.holdings[0].kontor[2], 1),
    ]
    kinds = {type(m).__name__ for m in moves}
    assert {"Sail", "Load", "Unload", "ToStore", "KontorToField", "RaidKontor", "RaidShip"} <= kinds
    for m in moves:
        assert round_trips(s, m), (format_action(s, m), m)


def test_choosing_the_island_round_trips() -> None:
    """R-VOY-13: with two A islands due, the turn starts with the choice."""
    s = voyage_position()
    s.phase = Phase.CHOOSE_ISLAND
    choices = [m for m in legal_actions(s, 0) if isinstance(m, a.ChooseIsland)]
    assert [m.island for m in choices] == [3, 4]
    assert [format_action(s, m) for m in choices] == ["island A1", "island A2"]
    assert all(round_trips(s, m) for m in choices)


def test_withdraw_and_confirm_round_trip() -> None:
    s = trade_position()
    apply(s, a.MakeOffer(0, None, (s.face_up[0],), ()))
    apply(s, a.Accept(1, 1, ()))
    for m in (a.Withdraw(0, 1), a.Confirm(0, 1, 1), a.Decline(2, 1)):
        assert round_trips(s, m)
    assert format_action(s, a.Confirm(0, 1, 1)) == "confirm 1 Bob"


# -- what the commands mean ---------------------------------------------------------------------


def trade_position() -> GameState:
    """Classic, 3 players: Ann has planted two beans; two cards lie face up."""
    s = new_game("classic", ["Ann", "Bob", "Cy"], 21)
    while s.phase is Phase.PLANT:
        apply(s, next(m for m in legal_actions(s, 0) if isinstance(m, a.Plant)))
    assert s.phase is Phase.TRADE and len(s.face_up) == 2
    return s


def test_plant_in_phase_one_takes_the_front_card() -> None:
    s = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    assert to_action(s, 0, "plant 2") == a.Plant(0, s.players[0].hand[0], 0, 1)
    assert to_action(s, 0, "plant home.2") == to_action(s, 0, "PLANT 2")


def test_plant_names_a_card_the_engine_then_judges() -> None:
    """Resolution only names the card: the engine refuses a card from the middle (R-BASE-3)."""
    s = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    hand = s.players[0].hand
    kind = next(KIND_OF[c] for c in hand[1:] if KIND_OF[c] != KIND_OF[hand[0]])
    action = to_action(s, 0, f"plant {list(K)[kind]} 1")
    assert isinstance(action, a.Plant) and action.card != hand[0]
    refusal = check(s, action)
    assert refusal is not None and refusal.rule == "R-BASE-3"


def test_phase_three_prefers_the_kept_bean_on_the_turn_island() -> None:
    s = voyage_position()
    ann = s.players[0]
    s.phase = Phase.PLANT_TRADED
    kept, received = take(s, "chili"), take(s, "chili")
    ann.kept, ann.received = [kept], [received]
    assert to_action(s, 0, "plant chili 1") == a.Plant(0, kept, 0, 0)
    assert to_action(s, 0, "plant chili A1.1") == a.Plant(0, received, 3, 0)
    assert to_action(s, 0, "plant received chili 1") == a.Plant(0, received, 0, 0)
    assert to_action(s, 0, "plant kept 2") == a.Plant(0, kept, 0, 1)
    ann.received.append(take(s, "blue"))
    assert "several kinds" in error(s, "plant 1")


def test_places_and_islands() -> None:
    s = voyage_position()
    assert to_action(s, 0, "harvest A1.1") == a.Harvest(0, 3, 0)
    assert to_action(s, 0, "harvest a2.1") == a.Harvest(0, 4, 0)
    assert to_action(s, 0, "buy field A1") == a.BuyField(0, 3)
    assert to_action(s, 0, "buy field") == a.BuyField(0, 0)
    assert to_action(s, 0, "buy harbor B1") == a.BuyHarbor(0, 6)
    assert to_action(s, 0, "island home") == a.ChooseIsland(0, 0)
    assert error(s, "harvest A11.1") == (
        "there is no island 'A11'; did you mean A1? The islands are A1, A2, C1, B1, B2"
    )


def test_ships_kontors_and_the_pirate_store() -> None:
    s = voyage_position()
    ann, bob = s.players[0], s.players[1]
    home, colony = ann.holdings[0].kontor, ann.holdings[1].kontor
    pay5 = tuple(ann.store)
    assert to_action(s, 0, "load 1 chili 2") == a.Load(0, 0, (home[0], home[1]))
    assert to_action(s, 0, "load 1 chili 1") == a.Load(0, 0, (home[0],))
    assert to_action(s, 0, "load 2") == a.Load(0, 3, (colony[0],))
    assert to_action(s, 0, "load 1 k2 k1") == a.Load(0, 0, (home[1], home[0]))
    assert to_action(s, 0, "unload 1") == a.Unload(0, 0, 2)
    assert to_action(s, 0, "unload 1 1") == a.Unload(0, 0, 1)
    assert to_action(s, 0, "sail 1 2 to A2") == a.Sail(0, (0, 3), 4)
    assert to_action(s, 0, "sail 2 to home") == a.Sail(0, (3,), 0)
    assert to_action(s, 0, "store chili") == a.ToStore(0, home[0])
    assert to_action(s, 0, "store k3") == a.ToStore(0, home[2])
    assert to_action(s, 0, "store ship 1") == a.ToStore(0, s.ships[0].cargo[0])
    assert to_action(s, 0, "store wax") == a.ToStore(0, s.ships[0].cargo[0])
    assert to_action(s, 0, "move chili k to 1") == a.KontorToField(0, home[0], 0)
    assert to_action(s, 0, "move blu to 2") == a.KontorToField(0, home[2], 1)
    assert to_action(s, 0, "move A1.k to A1.1") == a.KontorToField(0, colony[0], 0)
    assert to_action(s, 0, "buy pirate") == a.BuyPirateShip(0, pay5)
    assert to_action(s, 0, "raid bob ship 1") == a.RaidShip(0, 1, pay5)
    stink = bob.holdings[0].kontor[0]
    assert to_action(s, 0, "raid bob stink to 2") == a.RaidKontor(0, 1, stink, 0, 1, pay5)
    assert to_action(s, 0, "raid 2 kontor home to A1.k pay coffee wax blue soy red") == (
        a.RaidKontor(0, 1, stink, 3, KONTOR, tuple(reversed(pay5)))
    )
    assert to_action(s, 0, "raid bo k1 to k") == a.RaidKontor(0, 1, stink, 0, KONTOR, pay5)


def test_voyage_resolution_errors() -> None:
    s = voyage_position()
    assert error(s, "move A1.k to 1") == (
        "that bean lies in your Kontor on A1; it moves only onto a field of the same island (R-VOY-7)"
    )
    assert error(s, "move soy k to 1") == "your home Kontor holds no soy bean"
    assert error(s, "move k to 1") == "your home Kontor holds chili, blue: say which"
    assert error(s, "sail 3 to A1") == "you have 2 ships; there is no ship 3"
    assert error(s, "raid bob ship 2") == "Bob has 1 ships; there is no ship 2"
    assert error(s, "load 1") == "the Kontor where that ship lies holds 0 wax beans"
    assert error(s, "store k4") == "that Kontor holds 3 beans; there is no k4"
    assert error(s, "raid cy to 1") == "Cy's Kontors are empty there"
    assert error(s, "buy pirate pay garden") == "your pirate store holds no garden bean"


def test_offers_go_to_everyone_or_to_the_active_player_by_default() -> None:
    s = trade_position()
    ann_hand, bob_hand = s.players[0].hand, s.players[1].hand
    assert to_action(s, 0, "offer h1 f2 for blue blue") == (
        a.MakeOffer(0, None, (ann_hand[0], s.face_up[1]), (K["blue"], K["blue"]))
    )
    assert to_action(s, 1, "offer h2 for 2 chili") == (
        a.MakeOffer(1, 0, (bob_hand[1],), (K["chili"], K["chili"]))
    )
    assert to_action(s, 0, "offer f1 to all") == a.MakeOffer(0, None, (s.face_up[0],), ())
    assert to_action(s, 0, "offer f1 to bob for nothing") == a.MakeOffer(0, 1, (s.face_up[0],), ())
    assert to_action(s, 0, "donate f1, f2 to 3") == a.MakeOffer(0, 2, tuple(s.face_up), ())
    assert to_action(s, 0, "ask cy for soy") == a.MakeOffer(0, 2, (), (K["soy"],))
    assert to_action(s, 1, "ask for soy") == a.MakeOffer(1, 0, (), (K["soy"],))
    assert to_action(s, 0, "offer f1 for bla") == a.MakeOffer(
        0, None, (s.face_up[0],), (K["black-eyed"],)
    )


def test_accept_takes_the_wanted_cards_when_there_is_no_choice() -> None:
    s = trade_position()
    bob = s.players[1]
    kinds = [KIND_OF[c] for c in bob.hand]
    single = next(k for k in kinds if kinds.count(k) == 1)
    apply(s, a.MakeOffer(0, 1, (s.face_up[0],), (single,)))
    card = next(c for c in bob.hand if KIND_OF[c] == single)
    assert to_action(s, 1, "accept 1") == a.Accept(1, 1, (card,))
    assert to_action(s, 1, f"accept 1 with h{bob.hand.index(card) + 1}") == a.Accept(1, 1, (card,))
    assert to_action(s, 1, "accept 9") == a.Accept(1, 9, ())
    refusal = check(s, a.Accept(1, 9, ()))
    assert refusal is not None and "there is no open offer 9" in str(refusal)


def test_accept_asks_which_card_when_there_is_a_choice() -> None:
    s = trade_position()
    bob = s.players[1]
    bob.hand[0:2] = [take(s, "red"), take(s, "red")]
    apply(s, a.MakeOffer(0, 1, (s.face_up[0],), (K["red"],)))
    assert error(s, "accept 1", player=1) == (
        "offer 1 asks for 1 red; you have red at h1 or h2: say which, e.g. accept 1 with h1"
    )
    assert (
        error(s, "offer red to ann", player=1) == "you have red at h1 or h2: say which, by position"
    )


def test_keep_without_a_card_keeps_both() -> None:
    s = trade_position()
    assert to_actions(s, 0, "keep") == [a.Keep(0, c) for c in s.face_up]
    assert to_actions(s, 0, "keep f2") == [a.Keep(0, s.face_up[1])]
    assert "makes 2 moves" in error_singular(s, "keep")


def error_singular(s: GameState, text: str) -> str:
    with pytest.raises(CommandError) as info:
        to_action(s, 0, text)
    return str(info.value)


def test_confirm_names_the_only_partner() -> None:
    s = trade_position()
    apply(s, a.MakeOffer(0, None, (s.face_up[0],), ()))
    assert error(s, "confirm 1") == "nobody has accepted offer 1 yet"
    apply(s, a.Accept(2, 1, ()))
    assert to_action(s, 0, "confirm 1") == a.Confirm(0, 1, 2)
    apply(s, a.Accept(1, 1, ()))
    assert error(s, "confirm 1") == "Bob or Cy accepted offer 1: say whom you trade with"
    assert to_action(s, 0, "confirm 1 cy") == a.Confirm(0, 1, 2)


def test_players_by_name_prefix_or_seat() -> None:
    s = new_game("classic", ["Ann", "Anna", "Bob"], 1)
    s.phase = Phase.TRADE
    assert to_action(s, 0, "ask bob for red") == to_action(s, 0, "ask B for red")
    assert to_action(s, 0, "ask 3 for red") == to_action(s, 0, "ask BOB for red")
    assert to_action(s, 0, "ask anna for red") == a.MakeOffer(0, 1, (), (K["red"],))
    assert error(s, "ask an for red") == "'an' could be Ann or Anna"
    assert error(s, "ask zed for red") == "there is no player 'zed'; the players are Ann, Anna, Bob"
    assert error(s, "ask 5 for red") == "there is no seat 5: the seats are 1 to 3"


def test_cards_that_are_not_there() -> None:
    s = trade_position()
    n = len(s.players[0].hand)
    assert error(s, f"offer h{n + 2} to bob") == f"your hand has {n} cards; there is no h{n + 2}"
    assert error(s, "keep f3") == "2 cards are face up; there is no f3"
    assert error(s, "offer #200 to bob") == "there is no card #200"
    assert error(s, "harvest A1.1") == "there are no colony islands in classic Bohnanza"
    assert error(s, "store k1") == "that Kontor holds 0 beans; there is no k1"


def test_rules_are_left_to_the_engine() -> None:
    """No rule is checked twice: an illegal move resolves, and check() names the rule."""
    s = new_game("classic", ["Ann", "Bob", "Cy"], 1)
    action = to_action(s, 1, "harvest 3")
    assert action == a.Harvest(1, 1, 2)
    refusal = check(s, action)
    assert refusal is not None and refusal.rule == "R-BASE-13"
    assert to_action(s, 0, "buy ship") == a.BuyShip(0)
    refusal = check(s, a.BuyShip(0))
    assert refusal is not None and refusal.rule == "R-VOY-1"


# -- malformed commands -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("plant", "'plant' needs a field or Kontor, such as 2, k or A1.1"),
        ("harvest x", "'x' is not a field or Kontor (use 2, k, A1.1 or A1.k)"),
        ("harvest 0", "fields are numbered from 1"),
        ("accept x", "'x' is not a number; expected the offer's number"),
        ("end now", "unexpected 'now'"),
        ("plant bl 2", "'bl' could be blue or black-eyed: type more letters"),
        ("offer h1 for bleu", "there is no bean 'bleu'; did you mean blue?"),
        ("offer h1 to", "'offer' needs a player or 'all'"),
        ("offer h1 for", "'for' needs bean kinds or 'nothing'"),
        ("offer h1 bob", "'bob' is not a card (use h2, f1, k1 or a bean kind)"),
        ("ask bob chili", "expected 'for' but found 'chili'"),
        ("sail 1 A1", "'A1' is not a ship number"),
        ("sail 1", "'sail' needs 'to' and what follows it"),
        ("buy castle", "you can buy a field, a harbor, a ship or the pirate ship, not 'castle'"),
        ("raid bob ship", "'raid' needs a ship number"),
        ("load", "'load' needs a ship number, such as 1"),
        ("move chili k", "'move' needs 'to' and what follows it"),
        ("decline", "'decline' needs the offer's number"),
        ("donate to bob", "'donate' needs the cards to give"),
        ("store ship x", "'x' is not a ship number"),
    ],
)
def test_malformed_commands_say_what_is_wrong_and_how_to_write_it(text: str, expected: str) -> None:
    usage = COMMAND_WORDS[text.split()[0]].usage_line()
    assert error(None, text) == f"{expected} (usage: {usage})"


def test_unknown_words_and_broken_quotes() -> None:
    assert error(None, "plnat 2") == "there is no command 'plnat'; did you mean 'plant'?"
    assert error(None, "offer 'h1 to bob") == "a quotation mark is not closed"


def test_empty_and_unknown_input() -> None:
    assert error(None, "   ") == "type a command, or 'help' to list them"
    assert error(None, "xyzzy") == "there is no command 'xyzzy'; type 'help' to list the commands"


def test_aliases_and_case() -> None:
    assert parse("NEXT") == parse("done") == parse("end")
    assert parse("Sell 2") == parse("harvest 2")


# -- help and completion -------------------------------------------------------------------------------


def test_every_command_has_help_and_its_examples_parse() -> None:
    assert set(COMMANDS) == {cls.word for cls in COMMAND_CLASSES}
    for info in COMMANDS.values():
        assert info.usage and info.description.endswith(".") and info.examples
        for example in info.examples:
            assert type(parse(example)).word == info.name


def test_help_text() -> None:
    overview = help_text()
    for name in COMMANDS:
        assert name in overview
    assert "h1 is the front card" in overview
    one = help_text("offer")
    assert one.startswith("offer CARD...") and "Examples:" in one
    assert help_text("next").startswith("end")
    assert help_text("ofer") == "there is no command 'ofer'; did you mean 'offer'?"


def test_completions() -> None:
    s = trade_position()
    assert completions(s, 0, "")[:3] == ["plant", "harvest", "end"]
    assert "sail" not in completions(s, 0, "")  # classic: no Bohn Voyage commands
    assert completions(s, 0, "pl") == ["plant"]
    assert completions(s, 0, "keep ") == ["f1", "f2"]
    assert completions(s, 0, "offer h1 to ") == ["Bob", "Cy", "all"]
    assert completions(s, 0, "offer h1 to b") == ["Bob"]
    assert completions(s, 0, "buy ") == ["field"]
    assert completions(s, 0, "zzz ") == []
    apply(s, a.MakeOffer(0, 1, (s.face_up[0],), ()))
    assert completions(s, 1, "accept ") == ["1"]
    assert completions(s, 0, "withdraw ") == ["1"]
    v = voyage_position()
    assert "sail" in completions(v, 0, "")
    assert completions(v, 0, "sail 1 to ") == ["home", "A1", "A2"]
    assert completions(v, 0, "buy harbor ") == ["A1", "A2", "C1", "B1", "B2"]
    assert completions(v, 0, "raid ") == ["Bob", "Cy"]
    assert completions(v, 0, "harvest ") == []
    assert completions(s, 0, "help ") == [c.word for c in COMMAND_CLASSES]
    assert completions(s, 0, "help of") == ["offer"]
    assert completions(s, 0, "help offer ") == []


# -- numbers: ASCII digits, a few of them, no more beans than the game has ------------------------


@pytest.mark.parametrize("digit", ["²", "①", "٣", "߀", "𝟙", "Ⅻ"])
def test_only_ascii_digits_are_numbers(digit: str) -> None:
    """Unicode digits (which ``str.isdigit`` accepts and ``int`` may not) are words, not numbers."""
    s = trade_position()
    apply(s, a.MakeOffer(0, 1, (s.face_up[0],), ()))
    assert "is not a number" in error(s, f"decline {digit}", 1)
    assert "is not a field" in error(s, f"plant {digit}")
    assert "no player" in error(s, f"offer h1 to {digit}")
    assert "is not a card" in error(s, f"keep {digit} green")
    assert completions(s, 0, f"confirm {digit} ") == []


@pytest.mark.parametrize(
    "text",
    [
        "decline 1234567",
        "harvest 99999999999",
        "offer h" + "9" * 50,
        "offer #" + "1" * 440,
        "offer 18446744073709551617 chili",
        "keep 4294967296 green",
        "ask bob for 3000000 blue",
    ],
    ids=lambda text: text[:30],
)
def test_a_number_of_more_than_six_digits_is_refused_in_a_sentence(text: str) -> None:
    message = error(trade_position(), text)
    assert "too large a number: numbers here have at most 6 digits" in message
    assert len(message) < 300


def test_counts_are_bounded_by_the_beans_of_the_game() -> None:
    s = trade_position()
    assert "there are only 14 green beans in the game" in error(s, "keep 15 green")
    assert "there are only 20 blue beans in the game" in error(s, "ask bob for 12 blue 9 blue")
    assert "there are only 20 blue beans in the game" in error(s, "offer h1 for 21 blue")
    assert to_action(s, 0, "ask bob for 20 blue") == a.MakeOffer(0, 1, (), (K["blue"],) * 20)


def test_r_base_8_an_offer_asks_for_no_more_beans_than_the_game_has() -> None:
    """The core refuses what the command language can't say: too many, or a removed kind."""
    s = trade_position()
    too_many = check(s, a.MakeOffer(0, 1, (), (K["green"],) * 15))
    assert too_many is not None and too_many.rule == "R-BASE-8"
    assert "the game has 14 green beans; an offer can't ask for 15" in str(too_many)
    removed = check(s, a.MakeOffer(0, 1, (), (K["cocoa"],)))  # 3 players: no cocoa
    assert removed is not None and "the game has 0 cocoa beans" in str(removed)
    huge = check(s, a.MakeOffer(0, 1, (), (K["blue"],) * 3_000_000))
    assert huge is not None and huge.rule == "R-BASE-8"
    assert check(s, a.MakeOffer(0, 1, (), (K["green"],) * 14)) is None


def test_a_command_has_at_most_500_characters() -> None:
    s = trade_position()
    assert error(s, "end " + " " * 600) == "a command has at most 500 characters"
    assert error(s, "plant h" + "9" * 5000) == "a command has at most 500 characters"
    assert to_action(s, 0, "end" + " " * 400) == a.EndPhase(0)


# -- the Bean Duel (RULES.md section 5) ------------------------------------------------------------


def duel_offered() -> GameState:
    """Ann's step 1 (R-DUEL-4): chili, wax and a second chili on offer to her."""
    s = new_game("classic", ["Ann", "Bob"], 2)
    s.offered = [take(s, "chili"), take(s, "wax"), take(s, "chili")]
    return s


def test_duel_random_games_round_trip() -> None:
    """R-DUEL-4: every listed duel move (plants from the offer and the turned-up cards,
    discards) formats to a command that reads back as the same action."""
    for seed in (1, 2, 3):
        state = new_game("classic", ["Ann", "Bob"], seed)
        player = RandomPlayer(random.Random(seed), harvest_rate=0.2)
        seen: set[str] = set()
        while not state.over:
            move = player.step(state)
            for m in [move, *legal_actions(state, state.active)]:
                assert round_trips(state, m), (format_action(state, m), m)
                seen.add(m.name)
            apply(state, move)
        assert {"plant", "discard", "end"} <= seen


def test_duel_plant_and_discard_the_offered_beans() -> None:
    """R-DUEL-4 step 1: f1, f2... are the beans on offer; a kind picks one of them."""
    s = duel_offered()
    chili, wax, chili2 = s.offered
    assert to_action(s, 0, "plant chili 1") == a.Plant(0, chili, 0, 0)
    assert to_action(s, 0, "plant f3 2") == a.Plant(0, chili2, 0, 1)
    assert error(s, "plant 1") == "beans of several kinds wait to be planted (chili, wax): name one"
    assert to_action(s, 0, "discard wax") == a.Discard(0, wax)
    assert to_action(s, 0, "discard f1") == a.Discard(0, chili)
    assert error(s, "discard soy") == "no soy bean is face up"
    assert format_action(s, a.Discard(0, wax)) == "discard wax"
    assert format_action(s, a.Plant(0, chili, 0, 2)) == "plant chili 3"


def test_duel_discard_a_hand_card() -> None:
    """R-DUEL-4 step 2: a hand card by position or by kind (the first of that kind)."""
    s = new_game("classic", ["Ann", "Bob"], 2)
    apply(s, a.Plant(0, s.players[0].hand[0], 0, 0))
    hand = s.players[0].hand
    assert to_action(s, 0, "discard h3") == a.Discard(0, hand[2])
    first = next(c for c in hand if KIND_OF[c] == KIND_OF[hand[2]])
    kind = KINDS[KIND_OF[hand[2]]]
    assert to_action(s, 0, f"discard {kind}") == a.Discard(0, first)
    assert error(s, "discard h9") == "your hand has 4 cards; there is no h9"
    assert "discard CARD|KIND" in error(s, "discard")


def test_duel_plant_a_turned_up_bean() -> None:
    """R-DUEL-4 step 3: in a duel 'plant KIND PLACE' takes a turned-up bean."""
    s = new_game("classic", ["Ann", "Bob"], 5)
    apply(s, a.Plant(0, s.players[0].hand[0], 0, 0))
    apply(s, a.EndPhase(0))
    first = s.face_up[0]
    kind = KINDS[KIND_OF[first]]
    assert to_action(s, 0, f"plant {kind} 3") == a.Plant(0, first, 0, 2)
    assert to_action(s, 0, "plant f1 3") == a.Plant(0, first, 0, 2)


def test_duel_completions() -> None:
    """R-DUEL-2, R-DUEL-4: discard offered, trading commands not offered."""
    s = duel_offered()
    words = completions(s, 0, "")
    assert "discard" in words and "offer" not in words and "keep" not in words
    assert completions(s, 0, "discard ") == ["f1", "f2", "f3", "chili", "wax"]
    assert completions(s, 0, "plant ")[-2:] == ["chili", "wax"]
    assert "discard" not in completions(new_game("classic", ["Ann", "Bob", "Cy"], 1), 0, "")


@pytest.mark.parametrize("text", ["'\n'", '"pl\nant" 1', "'a\nb\nc'"])
def test_an_unknown_command_with_a_line_break_is_named_in_one_line(text: str) -> None:
    with pytest.raises(CommandError) as exc:
        parse(text)
    assert "\n" not in str(exc.value) and "\\n" in str(exc.value)
