"""Switching the language while the app runs (the choice on the set-up screen).

Texts are translated when they are shown, except the descriptions of key
bindings: Textual reads them from class attributes (``BINDINGS``), translated
once when the module was imported. After a switch they are translated again
here: in the classes of this package (and their subclasses) and in the nodes
alive in the app.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

from textual.app import App
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from bohnanza_tui.i18n import _

_PACKAGE = "bohnanza_tui."


def _again(binding: Any, msgid_of: Callable[[str], str]) -> Any:
    if not isinstance(binding, Binding):
        return binding  # a (key, action, description) tuple: left as written
    description = _(msgid_of(binding.description)) if binding.description else ""
    tooltip = _(msgid_of(binding.tooltip)) if binding.tooltip else ""
    if description == binding.description and tooltip == binding.tooltip:
        return binding
    return dataclasses.replace(binding, description=description, tooltip=tooltip)


def _retranslate_map(bindings: BindingsMap, msgid_of: Callable[[str], str]) -> None:
    for key, items in bindings.key_to_bindings.items():
        bindings.key_to_bindings[key] = [_again(b, msgid_of) for b in items]


def _subclasses(cls: type[DOMNode]) -> Iterator[type[DOMNode]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def retranslate_classes(msgid_of: Callable[[str], str]) -> None:
    """Translate again the BINDINGS of this package's widgets, screens and app."""
    changed: set[type[DOMNode]] = set()
    for cls in set(_subclasses(DOMNode)):
        own = cls.__dict__.get("BINDINGS")
        if own and cls.__module__.startswith(_PACKAGE):
            cls.BINDINGS = [_again(b, msgid_of) for b in own]
            changed.add(cls)
    for cls in set(_subclasses(DOMNode)):
        if changed.intersection(cls.__mro__):
            cls._merged_bindings = cls._merge_bindings()


def retranslate_nodes(app: App[Any], msgid_of: Callable[[str], str]) -> None:
    """Translate again the key descriptions of the app and every node on its screens."""
    _retranslate_map(app._bindings, msgid_of)
    for screen in app.screen_stack:
        for node in (screen, *screen.walk_children()):
            _retranslate_map(node._bindings, msgid_of)
        screen.refresh_bindings()
