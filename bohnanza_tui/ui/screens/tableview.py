"""The table as it shows: the layout, the view of the person at the keyboard, the key bar.

``TableView`` paints ``rules.view(state, viewer)`` for the person at the
keyboard (no hand at all while nobody holds it) and works out which keys have
only refused options (shown dimmed); ``TableScreen`` adds what the keys do.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.notifications import SeverityLevel
from textual.widgets import Static

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.rules import Action, Mode, Phase
from bohnanza_tui.rules.actions import Load, Plant, ToStore
from bohnanza_tui.rules.common import setup

from .. import choices, islandmap, render
from ..widgets import (
    Area,
    CommandBar,
    CommandHint,
    EventLog,
    KeyBar,
    Panel,
    PlayerPanel,
)
from .flow import GameFlowScreen
from .modal import keep_styles

if TYPE_CHECKING:
    from bohnanza_tui.seating.hotseat import HotSeat

    from ..host import GameHost

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: below this width or height the table is compact: the person at the keyboard's panel
#: on top, every other player in a few lines, the log (or map, beanometers: ``v``) below
COMPACT_WIDTH, COMPACT_HEIGHT = 100, 30
#: from this height on, the person at the keyboard gets a larger panel
ROOMY_HEIGHT = 36
#: from this height on, Bohn Voyage keeps the beanometers by island type on the board
#: (4 rows more for each player beyond 3: their larger panels come first)
TALL_HEIGHT = 46


#: rows the face-up cards take on the board (a line and its border), for ``_fit_players``
FACEUP_ROWS = 3

#: what the side area shows, in the order ``v`` goes through them
SIDE_VIEWS = ("log", "history", "map", "meters")


class TableView(GameFlowScreen):
    """The table's widgets and how they show the game; the keys' actions are ``TableScreen``'s."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "side", N_("Log, map, beanometers"), show=False),
    ]
    #: the players' area, as the first focusable widget (the command line comes first, unseen)
    AUTO_FOCUS = "#players"

    def __init__(self, hotseat: HotSeat, host: GameHost) -> None:
        super().__init__(hotseat, host)
        self.pending_index = 0
        #: the beans waiting to be planted when last shown (a new set selects a plantable one)
        self._pending_seen: tuple[int, ...] = ()
        #: the last refusal told (see ``_tell_refusals``)
        self._told: object = None
        self._legal: dict[type, list[Action]] = {}
        #: keys with options that are all refused now, and the engine's reasons
        self.refused: dict[str, list[str]] = {}
        self._footer_keys: tuple[object, ...] = ()
        self._player_panels: list[PlayerPanel] = []
        #: what the island map showed when last made (``islandmap.map_signature``)
        self._map_shown: object = None
        #: the log strip's height set by ``_fit_side`` (None: the stylesheet's)
        self._side_rows: int | None = None
        #: what the side area shows now (``SIDE_VIEWS``)
        self.side = "log"
        #: who held the keyboard in which turn when the table was last shown (``refresh_table``)
        self._side_for: tuple[int | None, int] | None = None
        #: the notice shown (see ``notify``): whose keyboard it was and how long the game's log
        self._notice_for: tuple[int | None, int] | None = None
        #: keys the key bar lists though hidden: ``v`` where map and meters are off the board
        self.extra_keys: set[str] = set()
        #: how far the table gave way for the players' panels, and at which terminal size
        #: (``_fit_players``): 1 the board's beanometers off, 2 the players in a few lines
        #: each (the island map kept)
        self._crowded: tuple[tuple[int, int], int] = ((0, 0), 0)
        #: the rows the beanometers by island type take on the board (Bohn Voyage)
        self._meters_rows = 0

    def _revealed_hook(self) -> None:
        self.pending_index = 0
        self._pending_seen = ()

    @property
    def duel(self) -> bool:
        """Two players: the Bean Duel (RULES.md section 5)."""
        return setup(self.hs.state).duel

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        state = self.hs.state
        mode = "-voyage" if state.mode is Mode.VOYAGE else "-classic"
        # the command line over the key bar, its hint over the rule above the hand, on a layer
        # of their own: opening it changes no row of the table. First: a widget placed before
        # another changes the other's painting order, and Textual repaints the whole screen
        yield CommandHint(id="command-hint")
        yield CommandBar(self._complete, id="command")
        with Vertical(id="table", classes=mode):
            yield Panel(id="status")
            with Horizontal(id="main"):
                with Vertical(id="left"):
                    with Area(id="players"):
                        # the person at the keyboard (else the player whose turn it is), larger
                        yield PlayerPanel(state.active, id="player-big", classes="player big")
                        with Container(id="player-grid"):
                            for p in range(len(state.players)):
                                yield PlayerPanel(p, id=f"player-{p}", classes="player")
                    with Area(id="board"):
                        yield Panel(id="faceup")
                        yield Panel(id="offers")
                        yield Panel(id="reference")
                with Vertical(id="side"):
                    yield EventLog(id="log")
                    with Area(id="side-more"):
                        if state.mode is Mode.VOYAGE:
                            yield Panel(id="side-map")
                        yield Panel(id="side-meters")
            if state.mode is Mode.VOYAGE:
                with Horizontal(id="island-map"):
                    for kind in islandmap.COLUMNS:
                        yield Panel(id=f"islands-{kind.value}", classes="islands")
            # the table's notices: a line of their own, never over the hand, the cards or the keys
            yield Panel(id="notice")
            yield Panel(id="pending")
            yield Panel(id="hand")
        yield Static(
            _("Please enlarge the terminal to at least {w}×{h} characters.").format(
                w=MIN_WIDTH, h=MIN_HEIGHT
            ),
            id="too-small",
        )
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        # after each layout: the log strip takes the rows the players leave free (narrow)
        self.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._laid_out())
        log = self.query_one(EventLog)
        if self.hs.state.mode is Mode.VOYAGE:
            for kind in islandmap.COLUMNS:
                column = self._panel(f"#islands-{kind.value}")
                column.border_title = islandmap.column_title(kind)
            # what each island type pays: the decision where to plant, sail, buy a harbor
            reference = self._panel("#reference")
            reference.border_title = _("Beanometers by island type")
            kinds = setup(self.hs.state).deck_kinds
            meters = render.colony_beanometers(kinds)
            reference.show_content(meters)
            self._meters_rows = len(meters.plain.splitlines()) + 2  # and its border
        else:
            reference = self._panel("#reference")
            reference.border_title = _("Beanometers: beans → coins")
            reference.show_content(render.beanometer_table(self.hs.state))
        log.add_events(self.host.opening_lines())
        self._show_side()
        self._check_size(self.app.size.width, self.app.size.height)
        self.advance()

    #: the theme the table's widgets were last styled in (``modal.keep_styles``)
    styled_theme: str | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        keep_styles(self, event)
        if self._stale:
            self.refresh_table()  # before Textual repaints the resumed screen: one frame
        # Textual repaints the whole screen as it resumes, the log's new lines with it; a
        # log written to while another screen was on top may still have to scroll to its
        # last line. (Refreshing it anyway painted a second frame of the same lines.)
        log = self.query_one(EventLog)
        if log.scroll_y < log.max_scroll_y:
            log.scroll_end(animate=False)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        state = self.hs.state
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
        # the larger panels of every player need room: many players, Bohn Voyage's ships and stores
        players = len(state.players)
        need = (
            36 + 2 * max(0, players - 3) if state.mode is Mode.VOYAGE else 36 if players >= 6 else 0
        )
        crowded = self._crowded_at((width, height))
        compact = width < COMPACT_WIDTH or height < max(COMPACT_HEIGHT, need) or crowded >= 2
        # room for the larger panel of the person at the keyboard
        roomy = not compact and height >= ROOMY_HEIGHT
        classes = (compact, width < COMPACT_WIDTH, roomy, crowded)
        changed = classes != getattr(self, "_size_classes", None)
        self._size_classes = classes
        self.set_class(compact, "-compact")
        self.set_class(compact and width < COMPACT_WIDTH, "-narrow")
        self.set_class(roomy, "-roomy")
        self.set_class(height >= TALL_HEIGHT + 4 * max(0, players - 3), "-tall")
        self.set_class(crowded >= 1, "-no-reference")
        self.set_class(crowded == 2, "-crowded")
        self.query_one(KeyBar).set_lines(2 if roomy else 1)
        self.extra_keys = {"side"} if compact else set()
        if changed:
            self.refresh_bindings()  # the key bar: v
            self._show_side()
        if changed and self._player_panels:
            # the panel hidden behind the larger one shows again; at once, hidden or not: the
            # table's new shape is laid out behind the screen on top (at the first privacy
            # screen, the table gives way unseen), not as it shows
            self._show_table()

    def _big_panel(self) -> bool:
        """The person at the keyboard has a panel of their own (not one in the grid)."""
        return self.has_class("-roomy") or self.has_class("-compact")

    # -- the side area: log, island map, beanometers ------------------------------------

    def _side_views(self) -> list[str]:
        """The log (on a narrow terminal its last line, then the whole log), the map, the meters."""
        views = [v for v in SIDE_VIEWS if v != "map" or self.hs.state.mode is Mode.VOYAGE]
        return views if self.has_class("-narrow") else [v for v in views if v != "history"]

    def action_side(self) -> None:
        """``v``: the side area shows the log, the island map (Bohn Voyage), the beanometers."""
        views = self._side_views()
        self.side = views[(views.index(self.side) + 1) % len(views)]
        self._show_side()

    def _show_side(self) -> None:
        names = {
            "log": _("Log"),
            "history": _("Whole log"),
            "map": _("Island map"),
            "meters": _("Beanometers"),
        }
        views = self._side_views()
        if self.side not in views:  # the terminal grew: the whole log shows anyway
            self.side = "log"
        after = names[views[(views.index(self.side) + 1) % len(views)]]
        for view in SIDE_VIEWS:
            self.set_class(self.side == view, f"-side-{view}")
        hint = _("v: {what}").format(what=after)
        log = self.query_one(EventLog)
        shown = names["history" if self.side == "history" else "log"]
        log.border_title = Content.assemble(shown, ("  " + hint, "$foreground-muted"))
        more = self.query_one("#side-more")
        more.border_title = Content.assemble(names[self.side], ("  " + hint, "$foreground-muted"))
        state = self.hs.state
        if self.side == "map":
            self._panel("#side-map").show_flow(
                lambda width: islandmap.map_block(self.hs.game_view(), width)
            )
        elif self.side == "meters":
            self._panel("#side-meters").show_flow(lambda width: render.meters_block(state, width))
        else:
            log.scroll_end(animate=False)
        self._fit_side()

    # -- showing the table ------------------------------------------------------------

    #: the table changed while an opaque screen hid it: shown again as it resumes
    _stale = False

    def _hidden(self) -> bool:
        """An opaque screen (a dialog, the privacy screen) hides the whole table: what changes
        beneath it is shown when the table resumes. Textual paints a screen beneath the top
        one again whenever it changes, into the top screen's frame, even where nothing of
        it shows: one frame per change instead of one when the table is seen again. (The
        table is filled the first time all the same: laid out behind the first privacy
        screen, it shows at once when the first person takes the keyboard.)"""
        top = self.app.screen
        return bool(self._player_panels) and top is not self and top.styles.background.a == 1

    def refresh_table(self) -> None:
        """Render the view of the person at the keyboard (no hand at all if nobody is)."""
        hs = self.hs
        viewer = hs.viewer()
        if viewer is None:  # the keyboard changes hands: nobody finds another's typing
            self.query_one("#command", CommandBar).reset()
        # what a hand-over closes, whether or not the table shows
        self._notice_outdated()
        self._side_back(hs.holder, hs.state.turn)
        if self._hidden():
            self._stale = True
            return
        self._show_table()

    def _show_table(self) -> None:
        """Each part of the table shows the view of the person at the keyboard."""
        self._stale = False
        hs = self.hs
        viewer = hs.viewer()
        state = hs.game_view()
        actor = hs.next_actor()
        self._panel("#status").show_flow(lambda width: render.status_line(state, actor, width))
        big = viewer if viewer is not None else state.active
        compact = self.has_class("-compact")
        if not self._player_panels:
            self._player_panels = list(self.query(PlayerPanel))
        for panel in self._player_panels:
            if panel.id == "player-big":
                panel.player = big
            else:
                panel.set_class(panel.player == big, "-in-big")
                if panel.player == big and self._big_panel():
                    continue  # hidden while the larger panel shows this player
            computer = not hs.is_human(panel.player)
            panel.show(
                state, viewer, wide=panel.id == "player-big", computer=computer, compact=compact
            )
        classic = state.mode is Mode.CLASSIC
        faceup = self._panel("#faceup")
        faceup.show_content(render.face_up_row(state, tiles=classic and not compact))
        on_table = state.phase is Phase.TRADE or bool(state.offered)
        faceup.display = on_table
        offers = self._panel("#offers")
        offers.show_content(render.offers_block(state, hs.on_call_people()))
        offers.display = bool(state.offers)
        self.query_one("#board").set_class(not on_table and not state.offers, "-empty")
        if not classic:
            # the map is made again only when what it shows changed (most keys leave it alone)
            shows = islandmap.map_signature(state)
            if shows != self._map_shown:
                self._map_shown = shows
                columns = islandmap.island_columns(state)
                for kind, column in zip(islandmap.COLUMNS, columns, strict=True):
                    # the column's third of the key under it, lines breaking between its entries
                    self._panel(f"#islands-{kind.value}").show_flow(
                        functools.partial(islandmap.column_with_legend, kind, column)
                    )
            if self.side == "map":
                self._panel("#side-map").show_flow(
                    lambda width: islandmap.map_block(state, width), key=shows
                )
        # planting shortens the hand by a card, undo lengthens it: no layout for either
        self._panel("#hand").show_flow(
            lambda width: render.hand_row(state, viewer, width), hold=(viewer, state.turn)
        )
        self._legal = {}
        for a in hs.legal():
            self._legal.setdefault(type(a), []).append(a)
        pending = self._pending_cards()
        if tuple(pending) != self._pending_seen:
            # new beans to plant: select one that can be planted now, if any can
            self._pending_seen = tuple(pending)
            plantable = {a.card for a in self._legal.get(Plant, []) if isinstance(a, Plant)}
            self.pending_index = next(
                (i for i, c in enumerate(pending) if c in plantable), self.pending_index
            )
        pending_row = self._panel("#pending")
        pending_row.display = bool(pending)
        if pending:
            self.pending_index = min(self.pending_index, len(pending) - 1)
            kept = set(state.players[viewer].kept) if viewer is not None else set()
            pending_row.show_content(render.pending_row(pending, self.pending_index, kept))
        self.refused = self._refused_keys()
        self._refresh_footer()

    def _laid_out(self) -> None:
        self._fit_players()
        self._fit_side()
        self.query_one("#command", CommandBar).place_hint(self.command_hint_above())

    def command_hint_above(self) -> int:
        """How far over the screen's bottom the command line's hint ends: on the rule above the hand."""
        hand = self._panel("#hand")
        return max(1, self.size.height - hand.region.y - 1) if hand.region else 1

    def _side_back(self, holder: int | None, turn: int) -> None:
        """Narrow: the whole log, the map or the beanometers take rows from the players (the
        own fields would scroll): they go back to the log's strip when the keyboard changes
        hands or the turn changes. A wider table keeps the view (it takes no player's rows)."""
        shown_for = (holder, turn)
        if shown_for == self._side_for:
            return
        self._side_for = shown_for
        if self.side != "log" and self.has_class("-narrow"):
            self.side = "log"
            self._show_side()

    def _crowded_at(self, size: tuple[int, int]) -> int:
        """How far the table has given way at this terminal size (``_fit_players``)."""
        at, crowded = self._crowded
        return crowded if at == size else 0

    def _fit_players(self) -> None:
        """Bohn Voyage: no player's panel is cut, nor the face-up cards. Late in a game
        (harbors, ships, stores) the panels may need more rows than the terminal's size
        promised: the board's beanometers by island type give way first (``v`` shows them),
        then the larger panels (each other player in a few lines, the island map kept). What
        gave way stays so at this terminal size (a resize tries the larger layout again).

        Called after each layout, and counted from the panels' own heights: the players take
        the rows the board (at most half the column) leaves them. Outside phase 2 the board
        is counted as phase 2 brings it (the face-up cards, and the beanometers where the
        stylesheet shows them then): the table gives way before, most often unseen behind
        a privacy screen, not at the ``e`` that turns the cards up."""
        if self.hs.state.mode is not Mode.VOYAGE or self.has_class("-compact"):
            return  # a small terminal's table is compact already
        size = (self.size.width, self.size.height)
        crowded = self._crowded_at(size)
        board = self.query_one("#board")
        reference = self.query_one("#reference")
        if crowded and reference.region:
            return  # laid out before the beanometers left the board: the next layout counts
        column = self.query_one("#left").size.height
        need = sum(w.outer_size.height for w in self.query_one("#players").children if w.display)
        shown = [w for w in board.children if w.display] if board.display else []
        rows = sum(w.outer_size.height for w in shown if w is not reference)
        if not (board.display and self.query_one("#faceup").display):
            rows += FACEUP_ROWS
        if reference in shown:
            meters = reference.outer_size.height
        elif not crowded and self.has_class("-roomy"):  # on the board in phase 2
            meters = self._meters_rows
        else:
            meters = 0

        def fits(board_rows: int) -> bool:
            return need + min(board_rows, column // 2) <= column

        if fits(rows + meters):
            return
        self._crowded = (size, 1 if not crowded and meters and fits(rows) else 2)
        self._check_size(*size)

    def _fit_side(self) -> None:
        """Narrow: the log strip takes the rows the players and the board leave free (2 at least).

        The players' area would keep them empty otherwise (a duel needs a few rows);
        called after each layout; the height changes, and the screen is laid out again,
        only when theirs did.
        """
        side = self.query_one("#side")
        rows: int | None = None
        if self.has_class("-narrow") and self.side == "log":
            main = self.query_one("#main").size.height
            need = sum(
                w.outer_size.height
                for w in (*self.query_one("#players").children, self.query_one("#board"))
                if w.display
            )
            rows = max(2, main - need)
        if rows != self._side_rows:
            self._side_rows = rows
            side.styles.height = rows  # None: the stylesheet's height again
            self.query_one(EventLog).scroll_end(animate=False)  # the last lines stay in view

    def _options(self, key: str) -> list[choices.Choice]:
        """What the key would offer the person at the keyboard now, each with the engine's verdict."""
        holder = self.hs.holder
        if holder is None:
            return []
        return choices.key_options(self.hs.state, holder, key, self._card_to_plant())

    def _refused_keys(self) -> dict[str, list[str]]:
        holder = self.hs.holder
        if holder is None:
            return {}
        valid = {t for t, actions in self._legal.items() if actions}
        return choices.refused_keys(self.hs.state, holder, valid, self._card_to_plant())

    def _explain(self, key: str) -> bool:
        """If every option of ``key`` is refused, say why (log and notification) and return True."""
        reasons = self.refused.get(key)
        if not reasons:
            return False
        hint = self._room_hint() if key == "plant" else ""
        self._tell_refusals(reasons, hint)
        return True

    def _room_hint(self) -> str:
        """What makes room for a bean no field takes: a harvest, or in Bohn Voyage a full
        Kontor emptied by a bean onto a ship or into the pirate store (D-4, the own turn)."""
        holder = self.hs.holder
        if holder is not None and (
            self._legal.get(Load)
            or any(
                isinstance(a, ToStore)
                and a.card in self.hs.state.players[holder].holdings[0].kontor
                for a in self._legal.get(ToStore, [])
            )
        ):
            return _(
                "Harvest a field (h), or make room in the Kontor: load a ship (l) or "
                "put a bean into the pirate store (g)."
            )
        return _("Harvest a field (h) to make room.")

    def _tell_refusals(self, reasons: list[str], hint: str = "") -> None:
        """The engine's reasons (rule id and words) in the log, the first in a notification.

        Said once: the same refusal again, with nothing played meanwhile, only
        rings the bell; a new one replaces the notification, never stacks on it.
        """
        told = (tuple(reasons), hint, len(self.hs.session.log))
        if told == self._told:
            self.app.bell()
            return
        self._told = told
        log = self.query_one(EventLog)
        for reason in reasons:
            log.add_refusal(reason)
        shown = ([hint] if hint else []) + reasons[:1] + (["…"] if len(reasons) > 1 else [])
        self.notify("\n".join(shown), title=_("Not possible now"), severity="warning", markup=False)

    # -- notices --------------------------------------------------------------------

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Show a notice in the line above the hand (the table's toasts would cover it).

        A new notice replaces the last one, so repeated refusals never stack; it
        goes when the person at the keyboard moves or the keyboard changes hands
        (the next person never reads the last one's refusals). The log keeps
        what it said.
        """
        self._waiting_notice = False
        text = Content.from_markup(message) if markup else Content(message)
        if title:
            text = Content.assemble((title, "bold"), "  ", text)
        notice = self._panel("#notice")
        for level in ("information", "warning", "error"):
            notice.set_class(level == severity, f"-{level}")
        notice.show_content(text)
        notice.display = True
        self._notice_for = (self.hs.holder, len(self.hs.session.log))

    def clear_notice(self) -> None:
        self._waiting_notice = False
        if self._notice_for is not None:
            self._notice_for = None
            self._told = None  # a refusal met again is told again
            self._panel("#notice").display = False

    #: the notice says the computer players are moving (``TableScreen.on_key``)
    _waiting_notice = False

    def _notice_outdated(self) -> None:
        """Clear the notice once the keyboard changed hands or its holder moved since (or,
        saying that the computer players move, once they are done)."""
        if self._notice_for is None:
            return
        if self._waiting_notice:
            actor = self.hs.next_actor()
            if actor is None or self.hs.is_human(actor):
                self._waiting_notice = False
                self.clear_notice()
                return
        holder, moves = self._notice_for
        log = self.hs.session.log
        if (
            self.hs.holder != holder
            or len(log) < moves
            or any(getattr(a, "player", None) == holder for a in log[moves:])
        ):
            self.clear_notice()

    def _refresh_footer(self) -> None:
        """Redraw the Footer only when the keys valid now changed (it is the costliest repaint)."""
        keys = tuple(
            self.check_action(*_split_action(b.action))
            for b in self.BINDINGS
            if isinstance(b, Binding)
        ) + tuple(sorted(self.refused))
        if keys != self._footer_keys:
            self._footer_keys = keys
            self.refresh_bindings()

    def _panel(self, selector: str) -> Panel:
        return self.query_one(selector, Panel)

    def _pending_cards(self) -> list[int]:
        viewer = self.hs.viewer()
        state = self.hs.state
        if viewer is not None and viewer == state.active and self.duel:
            # R-DUEL-4: the beans on offer (step 1), the turned-up ones (step 3)
            return state.offered or (state.face_up if state.phase is Phase.TRADE else [])
        if viewer is None or state.phase is not Phase.PLANT_TRADED:
            return []
        p = state.players[viewer]
        return p.kept + p.received

    def _card_to_plant(self) -> int | None:
        state = self.hs.state
        holder = self.hs.holder
        if holder is None:
            return None
        if state.phase is Phase.PLANT and holder == state.active and not state.offered:
            hand = state.players[holder].hand
            return hand[0] if hand else None
        pending = self._pending_cards()
        if pending:
            return pending[min(self.pending_index, len(pending) - 1)]
        return None

    def _complete(self, text: str) -> list[str]:
        holder = self.hs.holder
        if holder is None:
            return []
        try:
            from bohnanza_tui.commands import completions
        except ImportError:
            return []
        try:
            return list(completions(self.hs.state, holder, text))
        except Exception:  # completion must never break typing
            return []


def _split_action(action: str) -> tuple[str, tuple[object, ...]]:
    name, _sep, rest = action.partition("(")
    params = tuple(int(x) for x in rest.rstrip(")").split(",") if x.strip().lstrip("-").isdigit())
    return name, params
