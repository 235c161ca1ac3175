"""``bohnanza host``: the one authoritative game that players join over websockets.

The host holds the ``Session`` (the rules core), writes the autosave after
every action (so its crash loses at most the action being played), moves the
computer players, and sends every connected seat its own view after every
move. Seats are claimed by name (``join``) and held by a secret token
(``rejoin``); see docs/NET.md for the protocol and the choices behind it.

Nothing here trusts a client: each message is bounded and validated
(``protocol``), the token decides the seat, and an action for another seat,
or one the rules refuse, is answered with a reason and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..i18n import _, ngettext
from ..modes import PLAYER_COUNTS
from ..rules import IllegalAction, Phase, check, pending_players, view
from ..rules.actions import Action, EndPhase, to_dict
from ..rules.outcome import Refusal
from ..rules.trading import awaiting
from . import protocol as p

if TYPE_CHECKING:
    from websockets.asyncio.server import Server, ServerConnection

    from bohnanza_tui.seating.hotseat import HotSeat

    from ..rules.session import Session

log = logging.getLogger(__name__)

#: computer players' moves in one turn after which they are made to take the least eventful one
BOT_ACTIONS_PER_TURN: Final = 60
#: messages waiting to go to one connection; a client this far behind is disconnected
MAX_BACKLOG: Final = 256
#: connections a host serves at once (7 seats, their reconnections, onlookers' attempts)
MAX_CONNECTIONS: Final = 32
#: seconds a connection may stay without a seat (join or rejoin) before it is closed
JOIN_TIMEOUT: Final = 60.0
SEATS_FORMAT: Final = "bohnanza-tui-host-seats"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class _Peer:
    """One connection: its seat (once joined), its send queue and its message budget."""

    ws: ServerConnection
    seat: int | None = None
    queue: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=MAX_BACKLOG)
    )
    rate: float = p.RATE
    burst: float = float(p.BURST)
    allowance: float = float(p.BURST)
    stamp: float = field(default_factory=time.monotonic)
    refusals: int = 0

    def spend(self) -> bool:
        """Take one message from the budget (``rate`` a second, ``burst`` at once); False: over it."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


@dataclass
class SeatPlan:
    """A seat before the game starts: a person's (named when taken) or a computer's."""

    name: str | None = None
    level: str | None = None  # a computer player's level; None: a person

    @property
    def is_human(self) -> bool:
        return self.level is None


