"""The one translation function for every text a player reads.

Catalogs are GNU gettext `.mo` files of the domain "bohnanza" under
`assets/locale/<lang>/LC_MESSAGES/` (see assets/locale/README.md). English
needs no catalog: the message ids are English.

    from bohnanza_tui.i18n import _, N_, ngettext

`N_` only marks a string for extraction (module-level constants that are
translated later, when shown); `_` translates now.

Two ways to pick a language, and they differ on purpose:

* a *choice* (``bohnanza --lang xx``, the set-up screen): `choose_language`
  accepts only a language that has a catalog (or English) and otherwise raises
  `UnknownLanguage`, whose message names the available ones. A choice never
  falls back to English silently.
* the *environment* (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``):
  `set_language(None)`, as gettext does. The environment is not a choice made
  for this game (it serves every program), so a language without a catalog
  there means English, as in any other program, without a word.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from bohnanza_tui.resources import assets_path

DOMAIN = "bohnanza"
#: the language of the message ids, which needs no catalog
ENGLISH = "en"
#: each language's name in itself, for the choice on the set-up screen
NATIVE_NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "bg": "Български"}

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "N_",
    "UnknownLanguage",
    "_",
    "available_languages",
    "choose_language",
    "current_language",
    "locale_dir",
    "native_name",
    "ngettext",
    "set_language",
]


def locale_dir() -> Path | None:
    """The folder holding the catalogs, or None if no assets are installed."""
    try:
        return assets_path() / "locale"
    except FileNotFoundError:
        return None


_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: str | None = None


class UnknownLanguage(ValueError):
    """A language was chosen that has no catalog; ``str`` is one sentence for the player."""


def _languages(lang: str) -> list[str]:
    # Accept what people type: "de", "de-DE", "de_DE.UTF-8", or a LANGUAGE-style "de:nl".
    return [part.strip().replace("-", "_") for part in lang.split(":") if part.strip()]


def available_languages(localedir: Path | None = None) -> list[str]:
    """English and every language with a compiled catalog, English first, then by code."""
    directory = localedir if localedir is not None else locale_dir()
    found: list[str] = []
    if directory is not None and directory.is_dir():
        found = sorted(
            d.name
            for d in directory.iterdir()
            if d.name != ENGLISH and (d / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
        )
    return [ENGLISH, *found]


def native_name(lang: str) -> str:
    """A language's name in that language ("Deutsch"), or its code if unknown here."""
    return NATIVE_NAMES.get(lang, lang)


def _base(lang: str) -> str:
    """The language part of a locale name: "de" of "de_DE.UTF-8" or "de-AT"."""
    return lang.strip().replace("-", "_").partition("_")[0].partition(".")[0].partition("@")[0]


def choose_language(lang: str, localedir: Path | None = None) -> str:
    """Switch to a language chosen by the player; returns its code.

    Raises UnknownLanguage (one sentence naming the available languages) for a
    language without a catalog: a choice never falls back silently.
    """
    available = available_languages(localedir)
    code = _base(lang).casefold()
    if code not in available:
        listed = ", ".join(f"{c} ({native_name(c)})" for c in available)
        if not lang.strip():
            message = _("no language given; the available languages are {languages}")
        else:
            message = _("there is no language '{lang}'; the available languages are {languages}")
        raise UnknownLanguage(message.format(lang=lang.strip(), languages=listed))
    set_language(code, localedir)
    return code


def set_language(lang: str | None, localedir: Path | None = None) -> None:
    """Switch the active translation.

    `lang` None (or empty) follows the environment: LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, as gettext does; a language there without a catalog
    means English. `localedir` overrides the catalog folder (tests). For a
    player's choice use `choose_language`, which refuses unknown languages.
    """
    global _translation, _language
    directory = localedir if localedir is not None else locale_dir()
    languages = _languages(lang) if lang else None
    if directory is None or (languages is not None and _base(languages[0]) == ENGLISH):
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(
            DOMAIN, str(directory), languages=languages, fallback=True
        )
    _language = lang or None


def current_language() -> str:
    """The code of the language in use: "de", or "en" for the message ids themselves."""
    info = _translation.info()
    language = info.get("language") if isinstance(_translation, gettext.GNUTranslations) else None
    if language:
        return _base(language)
    if _language and isinstance(_translation, gettext.GNUTranslations):
        return _base(_language)
    return ENGLISH


def _(msgid: str) -> str:
    """Translate a message now ("" stays "": gettext would give the catalog's header)."""
    return _translation.gettext(msgid) if msgid else ""


def N_(msgid: str) -> str:
    """Mark a message for extraction without translating it (translate it when shown)."""
    return msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the count n."""
    return _translation.ngettext(singular, plural, n)


set_language(None)
