"""The words of the command language: tokens, card, place and ship references, bean kinds.

Everything here is independent of a game position: it says what a word
*is* (a field number, a hand position, a bean kind); ``context`` says what it
points to in a given position.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, TypeVar

from ..i18n import _, current_language
from ..rules.data import BEANS, CARD_COUNTS, KINDS
from ..rules.limits import MAX_COMMAND, MAX_NUMBER_DIGITS
from ..rules.params import bean_name
from ..rules.state import KONTOR


class CommandError(Exception):
    """A command that can't be understood or pointed at the game; ``str`` is one sentence.

    ``usage`` is the usage of the command concerned, when the grammar was at fault.
    """

    def __init__(self, message: str, usage: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.usage = usage

    def __str__(self) -> str:
        if self.usage:
            return _("{message} (usage: {usage})").format(message=self.message, usage=self.usage)
        return self.message


# -- references -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """A field or Kontor of the acting player: ``2``, ``k``, ``A1.2``, ``A1.k``, ``home.1``.

    ``island`` None means the home island; ``slot`` is the 0-based field or ``KONTOR``.
    """

    island: str | None
    slot: int

    def __str__(self) -> str:
        slot = "k" if self.slot == KONTOR else str(self.slot + 1)
        return slot if self.island is None else f"{self.island}.{slot}"


CardArea = Literal["h", "f", "k", "#"]


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card by where it lies: hand ``h2``, face-up ``f1``, Kontor ``k1``/``A1.k1``, id ``#17``.

    ``number`` is the 1-based position, or the card id for ``#``.
    """

    area: CardArea
    number: int
    island: str | None = None

    def __str__(self) -> str:
        text = f"{self.area}{self.number}"
        return text if self.island is None else f"{self.island}.{text}"


@dataclass(frozen=True, slots=True)
class ShipRef:
    """A ship: its number among its owner's ships (1, 2), or ``#i`` for the engine's index."""

    number: int
    raw: bool = False

    def __str__(self) -> str:
        return f"#{self.number}" if self.raw else str(self.number)


#: a card named by its kind (the command decides where to look for it)
Kind = int
CardSpec = CardRef | Kind

_PLACE = re.compile(r"^(?:(?P<island>[a-z][a-z0-9]*)\.)?(?P<slot>[0-9]+|k)$")
_CARD = re.compile(
    r"^(?:(?P<island>[a-z][a-z0-9]*)\.)?(?P<area>[hfk])(?P<n>[0-9]+)$|^#(?P<id>[0-9]+)$"
)
_ISLAND = re.compile(r"^[a-z][a-z0-9]*$")


class Word(str):
    """A word of a command; ``quoted`` words ("Ann Lee", "all") are never keywords."""

    quoted: bool

    def __new__(cls, text: str, quoted: bool = False) -> Word:
        word = super().__new__(cls, text)
        word.quoted = quoted
        return word


def tokenize(text: str) -> list[Word]:
    """Split a command into words at spaces and commas.

    A word that starts with a quotation mark runs to the matching mark at the
    end of a word, so names with spaces fit ("Ann Lee"); a mark inside a word
    (O'Neil) is just a letter.
    """
    if len(text) > MAX_COMMAND:
        raise CommandError(_("a command has at most {n} characters").format(n=MAX_COMMAND))
    words: list[Word] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace() or text[i] == ",":
            i += 1
            continue
        if text[i] in "\"'":
            end = _closing_quote(text, i)
            words.append(Word(text[i + 1 : end], quoted=True))
            i = end + 1
            continue
        start = i
        while i < n and not text[i].isspace() and text[i] != ",":
            i += 1
        words.append(Word(text[start:i]))
    return words


def _closing_quote(text: str, start: int) -> int:
    quote = text[start]
    i = text.find(quote, start + 1)
    while i != -1:
        if i + 1 == len(text) or text[i + 1].isspace() or text[i + 1] == ",":
            return i
        i = text.find(quote, i + 1)
    raise CommandError(_("a quotation mark is not closed"))


def is_number(word: str) -> bool:
    """Is the word a whole number written in ASCII digits (``²`` and ``①`` are not)?"""
    return word.isascii() and word.isdigit()


def to_number(digits: str) -> int:
    """The value of ASCII digits; a ``CommandError`` if there are too many of them."""
    if len(digits) > MAX_NUMBER_DIGITS:
        raise CommandError(
            _("{digits}... is too large a number: numbers here have at most {n} digits").format(
                digits=digits[:MAX_NUMBER_DIGITS], n=MAX_NUMBER_DIGITS
            )
        )
    return int(digits)


def place_token(word: str) -> PlaceRef | None:
    word = _home_alias(word)
    m = _PLACE.match(word.casefold())
    if m is None:
        return None
    island = _original(word, m, "island")
    if island is not None and island.casefold() == "home":
        island = None
    if m["slot"] == "k":
        return PlaceRef(island, KONTOR)
    number = to_number(m["slot"])
    if number < 1:
        raise CommandError(_("fields are numbered from 1"))
    return PlaceRef(island, number - 1)