class GameHost:
    """The authoritative game and its seats; ``handler`` serves one websocket connection.

    A new game: ``GameHost(mode, players, computers)``; the people's seats come
    first, in the order they are taken, the computer players after them. A
    resumed game: ``GameHost.resumed(session, seats_file=...)``.
    """

    def __init__(
        self,
        mode: str = "classic",
        players: int = 3,
        computers: list[str] | None = None,
        *,
        seed: int | None = None,
        save_path: Path | None = None,
        seats_path: Path | None = None,
        bot_delay: float = 0.0,
        offers_to_people: str = "rarely",
        bot_factory: Any = None,
        on_change: Callable[[str], None] | None = None,
        rate: float = p.RATE,
        join_timeout: float = JOIN_TIMEOUT,
    ) -> None:
        levels = list(computers or [])
        if mode not in PLAYER_COUNTS:
            raise ValueError(_("unknown mode {mode!r}").format(mode=mode))
        if players not in PLAYER_COUNTS[mode]:
            raise ValueError(
                _("{mode} is played by {low} to {high} players").format(
                    mode=mode, low=min(PLAYER_COUNTS[mode]), high=max(PLAYER_COUNTS[mode])
                )
            )
        if len(levels) >= players:
            raise ValueError(_("at least one seat must be a person's"))
        self.mode = mode
        self.plan = [SeatPlan() for _n in range(players - len(levels))] + [
            SeatPlan(level=lv) for lv in levels
        ]
        self.seed = seed
        self.save_path = save_path
        self.seats_path = seats_path
        self.bot_delay = bot_delay
        self.offers_to_people = offers_to_people
        #: messages a second a connection may send (``protocol.RATE``; benchmarks raise it)
        self.rate = rate
        self.join_timeout = join_timeout
        self._bot_factory = bot_factory
        self.on_change = on_change or (lambda _line: None)
        self.session: Session | None = None
        self.hot: HotSeat | None = None
        #: sha256 of each seat's token (None: not given out)
        self.tokens: list[str | None] = [None] * players
        self.peers: set[_Peer] = set()
        self._bot_task: asyncio.Task[None] | None = None
        #: held from a move's check to its autosave: the next move waits, so a crash of the
        #: host loses at most the move whose save is being written
        self._lock = asyncio.Lock()
        self._bot_turn = -1
        self._bot_moves = 0
        self._bot_waits = -1
        #: the events of the actions played, with their seq (for a test's or a bench's eyes)
        self.played = 0

    @classmethod
    def resumed(
        cls,
        session: Session,
        *,
        save_path: Path | None = None,
        seats_path: Path | None = None,
        **kwargs: Any,
    ) -> GameHost:
        """The host of a saved game: seats as the save says, tokens from ``seats_path`` if kept."""
        from bohnanza_tui.seating.hotseat import seats_from

        seats = seats_from(session)
        host = cls(
            session.mode.value,
            len(seats),
            [],
            save_path=save_path,
            seats_path=seats_path,
            **kwargs,
        )
        host.plan = [SeatPlan(s.name, None if s.is_human else s.level) for s in seats]
        host.tokens = host._read_tokens(len(seats))
        host._begin(session)
        return host

    # -- seats ----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.session is not None

    def connected(self, seat: int) -> bool:
        return any(peer.seat == seat for peer in self.peers)

    def seat_infos(self) -> list[p.SeatInfo]:
        return [
            p.SeatInfo(
                name=plan.name or "",
                kind="human" if plan.is_human else "computer",
                taken=not plan.is_human or (plan.name is not None and self.tokens[i] is not None),
                connected=not plan.is_human or self.connected(i),
            )
            for i, plan in enumerate(self.plan)
        ]

    def _seat_of(self, token: str) -> int | None:
        digest = _digest(token)
        found = None
        for seat, known in enumerate(self.tokens):
            if known is not None and hmac.compare_digest(known, digest):
                found = seat
        return found

    def _give_token(self, seat: int) -> str:
        token = secrets.token_urlsafe(p.TOKEN_BYTES)
        self.tokens[seat] = _digest(token)
        self._write_tokens()
        return token

    def _read_tokens(self, n: int) -> list[str | None]:
        """The seats' token digests kept beside the autosave (none: seats are claimed by name)."""
        if self.seats_path is None:
            return [None] * n
        try:
            raw = json.loads(self.seats_path.read_text(encoding="utf-8")[:100_000])
        except (OSError, ValueError):
            return [None] * n
        tokens = raw.get("tokens") if isinstance(raw, dict) else None
        if (
            raw.get("format") != SEATS_FORMAT
            or not isinstance(tokens, list)
            or len(tokens) != n
            or not all(t is None or (isinstance(t, str) and len(t) == 64) for t in tokens)
        ):
            return [None] * n
        return list(tokens)

    def _write_tokens(self) -> None:
        if self.seats_path is None:
            return
        text = json.dumps({"format": SEATS_FORMAT, "version": 1, "tokens": self.tokens})
        try:
            self.seats_path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.seats_path.parent, suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, self.seats_path)
        except OSError as exc:
            self.on_change(_("can't keep the seats' tokens: {reason}").format(reason=exc))

    # -- the game ---------------------------------------------------------------------

    def _start(self) -> None:
        """Start the game with the seats taken (free people's seats are left out)."""
        from ..rules.save import OptionsRecord, Session
        from ..ui.screens.setup import DEFAULT_NAMES

        keep = [i for i, s in enumerate(self.plan) if not s.is_human or self.tokens[i] is not None]
        self.plan = [self.plan[i] for i in keep]
        self.tokens = [self.tokens[i] for i in keep]
        for peer in self.peers:
            if peer.seat is not None:
                peer.seat = keep.index(peer.seat)
        used = {s.name.casefold() for s in self.plan if s.name}
        free = (_(n) for n in DEFAULT_NAMES if _(n).casefold() not in used)
        for s in self.plan:
            if s.name is None:
                s.name = next(free)
        names = [s.name or "" for s in self.plan]
        session = Session.new(self.mode, names, self.seed)
        session.options = OptionsRecord(offers_to_people=self.offers_to_people)  # type: ignore[arg-type]
        self._write_tokens()
        self._begin(session)
        self._autosave()

    def _begin(self, session: Session) -> None:
        from bohnanza_tui.seating.hotseat import HotSeat, Seat, seat_record
        from bohnanza_tui.seating.seats import COMPUTER, default_bot_factory

        seats = [
            Seat(s.name or "") if s.is_human else Seat(s.name or "", COMPUTER, s.level or "basic")
            for s in self.plan
        ]
        session.seats = [seat_record(s) for s in seats]
        self.session = session
        factory = self._bot_factory or default_bot_factory()
        self.hot = HotSeat(session, seats, factory)
        self.played = len(session.log)
        self.on_change(_("The game has begun: {names}.").format(names=", ".join(session.names)))

    def _autosave(self) -> None:
        """Write the autosave now (the game's start, before anyone moves)."""
        if self.save_path is None or self.session is None:
            return
        from ..rules.save import dumps, write_text

        self._write(write_text, dumps(self.session))

    async def _autosave_soon(self) -> None:
        """Write the autosave in a thread (its fsync takes milliseconds): the views go first."""
        if self.save_path is None or self.session is None:
            return
        from ..rules.save import dumps, write_text

        text = dumps(self.session)
        await asyncio.to_thread(self._write, write_text, text)

    def _write(self, write: Callable[[str, Path], None], text: str) -> None:
        from ..rules.save import SaveError

        assert self.save_path is not None
        try:
            self.save_path.parent.mkdir(parents=True, exist_ok=True)
            write(text, self.save_path)
        except (SaveError, OSError) as exc:
            self.on_change(_("can't write the autosave: {reason}").format(reason=exc))

    def _play(self, action: Action) -> list[str]:
        """Play a checked action and return its log lines (the caller saves it)."""
        assert self.session is not None
        events = self.session.play(action)
        self.played = len(self.session.log)
        return [str(e) for e in events]

    def safe_check(self, action: Action) -> Refusal | None:
        """The engine's verdict; an action it can't even judge (it raised) is refused."""
        assert self.session is not None
        try:
            return check(self.session.state, action)
        except Exception:
            log.exception("check failed on %r", action)
            return Refusal(p.PROTOCOL_RULE, _("this action can't be read"), {})

    # -- sending ------------------------------------------------------------------------

    def _send(self, peer: _Peer, text: str | None) -> None:
        try:
            peer.queue.put_nowait(text)
        except asyncio.QueueFull:
            # too far behind: it rejoins and gets the latest view
            with contextlib.suppress(asyncio.QueueFull):
                peer.queue.get_nowait()
                peer.queue.put_nowait(None)

    def _refuse(self, peer: _Peer, reason: str, rule: str = p.PROTOCOL_RULE) -> None:
        peer.refusals += 1
        self._send(peer, p.encode(p.Refused(rule=rule, reason=reason)))

    def _update_for(
        self, seat: int, action: Action | None, events: list[str], infos: list[p.SeatInfo]
    ) -> str:
        assert self.session is not None
        return p.encode(
            p.Update(
                seq=len(self.session.log),
                view=p.view_data(view(self.session.state, seat)),
                action=None if action is None else to_dict(action),
                events=events,
                seats=infos,
            )
        )

    def broadcast(self, action: Action | None = None, events: list[str] | None = None) -> None:
        """Every connected seat gets its own view (the lobby before the game starts)."""
        infos = self.seat_infos()
        if self.session is None:
            text = p.encode(p.Lobby(mode=self.mode, seats=infos))  # type: ignore[arg-type]
            for peer in self.peers:
                self._send(peer, text)
            return
        made: dict[int, str] = {}
        for peer in self.peers:
            if peer.seat is None:
                continue
            if peer.seat not in made:
                made[peer.seat] = self._update_for(peer.seat, action, events or [], infos)
            self._send(peer, made[peer.seat])

    # -- one connection ----------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        if len(self.peers) >= MAX_CONNECTIONS:
            reason = _("this host serves {n} connections at most").format(n=MAX_CONNECTIONS)
            with contextlib.suppress(Exception):
                await ws.send(p.encode(p.Refused(rule=p.PROTOCOL_RULE, reason=reason)))
                await ws.close(1013)
            return
        peer = _Peer(ws, rate=self.rate, burst=max(float(p.BURST), self.rate * 2))
        peer.allowance = peer.burst
        self.peers.add(peer)
        writer = asyncio.create_task(self._writer(peer))
        expiry = asyncio.get_running_loop().call_later(self.join_timeout, self._expire, peer)
        try:
            async for message in ws:
                if peer.refusals >= p.MAX_REFUSALS:
                    continue  # closing (the writer closes it): what comes meanwhile is read, unused
                if not peer.spend():
                    self._refuse(
                        peer, _("too many messages: at most {n} a second").format(n=int(self.rate))
                    )
                else:
                    await self.receive(peer, message)
                if peer.refusals >= p.MAX_REFUSALS:
                    self._send(peer, None)
        except Exception as exc:  # a connection's end, clean or not, is the same to the game
            if not _is_closed(exc):
                log.exception("connection failed")
        finally:
            expiry.cancel()
            self.peers.discard(peer)
            if peer.seat is not None:
                self.broadcast()
            with contextlib.suppress(asyncio.QueueFull):
                peer.queue.put_nowait(None)
            await asyncio.wait([writer], timeout=1.0)
            writer.cancel()

    def _expire(self, peer: _Peer) -> None:
        """A connection that took no seat in time is closed (it held a place of the few)."""
        if peer.seat is None and peer in self.peers:
            self._refuse(
                peer,
                _("no seat was taken within {n} seconds").format(n=int(self.join_timeout)),
            )
            self._send(peer, None)

    async def _writer(self, peer: _Peer) -> None:
        with contextlib.suppress(Exception):
            while True:
                text = await peer.queue.get()
                if text is None:
                    await peer.ws.close()
                    return
                await peer.ws.send(text)

    async def receive(self, peer: _Peer, text: str | bytes) -> None:
        """Handle one message of ``peer``: every failure is a ``refused`` back, nothing else."""
        try:
            message = p.parse_client(text)
            if isinstance(message, p.Join | p.Rejoin):
                self._join(peer, message)
                return
            seat = self._seat_of(message.token)
            if seat is None:
                raise p.BadMessage(_("this token holds no seat: join first"))
            if peer.seat != seat:
                raise p.BadMessage(_("this connection does not hold that seat"))
            if isinstance(message, p.Start):
                self._start_now()
            else:
                await self._act(peer, seat, p.action_of(message))
        except p.BadMessage as exc:
            self._refuse(peer, str(exc))

    def _join(self, peer: _Peer, message: p.Join | p.Rejoin) -> None:
        if message.version != p.VERSION:
            raise p.BadMessage(
                _("this host speaks version {v} of the protocol").format(v=p.VERSION)
            )
        if peer.seat is not None:
            raise p.BadMessage(_("this connection holds a seat already"))
        if isinstance(message, p.Rejoin):
            seat = self._seat_of(message.token)
            if seat is None:
                raise p.BadMessage(_("this token holds no seat here"))
            token = message.token
            for other in [q for q in self.peers if q.seat == seat]:
                other.seat = None  # the old connection of a dropped client: closed
                self._send(
                    other,
                    p.encode(
                        p.Refused(
                            rule=p.PROTOCOL_RULE,
                            reason=_("this seat was taken back by a new connection with its token"),
                        )
                    ),
                )
                self._send(other, None)
        else:
            seat, token = self._claim(message.name)
        peer.seat = seat
        name = self.plan[seat].name or ""
        self._send(peer, p.encode(p.Welcome(seat=seat, name=name, token=token)))
        self.on_change(_("{name} sits at seat {n}.").format(name=name, n=seat + 1))
        if not self.started and all(
            self.tokens[i] is not None for i, s in enumerate(self.plan) if s.is_human
        ):
            self._start_now()
            return
        self.broadcast()

    def _claim(self, name: str) -> tuple[int, str]:
        """The seat a ``join`` under ``name`` gets, and its new token; raises ``BadMessage``."""
        folded = name.casefold()
        for i, s in enumerate(self.plan):
            if s.name is not None and s.name.casefold() == folded:
                if not s.is_human:
                    raise p.BadMessage(_("{name} is a computer player here").format(name=s.name))
                if self.tokens[i] is not None:
                    raise p.BadMessage(
                        _("{name}'s seat is taken: rejoin with its token").format(name=s.name)
                    )
                return i, self._give_token(i)
        if self.started:
            raise p.BadMessage(
                _("the game has begun and has no seat named {name}").format(name=name)
            )
        for i, s in enumerate(self.plan):
            if s.is_human and self.tokens[i] is None:
                s.name = name
                return i, self._give_token(i)
        raise p.BadMessage(_("every seat is taken"))

    def start_now(self) -> None:
        """Start with the seats taken (a seated player's ``start``, or Enter on the host's
        terminal); raises ``BadMessage`` saying why not."""
        self._start_now()

    def _start_now(self) -> None:
        if self.started:
            raise p.BadMessage(_("the game has begun already"))
        count = sum(1 for i, s in enumerate(self.plan) if not s.is_human or self.tokens[i])
        if count not in PLAYER_COUNTS[self.mode]:
            raise p.BadMessage(
                ngettext(
                    "{mode} needs {low} to {high} players; {n} is seated",
                    "{mode} needs {low} to {high} players; {n} are seated",
                    count,
                ).format(
                    mode=self.mode,
                    low=min(PLAYER_COUNTS[self.mode]),
                    high=max(PLAYER_COUNTS[self.mode]),
                    n=count,
                )
            )
        self._start()
        self.broadcast()
        self.kick_bots()

    async def _act(self, peer: _Peer, seat: int, action: Action) -> None:
        if self.session is None:
            raise p.BadMessage(_("the game has not begun"))
        if action.player != seat:
            raise p.BadMessage(
                _("you play seat {seat} ({name}): an action for another seat is refused").format(
                    seat=seat, name=self.plan[seat].name
                )
            )
        async with self._lock:  # checked against the position it is played on
            refusal = self.safe_check(action)
            if refusal is not None:
                self._refuse(peer, refusal.reason, refusal.rule)
                return
            peer.refusals = 0
            events = self._play(action)
            self.broadcast(action, events)
            await self._autosave_soon()
        self.kick_bots()

    # -- the computer players -----------------------------------------------------------

    def kick_bots(self) -> None:
        """Let the computer players move, if it is their turn (one task at a time)."""
        idle = self._bot_task is None or self._bot_task.done()
        if idle and self._bot_to_move() is not None:
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    def _bot_to_move(self) -> int | None:
        hs, session = self.hot, self.session
        if hs is None or session is None or session.state.over:
            return None
        state = session.state
        for seat in pending_players(state):
            if hs.is_human(seat):
                continue
            if (
                state.phase is Phase.TRADE
                and seat == state.active
                and self._bot_waits == state.turn
                and any(awaiting(state, h) for h in hs.humans)
            ):
                continue  # it ends trading once the people have answered its offers
            return seat
        return None

    async def _run_bots(self) -> None:
        hs = self.hot
        assert hs is not None and self.session is not None
        while (actor := self._bot_to_move()) is not None:
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            else:
                await asyncio.sleep(0)  # the people's messages go first
            if self._bot_to_move() != actor:
                continue
            state = self.session.state
            if self._bot_turn != state.turn:
                self._bot_turn, self._bot_moves = state.turn, 0
            self._bot_moves += 1
            seq = len(self.session.log)
            try:
                action = await self._bot_choice(hs, actor)
            except Exception:
                log.exception("the computer player of seat %d failed", actor + 1)
                from bohnanza_tui.seating.hotseat import fallback_action

                action = fallback_action(self.session.state, actor)
            async with self._lock:
                if len(self.session.log) != seq:
                    continue  # a person moved meanwhile: ask again
                if hs.hold_back(actor, action):
                    if isinstance(action, EndPhase):
                        self._bot_waits = state.turn
                    continue
                try:
                    events = self._play(action)
                except IllegalAction:
                    continue
                self.broadcast(action, events)
                await self._autosave_soon()

    async def _bot_choice(self, hs: HotSeat, actor: int) -> Action:
        from bohnanza_tui.seating.hotseat import ask_bot, fallback_action

        assert self.session is not None
        state = self.session.state
        if self._bot_moves > BOT_ACTIONS_PER_TURN:
            return fallback_action(state, actor)
        if hs.thinks_long(actor):
            chosen = await asyncio.to_thread(ask_bot, hs.bot_for(actor), view(state, actor), actor)
            return hs.settle(actor, chosen)
        return hs.bot_action(actor)

    # -- serving ---------------------------------------------------------------------------

    async def serve(self, host: str = "127.0.0.1", port: int = 8765) -> Server:
        """Start serving (``port`` 0: a free port, see ``port_of``); the caller closes the server."""
        from websockets.asyncio.server import serve

        server = await serve(
            self.handler,
            host,
            port,
            max_size=p.MAX_FRAME,
            max_queue=16,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
        )
        self.kick_bots()
        return server

    async def stop(self) -> None:
        """End the computer players' task, once the last move's autosave is written (the
        server is closed by its owner)."""
        async with self._lock:
            if self._bot_task is not None:
                self._bot_task.cancel()
        if self._bot_task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


