"""The ``bohnanza`` command: play, load, resume, run command scripts, show and check saves.

    bohnanza                                  the app
    bohnanza new --players Ann,Bob,Cy [--mode voyage|cafe] [--side variable] [--seed 7]
                 [--offers rarely] [--no-hints] [--out game.json]
    bohnanza load game.json | bohnanza resume
    bohnanza script game.json moves.txt [--out after.json] [--strict]
    bohnanza show game.json [--as Ann]
    bohnanza schema [--mode cafe] | bohnanza commands [COMMAND] | bohnanza tournament ...
    bohnanza serve [--port 8000] [--host 127.0.0.1]   the app in a web browser
    bohnanza host [--port 8765] [--players 3] [--computers basic] [--resume]   a game to join
    bohnanza join HOST:PORT [--name Ann]     play at a host's game on this screen
    bohnanza serve --join HOST:PORT          each browser page joins a host's game

Guatemala Café (``--mode cafe``, docs/CAFE.md) is played in the app too: ``new
--mode cafe`` opens it, ``load`` and ``resume`` go on with its saves.

A bad file gives one sentence on stderr and exit status 2, never a traceback.

The plain ``bohnanza`` opens the app without importing the rules core (the
set-up screen shows first, the rules load behind it): the commands import
``rules.save`` where they use it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .i18n import UnknownLanguage, _, available_languages, choose_language, set_language
from .modes import DEFAULT_OFFERS, LEVELS, MODES, OFFER_FREQUENCIES, OFFER_NAMES
from .settings import saved_language

if TYPE_CHECKING:
    from .rules.cafe_session import CafeSession
    from .rules.save import OptionsRecord, Session

#: exit status for a bad file or bad arguments (as argparse uses)
BAD_INPUT = 2
INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    problem = _choose_language(args_list)
    if problem is not None:
        return _fail(problem)
    if not args_list:  # the app: no parser to build (a few milliseconds of its launch)
        args = argparse.Namespace(handler=_app)
    else:
        parser = build_parser()
        try:
            args = _tournament_args(args_list) or parser.parse_args(args_list)
        except SystemExit as exc:  # --help, --version or a usage error: argparse printed it
            return exc.code if isinstance(exc.code, int) else BAD_INPUT
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        # the reader went away (``bohnanza schema | head``): stop quietly, as the
        # Python documentation advises, so the interpreter's flush at exit can't fail
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as exc:
        from .rules.save import SaveError  # imported here: the app starts without it

        if isinstance(exc, SaveError):
            return _fail(str(exc))
        raise


def _tournament_args(argv: list[str]) -> argparse.Namespace | None:
    """``tournament`` hands every later word to the tournament runner, options included
    (argparse would take ``--games`` for an option of its own)."""
    i = 0
    while i < len(argv) and argv[i].startswith("--lang"):
        i += 1 if "=" in argv[i] else 2
    if i < len(argv) and argv[i] == "tournament":
        return argparse.Namespace(handler=_tournament, args=argv[i + 1 :])
    return None


def _choose_language(argv: list[str]) -> str | None:
    """Apply ``--lang`` before the parser is built, so its help is translated too.

    Without ``--lang`` the language chosen last on the set-up screen applies, else the
    environment's (see ``i18n``). Returns the sentence to show if ``--lang`` names a
    language without a catalog, or none at all.
    """
    known = argparse.Namespace(lang=None)
    if any(arg.startswith("--") for arg in argv):  # argparse takes "--l" for "--lang" too
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--lang", nargs="?", const="")
        try:
            known, _rest = pre.parse_known_args(argv)
        except SystemExit:  # "--lang" twice in odd forms: the real parser reports it
            known = argparse.Namespace(lang=None)
    if known.lang is not None:
        try:
            choose_language(known.lang)
        except UnknownLanguage as exc:
            return str(exc)
        return None
    set_language(saved_language(available_languages()))
    return None


def _fail(message: str, status: int = BAD_INPUT) -> int:
    from .rules.limits import printable

    print(printable(_("bohnanza: {message}").format(message=message)), file=sys.stderr)
    return status


# -- the parser ---------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bohnanza",
        description=_(
            "Bohnanza and Bohn Voyage in the terminal. Without a command, the app starts."
        ),
    )
    parser.add_argument("--lang", help=_("language of the texts, such as de or nl"))
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.set_defaults(handler=_app)
    sub = parser.add_subparsers(title=_("commands"), metavar="COMMAND")

    new = sub.add_parser("new", help=_("start a new game (in the app, or into a save file)"))
    new.add_argument("--players", required=True, help=_("names in seat order: Ann,Bob,Cy"))
    new.add_argument("--mode", choices=MODES, default="classic")
    new.add_argument(
        "--side",
        choices=("fixed", "variable"),
        default="fixed",
        help=_("Guatemala Café: the growing-area board's side (default: fixed)"),
    )
    new.add_argument(
        "--seed", type=int, help=_("seed of the shuffles (the same seed deals the same game)")
    )
    new.add_argument(
        "--offers",
        choices=OFFER_FREQUENCIES,
        default=DEFAULT_OFFERS,
        help=_(
            "how often computer players make offers that a person must answer "
            "(rarely: at most one a turn; default: {default})"
        ).format(default=DEFAULT_OFFERS),
    )
    new.add_argument(
        "--hints",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=_("whether people may ask for a hint (the n key; default: on)"),
    )
    new.add_argument(
        "--out", type=Path, help=_("write the new game to this save file instead of playing")
    )
    new.set_defaults(handler=_new)

    load = sub.add_parser("load", help=_("play a saved game in the app"))
    load.add_argument("file", type=Path)
    load.set_defaults(handler=_load)

    resume = sub.add_parser("resume", help=_("continue the game of the last session"))
    resume.set_defaults(handler=_resume)

    script = sub.add_parser("script", help=_("apply a file of commands to a save"))
    script.add_argument("save", type=Path, help=_("the save file to start from"))
    script.add_argument(
        "commands", type=Path, nargs="?", help=_("the commands (default: standard input)")
    )
    script.add_argument("--out", type=Path, help=_("write the resulting game to this save file"))
    script.add_argument(
        "--strict", action="store_true", help=_("stop at the first refused or wrong line")
    )
    script.set_defaults(handler=_script)

    show = sub.add_parser("show", help=_("print a saved position as text"))
    show.add_argument("save", type=Path)
    show.add_argument(
        "--as", dest="viewer", metavar="NAME", help=_("show it as this player sees it")
    )
    show.set_defaults(handler=_show)

    schema = sub.add_parser("schema", help=_("print the JSON Schema of a save file"))
    schema.add_argument(
        "--mode",
        choices=("classic", "cafe"),
        default="classic",
        help=_("the schema of Bohnanza saves (classic, voyage) or of Guatemala Café saves"),
    )
    schema.set_defaults(handler=_schema)

    commands = sub.add_parser("commands", help=_("explain the command language"))
    commands.add_argument("name", nargs="?", help=_("one command"))
    commands.set_defaults(handler=_commands)

    serve = sub.add_parser("serve", help=_("play in a web browser: serve the app to it"))
    _listen_arguments(serve, 8000)
    serve.add_argument(
        "--join",
        type=_address,
        metavar="HOST:PORT",
        help=_("each page joins the game of this bohnanza host (each player on their own page)"),
    )
    serve.set_defaults(handler=_serve)

    host = sub.add_parser(
        "host", help=_("hold a game that each player joins from their own screen")
    )
    _listen_arguments(host, 8765)
    host.add_argument("--mode", choices=("classic", "voyage"), default="classic")
    host.add_argument(
        "--players",
        type=int,
        default=3,
        help=_("how many seats, the computer players' included (default: {default})").format(
            default=3
        ),
    )
    host.add_argument(
        "--computers",
        type=_levels,
        default=[],
        help=_("the computer players' levels, one a seat: basic,strong (levels: {levels})").format(
            levels=", ".join(LEVELS)
        ),
    )
    host.add_argument(
        "--seed", type=int, help=_("seed of the shuffles (the same seed deals the same game)")
    )
    host.add_argument(
        "--resume",
        action="store_true",
        help=_("go on with the host's saved game; the players rejoin their seats"),
    )
    host.add_argument(
        "--save",
        type=Path,
        help=_(
            "the host's save file, written after every move (default: host.json beside the autosave)"
        ),
    )
    host.add_argument(
        "--bot-delay",
        type=float,
        default=0.4,
        help=_("seconds before each move of a computer player (default: {default})").format(
            default=0.4
        ),
    )
    host.set_defaults(handler=_host_game)

    join = sub.add_parser("join", help=_("play at a game that bohnanza host holds"))
    join.add_argument("address", type=_address, metavar="HOST:PORT", help=_("where the host is"))
    join.add_argument("--name", help=_("your name at the table (without it, the app asks for it)"))
    join.set_defaults(handler=_join)

    tournament = sub.add_parser(
        "tournament", help=_("let computer players play each other"), add_help=False
    )
    tournament.add_argument("args", nargs=argparse.REMAINDER)
    tournament.set_defaults(handler=_tournament)
    return parser


def _listen_arguments(parser: argparse.ArgumentParser, port: int) -> None:
    """``--port`` and ``--host``: where ``serve`` and ``host`` listen (loopback unless asked)."""
    parser.add_argument(
        "--port",
        type=_port,
        default=port,
        help=_("the port to serve on (default: {default})").format(default=port),
    )
    parser.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help=_(
            "the address to serve on (default: {default}, this computer only; "
            "0.0.0.0: every network it is on)"
        ).format(default="127.0.0.1"),
    )


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a port: a whole number from 1 to 65535").format(value=text[:40])
        )
    return port


def _levels(text: str) -> list[str]:
    levels = [w.strip() for w in text.split(",") if w.strip()]
    bad = [w for w in levels if w not in LEVELS]
    if bad or len(levels) > 7:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a list of levels (levels: {levels})").format(
                value=text[:40], levels=", ".join(LEVELS)
            )
        )
    return levels


def _address(text: str) -> str:
    """``HOST:PORT`` (``[::1]:PORT`` for an IPv6 address), or a ws:// or wss:// URL."""
    if text.startswith(("ws://", "wss://")) and len(text) <= 300 and text.isprintable():
        return text
    name, colon, port = text.rpartition(":")
    if colon and name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    try:
        _host(name)
        _port(port)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            _("{value!r} is not HOST:PORT, such as 192.168.1.20:8765").format(value=text[:40])
        ) from None
    return text


