"""``bohnanza host`` and its clients on loopback: seats, views, refusals, drops, resumes.

Every host here serves on a free port of 127.0.0.1 and is closed by the test;
every wait has a timeout. The game's rules are the core's (tests/rules); what
is tested here is what the network adds (docs/NET.md): the token decides the
seat, a client sees its own view only (D-9), every message of a client is
hostile input refused with a reason and changes nothing (D-10), a dropped
client gets its seat back, and a host restarted with ``--resume`` goes on.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bohnanza_tui.net import protocol
from bohnanza_tui.net.client import HostGone, NetClient
from bohnanza_tui.net.host import GameHost, port_of
from bohnanza_tui.rules import HIDDEN, legal_actions, pending_players, view
from bohnanza_tui.rules.actions import EndPhase, Plant
from bohnanza_tui.rules.randomplay import RandomPlayer
from bohnanza_tui.rules.save import load_file
from bohnanza_tui.rules.validate import position_problem

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_stateful import check_coins

NAMES = ["Ann", "Bob", "Cy", "Dee"]
#: no wait for the host may take longer than this
WAIT = 10.0


@asynccontextmanager
async def hosting(host: GameHost) -> AsyncIterator[str]:
    """``host`` serving on a free loopback port: yields its address, closes it after."""
    server = await host.serve("127.0.0.1", 0)
    try:
        yield f"127.0.0.1:{port_of(server)}"
    finally:
        server.close()
        await asyncio.wait_for(server.wait_closed(), WAIT)
        await host.stop()


async def seated(address: str, names: list[str]) -> list[NetClient]:
    clients = [NetClient(address) for _n in names]
    for c, name in zip(clients, names, strict=True):
        await c.connect()
        await c.join(name)
    return clients


async def close_all(clients: list[NetClient]) -> None:
    for c in clients:
        await c.close()


def caught_up(host: GameHost, clients: list[NetClient]) -> Callable[[], bool]:
    return lambda: (
        host.session is not None
        and all(c.seq == len(host.session.log) for c in clients if c.connected)
    )


async def settle(host: GameHost, clients: list[NetClient]) -> None:
    for c in clients:
        if c.connected:
            await c.wait_for(caught_up(host, [c]), WAIT)


def assert_own_views(host: GameHost, clients: list[NetClient]) -> None:
    """D-9 over the wire: each client holds exactly ``view(state, its seat)``."""
    assert host.session is not None
    for c in clients:
        assert c.seat is not None and c.state is not None
        assert c.state == view(host.session.state, c.seat)


async def eventually(ready: Callable[[], bool]) -> None:
    """Wait until ``ready()`` holds on the host's side (checked every 10 ms, at most ``WAIT``)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while not ready():
        assert loop.time() < end, "timed out"
        await asyncio.sleep(0.01)


def fast_host(*args: Any, **kwargs: Any) -> GameHost:
    kwargs.setdefault("rate", 1e6)
    return GameHost(*args, **kwargs)


# -- seats and views ----------------------------------------------------------------------


async def test_two_clients_start_a_duel_and_see_only_their_own_hands() -> None:
    host = fast_host("classic", 2)
    async with hosting(host) as address:
        ann, bob = await seated(address, NAMES[:2])
        assert (ann.seat, bob.seat) == (0, 1)
        await settle(host, [ann, bob])
        assert host.session is not None and host.session.names == ["Ann", "Bob"]
        assert_own_views(host, [ann, bob])
        assert ann.state is not None and bob.state is not None
        assert HIDDEN not in ann.state.players[0].hand
        assert set(ann.state.players[1].hand) == {HIDDEN}
        assert set(bob.state.players[0].hand) == {HIDDEN}
        assert ann.state.seed == HIDDEN and set(ann.state.deck) == {HIDDEN}
        assert ann.token != bob.token and ann.token and len(ann.token) >= 40
        await close_all([ann, bob])


