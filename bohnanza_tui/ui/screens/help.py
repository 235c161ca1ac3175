"""The help screen (``?`` or F1): the rules in a player's words, and every key."""

from __future__ import annotations

from functools import lru_cache

from rich.markdown import Markdown
from rich.style import Style as RichStyle
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, RichVisual, Visual, VisualType
from textual.widget import Widget
from textual.widgets import Static

from bohnanza_tui.i18n import N_, _, current_language

from .. import render
from ..widgets import KeyBar
from .modal import Dialog

RULES = N_(
    """\
# How to play Bohnanza

**Goal:** the most coins at the end. You earn coins by planting beans on
your fields and harvesting them: the more beans of one kind on a field, the
more they sell for. The table shows, for every field, what it sells for now
and the next step of its beanometer: `○ wax ×5 = 1 ›7→2` means five wax beans
sell for 1 coin now, and 7 of them would sell for 2. Your own panel shows the
whole beanometer (the steps reached in bold), and in classic Bohnanza the
table lists every bean's beanometer.

**Your hand keeps its order.** You never sort it: you plant from the front
(marked ▶) and new cards go to the back.

**A turn has four phases:**

1. **Plant**: plant the front card of your hand (you must), then the next one
   if you like. A field takes one kind of bean; if no field can take the
   bean, harvest a field first.
2. **Trade**: two cards are turned face up. Keep them, trade them, or give them
   away; you may also trade or give cards from anywhere in your hand. The
   others trade only with you. Beans received are planted, never taken into
   the hand.
3. **Plant traded beans**: everyone plants what they kept or received.
4. **Draw**: you draw three cards to the back of your hand (four with 6-7
   players), and the next player's turn begins.

**Harvesting** is allowed at any time, also in someone else's turn (key `H`).
A field holding one bean can't be harvested while another field holds more.

**The end:** the game ends when the deck runs out for the third time (the
second with 3 players). Every field is harvested; the most coins wins, then
the most cards in hand.

# Two players: the Bean Duel

Two players play classic Bohnanza without garden and cocoa beans, each with
three fields from the start. There is **no trading**, and you harvest only in
your own turn. A turn has four steps:

1. **Beans on offer**: plant or discard (`d`) each bean your opponent left
   for you, in any order (`← →` selects one, `p` or `1-3` plants it).
2. **Plant, then discard**: plant as in phase 1; then you may discard one
   card from anywhere in your hand (`d`, once a turn). `e` turns up the cards.
3. **Turn up three**: three cards are turned up, and while the top card of the
   discard pile (shown in the status line) is of one of their kinds, it joins
   them. Plant any of them; `e` leaves the rest on offer to your opponent.
4. **Draw** two cards.

The game ends when the deck runs out for the first time; the beans still on
offer count for nobody.

# Bohn Voyage

Colony islands of type A, B and C sell some beans at other prices (their
beanometer). Buy a **harbor** on an island (2 coins) to get a field and a small
**Kontor** there; on A and B islands a second field costs 2 coins. Beans can go
into a Kontor instead of a field, be loaded onto your **merchant ship** (from
the Kontor where it lies), sailed to another of your harbors, and unloaded.
Once you own two colony fields, each turn's planting goes to the island whose
type is next in the cycle home → A → B → C. Your **pirate store** collects one
bean of each kind; five of them buy a **pirate ship**, and five more pay for each
**raid**: take a bean from another Kontor, or sell another player's cargo and
take half the coins. A ship can't sail into your harbor on an island where the
other harbor's owner has a ship (a **blockade**), unless two of your ships
arrive together.

**The island map** lays the islands out as the rules do: type B on the left,
C in the middle, A on the right. `B1 ⚑ Ann ♠×3=1 – K:○` is island B1 with
Ann's harbor: a field of 3 green beans that sell for 1 coin there, an empty
second field, and a wax bean in her small Kontor. `⚑ free` is a harbor nobody
owns yet, `▸ Bob 1 ○×2` Bob's ship 1 docked there with 2 wax beans, `⊘` an
owner whose harbor is blockaded, `★` the island planted on this turn.

# Keys that say no

The bar at the bottom shows the keys you can use now. A key shown dimmed with
a ✗ has something to offer but the rules refuse all of it at the moment:
press it and the log and a notice say why (the rule and the reason).

# Passing the keyboard

Whenever the keyboard should go to another player, a screen says so and hides
every hand until that player presses Enter.
"""
)

