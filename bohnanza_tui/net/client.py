"""A client of ``bohnanza host`` without a screen: one seat, its view, its refusals.

The Textual client (``ui/netplay.py``), the tests and the benchmark all play
through it. It sends the core's actions and keeps what the host says: the
latest view of the game (``state``, a ``GameState`` whose hidden cards are
``-1``), the seats, the log lines, and the refusals of its own messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..rules.actions import Action
from ..rules.state import GameState
from . import protocol as p

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection


class HostGone(ConnectionError):
    """The connection to the host closed, or never opened; ``str`` says why."""


def url_of(address: str) -> str:
    """``HOST:PORT`` (or ``[::1]:PORT``, or a ws:// URL) as the websocket URL."""
    if address.startswith(("ws://", "wss://")):
        return address
    return f"ws://{address}/"


class NetClient:
    """One seat's connection. ``await connect()``, then ``join``/``rejoin``, then ``act``."""

    def __init__(self, address: str, on_message: Callable[[Any], None] | None = None) -> None:
        self.url = url_of(address)
        self.ws: ClientConnection | None = None
        self.seat: int | None = None
        self.name: str | None = None
        self.token: str | None = None
        self.state: GameState | None = None
        self.seq = -1
        self.seats: list[p.SeatInfo] = []
        self.log: list[str] = []
        self.refusals: list[p.Refused] = []
        self.closed_reason: str | None = None
        self.on_message = on_message
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, timeout: float = 5.0) -> None:
        from websockets.asyncio.client import connect

        try:
            self.ws = await asyncio.wait_for(
                connect(
                    self.url,
                    max_size=p.MAX_HOST_MESSAGE,
                    compression=None,
                    open_timeout=timeout,
                    ping_interval=20,
                    ping_timeout=20,
                ),
                timeout,
            )
        except (OSError, TimeoutError, ValueError) as exc:
            raise HostGone(
                _("can't reach the host at {url}: {reason}").format(url=self.url, reason=exc)
            ) from exc
        except Exception as exc:  # the handshake failed (not a game host)
            raise HostGone(
                _("can't reach the host at {url}: {reason}").format(url=self.url, reason=exc)
            ) from exc
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for text in self.ws:
                try:
                    message = p.parse_host(text)
                    self._take(message)
                except p.BadMessage as exc:
                    self.closed_reason = str(exc)
                    break
                if self.on_message is not None:
                    self.on_message(message)
                self._changed.set()
        except Exception as exc:
            self.closed_reason = self.closed_reason or str(exc)
        finally:
            if self.closed_reason is None:
                self.closed_reason = _("the host closed the connection")
            self._changed.set()
            if self.on_message is not None:
                self.on_message(None)

    def _take(self, message: p.Welcome | p.Lobby | p.Update | p.Refused) -> None:
        if isinstance(message, p.Welcome):
            self.seat, self.name, self.token = message.seat, message.name, message.token
        elif isinstance(message, p.Lobby):
            self.seats = list(message.seats)
        elif isinstance(message, p.Update):
            self.state = p.view_of(message.view)
            self.seq = message.seq
            self.seats = list(message.seats)
            self.log.extend(message.events)
        else:
            self.refusals.append(message)

    @property
    def connected(self) -> bool:
        return self.ws is not None and self.closed_reason is None

    async def send_text(self, text: str) -> None:
        """Send a raw text frame (the tests send junk with it)."""
        if self.ws is None:
            raise HostGone(_("not connected"))
        try:
            await self.ws.send(text)
        except Exception as exc:
            raise HostGone(str(exc)) from exc

    async def join(self, name: str, timeout: float = 5.0) -> int:
        """Take a seat under ``name``; returns the seat, or raises ``Refused``'s reason as ValueError."""
        await self.send_text(json.dumps({"type": "join", "version": p.VERSION, "name": name}))
        return await self._welcomed(timeout)

    async def rejoin(self, token: str, timeout: float = 5.0) -> int:
        await self.send_text(json.dumps({"type": "rejoin", "version": p.VERSION, "token": token}))
        return await self._welcomed(timeout)

    async def _welcomed(self, timeout: float) -> int:
        refused = len(self.refusals)
        self.seat = None
        await self.wait_for(lambda: self.seat is not None or len(self.refusals) > refused, timeout)
        if self.seat is None:
            raise ValueError(self.refusals[-1].reason)
        return self.seat

    async def act(self, action: Action) -> None:
        if self.token is None:
            raise HostGone(_("join first"))
        await self.send_text(p.act(self.token, action))

    async def start(self) -> None:
        if self.token is None:
            raise HostGone(_("join first"))
        await self.send_text(json.dumps({"type": "start", "token": self.token}))

    async def wait_for(self, ready: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait until ``ready()`` holds (checked at every message); raises TimeoutError, HostGone."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not ready():
            if self.closed_reason is not None:
                raise HostGone(self.closed_reason)
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._reader, 2.0)


__all__ = ["HostGone", "NetClient", "url_of"]