def _host(text: str) -> str:
    """A host name or address, as typed; whether it can be served on is the server's to say."""
    if not text or len(text) > 253 or any(ch.isspace() or not ch.isprintable() for ch in text):
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a host name or address").format(value=text[:40])
        )
    return text


# -- the app ----------------------------------------------------------------------------------


def _run_app(session: Session | CafeSession | None = None, path: Path | None = None) -> int:
    try:
        ui = importlib.import_module("bohnanza_tui.ui")
        run_app = ui.run_app
    except (ImportError, AttributeError) as exc:
        if isinstance(exc, ImportError) and exc.name not in (None, "bohnanza_tui.ui"):
            return _fail(
                _("the app needs the package {name}, which is not installed").format(name=exc.name),
                1,
            )
        return _fail(_("the terminal app is not part of this installation"), 1)
    status: int = run_app(session, path)
    return status


def _app(args: argparse.Namespace) -> int:
    return _run_app()


def _new(args: argparse.Namespace) -> int:
    from .rules import save
    from .rules.save import OptionsRecord, Session

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        if args.mode == "cafe":
            from .rules.cafe_session import CafeSession

            session: Session | CafeSession = CafeSession.new(names, args.seed, args.side)
        else:
            session = Session.new(args.mode, names, args.seed)
    except ValueError as exc:
        return _fail(str(exc))
    session.options = OptionsRecord(offers_to_people=args.offers, hints=args.hints)
    if args.out is None:
        return _run_app(session)
    save.save_file(session, args.out)
    print(
        _("Wrote a new {mode} game for {names} to {path}.").format(
            mode=args.mode, names=", ".join(names), path=args.out
        )
    )
    return 0


