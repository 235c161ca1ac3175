"""No file the game reads is unpickled or evaluated: saves, settings and caches are data.

A save file, the settings or anything in the user's folders may have been edited or
damaged by anyone; loading it must never run code. The package imports none of
``pickle``, ``marshal``, ``shelve`` or ``dill``, and calls neither ``eval`` nor ``exec``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import bohnanza_tui

UNSAFE_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle"}
UNSAFE_CALLS = {"eval", "exec"}


def sources() -> list[Path]:
    return sorted(Path(bohnanza_tui.__file__).parent.rglob("*.py"))


def test_the_package_has_sources() -> None:
    assert len(sources()) > 20


def test_no_module_imports_a_code_running_loader() -> None:
    found = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[0]]
            found += [f"{path.name}: {n}" for n in names if n in UNSAFE_MODULES]
    assert found == []


def test_no_module_evaluates_text() -> None:
    found = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in UNSAFE_CALLS
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
