"""The rest of a scoresheet game played for the most points on average, as the coach plays
it: the final totals it reaches from a sheet, sampled many games at once (`play_out`) or
exactly (`final_distribution`, for a few boxes left).

Both follow the coach's choices: within a turn the keep of best expected value, after the
last throw the box of best expected value (the first in sheet order on a tie).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import numpy.typing as npt

from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.dice_sets import DICE_SETS
from missdice_desktop.coach.solver import FloatArray, IntArray
from missdice_desktop.rules.dice import DICE_COUNT, FACES
from missdice_desktop.rules.scoresheet import Scoresheet

SUBSETS = 1 << DICE_COUNT
"""The ways to hold some of five dice, by position in the sorted roll (bit k: die k)."""
HELD = np.array([[bool(subset >> k & 1) for k in range(DICE_COUNT)] for subset in range(SUBSETS)])
"""For each subset, which of the sorted dice it holds (subsets × dice)."""


def _roll_codes() -> IntArray:
    """For sorted dice read as a number in base 6, the roll's index among the 252."""
    codes = np.full(FACES**DICE_COUNT, -1, dtype=np.intp)
    for r, roll in enumerate(DICE_SETS.keeps[DICE_SETS.rolls]):
        codes[_code(np.array([roll]))[0]] = r
    return codes


def _code(dice: npt.NDArray[np.int8]) -> IntArray:
    weights = FACES ** np.arange(DICE_COUNT, dtype=np.intp)
    code: IntArray = (dice.astype(np.intp) - 1) @ weights
    return code


def _subset_keeps() -> IntArray:
    """For each roll and subset of its sorted dice, the keep it holds (rolls × subsets)."""
    rolls = DICE_SETS.keeps[DICE_SETS.rolls]
    return np.array(
        [
            [
                DICE_SETS.index[tuple(v for v, held in zip(roll, HELD[s], strict=True) if held)]
                for s in range(SUBSETS)
            ]
            for roll in rolls
        ],
        dtype=np.intp,
    )


def _keep_rolls() -> FloatArray:
    """For each keep, the chance of each roll once the other dice are thrown (keeps ×
    rolls)."""
    sets = DICE_SETS
    chances = np.zeros((len(sets.keeps), sets.roll_count))
    chances[sets.rolls] = np.eye(sets.roll_count)
    for size in range(DICE_COUNT - 1, -1, -1):
        children = sets.children[size]
        chances[sets.sizes[size]] = chances[children].mean(axis=1)
    return chances


ROLL_CODES = _roll_codes()
SUBSET_KEEPS = _subset_keeps()
KEEP_ROLLS = _keep_rolls()


def roll_index(dice: npt.NDArray[np.int8]) -> IntArray:
    """The roll index of each row of sorted dice."""
    found: IntArray = ROLL_CODES[_code(dice)]
    return found


class TurnPolicy:
    """The coach's keeps within a turn for a batch of positions (the columns)."""

    def __init__(self, coach: Coach, masks: IntArray, uppers: IntArray, flags: IntArray) -> None:
        model = coach.model
        final = model.final_values_many(coach.table, masks, uppers, flags)
        self.one_left = model.keep_values(final)
        """Each keep's value with one throw left (keeps × positions)."""
        self.two_left = model.keep_values(model.best_keeps(self.one_left))
        """Each keep's value with two throws left."""

    def subsets(self, rolls: IntArray, columns: IntArray, throws_left: int) -> IntArray:
        """The subset of each roll's sorted dice to hold (all five: stop throwing)."""
        values = self.two_left if throws_left >= 2 else self.one_left
        chosen: IntArray = values[SUBSET_KEEPS[rolls], columns[:, None]].argmax(axis=1)
        return chosen


