"""Translations: the catalogs against the source, choosing a language, the command words.

The catalog tests extract the messages from the current source with Babel, so
a message added without a translation fails here, by name; run
``python scripts/update_catalogs.py`` to merge it into the catalogs and list
what is left to translate.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from textual.binding import Binding

from bohnanza_tui import cli, i18n, settings
from bohnanza_tui.commands import completions, to_action
from bohnanza_tui.commands.lexicon import CommandError, is_home, kind_token, place_token
from bohnanza_tui.rules.data import KIND_INDEX, KINDS
from bohnanza_tui.rules.save import Session
from bohnanza_tui.rules.state import KIND_OF

ROOT = Path(__file__).resolve().parent.parent


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_catalogs", ROOT / "scripts" / "update_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("update_catalogs", module)
    spec.loader.exec_module(module)
    return module


catalogs = _load_script()
LANGUAGES = catalogs.languages()
#: every language this game is translated into has two plural forms, "one" and "other"
PLURAL_FORMS = {lang: "nplurals=2; plural=(n != 1);" for lang in ("de", "nl", "bg")}
RULE_ID = re.compile(r"\b[RD]-(?:[A-Z]+-)?\d+\b")


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogs.extract_template()


def catalog_of(lang: str) -> Catalog:
    return catalogs.read_catalog(catalogs.po_path(lang), lang)


def forms(message: Message) -> tuple[str, ...]:
    s = message.string
    return tuple(s) if isinstance(s, (list, tuple)) else (s,)


def ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)


def fields(text: str) -> set[str]:
    """The replacement fields of a str.format text ({name}, {x.y}, {0}); raises on bad braces."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def first_line(message: Message) -> str:
    return repr(ids(message)[0])


# -- the catalogs -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_source_is_translated(lang: str, template: Catalog) -> None:
    todo = catalogs.untranslated(catalog_of(lang), template)
    assert not todo, (
        f"{lang}: {len(todo)} messages of the source are untranslated or fuzzy; "
        "run python scripts/update_catalogs.py and translate them:\n" + catalogs.show(todo)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_is_empty_or_fuzzy(lang: str) -> None:
    bad = [
        first_line(m)
        for m in catalog_of(lang)
        if m.id and (m.fuzzy or not all(f.strip() for f in forms(m)))
    ]
    assert not bad, f"{lang}: empty or fuzzy: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_and_rule_ids_are_the_source_s(lang: str) -> None:
    wrong = []
    for m in catalog_of(lang):
        if not m.id:
            continue
        source = ids(m)
        for i, text in enumerate(forms(m)):
            original = source[min(i, len(source) - 1)]
            try:
                same = fields(text) == fields(original)
            except ValueError as exc:  # an unbalanced brace: .format would fail in play
                wrong.append(f"{first_line(m)}: {exc}")
                continue
            if not same:
                wrong.append(f"{first_line(m)}: {sorted(fields(text))} in form {i}")
            if set(RULE_ID.findall(text)) != set(RULE_ID.findall(original)):
                wrong.append(f"{first_line(m)}: rule ids {RULE_ID.findall(text)}")
    assert not wrong, f"{lang}: placeholders differ from the source:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_fit_the_language(lang: str) -> None:
    catalog = catalog_of(lang)
    expected = PLURAL_FORMS.get(lang)
    assert expected is not None, f"{lang}: add its Plural-Forms to this test"
    assert catalog.plural_forms == expected
    n = catalog.num_plurals
    bad = [first_line(m) for m in catalog if m.id and m.pluralizable and len(forms(m)) != n]
    assert not bad, f"{lang}: messages without {n} plural forms: {bad}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_is_what_the_po_file_says(lang: str) -> None:
    path = catalogs.po_path(lang)
    mo = path.with_suffix(".mo")
    assert mo.exists(), f"{lang}: no compiled catalog; run python scripts/update_catalogs.py"
    fresh = gettext.GNUTranslations(io.BytesIO(catalogs.mo_bytes(catalog_of(lang))))
    shipped = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    assert shipped._catalog == fresh._catalog, (  # type: ignore[attr-defined]
        f"{lang}: {mo.name} is not the compiled {path.name}; run python scripts/update_catalogs.py"
    )
    assert shipped.info().get("plural-forms") == fresh.info().get("plural-forms")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_has_its_glossary(lang: str) -> None:
    assert (catalogs.LOCALE / lang / "GLOSSARY.md").is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bean_names_and_home_are_distinct_words(lang: str) -> None:
    """A translated bean name or `home` must not read as another kind in commands."""
    i18n.choose_language(lang)
    for key, index in KIND_INDEX.items():
        name = i18n._(key)
        assert kind_token(name) == index, (lang, key, name)
        assert kind_token(name.replace(" ", "-")) == index
    assert is_home(i18n._("home")) and kind_token(i18n._("home").replace(" ", "")) is None


# -- choosing a language ------------------------------------------------------------------------


@pytest.fixture
def locale(tmp_path: Path) -> Path:
    """A small German catalog of our own (independent of the shipped one's wording)."""
    catalog = Catalog(locale="de", domain="bohnanza")
    for msgid, text in {
        "chili": "Feuerbohne",
        "blue": "Blaue Bohne",
        "black-eyed": "Augenbohne",
        "home": "Heimat",
        "coffee": "Kaffeebohne",
        "cocoa": "Kakaobohne",
        "there is no bean '{word}'; did you mean {near}?": "Keine Bohne '{word}'; {near}?",
    }.items():
        catalog.add(msgid, text)
    folder = tmp_path / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "bohnanza.mo").open("wb") as f:
        write_mo(f, catalog)
    return tmp_path / "locale"


