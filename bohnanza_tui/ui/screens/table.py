"""The table: the whole game at one keyboard.

``TableScreen`` turns keys, clicks and typed commands into actions for the
Session; what the table shows is ``TableView``'s. The hot-seat order (who
acts next, when the keyboard changes hands, the computer players) comes from
``HotSeat``; every rule from the engine.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content

from bohnanza_tui.i18n import N_, _, ngettext
from bohnanza_tui.rules import (
    KIND_OF,
    KONTOR,
    Action,
    GameState,
    Mode,
    Phase,
    check,
    pending_players,
)
from bohnanza_tui.rules.actions import (
    BuyField,
    BuyHarbor,
    BuyPirateShip,
    BuyShip,
    Discard,
    EndPhase,
    Harvest,
    Keep,
    MakeOffer,
    Plant,
    RaidKontor,
    RaidShip,
)
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.params import bean_name
from bohnanza_tui.seating.hotseat import preferred_plant

from .. import choices, hints, render
from ..widgets import CommandBar, EventLog, KeyBar
from .choice import ChoiceScreen
from .help import TextScreen
from .privacy import PrivacyScreen
from .tableview import MIN_HEIGHT, MIN_WIDTH, TableView
from .trade import AnswerAllScreen, AnswerScreen, OfferBuilder

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "TableScreen"]


class TableScreen(TableView):
    BINDINGS = [
        Binding("i", "choose_island", N_("Island")),
        Binding("p", "plant", N_("Plant")),
        *[Binding(str(n), f"plant_on({n - 1})", show=False) for n in range(1, 5)],
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("h", "harvest", N_("Harvest")),
        Binding("H", "harvest_other", N_("Harvest (other)")),
        Binding("e", "end_plant", N_("Turn up cards")),
        Binding("e", "end_trade", N_("End trading")),
        Binding("e", "end_offer", N_("Offer the rest, draw")),
        Binding("e", "end_turn", N_("Draw, end turn")),
        Binding("k", "keep", N_("Keep")),
        Binding("t", "trade", N_("Offer")),
        Binding("d", "donate", N_("Donate")),
        Binding("d", "discard", N_("Discard")),
        Binding("o", "offers", N_("Offers")),
        Binding("B", "bid", N_("Bid")),
        Binding("b", "buy", N_("Buy")),
        Binding("s", "sail", N_("Sail")),
        Binding("l", "load", N_("Load")),
        Binding("x", "unload", N_("Unload")),
        Binding("g", "store", N_("To store")),
        Binding("m", "move", N_("Kontor→field")),
        Binding("r", "raid", N_("Raid")),
        Binding("u,ctrl+z", "undo", N_("Undo")),
        Binding("n", "hint", N_("Hint")),
        Binding("n", "hint_off", show=False),  # hints turned off: says so
        Binding("colon,slash", "command", N_("Command")),
    ]

    #: how the strong level searches for a hint (tests fix ``max_samples``: the same hint each run)
    hint_search: ClassVar[dict[str, Any]] = {}

    #: the key bar's names for a narrow terminal (else the first word of the description)
    SHORT_NAMES = {
        "harvest_other": N_("Others"),
        "end_plant": N_("Turn up"),
        "end_trade": N_("End trade"),
        "end_offer": N_("Offer rest"),
        "end_turn": N_("End turn"),
        "store": N_("Store"),
        "move": N_("K→field"),
        "side": N_("View"),
    }

    # -- which keys work now ----------------------------------------------------------

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        hs = self.hs
        holder = hs.holder
        state = hs.state
        if action == "command":
            return holder is not None and not state.over
        if action == "undo":
            return (
                not state.over
                and holder is not None
                and hs.session.can_undo(holder, hs.computers) is None
            )
        if action in ("hint", "hint_off"):
            # for the person at the keyboard with a decision to make; the other key says why not
            return self._hint_player() is not None and (action == "hint") == self._hints_on()
        if action == "harvest_other":  # not in the Bean Duel: R-DUEL-3
            return not state.over and len(hs.humans) > 1 and not self.duel
        if action in choices.KEY_ACTIONS:
            if holder is None:
                return False
            # a key whose every option the engine refuses stays (dimmed): pressing it says why
            legal = any(self._legal.get(t) for t in choices.KEY_ACTIONS[action])
            return legal or action in self.refused
        if action in ("end_plant", "end_trade", "end_offer", "end_turn"):
            phase = {
                "end_plant": Phase.PLANT,
                "end_trade": Phase.TRADE,
                "end_offer": Phase.TRADE,
                "end_turn": Phase.PLANT_TRADED,
            }
            if (action == "end_offer") != (self.duel and action in ("end_trade", "end_offer")):
                return False  # the Bean Duel's step 3 ends by leaving the rest on offer
            return bool(self._legal.get(EndPhase)) and state.phase is phase[action]
        if action == "bid":  # any other person offers to the active player (R-BASE-8)
            return holder is not None and bool(self._bidders())
        if action in ("trade", "donate"):
            return holder is not None and state.phase is Phase.TRADE and not self.duel
        if action == "offers":
            return (
                holder is not None
                and state.phase is Phase.TRADE
                and bool(choices.offer_choices(state, holder))
            )
        return True

    def on_key(self, event: events.Key) -> None:
        """A key nothing took while the computer players move (paced, one move at a time): say
        why, instead of losing it unseen (a Space typed for the end of the turn, say)."""
        actor = self.hs.next_actor()
        if actor is None or self.hs.is_human(actor) or self.hs.state.over:
            return
        bound = self.active_bindings.get(event.key)
        if bound is not None and bound.enabled:
            return  # a key that works meanwhile (help, harvest, the views...)
        name = self.hs.state.players[actor].name
        self.notify(
            _("{name} is playing: the keys work again when the computer players are done.").format(
                name=name
            ),
            markup=False,
        )
        self._waiting_notice = True

    # -- small helpers -----------------------------------------------------------------

    def _choose(
        self,
        title: str,
        options: list[choices.Choice],
        then: Any,
        note: str | Content = "",
        auto: bool = True,
        keys: list[str] | None = None,
    ) -> None:
        """Play a lone option at once (if ``auto``) when it costs nothing; else let the player pick.

        Truly one option (none refused beside it) that spends no coins nor beans:
        a key acts at once, and ``u`` takes it back. Anything else opens the list,
        so nothing is bought or raided without the player seeing it first.
        """
        if auto and self._plays_at_once(options):
            then(options[0].value)
            return

        def chosen(value: Any) -> None:
            if value is not None:
                then(value)

        screen = ChoiceScreen.reused(
            self.app, title, options, note, highlight=not self.just_passed, keys=keys
        )
        self.app.push_screen(screen, callback=chosen)

    @staticmethod
    def _plays_at_once(options: list[choices.Choice]) -> bool:
        """Truly one option, allowed, that spends nothing: a key plays it without a list."""
        return len(options) == 1 and options[0].allowed and not costly(options[0].value)

    def _play_choice(
        self, title: str, options: list[choices.Choice], note: str | Content = ""
    ) -> None:
        self._choose(title, options, self.play, note)

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
            self._tell_refusals(reasons, hint.format(bean=bean_name(KIND_OF[card])))
            return
        if len(allowed) == 1 or state.mode is Mode.CLASSIC:
            # classic fields are alike: onto the field that holds this kind, else the first free one
            self.play(preferred_plant(state, allowed))
            return
        title = _("Plant {bean} where?").format(bean=render.bean(KIND_OF[card]).plain)
        # each place by its number on the table (a Kontor k), as in the harvest list: 2 is
        # field 2 even when a refused field 1 is listed after it
        keys = field_keys([c.value for c in options], self.hs.holder)
        self._choose(title, options, self.play, keys=keys)

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
            self._harvest_list(holder, _("Harvest which field?"), self._play_chosen)

    def _play_chosen(self, action: Action | None) -> None:
        """A list's answer: its action, or nothing when it was closed (Escape)."""
        if action is not None:
            self.play(action)

    def _harvest_list(self, player: int, title: str, then: Any) -> None:
        """The fields ``player`` may harvest, each picked by its number on the table."""
        options = choices.harvest_choices(self.hs.state, player)
        keys = field_keys([c.value for c in options], player)
        screen = ChoiceScreen.reused(
            self.app, title, options, keys=keys, highlight=not self.just_passed
        )
        self.app.push_screen(screen, callback=then)

    def action_harvest_other(self) -> None:
        """Anyone may harvest at any time (R-BASE-11): ask who, hand them the keyboard, then which field."""
        hs = self.hs
        before = hs.holder
        hs.hide()

        def chosen(player: int | None) -> None:
            if player is None:
                hs.holder = before
                self.refresh_table()
            elif player == before or not hs.shared:
                hs.holder = before
                self.refresh_table()
                self._harvest_list(player, _("Harvest which field?"), done)
            else:
                name = hs.state.players[player].name
                reason = _("{name} harvests a field (anyone may, at any time).").format(name=name)
                self.app.push_screen(
                    PrivacyScreen.reused(self.app, name, reason),
                    callback=lambda _r: revealed(player),
                )

        def revealed(player: int) -> None:
            hs.reveal(player)
            self.just_passed = True
            try:
                name = hs.state.players[player].name
                self._harvest_list(
                    player, _("{name} harvests which field?").format(name=name), done
                )
            finally:
                self.just_passed = False
            self.refresh_table()

        def done(action: Action | None) -> None:
            if action is None or not self.play(action):
                self.advance()  # the keyboard goes to whom the game waits for

        people = sorted(hs.humans, key=lambda p: p != before)  # the one at the keyboard first
        self.app.push_screen(
            ChoiceScreen.reused(
                self.app, _("Who harvests?"), choices.player_choices(hs.state, people)
            ),
            callback=chosen,
        )
        self.refresh_table()  # nobody's hand, under the list

    def action_table_card(self, card: int) -> None:
        """A click on a bean on offer or turned up (Bean Duel): select it for planting."""
        pending = self._pending_cards()
        if card in pending:
            self.pending_index = pending.index(card)
            self.refresh_table()

    def action_discard(self) -> None:
        """Bean Duel (R-DUEL-4): discard the selected bean on offer, or pick a hand card."""
        if self._explain("discard"):
            return
        holder = self.hs.holder
        if holder is None:
            return
        state = self.hs.state
        if state.offered:
            pending = self._pending_cards()
            if pending:
                self.play(Discard(holder, pending[min(self.pending_index, len(pending) - 1)]))
                return
        self._choose(
            _("Discard which card?"), choices.discard_choices(state, holder), self.play, auto=False
        )

    def action_end_offer(self) -> None:
        self._end()

    def action_end_plant(self) -> None:
        self._end()

    #: the session's log length when ``e`` last asked to be pressed again (ending trading)
    _end_asked_at: int = -1

    def action_end_trade(self) -> None:
        if self._trade_just_turned_up():
            # the second plant turned the cards up by itself: an `e` typed as if it still had
            # to (p p e) would end the trading unseen; the first one says so, the second ends it
            self._end_asked_at = len(self.hs.session.log)
            self.notify(
                _("The cards are turned up: trade (t), keep (k), or press e again to end trading.")
            )
            return
        self._end()

    def _trade_just_turned_up(self) -> bool:
        """Did the active person's last plant turn the cards up, with nothing done since?"""
        state = self.hs.state
        log = self.hs.session.log
        return (
            state.phase is Phase.TRADE
            and self.hs.holder == state.active
            and not state.offers
            and len(state.face_up) == 2
            and bool(log)
            and isinstance(log[-1], Plant)
            and log[-1].player == state.active
            and self._end_asked_at != len(log)
        )

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
        holder = self.hs.holder
        if holder is None:
            return
        self.app.push_screen(
            OfferBuilder.reused(self.app, self.hs.state, holder, donation=donation),
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
        holder = self.hs.holder
        if holder is None:
            return
        screen = AnswerScreen.reused(
            self.app, self.hs.state, holder, offer_id, hints=self._hints_on()
        )
        self.app.push_screen(screen, callback=self._answered)

    def _answer_all(self, offer_ids: list[int]) -> None:
        holder = self.hs.holder
        if holder is not None:
            screen = AnswerAllScreen.reused(
                self.app, self.hs.state, holder, offer_ids, hints=self._hints_on()
            )
            self.app.push_screen(screen, callback=self._answered)

    def _answered(self, result: list[Action] | None) -> None:
        """Answers (accept, decline; a counter is a decline plus a new offer), played together."""
        if result:
            self.play_all(result)

    # -- actions: Bohn Voyage ----------------------------------------------------------

    def _voyage(self, title: str, key: str, note: str | Content = "") -> None:
        if self.hs.holder is not None and not self._explain(key):
            self._play_choice(title, self._options(key), note)

    def action_buy(self) -> None:
        self._voyage(_("Buy what?"), "buy", self._buy_note())

    def _buy_note(self) -> str | Content:
        """A harbor is bought for what its island pays: the beanometers by island type."""
        state = self.hs.state
        if state.mode is not Mode.VOYAGE:
            return ""
        return render.colony_beanometers(setup(state).deck_kinds)

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
                places = choices.raid_destinations(self.hs.state, action)
                # each place by its number on the table (the Kontor k), as the plant list
                keys = field_keys([c.value for c in places], action.player)
                self._choose(_("Where do the pirates put the bean?"), places, self.play, keys=keys)
            elif action is not None:
                self.play(action)

        # a raid costs five beans: always show what is raided before it happens
        self._choose(_("Raid what?"), choices.raid_targets(state, holder), target, auto=False)

    # -- the hint ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, KeyBar):
                yield hints.HintPanel(id="hint")  # under the table, above the keys
            yield widget

    def _hints_on(self) -> bool:
        return self.hs.options.hints and hints.installed()

    def _hint_player(self) -> int | None:
        """The person at the keyboard, if the game waits for a decision of theirs."""
        holder = self.hs.holder
        state = self.hs.state
        if holder is None or state.over or holder not in pending_players(state):
            return None
        return holder

    def _hint_token(self) -> object:
        """The position and the person a hint answers: any move or hand-over changes it."""
        return (self._generation, self.hs.holder, len(self.hs.session.log))

    def refresh_table(self) -> None:
        super().refresh_table()
        panel = self.query_one(hints.HintPanel)
        if panel.token is not None and panel.token != self._hint_token():
            panel.close()  # a hint for another position (or person) is never shown

    def action_hint(self) -> None:
        """What the strong computer player would do now, and why: shown, never played."""
        player = self._hint_player()
        if player is None or not self._hints_on():
            return
        panel = self.query_one(hints.HintPanel)
        token = self._hint_token()
        if panel.token == token:
            panel.close()  # n again hides it
            return
        state = self.hs.state
        panel.thinking(token, state.players[player].name)
        seed = state.seed * 7919 + len(self.hs.session.log)
        self._think_hint(token, self.hs.game_view_of(player), player, seed, self._made(player))

    def _made(self, player: int) -> list[MakeOffer]:
        """The offers ``player`` made in this trading phase (a hint never repeats one)."""
        made: list[MakeOffer] = []
        for action in reversed(self.hs.session.log):
            if isinstance(action, Plant | EndPhase):  # the phase began after it
                break
            if isinstance(action, MakeOffer) and action.player == player:
                made.append(action)
        return made

    @work(thread=True, exclusive=True, group="hint")
    def _think_hint(
        self,
        token: object,
        game_view: GameState,
        player: int,
        seed: int,
        made: list[MakeOffer],
    ) -> None:
        """The strong level searches off the UI thread; the table stays responsive."""
        search = {**self.hint_search, "made": made}
        text = hints.ask(game_view, player, seed, search)
        self.app.call_from_thread(self._hint_ready, token, text)

    def _hint_ready(self, token: object, text: hints.HintText | None) -> None:
        if token == self._hint_token():
            self.query_one(hints.HintPanel).show_hint(token, text)

    def action_hint_off(self) -> None:
        if not hints.installed():
            message = _("Hints come from the computer players, which are not installed.")
        else:
            message = _("Hints are off in this game: its set-up turned them off.")
        self.notify(message, title=_("No hints"), severity="warning", markup=False)

    # -- undo and the command line -------------------------------------------------------

    def action_undo(self) -> None:
        session = self.hs.session
        holder = self.hs.holder
        # a person's last move goes back with the computer players' replies to it
        depth = session.undo_depth(holder, self.hs.computers)
        if not isinstance(depth, int):
            self.notify(str(depth), title=_("Can't undo"), severity="warning", markup=False)
            return
        session.undo(holder, self.hs.computers)
        if depth == 1:
            note = _("Undone: the last action was taken back.")
        else:
            note = ngettext(
                "Undone: your last action and the computer player's reply after it.",
                "Undone: your last action and the {n} computer replies after it.",
                depth - 1,
            ).format(n=depth - 1)
        self.query_one(EventLog).add_note(note)
        self.host.after_action()
        self.advance()

    def action_command(self) -> None:
        rows = self.query_one(KeyBar).outer_size.height
        self.query_one("#command", CommandBar).open(rows, self.command_hint_above())

    @on(CommandBar.Submitted)
    def _command(self, event: CommandBar.Submitted) -> None:
        """Carry out a typed command: parsed first (so ``Undo`` is ``undo``), then resolved and played."""
        bar = self.query_one("#command", CommandBar)
        holder = self.hs.holder
        if holder is None:
            return
        try:
            from bohnanza_tui import commands
        except ImportError:
            bar.hint(_("The command language is not installed."), error=True)
            return
        try:
            command = commands.parse(event.text)
            if isinstance(command, commands.UndoCommand):
                self.action_undo()
                return
            if isinstance(command, commands.HelpCommand):
                page = TextScreen(_("Commands"), commands.help_text(command.topic))
                self.app.push_screen(page)
                return
            action = commands.resolve(self.hs.state, holder, command)
        except commands.CommandError as exc:
            bar.clear()  # the next command starts afresh (typed on, it joined the wrong one)
            bar.hint(str(exc), error=True)
            return
        bar.clear()
        if self.play(action, quiet=True):
            bar.hint(_("Done: {command}").format(command=event.text))
        else:
            refusal = check(self.hs.state, action)
            bar.hint(str(refusal) if refusal else _("Not allowed now."), error=True)

    @on(CommandBar.Closed)
    def _command_closed(self) -> None:
        self.set_focus(None)


def field_keys(values: list[Any], home: int) -> list[str]:
    """The key of each place in a list: a home field's own number, a Kontor ``k``, others a-j.

    The numbers are those printed on the table, so ``2`` is field 2 whatever
    else the list holds (a colony field before it, an empty field left out).
    """
    letters = iter("abcdefghij")
    keys = []
    for value in values:
        island, slot = getattr(value, "island", None), getattr(value, "slot", None)
        if island == home and isinstance(slot, int):
            keys.append("k" if slot == KONTOR else str(slot + 1))
        else:
            keys.append(next(letters, ""))
    return keys


#: actions that spend coins or beans, or sell a field: always chosen from a list
COSTLY = (BuyField, BuyHarbor, BuyShip, BuyPirateShip, RaidKontor, RaidShip, Harvest)


def costly(value: object) -> bool:
    return isinstance(value, COSTLY)