async def test_four_clients_play_and_every_client_sees_every_move() -> None:
    host = fast_host("classic", 4, seed=11)
    async with hosting(host) as address:
        clients = await seated(address, NAMES)
        await settle(host, clients)
        assert host.session is not None
        rng = random.Random(4)
        players = RandomPlayer(rng)
        for _step in range(60):
            state = host.session.state
            seat = pending_players(state)[0]
            before = len(host.session.log)
            c = clients[seat]
            await c.act(players.action_for(c.state, seat))  # type: ignore[arg-type]
            await c.wait_for(lambda c=c, n=before: c.seq > n or bool(c.refusals), WAIT)
            assert not clients[seat].refusals
            await settle(host, clients)
            assert_own_views(host, clients)
        # everyone's log has every move's lines, the same for all
        assert clients[0].log == clients[3].log and len(clients[0].log) >= 60
        await close_all(clients)


async def test_a_join_under_a_taken_name_or_into_a_full_game_is_refused() -> None:
    host = fast_host("classic", 3)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        twin = NetClient(address)
        await twin.connect()
        with pytest.raises(ValueError, match="taken"):
            await twin.join("ANN")
        with pytest.raises(ValueError, match="names"):
            await twin.join("4")  # a number: numbers name the seats
        bob, cy = await seated(address, ["Bob", "Cy"])
        late = NetClient(address)
        await late.connect()
        with pytest.raises(ValueError, match="no seat named Dee"):
            await late.join("Dee")
        await close_all([ann, twin, bob, cy, late])


async def test_start_begins_with_the_seats_taken() -> None:
    host = fast_host("voyage", 5)
    async with hosting(host) as address:
        ann, bob = await seated(address, ["Ann", "Bob"])
        await ann.start()
        await ann.wait_for(lambda: bool(ann.refusals), WAIT)
        assert "voyage needs 3 to 5 players" in ann.refusals[-1].reason  # R-VOY-1
        assert not host.started
        (cy,) = await seated(address, ["Cy"])
        await bob.start()
        await settle(host, [ann, bob, cy])
        assert host.session is not None and host.session.names == ["Ann", "Bob", "Cy"]
        assert_own_views(host, [ann, bob, cy])
        await close_all([ann, bob, cy])


async def test_the_host_s_operator_starts_with_the_seats_taken() -> None:
    from bohnanza_tui.net.host import start_from_console

    said: list[str] = []
    host = fast_host("classic", 4)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        start_from_console(host, said.append)  # one seat: the game can't start
        assert not host.started and "classic needs 2 to 7 players; 1 is seated" in said[-1]
        (bob,) = await seated(address, ["Bob"])
        start_from_console(host, said.append)
        await settle(host, [ann, bob])
        assert host.session is not None and host.session.names == ["Ann", "Bob"]
        await close_all([ann, bob])


async def test_computer_players_move_on_the_host() -> None:
    host = fast_host("classic", 3, ["random", "basic"], seed=5)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        assert host.session is not None and host.session.names[0] == "Ann"
        rng = random.Random(2)
        players = RandomPlayer(rng)
        while host.session.state.turn < 8 and not host.session.state.over:
            state = host.session.state
            if 0 not in pending_players(state):
                await asyncio.sleep(0.01)
                continue
            await settle(host, [ann])
            before = len(host.session.log)
            await ann.act(players.action_for(ann.state, 0))  # type: ignore[arg-type]
            await ann.wait_for(lambda n=before: ann.seq > n or bool(ann.refusals), WAIT)
            assert not ann.refusals
        moved = {a.player for a in host.session.log}
        assert moved == {0, 1, 2}
        await close_all([ann])


# -- hostile clients ------------------------------------------------------------------------


JUNK: list[str] = [
    "not json",
    "[1, 2, 3]",
    '"join"',
    "{}",
    '{"type": "dance"}',
    '{"type": "join", "version": 1}',
    '{"type": "join", "version": 1, "name": "Ann", "extra": 1}',
    '{"type": "join", "version": "1", "name": "Zed"}',
    '{"type": "join", "version": 1, "name": "\\u001b[31mZed"}',
    '{"type": "join", "version": 1, "name": "' + "Z" * 50 + '"}',
    '{"type": "rejoin", "version": 1, "token": "guessed"}',
    '{"type": "act", "action": {"action": "end", "player": 0}}',
    '{"type": "act", "token": "guessed", "action": {"action": "end", "player": 0}}',
    "[" * 3000 + "]" * 3000,
    "x" * (protocol.MAX_MESSAGE + 1),
]


