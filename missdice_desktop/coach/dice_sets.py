"""The dice the coach reasons about: the 252 rolls of five dice and the 462 keeps.

A keep is the multiset of dice a player holds (0 to 5 dice, sorted); a roll is a keep of
five. Keeps are numbered by size, then in order, so the rolls are the last 252.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice

Keep = tuple[int, ...]
IntArray = npt.NDArray[np.intp]


@dataclass(frozen=True)
class DiceSets:
    """Every keep, and the index arrays that step from one size of keep to the next."""

    keeps: tuple[Keep, ...]
    index: dict[Keep, int]
    sizes: tuple[slice, ...]
    """The keeps of each size 0..5, as a slice of `keeps`."""
    children: tuple[IntArray, ...]
    """For size m < 5: (keeps of size m, FACES) indices of each keep plus one die."""
    parents: tuple[tuple[tuple[slice, IntArray], ...], ...]
    """For size m > 0: the keeps of size m in groups by their number of distinct faces k,
    each as (a slice of `keeps`, (keeps, k) indices of each keep less one die)."""

    @property
    def rolls(self) -> slice:
        """The 252 rolls of five dice."""
        return self.sizes[DICE_COUNT]

    @property
    def roll_count(self) -> int:
        """How many distinct rolls of five dice there are (252)."""
        return int(self.rolls.stop) - int(self.rolls.start)

    def roll_index(self, dice: Dice) -> int:
        """The index, among the rolls, of five dice in any order."""
        return self.index[tuple(sorted(dice))] - int(self.rolls.start)

    def sub_keeps(self, dice: Dice) -> list[Keep]:
        """The distinct keeps that can be held from `dice` (all five included), fewest first."""
        values = sorted(dice)
        found = {
            tuple(values[i] for i in chosen)
            for size in range(len(values) + 1)
            for chosen in itertools.combinations(range(len(values)), size)
        }
        return sorted(found, key=lambda keep: (len(keep), keep))


def build_dice_sets() -> DiceSets:
    """Number the keeps and link each to its neighbours one die larger and smaller.

    Keeps of one size are ordered by their number of distinct faces, so that each group
    with the same number of smaller keeps is a slice.
    """
    keeps: list[Keep] = []
    sizes = []
    for size in range(DICE_COUNT + 1):
        start = len(keeps)
        found = itertools.combinations_with_replacement(range(1, FACES + 1), size)
        keeps.extend(sorted(found, key=lambda keep: (len(set(keep)), keep)))
        sizes.append(slice(start, len(keeps)))
    index = {keep: i for i, keep in enumerate(keeps)}
    children = []
    parents = []
    for size in range(DICE_COUNT + 1):
        group = keeps[sizes[size]]
        if size < DICE_COUNT:
            children.append(
                np.array(
                    [
                        [index[tuple(sorted((*keep, face)))] for face in range(1, FACES + 1)]
                        for keep in group
                    ],
                    dtype=np.intp,
                )
            )
        if size > 0:
            groups = []
            for distinct in range(1, min(size, FACES) + 1):
                members = [
                    i
                    for i in range(sizes[size].start, sizes[size].stop)
                    if len(set(keeps[i])) == distinct
                ]
                rows = [
                    [index[_without(keeps[i], face)] for face in sorted(set(keeps[i]))]
                    for i in members
                ]
                groups.append((slice(members[0], members[-1] + 1), np.array(rows, dtype=np.intp)))
            parents.append(tuple(groups))
    return DiceSets(tuple(keeps), index, tuple(sizes), tuple(children), tuple(parents))


def _without(keep: Keep, face: int) -> Keep:
    values = list(keep)
    values.remove(face)
    return tuple(values)


def roll_probabilities(sets: DiceSets) -> npt.NDArray[np.float64]:
    """The chance of each of the 252 rolls when all five dice are thrown."""
    total = FACES**DICE_COUNT
    weights = []
    for keep in sets.keeps[sets.rolls]:
        ways = 120  # 5!
        for count in Counter(keep).values():
            ways //= math.factorial(count)
        weights.append(ways / total)
    return np.array(weights, dtype=np.float64)


DICE_SETS = build_dice_sets()
