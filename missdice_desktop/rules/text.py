"""The one rule for text shown to players: player names and the names and labels of grids.

Such text must show something, and show it as written: no control characters (NUL, new
lines), no lone surrogates (they cannot be saved as UTF-8), no unassigned or private-use
code points, and no invisible format characters — the zero-width space, the byte-order
mark, and the bidirectional controls that reorder what follows them (U+202E…). The
zero-width joiner and non-joiner stay allowed: emoji sequences and some scripts need them.

>>> shown_text_problem("Anna", max_length=40) is None
True
>>> shown_text_problem("\\u202eannA", max_length=40)
'has a character that cannot be shown (U+202E)'
"""

from __future__ import annotations

import re
import unicodedata

_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_JOINERS = {"\u200c", "\u200d"}
# Letters and symbols that fonts draw as nothing at all.
_BLANKS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def shown_text_problem(text: str, *, max_length: int) -> str | None:
    """Why `text` cannot be shown as a name or a label, or None when it can.

    `text` is taken as it will be kept: callers strip surrounding spaces first.
    """
    if not any(_visible(char) for char in text):
        return "is empty or shows nothing"
    if len(text) > max_length:
        return f"has more than {max_length} characters"
    for char in text:
        if unicodedata.category(char) in _REFUSED_CATEGORIES and char not in _JOINERS:
            return f"has a character that cannot be shown (U+{ord(char):04X})"
    return None


def without_hidden_characters(text: str) -> str:
    """`text` without the characters `shown_text_problem` refuses (for text being typed).

    >>> without_hidden_characters("\u202eAnn\u200ba")
    'Anna'
    """
    return "".join(
        char
        for char in text
        if unicodedata.category(char) not in _REFUSED_CATEGORIES or char in _JOINERS
    )


def _visible(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "LNPS" and category != "Co" and char not in _BLANKS


def unsaveable_part(data: object) -> str | None:
    """Where `data` holds a value that standard JSON in UTF-8 cannot hold, and what it is.

    None when every part is a string, a whole number, a finite number, true, false, null, a
    list or a table with string keys, and no string holds a lone surrogate. A file the app
    accepts is saved again (autosave, Save as), so such a value is refused when it is read.

    >>> unsaveable_part({"note": [1, float("nan")]})
    'note[2]: NaN and infinite numbers are not standard JSON'
    """
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if value is None or isinstance(value, bool | int):
            continue
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                return _at(where, "NaN and infinite numbers are not standard JSON")
        elif isinstance(value, str):
            if _has_surrogate(value):
                return _at(where, f"a text holds a lone surrogate (\\u{_surrogate(value):04x})")
        elif isinstance(value, list | tuple):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(value, 1))
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str) or _has_surrogate(key):
                    return _at(where, "a key that cannot be saved")
                name = key_text(key)
                stack.append((f"{where}.{name}" if where else name, item))
        else:
            return _at(where, f"{type(value).__name__} values (dates, times…) cannot be kept")
    return None


def key_text(key: str) -> str:
    """A key as messages name it: plain keys as they are, any other quoted and escaped.

    >>> key_text("count"), key_text("a b")
    ('count', "'a b'")
    """
    return key if _PLAIN_KEY.fullmatch(key) else ascii(key)


def _at(where: str, problem: str) -> str:
    return f"{where}: {problem}" if where else problem


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate(text: str) -> int:
    return next(ord(char) for char in text if "\ud800" <= char <= "\udfff")