def _is_closed(exc: BaseException) -> bool:
    from websockets.exceptions import ConnectionClosed

    return isinstance(exc, ConnectionClosed | ConnectionError)


def port_of(server: Server) -> int:
    """The port a server listens on (the one picked for port 0)."""
    for sock in server.sockets:
        return int(sock.getsockname()[1])
    raise RuntimeError("the server has no socket")


__all__ = ["GameHost", "port_of"]


def start_from_console(host: GameHost, say: Callable[[str], None]) -> None:
    """The host's operator pressed Enter: start with the seats taken, or say why not."""
    if host.started:
        return
    try:
        host.start_now()
    except p.BadMessage as exc:
        say(str(exc))


def _console_start(host: GameHost, say: Callable[[str], None]) -> bool:
    """Let Enter on the host's terminal start the game; False where it can't (no terminal,
    or an event loop that can't watch standard input, as on Windows)."""
    try:
        if not sys.stdin.isatty():
            return False
        loop = asyncio.get_running_loop()

        def line() -> None:
            sys.stdin.readline()
            start_from_console(host, say)

        loop.add_reader(sys.stdin.fileno(), line)
    except (NotImplementedError, OSError, ValueError, AttributeError):
        return False
    return True


def default_save_path() -> Path:
    """The host's autosave: ``host.json`` beside the app's autosave (its seats file beside it)."""
    from ..resources import autosave_path

    return autosave_path().with_name("host.json")


