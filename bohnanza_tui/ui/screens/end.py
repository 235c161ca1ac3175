"""The end of the game: the final harvest, the ranking with its tie-breaks, and the coins over time."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from bohnanza_tui.i18n import N_, _, ngettext
from bohnanza_tui.rules import GameState, standings

from ..keybar import KeyBar
from ..render import pad
from ..widgets import Panel

BARS = "▁▂▃▄▅▆▇█"


def ranking(state: GameState) -> Content:
    """The ranking (R-BASE-18) and, where coins tie, how the tie was broken."""
    table = standings(state)
    lines: list[Content] = []
    # columns as wide as their widest text, in terminal cells (the words differ by language)
    names = [state.players[s.player].name for s in table]
    coins = [f"{s.coins:>3} " + ngettext("coin", "coins", s.coins) for s in table]
    name_width = max(20, *(cell_len(n) for n in names))
    coin_width = max(cell_len(c) for c in coins)
    for s, name, coin in zip(table, names, coins, strict=True):
        medal = "★" if s.rank == 1 else " "
        lines.append(
            Content.assemble(
                (f"{medal} {s.rank}. ", "bold"),
                (pad(name, name_width), "bold" if s.rank == 1 else ""),
                pad(coin, coin_width),
                (
                    "   "
                    + ngettext("{n} card in hand", "{n} cards in hand", s.hand).format(n=s.hand),
                    "$foreground-muted",
                ),
            )
        )
    notes: list[str] = []
    by_coins: dict[int, list[int]] = {}
    for s in table:
        by_coins.setdefault(s.coins, []).append(s.player)
    for amount, players in by_coins.items():
        if len(players) < 2:
            continue
        who = ", ".join(state.players[p].name for p in players)
        ranks = {s.rank for s in table if s.player in players}
        if len(ranks) == 1:
            note = _("{names} tie on {coins} coins and on cards in hand: they share the place.")
        else:
            note = ngettext(
                "{names} tie on {coins} coin; more cards left in hand ranks higher.",
                "{names} tie on {coins} coins; more cards left in hand ranks higher.",
                amount,
            )
        notes.append(note.format(names=who, coins=amount))
    if not notes:
        notes.append(_("No ties: the most coins wins."))
    return Content.assemble(
        Content("\n").join(lines), "\n\n", Content.styled("\n".join(notes), "italic")
    )


def coin_chart(state: GameState, history: list[list[int]], width: int | None = None) -> Content:
    """One bar row per player: coins after each turn, scaled to the best total.

    ``width``: the cells a row may take; a longer game gives each bar several
    turns (the coins after the last of them), so a row never wraps.
    """
    if not history:
        return Content(_("No history recorded."))
    top = max(max(row) for row in history) or 1
    name_width = max(cell_len(p.name) for p in state.players)
    room = len(history)
    if width is not None:
        room = max(1, min(room, width - name_width - 1 - len(f" {top}")))
    lines = []
    for p, player in enumerate(state.players):
        series = [row[p] for row in history if p < len(row)]
        columns = [series[(i + 1) * len(series) // room - 1] for i in range(room)] if series else []
        bars = "".join(BARS[min(len(BARS) - 1, v * (len(BARS) - 1) // top)] for v in columns)
        lines.append(
            Content.assemble(
                (pad(player.name, name_width) + " ", "bold"),
                (bars, "$text-accent"),
                f" {series[-1] if series else 0}",
            )
        )
    axis = _("turns 1 … {n}").format(n=len(history))
    return Content.assemble(
        Content("\n").join(lines), "\n", (" " * (name_width + 1) + axis, "$foreground-muted")
    )


#: lower or narrower than this, the end screen's title takes one line, not three
COMPACT_WIDTH, COMPACT_HEIGHT = 100, 30


class EndScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "app.new_game_screen", N_("New game")),
        Binding("escape,t", "back", N_("Look at the table")),
        Binding("q", "app.quit", N_("Quit")),
    ]

    def __init__(self, state: GameState, harvest: list[str], history: list[list[int]]) -> None:
        super().__init__()
        self.state = state
        self.harvest = harvest
        self.history = history

    def compose(self) -> ComposeResult:
        self._size_class(*self.app.size)
        winners = [self.state.players[s.player].name for s in standings(self.state) if s.rank == 1]
        if len(winners) == 1:
            title = _("The game is over — {names} wins!")
        else:
            title = _("The game is over — {names} share the win!")
        with VerticalScroll(id="end-box"):
            yield Static(title.format(names=" & ".join(winners)), id="end-title", markup=False)
            with Vertical(classes="end-part", id="end-ranking") as v:
                v.border_title = _("Ranking")
                yield Static(ranking(self.state))
            with Vertical(classes="end-part", id="end-chart") as v:
                v.border_title = _("Coins over the turns")
                yield Panel(id="end-coins")
            with Vertical(classes="end-part", id="end-harvest") as v:
                v.border_title = _("The last action and the final harvest")
                yield Static("\n".join(self.harvest) or _("No field held beans."), markup=False)
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        # the app may be quitting as the game ends: then the chart is never mounted
        for chart in self.query("#end-coins").results(Panel):
            chart.show_flow(lambda width: coin_chart(self.state, self.history, width))

    def on_resize(self, event: events.Resize) -> None:
        self._size_class(*event.size)

    def _size_class(self, width: int, height: int) -> None:
        self.set_class(width < COMPACT_WIDTH or height < COMPACT_HEIGHT, "-compact")

    def action_back(self) -> None:
        self.dismiss(None)
