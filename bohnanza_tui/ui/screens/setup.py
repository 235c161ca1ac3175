"""The set-up screen: mode, players, who plays each seat, an optional seed, the options, the language.

The first screen of the app: it imports nothing of the rules core, which loads
in the background while it shows (see ``BohnanzaApp.on_mount``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from bohnanza_tui.i18n import (
    N_,
    UnknownLanguage,
    _,
    available_languages,
    choose_language,
    current_language,
    native_name,
)
from bohnanza_tui.modes import (
    DEFAULT_OFFERS,
    OFFER_FREQUENCIES,
    OFFER_NAMES,
    PLAYER_COUNTS,
    OfferFrequency,
)
from bohnanza_tui.seating.seats import COMPUTER, DEFAULT_LEVEL, HUMAN, SEAT_LEVELS, Seat

from ..host import SetupHost
from ..keybar import KeyBar
from ..toggles import Cycle, Options, RadioList

if TYPE_CHECKING:
    from ..saves import SavedGame

#: narrower than this, or lower than the full form (``form_height``), the form is compact:
#: inputs and buttons one line high, no blank lines, the options one under the other
FULL_WIDTH = 90
#: the full form's room for a row (its box, less the border and padding)
ROW_WIDTH = 80


def form_height(
    count: int,
    unfinished: int = 0,
    bots: bool = True,
    *,
    compact: bool = False,
    spaced: bool = False,
    error: bool = False,
) -> int:
    """The lines the form takes (with its margins and the footer) with ``count`` seats.

    ``unfinished``: the games listed for going on with; ``bots``: the options show;
    ``error``: a message under the form (a line, and a blank one unless compact and
    not spaced). ``spaced``: the compact form with a blank line after each row.
    """
    if compact:
        listing = min(unfinished, 2) + 2 if unfinished else 0  # and its border
        gaps = 4 + bots + error if spaced else 0  # after each row (not after the note)
        return 13 + count + listing + error + gaps - (0 if bots else 1)
    listing = min(unfinished, 6) + 3 if unfinished else 0
    return 37 + 3 * (count - 3) + listing + 2 * error - (0 if bots else 2)


DEFAULT_NAMES = [N_("Ann"), N_("Bob"), N_("Cy"), N_("Dee"), N_("Eve"), N_("Fay"), N_("Gus")]
LEVEL_NAMES = {"random": N_("random"), "basic": N_("basic"), "strong": N_("strong")}


def _cycle_width(options: Options) -> int:
    """A Cycle as wide as its longest choice in the language in use ("◀ ", " ▶", padding)."""
    return max(cell_len(text) for text, _value in options) + 6


class Painted(Widget):
    """A container that paints labels left of some of its children, on the line of their
    text (the second in the full form, under the top of a tall box or a control's blank
    line; the first when compact): a widget fewer per label than a Label beside each (each
    widget costs the first frame a few milliseconds). The children leave the label room
    (their left margin). What moves a child calls ``refresh`` (``SetupScreen._check_size``).
    """

    #: whether the labels are bold
    BOLD = False
    #: the labels by line, and the style, of the paint in progress (``render_lines``)
    _rows: dict[int, str] = {}
    _style = RichStyle()

    def labels(self) -> list[tuple[Widget, str]]:
        """The children that have a label, and their labels."""
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        top = self.content_region.y - (0 if getattr(self.screen, "compact", False) else 1)
        self._rows = {w.region.y - top: label for w, label in self.labels() if w.display}
        self._style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """A line of the width with its label at its left (the label's leading spaces and
        the rest of the line in the background, as Textual paints the room around widgets)."""
        width, style = self.size.width, self._style
        blank = RichStyle(bgcolor=style.bgcolor)
        label = self._rows.get(y)
        if label is None:
            return Strip.blank(width, blank)
        text = set_cell_size(label, width).rstrip()
        shown = text.lstrip()
        return Strip(
            [
                Segment(" " * (len(text) - len(shown)), blank),
                Segment(shown, style + RichStyle(bold=True) if self.BOLD else style),
                Segment(" " * (width - cell_len(text)), blank),
            ],
            width,
        )


class Labelled(Painted, Horizontal):
    """The form's first row: its title, painted bold left of its control (the language)."""

    BOLD = True

    def __init__(self, label: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label

    def labels(self) -> list[tuple[Widget, str]]:
        return [(self.children[0], self.label)]


class SetupBox(Painted, Vertical):
    """The form: its rows one under the other, each row's label painted left of its control."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._labels: list[tuple[Widget, str]] = []

    def labelled(self, widget: Widget, label: str) -> Widget:
        """``widget`` as a row of the form, under ``label``."""
        self._labels.append((widget, label))
        return widget

    def labels(self) -> list[tuple[Widget, str]]:
        return self._labels


class SeatList(Painted):
    """The seats: a name and who plays it (a person, or a computer player of some level)
    for each, in a grid, with each seat's number painted left of its name."""

    def __init__(self, bots: bool, compact: bool = False) -> None:
        super().__init__(id="seats")
        self.bots = bots
        self.compact = compact

    def compose(self) -> ComposeResult:
        # seats for more players are mounted when the count goes up (a quick first paint)
        for i in range(3):
            yield from self.seat_widgets(i)

    def seat_widgets(self, index: int) -> list[Widget]:
        name = Input(
            _(DEFAULT_NAMES[index]),
            max_length=20,
            classes="seat-name",
            id=f"name-{index}",
            compact=self.compact,
        )
        options = [(_("Human"), HUMAN)]
        if self.bots:  # the first step from "Human" gives the default level
            options += [
                (_("Computer · {level}").format(level=_(LEVEL_NAMES[lv])), f"{COMPUTER}:{lv}")
                for lv in SEAT_LEVELS
            ]
        kind = Cycle(options, HUMAN, classes="seat-kind", id=f"kind-{index}")
        kind.styles.width = _cycle_width(options)
        return [name, kind]

    def labels(self) -> list[tuple[Widget, str]]:
        return [(name, f"  {i + 1}.") for i, name in enumerate(self.query(".seat-name"))]

    @property
    def shown(self) -> int:
        """How many seats are mounted, shown or not."""
        return len(self.query(".seat-name"))

    def show(self, count: int) -> None:
        """Show the first ``count`` seats (mounting those never shown yet)."""
        for widget in self.query(".seat-name, .seat-kind"):
            widget.display = int(str(widget.id).rpartition("-")[2]) < count
        if count > self.shown:
            self.mount_all(w for i in range(self.shown, count) for w in self.seat_widgets(i))

    def seats(self, count: int) -> list[Seat]:
        seats = []
        for i in range(count):
            name = self.query_one(f"#name-{i}", Input).value.strip()
            value = str(self.query_one(f"#kind-{i}", Cycle).value)
            kind, _sep, level = value.partition(":")
            seats.append(Seat(name, kind, level or DEFAULT_LEVEL))
        return seats


class SetupScreen(Screen[None]):
    #: Start has the focus from the first paint (moving it there on mount redraws screen and footer)
    AUTO_FOCUS = "#start"
    BINDINGS = [
        Binding("ctrl+n,f5", "start", N_("Start game")),
        Binding("plus", "players(1)", N_("More players"), show=False),
        Binding("minus", "players(-1)", N_("Fewer players"), show=False),
    ]

    def __init__(self, host: SetupHost, bots: bool, can_resume: bool = False) -> None:
        super().__init__()
        self.host = host
        self.bots = bots
        self.can_resume = can_resume
        self.unfinished: list[SavedGame] = []
        self.compact = False
        self.spaced = False
        #: the options side by side, each as wide as its longest choice (and padding)
        self.options_width = 0

    def compose(self) -> ComposeResult:
        # the labels' column as wide as its longest word in the language in use
        labels = {key: _(key) for key in (N_("Game"), N_("Players"), N_("Seed"), N_("Options"))}
        self.label_width = max(10, *(cell_len(text) + 2 for text in labels.values()))
        if self.bots:  # side by side in the full form
            self.options_width = sum(_cycle_width(choices) for choices in self._option_choices())
        # laid out for the terminal's size from the first paint (no second layout on mount)
        compact, spaced = self._layout(*self.app.size)
        self.compact, self.spaced = compact, spaced
        self.set_class(compact, "-compact")
        self.set_class(spaced, "-spaced")

        box = SetupBox(id="setup-box")
        with box:
            with Labelled(_("Bohnanza — a new game"), id="setup-head"):
                languages = [(native_name(lang), lang) for lang in available_languages()]
                yield Cycle(languages, current_language(), id="language").with_tooltip(
                    _("Language (remembered for the next start)")
                )
            modes = [
                (_("Classic Bohnanza (2-7 players)"), "classic"),
                (_("Bohn Voyage (3-5 players)"), "voyage"),
                (_("Guatemala Café (2-4 players)"), "cafe"),
            ]
            mode = RadioList(modes, "classic", id="mode", compact=compact)
            yield box.labelled(mode, labels["Game"])
            count = Cycle(_count_options("classic"), 3, id="count")
            yield box.labelled(count, labels["Players"])
            yield SeatList(self.bots, compact)
            if not self.bots:
                yield Static(
                    _("Computer players are not installed in this version."), classes="setup-note"
                )
            hint = _("optional: a number replays the same deal")
            seed = Input(placeholder=hint, type="integer", id="seed", compact=compact)
            self._size_seed(seed)
            yield box.labelled(seed, labels["Seed"])
            if self.bots:
                with box.labelled(Horizontal(id="setup-options"), labels["Options"]):
                    yield from self._options()
            # a message (#setup-error) is mounted above the buttons when there is one
            with Horizontal(id="setup-buttons"):
                # in a browser, ctrl+n opens a new window: F5 starts (the page gets it)
                start = _("Start (F5)") if self.app.is_web else _("Start (ctrl+n)")
                yield Button(start, id="start", variant="primary", compact=compact)
                if self.can_resume:
                    yield Button(_("Resume last game"), id="resume", compact=compact)
                yield Button(_("Load a saved game"), id="load", compact=compact)
            # the unfinished games are listed after the first paint (a light read of each
            # file), in a list mounted then if there are any
        self._indent_rows(box, compact, spaced)
        yield KeyBar(id="keys")

    def _option_choices(self) -> tuple[Options, Options]:
        """The choices of the two options: how often computers offer, and hints."""
        choice = _("Computer offers to people: {choice}")
        offers = [(choice.format(choice=_(OFFER_NAMES[f])), f) for f in OFFER_FREQUENCIES]
        return offers, [(_("Hints: on"), True), (_("Hints: off"), False)]

    def _options(self) -> ComposeResult:
        """The game's options (kept in its save), as chosen last time."""
        from bohnanza_tui.settings import saved_options

        offers, hints = saved_options()
        offer_choices, hint_choices = self._option_choices()
        yield Cycle(
            offer_choices, offers or DEFAULT_OFFERS, id="setup-offers", classes="setup-option"
        ).with_tooltip(
            _(
                "How often computer players make offers that a person must answer "
                "(rarely: at most one a turn)"
            )
        )
        # Guatemala Café's computer players make no offers: its growing-area board's side
        # takes the offers' place while it is the game chosen (R-CAFE-3, R-CAFE-4)
        sides = [
            (_("Growing area: fixed side"), "fixed"),
            (_("Growing area: variable side"), "variable"),
        ]
        side = Cycle(sides, "fixed", id="setup-side", classes="setup-option")
        side.display = False
        yield side.with_tooltip(_("The fixed side as printed, or the variable side shuffled"))
        yield Cycle(
            hint_choices, True if hints is None else hints, id="setup-hints", classes="setup-option"
        ).with_tooltip(_("Whether people may ask what the strong computer player would do (n)"))

    def on_mount(self) -> None:
        self.call_after_refresh(self._list_unfinished)

    # -- the layout for the terminal's size ------------------------------------------------

    def _layout(self, width: int, height: int) -> tuple[bool, bool]:
        """Whether the form is compact at this size, and whether it has blank lines then."""
        count = self.count if self.query("#count") else 3
        unfinished = len(self.unfinished)
        error = any(w.display for w in self.query("#setup-error"))
        full_need = form_height(count, unfinished, self.bots, error=error)
        # the full form has the options side by side: too long in some languages
        fits = self.label_width + self.options_width <= ROW_WIDTH
        if width >= FULL_WIDTH and height >= full_need and fits:
            return False, False
        spaced = form_height(count, unfinished, self.bots, compact=True, spaced=True, error=error)
        return True, height >= spaced

    def _size_seed(self, seed: Input) -> None:
        """The seed's box: its hint whole, within the form's room (compact: the rest of the row)."""
        if self.compact:
            seed.styles.width = "1fr"
        else:
            hint = cell_len(seed.placeholder)
            seed.styles.width = min(max(46, hint + 6), ROW_WIDTH - self.label_width)

    def _indent_rows(self, box: SetupBox, compact: bool, spaced: bool) -> None:
        """The rows' controls leave room for their labels, and a blank line under them
        (not in the compact form, unless ``spaced``)."""
        gap = 0 if compact and not spaced else 1
        for widget, _label in box.labels():
            widget.styles.margin = (0, 0, gap, self.label_width)

    def _check_size(self, moved: bool = False) -> None:
        """Lay the form out for the terminal's size. ``moved``: rows came or went (the
        labels are painted again where their rows are now)."""
        compact, spaced = self._layout(self.size.width, self.size.height)
        if not self.query(SeatList):
            return  # not composed yet
        box = self.query_one(SetupBox)
        seats = self.query_one(SeatList)
        if moved or (compact, spaced) != (self.compact, self.spaced):
            box.refresh()
            seats.refresh()
            self._indent_rows(box, compact, spaced)
        self.spaced = spaced
        self.set_class(spaced, "-spaced")
        if compact == self.compact:
            return
        self.compact = compact
        self.set_class(compact, "-compact")
        for widget in self.query("Input, Button, RadioList"):
            widget.compact = compact  # type: ignore[attr-defined]
        self._size_seed(self.query_one("#seed", Input))
        seats.compact = compact
        self.query_one("#setup-head").refresh()  # the title moves a line up or down
        focused = self.focused
        if focused is not None:
            self.call_after_refresh(focused.scroll_visible, animate=False)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size()

    def _error(self, text: str) -> None:
        found = self.query("#setup-error")
        if not found and not text:
            return
        if found:
            error = found.only_one(Static)
        else:
            error = Static(id="setup-error")
            self.query_one("#setup-box").mount(error, before="#setup-buttons")
        error.update(text)
        error.display = bool(text)
        self._check_size(moved=True)

    async def _list_unfinished(self) -> None:
        games = self.host.unfinished_games()
        self.unfinished = games
        found = self.query("#unfinished")
        if not games and not found:
            return  # nothing to list: no widget, no layout, no second paint of the first screen
        if found:
            listing = found.only_one(OptionList)
        else:  # under the buttons
            listing = OptionList(id="unfinished")
            await self.query_one("#setup-box").mount(listing)
        listing.clear_options()
        listing.add_options([Option(game_label(g)) for g in games])
        listing.border_title = _("Unfinished games · Enter goes on with one")
        listing.display = bool(games)
        listing.highlighted = 0 if games else None
        self._check_size(moved=True)

    @on(OptionList.OptionSelected, "#unfinished")
    def _resume_unfinished(self, event: OptionList.OptionSelected) -> None:
        self.host.resume_game(self.unfinished[event.option_index].path)

    @property
    def mode(self) -> str:
        return str(self.query_one("#mode", RadioList).value)

    @property
    def count(self) -> int:
        return int(self.query_one("#count", Cycle).value)  # type: ignore[call-overload]

    def _allowed(self, count: int) -> int:
        """The player count nearest ``count`` that the mode chosen allows."""
        counts = PLAYER_COUNTS[self.mode]
        return min(max(count, counts[0]), counts[-1])

    def _show_seats(self, count: int) -> None:
        self.query_one(SeatList).show(count)
        self._check_size(moved=True)

    @on(RadioList.Changed, "#mode")
    def _mode_changed(self) -> None:
        count = self._allowed(self.count)
        self.query_one("#count", Cycle).set_options(_count_options(self.mode), count)
        self._show_seats(count)
        if self.bots:
            cafe = self.mode == "cafe"
            self.query_one("#setup-offers", Cycle).display = not cafe
            self.query_one("#setup-side", Cycle).display = cafe

    @on(Cycle.Changed, "#count")
    def _count_changed(self, event: Cycle.Changed) -> None:
        if isinstance(event.value, int):
            self._show_seats(event.value)

    def action_players(self, step: int) -> None:
        self.query_one("#count", Cycle).value = self._allowed(self.count + step)

    def seats(self) -> list[Seat]:
        return self.query_one(SeatList).seats(self.count)

    def seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        return int(text) if text else None

    def options(self) -> tuple[OfferFrequency, bool]:
        """The computer players' offers to people, and whether hints are on."""
        if not self.bots:
            return DEFAULT_OFFERS, True
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

        try:
            lang = choose_language(str(event.value))
        except UnknownLanguage as exc:  # the catalog went away since the start
            self._error(str(exc))
            return
        save_language(lang)
        for screen in self.app.screen_stack:
            screen.refresh_bindings()  # the key bars, in the new language
        await self.recompose()
        await self._list_unfinished()
        self.query_one("#language", Cycle).focus()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            seed = self.seed()
        except ValueError:
            self._error(_("The seed must be a whole number."))
            return
        mode, seats = self.mode, self.seats()
        offers, hints = self.options()
        side = str(self.query_one("#setup-side", Cycle).value) if self.bots else "fixed"

        def start(yes: bool | None = True) -> None:
            if yes:
                error = self.host.new_game(
                    mode, seats, seed, offers_to_people=offers, hints=hints, side=side
                )
                self._error(error or "")

        latest = next((g for g in self.host.unfinished_games() if g.latest), None)
        if latest is None:
            start()
            return
        # the autosave holds a game: it is kept, but nothing is replaced without a question
        from .confirm import ConfirmScreen

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


def _count_options(mode: str) -> Options:
    return [(str(n), n) for n in PLAYER_COUNTS[mode]]


def game_label(game: SavedGame) -> str:
    """One line for an unfinished game: mode, players, turn, when it was last saved."""
    mode = {"voyage": _("Bohn Voyage"), "cafe": _("Guatemala Café")}.get(game.mode, _("classic"))
    when = time.strftime("%d %b %H:%M", time.localtime(game.saved))
    return _("{mode} · {names} · turn {turn} · saved {when}").format(
        mode=mode, names=", ".join(game.names), turn=game.turn, when=when
    )
