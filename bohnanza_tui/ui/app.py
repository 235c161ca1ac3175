"""The Bohnanza app: screens, saving, the command palette.

The set-up screen starts a game; the table screen plays it; the end screen
closes it. The game is written to the autosave file after every action, so
``bohnanza resume`` continues exactly where it stopped, even after a crash.

The set-up screen shows before the rules core is imported: this module imports
the rules and the table only where a game starts, and the app loads them in the
background once the set-up screen is on screen.
"""

from __future__ import annotations

import contextlib
import importlib
import shlex
import shutil
import sys
import threading
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen
from textual.timer import Timer

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.modes import DEFAULT_OFFERS
from bohnanza_tui.resources import assets_path, autosave_path
from bohnanza_tui.seating.seats import BotFactory, Seat, default_bot_factory

if TYPE_CHECKING:
    from bohnanza_tui.modes import OfferFrequency
    from bohnanza_tui.rules import GameState
    from bohnanza_tui.rules.cafe_session import CafeSession
    from bohnanza_tui.rules.save import Session
    from bohnanza_tui.seating.cafe import CafeHotSeat
    from bohnanza_tui.seating.hotseat import HotSeat

    from .saves import SavedGame

_DEFAULT: Any = object()
STYLES = assets_path() / "styles"
#: what starting a game imports beyond the set-up screen: loaded in the background
GAME_MODULES = (
    "bohnanza_tui.rules.save",
    "bohnanza_tui.seating.hotseat",
    "bohnanza_tui.ui.screens.table",
)
#: seconds after the set-up screen's first frame that the rules start loading in the background
PRELOAD_AFTER = 0.2
#: seconds from a move's frame to its autosave (the terminal gets the frame first), and
#: from the move itself at the latest
SAVE_AFTER_FRAME = 0.01
SAVE_AT_THE_LATEST = 0.25
#: the stylesheets, one per screen (``assets/styles``)
STYLE_FILES = [
    f"{name}.tcss" for name in ("app", "setup", "table", "dialogs", "privacy", "end", "cafe")
]
#: the mode of Guatemala Café (``rules.cafe``): its own session, table and save
CAFE = "cafe"


def _load_game_modules() -> None:
    """Import the rules core and the table; a failure is left to the same import on starting a game."""
    for name in GAME_MODULES:
        try:
            importlib.import_module(name)
        except Exception:
            return


def resume_command(argv0: str | None = None) -> str:
    """The command that resumes the last game, as this process was started.

    ``bohnanza resume`` when ``bohnanza`` on the PATH is this program; else the
    path it was started by (``.venv/bin/bohnanza resume``), or ``python -m``.
    """
    program = sys.argv[0] if argv0 is None else argv0
    if Path(program).name == "bohnanza":
        on_path = shutil.which("bohnanza")
        if on_path and Path(on_path).resolve() == Path(program).resolve():
            return "bohnanza resume"
        return f"{shlex.quote(program)} resume"
    return f"{shlex.quote(sys.executable)} -m bohnanza_tui resume"


#: a resumed game's log shows at most this many lines of what happened before
PAST_LINES = 400


def past_events(session: Session | CafeSession) -> list[str]:
    """The log lines of the game so far (the last ``PAST_LINES``), replayed from its start."""
    from bohnanza_tui.rules import apply as bean_apply
    from bohnanza_tui.rules.cafe import apply as cafe_apply

    apply: Any = cafe_apply if session.mode == CAFE else bean_apply
    lines: list[str] = []
    state = session.start.copy()
    try:
        for action in session.log:
            lines += [str(e) for e in apply(state, action)]
    except Exception:  # a nicety: a resumed game never fails for its old log
        return []
    return lines[-PAST_LINES:]


def final_harvest(session: Session) -> list[str]:
    """The log lines of the action that ended the game (the final harvest and the winner)."""
    from bohnanza_tui.rules import apply

    if not session.log:
        return []
    before = None
    for _action, state in session.replay():
        if state.over:
            break
        before = state
    if before is None:
        return []
    try:
        return [str(e) for e in apply(before, session.log[len(session.log) - 1])]
    except Exception:  # a nicety: never fail the end screen for it
        return []


def _note_coins(history: list[list[int]], state: GameState, new_row: bool = False) -> None:
    """Each player's coins after ``state``: a row per turn (the turn's row again after its
    next action, a new row with ``new_row``)."""
    coins = [len(p.coins) for p in state.players]
    if len(history) < state.turn or new_row:
        history.append(coins)
    else:
        history[state.turn - 1] = coins


