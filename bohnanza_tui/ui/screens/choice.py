"""A list to pick one thing from: where to plant, which field to harvest, where to sail...

Refused entries stay visible, greyed out, each with the engine's reason (rule
id and words), so the player learns the rule instead of guessing.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from bohnanza_tui.i18n import N_, _

from ..choices import Choice
from ..widgets import KeyBar
from .sized import SizedDialog


def key_span(keys: list[str]) -> str:
    """The keys of a list's entries in short, numbers first: runs as ``1-3``, the others
    one by one (``1-3, k``, ``2, a-c``)."""
    runs: list[list[str]] = []
    for key in sorted(filter(None, keys), key=lambda k: (not k.isdigit(), len(k), k)):
        last = runs[-1][-1] if runs else ""
        if last and len(key) == len(last) == 1 and ord(key) == ord(last) + 1:
            runs[-1].append(key)
        else:
            runs.append([key])
    return ", ".join(", ".join(run) if len(run) < 3 else f"{run[0]}-{run[-1]}" for run in runs)


def keys_text(keys: list[str]) -> str:
    """The list's keys in the language in use: those its entries really take (numbers,
    the Kontor's ``k``, letters for colony fields), if any."""
    span = key_span(keys)
    if not span:
        return _("↑↓ choose · Enter select · Esc cancel")
    return _("↑↓ choose · Enter or {keys} select · Esc cancel").format(keys=span)