def bad_actions(token: str, seat: int) -> list[str]:
    """Actions that a client may send but no host may take (unknown, ill-typed, out of range)."""

    def act(action: Any) -> str:
        return json.dumps({"type": "act", "token": token, "action": action})

    return [
        act({"action": "cheat", "player": seat}),
        act({"action": "plant", "player": seat}),
        act({"action": "plant", "player": seat, "card": "3", "island": 0, "slot": 0}),
        act({"action": "plant", "player": seat, "card": True, "island": 0, "slot": 0}),
        act({"action": "plant", "player": seat, "card": 1.5, "island": 0, "slot": 0}),
        act({"action": "plant", "player": seat, "card": 10**30, "island": 0, "slot": 0}),
        act({"action": "plant", "player": seat, "card": 999, "island": 0, "slot": 0}),
        act({"action": "plant", "player": seat, "card": -5, "island": 77, "slot": -9}),
        act({"action": "harvest", "player": seat, "island": 5, "slot": 9}),
        act({"action": "offer", "player": seat, "to": 9, "give": [1] * 200, "want": [0]}),
        act({"action": "offer", "player": seat, "to": None, "give": [500], "want": [99]}),
        act({"action": "accept", "player": seat, "offer": 12345, "give": []}),
        act({"action": "end", "player": seat, "more": 1}),
        act({"action": "keep", "player": seat, "card": []}),  # a list for a number
        act({"action": "offer", "player": seat, "to": None, "give": 5, "want": []}),
        act({"action": "plant", "player": [seat], "card": 1, "island": 0, "slot": 0}),
        act([1, 2]),
        act("end"),
    ]


async def test_junk_is_refused_with_reasons_and_changes_nothing() -> None:
    host = fast_host("classic", 3, seed=3)
    async with hosting(host) as address:
        clients = await seated(address, ["Ann", "Bob", "Cy"])
        await settle(host, clients)
        assert host.session is not None
        active = host.session.state.active
        mover, other = clients[active], clients[(active + 1) % 3]
        assert mover.token is not None and other.token is not None
        before, log = host.session.state.copy(), list(host.session.log)
        sent = [(other, text) for text in [*JUNK, *bad_actions(other.token, (active + 1) % 3)]] + [
            (mover, text) for text in bad_actions(mover.token, active)
        ]
        for client, text in sent:
            await client.send_text(text)
        for client in (mover, other):
            count = sum(1 for c, _t in sent if c is client)
            await client.wait_for(lambda c=client, k=count: len(c.refusals) == k, WAIT)
        replies = [*other.refusals, *mover.refusals]
        for (_client, text), refusal in zip(sent, replies, strict=True):
            assert refusal.reason and len(refusal.reason) < 300, text
            # a rule's refusal names the rule; the protocol's names "net"
            assert refusal.rule == protocol.PROTOCOL_RULE or refusal.rule.startswith("R-"), text
        assert {r.rule for r in replies} > {protocol.PROTOCOL_RULE, "R-BASE-6"}
        assert host.session.state == before and host.session.log == log
        assert all(c.connected for c in clients)
        # the connection still plays: a legal move goes through after all that
        legal = legal_actions(host.session.state, active)[0]
        await mover.act(legal)
        await mover.wait_for(lambda: mover.seq > len(log), WAIT)
        assert host.session.log == [*log, legal]
        await close_all(clients)


async def test_acting_for_another_seat_is_refused() -> None:
    host = fast_host("classic", 3, seed=8)
    async with hosting(host) as address:
        ann, bob, cy = await seated(address, ["Ann", "Bob", "Cy"])
        await settle(host, [ann, bob, cy])
        assert host.session is not None and bob.token is not None and ann.token is not None
        state = host.session.state
        active = state.active
        other = [ann, bob, cy][(active + 1) % 3]
        card = state.players[active].hand[0]
        forged = Plant(active, card, active, 0)
        before = state.copy()
        # in its own name, with its own token
        await other.act(forged)
        # with the active player's token on another connection
        assert other.token is not None
        owner = [ann, bob, cy][active]
        assert owner.token is not None
        await other.send_text(protocol.act(owner.token, forged))
        await other.wait_for(lambda: len(other.refusals) == 2, WAIT)
        assert "another seat" in other.refusals[0].reason
        assert "does not hold that seat" in other.refusals[1].reason
        assert host.session.state == before and not host.session.log
        # the rules' refusal names its rule
        await owner.act(EndPhase(active))  # R-BASE-5: at least one bean must be planted first
        await owner.wait_for(lambda: bool(owner.refusals), WAIT)
        assert owner.refusals[-1].rule.startswith("R-")
        assert host.session.state == before
        await close_all([ann, bob, cy])