def test_available_languages_are_english_and_the_compiled_catalogs(locale: Path) -> None:
    (locale / "xx" / "LC_MESSAGES").mkdir(parents=True)  # a folder without a catalog
    assert i18n.available_languages(locale) == ["en", "de"]
    assert i18n.available_languages() == ["en", *sorted(LANGUAGES)]


def test_choosing_a_language_without_a_catalog_names_the_available_ones(locale: Path) -> None:
    with pytest.raises(i18n.UnknownLanguage) as info:
        i18n.choose_language("fr", locale)
    assert str(info.value) == (
        "there is no language 'fr'; the available languages are en (English), de (Deutsch)"
    )
    assert i18n.current_language() == "en"
    assert i18n.choose_language("de_DE.UTF-8", locale) == "de"
    assert i18n.current_language() == "de" and i18n._("chili") == "Feuerbohne"
    assert i18n.choose_language("EN", locale) == "en" and i18n._("chili") == "chili"


@pytest.mark.parametrize("argv", [["--lang", "xx"], ["--lang=xx", "schema"], ["--lang"]])
def test_lang_without_a_catalog_is_one_sentence_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "available languages are en (English)" in err
    for lang in LANGUAGES:
        assert f"{lang} ({i18n.native_name(lang)})" in err
    assert ("'xx'" in err) == ("xx" in " ".join(argv))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lang_translates_the_command_line(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", lang, "--help"]) == 0
    out = capsys.readouterr().out
    english = "language of the texts, such as de or nl"
    assert english not in out and i18n._(english) in " ".join(out.split())


def test_the_remembered_language_applies_without_lang(
    locale: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(i18n, "locale_dir", lambda: locale)
    assert settings.save_language("de")
    assert cli.main(["schema"]) == 0
    assert i18n.current_language() == "de"
    assert cli.main(["--lang", "en", "schema"]) == 0  # --lang wins over the remembered choice
    assert i18n.current_language() == "en"


@pytest.mark.parametrize(
    "content",
    [
        b'{"language": "de"',
        b"\xff\xfe not utf-8",
        b'["de"]',
        b'{"language": ["de"]}',
        b'{"language": "../../de"}',
        b'{"language": "fr"}',
        b'{"language": "de", "pad": "' + b"x" * 5000 + b'"}',
        b"[" * 100000,
    ],
)
def test_a_hostile_settings_file_is_ignored(content: bytes) -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert settings.saved_language(["en", "de"]) is None
    assert settings.save_language("de")  # and the next choice writes it again
    assert settings.saved_language(["en", "de"]) == "de"


def test_a_settings_folder_that_cannot_be_written_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the folder should be")
    assert settings.save_language("de") is False
    assert settings.saved_language(["en", "de"]) is None


# -- commands in the chosen language ---------------------------------------------------------


def test_bean_kinds_and_home_in_the_chosen_language(locale: Path) -> None:
    i18n.set_language("de", locale)
    assert kind_token("Feuerbohne") == KIND_INDEX["chili"]
    assert kind_token("FEUERBOHNE") == KIND_INDEX["chili"]
    assert kind_token("feuer") == KIND_INDEX["chili"]  # a prefix
    assert kind_token("blaue-bohne") == kind_token("Blaue Bohne") == KIND_INDEX["blue"]
    assert kind_token("Wachsbohne") == KIND_INDEX["wax"]  # the seeds' German name
    assert kind_token("chili") == KIND_INDEX["chili"]  # the command words still work
    assert kind_token("bla") == KIND_INDEX["black-eyed"]  # a prefix reads as English first
    assert place_token("Heimat.2") == place_token("home.2") and is_home("HEIMAT")
    assert kind_token("Heimat") is None


def test_an_ambiguous_translated_prefix_lists_the_translated_names(locale: Path) -> None:
    i18n.set_language("de", locale)
    with pytest.raises(CommandError) as info:
        kind_token("ka")
    assert str(info.value) == "'ka' could be Kaffeebohne or Kakaobohne: type more letters"
    with pytest.raises(CommandError, match="'bl' could be blue or black-eyed"):
        kind_token("bl")


def test_an_unknown_bean_suggests_a_translated_name(locale: Path) -> None:
    i18n.set_language("de", locale)
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
    with pytest.raises(CommandError, match=r"Keine Bohne 'Feuerbohen'; Feuerbohne\?"):
        to_action(session.state, 0, "offer h1 for Feuerbohen")


def test_plant_by_the_translated_name(locale: Path) -> None:
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
    state = session.state
    front = state.players[0].hand[0]
    english = to_action(state, 0, "plant 1")
    i18n.set_language("de", locale)
    name = i18n._(KINDS[KIND_OF[front]])
    assert to_action(state, 0, f'plant "{name}" 1') == english
    assert to_action(state, 0, f"plant {name.replace(' ', '-')} Heimat.1") == english


def test_completions_offer_the_translated_names(locale: Path) -> None:
    session = Session.new("classic", ["Ann", "Bob", "Cy"], 7)
    i18n.set_language("de", locale)
    assert "Feuerbohne" in completions(session.state, 0, "offer h1 for Feu")
    assert "Blaue-Bohne" in completions(session.state, 0, "offer h1 for bla")
    assert "blue" in completions(session.state, 0, "offer h1 for bl")


# -- texts rendered when shown ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_empty_text_stays_empty(lang: str) -> None:
    """gettext gives the catalog's header for "": a label without a short form must not show it."""
    i18n.choose_language(lang)
    assert i18n._("") == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_island_and_counts_are_shown_in_the_language(lang: str) -> None:
    from bohnanza_tui.rules.outcome import Event
    from bohnanza_tui.rules.params import Kinds, Place

    i18n.choose_language(lang)
    home = i18n._("home")
    assert home != "home"
    sailed = Event(
        "{name} sails ship {ship} to {island}.", {"name": "Ann", "ship": 1, "island": "home"}
    )
    assert home in str(sailed) and " home" not in str(sailed)
    assert str(Place("home", 0)).startswith(home)
    chili = i18n._("chili")
    assert str(Kinds((KIND_INDEX["chili"],) * 2)) == i18n._("{n} {bean}").format(n=2, bean=chili)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_key_labels_stay_message_ids_and_show_translated(lang: str) -> None:
    """The bindings name their keys by message id, whatever the language: the key bar
    translates them as it shows them (``KeyBar._chips``), so a switch needs nothing redone,
    and two keys whose labels read the same in a language keep their own."""
    from bohnanza_tui.ui.screens.table import TableScreen

    def labels() -> dict[str, str]:
        return {b.action: b.description for b in TableScreen.BINDINGS if isinstance(b, Binding)}

    english = labels()
    i18n.choose_language(lang)
    try:
        assert labels() == english
        translated = {action: i18n._(text) for action, text in english.items()}
        assert sum(translated[a] != english[a] for a in english) > len(english) // 2
    finally:
        i18n.choose_language("en")
