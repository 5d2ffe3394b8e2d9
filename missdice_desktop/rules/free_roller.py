"""The free roller: 1 to 20 dice of 4, 6, 8, 10, 12 or 20 faces, mixed; no players, no score.

Dice are written in the usual notation, `2d6+d20` (two six-sided dice and one d20).

>>> roller = FreeRoller(parse_notation("2d6+d20"))
>>> roller.faces, notation(roller.faces)
((6, 6, 20), '2d6+d20')
>>> _ = roller.roll(random.Random(1))
>>> len(roller.values), roller.total == sum(roller.values)
(3, True)
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

SHAPES = (4, 6, 8, 10, 12, 20)
MAX_DICE = 20
HISTORY = 20
_TERM = re.compile(r"^(\d*)d(\d+)$")


class NotationError(ValueError):
    """Dice notation this roller cannot use; the message says why."""


def parse_notation(text: str) -> tuple[int, ...]:
    """The faces of each die written in `text` ("2d6+d20" → (6, 6, 20)); NotationError if bad.

    >>> parse_notation(" 3D4 + d12 ")
    (4, 4, 4, 12)
    """
    cleaned = text.replace(" ", "").lower()
    if not cleaned:
        raise NotationError("no dice: write e.g. 2d6+d20")
    faces: list[int] = []
    for term in cleaned.split("+"):
        match = _TERM.match(term)
        if match is None:
            raise NotationError(f"{term or '+'!r} is not dice notation (e.g. 2d6 or d20)")
        count = int(match.group(1)) if match.group(1) else 1
        shape = int(match.group(2))
        if shape not in SHAPES:
            raise NotationError(f"d{shape}: the dice have 4, 6, 8, 10, 12 or 20 faces")
        if count < 1 or len(faces) + count > MAX_DICE:
            raise NotationError(f"1 to {MAX_DICE} dice in all")
        faces.extend([shape] * count)
    return tuple(faces)


def notation(faces: Sequence[int]) -> str:
    """`faces` in dice notation, grouping dice of a shape in the order they come.

    >>> notation((6, 6, 20, 6))
    '3d6+d20'
    """
    counts: dict[int, int] = {}
    for shape in faces:
        counts[shape] = counts.get(shape, 0) + 1
    return "+".join(f"{count if count > 1 else ''}d{shape}" for shape, count in counts.items())


@dataclass(frozen=True)
class Throw:
    """One roll: the faces of each die and what they showed."""

    faces: tuple[int, ...]
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        """The sum of the dice."""
        return sum(self.values)


class FreeRoller:
    """A set of dice to roll, hold and roll again, with the last 20 rolls."""

    def __init__(self, faces: Sequence[int] = (6, 6)) -> None:
        self.faces: tuple[int, ...] = ()
        self.values: tuple[int, ...] = ()
        self.held: tuple[bool, ...] = ()
        self.history: tuple[Throw, ...] = ()
        self.set_dice(faces)

    def set_dice(self, faces: Sequence[int]) -> None:
        """Use these dice from now on (nothing rolled yet); NotationError if not allowed."""
        faces = tuple(faces)
        if not 1 <= len(faces) <= MAX_DICE:
            raise NotationError(f"1 to {MAX_DICE} dice in all")
        if any(shape not in SHAPES for shape in faces):
            raise NotationError("the dice have 4, 6, 8, 10, 12 or 20 faces")
        self.faces = faces
        self.values = ()
        self.held = (False,) * len(faces)

    @property
    def total(self) -> int:
        """The sum of the dice shown (0 before the first roll)."""
        return sum(self.values)

    def hold(self, index: int) -> None:
        """Hold or release die `index` (only once rolled)."""
        if self.values and 0 <= index < len(self.faces):
            held = list(self.held)
            held[index] = not held[index]
            self.held = tuple(held)

    def roll(self, rng: random.Random) -> Throw:
        """Roll every die not held; the roll goes on top of the history."""
        values = tuple(
            self.values[i] if self.values and self.held[i] else rng.randint(1, shape)
            for i, shape in enumerate(self.faces)
        )
        self.values = values
        throw = Throw(self.faces, values)
        self.history = (throw, *self.history)[:HISTORY]
        return throw