async def test_too_many_messages_are_refused_then_the_client_is_dropped() -> None:
    host = GameHost("classic", 2, rate=5.0)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        assert ann.token is not None
        for _i in range(protocol.MAX_REFUSALS + protocol.BURST + 5):
            try:
                await ann.send_text(json.dumps({"type": "start", "token": ann.token}))
            except HostGone:
                break
        with pytest.raises(HostGone):
            await ann.wait_for(lambda: False, WAIT)
        assert any("too many messages" in r.reason for r in ann.refusals)
        assert not host.started
        await ann.close()


async def test_a_frame_beyond_the_transport_limit_closes_the_connection() -> None:
    host = fast_host("classic", 2)
    async with hosting(host) as address:
        (ann,) = await seated(address, ["Ann"])
        await ann.send_text("x" * (protocol.MAX_FRAME + 1))
        with pytest.raises(HostGone):
            await ann.wait_for(lambda: False, WAIT)
        # the seat stays Ann's: she rejoins with her token
        assert ann.token is not None
        again = NetClient(address)
        await again.connect()
        assert await again.rejoin(ann.token) == 0
        await close_all([ann, again])


async def test_connections_beyond_the_limit_are_refused() -> None:
    from bohnanza_tui.net.host import MAX_CONNECTIONS

    host = fast_host("classic", 2)
    async with hosting(host) as address:
        idle = [NetClient(address) for _n in range(MAX_CONNECTIONS)]
        for c in idle:
            await c.connect()
        await eventually(lambda: len(host.peers) == MAX_CONNECTIONS)
        extra = NetClient(address)
        await extra.connect()
        with pytest.raises(HostGone):
            await extra.wait_for(lambda: False, WAIT)
        assert "connections at most" in extra.refusals[-1].reason
        await close_all(idle[:1])
        await eventually(lambda: len(host.peers) < MAX_CONNECTIONS)
        late = NetClient(address)
        await late.connect()
        assert await late.join("Ann") == 0  # room again once one has gone
        await close_all([*idle[1:], extra, late])


async def test_a_connection_that_takes_no_seat_in_time_is_closed() -> None:
    host = fast_host("classic", 2, join_timeout=0.2)
    async with hosting(host) as address:
        idle, seated_one = NetClient(address), NetClient(address)
        await idle.connect()
        await seated_one.connect()
        await seated_one.join("Ann")
        with pytest.raises(HostGone):
            await idle.wait_for(lambda: False, WAIT)
        assert "no seat was taken within" in idle.refusals[-1].reason
        await asyncio.sleep(0.3)
        assert seated_one.connected and host.connected(0)
        await close_all([idle, seated_one])


# -- drops and restarts ----------------------------------------------------------------------


async def test_a_dropped_client_rejoins_with_its_token() -> None:
    host = fast_host("classic", 3, seed=2)
    async with hosting(host) as address:
        ann, bob, cy = await seated(address, ["Ann", "Bob", "Cy"])
        await settle(host, [ann, bob, cy])
        token = bob.token
        assert token is not None
        await bob.close()
        await ann.wait_for(lambda: not ann.seats[1].connected, WAIT)
        assert ann.seats[1].taken and ann.seats[0].connected
        thief = NetClient(address)
        await thief.connect()
        with pytest.raises(ValueError, match="taken"):
            await thief.join("Bob")
        with pytest.raises(ValueError, match="token"):
            await thief.rejoin(token[:-2] + "xx")
        back = NetClient(address)
        await back.connect()
        assert await back.rejoin(token) == 1
        await back.wait_for(lambda: back.state is not None, WAIT)
        await ann.wait_for(lambda: ann.seats[1].connected, WAIT)
        assert_own_views(host, [ann, back, cy])
        # a second connection with the token takes the seat over; the first is told and closed
        twin = NetClient(address)
        await twin.connect()
        assert await twin.rejoin(token) == 1
        with pytest.raises(HostGone):
            await back.wait_for(lambda: False, WAIT)
        assert "taken back" in back.refusals[-1].reason
        await close_all([ann, back, cy, thief, twin])


