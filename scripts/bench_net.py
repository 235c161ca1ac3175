"""Network play's figures on loopback: a move's round trip, and many tables on one host.

    python scripts/bench_net.py [--actions 300] [--tables 8] [--players 4]

The host runs in a process of its own (as ``bohnanza host`` would), serving
every table on a port of its own; this process drives the clients, each seat
a ``NetClient`` choosing random legal moves from its own view
(``rules.randomplay.RandomPlayer``). A move's round trip is the time from
sending its ``act`` to every client of the table having parsed the new view
(the host checked it, played it, wrote its autosave, made and sent four views).
Printed: p50, p90 and the worst round trip of one table alone, then of
``--tables`` tables played at once (each table one move at a time, all tables
together), their moves a second, and the host's CPU time a move. With
``--screens N``: N moves of a table where ``--apps`` seats (1) play in the join app
(headless Textual, all in this process), each round trip ending when every app has
redrawn its table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bohnanza_tui.net.client import NetClient
from bohnanza_tui.rules import pending_players
from bohnanza_tui.rules.randomplay import RandomPlayer

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"]


# -- the host's process ----------------------------------------------------------------


async def _serve(tables: int, players: int, folder: Path) -> None:
    from bohnanza_tui.net.host import GameHost, port_of

    servers = []
    for t in range(tables):
        host = GameHost(
            "classic",
            players,
            seed=1000 + t,
            save_path=folder / f"table{t}.json",
            seats_path=folder / f"table{t}-seats.json",
            rate=1e6,  # the clients here play as fast as the host answers
        )
        servers.append(await host.serve("127.0.0.1", 0))
    print(json.dumps([port_of(s) for s in servers]), flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)  # until the driver closes our stdin
    print(json.dumps({"cpu": time.process_time()}), flush=True)
    for server in servers:
        server.close()


# -- the driver --------------------------------------------------------------------------


async def _table(port: int, players: int, actions: int, seed: int) -> list[float]:
    """Play ``actions`` random moves at one table; the round trip of each, in seconds."""
    clients = [NetClient(f"127.0.0.1:{port}") for _p in range(players)]
    for c, name in zip(clients, NAMES, strict=False):
        await c.connect()
        await c.join(name)
    for c in clients:
        await c.wait_for(lambda c=c: c.state is not None, 10)
    rng = random.Random(seed)
    deciders = [RandomPlayer(random.Random(seed * 10 + i)) for i in range(players)]
    times: list[float] = []
    for _n in range(actions):
        first = clients[0]
        state = first.state
        assert state is not None
        if state.over:
            break
        pending = pending_players(state)
        seat = pending[rng.randrange(len(pending))]
        c = clients[seat]
        assert c.state is not None
        action = deciders[seat].action_for(c.state, seat)
        seq = c.seq
        start = time.perf_counter()
        await c.act(action)
        for other in clients:
            await other.wait_for(lambda o=other, s=seq: o.seq > s or bool(o.refusals), 10)
        times.append(time.perf_counter() - start)
        if c.refusals:
            raise RuntimeError(f"refused: {c.refusals[-1]}")
    for c in clients:
        await c.close()
    return times


async def _screens(port: int, players: int, actions: int, seed: int, shown: int) -> list[float]:
    """As ``_table``, with the first ``shown`` seats played in the join app (headless
    Textual, in this process): a move of theirs goes through the table's ``play`` (what a
    key calls: the check on the view, then the send), and a round trip ends when every app
    has redrawn its table and the other clients have parsed the view."""
    from contextlib import AsyncExitStack

    from bohnanza_tui.ui.netplay import JoinApp, NetTableScreen

    apps = [JoinApp(f"127.0.0.1:{port}", NAMES[i]) for i in range(shown)]
    async with AsyncExitStack() as stack:
        pilots = [await stack.enter_async_context(app.run_test(size=(120, 40))) for app in apps]
        for app in apps:
            while app.client is None or app.client.seat is None:
                await pilots[0].pause(0.01)
        others = [NetClient(f"127.0.0.1:{port}") for _p in range(players - shown)]
        for c, name in zip(others, NAMES[shown:], strict=False):
            await c.connect()
            await c.join(name)
        clients = [app.client for app in apps] + others
        for app in apps:
            while not isinstance(app.screen, NetTableScreen) or app.shown_seq < 0:
                await pilots[0].pause(0.01)
        rng = random.Random(seed)
        deciders = [RandomPlayer(random.Random(seed * 10 + i)) for i in range(players)]
        times: list[float] = []
        for _n in range(actions):
            state = others[0].state
            assert state is not None
            if state.over:
                break
            pending = pending_players(state)
            seat = pending[rng.randrange(len(pending))]
            c = clients[seat]
            assert c is not None and c.state is not None
            action = deciders[seat].action_for(c.state, seat)
            seq = others[0].seq
            start = time.perf_counter()
            if seat < shown:
                app = apps[seat]
                while len(app.screen_stack) > 2:  # a dialog the table opened by itself
                    await app.pop_screen()
                assert app.table is not None
                app.table.play(action)
            else:
                await c.act(action)
            for other in others:
                await other.wait_for(lambda o=other, s=seq: o.seq > s or bool(o.refusals), 10)
            while any(app.shown_seq <= seq for app in apps):
                await asyncio.sleep(0.0005)
            times.append(time.perf_counter() - start)
        for c in others:
            await c.close()
        return times


def _start_host(tables: int, players: int, folder: Path) -> tuple[subprocess.Popen[str], list[int]]:
    proc = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(tables), "--players", str(players), str(folder)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    ports: list[int] = json.loads(proc.stdout.readline())
    return proc, ports


def _stop_host(proc: subprocess.Popen[str]) -> float:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.close()
    cpu = float(json.loads(proc.stdout.readline() or '{"cpu": 0}')["cpu"])
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return cpu


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _line(label: str, times: list[float], wall: float, cpu: float) -> str:
    return (
        f"{label}: {len(times)} moves, round trip p50 {_ms(times, 0.5):.1f} ms, "
        f"p90 {_ms(times, 0.9):.1f} ms, worst {1000 * max(times):.1f} ms; "
        f"{len(times) / wall:.0f} moves/s; host CPU {1000 * cpu / len(times):.2f} ms a move"
    )


async def _drive(ports: list[int], players: int, actions: int) -> tuple[list[float], float]:
    start = time.perf_counter()
    results = await asyncio.gather(
        *(_table(port, players, actions, seed=7 + i) for i, port in enumerate(ports))
    )
    wall = time.perf_counter() - start
    return [t for r in results for t in r], wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300, help="moves per table")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--screens", type=int, default=0, help="moves of a table with seats in the join app"
    )
    parser.add_argument("--apps", type=int, default=1, help="seats in the app (--screens)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("folder", nargs="?", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        asyncio.run(_serve(args.serve, args.players, args.folder))
        return 0
    from bohnanza_tui.rules import COMPILED

    print(
        f"rules core: {'compiled' if COMPILED else 'pure Python'}; {args.players} players a table"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for tables in sorted({1, args.tables}):
            folder = Path(tmp) / f"t{tables}"
            folder.mkdir()
            proc, ports = _start_host(tables, args.players, folder)
            try:
                times, wall = asyncio.run(_drive(ports, args.players, args.actions))
            finally:
                cpu = _stop_host(proc)
            label = "1 table" if tables == 1 else f"{tables} tables at once"
            print(_line(label, times, wall, cpu), flush=True)
        if args.screens:
            folder = Path(tmp) / "screens"
            folder.mkdir()
            proc, ports = _start_host(1, args.players, folder)
            try:
                start = time.perf_counter()
                times = asyncio.run(
                    _screens(ports[0], args.players, args.screens, seed=3, shown=args.apps)
                )
                wall = time.perf_counter() - start
            finally:
                cpu = _stop_host(proc)
            label = f"1 table, {args.apps} seat{'s' if args.apps > 1 else ''} in the app"
            print(_line(label, times, wall, cpu), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