def best_boxes(
    coach: Coach, masks: IntArray, uppers: IntArray, flags: IntArray, rolls: IntArray
) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """For each position and its last roll, the box of best expected value: the box, the
    points it adds, and the upper total and flag after."""
    model = coach.model
    best = np.full(masks.shape, -np.inf)
    box = np.zeros(masks.shape, dtype=np.intp)
    gain = np.zeros(masks.shape, dtype=np.intp)
    upper, flag = uppers.copy(), flags.copy()
    for i in range(model.box_count):
        allowed, points, after_upper, after_flag = model.score_outcomes(
            i, masks, uppers, flags, rolls
        )
        if not allowed.any():
            continue
        value = points + coach.table[masks | 1 << i, after_upper, after_flag]
        better = allowed & (value > best + 1e-9)
        best = np.where(better, value, best)
        box[better], gain[better] = i, points[better]
        upper[better], flag[better] = after_upper[better], after_flag[better]
    return box, gain, upper, flag


def play_out(coach: Coach, sheet: Scoresheet, count: int, rng: np.random.Generator) -> IntArray:
    """`count` final totals of `sheet` played to the end as the coach plays."""
    at = coach.position(sheet)
    masks = np.full(count, at.mask, dtype=np.intp)
    uppers = np.full(count, at.upper, dtype=np.intp)
    flags = np.full(count, at.flag, dtype=np.intp)
    totals = np.full(count, sheet.total, dtype=np.intp)
    for _ in range(coach.model.box_count - at.mask.bit_count()):
        keys = (masks * (coach.model.threshold + 1) + uppers) * coach.model.flags + flags
        _, first, columns = np.unique(keys, return_index=True, return_inverse=True)
        columns = columns.reshape(-1)
        policy = TurnPolicy(coach, masks[first], uppers[first], flags[first])
        dice = np.sort(rng.integers(1, FACES + 1, (count, DICE_COUNT), dtype=np.int8), axis=1)
        for left in (2, 1):
            held = HELD[policy.subsets(roll_index(dice), columns, left)]
            thrown = rng.integers(1, FACES + 1, dice.shape, dtype=np.int8)
            dice = np.sort(np.where(held, dice, thrown), axis=1)
        box, gain, uppers, flags = best_boxes(coach, masks, uppers, flags, roll_index(dice))
        masks = masks | 1 << box
        totals += gain
    return totals


def final_distribution(coach: Coach, sheet: Scoresheet) -> dict[int, float]:
    """The chance of each final total of `sheet` played to the end as the coach plays,
    exactly (every throw weighed; meant for a few boxes left)."""
    at = coach.position(sheet)
    states: dict[tuple[int, int, int], dict[int, float]] = {
        (at.mask, at.upper, at.flag): {sheet.total: 1.0}
    }
    rolls = np.arange(DICE_SETS.roll_count)
    for _ in range(coach.model.box_count - at.mask.bit_count()):
        keys = list(states)
        masks, uppers, flags = (np.array(part, dtype=np.intp) for part in zip(*keys, strict=True))
        policy = TurnPolicy(coach, masks, uppers, flags)
        after: dict[tuple[int, int, int], dict[int, float]] = defaultdict(
            lambda: defaultdict(float)
        )
        for column, (mask, upper, flag) in enumerate(keys):
            chances = coach.model.roll_chances
            for left in (2, 1):
                subsets = policy.subsets(rolls, np.full_like(rolls, column), left)
                chances = chances @ KEEP_ROLLS[SUBSET_KEEPS[rolls, subsets]]
            same = np.full_like(rolls, mask)
            box, gain, upper_after, flag_after = best_boxes(
                coach, same, np.full_like(rolls, upper), np.full_like(rolls, flag), rolls
            )
            outcomes: dict[tuple[int, int, int, int], float] = defaultdict(float)
            for outcome, chance in zip(
                zip(
                    box.tolist(),
                    gain.tolist(),
                    upper_after.tolist(),
                    flag_after.tolist(),
                    strict=True,
                ),
                chances.tolist(),
                strict=True,
            ):
                outcomes[outcome] += chance
            for (b, points, u, f), chance in outcomes.items():
                target = after[(mask | 1 << b, u, f)]
                for total, weight in states[(mask, upper, flag)].items():
                    target[total + points] += weight * chance
        states = {key: dict(value) for key, value in after.items()}
    final: dict[int, float] = defaultdict(float)
    for totals in states.values():
        for total, chance in totals.items():
            final[total] += chance
    return dict(sorted(final.items()))