def _load(args: argparse.Namespace) -> int:
    from .rules import save

    session = save.load_any_file(args.file)
    return _run_app(session, args.file)


def _resume(args: argparse.Namespace) -> int:
    from .rules import save

    path = save.autosave_path()
    if not path.exists():
        return _fail(
            _(
                "there is no game to resume (looked for {path}); start one with 'bohnanza new'"
            ).format(path=path),
            1,
        )
    return _run_app(save.load_any_file(path))


def _serve(args: argparse.Namespace) -> int:
    try:
        web = importlib.import_module("bohnanza_tui.web")
    except ImportError as exc:
        if exc.name in (None, "bohnanza_tui.web"):
            raise
        return _fail(
            _(
                "serving needs the package {name}, which is not installed: install the "
                "game with its web extra (pip install 'bohnanza-tui[web]')"
            ).format(name=exc.name),
            1,
        )
    try:
        web.serve(args.host, args.port, args.lang, join=args.join)
    except OSError as exc:  # the address is taken, unknown or not this computer's
        return _fail(
            _("can't serve at {host} port {port}: {reason}").format(
                host=args.host,
                port=args.port,
                reason=os.strerror(exc.errno) if exc.errno else exc.strerror or exc,
            ),
            1,
        )
    return 0


def _host_game(args: argparse.Namespace) -> int:
    from .net import host
    from .rules.limits import printable

    def say(line: str) -> None:
        print(printable(line), flush=True)

    try:
        host.run(
            args.host,
            args.port,
            mode=args.mode,
            players=args.players,
            computers=args.computers,
            seed=args.seed,
            resume=args.resume,
            save=args.save,
            bot_delay=max(0.0, min(args.bot_delay, 10.0)),
            say=say,
        )
    except ValueError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(
            _("can't serve at {host} port {port}: {reason}").format(
                host=args.host,
                port=args.port,
                reason=os.strerror(exc.errno) if exc.errno else exc.strerror or exc,
            ),
            1,
        )
    return 0


