"""Dice values: validation and the counts every scoring rule starts from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

DICE_COUNT = 5
FACES = 6

Dice = tuple[int, ...]
"""Five face values in the order they lie on the table (positions matter for holding)."""


class InvalidDiceError(ValueError):
    """Dice that are not five whole numbers between 1 and 6."""


def make_dice(values: Iterable[object]) -> Dice:
    """Return `values` as dice, or raise InvalidDiceError saying what is wrong.

    >>> make_dice([2, 6, 2, 6, 6])
    (2, 6, 2, 6, 6)
    >>> make_dice("26266")
    (2, 6, 2, 6, 6)
    """
    if isinstance(values, str):
        values = [int(ch) if ch in "0123456789" else ch for ch in values if not ch.isspace()]
    dice = tuple(values)
    if len(dice) != DICE_COUNT:
        raise InvalidDiceError(f"dice must be {DICE_COUNT} values, got {len(dice)}")
    for value in dice:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= FACES:
            raise InvalidDiceError(
                f"dice values must be whole numbers from 1 to {FACES}, got {value!r}"
            )
    return dice  # type: ignore[return-value]


def face_counts(dice: Dice) -> Counter[int]:
    """How many dice show each face."""
    return Counter(dice)


def is_five_of_a_kind(dice: Dice) -> bool:
    """True when every die shows the same face."""
    return len(set(dice)) == 1
