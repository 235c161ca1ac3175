"""A small model of a terminal: what it shows after the app's writes, cell by cell.

It knows what the app's frames use: text (wide characters take two cells), cursor
moves (``ESC[row;colH``), line feeds, style codes (SGR) and the private modes it
ignores (``ESC[?...h``/``l``), operating system commands (``ESC]...``). Anything else fails the test that fed it. Its style
codes are read code by code, each attribute on its own (not as ``bohnanza_tui.ui.sgr``
reads them), so the two check each other.
"""

from __future__ import annotations

import re

from rich.cells import cell_len

_TOKEN = re.compile(
    r"\x1b\[(\??)([0-9;]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|[\x00-\x1f]|[^\x00-\x1f]+"
)

#: a cell: its character and the style it was written in
Cell = tuple[str, tuple[tuple[str, str], ...]]

ATTRIBUTES = {
    "1": "bold",
    "2": "dim",
    "3": "italic",
    "4": "underline",
    "5": "blink",
    "6": "blink2",
    "7": "reverse",
    "8": "conceal",
    "9": "strike",
    "21": "underline2",
    "51": "frame",
    "52": "encircle",
    "53": "overline",
}
OFF = {
    "22": ("bold", "dim"),
    "23": ("italic",),
    "24": ("underline", "underline2"),
    "25": ("blink", "blink2"),
    "27": ("reverse",),
    "28": ("conceal",),
    "29": ("strike",),
    "54": ("frame", "encircle"),
    "55": ("overline",),
}


class Terminal:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        blank: Cell = (" ", ())
        self.cells = [[blank] * width for _ in range(height)]
        self.x = self.y = 0
        self.style: dict[str, str] = {}

    def feed(self, data: str) -> None:
        for match in _TOKEN.finditer(data):
            token = match.group(0)
            if match.group(3) is not None:
                private, params, final = match.groups()
                if private:
                    assert final in "hl", token
                elif final == "H":
                    row, _sep, col = params.partition(";")
                    self.y, self.x = int(row or 1) - 1, int(col or 1) - 1
                elif final == "m":
                    self._sgr(params.split(";"))
                else:
                    raise AssertionError(f"unexpected sequence {token!r}")
            elif token.startswith("\x1b]"):
                continue  # an operating system command (a link, the mouse pointer's shape)
            elif token == "\n":
                assert self.y < self.height - 1, "a line feed on the last row would scroll"
                self.y += 1
            elif token == "\r":
                self.x = 0
            elif token == "\a":
                continue  # the bell
            elif len(token) == 1 and ord(token) < 32:
                raise AssertionError(f"unexpected control {token!r}")
            else:
                self._text(token)

    def _text(self, text: str) -> None:
        style = tuple(sorted(self.style.items()))
        for char in text:
            width = cell_len(char)
            assert 0 <= self.y < self.height and self.x + width <= self.width, (self.x, self.y)
            self.cells[self.y][self.x] = (char, style)
            for extra in range(1, width):
                self.cells[self.y][self.x + extra] = ("", style)
            self.x += width

    def _sgr(self, codes: list[str]) -> None:
        style = self.style
        while codes:
            code = codes.pop(0)
            if code in ("", "0"):
                style.clear()
            elif code in ATTRIBUTES:
                style[ATTRIBUTES[code]] = "on"
            elif code in OFF:
                for name in OFF[code]:
                    style.pop(name, None)
            elif code in ("38", "48"):
                kind = codes.pop(0)
                taken = [codes.pop(0) for _ in range(1 if kind == "5" else 3)]
                style["fg" if code == "38" else "bg"] = ";".join([kind, *taken])
            elif code == "39":
                style.pop("fg", None)
            elif code == "49":
                style.pop("bg", None)
            elif 30 <= int(code) <= 37 or 90 <= int(code) <= 97:
                style["fg"] = code
            elif 40 <= int(code) <= 47 or 100 <= int(code) <= 107:
                style["bg"] = code
            else:
                raise AssertionError(f"unexpected style code {code}")

    def rows(self) -> list[str]:
        return ["".join(char for char, _style in row) for row in self.cells]
