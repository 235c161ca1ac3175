"""Trading at one keyboard: building an offer, and answering one.

The offer builder lists what the player may hand over (hand, face-up cards
for the active player, Kontor beans in Bohn Voyage), the bean kinds wanted,
and whom to ask. Every change is checked with the engine at once, so the
"Send" button says why it can't be sent yet.

The dialogs are kept and refilled (``modal.Kept``): ``set_content`` changes only what
differs from what the dialog shows (each update lays it out again), and leaves the
highlight, the focus, the hint and the scroll as a new dialog has them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, cast

from rich.cells import cell_len
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.scalar import Scalar, Unit
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from bohnanza_tui.i18n import N_, _, ngettext
from bohnanza_tui.rules import KIND_OF, Action, GameState, apply, check
from bohnanza_tui.rules.actions import Accept, Decline, MakeOffer
from bohnanza_tui.rules.common import setup
from bohnanza_tui.rules.trading import tradeable
from bohnanza_tui.rules.views import view
from bohnanza_tui.rules.voyage import kontor_of_card

from .. import hints, render
from ..checks import CheckList
from ..keybar import KeyBar
from ..toggles import RadioList
from .sized import SizedDialog


def giveable(state: GameState, player: int) -> list[tuple[Content, int]]:
    """The cards a player may hand over (``trading.tradeable``), labelled by where they lie."""
    p = state.players[player]
    out: list[tuple[Content, int]] = []
    for c in tradeable(state, player):
        if c in state.face_up:
            where = _("face up")
        elif c in p.hand:
            where = _("hand {n}").format(n=p.hand.index(c) + 1)
        else:
            h = kontor_of_card(state, player, c)
            assert h is not None
            where = render.place_name(state, player, h.island, -1)
        out.append((Content.assemble((where + " ", "bold"), render.card(c)), c))
    return out


def _targets(state: GameState, player: int, to: int | None) -> list[int | None]:
    """Whom an offer may go to: the active player asks everyone or one of the others (or
    ``to``); anyone else asks the active player."""
    active = state.active
    if player != active:
        return [active]
    if to is not None:
        return [to]
    return [None] + [p for p in range(len(state.players)) if p != player]


def _same(shown: object, new: Content | str) -> bool:
    """Whether a widget showing ``shown`` shows ``new`` already: the text and its styles
    (``Content``'s own ``==`` compares the text only)."""
    if isinstance(shown, Content) and isinstance(new, Content):
        return shown.plain == new.plain and list(shown.spans) == list(new.spans)
    return type(shown) is type(new) and shown == new


def _show(widget: Static, content: Content | str) -> None:
    """Show ``content`` on ``widget``, unless it shows it already."""
    if not _same(widget.content, content):
        widget.update(content)


def _refill(cards: SelectionList[int], selections: list[Selection[int]]) -> None:
    """Show these selections on a kept list (made again unless it shows them already,
    picked as they come), the first one highlighted."""
    shown = [cards.get_option_at_index(i) for i in range(cards.option_count)]
    same = len(shown) == len(selections) and all(
        old.value == new.value and _same(old.prompt, cast(Content, new.prompt))
        for old, new in zip(shown, selections, strict=True)
    )
    picked = {s.value for s in selections if s.initial_state}
    if not same or set(cards.selected) != picked:
        cards.clear_options()
        cards.add_options(selections)
    highlighted = 0 if cards.option_count else None
    if cards.highlighted != highlighted:
        cards.highlighted = highlighted


def _to_top(widget: Widget) -> None:
    """Scroll to the top at once, unless it is there already."""
    if widget.scroll_offset != (0, 0) or widget.scroll_target_y:
        widget.scroll_home(animate=False, immediate=True)


def _set_width(widget: Widget, width: int | None) -> None:
    """An inline width (None: the stylesheet's), set only when it changes: Textual lays
    the screen out again at every setting."""
    new = None if width is None else Scalar(float(width), Unit.CELLS, Unit.WIDTH)
    if widget.styles.inline.width != new:
        widget.styles.width = width


class WantList(OptionList):
    """Bean kinds with a count each: ←/→ or -/+ change how many are wanted."""

    BINDINGS = [
        Binding("right,plus,equals_sign", "change(1)", N_("More"), show=False),
        Binding("left,minus", "change(-1)", N_("Fewer"), show=False),
    ]

    def __init__(self, kinds: list[int], wanted: list[int] | None = None, **kwargs: object) -> None:
        self._count(kinds, wanted)
        super().__init__(*[Option(self._prompt(k)) for k in kinds], **kwargs)  # type: ignore[arg-type]

    def _count(self, kinds: list[int], wanted: list[int] | None) -> None:
        self.kinds = kinds
        counts = Counter(wanted or [])
        self.counts = {k: counts[k] for k in kinds}

    def reset(self, kinds: list[int], wanted: list[int] | None = None) -> None:
        """Other kinds and counts (a reused offer dialog), from the top; the options are
        made again only if they show something else."""
        shown = (self.kinds, self.counts)
        self._count(kinds, wanted)
        if (self.kinds, self.counts) != shown or self.option_count != len(kinds):
            self.set_options([Option(self._prompt(k)) for k in kinds])
        self.highlighted = 0 if kinds else None

    def _prompt(self, kind: int) -> Content:
        n = self.counts[kind]
        count = Content.styled(f"{n:>2}", "bold" if n else "$foreground-muted")
        return Content.assemble("◀ ", count, " ▶  ", render.bean(kind))

    def action_change(self, step: int) -> None:
        if self.highlighted is None:
            return
        kind = self.kinds[self.highlighted]
        self.counts[kind] = max(0, min(9, self.counts[kind] + step))
        self.replace_option_prompt_at_index(self.highlighted, self._prompt(kind))
        self.post_message(self.Changed())

    def wanted(self) -> tuple[int, ...]:
        return tuple(k for k in self.kinds for _ in range(self.counts[k]))

    class Changed(Message):
        pass


class OfferBuilder(SizedDialog[MakeOffer | None]):
    """Build an offer, a bid or a donation: cards to give, kinds wanted, to whom.

    One kept dialog serves offers and bids (a bid shows the face-up cards, and asks
    one player); a donation, with no kinds wanted, is a dialog of its own (``takes``).
    """

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("ctrl+s,f2", "send", N_("Send")),
    ]

    def __init__(self, *content: Any, **options: Any) -> None:
        """A dialog showing this content (``set_content``'s arguments)."""
        super().__init__()
        self.set_content(*content, **options)

    def takes(self, *args: Any, donation: bool = False, **kwargs: Any) -> bool:
        return donation == self.donation

    def set_content(
        self,
        state: GameState,
        player: int,
        *,
        donation: bool = False,
        to: int | None = None,
        give: set[int] | None = None,
        want: list[int] | None = None,
        bid: bool = False,
    ) -> None:
        self.state = state
        self.player = player
        self.donation = donation
        #: a bid to the active player (``B``): titled so, the face-up cards shown, their kinds first
        self.bid = bid and player != state.active
        self.preset_give = give or set()
        self.preset_want = want or []
        self.targets = _targets(state, player, to)
        if not self.is_mounted:
            return
        _show(self.query_one(".dialog-title", Label), self._title())
        _show(self.query_one(".dialog-fields", Static), render.fields_overview(state, player))
        face_up = self.query_one("#offer-face-up", Static)
        face_up.display = self._shows_face_up()
        if face_up.display:
            _show(face_up, self._face_up())
        cards = self.query_one("#give", CheckList)
        _refill(cards, self._selections())
        if not donation:
            self.query_one(WantList).reset(self._kinds(), self.preset_want)
        radios = self.query_one("#to", RadioList)
        options = self._target_options()
        if radios.options != options:
            resized = len(options) != len(radios.options)  # (as high as its options)
            radios.options = options
            radios.refresh(layout=resized)
        radios.choose(0)
        _to_top(self.query_one("#offer-dialog", VerticalScroll))
        if self.focused is not cards:
            cards.focus()  # (which repaints it, focused or not)
        self._fit(self.app.size)
        self._update()

    def _title(self) -> str:
        title = _("Donate") if self.donation else _("Make an offer")
        if self.bid:
            title = _("Bid to {name}").format(name=self.state.players[self.state.active].name)
        return f"{title} — {self.state.players[self.player].name}"

    def _shows_face_up(self) -> bool:
        return self.bid and bool(self.state.face_up)

    def _face_up(self) -> Content:
        return Content.assemble(
            (_("Face up: "), "bold"),
            Content(", ").join([render.card(c) for c in self.state.face_up]),
        )

    def _selections(self) -> list[Selection[int]]:
        return [
            Selection(label, card, card in self.preset_give)
            for label, card in giveable(self.state, self.player)
        ]

    def _target_names(self) -> list[str]:
        return [_("everyone") if t is None else self.state.players[t].name for t in self.targets]

    def _target_options(self) -> list[tuple[str, object]]:
        return [(name, i) for i, name in enumerate(self._target_names())]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="offer-dialog"):
            yield Label(self._title(), classes="dialog-title", markup=False)
            # the dialog covers the table: what everyone grows, to know who wants what
            yield Static(render.fields_overview(self.state, self.player), classes="dialog-fields")
            face_up = Static(self._face_up(), id="offer-face-up")
            face_up.display = self._shows_face_up()
            yield face_up
            with Horizontal(id="offer-columns"):
                with Vertical(classes="column", id="give-column"):
                    yield Label(_("Give (Space picks)"), classes="column-title")
                    yield CheckList[int](*self._selections(), id="give")
                if not self.donation:
                    with Vertical(classes="column"):
                        yield Label(_("Want (←/→ how many)"), classes="column-title")
                        yield WantList(self._kinds(), self.preset_want, id="want")
                with Vertical(classes="column narrow", id="to-column"):
                    yield Label(_("To"), classes="column-title")
                    yield RadioList(self._target_options(), 0, id="to")
            yield Static("", id="offer-preview", classes="dialog-note")
            with Horizontal(classes="buttons"):
                yield Button(_("Send (ctrl+s)"), id="send", variant="primary")
                yield Button(_("Cancel (Esc)"), id="cancel")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.query_one("#give", SelectionList).focus()
        self._update()

    def fitted(self, small: bool) -> None:
        """Compact: the cards to give and whom to ask as wide as their text (terminal cells)."""
        names = [_("To"), *self._target_names()]
        to = max(cell_len(n) for n in names) + 6  # "(•) ", the list's edge and a gap
        _set_width(self.query_one("#to-column"), to if small else None)
        if self.donation:
            return  # the cards to give share the width with whom to ask only
        give = None
        if small:
            labels = [_("Give (Space picks)")]
            labels += [label.plain for label, _card in giveable(self.state, self.player)]
            give = max(cell_len(text) for text in labels) + 7  # "[x] ", the edge, scrollbar, gap
            give = min(give, self.app.size.width // 2 - 4)  # the wanted kinds keep their room
        _set_width(self.query_one("#give-column"), give)

    def _kinds(self) -> list[int]:
        """The bean kinds to ask for; in a bid, those of the face-up cards first."""
        kinds = list(setup(self.state).deck_kinds)
        if not self.bid:
            return kinds
        up = list(dict.fromkeys(KIND_OF[c] for c in self.state.face_up))
        return up + [k for k in kinds if k not in up]

    def offer(self) -> MakeOffer:
        give = tuple(self.query_one("#give", SelectionList).selected)
        want = () if self.donation else self.query_one(WantList).wanted()
        index = self.query_one("#to", RadioList).index
        return MakeOffer(self.player, self.targets[index], give, want)

    def _update(self) -> None:
        offer = self.offer()
        refusal = check(self.state, offer)
        to = _("everyone") if offer.to is None else self.state.players[offer.to].name
        if offer.want:
            terms = Content.assemble(
                _(" to {to} for ").format(to=to), render.kinds_summary(offer.want), "."
            )
        else:
            terms = Content(_(" to {to} as a gift.").format(to=to))
        text = Content.assemble(_("You give "), render.cards_summary(offer.give), terms)
        if refusal is not None:
            text = Content.assemble(text, "\n", Content.styled("✗ " + str(refusal), "$text-error"))
        _show(self.query_one("#offer-preview", Static), text)
        self.query_one("#send", Button).disabled = refusal is not None

    @on(SelectionList.SelectedChanged)
    @on(RadioList.Changed)
    @on(WantList.Changed)
    def _changed(self) -> None:
        self._update()

    @on(Button.Pressed, "#send")
    def action_send(self) -> None:
        offer = self.offer()
        if check(self.state, offer) is None:
            self.dismiss(offer)
        else:
            self.app.bell()

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _grown(state: GameState, player: int) -> list[int]:
    """The bean kinds growing on ``player``'s fields (every island), in field order."""
    fields = [field for h in state.players[player].holdings for field in h.fields if field]
    return list(dict.fromkeys(KIND_OF[field[0]] for field in fields))


def proposed_bid(state: GameState, bidder: int) -> tuple[set[int], list[int]]:
    """The cards a bid to the active player starts with (R-BASE-8): what to give, what to ask.

    Read from what everyone knows of the active player's wants, and from the
    bidder's own cards (``tradeable``: their hand, their Kontors):

    - their latest offer asks for beans: the bidder's first cards of those kinds
      (as many as they hold), for the kinds that offer gives (face-up cards and
      hand cards alike);
    - otherwise one face-up card is asked for (of a kind the bidder grows, else
      holds, else the first), for one card of a kind the active player grows
      (their first field's kind the bidder holds).

    Nothing is proposed where the bidder holds none of what is wanted: the
    bidder picks. Only a proposal: every card and count can be changed.
    """
    active = state.active
    mine = tradeable(state, bidder)
    held = {KIND_OF[c] for c in mine}
    offers = [o for o in state.offers if o.proposer == active]
    asked = next((list(o.want) for o in reversed(offers) if o.want), [])
    offered = next((list(o.give) for o in reversed(offers) if o.give), [])
    if offered:
        want = [KIND_OF[c] for c in offered]
    elif state.face_up:
        up = [KIND_OF[c] for c in state.face_up]
        grown = _grown(state, bidder)
        want = [next((k for k in up if k in grown), next((k for k in up if k in held), up[0]))]
    else:
        want = []
    if not asked and want:
        asked = [k for k in _grown(state, active) if k in held][:1]
    return default_answer(mine, asked), want


def public_answer(state: GameState, player: int, offer_id: int) -> Accept | None:
    """The acceptance of an offer asking for beans that ``player`` (the active player)
    can give from the face-up cards alone, as the answer dialog would pick it; None if the
    face-up cards can't meet it (or the engine refuses it)."""
    o = state.offer(offer_id)
    if o is None or not o.want:
        return None
    picked = default_answer([c for c in tradeable(state, player) if c in state.face_up], o.want)
    accept = Accept(player, offer_id, tuple(c for c in state.face_up if c in picked))
    return accept if check(state, accept) is None else None


def default_answer(cards: list[int], want: list[int]) -> set[int]:
    """Pre-pick, for each wanted kind, the first matching cards in the list's order."""
    need = Counter(want)
    picked: set[int] = set()
    for c in cards:
        k = KIND_OF[c]
        if need[k] > 0:
            picked.add(c)
            need[k] -= 1
    return picked


def _asks_beans(state: GameState, offer_id: int) -> bool:
    """Whether an offer asks for beans, else it is a gift."""
    o = state.offer(offer_id)
    return o is not None and bool(o.want)


class AnswerHint(SizedDialog[list[Action] | None]):
    """An answer dialog, with its hint (``h``: ``n`` declines there): what the strong
    computer player would answer, and why, under the offer. Only shown, never played;
    searched in a worker thread on the answerer's own view of the game; no key when the
    game's set-up turned hints off (``hinting``)."""

    #: how the strong level searches (tests fix ``max_samples``: the same hint each run)
    hint_search: ClassVar[dict[str, Any]] = {}

    state: GameState
    player: int
    #: hints on in this game (its set-up) for this dialog
    hinting: bool

    def __init__(self, *content: Any, **options: Any) -> None:
        """A dialog showing this content (``set_content``'s arguments)."""
        super().__init__()
        self.set_content(*content, **options)

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.hinting and hints.installed()
        return True

    def action_hint(self) -> None:
        if not self.check_action("hint", ()):
            return
        panel = self.query_one(hints.HintPanel)
        if panel.token is not None:
            panel.close()  # h again hides it
            return
        token = object()
        panel.thinking(token, self.state.players[self.player].name)
        seed = self.state.seed * 7919 + len(self.state.offers)
        self._think_hint(token, view(self.state, self.player), seed)

    @work(thread=True, exclusive=True, group="hint")
    def _think_hint(self, token: object, game_view: GameState, seed: int) -> None:
        text = hints.ask(game_view, self.player, seed, dict(self.hint_search))
        self.app.call_from_thread(self._hint_ready, token, text)

    def _close_hint(self) -> None:
        """The hint closed, as a new dialog has it (a kept dialog shown again)."""
        panel = self.query_one(hints.HintPanel)
        if panel.token is not None or panel.display:
            panel.close()

    def _hint_ready(self, token: object, text: hints.HintText | None) -> None:
        panel = self.query_one(hints.HintPanel)
        if panel.show_hint(token, text):
            panel.border_subtitle = _("only a hint: nothing is played · h hides it")

    def action_later(self) -> None:
        self.dismiss(None)


class AnswerScreen(AnswerHint):
    """An addressed player answers an offer: accept with chosen cards, decline, or counter.

    An offer asking for beans lists the cards to give, a gift shows the hand: a dialog
    of each shape (``takes``), and one for an answer in public (``public``).
    """

    #: nothing focused at first (see ``on_mount``): the keys a, n, c answer
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("a", "accept", N_("Accept")),
        Binding("n", "decline", N_("Decline")),
        Binding("c", "counter", N_("Counter")),
        Binding("h", "hint", N_("Hint")),
        Binding("escape", "later", N_("Later")),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.public and action in ("counter", "hint"):
            return False  # both would show the hand
        return super().check_action(action, parameters)

    def takes(
        self, state: GameState, player: int, offer_id: int, *, public: bool = False, **_options: Any
    ) -> bool:
        return (_asks_beans(state, offer_id), public) == (self.wants, self.public)

    def showed_like(self, state: GameState, player: int, offer_id: int, **_options: Any) -> bool:
        """The same offer to the same player (``Kept.reused``)."""
        return (player, offer_id) == (self.player, self.offer_id)

    def set_content(
        self,
        state: GameState,
        player: int,
        offer_id: int,
        *,
        hints: bool = False,
        public: bool = False,
    ) -> None:
        self.state = state
        self.player = player
        self.offer_id = offer_id
        self.hinting = hints
        #: the offer asks for beans (the cards to give are listed), else a gift (the hand shown)
        self.wants = _asks_beans(state, offer_id)
        #: opened as the keyboard reaches the player, before their hand shows: only the
        #: face-up cards to give, no counter-offer, no hint (``public_answer``)
        self.public = public
        if not self.is_mounted:
            return
        _show(self.query_one(".dialog-title", Label), self._title())
        _show(self.query_one("#answer-offer", Static), self._offer_text())
        _show(self.query_one(".dialog-fields", Static), render.fields_overview(state, player))
        if self.wants:
            cards = self.query_one("#answer-give", CheckList)
            _refill(cards, self._selections())
            _to_top(cards)
            if self.public:
                self.set_focus(None)  # (as on mount)
            elif self.focused is not cards:
                cards.focus()
        else:
            _show(self.query_one("#answer-hand", Static), render.hand_row(state, player))
            if self.focused is not None:
                self.set_focus(None)
        self._close_hint()
        _to_top(self.query_one("#answer-dialog", VerticalScroll))
        self._fit(self.app.size)
        self._update()

    def _title(self) -> str:
        name = self.state.players[self.player].name
        if self.public:
            return _("Pass the keyboard to {name}: answer offer {id}").format(
                name=name, id=self.offer_id
            )
        return _("{name}, answer offer {id}").format(name=name, id=self.offer_id)

    def _offer_text(self) -> Content:
        o = self.state.offer(self.offer_id)
        if o is None:
            return Content("")
        proposer = self.state.players[o.proposer].name
        if o.want:
            return Content.assemble(
                (proposer, "bold"),
                _(" offers "),
                render.cards_summary(o.give),
                _(" and wants "),
                render.kinds_summary(o.want),
                ".",
            )
        return Content.assemble(
            (proposer, "bold"), _(" wants to give you "), render.cards_summary(o.give), "."
        )

    def _selections(self) -> list[Selection[int]]:
        """The cards the player may give (the face-up ones only while the hand is hidden),
        those the offer asks for picked."""
        o = self.state.offer(self.offer_id)
        cards = giveable(self.state, self.player)
        if self.public:
            cards = [(label, c) for label, c in cards if c in self.state.face_up]
        picked = default_answer([c for _label, c in cards], o.want if o is not None else [])
        return [Selection(label, c, c in picked) for label, c in cards]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="answer-dialog"):
            yield Label(self._title(), classes="dialog-title", markup=False)
            yield Static(self._offer_text(), id="answer-offer")
            yield Static(render.fields_overview(self.state, self.player), classes="dialog-fields")
            if not self.wants:
                # a gift asks for nothing: the hand is not listed to give from, yet whether
                # the gift fits (or pushes out a bean the hand needs) is read from it
                yield Static(render.hand_row(self.state, self.player), id="answer-hand")
            else:
                yield Label(_("You give (Space picks):"), classes="column-title")
                yield CheckList[int](*self._selections(), id="answer-give")
            yield Static("", id="answer-check", classes="dialog-note")
            yield hints.HintPanel(id="answer-hint")
            if self.public:
                note = _("Your hand is hidden: Esc shows it, to give other cards or counter.")
                yield Static(note, classes="dialog-note")
            with Horizontal(classes="buttons"):
                yield Button(_("Accept (a)"), id="accept", variant="success")
                yield Button(_("Decline (n)"), id="decline", variant="error")
                if not self.public:
                    yield Button(_("Counter-offer (c)"), id="counter")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        # it opens right after the privacy screen's Enter: a second Enter must not answer,
        # so no button has the focus (the cards to give do, if any: Enter there picks a
        # card), nor anything when it opens in place of the privacy screen (its Enter must
        # not change what is picked)
        if self.wants and not self.public:
            self.query_one("#answer-give").focus()
        self._update()

    def _accept_action(self) -> Accept:
        give = tuple(self.query_one("#answer-give", SelectionList).selected) if self.wants else ()
        return Accept(self.player, self.offer_id, give)

    def _update(self) -> None:
        refusal = check(self.state, self._accept_action())
        self.query_one("#accept", Button).disabled = refusal is not None
        text = Content.styled("✗ " + str(refusal), "$text-error") if refusal else Content("")
        missing = self._missing()
        if refusal and missing:
            hint = _("Missing to give: {beans}. Decline (n) or make a counter-offer (c).")
            text = Content.assemble(
                text, "\n", hint.format(beans=render.kinds_summary(missing).plain)
            )
        _show(self.query_one("#answer-check", Static), text)

    def _missing(self) -> list[int]:
        """The wanted beans this player holds nowhere they could give them from."""
        o = self.state.offer(self.offer_id)
        if o is None:
            return []
        have = Counter(KIND_OF[c] for c in tradeable(self.state, self.player))
        return list((Counter(o.want) - have).elements())

    @on(SelectionList.SelectedChanged)
    def _changed(self) -> None:
        self._update()

    @on(Button.Pressed, "#accept")
    def action_accept(self) -> None:
        action = self._accept_action()
        if check(self.state, action) is None:
            self.dismiss([action])
        else:
            self.app.bell()

    @on(Button.Pressed, "#decline")
    def action_decline(self) -> None:
        self.dismiss([Decline(self.player, self.offer_id)])

    @on(Button.Pressed, "#counter")
    def action_counter(self) -> None:
        o = self.state.offer(self.offer_id)
        assert o is not None

        def built(offer: MakeOffer | None) -> None:
            if offer is not None:
                self.dismiss([Decline(self.player, self.offer_id), offer])

        # start from the offer turned round: what it asked for against what it gave
        give = default_answer(tradeable(self.state, self.player), o.want)
        want = [KIND_OF[c] for c in o.give]
        builder = OfferBuilder.reused(
            self.app, self.state, self.player, to=o.proposer, give=give, want=want
        )
        self.app.push_screen(builder, callback=built)