class Refused(Visual):
    """A refused entry: its label, and under it the engine's reason, indented as a whole
    (the lines it wraps onto too, not only its first)."""

    INDENT = 3

    def __init__(self, label: Content, reason: Content) -> None:
        self.label = label
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.label.plain}\n{' ' * self.INDENT}{self.reason.plain}"

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        lines = self.label.render_strips(width, None, style, options)
        inner = width - self.INDENT
        if inner > 0:
            indent = Content.styled(" " * self.INDENT, "italic")
            pad = indent.render_strips(self.INDENT, None, style, options)[0]
            lines += [
                Strip.join([pad, line]).simplify()
                for line in self.reason.render_strips(inner, None, style, options)
            ]
        return lines if height is None else lines[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max(
            self.label.get_optimal_width(rules, container_width),
            self.reason.get_optimal_width(rules, container_width) + self.INDENT,
        )

    def get_height(self, rules: RulesMap, width: int) -> int:
        inner = width - self.INDENT
        below = self.reason.get_height(rules, inner) if inner > 0 else 0
        return self.label.get_height(rules, width) + below


class ChoiceList(OptionList):
    """An option list whose Enter, with nothing highlighted, highlights the first entry that can
    be picked: a list that opens right after the privacy screen highlights nothing (so the
    Enter that revealed the hand cannot pick blindly), and the next Enter shows what a third
    one picks instead of doing nothing."""

    def action_select(self) -> None:
        if self.highlighted is None:
            self.action_first()
        else:
            super().action_select()


def _looks(text: str | Content) -> object:
    """What a text shows: its characters and styles (Content compares characters only)."""
    return text if isinstance(text, str) else (text.plain, tuple(text.spans))


class ChoiceScreen(SizedDialog[Any]):
    """Pick one of ``choices``; dismisses with its value, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        *[Binding(k, f"pick_key('{k}')", show=False) for k in "123456789abcdefghijk"],
    ]

    def __init__(
        self,
        title: str,
        choices: list[Choice],
        note: str | Content = "",
        *,
        highlight: bool = True,
        keys: list[str] | None = None,
    ) -> None:
        super().__init__()
        self.set_content(title, choices, note, highlight=highlight, keys=keys)

    BY_KIND = True
    #: what the widgets show: title, note, entries and the keys' line (``set_content``)
    _shown: tuple[str, object, list[tuple[str, object, str | None]], str]

    def showed_like(self, *args: Any, **kwargs: Any) -> bool:
        """The same title: the same kind of list (see ``Kept.reused``): two kinds of list
        opened in turn (the harvest and the buy list) each keep their entries."""
        title = args[0] if args else kwargs.get("title")
        return title == self.title_text

    def set_content(
        self,
        title: str,
        choices: list[Choice],
        note: str | Content = "",
        *,
        highlight: bool = True,
        keys: list[str] | None = None,
    ) -> None:
        self.title_text = title
        self.note = note
        # what can be done now comes first; the refused entries follow, each with its reason
        order = sorted(range(len(choices)), key=lambda i: not choices[i].allowed)
        self.choices = [choices[i] for i in order]
        #: the key of each entry, shown before it: 1-9 in order unless given (field numbers)
        self.keys = (
            [keys[i] for i in order]
            if keys
            else [str(n) if n < 10 else "" for n in range(1, len(choices) + 1)]
        )
        #: highlight the first allowed entry (Enter picks it); not for a list that opens
        #: right after the privacy screen's Enter, where a second Enter would pick blindly
        self.highlight = highlight
        entries = [
            (key, _looks(c.label), c.refusal)
            for key, c in zip(self.keys, self.choices, strict=True)
        ]
        shown = (title, _looks(note), entries, keys_text(self.keys))
        if self.is_mounted:  # shown before: the same widgets, the new content
            # only what differs is refilled (an update lays out and paints its widget anew)
            before = self._shown
            if title != before[0]:
                self.query_one(".dialog-title", Label).update(title)
            if shown[1] != before[1]:
                note_widget = self.query_one(".dialog-note", Static)
                note_widget.update(note)
                note_widget.display = bool(note)
            if entries != before[2]:
                self.query_one(OptionList).set_options(self._options())
            if shown[3] != before[3]:
                self.query_one(".dialog-keys", Static).update(shown[3])
            self._fit(self.app.size)
            self._highlight()
        self._shown = shown

    def _options(self) -> list[Option]:
        options = []
        for key, c in zip(self.keys, self.choices, strict=True):
            prefix = f"{key}. " if key else "   "
            label = Content.assemble((prefix, "bold"), c.label)
            if c.refusal:
                # every refused entry says why, so nobody has to try it to find out
                entry: Content | Refused = Refused(
                    Content.assemble(label, ("  ✗", "bold")), Content.styled(c.refusal, "italic")
                )
            else:
                entry = label
            options.append(Option(entry, disabled=not c.allowed))
        if not options:
            options.append(Option(_("Nothing to choose from now."), disabled=True))
        return options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            # always there (a reused list may get a note), shown only with one
            note = Static(self.note, classes="dialog-note", markup=False)
            note.display = bool(self.note)
            yield note
            yield ChoiceList(*self._options(), id="choices")
            yield Static(self._shown[3], classes="dialog-keys")
        yield KeyBar(id="keys")

    def fitted(self, small: bool) -> None:
        """Compact: the list takes the rows its note and keys leave (it scrolls beyond)."""
        rows: int | None = None
        if small:
            width, height = self.app.size
            width -= 4  # the dialog's border and padding
            note = Content(self.note) if isinstance(self.note, str) else self.note
            used = 1 + 2 + len(Content(self._shown[3]).wrap(width))  # key bar, border
            if self.note:
                used += len(note.wrap(width))
            rows = max(3, height - used)
        if rows != self._rows:  # (setting it, even to what it was, lays the list out again)
            self._rows = rows
            self.query_one("#choices").styles.max_height = rows

    #: the list's rows on a compact screen as last set (``fitted``), None: the stylesheet's
    _rows: int | None = None

    def on_mount(self) -> None:
        self._highlight()

    def _highlight(self) -> None:
        """Highlight the first entry (an allowed one if any: they come first), unless not
        ``highlight``."""
        self.query_one(OptionList).highlighted = 0 if self.highlight and self.choices else None

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option_index)

    def action_pick_key(self, key: str) -> None:
        if key in self.keys:
            self.action_pick(self.keys.index(key))
        else:
            self.app.bell()

    def action_pick(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            choice = self.choices[index]
            if choice.allowed:
                self.dismiss(choice.value)
            else:
                self.query_one(OptionList).highlighted = index
                self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)
