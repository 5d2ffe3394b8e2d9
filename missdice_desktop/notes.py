"""A note per kept game (who was there, where): a key of the game record, bounded in size.

The note is the record's `"note"` key, a text of at most `MAX_NOTE_CHARS` characters; the
record format keeps it like any key it does not know, so older versions keep it too. A
note that is too long, or not text, is refused with what is wrong, before anything is
written: the note in the file stays as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

NOTE_KEY = "note"
"""Record key of the game's note (docs/game-record.md)."""
MAX_NOTE_CHARS = 2000
"""A note is a few lines; a longer one is refused (not cut), so nothing is silently lost."""


@dataclass(frozen=True)
class NoteProblem:
    """Why a note cannot be kept: `length` characters, over `limit`; or a control character."""

    length: int
    limit: int = MAX_NOTE_CHARS
    control: bool = False


def note_problem(text: str) -> NoteProblem | None:
    """None when `text` can be kept as a note, else why not.

    >>> note_problem("Anna, Ben and Grandma, at the lake house") is None
    True
    >>> note_problem("x" * 2001)
    NoteProblem(length=2001, limit=2000, control=False)
    """
    if len(text) > MAX_NOTE_CHARS:
        return NoteProblem(len(text))
    if any(_unusable(char) for char in text):
        return NoteProblem(len(text), control=True)
    return None


def _unusable(char: str) -> bool:
    """A control character (new lines and tabs are fine) or a lone surrogate."""
    return (ord(char) < 32 and char not in "\n\t") or "\ud800" <= char <= "\udfff"


def game_note(extra: Mapping[str, Any]) -> str:
    """The note kept in a game's record keys ("" when none, or when it is not a usable
    note: a record edited by hand keeps its key, but it is not shown)."""
    note = extra.get(NOTE_KEY)
    if not isinstance(note, str) or note_problem(note) is not None:
        return ""
    return note
