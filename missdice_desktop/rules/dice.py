"""Dice values: validation and the counts every scoring rule starts from."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from missdice_desktop.rules.refusals import IllegalActionError, RefusalCode

DICE_COUNT = 5
FACES = 6

Dice = tuple[int, ...]
"""Face values in the order they lie on the table (positions matter for holding)."""


class InvalidDiceError(IllegalActionError):
    """Dice that are not the game's number of whole numbers between 1 and its faces."""

    def __init__(self, message: str) -> None:
        super().__init__(message, RefusalCode.BAD_DICE)


def make_dice(values: Iterable[object], *, count: int = DICE_COUNT, faces: int = FACES) -> Dice:
    """Return `values` as `count` dice of `faces` faces, or raise InvalidDiceError.

    The defaults are the Yahtzee family's five six-sided dice.

    >>> make_dice([2, 6, 2, 6, 6])
    (2, 6, 2, 6, 6)
    >>> make_dice("26266")
    (2, 6, 2, 6, 6)
    >>> make_dice("421", count=3)
    (4, 2, 1)
    """
    if isinstance(values, str):
        values = [int(ch) if ch in "0123456789" else ch for ch in values if not ch.isspace()]
    dice = tuple(values)
    if len(dice) != count:
        what = "one value" if count == 1 else f"{count} values"
        raise InvalidDiceError(f"dice must be {what}, got {len(dice)}")
    for value in dice:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
            raise InvalidDiceError(
                f"dice values must be whole numbers from 1 to {faces}, got {value!r}"
            )
    return dice  # type: ignore[return-value]


def face_counts(dice: Dice) -> Counter[int]:
    """How many dice show each face."""
    return Counter(dice)


def is_five_of_a_kind(dice: Dice) -> bool:
    """True when every die shows the same face."""
    return len(set(dice)) == 1
