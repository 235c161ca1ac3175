"""``bohnanza join``: the app for one seat of a game that ``bohnanza host`` holds.

The table is the app's own (``TableScreen``, its dialogs and keys), fed by the
host's views instead of a local session: ``NetSeat`` stands where ``HotSeat``
stands, its holder always the local seat, so no privacy screen ever shows. A
key's action is checked on the view (the same ``check`` the app labels its
options with) and sent to the host, whose rules core decides; the table
redraws when the host's update comes back, for this seat's moves and everyone
else's alike. A dropped connection is taken up again with the seat's token.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import Collection
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input, Static

from bohnanza_tui.i18n import N_, _, ngettext
from bohnanza_tui.net import protocol as p
from bohnanza_tui.net.client import HostGone, NetClient
from bohnanza_tui.rules import (
    Action,
    GameState,
    check,
    from_dict,
    legal_actions,
    next_to_act,
    pending_players,
)
from bohnanza_tui.rules.limits import MAX_NAME, name_problem
from bohnanza_tui.rules.outcome import Refusal
from bohnanza_tui.rules.session import UNDO_RULE
from bohnanza_tui.seating.seats import Keyboard, Seat

from .app import BohnanzaApp
from .screens.table import TableScreen
from .widgets import EventLog

#: seconds between attempts to reach the host again after a drop, and how many attempts
RECONNECT_EVERY = 1.0
RECONNECT_TRIES = 120

_NO_UNDO = N_("in a game over the network a move can't be taken back")


class NetSession:
    """What the table reads of a session: the actions seen played, and no undo."""

    def __init__(self) -> None:
        self.log: list[Action] = []

    def can_undo(self, player: int | None = None, computers: Collection[int] = ()) -> Refusal:
        return Refusal(UNDO_RULE, _NO_UNDO, {})

    undo_depth = can_undo


class NetSeat(Keyboard):
    """``HotSeat``'s part that the table reads, for one seat whose view comes from the host.

    The keyboard is this seat's for good (``holder``): nothing is hidden, handed over,
    nor planted or answered for anyone else here (the other seats have screens of their own).
    """

    shared = False

    def __init__(self, client: NetClient) -> None:
        from bohnanza_tui.rules.save import OptionsRecord

        self.client = client
        self.session = NetSession()
        self.options = OptionsRecord(hints=False)
        assert client.seat is not None
        self.seat: int = client.seat
        self.holder = self.seat
        self.seats = [Seat(s.name, s.kind) for s in client.seats]

    @property
    def state(self) -> GameState:
        state = self.client.state
        assert state is not None
        return state

    def next_actor(self) -> int | None:
        """This seat when the game waits for it, else the player it waits for first."""
        state = self.state
        if state.over:
            return None
        if self.seat in pending_players(state):
            return self.seat
        return next_to_act(state)

    def viewer(self) -> int:
        return self.seat

    def game_view(self) -> GameState:
        return self.state

    def game_view_of(self, player: int) -> GameState:
        return self.state  # the only view this client has

    def legal(self, player: int | None = None) -> list[Action]:
        if self.state.over:
            return []
        return legal_actions(self.state, self.seat)

    def on_call(self, person: int) -> bool:
        return False

    def on_call_people(self) -> list[int]:
        return []

    def needs_pass(self, player: int) -> bool:
        return False

    def reveal(self, player: int) -> None:
        pass


class NetTableScreen(TableScreen):
    """The table for one seat: actions go to the host; the host's updates redraw it."""

    def __init__(self, seat: NetSeat, app: JoinApp) -> None:
        super().__init__(seat, app)  # type: ignore[arg-type]
        self.net = seat
        self.join_app = app

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("harvest_other", "hint", "hint_off", "undo"):
            return False  # each harvests on their own screen; no hints, no undo over the network
        return super().check_action(action, parameters)

    def play(self, action: Action, *, quiet: bool = False) -> bool:
        """Send ``action`` to the host if the view's ``check`` allows it (the host has the last word)."""
        refusal = check(self.net.state, action)
        if refusal is not None:
            self.query_one(EventLog).add_refusal(str(refusal))
            if not quiet:
                self.notify(str(refusal), title=_("Not allowed"), severity="warning", markup=False)
            self.refresh_bindings()
            return False
        self.join_app.send(action)
        return True

    def play_all(self, actions: list[Action], *, noted: bool = True) -> int:
        for action in actions:
            self.join_app.send(action)
        return len(actions)

    def advance(self) -> None:
        """Show the new view; open what this seat must answer now. No hand-over, ever."""
        self._generation += 1
        self.refresh_table()
        if self.net.state.over:
            self.join_app.show_end()
            return
        if self.net.seat in pending_players(self.net.state):
            self._auto_dialog(self.net.seat)

    def _bidders(self, exclude_holder: bool = False) -> list[int]:
        """Only this seat bids from this screen (R-BASE-8: not the active player)."""
        seat = self.net.seat
        bidders = super()._bidders(exclude_holder)
        return [seat] if seat in bidders else []

    def on_mount(self) -> None:
        self.call_after_refresh(self.join_app.table_ready)