async def test_a_restarted_host_resumes_and_seats_are_reclaimed_by_token(tmp_path: Path) -> None:
    save, seats = tmp_path / "host.json", tmp_path / "host-seats.json"
    host = fast_host("classic", 3, seed=6, save_path=save, seats_path=seats)
    rng = random.Random(6)
    players = RandomPlayer(rng)
    async with hosting(host) as address:
        clients = await seated(address, ["Ann", "Bob", "Cy"])
        await settle(host, clients)
        assert host.session is not None
        for _step in range(25):
            seat = pending_players(host.session.state)[0]
            c = clients[seat]
            before = len(host.session.log)
            await c.act(players.action_for(c.state, seat))  # type: ignore[arg-type]
            await c.wait_for(lambda c=c, n=before: c.seq > n, WAIT)
            await settle(host, clients)
        played = list(host.session.log)
        tokens = [c.token for c in clients]
        # the host "crashes": connections cut, nothing but the files kept
        await close_all(clients)
    session = load_file(save)
    assert session.log == played  # nothing lost: the autosave follows every action
    again = GameHost.resumed(session, save_path=save, seats_path=seats, rate=1e6)
    async with hosting(again) as address:
        thief = NetClient(address)
        await thief.connect()
        with pytest.raises(ValueError, match="taken"):
            await thief.join("Cy")
        back = [NetClient(address) for _t in tokens]
        for c, token in zip(back, tokens, strict=True):
            await c.connect()
            assert token is not None
            await c.rejoin(token)
        assert [c.seat for c in back] == [0, 1, 2]
        await settle(again, back)
        assert_own_views(again, back)
        await close_all([*back, thief])
    # without the tokens' file, the seats are claimed again by their names
    seats.unlink()
    third = GameHost.resumed(load_file(save), save_path=save, seats_path=seats, rate=1e6)
    async with hosting(third) as address:
        again_clients = await seated(address, ["cy", "Ann", "Bob"])
        assert [c.seat for c in again_clients] == [2, 0, 1]
        await settle(third, again_clients)
        assert_own_views(third, again_clients)
        await close_all(again_clients)


# -- many random actions ----------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "n", "seed"), [("classic", 4, 1), ("voyage", 3, 2)])
async def test_random_legal_actions_from_clients_keep_the_game_sound(
    mode: str, n: int, seed: int
) -> None:
    """500 actions each (1,000 in all), sent by the clients from their own views, with the
    invariants of tests/test_stateful.py checked on the host after every one."""
    host = fast_host(mode, n, seed=seed)
    rng = random.Random(seed)
    players = [RandomPlayer(random.Random(seed * 10 + i)) for i in range(n)]
    async with hosting(host) as address:
        clients = await seated(address, NAMES[:n])
        await settle(host, clients)
        assert host.session is not None
        session = host.session
        played = 0
        while played < 500:
            if session.state.over:
                break
            pending = pending_players(session.state)
            seat = pending[rng.randrange(len(pending))]
            c = clients[seat]
            await settle(host, [c])
            before = session.state.copy()
            count = len(session.log)
            action = players[seat].action_for(c.state, seat)  # type: ignore[arg-type]
            await c.act(action)
            await c.wait_for(lambda c=c, k=count: c.seq > k or bool(c.refusals), WAIT)
            assert not c.refusals, (action, c.refusals)
            assert session.log[-1] == action
            assert position_problem(session.state) is None
            check_coins(before, session.state, action)
            played += 1
        await settle(host, clients)
        assert_own_views(host, clients)
        assert played == 500 or session.state.over
        await close_all(clients)
