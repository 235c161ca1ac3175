"""The table of Guatemala Café (mode ``cafe``, docs/CAFE.md): the boards, the players, the keys.

It shows ``cafe.view(state, holder)`` only (the holder's own secret sacks,
nobody else's, D-CAFE-18) and plays every move through ``CafeSession.play``;
the keys and the lists come from the core's move list (``cafe.legal_actions``),
refused options with the core's reason (``cafe.check``: the rule id and words).

The flow: the game waits for one player at a time (``CafeHotSeat.next_actor``).
A computer player moves after ``bot_delay``; a person away from the keyboard gets
the privacy screen first; the blocking question (R-CAFE-20) and the refill
(R-CAFE-23) open as dialogs by themselves, and so does the row's list after the
buyer moved and after each piece built (Esc leaves it for the table's keys).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.rules import cafe
from bohnanza_tui.rules.actions import (
    Action,
    Allow,
    Block,
    Build,
    EndPhase,
    MoveBuyer,
    Pass,
    Refill,
    ScoreSack,
)
from bohnanza_tui.rules.cafe import ACT, BLOCK, MOVE, REFILL
from bohnanza_tui.rules.cafe_data import (
    CELL_CORNERS,
    EDGE_ENDS,
    EMPTY,
    HUT,
    KINDS,
    PATH,
    SCORING_PAY,
    SHIP,
    WORKER,
)
from bohnanza_tui.rules.outcome import IllegalAction

from .. import cafe_render as render
from ..choices import Choice
from ..keybar import KeyBar
from ..widgets import CommandBar, CommandHint, EventLog
from .choice import ChoiceScreen
from .help import TextScreen
from .privacy import PrivacyScreen

if TYPE_CHECKING:
    from bohnanza_tui.seating.cafe import CafeHotSeat

    from ..host import GameHost

#: below this width or height the table is compact: the log gives way first
COMPACT_WIDTH, COMPACT_HEIGHT = 100, 30
#: the table's keys, for ? (the rules: docs/CAFE.md)
KEYS_HELP: Final = N_(
    "m  move the buyer one row · M  two rows, for 2 Centavos · p  pass (no move, no action)\n"
    "b  the buyer's row: build 1 to 3 pieces or score a sack; a piece, then where it goes\n"
    "   (the lists' keys are the row's place numbers; e ends the building)\n"
    "s  score a sack · a  answer: block a scoring or let it pass, refill the place\n"
    "u  take back a move of this turn · n  a hint · :  a command · ctrl+s  save · ctrl+q  quit\n"
    "A refused choice says why, with the id of its rule."
)
#: the keys of a list's entries, in order (``ChoiceScreen`` binds these)
LIST_KEYS: Final = "123456789abcdefghijk"
#: the key of each kind of action in the move list (a buyer's move: ``move(steps)``)
ACTION_KEYS: Final[dict[type, tuple[str, ...]]] = {
    Pass: ("pass_turn",),
    Build: ("row",),
    ScoreSack: ("row", "score"),
    EndPhase: ("end",),
    Allow: ("answer",),
    Block: ("answer",),
    Refill: ("answer",),
}


class CafeScreen(Screen[None]):
    """The Guatemala Café table for the person at the keyboard."""

    BINDINGS = [
        Binding("m", "move(1)", N_("Move buyer")),
        Binding("M", "move(2)", N_("Move 2 rows")),
        Binding("p", "pass_turn", N_("Pass")),
        Binding("b", "row", N_("Build/score")),
        Binding("s", "score", N_("Score")),
        Binding("e", "end", N_("End building")),
        Binding("a", "answer", N_("Answer")),
        Binding("u", "undo", N_("Undo")),
        Binding("n", "hint", N_("Hint")),
        Binding("colon,slash", "command", N_("Command"), key_display=":"),
        # this game's keys and commands, not Bohnanza's help (the app's ? elsewhere)
        Binding("question_mark,f1", "cafe_help", N_("Help"), key_display="?"),
    ]
    SHORT_NAMES = {"move(2)": N_("Move 2"), "row": N_("Build")}

    def __init__(self, hs: CafeHotSeat, host: GameHost) -> None:
        super().__init__()
        self.hs = hs
        self.host = host
        #: actions whose every option is refused now (the key bar dims them)
        self.refused: set[str] = set()
        #: a computer player's move is to come (after ``bot_delay``, or this refresh)
        self._bot_due = False
        #: a dialog of this screen is open (no second one opens by itself)
        self._asking = False
        #: the row's list opens by itself (after the buyer moved, after a piece built)
        self._open_row = False
        #: the privacy screen's Enter just showed the table (``_list`` highlights nothing)
        self._just_revealed = False
        self._ended = False
        self._legal_keys: frozenset[str] = frozenset()
        #: what each panel shows (an unchanged one is not updated)
        self._shown: dict[str, Content | str] = {}

    # -- the layout ------------------------------------------------------------------------

    def _contents(self) -> dict[str, Content | str]:
        """What each panel shows now, by its id."""
        v = self.hs.view()
        return {
            "cafe-status": render.status(v),
            "cafe-board": render.plantation_board(v),
            "cafe-harbors": render.harbor_line(v),
            "cafe-row": render.growing_area(v),
            "cafe-track": render.score_track(v, bar=not self.has_class("-compact")),
            "cafe-players": render.players(v, self.hs.holder),
            "cafe-players-short": render.players(v, self.hs.holder, short=True),
        }

    def compose(self) -> ComposeResult:
        # filled from the start: the panels are laid out at the heights of their content
        width, height = self.app.size
        self.set_class(width < COMPACT_WIDTH or height < COMPACT_HEIGHT, "-compact")
        shown = self._contents()
        yield Static(shown["cafe-status"], id="cafe-status", markup=False)
        with Horizontal(id="cafe-main"):
            with Vertical(id="cafe-left"):
                yield Static(shown["cafe-board"], id="cafe-board", classes="cafe-panel")
                yield Static(shown["cafe-harbors"], id="cafe-harbors")
                yield Static(render.legend(), id="cafe-legend")
                # (80x24: the players under the board, a line each; the log keeps its room)
                yield Static(shown["cafe-players-short"], id="cafe-players-short")
            with Vertical(id="cafe-right"):
                yield Static(shown["cafe-row"], id="cafe-row", classes="cafe-panel")
                yield Static(shown["cafe-track"], id="cafe-track")
                yield Static(shown["cafe-players"], id="cafe-players")
                yield EventLog(id="log")
        yield Static(id="cafe-notice", markup=False)
        yield CommandHint(id="command-hint")
        yield CommandBar(self._complete, id="command")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#cafe-board").border_title = _("Plantation board")
        self.query_one("#cafe-row").border_title = _("Growing area")
        self.query_one("#cafe-notice").display = False
        self._check_size(self.app.size.width, self.app.size.height)
        self.query_one(EventLog).add_events(self.host.opening_lines())
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < COMPACT_WIDTH or height < COMPACT_HEIGHT
        changed = small != self.has_class("-compact")
        self.set_class(small, "-compact")
        if changed and self.is_mounted:
            self.refresh_table()  # (the score track's drawing only where there is room)
        self.query_one(KeyBar).set_lines(2 if small else 1)

    # -- what shows ------------------------------------------------------------------------

    def refresh_table(self) -> None:
        for name, content in self._contents().items():
            if self._shown.get(name) != content:
                self._shown[name] = content
                self.query_one(f"#{name}", Static).update(content)
        self._update_keys()

    def _update_keys(self) -> None:
        """Which keys work now, which are dimmed (every option refused): the key bar follows."""
        actor = self._person()
        keys: set[str] = set()
        self.refused = set()
        if actor is not None:
            for a in self.hs.legal(actor):
                keys.update(
                    (f"move({a.steps})",) if isinstance(a, MoveBuyer) else ACTION_KEYS[type(a)]
                )
            state = self.hs.state
            # shown dimmed though no option is legal: a press tells why
            if state.phase == MOVE and "move(2)" not in keys:
                self.refused.add("move(2)")
            if state.phase == ACT and "score" not in keys and self._row_sacks():
                self.refused.add("score")
            keys |= self.refused
            keys.add("command")
            if self.hs.session.can_undo(actor) is None:
                keys.add("undo")
            if self.hs.hints_on():
                keys.add("hint")
        frozen = frozenset(keys)
        if frozen != self._legal_keys:
            self._legal_keys = frozen
            self.refresh_bindings()

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        names = {b.action for b in self.BINDINGS if isinstance(b, Binding)}
        if action not in names or action == "cafe_help":
            return True
        return action in self._legal_keys

    def notify_line(self, text: str) -> None:
        """A notice on the line above the key bar (the log keeps it too)."""
        line = self.query_one("#cafe-notice", Static)
        line.update(text)
        line.display = bool(text)

    # -- who moves -------------------------------------------------------------------------

    def _person(self) -> int | None:
        """The person at the keyboard whom the game waits for now, if any."""
        actor = self.hs.next_actor()
        if actor is None or not self.hs.is_human(actor) or self.hs.holder != actor:
            return None
        return actor

    def advance(self) -> None:
        """Serve whom the game waits for: a computer player, a hand-over, a dialog."""
        hs = self.hs
        actor = hs.next_actor()
        if actor is None:
            self.refresh_table()
            self._game_over()
            return
        if not hs.is_human(actor):
            self.refresh_table()
            if not self._bot_due:
                self._bot_due = True
                if self.host.bot_delay > 0:
                    self.set_timer(self.host.bot_delay, self._bot_step)
                else:
                    self.call_after_refresh(self._bot_step)
            return
        if hs.needs_pass(actor):
            hs.hide()
            self.refresh_table()
            self.query_one("#command", CommandBar).reset()
            screen = CafePrivacyScreen.reused(
                self.app, hs.state.players[actor].name, self._reason(actor)
            )
            self._asking = True
            self.app.push_screen(screen, callback=lambda _r: self._revealed(actor))
            return
        self.refresh_table()
        self._auto_dialog()

    def _reason(self, actor: int) -> str:
        state = self.hs.state
        if state.phase == BLOCK:
            return _("{name} scores {coffee}: do you block it with a sack of yours?").format(
                name=state.players[state.active].name, coffee=render.kind_name(state.scoring_kind)
            )
        if state.phase == REFILL:
            return _("Refill the scored sack's place from your sacks.")
        return _("Your turn.")

    def _revealed(self, actor: int) -> None:
        self._asking = False
        if self.hs.next_actor() == actor:
            self.hs.reveal(actor)
            self._just_revealed = True
        self.advance()
        self._just_revealed = False

    def _bot_step(self) -> None:
        self._bot_due = False
        actor = self.hs.next_actor()
        if actor is None or self.hs.is_human(actor):
            self.advance()
            return
        self.play(self.hs.bot_action(actor))

    def _auto_dialog(self) -> None:
        """Open what the person must answer now: the blocking question, the refill, the row."""
        if self._asking or self.app.screen is not self:
            return
        phase = self.hs.state.phase
        if phase in (BLOCK, REFILL):
            self.action_answer()
        elif phase == ACT and self._open_row:
            self.action_row()

    def _game_over(self) -> None:
        if self._ended:
            return
        self._ended = True
        lines = [
            _("{rank}. {name}: {score} points, {centavos} Centavos").format(
                rank=s.rank,
                name=self.hs.state.players[s.player].name,
                score=s.score,
                centavos=s.centavos,
            )
            for s in cafe.standings(self.hs.state)
        ]
        self.app.push_screen(CafeEndScreen(_("The game is over"), "\n".join(lines)))

    # -- playing ---------------------------------------------------------------------------

    def play(self, action: Action, quiet: bool = False, dialogs: bool = True) -> bool:
        """Play ``action`` through the session; a refusal goes to the log and the notice."""
        try:
            events_ = self.hs.session.play(action)
        except IllegalAction as exc:
            self._tell(str(exc.refusal), quiet)
            self.refresh_table()
            return False
        self.notify_line("")
        self.query_one(EventLog).add_events([str(e) for e in events_])
        self.host.after_action()
        self._open_row = (
            dialogs and self.hs.is_human(action.player) and isinstance(action, (MoveBuyer, Build))
        )
        self.advance()
        return True

    def _tell(self, text: str, quiet: bool = False) -> None:
        """A refusal: to the log, and (unless ``quiet``) to the notice."""
        self.query_one(EventLog).add_refusal(text)
        if not quiet:
            self.notify_line("✗ " + text)

    def action_move(self, steps: int) -> None:
        actor = self._person()
        if actor is not None:
            self.play(MoveBuyer(actor, steps))

    def action_pass_turn(self) -> None:
        actor = self._person()
        if actor is not None:
            self.play(Pass(actor))

    def action_end(self) -> None:
        actor = self._person()
        if actor is not None:
            self.play(EndPhase(actor))

    def action_hint(self) -> None:
        """What the strong computer player would do now, as a command (it takes some 50 ms)."""
        actor = self._person()
        if actor is None or not self.hs.hints_on():
            return
        from bohnanza_tui.commands.cafe import format_action

        action = self.hs.advice(actor)
        text = _("The strong computer player would: {command}").format(
            command=format_action(self.hs.state, action)
        )
        self.query_one(EventLog).add_note(text)
        self.notify_line(text)

    def action_cafe_help(self) -> None:
        from bohnanza_tui.commands.cafe import help_text

        text = "\n\n".join([_(KEYS_HELP), _("The commands (after :):"), help_text()])
        self.app.push_screen(TextScreen(_("Guatemala Café: keys and commands"), text))

    def action_undo(self) -> None:
        actor = self._person()
        if actor is None:
            return
        session = self.hs.session
        refusal = session.can_undo(actor)
        if refusal is not None:
            self._tell(str(refusal))
            return
        session.undo(actor)
        self.query_one(EventLog).add_note(_("Undone: the last action was taken back."))
        self.host.after_action()
        self._open_row = False
        self.advance()

    # -- the row of the buyer: building and scoring ----------------------------------------

    def _row_sacks(self) -> bool:
        state = self.hs.state
        return any(0 <= state.places[p] < len(KINDS) for p in state.row_places())

    def _targets(self, piece: int) -> list[int]:
        """Every target a piece could go on that is free (the refused ones get their reason)."""
        state = self.hs.state
        board = state.board
        if piece >= SHIP:
            return [piece - SHIP]
        if piece == PATH:
            return [e for e in board.edges if not state.paths[e]]
        cells = board.sites if piece == HUT else board.fields
        return [c for c in cells if state.cell_piece[c] == EMPTY]

    def _checked(self, label: str, action: Action) -> Choice:
        """A list's entry for ``action``, refused with the core's reason."""
        refusal = cafe.check(self.hs.state, action)
        return Choice(Content(label), action, None if refusal is None else str(refusal))

    def _build_refusal(self, actor: int, place: int, piece: int) -> str | None:
        """None if the piece of ``place`` can go on some target, else the first one's reason."""
        first = None
        for target in self._targets(piece) or [-1]:
            refusal = cafe.check(self.hs.state, Build(actor, place, target))
            if refusal is None:
                return None
            first = first or refusal
        return str(first)

    def _row_choices(self, actor: int, sacks_only: bool = False) -> tuple[list[Choice], list[str]]:
        """The row's entries and their keys: each place by its number as the row shows it,
        End building ``e``. A piece's entry is ``(actor, place)``: its target comes next."""
        state = self.hs.state
        choices: list[Choice] = []
        keys: list[str] = []
        for place in state.row_places():
            piece = state.places[place]
            if piece == EMPTY or (sacks_only and piece >= len(KINDS)):
                continue
            number = cafe.place_number(place)
            keys.append(str(number))
            name = render.piece_name(piece)
            if piece < len(KINDS):
                points = render.scoring_points(state, piece)
                label = _(
                    "place {n}: score the {piece} (+{pay}) · you {mine}, the others {others}"
                ).format(
                    n=number,
                    piece=name,
                    pay=render.centavos(SCORING_PAY),
                    mine=points[actor],
                    others=sum(points) - points[actor],
                )
                choices.append(self._checked(label, ScoreSack(actor, place)))
            else:
                label = _("place {n}: build the {piece}").format(n=number, piece=name)
                refusal = self._build_refusal(actor, place, piece)
                choices.append(Choice(Content(label), (actor, place), refusal))
        if state.built and not sacks_only:
            choices.append(Choice(Content(_("End building")), EndPhase(actor)))
            keys.append("e")
        return choices, keys

    def _list(
        self,
        title: str,
        choices: list[Choice],
        then: Any = None,
        note: str | Content = "",
        keys: list[str] | None = None,
    ) -> None:
        """A list to choose from (``then``: else ``_chosen``), the allowed entries first; keys
        given (place numbers) or 1-9, a-k in the order shown. Right after a hand-over nothing
        is highlighted: a doubled Enter picks nothing."""
        if keys is None:
            choices = sorted(choices, key=lambda c: not c.allowed)
            keys = [LIST_KEYS[i : i + 1] for i in range(len(choices))]  # ("" past the last)
        highlight = not self._just_revealed
        self._just_revealed = False
        self._asking = True

        def done(value: Any) -> None:
            self._asking = False
            (then or self._chosen)(value)

        screen = ChoiceScreen.reused(self.app, title, choices, note, keys=keys, highlight=highlight)
        self.app.push_screen(screen, callback=done)

    def _chosen(self, value: Any) -> None:
        """A list's answer: an action, a piece whose target comes next, or nothing (Esc)."""
        if value is None:
            self.refresh_table()
        elif isinstance(value, tuple):
            self._choose_target(*value)
        else:
            self.play(value)

    def action_row(self) -> None:
        actor = self._person()
        if actor is None or self.hs.state.phase != ACT:
            return
        self._open_row = False
        state = self.hs.state
        title = _("Row {row}: build (1-3 pieces) or score a sack").format(row=state.buyer + 1)
        note = _("{built} of 3 built · {centavos} Centavos").format(
            built=state.built, centavos=state.players[actor].centavos
        )
        choices, keys = self._row_choices(actor)
        self._list(title, choices, note=note, keys=keys)

    def action_score(self) -> None:
        actor = self._person()
        if actor is None:
            return
        choices, keys = self._row_choices(actor, sacks_only=True)
        if not any(c.allowed for c in choices):
            refused = [c.refusal for c in choices if c.refusal]
            self._tell(refused[0] if refused else _("There is no sack in the buyer's row."))
            return
        self._list(_("Score which sack?"), choices, keys=keys)

    def _choose_target(self, actor: int, place: int) -> None:
        state = self.hs.state
        v = self.hs.view()
        piece = state.places[place]
        targets = self._targets(piece)
        joins: dict[int, bool] = {}
        if piece in (HUT, WORKER):
            # the fields next to an own plantation first: where a worker mostly goes
            joins = {t: bool(cafe.adjacent_plantations(state, actor, t)) for t in targets}
            targets.sort(key=lambda t: not joins[t])
        elif piece == PATH:
            # the edges at an own plantation or at a path first: where a route grows
            near = self._route_points(actor)
            targets.sort(key=lambda e: near.isdisjoint(EDGE_ENDS[e]))
        choices = []
        for t in targets:
            label = render.target_name(v, piece, t)
            if joins.get(t):
                label += " · " + _("joins your plantation")
            elif piece == WORKER:
                label += " · " + _("new plantation")
            choices.append(self._checked(label, Build(actor, place, t)))
        allowed = [c for c in choices if c.allowed]
        if piece >= SHIP and len(allowed) == 1:
            self.play(allowed[0].value)  # a ship has one harbor: no list
            return
        if piece in (WORKER, PATH):
            # the fields and edges it can't go on would bury the few it can: left out
            # when some can (the command bar takes any: build 3 C7)
            choices = allowed or choices
        title = _("Where does the {piece} go?").format(piece=render.piece_name(piece))
        hint = _("The command bar takes any target too: build {n} C7, build {n} C7s").format(
            n=cafe.place_number(place)
        )
        note: Content | str = hint
        if piece in (HUT, WORKER, PATH):
            # the board, each field it can go on marked with its key in the list
            choices.sort(key=lambda c: not c.allowed)  # (as the list shows them)
            marks = {
                c.value.target: key for key, c in zip(LIST_KEYS, choices, strict=False) if c.allowed
            }
            if piece == PATH:
                board = render.plantation_board(v, edge_marks=marks)
            else:
                board = render.plantation_board(v, marks)
            note = Content.assemble(board, "\n", hint)

        def chosen(value: Any) -> None:
            if value is None:
                self._open_row = True
                self._auto_dialog()
                return
            self.play(value)

        self._list(title, choices, chosen, note)

    def _route_points(self, player: int) -> set[int]:
        """The corners of the player's pieces on the board, and the ends of every path."""
        state = self.hs.state
        points: set[int] = set()
        for cell, pid in enumerate(state.cell_plant):
            if pid >= 0 and state.plantations[pid].owner == player:
                points.update(CELL_CORNERS[cell])
        for e, laid in enumerate(state.paths):
            if laid:
                points.update(EDGE_ENDS[e])
        return points

    # -- the blocking question and the refill ----------------------------------------------

    def action_answer(self) -> None:
        actor = self._person()
        if actor is None:
            return
        state = self.hs.state
        me = state.players[actor]
        if state.phase == BLOCK:
            kind = state.scoring_kind
            coffee = render.kind_name(kind)
            block = _("Block it with a sack of {coffee} (you have {n})").format(
                coffee=coffee, n=me.sacks[kind]
            )
            choices = [
                Choice(Content(_("Let it pass")), Allow(actor)),
                self._checked(block, Block(actor)),
            ]
            title = _("{name} scores {coffee}: block?").format(
                name=state.players[state.active].name, coffee=coffee
            )
            sacks = Content.assemble(_("Your sacks:"), " ", render.sack_list(me.sacks))
            note = Content.assemble(render.scoring_note(state, kind), "\n", sacks)
            self._list(title, choices, note=note)
        elif state.phase == REFILL:
            label = _("{coffee} (you have {n})")
            choices = [
                Choice(Content(label.format(coffee=render.kind_name(k), n=n)), Refill(actor, k))
                for k, n in enumerate(me.sacks)
                if n > 0
            ]
            self._list(_("Refill the scored sack's place with"), choices)

    # -- the command bar ---------------------------------------------------------------------

    def _complete(self, text: str) -> list[str]:
        from bohnanza_tui.commands.cafe import USAGE

        word = text.strip().split(" ")[0]
        return [w for w in USAGE if w.startswith(word) and w != word][:8]

    def action_command(self) -> None:
        rows = self.query_one(KeyBar).outer_size.height
        self.query_one("#command", CommandBar).open(rows, rows + 1)

    @on(CommandBar.Submitted)
    def _command(self, event: CommandBar.Submitted) -> None:
        from bohnanza_tui.commands import cafe as commands
        from bohnanza_tui.commands.lexicon import CommandError

        bar = self.query_one("#command", CommandBar)
        actor = self._person()
        if actor is None:
            return
        text = event.text.strip()
        if text in ("undo", "u"):
            bar.clear()
            self.action_undo()
            return
        if text == "help":
            self.app.push_screen(TextScreen(_("Commands"), commands.help_text()))
            return
        try:
            action = commands.parse(self.hs.state, actor, text)
        except CommandError as exc:
            bar.clear()
            bar.hint(str(exc), error=True)
            return
        bar.clear()
        if self.play(action, quiet=True, dialogs=False):
            bar.hint(_("Done: {command}").format(command=text))
        else:  # (the refusal is in the log)
            bar.hint(str(cafe.check(self.hs.state, action)), error=True)

    @on(CommandBar.Closed)
    def _command_closed(self) -> None:
        self.set_focus(None)


class CafePrivacyScreen(PrivacyScreen):
    """The privacy screen of this game: what it shows is the person's secret sacks."""

    def _button(self) -> Content:
        return Content(_("I am {name} — show my sacks").format(name=self.player_name))


class CafeEndScreen(TextScreen):
    """The ranking at the end (R-CAFE-25): a new game, the table, or quit."""

    BINDINGS = [
        Binding("n", "app.new_game_screen", N_("New game")),
        Binding("escape,t,enter", "close", N_("Look at the table")),
        Binding("q", "app.quit", N_("Quit")),
    ]


__all__ = ["CafeEndScreen", "CafePrivacyScreen", "CafeScreen"]