def seats_path_for(save: Path) -> Path:
    return save.with_name(save.stem + "-seats.json")


def run(
    address: str,
    port: int,
    *,
    mode: str,
    players: int,
    computers: list[str],
    seed: int | None,
    resume: bool,
    save: Path | None,
    bot_delay: float,
    say: Callable[[str], None],
) -> None:
    """``bohnanza host``: serve until interrupted (Ctrl+C raises KeyboardInterrupt out of here).

    Raises ``ValueError`` for settings the game can't have, ``SaveError`` for a bad
    autosave, ``OSError`` when it can't serve at that address.
    """
    save = save or default_save_path()
    seats = seats_path_for(save)
    if resume:
        from ..rules.save import load_file

        session = load_file(save)
        host = GameHost.resumed(
            session, save_path=save, seats_path=seats, bot_delay=bot_delay, on_change=say
        )
    else:
        host = GameHost(
            mode,
            players,
            computers,
            seed=seed,
            save_path=save,
            seats_path=seats,
            bot_delay=bot_delay,
            on_change=say,
        )

    async def main() -> None:
        server = await host.serve(address, port)
        shown = f"[{address}]" if ":" in address else address
        say(
            _(
                "Hosting at {host} port {port}. Players join with: bohnanza join {where} --name NAME"
            ).format(host=address, port=port_of(server), where=f"{shown}:{port_of(server)}")
        )
        console = _console_start(host, say) if not host.started else False
        if not host.started:
            humans = sum(1 for s in host.plan if s.is_human)
            say(
                ngettext(
                    "Waiting for {n} person to join.", "Waiting for {n} people to join.", humans
                ).format(n=humans)
            )
            if console:
                say(_("Press Enter here to start with the seats taken."))
        try:
            await server.serve_forever()
        finally:
            if console:
                with contextlib.suppress(Exception):
                    asyncio.get_running_loop().remove_reader(sys.stdin.fileno())
            server.close()
            await host.stop()

    asyncio.run(main())
