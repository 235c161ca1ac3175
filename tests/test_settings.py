"""What the app remembers between starts: the language and the set-up's options."""

from __future__ import annotations

import json

import pytest

from bohnanza_tui import settings


def test_the_options_are_remembered_beside_the_language() -> None:
    assert settings.saved_options() == (None, None)  # nothing chosen yet
    assert settings.save_language("de")
    assert settings.save_options("rarely", False)
    assert settings.saved_options() == ("rarely", False)
    assert settings.saved_language(["en", "de"]) == "de"  # one choice keeps the other
    assert settings.save_language("en")
    assert settings.saved_options() == ("rarely", False)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"offers_to_people": "sometimes", "hints": false}', (None, False)),
        (b'{"offers_to_people": "never", "hints": "no"}', ("never", None)),
        (b'{"offers_to_people": ["never"], "hints": 0}', (None, None)),
        (b'{"offers_to_people": "\x1b[2J", "hints": null}', (None, None)),
        (b'{"offers_to_people": "rarely"', (None, None)),
        (b"\xff\xfe not utf-8", (None, None)),
        (b'{"hints": true, "pad": "' + b"x" * 5000 + b'"}', (None, None)),
    ],
)
def test_a_hostile_entry_is_ignored_and_the_next_choice_writes_it_again(
    content: bytes, expected: tuple[object, object]
) -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert settings.saved_options() == expected
    assert settings.save_options("never", True)
    assert settings.saved_options() == ("never", True)


def test_unknown_entries_are_not_written_back() -> None:
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"language": "de", "junk": [1, 2, 3]}', encoding="utf-8")
    assert settings.save_options("often", True)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data == {"language": "de", "offers_to_people": "often", "hints": True}
