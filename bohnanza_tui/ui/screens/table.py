"""The table: the whole game at one keyboard.

This screen shows ``rules.view(state, viewer)`` for the person at the
keyboard and turns keys, clicks and typed commands into actions for the
Session. The hot-seat order (who acts next, when the keyboard changes
hands, the computer players) comes from ``HotSeat``; every rule from the
engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from bohnanza_tui.i18n import N_, _
from bohnanza_tui.rules import Action, IllegalAction, Mode, Phase, check
from bohnanza_tui.rules.actions import (
    EndPhase,
    Harvest,
    Keep,
    MakeOffer,
    Plant,
    RaidKontor,
)
from bohnanza_tui.rules.params import bean_name

from .. import choices, islandmap, render
from ..widgets import CommandBar, EventLog, KeyBar, Panel, PlayerPanel
from .choice import ChoiceScreen
from .flow import GameFlowScreen

if TYPE_CHECKING:
    from ..hotseat import HotSeat

MIN_WIDTH, MIN_HEIGHT = 100, 30
#: from this height on, the person at the keyboard gets a larger panel
ROOMY_HEIGHT = 36


class TableScreen(GameFlowScreen):
    BINDINGS = [
        Binding("i", "choose_island", _("Island")),
        Binding("p", "plant", _("Plant")),
        *[Binding(str(n), f"plant_on({n - 1})", show=False) for n in range(1, 5)],
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("h", "harvest", _("Harvest")),
        Binding("H", "harvest_other", _("Harvest (other)")),
        Binding("e", "end_plant", _("Turn up cards")),
        Binding("e", "end_trade", _("End trading")),
        Binding("e", "end_turn", _("Draw, end turn")),
        Binding("k", "keep", _("Keep")),
        Binding("t", "trade", _("Offer")),
        Binding("d", "donate", _("Donate")),
        Binding("o", "offers", _("Offers")),
        Binding("b", "buy", _("Buy")),
        Binding("s", "sail", _("Sail")),
        Binding("l", "load", _("Load")),
        Binding("x", "unload", _("Unload")),
        Binding("g", "store", _("To store")),
        Binding("m", "move", _("Kontor→field")),
        Binding("r", "raid", _("Raid")),
        Binding("u,ctrl+z", "undo", _("Undo")),
        Binding("colon,slash", "command", _("Command")),
    ]

    #: the key bar's names for a narrow terminal (else the first word of the description)
    SHORT_NAMES = {
        "harvest_other": N_("Others"),
        "end_plant": N_("Turn up"),
        "end_trade": N_("End trade"),
        "end_turn": N_("End turn"),
        "store": N_("Store"),
        "move": N_("K→field"),
    }

    def __init__(self, hotseat: HotSeat) -> None:
        super().__init__(hotseat)
        self.pending_index = 0
        self._legal: dict[type, list[Action]] = {}
        #: keys with options that are all refused now, and the engine's reasons
        self.refused: dict[str, list[str]] = {}
        self._footer_keys: tuple[object, ...] = ()
        self._player_panels: list[PlayerPanel] = []

    def _revealed_hook(self) -> None:
        self.pending_index = 0

    # -- layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        state = self.hs.state
        mode = "-voyage" if state.mode is Mode.VOYAGE else "-classic"
        with Vertical(id="table", classes=mode):
            yield Panel(id="status")
            with Horizontal(id="main"):
                with Vertical(id="left"):
                    with VerticalScroll(id="players"):
                        # the person at the keyboard (else the player whose turn it is), larger
                        yield PlayerPanel(state.active, id="player-big", classes="player big")
                        with Container(id="player-grid"):
                            for p in range(len(state.players)):
                                yield PlayerPanel(p, id=f"player-{p}", classes="player")
                    with VerticalScroll(id="board"):
                        yield Panel(id="faceup")
                        yield Panel(id="offers")
                        if state.mode is Mode.CLASSIC:
                            yield Panel(id="reference")
                with Vertical(id="side"):
                    yield EventLog(id="log", wrap=True, markup=False, min_width=20)
            if state.mode is Mode.VOYAGE:
                with Horizontal(id="island-map"):
                    for kind in islandmap.COLUMNS:
                        yield Panel(id=f"islands-{kind.value}", classes="islands")
            yield Panel(id="pending")
            yield Panel(id="hand")
            yield CommandBar(self._complete, id="command")
        yield Static(
            _("Please enlarge the terminal to at least {w}×{h} characters.").format(
                w=MIN_WIDTH, h=MIN_HEIGHT
            ),
            id="too-small",
        )
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#command", CommandBar).display = False
        log = self.query_one(EventLog)
        log.border_title = _("Log")
        if self.hs.state.mode is Mode.VOYAGE:
            for kind in islandmap.COLUMNS:
                column = self._panel(f"#islands-{kind.value}")
                column.border_title = islandmap.column_title(kind)
                column.border_subtitle = islandmap.legend(kind)
        else:
            reference = self._panel("#reference")
            reference.border_title = _("Beanometers: beans → coins")
            reference.show_content(render.beanometer_table(self.hs.state))
        log.add_events(self.bohnanza.opening_lines())
        self._check_size(self.app.size.width, self.app.size.height)
        self.advance()

    def on_screen_resume(self) -> None:
        # lines written while another screen was on top are kept but not yet painted
        log = self.query_one(EventLog)
        log.refresh()
        log.scroll_end(animate=False)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
        # room for the larger panel of the person at the keyboard
        roomy = height >= ROOMY_HEIGHT
        changed = roomy != self.has_class("-roomy")
        self.set_class(roomy, "-roomy")
        self.query_one(KeyBar).set_lines(2 if roomy else 1)
        if changed and self._player_panels:
            self.refresh_table()  # the panel hidden behind the larger one shows again

    # -- showing the table ------------------------------------------------------------

    def refresh_table(self) -> None:
        """Render the view of the person at the keyboard (no hand at all if nobody is)."""
        hs = self.hs
        viewer = hs.viewer()
        state = hs.game_view()
        actor = hs.next_actor()
        self._panel("#status").show_content(render.status_line(state, actor))
        big = viewer if viewer is not None else state.active
        if not self._player_panels:
            self._player_panels = list(self.query(PlayerPanel))
        for panel in self._player_panels:
            if panel.id == "player-big":
                panel.player = big
            else:
                panel.set_class(panel.player == big, "-in-big")
                if panel.player == big and self.has_class("-roomy"):
                    continue  # hidden while the larger panel shows this player
            computer = not hs.is_human(panel.player)
            panel.show(state, viewer, wide=panel.id == "player-big", computer=computer)
        classic = state.mode is Mode.CLASSIC
        faceup = self._panel("#faceup")
        faceup.show_content(render.face_up_row(state, tiles=classic))
        faceup.display = state.phase is Phase.TRADE
        offers = self._panel("#offers")
        offers.show_content(render.offers_block(state))
        offers.display = bool(state.offers)
        self.query_one("#board").set_class(
            state.phase is not Phase.TRADE and not state.offers, "-empty"
        )
        if not classic:
            columns = islandmap.island_columns(state)
            for kind, column in zip(islandmap.COLUMNS, columns, strict=True):
                self._panel(f"#islands-{kind.value}").show_content(column)
        self._panel("#hand").show_content(render.hand_row(state, viewer))
        pending = self._pending_cards()
        pending_row = self._panel("#pending")
        pending_row.display = bool(pending)
        if pending:
            self.pending_index = min(self.pending_index, len(pending) - 1)
            kept = set(state.players[viewer].kept) if viewer is not None else set()
            pending_row.show_content(render.pending_row(pending, self.pending_index, kept))
        self._legal = {}
        for a in hs.legal():
            self._legal.setdefault(type(a), []).append(a)
        self.refused = self._refused_keys()
        self._refresh_footer()

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
        hint = _("Harvest a field (h) to make room.") if key == "plant" else ""
        self._tell_refusals(reasons, hint)
        return True

    def _tell_refusals(self, reasons: list[str], hint: str = "") -> None:
        """The engine's reasons (rule id and words) in the log, and the first few in a notification."""
        log = self.query_one(EventLog)
        for reason in reasons:
            log.add_refusal(reason)
        shown = ([hint] if hint else []) + reasons[:3] + (["…"] if len(reasons) > 3 else [])
        self.notify("\n".join(shown), title=_("Not possible now"), severity="warning", markup=False)

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
        if viewer is None or state.phase is not Phase.PLANT_TRADED:
            return []
        p = state.players[viewer]
        return p.kept + p.received

    # -- which keys work now ----------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        hs = self.hs
        holder = hs.holder
        state = hs.state
        if action == "command":
            return holder is not None and not state.over
        if action == "undo":
            return not state.over and holder is not None and hs.session.can_undo(holder) is None
        if action == "harvest_other":
            return not state.over and len(hs.humans) > 1
        if action in choices.KEY_ACTIONS:
            if holder is None:
                return False
            # a key whose every option the engine refuses stays (dimmed): pressing it says why
            legal = any(self._legal.get(t) for t in choices.KEY_ACTIONS[action])
            return legal or action in self.refused
        if action in ("end_plant", "end_trade", "end_turn"):
            phase = {
                "end_plant": Phase.PLANT,
                "end_trade": Phase.TRADE,
                "end_turn": Phase.PLANT_TRADED,
            }
            return bool(self._legal.get(EndPhase)) and state.phase is phase[action]
        if action in ("trade", "donate"):
            return holder is not None and state.phase is Phase.TRADE
        if action == "offers":
            return (
                holder is not None
                and state.phase is Phase.TRADE
                and bool(choices.offer_choices(state, holder))
            )
        return True

    # -- small helpers -----------------------------------------------------------------

    def _choose(
        self,
        title: str,
        options: list[choices.Choice],
        then: Any,
        note: str = "",
        auto: bool = True,
    ) -> None:
        """Play a lone allowed option at once (if ``auto``); otherwise let the player pick."""
        allowed = [c for c in options if c.allowed]
        if auto and len(allowed) == 1 and len(options) == 1:
            then(allowed[0].value)
            return

        def chosen(value: Any) -> None:
            if value is not None:
                then(value)

        self.app.push_screen(ChoiceScreen(title, options, note), callback=chosen)

    def _play_choice(self, title: str, options: list[choices.Choice], note: str = "") -> None:
        self._choose(title, options, self.play, note)

    def _card_to_plant(self) -> int | None:
        state = self.hs.state
        holder = self.hs.holder
        if holder is None:
            return None
        if state.phase is Phase.PLANT and holder == state.active:
            hand = state.players[holder].hand
            return hand[0] if hand else None
        pending = self._pending_cards()
        if pending:
            return pending[min(self.pending_index, len(pending) - 1)]
        return None

    # -- actions: phases 1 and 3 --------------------------------------------------------

    def action_plant(self) -> None:
        if self._explain("plant"):
            return
        card = self._card_to_plant()
        if card is None or self.hs.holder is None:
            return
        state = self.hs.state
        options = choices.plant_choices(state, self.hs.holder, card)
        allowed = [c.value for c in options if c.allowed]
        if not allowed:
            # this bean fits nowhere, though another waiting one does: say so, no dead-end list
            reasons = list(dict.fromkeys(c.refusal for c in options if c.refusal))
            hint = _(
                "No field takes the {bean} now: plant another bean first (← →) or harvest (h)."
            )
            self._tell_refusals(reasons, hint.format(bean=bean_name(_kind(card))))
            return
        if len(allowed) == 1 or state.mode is Mode.CLASSIC:
            # classic fields are alike: onto the field that holds this kind, else the first free one
            self.play(choices.preferred_plant(state, allowed))
            return
        title = _("Plant {bean} where?").format(bean=render.bean(_kind(card)).plain)
        self._play_choice(title, options)

    def action_plant_on(self, index: int) -> None:
        card = self._card_to_plant()
        holder = self.hs.holder
        if card is None or holder is None:
            return
        state = self.hs.state
        island = state.turn_island if state.mode is Mode.VOYAGE else holder
        if state.phase is Phase.PLANT_TRADED and card in state.players[holder].received:
            island = holder
        self.play(Plant(holder, card, island, index))

    def action_field(self, island: int, slot: int) -> None:
        """A click on one of your fields: plant the card at hand there, else harvest it."""
        holder = self.hs.holder
        if holder is None:
            return
        card = self._card_to_plant()
        if card is not None and check(self.hs.state, Plant(holder, card, island, slot)) is None:
            self.play(Plant(holder, card, island, slot))
        else:
            self.play(Harvest(holder, island, slot))

    def action_cursor(self, step: int) -> None:
        pending = self._pending_cards()
        if pending:
            self.pending_index = (self.pending_index + step) % len(pending)
            self.refresh_table()

    def action_select_pending(self, index: int) -> None:
        self.pending_index = index
        self.refresh_table()

    def action_harvest(self) -> None:
        if self._explain("harvest"):
            return
        holder = self.hs.holder
        if holder is not None:
            self._play_choice(
                _("Harvest which field?"), choices.harvest_choices(self.hs.state, holder)
            )

    def action_harvest_other(self) -> None:
        """Anyone may harvest at any time: ask who, hide the hands, then which field."""
        hs = self.hs
        before = hs.holder
        hs.hide()
        self.refresh_table()
        players = [p for p in hs.humans]

        def chosen(player: int | None) -> None:
            if player is None:
                hs.holder = before
                self.refresh_table()
                return
            options = choices.harvest_choices(hs.state, player)

            def done(action: Action | None) -> None:
                if action is not None and self.play(action):
                    return
                if player == before or before is None:
                    hs.holder = before
                    self.refresh_table()
                else:
                    self.advance()  # the keyboard goes back behind the privacy screen

            self.app.push_screen(
                ChoiceScreen(
                    _("{name} harvests which field?").format(name=hs.state.players[player].name),
                    options,
                ),
                callback=done,
            )

        self.app.push_screen(
            ChoiceScreen(_("Who harvests?"), choices.player_choices(hs.state, players)),
            callback=chosen,
        )

    def action_end_plant(self) -> None:
        self._end()

    def action_end_trade(self) -> None:
        self._end()

    def action_end_turn(self) -> None:
        self._end()

    def _end(self) -> None:
        if self.hs.holder is not None:
            self.play(EndPhase(self.hs.holder))

    def action_choose_island(self) -> None:
        holder = self.hs.holder
        if holder is None:
            return
        kind, options = choices.island_choices(self.hs.state, holder)
        self._play_choice(
            _("This turn's island: type {t} is due").format(t=kind),
            options,
            _("Your beans from the hand and the kept face-up cards go to this island this turn."),
        )

    # -- actions: phase 2 --------------------------------------------------------------

    def action_keep(self, card: int | None = None) -> None:
        holder = self.hs.holder
        if holder is None:
            return
        if card is not None:
            self.play(Keep(holder, card))
            return
        if self._explain("keep"):
            return
        self._play_choice(
            _("Keep which face-up card?"), choices.keep_choices(self.hs.state, holder)
        )

    def action_trade(self, donation: bool = False) -> None:
        from .trade import OfferBuilder

        holder = self.hs.holder
        if holder is None:
            return
        self.app.push_screen(
            OfferBuilder(self.hs.state, holder, donation=donation),
            callback=self._offer_built,
        )

    def action_donate(self) -> None:
        self.action_trade(donation=True)

    def _offer_built(self, offer: MakeOffer | None) -> None:
        if offer is not None:
            self.play(offer)

    def action_offers(self) -> None:
        holder = self.hs.holder
        if holder is None:
            return

        def picked(value: Any) -> None:
            if isinstance(value, tuple) and value[0] == "answer":
                self._answer(value[1])
            elif value is not None:
                self.play(value)

        self._choose(_("Open offers"), choices.offer_choices(self.hs.state, holder), picked)

    def _answer(self, offer_id: int) -> None:
        from .trade import AnswerScreen

        holder = self.hs.holder
        if holder is None:
            return
        self.app.push_screen(AnswerScreen(self.hs.state, holder, offer_id), callback=self._answered)

    def _answered(self, result: list[Action] | None) -> None:
        """An answer is one action (accept, decline) or a counter: decline plus a new offer."""
        if not result:
            return
        first, *rest = result
        if not rest:
            self.play(first)
            return
        # a counter-offer: the decline must not hand the keyboard on before the new offer exists
        try:
            events = self.hs.session.play(first)
        except IllegalAction as exc:
            self.query_one(EventLog).add_refusal(str(exc.refusal))
            return
        self.query_one(EventLog).add_events([str(e) for e in events])
        self.bohnanza.after_action()
        for action in rest:
            if not self.play(action):
                self.advance()
                return

    # -- actions: Bohn Voyage ----------------------------------------------------------

    def _voyage(self, title: str, key: str) -> None:
        if self.hs.holder is not None and not self._explain(key):
            self._play_choice(title, self._options(key))

    def action_buy(self) -> None:
        self._voyage(_("Buy what?"), "buy")

    def action_sail(self) -> None:
        self._voyage(_("Sail where?"), "sail")

    def action_load(self) -> None:
        self._voyage(_("Load which ship?"), "load")

    def action_unload(self) -> None:
        self._voyage(_("Unload which ship?"), "unload")

    def action_store(self) -> None:
        self._voyage(_("Which bean goes into the pirate store?"), "store")

    def action_move(self) -> None:
        self._voyage(_("Move which Kontor bean onto a field?"), "move")

    def action_raid(self) -> None:
        holder = self.hs.holder
        if holder is None or self._explain("raid"):
            return
        state = self.hs.state

        def target(action: Action | None) -> None:
            if isinstance(action, RaidKontor):
                self._play_choice(
                    _("Where do the pirates put the bean?"),
                    choices.raid_destinations(self.hs.state, action),
                )
            elif action is not None:
                self.play(action)

        # a raid costs five beans: always show what is raided before it happens
        self._choose(_("Raid what?"), choices.raid_targets(state, holder), target, auto=False)

    # -- undo and the command line -------------------------------------------------------

    def action_undo(self) -> None:
        session = self.hs.session
        holder = self.hs.holder
        refusal = session.can_undo(holder)
        if refusal is not None:
            self.notify(str(refusal), title=_("Can't undo"), severity="warning", markup=False)
            return
        session.undo(holder)
        self.query_one(EventLog).add_note(_("Undone: the last action was taken back."))
        self.bohnanza.after_action()
        self.advance()

    def action_command(self) -> None:
        self.query_one("#command", CommandBar).open()

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

    @on(CommandBar.Submitted)
    def _command(self, event: CommandBar.Submitted) -> None:
        bar = self.query_one("#command", CommandBar)
        holder = self.hs.holder
        if holder is None:
            return
        try:
            from bohnanza_tui import commands
        except ImportError:
            bar.hint(_("The command language is not installed."), error=True)
            return
        words = event.text.split()
        if words and words[0] in ("help", "?"):
            from .help import TextScreen

            topic = words[1] if len(words) > 1 else None
            try:
                text = commands.help_text(topic)
            except commands.CommandError as exc:
                bar.hint(str(exc), error=True)
                return
            self.app.push_screen(TextScreen(_("Commands"), text))
            return
        if words and words[0] == "undo":
            self.action_undo()
            return
        try:
            action = commands.to_action(self.hs.state, holder, event.text)
        except commands.CommandError as exc:
            bar.hint(str(exc), error=True)
            return
        bar.query_one("#command-input").value = ""  # type: ignore[attr-defined]
        if self.play(action, quiet=True):
            bar.hint(_("Done: {command}").format(command=event.text))
        else:
            refusal = check(self.hs.state, action)
            bar.hint(str(refusal) if refusal else _("Not allowed now."), error=True)

    @on(CommandBar.Closed)
    def _command_closed(self) -> None:
        self.set_focus(None)


def _split_action(action: str) -> tuple[str, tuple[object, ...]]:
    name, _sep, rest = action.partition("(")
    params = tuple(int(x) for x in rest.rstrip(")").split(",") if x.strip().lstrip("-").isdigit())
    return name, params


def _kind(card: int) -> int:
    from bohnanza_tui.rules import KIND_OF

    return KIND_OF[card]
