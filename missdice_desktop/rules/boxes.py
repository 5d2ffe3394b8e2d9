"""The vocabulary of scoresheet boxes: each box is a kind with a few parameters.

Every built-in grid and every house grid file is written with these kinds only, so the
engine, the grid files and (later) the coach read scoring rules from the same data.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from missdice_desktop.rules.dice import Dice, face_counts


class Section(enum.Enum):
    """Where a box sits on the sheet; the upper bonus counts the upper section only."""

    UPPER = "upper"
    LOWER = "lower"


class BoxKind(enum.Enum):
    """How a box scores."""

    FACE = "face"
    """Sum of the dice showing `face`."""
    OF_A_KIND = "of_a_kind"
    """At least `count` equal dice; scores by `scoring` (+ `points`)."""
    FULL_HOUSE = "full_house"
    """Three of one face and two of another; scores by `scoring` (+ `points`)."""
    STRAIGHT = "straight"
    """`length` consecutive values anywhere, or exactly the faces in `faces`; scores `points`."""
    CHANCE = "chance"
    """Any dice; the sum (+ `points`)."""
    INVERSE_SUM = "inverse_sum"
    """Any dice; `points` minus the sum, never below 0 (the Yam's "chance moins")."""
    RIGOLE = "rigole"
    """Four dice of one face and the fifth its complement to 7 (1-1-1-6-1); scores `points`."""


class Scoring(enum.Enum):
    """What a combination box adds to its constant `points` when its condition holds."""

    FIXED = "fixed"
    """Nothing: the box scores `points` alone."""
    SUM = "sum"
    """The sum of all five dice."""
    MATCHED = "matched"
    """The sum of the `count` matching dice only (count × face)."""


@dataclass(frozen=True)
class Box:
    """One box of a scoresheet.

    `counts` is False for boxes that record a value without adding it to the total
    (Yam's Plus and Moins, which only feed the Écart).
    """

    id: str
    kind: BoxKind
    section: Section
    label: str
    face: int = 0
    count: int = 0
    length: int = 0
    faces: tuple[int, ...] = ()
    scoring: Scoring = Scoring.FIXED
    points: int = 0
    counts: bool = True

    def condition_met(self, dice: Dice) -> bool:
        """Whether the dice satisfy this box's condition (a box without one always is)."""
        counts = face_counts(dice)
        match self.kind:
            case BoxKind.OF_A_KIND:
                return max(counts.values()) >= self.count
            case BoxKind.FULL_HOUSE:
                return sorted(counts.values()) == [2, 3]
            case BoxKind.STRAIGHT:
                if self.faces:
                    return sorted(dice) == sorted(self.faces)
                return _longest_run(set(dice)) >= self.length
            case BoxKind.RIGOLE:
                if sorted(counts.values()) != [1, 4]:
                    return False
                four, one = sorted(counts, key=counts.__getitem__, reverse=True)
                return four + one == 7
            case _:
                return True

    def score(self, dice: Dice, *, joker: bool = False) -> int:
        """Points these dice give in this box.

        With `joker` the condition counts as met, so a joker Yahtzee scores a full house
        or a straight at its full value.

        >>> Box("fours", BoxKind.FACE, Section.UPPER, "Fours", face=4).score((4, 4, 4, 2, 6))
        12
        """
        if self.kind is BoxKind.FACE:
            return self.face * dice.count(self.face)
        if self.kind is BoxKind.INVERSE_SUM:
            return max(0, self.points - sum(dice))
        if self.kind is BoxKind.CHANCE:
            return sum(dice) + self.points
        if not (joker or self.condition_met(dice)):
            return 0
        match self.scoring:
            case Scoring.SUM:
                return sum(dice) + self.points
            case Scoring.MATCHED:
                counts = face_counts(dice)
                face = max((f for f, n in counts.items() if n >= self.count), default=dice[0])
                return face * self.count + self.points
            case _:
                return self.points


def _longest_run(values: set[int]) -> int:
    longest = run = 0
    for value in range(1, 7):
        run = run + 1 if value in values else 0
        longest = max(longest, run)
    return longest