def card_token(word: str) -> CardRef | None:
    word = _home_alias(word)
    m = _CARD.match(word.casefold())
    if m is None:
        return None
    if m["id"] is not None:
        return CardRef("#", to_number(m["id"]))
    number = to_number(m["n"])
    if number < 1:
        raise CommandError(_("positions are numbered from 1: {word}").format(word=word))
    area: CardArea = "h" if m["area"] == "h" else "f" if m["area"] == "f" else "k"
    island = _original(word, m, "island")
    if island is not None and area != "k":
        return None
    if island is not None and island.casefold() == "home":
        island = None
    return CardRef(area, number, island)


def _original(word: str, m: re.Match[str], group: str) -> str | None:
    """A group of a match made on the casefolded word, as the player wrote it."""
    if m[group] is None:
        return None
    if len(word) != len(word.casefold()):  # a letter like ß changed length: positions differ
        return m[group]
    return word[m.start(group) : m.end(group)]


def island_token(word: str) -> str | None:
    if is_home(word):
        return "home"
    return str(word) if _ISLAND.match(word.casefold()) else None


def is_home(word: str) -> bool:
    """``home``, or the word for it in the language in use (``дом``, ``thuis``)."""
    key = _squash(word)
    return key == "home" or key == _squash(_("home"))


def _home_alias(word: str) -> str:
    """``Heimat.1`` as ``home.1``: a reference whose island is the translated ``home``."""
    island, dot, rest = word.partition(".")
    if dot and island.casefold() != "home" and is_home(island):
        return f"home.{rest}"
    return word


def ship_token(word: str) -> ShipRef | None:
    if word.startswith("#") and is_number(word[1:]):
        return ShipRef(to_number(word[1:]), raw=True)
    if is_number(word):
        number = to_number(word)
        if number < 1:
            raise CommandError(_("ships are numbered from 1"))
        return ShipRef(number)
    return None


# -- bean kinds -------------------------------------------------------------------------


def _squash(word: str) -> str:
    return word.casefold().replace("-", "").replace("_", "").replace(" ", "")


_KIND_KEYS = {_squash(k): i for i, k in enumerate(KINDS)}
#: the seeds' own bean names, by language (beans.json)
_SEED_NAMES = {"de": "german", "nl": "dutch", "bg": "bulgarian"}
_local_cache: dict[tuple[str, ...], dict[str, int]] = {}


def local_kind_names() -> list[str]:
    """The bean kinds' names in the language in use, by kind (empty in English)."""
    names = [bean_name(i) for i in range(len(KINDS))]
    return [] if names == list(KINDS) else names


def _local_kinds() -> dict[str, int]:
    """Squashed names of the kinds in the language in use: translated, and the seeds' own."""
    lang = current_language()
    translated = local_kind_names()
    found = _local_cache.get((lang, *translated))
    if found is None:
        field = _SEED_NAMES.get(lang)
        names = [(i, name) for i, name in enumerate(translated)]
        names += [(b.index, getattr(b, field)) for b in BEANS if field and getattr(b, field)]
        found = {}
        for i, name in names:
            key = _squash(name)
            if key and key not in _KIND_KEYS:
                found.setdefault(key, i)
        _local_cache[(lang, *translated)] = found
    return found


def kind_token(word: str) -> int | None:
    """The kind a word names: its key or an unambiguous prefix (``bla``; ``bl`` is ambiguous).

    The names in the language in use count too (``Feuerbohne``, ``feuer``), written
    with or without their spaces and hyphens; a prefix is read as English first.
    """
    key = _squash(word)
    if not key or not key.isalpha():
        return None
    if key in _KIND_KEYS:
        return _KIND_KEYS[key]
    local = _local_kinds()
    if key in local:
        return local[key]
    matches = sorted({i for k, i in _KIND_KEYS.items() if k.startswith(key)})
    names = KINDS
    if not matches:
        matches = sorted({i for k, i in local.items() if k.startswith(key)})
        names = tuple(bean_name(i) for i in range(len(KINDS)))
    if len(matches) > 1:
        raise CommandError(
            _("'{word}' could be {kinds}: type more letters").format(
                word=word, kinds=or_list(names[i] for i in matches)
            )
        )
    return matches[0] if matches else None


