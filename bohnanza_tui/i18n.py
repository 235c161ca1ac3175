"""The one translation function for every text a player reads.

Catalogs are GNU gettext `.mo` files of the domain "bohnanza" under
`assets/locale/<lang>/LC_MESSAGES/` (see assets/locale/README.md). Without a
catalog for the chosen language the English message ids are shown.

    from bohnanza_tui.i18n import _, N_, ngettext

`N_` only marks a string for extraction (module-level constants that are
translated later, when shown); `_` translates now.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from bohnanza_tui.resources import assets_path

DOMAIN = "bohnanza"

__all__ = ["DOMAIN", "N_", "_", "current_language", "locale_dir", "ngettext", "set_language"]


def locale_dir() -> Path | None:
    """The folder holding the catalogs, or None if no assets are installed."""
    try:
        return assets_path() / "locale"
    except FileNotFoundError:
        return None


_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: str | None = None


def _languages(lang: str) -> list[str]:
    # Accept what people type: "de", "de-DE", "de_DE.UTF-8", or a LANGUAGE-style "de:nl".
    return [part.strip().replace("-", "_") for part in lang.split(":") if part.strip()]


def set_language(lang: str | None, localedir: Path | None = None) -> None:
    """Switch the active translation.

    `lang` None (or empty) follows the environment: LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, as gettext does. An unknown language falls back to the
    English message ids. `localedir` overrides the catalog folder (tests).
    """
    global _translation, _language
    directory = localedir if localedir is not None else locale_dir()
    languages = _languages(lang) if lang else None
    if directory is None:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(
            DOMAIN, str(directory), languages=languages, fallback=True
        )
    _language = lang or None


def current_language() -> str | None:
    """The language last passed to set_language (None: from the environment)."""
    return _language


def _(msgid: str) -> str:
    """Translate a message now."""
    return _translation.gettext(msgid)


def N_(msgid: str) -> str:
    """Mark a message for extraction without translating it (translate it when shown)."""
    return msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the count n."""
    return _translation.ngettext(singular, plural, n)


set_language(None)