class LobbyScreen(Screen[None]):
    """While connecting and before the game starts: who sits where (and, for a join
    without ``--name``, the name to sit under)."""

    BINDINGS = [Binding("s", "start", N_("Start now"))]

    def compose(self) -> ComposeResult:
        yield Static(_("Connecting…"), id="lobby-text")
        name = Input(placeholder=_("your name at the table"), max_length=MAX_NAME, id="lobby-name")
        name.display = False
        yield name

    def show(self, text: str) -> None:
        self.query_one("#lobby-text", Static).update(text)

    def ask_name(self, text: str) -> None:
        """Show ``text`` and the name field (focused)."""
        self.show(text)
        field = self.query_one("#lobby-name", Input)
        field.display = True
        field.focus()

    @on(Input.Submitted, "#lobby-name")
    def _named(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        problem = name_problem([name])
        app = self.app
        if problem:
            self.ask_name(problem[:1].upper() + problem[1:] + ".")
        elif isinstance(app, JoinApp):
            self.query_one("#lobby-name", Input).display = False
            app.join_as(name)

    def action_start(self) -> None:
        app = self.app
        if isinstance(app, JoinApp):
            app.start_now()


class JoinApp(BohnanzaApp):
    """The app for one seat at a host's table (``bohnanza join``)."""

    COMMANDS = App.COMMANDS

    def __init__(self, address: str, name: str | None = None) -> None:
        super().__init__(bot_factory=None, autosave=None)
        self.address = address
        self.player_name = name
        self.client: NetClient | None = None
        self.netseat: NetSeat | None = None
        self.table: NetTableScreen | None = None
        self.lobby = LobbyScreen()
        self.token: str | None = None
        self._leaving = False
        self._reconnecting = False
        self._table_ready = False
        #: log lines that came before the table could show them
        self._unshown: list[str] = []
        #: the number of moves the table showed at its last refresh (tests, benchmarks)
        self.shown_seq = -1
        #: why the app closed by itself (the host refused us, or went away for good)
        self.problem: str | None = None

    def get_default_screen(self) -> Screen[Any]:
        return self.lobby

    def on_mount(self) -> None:
        self.run_worker(self._connect(), exclusive=True, group="net")

    async def _connect(self) -> None:
        client = NetClient(self.address, on_message=self._from_host)
        self.lobby.show(_("Connecting to {address}…").format(address=self.address))
        try:
            await client.connect()
        except HostGone as exc:
            self.problem = str(exc)
            self.exit(1)
            return
        self.client = client  # the lobby comes with the welcome
        if self.player_name:
            await self._join(self.player_name, again=False)
        else:
            self.lobby.ask_name(
                _("A game at {address}. Your name at the table:").format(address=self.address)
            )

    def join_as(self, name: str) -> None:
        """Sit down under ``name`` (typed in the lobby); a refusal asks again."""
        self.player_name = name
        self.run_worker(self._join(name, again=True), exclusive=True, group="net")

    async def _join(self, name: str, *, again: bool) -> None:
        client = self.client
        assert client is not None
        try:
            await client.join(name)
        except ValueError as exc:  # refused: the name is taken, or the game is full
            if again:
                self.lobby.ask_name(str(exc)[:1].upper() + str(exc)[1:] + ".")
                return
            self.problem = str(exc)
        except (HostGone, TimeoutError) as exc:
            self.problem = str(exc) or _("the host did not answer")
        if self.problem:
            self.client = None
            await client.close()
            self.exit(1)
            return
        self.token = client.token
        self._show_lobby()

    def _from_host(self, message: Any) -> None:
        """The client's reader saw a message (None: the connection closed)."""
        self.call_later(self._take, message)

    def _take(self, message: Any) -> None:
        if self._leaving or not self.is_running:
            return  # closing: the table may be gone already
        if message is None:
            self._dropped()
        elif isinstance(message, p.Lobby):
            self._show_lobby()
        elif isinstance(message, p.Update):
            self._update(message)
        elif isinstance(message, p.Refused):
            self._refused(message)

    def _show_lobby(self) -> None:
        client = self.client
        if client is None:
            return
        lines = [_("Waiting at {address} for the game to begin.").format(address=self.address)]
        for i, seat in enumerate(client.seats):
            if seat.kind == "computer":
                who = _("a computer player")
            elif seat.taken:
                who = seat.name
            else:
                who = _("a free seat")
            lines.append(f"  {i + 1}. {who}")
        taken = sum(1 for s in client.seats if s.taken)
        lines.append("")
        lines.append(
            ngettext(
                "{n} seat taken. The game starts when every seat is, or press s to start now.",
                "{n} seats taken. The game starts when every seat is, or press s to start now.",
                taken,
            ).format(n=taken)
        )
        self.lobby.show("\n".join(lines))

    def _update(self, message: p.Update) -> None:
        client = self.client
        if client is None or client.state is None:
            return
        if self.netseat is None or self.table is None:
            self.netseat = NetSeat(client)
            self.table = NetTableScreen(self.netseat, self)
            self.push_screen(self.table)  # it calls table_ready once mounted
            return
        self.netseat.client = client
        if message.action is not None:
            with contextlib.suppress(ValueError):  # the host's; a client can't mend it
                self.netseat.session.log.append(from_dict(message.action))
        self._record_coins()
        self._unshown += message.events
        if self._table_ready:
            self._show()

    def table_ready(self) -> None:
        """The table is mounted: show the latest view (updates may have come meanwhile)."""
        self._table_ready = True
        self._record_coins()
        self._show()

    def _show(self) -> None:
        table, client = self.table, self.client
        if table is None or client is None:
            return
        if self._unshown:
            table.query_one(EventLog).add_events(self._unshown)
            self._unshown = []
        table.advance()
        self.call_after_refresh(self._drawn, client.seq)

    def _drawn(self, seq: int) -> None:
        self.shown_seq = max(self.shown_seq, seq)

    def _refused(self, message: p.Refused) -> None:
        text = f"{message.rule}: {message.reason}"
        if self.table is not None:
            self.table.query_one(EventLog).add_refusal(text)
        shown = self if self.table is None else self.table  # (the table's notice line)
        shown.notify(text, title=_("Not allowed"), severity="warning", markup=False)

    def _record_coins(self) -> None:
        if self.netseat is None:
            return
        state = self.netseat.state
        coins = [len(pl.coins) for pl in state.players]
        if len(self.coin_history) < state.turn or state.over:
            self.coin_history.append(coins)
        else:
            self.coin_history[state.turn - 1] = coins

    # -- the connection ---------------------------------------------------------------------

    def send(self, action: Action) -> None:
        client = self.client
        if client is None or not client.connected:
            self.notify(
                _("Not connected to the host: the move was not sent."),
                severity="warning",
                markup=False,
            )
            return
        self.run_worker(self._send(client, action), group="send")

    async def _send(self, client: NetClient, action: Action) -> None:
        try:
            await client.act(action)
        except HostGone:
            self._dropped()

    def start_now(self) -> None:
        client = self.client
        if client is not None and client.connected:
            self.run_worker(client.start(), group="send")

    def _dropped(self) -> None:
        if self._leaving or self._reconnecting or self.token is None:
            return
        self._reconnecting = True
        self.notify(
            _("The connection to the host is lost: trying again…"),
            severity="warning",
            markup=False,
        )
        self.run_worker(self._reconnect(), exclusive=True, group="net")

    async def _reconnect(self) -> None:
        assert self.token is not None
        for _attempt in range(RECONNECT_TRIES):
            if self._leaving:
                return
            client = NetClient(self.address, on_message=self._from_host)
            try:
                await client.connect(timeout=RECONNECT_EVERY * 3)
                await client.rejoin(self.token)
            except (HostGone, TimeoutError, ValueError) as exc:
                await client.close()
                if isinstance(exc, ValueError):  # the host refuses the token: for good
                    self.problem = str(exc)
                    self.exit(1)
                    return
                await asyncio.sleep(RECONNECT_EVERY)
                continue
            self.client = client
            self._reconnecting = False
            self.notify(_("Connected to the host again."), markup=False)
            return
        self.problem = _("the host at {address} can't be reached").format(address=self.address)
        self.exit(1)

    async def action_quit(self) -> None:
        self._leaving = True
        self.exit(0)

    async def on_exit_app(self) -> None:
        """The app closes (Textual's ``ExitApp``): the host sees the seat leave at once."""
        self._leaving = True
        if self.client is not None:
            await self.client.close()

    # -- what the table asks of the app --------------------------------------------------------

    def after_action(self, events: Any = ()) -> None:
        pass

    def opening_lines(self) -> list[str]:
        client = self.client
        names = [s.name for s in client.seats] if client else []
        return [
            _("A game at {address}: {names}. You are {name}.").format(
                address=self.address, names=", ".join(names), name=self.player_name
            )
        ]

    def show_end(self) -> None:
        from .screens.end import EndScreen

        if isinstance(self.screen, EndScreen) or self.netseat is None:
            return
        self.push_screen(EndScreen(self.netseat.state, [], self.coin_history))

    def _not_here(self) -> None:
        self.notify(_("The host keeps this game; it is saved there after every move."))

    action_save = action_save_as = action_load = action_resume = action_new_game_screen = _not_here


async def _reachable(address: str) -> str | None:
    """Why the host can't be reached (None: it answers as a websocket server)."""
    client = NetClient(address)
    try:
        await client.connect()
    except HostGone as exc:
        return str(exc)
    await client.close()
    return None


def run_client(address: str, name: str | None) -> int:
    """``bohnanza join``: the app for one seat; the exit status (the reason on stderr if refused)."""
    from bohnanza_tui.rules.limits import printable

    from . import ESCDELAY

    problem = asyncio.run(_reachable(address))
    if problem:  # said before the app takes the terminal
        print(printable(_("bohnanza: {message}").format(message=problem)), file=sys.stderr)
        return 1
    os.environ.setdefault("ESCDELAY", str(ESCDELAY))
    app = JoinApp(address, name)
    app.run()
    if app.problem and not app.is_web:
        print(printable(_("bohnanza: {message}").format(message=app.problem)), file=sys.stderr)
        return 1
    return app.return_code or 0


__all__ = ["JoinApp", "NetSeat", "NetTableScreen", "run_client"]
