"""What the window keeps with a game beside the rules: where the dice come from, the default
names in use, the faces set for table dice, the computer players, who has the coach, the note.

These are six keys of the game record (docs/game-record.md). `SessionMeta` reads them in one
place: a value that does not fit reads as absent (a record edited by hand keeps its key
as written, like any key the program does not use). Data only: no Qt, no rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from missdice_desktop.computers import COMPUTERS_KEY, Level, computer_levels, record_computers
from missdice_desktop.notes import NOTE_KEY, game_note, note_problem

DICE_VIRTUAL = "virtual"
"""Dice rolled on screen."""
DICE_TABLE = "table"
"""Physical dice, typed in or read by the camera."""
DICE_SOURCES = (DICE_VIRTUAL, DICE_TABLE)

DICE_SOURCE_KEY = "dice_source"
"""Record key: where the window takes the dice from."""
DEFAULT_NAMES_KEY = "default_names"
"""Record key: the default names in use, each with its number ({"Player 2": 2}), shown in
the language of the moment."""
TABLE_DRAFT_KEY = "table_draft"
"""Record key: faces set so far for table dice not all entered (None for a die not set)."""
COACH_KEY = "coach"
"""Record key: the players (indices) whose coach is on."""

SESSION_KEYS = frozenset(
    {DICE_SOURCE_KEY, DEFAULT_NAMES_KEY, TABLE_DRAFT_KEY, COACH_KEY, COMPUTERS_KEY, NOTE_KEY}
)
"""The record keys that `SessionMeta` reads and writes."""

MAX_DEFAULT_NUMBER = 99


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class SessionMeta:
    """The window's part of a game record, typed.

    >>> meta = SessionMeta.read({"dice_source": "table", "coach": [0, 7, "x"]}, players=2)
    >>> meta.dice_source, meta.coach
    ('table', frozenset({0}))
    >>> meta.keys()["dice_source"]
    'table'
    """

    dice_source: str | None = None
    """`DICE_VIRTUAL` or `DICE_TABLE`; None when the record does not say (virtual)."""
    default_names: Mapping[str, int] = field(default_factory=lambda: _frozen({}))
    """Default names in use and their numbers."""
    table_draft: tuple[int | None, ...] | None = None
    """Faces set so far for table dice, None when there is no draft."""
    computers: Mapping[int, Level] = field(default_factory=lambda: _frozen({}))
    """The seats the computer plays, with its level."""
    coach: frozenset[int] | None = None
    """The seats whose coach is on; None when the record does not say."""
    note: str = ""
    """The game's note ("" for none)."""

    def __post_init__(self) -> None:
        if self.dice_source is not None and self.dice_source not in DICE_SOURCES:
            raise ValueError(f"dice source {self.dice_source!r}")
        problem = note_problem(self.note)
        if problem is not None:
            raise ValueError(problem)
        object.__setattr__(self, "default_names", _frozen(self.default_names))
        object.__setattr__(self, "computers", _frozen(self.computers))

    @property
    def table_dice(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.dice_source == DICE_TABLE

    @classmethod
    def read(cls, extra: Mapping[str, Any], players: int) -> SessionMeta:
        """The meta kept in a game's record keys, for a game of `players` seats."""
        return cls(
            dice_source=_dice_source(extra.get(DICE_SOURCE_KEY)),
            default_names=_default_names(extra.get(DEFAULT_NAMES_KEY)),
            table_draft=_table_draft(extra.get(TABLE_DRAFT_KEY)),
            computers=computer_levels(extra, players),
            coach=_coach(extra.get(COACH_KEY), players),
            note=game_note(extra),
        )

    def keys(self) -> dict[str, Any]:
        """The record keys that say this meta (absent values have no key)."""
        keys: dict[str, Any] = {}
        if self.dice_source is not None:
            keys[DICE_SOURCE_KEY] = self.dice_source
        if self.default_names:
            keys[DEFAULT_NAMES_KEY] = dict(self.default_names)
        if self.table_draft is not None:
            keys[TABLE_DRAFT_KEY] = list(self.table_draft)
        if self.computers:
            keys[COMPUTERS_KEY] = record_computers(self.computers)
        if self.coach is not None:
            keys[COACH_KEY] = sorted(self.coach)
        if self.note.strip():
            keys[NOTE_KEY] = self.note
        return keys

    def changed_keys(self, before: SessionMeta) -> dict[str, Any | None]:
        """The record keys that differ from `before`: each new value, None for a key to drop."""
        old, new = before.keys(), self.keys()
        changed: dict[str, Any | None] = {k: v for k, v in new.items() if old.get(k) != v}
        changed.update({key: None for key in old if key not in new})
        return changed


def write_meta(extra: dict[str, Any], meta: SessionMeta, before: SessionMeta) -> None:
    """Write into a game's record keys what `meta` changes from `before`; a value of
    `before` that did not fit (kept as written) is replaced only where `meta` differs."""
    for key, value in meta.changed_keys(before).items():
        if value is None:
            extra.pop(key, None)
        else:
            extra[key] = value


def _dice_source(value: Any) -> str | None:
    return value if isinstance(value, str) and value in DICE_SOURCES else None


def _default_names(value: Any) -> dict[str, int]:
    if isinstance(value, dict) and all(
        isinstance(name, str) and type(number) is int and 1 <= number <= MAX_DEFAULT_NUMBER
        for name, number in value.items()
    ):
        return dict(value)
    return {}


def _table_draft(value: Any) -> tuple[int | None, ...] | None:
    if isinstance(value, list) and all(face is None or type(face) is int for face in value):
        return tuple(value)
    return None


def _coach(value: Any, players: int) -> frozenset[int] | None:
    if not isinstance(value, list):
        return None
    return frozenset(i for i in value if type(i) is int and 0 <= i < players)


def seats_moved(levels: Mapping[int, Level], order: Sequence[int]) -> dict[int, Level]:
    """Computer players after the seats are reordered (new seat i takes old seat order[i]).

    >>> seats_moved({0: Level.OPTIMAL}, [1, 0])
    {1: <Level.OPTIMAL: 'optimal'>}
    """
    return {seat: levels[old] for seat, old in enumerate(order) if old in levels}
