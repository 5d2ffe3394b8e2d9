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
MAX_MODIFIER = 1000
"""The largest number added to (or taken from) a roll, as in `d20+5`."""
HISTORY = 20
_DICE = re.compile(r"^(\d*)d(\d+)$")
_NUMBER = re.compile(r"^\d+$")
_TERMS = re.compile(r"[+-]?[^+-]*")


class NotationError(ValueError):
    """Dice notation this roller cannot use; the message says why."""


@dataclass(frozen=True)
class DiceSetup:
    """What to roll: the faces of each die, and a number added to every total (`2d6+3`)."""

    faces: tuple[int, ...]
    modifier: int = 0

    @property
    def notation(self) -> str:
        """The set-up in dice notation."""
        return notation(self.faces, self.modifier)


def parse_setup(text: str) -> DiceSetup:
    """The dice and the modifier written in `text`; NotationError says what is wrong.

    >>> parse_setup("2d6 + d20 - 1")
    DiceSetup(faces=(6, 6, 20), modifier=-1)
    """
    cleaned = "".join(text.split()).lower()
    if not cleaned:
        raise NotationError("no dice: write e.g. 2d6+d20")
    faces: list[int] = []
    modifier = 0
    for signed in _TERMS.findall(cleaned):
        if not signed:
            continue
        sign, term = (-1, signed[1:]) if signed[0] == "-" else (1, signed.lstrip("+"))
        dice = _DICE.match(term)
        if dice is not None:
            if sign < 0:
                raise NotationError(f"-{term}: dice are added, never taken away")
            count_text, shape_text = dice.groups()
            if len(count_text) > 2 or len(shape_text) > 2:
                raise NotationError(f"{term}: 1 to {MAX_DICE} dice of 4 to 20 faces")
            count = int(count_text) if count_text else 1
            shape = int(shape_text)
            if shape not in SHAPES:
                raise NotationError(f"d{shape}: the dice have 4, 6, 8, 10, 12 or 20 faces")
            if count < 1 or len(faces) + count > MAX_DICE:
                raise NotationError(f"1 to {MAX_DICE} dice in all")
            faces.extend([shape] * count)
        elif _NUMBER.match(term) and len(term) <= 4:
            modifier += sign * int(term)
        elif _NUMBER.match(term):
            raise NotationError(f"{term}: at most {MAX_MODIFIER} added or taken away")
        else:
            raise NotationError(f"{signed!r} is not dice notation (e.g. 2d6, d20 or +3)")
    if not faces:
        raise NotationError("no dice: write e.g. 2d6+d20")
    if abs(modifier) > MAX_MODIFIER:
        raise NotationError(f"at most {MAX_MODIFIER} added or taken away")
    return DiceSetup(tuple(faces), modifier)


def parse_notation(text: str) -> tuple[int, ...]:
    """The faces of each die written in `text` ("2d6+d20" → (6, 6, 20)); NotationError if bad.

    >>> parse_notation(" 3D4 + d12 ")
    (4, 4, 4, 12)
    """
    return parse_setup(text).faces


def notation(faces: Sequence[int], modifier: int = 0) -> str:
    """`faces` in dice notation, grouping dice of a shape in the order they come.

    >>> notation((6, 6, 20, 6)), notation((20,), -2)
    ('3d6+d20', 'd20-2')
    """
    counts: dict[int, int] = {}
    for shape in faces:
        counts[shape] = counts.get(shape, 0) + 1
    text = "+".join(f"{count if count > 1 else ''}d{shape}" for shape, count in counts.items())
    return f"{text}{modifier:+d}" if modifier else text


@dataclass(frozen=True)
class Throw:
    """One roll: the faces of each die and what they showed."""

    faces: tuple[int, ...]
    values: tuple[int, ...]
    modifier: int = 0

    @property
    def total(self) -> int:
        """The sum of the dice, and the modifier."""
        return sum(self.values) + self.modifier


class FreeRoller:
    """A set of dice to roll, hold and roll again, with the last 20 rolls."""

    def __init__(self, faces: Sequence[int] = (6, 6)) -> None:
        self.faces: tuple[int, ...] = ()
        self.modifier = 0
        self.values: tuple[int, ...] = ()
        self.held: tuple[bool, ...] = ()
        self.history: tuple[Throw, ...] = ()
        self.set_dice(faces)

    @property
    def setup(self) -> DiceSetup:
        """The dice and the modifier in use."""
        return DiceSetup(self.faces, self.modifier)

    def set_dice(self, faces: Sequence[int], modifier: int = 0) -> None:
        """Use these dice from now on (nothing rolled yet); NotationError if not allowed."""
        faces = tuple(faces)
        if not 1 <= len(faces) <= MAX_DICE:
            raise NotationError(f"1 to {MAX_DICE} dice in all")
        if any(shape not in SHAPES for shape in faces):
            raise NotationError("the dice have 4, 6, 8, 10, 12 or 20 faces")
        if abs(modifier) > MAX_MODIFIER:
            raise NotationError(f"at most {MAX_MODIFIER} added or taken away")
        self.faces = faces
        self.modifier = modifier
        self.values = ()
        self.held = (False,) * len(faces)

    @property
    def total(self) -> int:
        """The sum of the dice shown and the modifier (0 before the first roll)."""
        return sum(self.values) + self.modifier if self.values else 0

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
        throw = Throw(self.faces, values, self.modifier)
        self.history = (throw, *self.history)[:HISTORY]
        return throw
