"""The set-up screen: mode, players, who plays each seat, an optional seed, the options, the language.

The first screen of the app: it imports nothing of the rules core, which loads
in the background while it shows (see ``BohnanzaApp.on_mount``).
"""

from __future__ import annotations

import time
from typing import cast

from rich.cells import cell_len
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import (
    Button,
    Footer,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from bohnanza_tui.i18n import (
    N_,
    UnknownLanguage,
    _,
    available_languages,
    choose_language,
    current_language,
    msgid_lookup,
    native_name,
)
from bohnanza_tui.modes import OFFER_FREQUENCIES, OFFER_NAMES, PLAYER_COUNTS, OfferFrequency

from ..host import SetupHost
from ..saves import SavedGame
from ..seats import COMPUTER, HUMAN, LEVELS, Seat
from ..toggles import Cycle, Radio
from .confirm import ConfirmScreen

DEFAULT_NAMES = [N_("Ann"), N_("Bob"), N_("Cy"), N_("Dee"), N_("Eve"), N_("Fay"), N_("Gus")]
LEVEL_NAMES = {"random": N_("random"), "basic": N_("basic"), "strong": N_("strong")}


class SeatRow(Horizontal):
    """One seat: a name, and who plays it (a person, or a computer player of some level)."""

    def __init__(self, index: int, bots: bool) -> None:
        super().__init__(classes="seat")
        self.index = index
        self.bots = bots

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}.", classes="seat-number")
        yield Input(
            _(DEFAULT_NAMES[self.index]),
            max_length=20,
            classes="seat-name",
            id=f"name-{self.index}",
        )
        options: list[tuple[str, object]] = [(_("Human"), HUMAN)]
        if self.bots:
            options += [
                (_("Computer · {level}").format(level=_(LEVEL_NAMES[lv])), f"{COMPUTER}:{lv}")
                for lv in LEVELS
            ]
        yield Cycle(options, HUMAN, classes="seat-kind", id=f"kind-{self.index}")

    def seat(self) -> Seat:
        name = self.query_one(".seat-name", Input).value.strip()
        kind, _sep, level = str(self.query_one(".seat-kind", Cycle).value).partition(":")
        return Seat(name, kind, level or "basic")