def _join(args: argparse.Namespace) -> int:
    from .rules.limits import name_problem

    name = None if args.name is None else args.name.strip()
    problem = None if name is None else name_problem([name])
    if problem:
        return _fail(problem)
    try:
        from .ui.netplay import run_client
    except ImportError as exc:
        return _fail(
            _("the app needs the package {name}, which is not installed").format(name=exc.name),
            1,
        )
    status: int = run_client(args.address, name)
    return status


# -- files for scripts -----------------------------------------------------------------------------


def _schema(args: argparse.Namespace) -> int:
    import json

    from .rules import save

    print(json.dumps(save.save_schema(args.mode), indent=2, ensure_ascii=False))
    return 0


def _commands(args: argparse.Namespace) -> int:
    from .commands import help_text

    if args.name == "cafe":
        from .commands.cafe import help_text as cafe_help

        print(_("The commands of Guatemala Café:"))
        print(cafe_help())
        return 0
    print(help_text(args.name))
    return 0


def _show(args: argparse.Namespace) -> int:
    from .commands.context import Context
    from .commands.lexicon import CommandError
    from .rules import save
    from .rules.limits import printable
    from .summary import describe_position

    session = save.load_any_file(args.save)
    if isinstance(session, save.CafeSession):
        return _show_cafe(session, args.viewer)
    viewer = None
    if args.viewer is not None:
        try:
            viewer = Context(session.state, 0).seat(args.viewer)
        except CommandError as exc:
            return _fail(str(exc))
    print(printable(describe_position(session.state, viewer)))
    print(options_line(session.options or save.OptionsRecord()))
    return 0


def _show_cafe(session: CafeSession, who: str | None) -> int:
    from .cafe_summary import describe
    from .commands import cafe as cafe_commands
    from .commands.lexicon import CommandError
    from .rules import save
    from .rules.limits import printable

    viewer = None
    if who is not None:
        try:
            viewer = cafe_commands.seat(session.names, who)
        except CommandError as exc:
            return _fail(str(exc))
    print(printable(describe(session.state, viewer)))
    print(options_line(session.options or save.OptionsRecord()))
    return 0


def options_line(options: OptionsRecord) -> str:
    """The game's set-up options in one line (``bohnanza show``)."""
    line = (
        _("Options: computer players' offers to people: {offers}; hints on.")
        if options.hints
        else _("Options: computer players' offers to people: {offers}; hints off.")
    )
    return line.format(offers=_(OFFER_NAMES[options.offers_to_people]))


def _script(args: argparse.Namespace) -> int:
    from .rules import save
    from .script import run_script

    session = save.load_any_file(args.save)
    lines = _read_commands(args.commands)
    if lines is None:
        return BAD_INPUT
    ok = run_script(session, lines, sys.stdout, strict=args.strict)
    if args.out is not None and (ok or not args.strict):
        save.save_file(session, args.out)
    return 0 if ok else 1


def _read_commands(path: Path | None) -> list[str] | None:
    if path is None:
        return sys.stdin.read().splitlines()
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        _fail(_("there is no file {path}").format(path=path))
    except UnicodeDecodeError:
        _fail(_("{path} is not a text file (UTF-8)").format(path=path))
    except OSError as exc:
        _fail(_("can't read {path}: {reason}").format(path=path, reason=exc.strerror or exc))
    return None


def _tournament(args: argparse.Namespace) -> int:
    try:
        module = importlib.import_module("bohnanza_tui.bots.tournament")
    except ImportError as exc:
        if exc.name not in (None, "bohnanza_tui.bots", "bohnanza_tui.bots.tournament"):
            raise
        return _fail(_("tournaments are not part of this installation"), 1)
    status = module.main(list(args.args))
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