KEYS = [
    (
        N_("p, 1-4"),
        N_("plant the front card (phase 1) or the selected card (phase 3); 1-4 picks the field"),
    ),
    (N_("← →"), N_("select the card to plant in phase 3 (two players: on offer or turned up)")),
    (N_("h"), N_("harvest one of your fields")),
    (N_("H"), N_("another player harvests (any time)")),
    (N_("e"), N_("end the phase: turn up cards, end trading, draw and end the turn")),
    (N_("k"), N_("keep a face-up card")),
    (N_("t / d"), N_("make a trade offer / a donation")),
    (N_("d"), N_("two players: discard a bean on offer, or one hand card after phase 1")),
    (N_("o"), N_("open offers: answer, confirm, withdraw")),
    (N_("b"), N_("buy: third field, harbor, colony field, ship, pirate ship")),
    (N_("i"), N_("choose this turn's island (Bohn Voyage rotation)")),
    (N_("s / l / x"), N_("sail / load / unload a merchant ship")),
    (N_("g / m / r"), N_("pirate store / Kontor bean to a field / raid")),
    (N_("u, ctrl+z"), N_("undo the last action of this turn (if it revealed no card)")),
    (N_("n"), N_("a hint: what the strong computer player would do now, and why (never played)")),
    (
        N_("v"),
        N_("the side area shows the log, the island map or the beanometers (on a small terminal)"),
    ),
    (N_(": or /"), N_("command line (type `help`); Tab or → completes")),
    (N_("ctrl+p"), N_("command palette: new game, save, load, help, theme")),
    (N_("ctrl+s"), N_("save the game")),
    (N_("? or F1"), N_("this help")),
    (N_("ctrl+q"), N_("quit (the game is saved after every action)")),
]


def meters_markdown() -> str:
    """Bohn Voyage: each bean's beans-for-coins on home, A, B and C islands, as a table."""
    from bohnanza_tui.rules.data import setup_for

    head = [_("bean"), _("home"), "A", "B", "C"]
    rows = [
        [f"{render.GLYPHS[render.KINDS[k]]} {render.bean_name(k)}"]
        + [render.meter_steps(t, k) for t in render.ISLAND_TYPES]
        for k in setup_for("voyage", 3).deck_kinds
    ]
    lines = ["| " + " | ".join(r) + " |" for r in [head, ["---"] * len(head), *rows]]
    note = _("Bohn Voyage: the beans that sell for 1, 2, 3 and 4 coins on each type of island.")
    return note + "\n\n" + "\n".join(lines)


def help_markdown() -> str:
    glyphs = "  ".join(
        f"{render.GLYPHS[k]} {render.bean_name(i)}" for i, k in enumerate(render.KINDS)
    )
    keys = "\n".join(f"| `{_(k)}` | {_(d)} |" for k, d in KEYS)
    sections = [
        "# " + _("Beans"),
        glyphs,
        "# " + _("Beanometers by island type"),
        meters_markdown(),
        "# " + _("Keys"),
        "| " + _("key") + " | " + _("what it does") + " |\n|---|---|\n" + keys + "\n",
    ]
    return _(RULES) + "\n" + "\n\n".join(sections)


@lru_cache(maxsize=4)
def help_page(lang: str) -> Markdown:
    """The help in ``lang`` (the language in use), parsed once. One widget renders it (Rich's
    Markdown): Textual's Markdown widget mounts one per paragraph, list item and table cell."""
    return Markdown(help_markdown(), code_theme="ansi_dark", inline_code_theme="ansi_dark")


#: the help as painted, by language, width and style
_PAINTED: dict[tuple[str, int, RichStyle], list[Strip]] = {}


class HelpPage(Visual):
    """The help, rendered (slowly: Rich's Markdown) once per language and width: opening
    the help again paints lines it has."""

    def __init__(self, widget: Widget, lang: str) -> None:
        self.widget = widget
        self.lang = lang

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        key = (self.lang, width, style.rich_style)
        strips = _PAINTED.get(key)
        if strips is None:
            if len(_PAINTED) > 16:
                _PAINTED.clear()
            page = RichVisual(self.widget, help_page(self.lang))
            strips = _PAINTED[key] = page.render_strips(width, None, style, options)
        return strips if height is None else strips[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return container_width

    def get_height(self, rules: RulesMap, width: int) -> int:
        # the lines as they will be painted (Rich renders the page once, for both)
        widget = self.widget
        return len(Visual.to_strips(widget, self, width, None, widget.visual_style))


class HelpText(Static):
    """The help page (its ``content`` is the Markdown), painted from ``HelpPage``'s lines."""

    def __init__(self, lang: str, **kwargs: str) -> None:
        super().__init__(help_page(lang), **kwargs)  # type: ignore[arg-type]
        self.lang = lang

    def render(self) -> VisualType:
        return HelpPage(self, self.lang)


class Page(Dialog[None]):
    """A page that scrolls (it has the focus) and closes with its keys."""

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(Page):
    BINDINGS = [
        Binding("escape,question_mark,f1,q", "close", N_("Close")),
        # the page (it has the focus) scrolls with the arrows and page keys; Space pages down
        Binding("space", "page_down", N_("Scroll"), key_display="↑↓ PgUp PgDn"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="dialog wide"):
            yield HelpText(current_language(), id="help-text")
        yield KeyBar(id="keys")

    def set_content(self) -> None:
        """Opened again: from the top (one made in another language is not opened again,
        see ``Kept.reused``)."""
        if self.is_mounted:
            page = self.query_one("#help", VerticalScroll)
            if page.scroll_offset:  # (at the top already: a scroll would lay it out again)
                page.scroll_home(animate=False, immediate=True)

    def action_page_down(self) -> None:
        self.query_one("#help", VerticalScroll).scroll_page_down()


class TextScreen(Page):
    """A page of plain text, such as the command language's help."""

    BINDINGS = [Binding("escape,q,enter", "close", N_("Close"))]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="text-page", classes="dialog wide") as scroll:
            scroll.border_title = self.title_text
            yield Static(self.text, markup=False)
        yield KeyBar(id="keys")
