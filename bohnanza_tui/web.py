"""``bohnanza serve``: the app in a web browser, through textual-serve.

Each browser page that connects starts its own ``bohnanza`` process (the same app as in a
terminal, with Textual's web driver), which textual-serve's ``AppService`` runs and
connects to the page's websocket; the page draws the terminal with xterm.js. The game's
files are the terminal app's: the autosave, the remembered settings, saves by path.

What arrives from a browser is checked where it enters (``handle_websocket``):

- the page and its websocket are served to this server's own address only: a page
  elsewhere can't drive a game here through the visitor's browser (its ``Origin`` is
  refused), nor a name that merely resolves to this machine (its ``Host``, on loopback);
- the terminal sizes are bounded, the messages too (``MAX_MESSAGE``), and a message
  that is not one of textual-serve's is dropped;
- at most ``MAX_SESSIONS`` games run at once (each is a process).

textual-serve's own page is replaced by ``assets/web/app_index.html``: the same, without
fonts from the internet, with the game's title and texts in its language.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import shlex
import signal
import socket
import subprocess
import sys
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from bohnanza_tui.i18n import _, current_language
from bohnanza_tui.resources import assets_path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: games (processes) at once; one more connection is refused until one ends
MAX_SESSIONS = 16
#: a terminal's size in cells, as a page may ask for it
MAX_COLUMNS = 1000
MAX_ROWS = 500
#: bytes of one websocket message from a page (a key, a paste, a resize)
MAX_MESSAGE = 64 * 1024
#: seconds a game's process has to quit once its page is gone
QUIT_WAIT = 10.0
#: the page's font size (px), as its ``?fontsize=`` may ask for it
FONT_SIZES = range(6, 49)

log = logging.getLogger("bohnanza.serve")

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine's loopback interface only."""
    if host.lower() in LOOPBACK_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    """Whether ``host`` means every interface (``0.0.0.0``, ``::``)."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return host == ""


def app_command(lang: str | None = None, join: str | None = None) -> str:
    """The shell command textual-serve runs for each page: this Python's ``bohnanza``.

    ``-P``: the installed package, not a ``bohnanza_tui`` folder where the server was
    started. ``lang``: the language given to ``bohnanza serve --lang`` (without it, each
    game starts in the remembered language, as ``bohnanza`` does). ``join``: the
    ``HOST:PORT`` of a ``bohnanza host`` that each page joins (``bohnanza join``, which
    asks the page's player for a name), instead of a game of its own.
    """
    argv = [sys.executable, "-P", "-m", "bohnanza_tui"]
    if lang:
        argv += ["--lang", lang]
    if join:
        argv += ["join", join]
    # textual-serve hands it to the shell: quoted as the shell of this system reads it
    return subprocess.list2cmdline(argv) if os.name == "nt" else shlex.join(argv)


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _size(value: object, default: int, largest: int) -> int:
    """A terminal dimension from a page: a whole number, within 1..``largest``."""
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            return default
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    return max(1, min(value, largest))


class GameServer(Server):
    """textual-serve's server, serving the game to this machine (or the network, if asked)."""

    def __init__(
        self, host: str, port: int, lang: str | None = None, join: str | None = None
    ) -> None:
        super().__init__(
            app_command(lang, join),
            host=host,
            port=port,
            title="Bohnanza",
            templates_path=assets_path() / "web",
        )
        self.sessions = 0
        #: the pages connected now (closed when the server stops)
        self.pages: set[web.WebSocketResponse] = set()

    # -- the console -----------------------------------------------------------------

    def initialize_logging(self) -> None:
        """One plain line per event on the console: no request log, no tracebacks
        (a page's bad message is its problem, not the server's)."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        handler.addFilter(_one_line)
        for name in ("textual-serve", "bohnanza.serve", "aiohttp"):
            logger = logging.getLogger(name)
            logger.handlers[:] = [handler]
            logger.propagate = False
            logger.setLevel(logging.DEBUG if self.debug else logging.WARNING)
        log.setLevel(logging.INFO)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    @property
    def url(self) -> str:
        """The address to open in a browser."""
        host = socket.gethostname() if is_wildcard(self.host) else self.host
        return f"http://{_url_host(host)}:{self.port}/"

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C or SIGTERM; raises OSError if it can't listen at its address.

        textual-serve's ``serve``, but saying where it serves once it listens there.
        """
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signum, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=lambda _message: self.started(),
        )

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: every page is told the server goes away, so its game quits (and saves)
        at once; aiohttp would wait for the pages to close by themselves first."""
        await asyncio.gather(
            *(page.close(code=WSCloseCode.GOING_AWAY) for page in list(self.pages)),
            return_exceptions=True,
        )

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints its banner here, before it listens: ``started`` says it.)"""

    def started(self) -> None:
        """It listens: where to point the browser."""
        print(
            _("Bohnanza is served at {url} — open it in a web browser. Ctrl+C stops it.").format(
                url=self.url
            ),
            flush=True,
        )
        if not is_loopback(self.host):
            print(
                _(
                    "Warning: {host} is reachable from other computers. Whoever opens the "
                    "page plays as you on this computer: the game can load and save files "
                    "wherever you can."
                ).format(host=self.host),
                flush=True,
            )

    # -- what a browser sends --------------------------------------------------------

    def _refusal(self, request: web.Request) -> str | None:
        """Why a request is not served, if it isn't: a page of another site (its
        ``Origin``), or a name other than this server's (its ``Host``, on loopback)."""
        host = request.host
        try:
            name = urlsplit(f"//{host}").hostname or ""
        except ValueError:
            return "Host"
        if is_loopback(self.host) and not is_loopback(name):
            return "Host"
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"{request.scheme}://{host}":
            return "Origin"
        return None

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page, with the websocket's address as the browser reached this server."""
        if self._refusal(request):
            raise web.HTTPForbidden(text=_("This server serves its own page only."))
        try:
            font_size = int(request.query.get("fontsize", "16"))
        except ValueError:
            font_size = 16
        if font_size not in FONT_SIZES:
            font_size = 16
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "lang": current_language().split("_")[0],
            "title": self.title,
            "static_url": "/static/",
            "websocket_url": f"{scheme}://{request.host}/ws",
            "font_size": font_size,
            "starting": _("Bohnanza is starting…"),
            "start": _("Start"),
            "ended": _("The game has closed."),
            "restart": _("Start again"),
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A page's terminal: one game process, fed what the page sends, in bounds."""
        refusal = self._refusal(request)
        if refusal:
            log.warning(
                "%s",
                _("A page was refused: its {header} is not this server's.").format(header=refusal),
            )
            raise web.HTTPForbidden(text=_("This server serves its own page only."))
        if self.sessions >= MAX_SESSIONS:
            raise web.HTTPServiceUnavailable(
                text=_("{n} games are running here already.").format(n=MAX_SESSIONS)
            )
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width = _size(request.query.get("width"), 80, MAX_COLUMNS)
        height = _size(request.query.get("height"), 24, MAX_ROWS)
        self.sessions += 1
        service: AppService | None = None

        async def close() -> None:  # the game quit: the page says so
            await websocket.close()

        try:
            await websocket.prepare(request)
            self.pages.add(websocket)
            service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await service.start(width, height)
            await self._relay(websocket, service)
        except (asyncio.CancelledError, ConnectionError):
            pass
        except OSError as exc:  # the game's process could not start
            log.warning("%s", _("A game could not start: {reason}").format(reason=exc))
        finally:
            if service is not None:
                await service.stop()
                await _ended(service)
            await websocket.close()
            self.pages.discard(websocket)
            self.sessions -= 1
        return websocket

    async def _relay(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """textual-serve's messages from the page to the game; anything else is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await service.set_terminal_size(
                    _size(data.get("width"), 80, MAX_COLUMNS),
                    _size(data.get("height"), 24, MAX_ROWS),
                )
            elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


async def _ended(service: AppService) -> None:
    """Wait for the game's process to end after textual-serve asked it to quit (it saves
    first); one that hasn't ended after ``QUIT_WAIT`` seconds is killed, not left behind."""
    process: asyncio.subprocess.Process | None = getattr(service, "_process", None)
    if process is None:
        return
    try:
        await asyncio.wait_for(process.wait(), QUIT_WAIT)
    except TimeoutError:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


def _one_line(record: logging.LogRecord) -> bool:
    """A log record without its traceback (its message says what went wrong)."""
    record.exc_info = record.exc_text = record.stack_info = None
    return True


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    lang: str | None = None,
    join: str | None = None,
) -> None:
    """Serve the game until Ctrl+C (or SIGTERM); raises OSError if it can't listen there.

    ``join``: each page joins the game of the ``bohnanza host`` at that ``HOST:PORT``."""
    GameServer(host, port, lang, join).serve()