class GameCommands(Provider):
    """Command palette entries: new game, save, load, help, theme, undo."""

    ENTRIES = [
        (N_("New game"), N_("Leave this game and set up a new one"), "new_game_screen"),
        (N_("Save game"), N_("Save the game to its file"), "save"),
        (N_("Save game as…"), N_("Save the game to a file you name"), "save_as"),
        (N_("Load game…"), N_("Open a saved game"), "load"),
        (N_("Resume last game"), N_("Continue the game in the autosave"), "resume"),
        (N_("Help"), N_("Rules summary and keys"), "help"),
        (N_("Theme"), N_("Change the colours"), "change_theme"),
    ]

    async def discover(self) -> Hits:
        for name, help_text, action in self.ENTRIES:
            yield DiscoveryHit(_(name), partial(self.app.run_action, action), help=_(help_text))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self.ENTRIES:
            if (score := matcher.match(_(name))) > 0:
                run = partial(self.app.run_action, action)
                yield Hit(score, matcher.highlight(_(name)), run, help=_(help_text))


class BohnanzaApp(App[int]):
    """Bohnanza and Bohn Voyage, hot-seat at one keyboard, with computer players."""

    TITLE = "Bohnanza"
    #: notices stay 3 s (Textual's default is 5): the log keeps everything they said
    NOTIFICATION_TIMEOUT = 3
    #: every stylesheet is read once (pushing a screen never re-parses CSS); the paths are
    #: absolute so that subclasses elsewhere (tests, benchmarks) find them too.
    CSS_PATH = [STYLES / name for name in STYLE_FILES]
    COMMANDS = App.COMMANDS | {GameCommands}
    BINDINGS = [
        Binding("question_mark,f1", "help", N_("Help"), key_display="?"),
        Binding("ctrl+s", "save", N_("Save"), show=False),
        # priority: quits from every dialog too (a modal screen stops the other app keys)
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True),
    ]

    def __init__(
        self,
        session: Session | CafeSession | None = None,
        save_path: Path | None = None,
        *,
        seats: list[Seat] | None = None,
        bot_factory: BotFactory | None = _DEFAULT,
        bot_delay: float = 0.6,
        autosave: Path | None = _DEFAULT,
    ) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self.seats = seats
        self.bot_factory = default_bot_factory() if bot_factory is _DEFAULT else bot_factory
        self.bot_delay = bot_delay
        self.autosave_target: Path | None = autosave_path() if autosave is _DEFAULT else autosave
        self.hotseat: HotSeat | CafeHotSeat | None = None
        self.coin_history: list[list[int]] = []
        #: a move is shown and its autosave not yet written
        self._save_due = False
        #: the autosave is to be written shortly after the frame just displayed
        self._save_timer: Timer | None = None
        #: for a person at the keyboard (the ``bohnanza`` command, ``run_app``; not the
        #: tests, which start hundreds of apps): once a table shows, what exists is left
        #: out of later garbage collections (``collector.settle``)
        self.settle_gc = False

    # -- screens ----------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        # the set-up screen is the bottom of the stack: "New game" goes back to it
        return self._setup_screen() if self.session is None else Screen()

    def on_mount(self) -> None:
        if self.session is not None:
            self._start(self.session, self.seats, resumed=True)
        else:
            # once the set-up screen has settled: its first frames don't share the CPU
            self.call_after_refresh(self.set_timer, PRELOAD_AFTER, self._preload)

    def _preload(self) -> None:
        """Load what a game needs while the set-up screen is filled in, so Start doesn't stall.

        A daemon thread, not a Textual worker: quitting at once must not wait for it
        (thread workers run in the event loop's executor, which is joined on exit).
        Pressing Start before it is done is fine: the import completes on the main thread.
        """
        threading.Thread(target=_load_game_modules, name="preload-game", daemon=True).start()

    def _setup_screen(self) -> Screen[Any]:
        from .screens.setup import SetupScreen

        target = self.autosave_target
        return SetupScreen(self, self.bot_factory is not None, bool(target and target.exists()))

    def _replace_screens(self, screen: Screen[Any] | None) -> None:
        """Close every screen above the bottom one, then show ``screen`` (if any)."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        if screen is not None:
            self.push_screen(screen)

    def new_game(
        self,
        mode: str,
        seats: list[Seat],
        seed: int | None,
        *,
        offers_to_people: OfferFrequency = DEFAULT_OFFERS,
        hints: bool = True,
        side: str = "fixed",
    ) -> str | None:
        """Start a game from the set-up screen; returns the error to show, if any.

        ``side``: Guatemala Café's growing-area board, fixed or variable (R-CAFE-3).
        """
        if any(not s.is_human for s in seats) and self.bot_factory is None:
            return _("Computer players are not installed.")
        from bohnanza_tui.rules.cafe_session import CafeSession
        from bohnanza_tui.rules.save import OptionsRecord, Session

        try:
            if mode == CAFE:
                session: Session | CafeSession = CafeSession.new(
                    [s.name for s in seats], seed, side
                )
            else:
                session = Session.new(mode, [s.name for s in seats], seed)
            session.options = OptionsRecord(offers_to_people=offers_to_people, hints=hints)
        except ValueError as exc:  # pydantic's ValidationError is one
            return str(exc)
        self._put_aside()
        self._start(session, seats)
        return None

    # -- unfinished games -----------------------------------------------------------------

    def unfinished_games(self) -> list[SavedGame]:
        from . import saves  # after the set-up screen's first frame

        self._autosave_due()
        return saves.unfinished(self.autosave_target)

    def _put_aside(self) -> None:
        """Another game takes the autosave: an unfinished game there moves to the kept ones."""
        from . import saves

        self._autosave_due()  # with its last move
        try:
            saves.put_aside(self.autosave_target)
        except OSError as exc:
            self.notify(str(exc), title=_("Not kept"), severity="error", markup=False)

    def resume_game(self, path: Path) -> None:
        if path == self.autosave_target:
            self.action_resume()
        elif self.open_file(path, keep_path=False):
            # its moves are in the autosave now, saved after each action: one copy, not two
            with contextlib.suppress(OSError):
                path.unlink()

    def _start(
        self, session: Session | CafeSession, seats: list[Seat] | None, resumed: bool = False
    ) -> None:
        """Play ``session`` with ``seats`` (None: the seats saved with it)."""
        from bohnanza_tui.rules.cafe_session import CafeSession
        from bohnanza_tui.seating.hotseat import seat_record, seats_from

        seats = seats or seats_from(session)
        self.session = session
        players: list[Any] = list(session.state.players)
        self.seats = [Seat(p.name, s.kind, s.level) for p, s in zip(players, seats, strict=True)]
        session.seats = [seat_record(s) for s in self.seats]  # saved with the game
        self.resumed = resumed
        if isinstance(session, CafeSession):
            from bohnanza_tui.seating.cafe import CafeHotSeat

            from .screens.cafe import CafeScreen

            self.hotseat = CafeHotSeat(session, self.seats)
            self.coin_history = []
            self._replace_screens(CafeScreen(self.hotseat, self))
        else:
            from bohnanza_tui.seating.hotseat import HotSeat

            from .screens.table import TableScreen

            self.hotseat = HotSeat(session, self.seats, self.bot_factory)
            self.coin_history = self._history(session)
            self._replace_screens(TableScreen(self.hotseat, self))
        self._autosave()
        self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        """The table has shown (most often under the privacy screen, which a person reads
        before pressing Enter): leave what exists out of later garbage collections."""
        if self.settle_gc:
            from . import collector

            collector.settle()

    def opening_lines(self) -> list[str]:
        session = self.session
        assert session is not None
        names = {CAFE: _("Guatemala Café"), "voyage": _("Bohn Voyage")}
        mode = names.get(session.mode, _("classic Bohnanza"))
        lines = [
            _("{mode} · {n} players · seed {seed}").format(
                mode=mode, n=len(session.names), seed=session.seed
            )
        ]
        if getattr(self, "resumed", False) and session.log:
            lines += past_events(session)
            lines.append(_("Game resumed after {n} actions.").format(n=len(session.log)))
        return lines

    def show_end(self) -> None:
        from bohnanza_tui.rules.save import Session

        from .screens.end import EndScreen

        session = self.session
        # (Guatemala Café's table shows the ranking itself)
        if isinstance(self.screen, EndScreen) or not isinstance(session, Session):
            return
        self.push_screen(EndScreen(session.state, final_harvest(session), self.coin_history))

    def farewell(self) -> str | None:
        """What to print after the app closed: the game is saved, and the command to go on."""
        session, target = self.session, self.autosave_target
        if session is None or session.state.over or target is None or not target.exists():
            return None
        return _("The game is saved. To go on with it: {command}").format(command=resume_command())

    # -- after every action --------------------------------------------------------------

    def after_action(self, events: Iterable[str] = ()) -> None:
        from bohnanza_tui.rules.save import Session

        session = self.session
        assert session is not None
        if isinstance(session, Session):  # (Guatemala Café: no coins chart)
            _note_coins(self.coin_history, session.state, new_row=session.state.over)
        self._autosave_soon()

    def _autosave_soon(self) -> None:
        """Write the autosave right after the screen shows the move: a key's answer
        doesn't wait for the disk (moves in quick succession are written once).

        Textual's writer thread needs the GIL to write the frame: the save waits
        ``SAVE_AFTER_FRAME`` after the frame was handed over (``post_display_hook``); at
        the latest ``SAVE_AT_THE_LATEST`` after the move (no frame came), or on quitting.
        """
        if self._save_due:
            return
        self._save_due = True
        if self.is_running:
            self.set_timer(SAVE_AT_THE_LATEST, self._autosave_due)
        else:
            self._autosave_due()

    def post_display_hook(self) -> None:
        if self._save_due:  # after the last frame of the move
            if self._save_timer is None:
                self._save_timer = self.set_timer(SAVE_AFTER_FRAME, self._autosave_due)
            else:
                self._save_timer.reset()

    def _autosave_due(self) -> None:
        if self._save_timer is not None:
            self._save_timer.stop()
            self._save_timer = None
        if self._save_due:
            self._save_due = False
            self._autosave()

    def on_unmount(self) -> None:
        self._autosave_due()  # quitting right after a move: it is written all the same

    def _history(self, session: Session) -> list[list[int]]:
        """Coins per player after each turn, from the session's replay."""
        history: list[list[int]] = []
        try:
            for _action, state in session.replay():
                _note_coins(history, state)
        except Exception:  # a history is a nicety: never fail a game for it
            return [[len(p.coins) for p in session.state.players]]
        return history

    def _autosave(self) -> None:
        from bohnanza_tui.rules.save import SaveError, save_file

        if self.autosave_target is None or self.session is None:
            return
        try:
            self.autosave_target.parent.mkdir(parents=True, exist_ok=True)
            save_file(self.session, self.autosave_target)
        except (SaveError, OSError) as exc:
            self.notify(str(exc), title=_("Autosave failed"), severity="error", markup=False)

    # -- commands ---------------------------------------------------------------------------

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen.reused(self))

    def action_new_game_screen(self) -> None:
        from .screens.setup import SetupScreen

        setup = isinstance(self.screen_stack[0], SetupScreen)
        self._replace_screens(None if setup else self._setup_screen())

    def action_save(self) -> None:
        if self.session is None:
            self.notify(_("There is no game to save yet."))
            return
        if self.save_path is None:
            self.action_save_as()
            return
        self._save_to(self.save_path)

    def _save_to(self, path: Path) -> None:
        from bohnanza_tui.rules.save import SaveError, save_file

        assert self.session is not None
        try:
            save_file(self.session, path)
        except (SaveError, OSError) as exc:
            self.notify(str(exc), title=_("Not saved"), severity="error", markup=False)
            return
        self.save_path = path
        self.notify(_("Saved to {path}.").format(path=path), title=_("Saved"), markup=False)

    def _ask_path(self, title: str, default: str, then: Callable[[Path], object]) -> None:
        """Ask for a file name; ``then`` gets it unless the question is cancelled."""
        from .screens.path import PathScreen

        def chosen(path: Path | None) -> None:
            if path is not None:
                then(path)

        self.push_screen(PathScreen(title, default), callback=chosen)

    def action_save_as(self) -> None:
        if self.session is not None:
            default = str(self.save_path or Path("bohnanza-save.json"))
            self._ask_path(_("Save the game as"), default, self._save_to)

    def action_load(self) -> None:
        self._ask_path(_("Open a saved game"), str(self.save_path or ""), self.open_file)

    def _load(self, path: Path, title: str) -> Session | CafeSession | None:
        """The game saved in ``path``; None, with a notice under ``title``, if it can't be read."""
        from bohnanza_tui.rules.save import SaveError, load_any_file

        try:
            return load_any_file(path)
        except SaveError as exc:
            self.notify(str(exc), title=title, severity="error", markup=False)
            return None

    def open_file(self, path: Path, keep_path: bool = True) -> bool:
        """Open a saved game (``keep_path``: ctrl+s saves back to that file)."""
        session = self._load(path, _("Can't open"))
        if session is None:
            return False
        self._put_aside()
        self.save_path = path if keep_path else None
        self._start(session, None, resumed=True)
        return True

    def action_resume(self) -> None:
        self._autosave_due()
        if self.autosave_target is None or not self.autosave_target.exists():
            self.notify(_("There is no game to resume."))
        elif (session := self._load(self.autosave_target, _("Can't resume"))) is not None:
            self._start(session, None, resumed=True)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        # the game's own entries come from GameCommands; keep Textual's theme/keys/quit
        for command in super().get_system_commands(screen):
            if command.title in ("Theme", "Quit", "Keys"):
                yield command