class SetupScreen(Screen[None]):
    #: Start has the focus from the first paint (moving it there on mount redraws screen and footer)
    AUTO_FOCUS = "#start"
    BINDINGS = [
        Binding("ctrl+n,f5", "start", _("Start game")),
        Binding("plus", "players(1)", _("More players"), show=False),
        Binding("minus", "players(-1)", _("Fewer players"), show=False),
    ]

    def __init__(self, host: SetupHost, bots: bool, can_resume: bool = False) -> None:
        super().__init__()
        self.host = host
        self.bots = bots
        self.can_resume = can_resume

    def compose(self) -> ComposeResult:
        # the labels' column as wide as its longest word in the language in use
        labels = {key: _(key) for key in (N_("Game"), N_("Players"), N_("Seed"), N_("Options"))}
        width = max(10, *(cell_len(text) + 2 for text in labels.values()))

        def label(key: str) -> Label:
            widget = Label(labels[key], classes="setup-label")
            widget.styles.width = width
            return widget

        with Vertical(id="setup-box"):
            with Horizontal(id="setup-head"):
                yield Static(_("Bohnanza — a new game"), id="setup-title")
                language = Cycle(
                    [(native_name(lang), lang) for lang in available_languages()],
                    current_language(),
                    id="language",
                )
                language.tooltip = _("Language (remembered for the next start)")
                yield language
            with Horizontal(classes="setup-row"):
                yield label("Game")
                with RadioSet(id="mode"):
                    yield Radio(_("Classic Bohnanza (2-7 players)"), value=True, id="classic")
                    yield Radio(_("Bohn Voyage (3-5 players)"), id="voyage")
            with Horizontal(classes="setup-row"):
                yield label("Players")
                yield Cycle(self._count_options("classic"), 3, id="count")
            with Vertical(id="seats"):
                # rows for more players are mounted when the count goes up (a quick first paint)
                for i in range(3):
                    yield SeatRow(i, self.bots)
            if not self.bots:
                yield Static(
                    _("Computer players are not installed in this version."), classes="setup-note"
                )
            with Horizontal(classes="setup-row"):
                yield label("Seed")
                hint = _("optional: a number replays the same deal")
                seed = Input(placeholder=hint, type="integer", id="seed")
                seed.styles.width = min(max(46, cell_len(hint) + 6), 80 - width)  # the box's room
                yield seed
            if self.bots:
                with Horizontal(classes="setup-row"):
                    yield label("Options")
                    yield from self._options()
            yield Static("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button(_("Start (ctrl+n)"), id="start", variant="primary")
                if self.can_resume:
                    yield Button(_("Resume last game"), id="resume")
                yield Button(_("Load a saved game"), id="load")
            # the unfinished games, filled in after the first paint (a light read of each file)
            yield OptionList(id="unfinished")
        yield Footer()

    def _options(self) -> ComposeResult:
        """The game's options (kept in its save), as chosen last time."""
        from bohnanza_tui.settings import saved_options

        offers, hints = saved_options()
        choice = _("Computer offers to people: {choice}")
        cycle = Cycle(
            [(choice.format(choice=_(OFFER_NAMES[f])), f) for f in OFFER_FREQUENCIES],
            offers or "often",
            id="setup-offers",
            classes="setup-option",
        )
        cycle.tooltip = _(
            "How often computer players make offers that a person must answer "
            "(rarely: at most one a turn)"
        )
        yield cycle
        cycle = Cycle(
            [(_("Hints: on"), True), (_("Hints: off"), False)],
            True if hints is None else hints,
            id="setup-hints",
            classes="setup-option",
        )
        cycle.tooltip = _("Whether people may ask what the strong computer player would do (n)")
        yield cycle

    def on_mount(self) -> None:
        self.call_after_refresh(self._list_unfinished)

    def _list_unfinished(self) -> None:
        games = self.host.unfinished_games()
        self.unfinished = games
        listing = self.query_one("#unfinished", OptionList)
        listing.clear_options()
        listing.add_options([Option(game_label(g)) for g in games])
        listing.border_title = _("Unfinished games · Enter goes on with one")
        listing.display = bool(games)
        listing.highlighted = 0 if games else None

    @on(OptionList.OptionSelected, "#unfinished")
    def _resume_unfinished(self, event: OptionList.OptionSelected) -> None:
        self.host.resume_game(self.unfinished[event.option_index].path)

    def _count_options(self, mode: str) -> list[tuple[str, object]]:
        return [(str(n), n) for n in PLAYER_COUNTS[mode]]

    @property
    def mode(self) -> str:
        return "voyage" if self.query_one("#voyage", RadioButton).value else "classic"

    @property
    def count(self) -> int:
        return int(self.query_one("#count", Cycle).value)  # type: ignore[call-overload]

    def _show_seats(self, count: int) -> None:
        rows = list(self.query(SeatRow))
        for row in rows:
            row.display = row.index < count
        if count > len(rows):
            self.query_one("#seats").mount_all(
                SeatRow(i, self.bots) for i in range(len(rows), count)
            )

    @on(RadioSet.Changed, "#mode")
    def _mode_changed(self) -> None:
        counts = PLAYER_COUNTS[self.mode]
        count = min(max(self.count, counts[0]), counts[-1])
        self.query_one("#count", Cycle).set_options(self._count_options(self.mode), count)
        self._show_seats(count)

    @on(Cycle.Changed, "#count")
    def _count_changed(self, event: Cycle.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)

    def action_players(self, step: int) -> None:
        counts = PLAYER_COUNTS[self.mode]
        self.query_one("#count", Cycle).value = min(max(self.count + step, counts[0]), counts[-1])

    def seats(self) -> list[Seat]:
        return [row.seat() for row in self.query(SeatRow) if row.index < self.count]

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if text else None

    def options(self) -> tuple[OfferFrequency, bool]:
        """The computer players' offers to people, and whether hints are on."""
        if not self.bots:
            return "often", True
        offers = self.query_one("#setup-offers", Cycle).value
        hints = self.query_one("#setup-hints", Cycle).value
        return cast("OfferFrequency", offers), hints is True

    @on(Cycle.Changed, "#setup-offers, #setup-hints")
    def _options_changed(self) -> None:
        """Remember the options for the next start (as the language)."""
        from bohnanza_tui.settings import save_options

        save_options(*self.options())

    @on(Cycle.Changed, "#language")
    async def _language_changed(self, event: Cycle.Changed) -> None:
        """Switch the language at once and remember it; the form starts afresh in it."""
        from bohnanza_tui.settings import save_language

        from ..language import retranslate_nodes

        msgid_of = msgid_lookup()
        try:
            lang = choose_language(str(event.value))
        except UnknownLanguage as exc:  # the catalog went away since the start
            self.query_one("#setup-error", Static).update(str(exc))
            return
        save_language(lang)
        retranslate_nodes(self.app, msgid_of)
        await self.recompose()
        self.query_one("#language", Cycle).focus()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            seed = self.seed()
        except ValueError:
            self.query_one("#setup-error", Static).update(_("The seed must be a whole number."))
            return
        mode, seats = self.mode, self.seats()
        offers, hints = self.options()

        def start(yes: bool | None = True) -> None:
            if yes:
                error = self.host.new_game(mode, seats, seed, offers_to_people=offers, hints=hints)
                self.query_one("#setup-error", Static).update(error or "")

        latest = next((g for g in self.host.unfinished_games() if g.latest), None)
        if latest is None:
            start()
            return
        # the autosave holds a game: it is kept, but nothing is replaced without a question
        question = ConfirmScreen(
            _("Start a new game?"),
            _(
                "The last game ({game}) is not finished. It is kept: this screen lists it, "
                "to go on with it later."
            ).format(game=game_label(latest)),
            yes=_("Start a new game"),
            no=_("Back"),
        )
        self.app.push_screen(question, callback=start)

    @on(Button.Pressed, "#resume")
    async def _resume(self) -> None:
        await self.app.run_action("resume")  # a coroutine: not awaited, it would never run

    @on(Button.Pressed, "#load")
    async def _load(self) -> None:
        await self.app.run_action("load")


def game_label(game: SavedGame) -> str:
    """One line for an unfinished game: mode, players, turn, when it was last saved."""
    mode = _("Bohn Voyage") if game.mode == "voyage" else _("classic")
    when = time.strftime("%d %b %H:%M", time.localtime(game.saved))
    return _("{mode} · {names} · turn {turn} · saved {when}").format(
        mode=mode, names=", ".join(game.names), turn=game.turn, when=when
    )
