"""The app's output with the fewest style codes (SGR) that show the same screen.

Textual renders every piece of text as ``ESC[0m`` (reset), the piece's whole style
(``ESC[38;2;224;224;224;48;2;30;30;30m``: colour and background) and the text, and
the next piece, in the same style or one that differs only in its colour, resets and
sets all of it again: of the 11 KB a plant sends to the terminal, 8.5 KB were style
codes. How long a terminal (tmux) takes to show a frame grows with the bytes it gets
(about a millisecond per kilobyte beyond the first two, measured in tmux).

``compact`` reads the style codes as the terminal would and writes, before each piece
of text, only what differs from the style the terminal has by then (``ESC[22m`` for
bold off, a colour alone...); cursor moves between pieces keep the style, a line feed
followed by a cursor move is left out (the move goes to the next line anyway). The
terminal ends in the style it would have ended in. A write with a code it doesn't
know is sent as it is.
"""

from __future__ import annotations

import re

__all__ = ["compact", "repaints_only"]

#: a style code (Select Graphic Rendition) and its parameters
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
#: cursor moves only (each maybe after a line feed): they don't depend on the style
_MOVES_ONLY = re.compile(r"(?:\n?\x1b\[[0-9]*(?:;[0-9]*)?H)+")
#: a write that sets cells at places it names: a cursor move first, then only cursor
#: moves, style codes, modes and text (no control character, nothing relative)
_REPAINT = re.compile(
    r"(?:\x1b\[[0-9;]*m|\x1b\[\?[0-9;]*[hl])*\x1b\[[0-9;]*H"
    r"(?:\x1b\[[0-9;]*[Hm]|\x1b\[\?[0-9;]*[hl]|[^\x00-\x1f\x7f])*"
)

#: attributes, as bits: bold, dim, italic, underline, blink, rapid blink, reverse,
#: conceal, strike, double underline, frame, encircle, overline
_ATTRS = {
    "1": 1,
    "2": 2,
    "3": 4,
    "4": 8,
    "5": 16,
    "6": 32,
    "7": 64,
    "8": 128,
    "9": 256,
    "21": 512,
    "51": 1024,
    "52": 2048,
    "53": 4096,
}
_CODE = {bit: code for code, bit in _ATTRS.items()}
#: the codes that turn attributes off, and which (22 ends bold and dim alike)
_OFF = {
    "22": 1 | 2,
    "23": 4,
    "24": 8 | 512,
    "25": 16 | 32,
    "27": 64,
    "28": 128,
    "29": 256,
    "54": 1024 | 2048,
    "55": 4096,
}
_FOREGROUND = {str(n) for n in (*range(30, 38), *range(90, 98))}
_BACKGROUND = {str(n) for n in (*range(40, 48), *range(100, 108))}

#: a terminal's style: attribute bits, foreground and background (their codes; None: default)
State = tuple[int, str | None, str | None]
RESET: State = (0, None, None)


class UnknownCode(ValueError):
    """A style code ``compact`` doesn't model: the write goes out as it is."""


def apply(state: State, params: str) -> State:
    """The style after the code ``ESC[{params}m``, from ``state``."""
    attrs, fg, bg = state
    codes = params.split(";")
    i = 0
    while i < len(codes):
        code = codes[i]
        if code in ("", "0"):
            attrs, fg, bg = RESET
        elif code in _ATTRS:
            attrs |= _ATTRS[code]
        elif code in _OFF:
            attrs &= ~_OFF[code]
        elif code in _FOREGROUND:
            fg = code
        elif code in _BACKGROUND:
            bg = code
        elif code == "39":
            fg = None
        elif code == "49":
            bg = None
        elif code in ("38", "48"):
            kind = codes[i + 1] if i + 1 < len(codes) else ""
            size = 3 if kind == "5" else 5 if kind == "2" else 0
            if not size or i + size > len(codes):
                raise UnknownCode(params)
            colour = ";".join(codes[i : i + size])
            if code == "38":
                fg = colour
            else:
                bg = colour
            i += size - 1
        else:
            raise UnknownCode(params)
        i += 1
    return attrs, fg, bg


def _whole(state: State) -> list[str]:
    attrs, fg, bg = state
    params = [code for bit, code in _CODE.items() if attrs & bit]
    return params + [c for c in (fg, bg) if c is not None]


def change(old: State, new: State) -> str:
    """The shortest code (of two ways) that takes a terminal from style ``old`` to ``new``."""
    if new == old:
        return ""
    if new == RESET:
        return "\x1b[0m"
    anew = "\x1b[0;" + ";".join(_whole(new)) + "m"
    old_attrs, old_fg, old_bg = old
    attrs, fg, bg = new
    params: list[str] = []
    turn_on = attrs & ~old_attrs
    removed = old_attrs & ~attrs
    for code, group in _OFF.items():
        if removed & group:
            params.append(code)
            turn_on |= attrs & group  # the off code ended the group's others too
    params += [code for bit, code in _CODE.items() if turn_on & bit]
    if fg != old_fg:
        params.append(fg or "39")
    if bg != old_bg:
        params.append(bg or "49")
    step = "\x1b[" + ";".join(params) + "m"
    return step if len(step) <= len(anew) else anew


#: (style, code) -> the style after it; (style, style) -> the code between them
_applied: dict[tuple[State, str], State] = {}
_changes: dict[tuple[State, State], str] = {}
#: entries each of those keeps at most (a theme or a tint brings new colours; a frame
#: uses a few hundred pairs): both are emptied when one is fuller
CACHE_LIMIT = 4096


def compact(data: str) -> str:
    """``data`` (a write to a terminal whose style is reset) with the fewest style codes
    that show the same; the terminal's style at its end is the same as well."""
    parts = _SGR.split(data)
    if len(parts) < 3:
        return data
    if len(_applied) > CACHE_LIMIT or len(_changes) > CACHE_LIMIT:
        _applied.clear()
        _changes.clear()
    out: list[str] = []
    emit = out.append
    wanted = shown = RESET  # the style the codes so far ask for; the one the terminal has
    moves_only = _MOVES_ONLY.fullmatch
    try:
        for index, part in enumerate(parts):
            if index % 2:  # a style code's parameters
                key = (wanted, part)
                after = _applied.get(key)
                if after is None:
                    after = _applied[key] = apply(wanted, part)
                wanted = after
            elif part:
                if moves_only(part):
                    emit(part.replace("\n", ""))
                    continue
                if wanted != shown:
                    pair = (shown, wanted)
                    code = _changes.get(pair)
                    if code is None:
                        code = _changes[pair] = change(shown, wanted)
                    emit(code)
                    shown = wanted
                emit(part)
    except UnknownCode:
        return data
    emit(change(shown, wanted))
    return "".join(out)


def repaints_only(data: str) -> bool:
    """Does ``data`` only set cells at places it names (and modes)? Written twice in a
    row, the second time changes nothing on the screen."""
    return _REPAINT.fullmatch(data) is not None
