"""Bring the translation catalogs up to date with the source: extract, merge, compile.

    python scripts/update_catalogs.py           # write the template, merge, compile
    python scripts/update_catalogs.py --check   # change nothing; exit 1 if a catalog lags

1. extracts every message from ``bohnanza_tui`` (the keywords of
   assets/locale/README.md) into ``assets/locale/bohnanza.pot``;
2. merges it into each ``assets/locale/<lang>/LC_MESSAGES/bohnanza.po``: new
   messages arrive untranslated (or fuzzy, with a guess from a similar one),
   messages gone from the source are dropped;
3. compiles each ``.po`` to its ``.mo`` (fuzzy entries left out);
4. lists, per language, the messages still to translate.

Babel does the work (``pip install -e '.[test]'``). tests/test_i18n.py uses the
same extraction, so a message added without a translation fails the tests,
naming it.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "bohnanza_tui"
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / "bohnanza.pot"
DOMAIN = "bohnanza"
#: the extraction keywords (assets/locale/README.md), beside Babel's defaults
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "N_": None,
    "ngettext": (1, 2),
    "event": (1,),
    "refuse": (2,),
    "Event": (1,),
    "Plural": (1, 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)


def extract_template(source: Path = SOURCE) -> Catalog:
    """Every message of the source, as a template catalog."""
    catalog = Catalog(project="bohnanza-tui", charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        source,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        where = (Path(source.name) / filename).as_posix()
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return catalog


def dated_template(path: Path = TEMPLATE) -> Catalog:
    """The template, keeping the date of the one on disk while no message changed."""
    template = extract_template()
    if path.exists():
        with path.open("rb") as f:
            template.creation_date = read_po(f).creation_date
        if po_bytes(template) != path.read_bytes():
            template.creation_date = Catalog().creation_date
    return template


def languages(locale: Path = LOCALE) -> list[str]:
    """The languages with a catalog, by code."""
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # no line numbers: a catalog changes only when its messages do, not when code moves
    write_po(
        out, catalog, width=76, ignore_obsolete=True, include_previous=False, include_lineno=False
    )
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalog, as ``pybabel compile`` writes it (fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _forms(message: Message) -> tuple[str, ...]:
    string = message.string
    return tuple(string) if isinstance(string, (list, tuple)) else (string or "",)


def untranslated(catalog: Catalog, template: Catalog | None = None) -> list[Message]:
    """Messages of the template (or the catalog) with an empty form or a fuzzy flag."""
    out = []
    for message in template or catalog:
        if not message.id:
            continue
        own = catalog.get(message.id, message.context)
        if own is None or own.fuzzy or not all(_forms(own)):
            out.append(own or message)
    return out


def show(messages: Iterable[Message]) -> str:
    lines = []
    for m in messages:
        text = m.id if isinstance(m.id, str) else m.id[0]
        mark = " (fuzzy)" if m.fuzzy else ""
        lines.append(f"  {text!r}{mark}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if behind")
    args = parser.parse_args(argv)
    template = dated_template()
    behind = False
    if not args.check:
        TEMPLATE.write_bytes(po_bytes(template))
    print(f"template: {len([m for m in template if m.id])} messages")
    for lang in languages():
        path = po_path(lang)
        before = path.read_bytes()
        catalog = read_catalog(path, lang)
        catalog.update(template, update_header_comment=False)
        merged = po_bytes(catalog)
        compiled = mo_bytes(catalog)
        mo = path.with_suffix(".mo")
        stale = merged != before or not mo.exists() or mo.read_bytes() != compiled
        todo = untranslated(catalog)
        if not args.check:
            path.write_bytes(merged)
            mo.write_bytes(compiled)
        state = "out of date" if stale and args.check else "up to date" if not stale else "updated"
        print(f"{lang}: {len(todo)} to translate, {state}")
        if todo:
            print(show(todo))
        behind = behind or stale or bool(todo)
    return 1 if args.check and behind else 0


if __name__ == "__main__":
    sys.exit(main())