def closest(word: str, choices: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word.casefold(), list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def or_list(items: Iterable[str]) -> str:
    """``a, b or c`` (for messages)."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {last}").format(first=", ".join(words[:-1]), last=words[-1])


# -- reading a command's words ----------------------------------------------------------


class Words:
    """The words after the command word, read left to right by a command's grammar."""

    def __init__(self, command: str, usage: str, words: list[Word]) -> None:
        self.command = command
        self.usage = usage
        self.items = words
        self.pos = 0

    def error(self, message: str) -> CommandError:
        return CommandError(message, self.usage)

    def peek(self) -> str | None:
        """The next word, casefolded to compare with keywords (a quoted word keeps its mark)."""
        if self.pos >= len(self.items):
            return None
        word = self.items[self.pos]
        return f'"{word}' if word.quoted else word.casefold()

    def raw(self) -> Word:
        return self.items[self.pos]

    def more(self) -> bool:
        return self.pos < len(self.items)

    def pop(self, what: str) -> Word:
        if not self.more():
            raise self.error(_("'{command}' needs {what}").format(command=self.command, what=what))
        word = self.items[self.pos]
        self.pos += 1
        return word

    def accept(self, *keywords: str) -> str | None:
        word = self.peek()
        if word is not None and word in keywords:
            self.pos += 1
            return word
        return None

    def expect(self, keyword: str) -> None:
        if self.accept(keyword) is None:
            if self.more():
                raise self.error(
                    _("expected '{keyword}' but found '{word}'").format(
                        keyword=keyword, word=self.raw()
                    )
                )
            raise self.error(
                _("'{command}' needs '{keyword}' and what follows it").format(
                    command=self.command, keyword=keyword
                )
            )

    def end(self) -> None:
        if self.more():
            raise self.error(_("unexpected '{word}'").format(word=self.raw()))

    def number(self, what: str) -> int:
        word = self.pop(what)
        if not is_number(word):
            raise self.error(
                _("'{word}' is not a number; expected {what}").format(word=word, what=what)
            )
        return _guard(self, to_number, word)

    def place(self, what: str) -> PlaceRef:
        word = self.pop(what)
        place = _guard(self, place_token, word)
        if place is None:
            raise self.error(
                _("'{word}' is not a field or Kontor (use 2, k, A1.1 or A1.k)").format(word=word)
            )
        return place

    def island(self, what: str) -> str:
        word = self.pop(what)
        island = island_token(word)
        if island is None:
            raise self.error(_("'{word}' is not an island name").format(word=word))
        return island

    def ship(self, what: str) -> ShipRef:
        word = self.pop(what)
        ship = _guard(self, ship_token, word)
        if ship is None:
            raise self.error(_("'{word}' is not a ship number").format(word=word))
        return ship

    def kind(self, what: str) -> int:
        word = self.pop(what)
        kind = _guard(self, kind_token, word)
        if kind is None:
            raise self.error(unknown_kind(word))
        return kind

    def kinds(self, what: str, stop: tuple[str, ...] = ()) -> tuple[int, ...]:
        """Bean kinds, each optionally after a count: ``blue blue``, ``2 blue chili``."""
        out: list[int] = []
        while self.more() and self.peek() not in stop:
            count = 1
            if is_number(self.raw()):
                count = self.number(what)
            kind = self.kind(what)
            out += [kind] * self._count(count, kind, out)
        return tuple(out)

    def _count(self, count: int, kind: int, before: list[int] | tuple[int, ...]) -> int:
        """``count`` if the game has that many beans of ``kind`` (with those named before)."""
        have = CARD_COUNTS[kind]
        if count + sum(1 for k in before if k == kind) > have:
            raise self.error(
                _("there are only {n} {bean} beans in the game").format(
                    n=have, bean=bean_name(kind)
                )
            )
        return count

    def cards(self, what: str, stop: tuple[str, ...] = ()) -> tuple[CardSpec, ...]:
        """Card references or kinds, each kind optionally after a count: ``h2 f1 2 chili``."""
        out: list[CardSpec] = []
        while self.more() and self.peek() not in stop:
            word = self.pop(what)
            count = 1
            if is_number(word):
                count = _guard(self, to_number, word)
                word = self.pop(what)
            card = _guard(self, card_token, word)
            if card is not None and count == 1:
                out.append(card)
                continue
            kind = _guard(self, kind_token, word)
            if kind is None:
                raise self.error(
                    _("'{word}' is not a card (use h2, f1, k1 or a bean kind)").format(word=word)
                )
            kinds = [k for k in out if not isinstance(k, CardRef)]
            out += [kind] * self._count(count, kind, kinds)
        return tuple(out)


T = TypeVar("T")


def _guard(words: Words, read: Callable[[str], T], word: str) -> T:
    """Run a token reader, giving its error the command's usage."""
    try:
        return read(word)
    except CommandError as exc:
        raise words.error(exc.message) from exc


def unknown_kind(word: str) -> str:
    local = local_kind_names()
    folded = {n.casefold(): n for n in local}
    near = closest(word, KINDS) or folded.get(closest(word, folded) or "")
    if near:
        return _("there is no bean '{word}'; did you mean {near}?").format(word=word, near=near)
    return _("there is no bean '{word}'; the beans are {kinds}").format(
        word=word, kinds=", ".join(local or KINDS)
    )