class AnswerAllScreen(AnswerHint):
    """A person answers every offer waiting for them at once: one hand-over, one dialog.

    Each offer is declined unless marked (a digit or Space marks it accepted);
    ``s`` sends the answers, ``n`` declines them all, ``c`` opens one offer to
    choose the cards given or to make a counter-offer. Whether the answers can
    be given together is asked of the engine, played one after the other on a
    copy of the game (an earlier trade may take the cards a later one needs).
    """

    BINDINGS = [
        *[Binding(str(k), f"mark({k - 1})", show=False) for k in range(1, 10)],
        Binding("space", "toggle_highlighted", N_("Accept or not")),
        Binding("s,ctrl+s", "send", N_("Send")),
        Binding("n", "decline_all", N_("Decline all")),
        Binding("c", "details", N_("Cards/counter")),
        Binding("h", "hint", N_("Hint")),
        Binding("escape", "later", N_("Later")),
    ]

    def showed_like(
        self, state: GameState, player: int, offer_ids: list[int], **_options: Any
    ) -> bool:
        """The same offers to the same player (``Kept.reused``)."""
        return (player, list(offer_ids)) == (self.player, list(self.offer_ids))

    def set_content(
        self, state: GameState, player: int, offer_ids: list[int], *, hints: bool = False
    ) -> None:
        self.state = state
        self.player = player
        self.offer_ids = offer_ids
        self.hinting = hints
        #: offers marked accepted (with the cards ``default_answer`` picks)
        self.accepted: set[int] = set()
        #: answers chosen in the offer's own dialog (``c``): cards, or a counter-offer
        self.custom: dict[int, list[Action]] = {}
        #: the offer last marked in vain (its index) and why it can't be accepted
        self._refused: tuple[int, str] | None = None
        if not self.is_mounted:
            return
        _show(self.query_one(".dialog-title", Label), self._title())
        _show(self.query_one(".dialog-fields", Static), render.fields_overview(state, player))
        answers = self.query_one("#answers", OptionList)
        if answers.option_count != len(offer_ids):
            answers.set_options([Option(self._row(i)) for i in range(len(offer_ids))])
        if answers.highlighted is not None:
            answers.highlighted = None
        _to_top(answers)
        if self.focused is not answers:
            answers.focus()
        self._close_hint()
        _to_top(self.query_one("#answer-all-dialog", VerticalScroll))
        self._fit(self.app.size)
        self._update()  # the rows that differ

    def _title(self) -> str:
        return _("{name}, answer {n} offers").format(
            name=self.state.players[self.player].name, n=len(self.offer_ids)
        )

    def keys_for(self, verdicts: dict[int, bool]) -> list[str]:
        """The keys that give these answers (offer id -> accept?), for scripts and tests."""
        keys = [str(i + 1) for i, oid in enumerate(self.offer_ids) if verdicts.get(oid)]
        return [*keys, "s"] if keys else ["n"]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="answer-all-dialog"):
            yield Label(self._title(), classes="dialog-title", markup=False)
            yield Static(render.fields_overview(self.state, self.player), classes="dialog-fields")
            yield OptionList(
                *[Option(self._row(i)) for i in range(len(self.offer_ids))], id="answers"
            )
            yield Static("", id="answer-all-check", classes="dialog-note")
            yield hints.HintPanel(id="answer-hint")
            yield Static(
                _(
                    "1-9 or Space: accept or not · s: send · n: decline all · c: cards or counter · Esc: later"
                ),
                classes="dialog-keys",
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Send (s)"), id="send", variant="primary")
                yield Button(_("Decline all (n)"), id="decline-all", variant="error")
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        # nothing highlighted at first: the privacy screen's Enter, pressed twice, does nothing
        # (Enter never answers here; Space and the digits mark, s sends)
        answers = self.query_one("#answers", OptionList)
        answers.focus()
        answers.highlighted = None
        self._update()

    # -- what the answers are -------------------------------------------------------

    def _answer(self, sim: GameState, oid: int) -> list[Action]:
        if oid in self.custom:
            return self.custom[oid]
        o = sim.offer(oid)
        if oid in self.accepted and o is not None:
            give = default_answer(tradeable(sim, self.player), o.want)
            return [Accept(self.player, oid, tuple(sorted(give)))]
        return [Decline(self.player, oid)]

    def plan(self) -> tuple[list[Action], dict[int, str]]:
        """The answers in order, and why any of them can't be given (offer id -> refusal)."""
        sim = self.state.copy()
        answers: list[Action] = []
        problems: dict[int, str] = {}
        for oid in self.offer_ids:
            if sim.offer(oid) is None:
                continue  # an earlier trade took its cards: nothing left to answer
            for action in self._answer(sim, oid):
                refusal = check(sim, action)
                if refusal is not None:
                    problems[oid] = str(refusal)
                    break
                apply(sim, action)
                answers.append(action)
        return answers, problems

    def _row(self, index: int, problem: str | None = None) -> Content:
        state = self.state
        oid = self.offer_ids[index]
        o = state.offer(oid)
        assert o is not None
        proposer = state.players[o.proposer].name
        if o.want:
            what = Content.assemble(
                (proposer, "bold"),
                _(" offers "),
                render.cards_summary(o.give),
                _(" for "),
                render.kinds_summary(o.want),
            )
        else:
            what = Content.assemble(
                (proposer, "bold"), _(" gives you "), render.cards_summary(o.give)
            )
        custom = self.custom.get(oid)
        if custom and not isinstance(custom[0], Accept):
            mark = "[c]"
        else:
            mark = "[x]" if oid in self.accepted or custom else "[ ]"
        row = Content.assemble((f"{index + 1}. {mark} ", "bold"), what)
        if problem:
            row = Content.assemble(row, "\n", Content.styled("   ✗ " + problem, "$text-error"))
        elif custom and isinstance(custom[0], Accept) and custom[0].give:
            row = Content.assemble(
                row, "\n   ", _("you give "), render.cards_summary(custom[0].give)
            )
        elif custom:
            row = Content.assemble(row, "\n   ", _("declined, with a counter-offer"))
        return row

    def _update(self) -> None:
        _answers, problems = self.plan()
        ol = self.query_one("#answers", OptionList)
        for i, oid in enumerate(self.offer_ids):
            row = self._row(i, problems.get(oid))
            if not _same(ol.get_option_at_index(i).prompt, row):
                ol.replace_option_prompt_at_index(i, row)
        n = len(self.accepted | {o for o, a in self.custom.items() if isinstance(a[0], Accept)})
        note: str | Content = (
            _("Nothing accepted: s declines every offer.")
            if not n
            else ngettext(
                "{n} offer accepted, the rest declined.",
                "{n} offers accepted, the rest declined.",
                n,
            ).format(n=n)
        )
        if self._refused is not None:  # in the dialog: a toast would cover it at 80×24
            index, problem = self._refused
            refused = _("Offer {n} can't be accepted: {reason}").format(n=index + 1, reason=problem)
            note = Content.assemble(note, "\n", Content.styled("✗ " + refused, "$text-error"))
        _show(self.query_one("#answer-all-check", Static), note)
        self.query_one("#send", Button).disabled = bool(problems)

    # -- keys -----------------------------------------------------------------------

    def action_mark(self, index: int) -> None:
        if not 0 <= index < len(self.offer_ids):
            self.app.bell()
            return
        oid = self.offer_ids[index]
        self.query_one("#answers", OptionList).highlighted = index
        self._refused = None
        if oid in self.custom:
            del self.custom[oid]
        elif oid in self.accepted:
            self.accepted.discard(oid)
        else:
            self.accepted.add(oid)
            problem = self.plan()[1].get(oid)
            if problem is not None:
                self.accepted.discard(oid)  # it can't be accepted (now): say why, change nothing
                self.app.bell()
                self._refused = (index, problem)
        self._update()

    def action_toggle_highlighted(self) -> None:
        index = self.query_one("#answers", OptionList).highlighted
        if index is None:
            self.app.bell()
            return
        self.action_mark(index)

    @on(Button.Pressed, "#send")
    def action_send(self) -> None:
        answers, problems = self.plan()
        if problems:
            self.app.bell()
            return
        self.dismiss(answers)

    @on(Button.Pressed, "#decline-all")
    def action_decline_all(self) -> None:
        self.dismiss([Decline(self.player, oid) for oid in self.offer_ids])

    def action_details(self) -> None:
        ol = self.query_one("#answers", OptionList)
        index = ol.highlighted if ol.highlighted is not None else 0
        oid = self.offer_ids[index]

        def answered(result: list[Action] | None) -> None:
            if result:
                self.accepted.discard(oid)
                if isinstance(result[0], Accept) or len(result) > 1:
                    self.custom[oid] = result  # the cards chosen, or a counter-offer
                else:
                    self.custom.pop(oid, None)  # plainly declined
                self._update()

        screen = AnswerScreen(self.state, self.player, oid, hints=self.hinting)
        self.app.push_screen(screen, callback=answered)
