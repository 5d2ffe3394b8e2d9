"""Backward induction over a scoresheet: the expected final score of every position.

A position between turns is (which boxes are filled, the upper points capped at the
bonus threshold, whether the Yahtzee box holds points). Its value is what optimal play
still adds to the total on average. Within a turn the value of every keep follows from
the values of the next roll, a die at a time (a keep of m dice is the mean over the six
faces of the keeps of m + 1 dice), and the best keep from a roll is a running maximum over
the keeps one die smaller, so a position costs a few thousand operations, batched with
numpy across thousands of positions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from missdice_desktop.coach.dice_sets import DICE_SETS, DiceSets, roll_probabilities
from missdice_desktop.coach.legal import box_points, open_boxes_each, yahtzee_bonus
from missdice_desktop.rules.boxes import Section
from missdice_desktop.rules.dice import DICE_COUNT, Dice, is_five_of_a_kind
from missdice_desktop.rules.variants import Ruleset

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
Progress = Callable[[int, int], None]
"""Called with (positions done, positions in all) while a table is built."""

MAX_BOXES = 16
CHUNK_ROWS = 4096
NEG = -1e9


class CoachError(ValueError):
    """A scoresheet the coach cannot play, with the reason."""


@dataclass(frozen=True)
class Position:
    """A position between turns, as the solver numbers it."""

    mask: int
    """Bit i set when box i (in sheet order) is filled."""
    upper: int
    """Upper-section points, capped at the bonus threshold."""
    flag: int
    """1 when the Yahtzee box holds points (later Yahtzees earn the bonus)."""


class SheetModel:
    """What the solver needs to know about a ruleset, read from its boxes and variant."""

    def __init__(self, rules: Ruleset, sets: DiceSets = DICE_SETS) -> None:
        self.check(rules)
        self.rules = rules
        self.sets = sets
        self.boxes = rules.boxes
        self.box_count = len(rules.boxes)
        self.rolls: tuple[Dice, ...] = sets.keeps[sets.rolls]
        self.upper = tuple(
            i for i, box in enumerate(self.boxes) if box.section is Section.UPPER and box.counts
        )
        self.counts = np.array([box.counts for box in self.boxes], dtype=bool)
        bonus = rules.variant.upper_bonus
        self.base = np.array(
            [[box.score(roll) for roll in self.rolls] for box in self.boxes], dtype=np.float64
        )
        most_upper = int(sum(self.base[i].max() for i in self.upper))
        self.threshold = bonus.threshold if bonus is not None and self.upper else 0
        self.threshold = min(self.threshold, most_upper + 1) if self.threshold else 0
        self.award = np.array(
            [
                bonus.award(total) if bonus is not None else 0
                for total in range(self.threshold + most_upper + 1)
            ],
            dtype=np.float64,
        )
        yahtzee_id = rules.variant.yahtzee_box
        self.yahtzee = rules.box_ids.index(yahtzee_id) if yahtzee_id in rules.box_ids else -1
        self.flags = 2 if self.yahtzee >= 0 and rules.variant.yahtzee_bonus > 0 else 1
        self.quints = np.array(
            [i for i, roll in enumerate(self.rolls) if is_five_of_a_kind(roll)], dtype=np.intp
        )
        self._reachable = self._reachable_upper()
        self._distinct = [self._distinct_upper(key) for key in range(len(self._reachable))]
        self.roll_chances = roll_probabilities(sets)
        # For each upper box, from each upper total and roll: the total after, and the points
        # with the bonus they complete.
        totals = np.arange(self.threshold + 1)[:, None]
        self._upper_after = {
            i: np.minimum(totals + self.base[i].astype(np.intp), self.threshold) for i in self.upper
        }
        self._upper_gain = {
            i: self.base[i] + self.award[totals + self.base[i].astype(np.intp)] - self.award[totals]
            for i in self.upper
        }
        self._last_open: tuple[int, FloatArray, BoolArray] | None = None
        self._last_free: tuple[int, list[tuple[int, bool, npt.NDArray[np.intp] | None]]] | None = (
            None
        )

    @staticmethod
    def check(rules: Ruleset) -> None:
        """Raise CoachError when the coach cannot play `rules`, saying why."""
        if rules.variant.ecart is not None:
            raise CoachError(
                f"{rules.variant.name}: the coach does not play sheets with an Écart yet "
                "(its Plus and Minus make the game too big to solve here)"
            )
        if len(rules.boxes) > MAX_BOXES:
            raise CoachError(
                f"{rules.variant.name}: the coach plays sheets of at most {MAX_BOXES} boxes"
            )
        if not rules.boxes:
            raise CoachError(f"{rules.variant.name}: a sheet without boxes has no play")

    # Positions -------------------------------------------------------------------------------

    @property
    def shape(self) -> tuple[int, int, int]:
        """The shape of a value table: (masks, upper points, Yahtzee flag)."""
        return (1 << self.box_count, self.threshold + 1, self.flags)

    def _upper_key(self, mask: int) -> int:
        return sum(1 << k for k, i in enumerate(self.upper) if mask >> i & 1)

    def upper_values(self, mask: int) -> npt.NDArray[np.intp]:
        """The capped upper totals a sheet with the filled boxes `mask` can have."""
        return self._reachable[self._upper_key(mask)]

    def distinct_upper_values(self, mask: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        """The upper totals worth solving with the filled boxes `mask`, and for each of
        `upper_values(mask)` the one among them it is worth the same as.

        Totals too low to reach the bonus with the upper boxes left are all worth the same:
        only one of them is solved.
        """
        return self._distinct[self._upper_key(mask)]

    def _distinct_upper(self, key: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
        totals = self._reachable[key]
        left = sum(int(self.base[i].max()) for k, i in enumerate(self.upper) if not key >> k & 1)
        hopeless = totals + left < self.threshold
        if hopeless.sum() < 2:
            return totals, np.arange(len(totals), dtype=np.intp)
        solved = np.concatenate([totals[hopeless][:1], totals[~hopeless]])
        same_as = np.where(hopeless, 0, np.cumsum(~hopeless))
        return solved, same_as.astype(np.intp)

    def flag_values(self, mask: int) -> tuple[int, ...]:
        """The Yahtzee flags possible with the filled boxes `mask`."""
        if self.flags == 2 and mask >> self.yahtzee & 1:
            return (0, 1)
        return (0,)

    def position_count(self) -> int:
        """How many reachable positions between turns there are."""
        return sum(
            len(self.upper_values(mask)) * len(self.flag_values(mask))
            for mask in range(1 << self.box_count)
        )

    def _reachable_upper(self) -> list[npt.NDArray[np.intp]]:
        result = []
        for key in range(1 << len(self.upper)):
            totals = {0}
            for k, i in enumerate(self.upper):
                if key >> k & 1:
                    scores = {int(s) for s in self.base[i]}
                    totals = {min(self.threshold, t + s) for t in totals for s in scores}
            result.append(np.array(sorted(totals), dtype=np.intp))
        return result

    # Scoring a roll ---------------------------------------------------------------------------

    def roll_options(self, mask: int, flag: int) -> tuple[FloatArray, BoolArray, FloatArray]:
        """For every box: its points for each roll and whether it may take it; and the
        Yahtzee bonus each roll earns, on a sheet with the filled boxes `mask`."""
        scores, allowed = self._open_boxes(mask)
        bonus = np.zeros(len(self.rolls), dtype=np.float64)
        if self.yahtzee >= 0 and mask >> self.yahtzee & 1:
            bonus[self.quints] = self._quint_bonus[flag]
        return scores, allowed, bonus

    def _open_boxes(self, mask: int) -> tuple[FloatArray, BoolArray]:
        if self._last_open is not None and self._last_open[0] == mask:
            return self._last_open[1], self._last_open[2]
        scores = self.base
        allowed = np.zeros_like(scores, dtype=bool)
        for i in range(self.box_count):
            if not mask >> i & 1:
                allowed[i] = True
        if self.yahtzee >= 0 and mask >> self.yahtzee & 1:
            # A five of a kind is the only roll the joker looks at.
            scores = self._joker_points
            filled = [self.boxes[i].id for i in range(self.box_count) if mask >> i & 1]
            index = {box_id: i for i, box_id in enumerate(self.rules.box_ids)}
            each = open_boxes_each(self.rules, filled, [self.rolls[r] for r in self.quints])
            for r, boxes in zip(self.quints, each, strict=True):
                allowed[:, r] = False
                for box_id in boxes:
                    allowed[index[box_id], r] = True
        self._last_open = (mask, scores, allowed)
        return scores, allowed

    def _free_boxes(self, mask: int) -> list[tuple[int, bool, npt.NDArray[np.intp] | None]]:
        """Each free box of `mask`: whether it is an upper box scoring every roll as ever,
        and the rolls it may not take (None when it takes them all)."""
        if self._last_free is not None and self._last_free[0] == mask:
            return self._last_free[1]
        scores, allowed = self._open_boxes(mask)
        free = []
        for i in range(self.box_count):
            if mask >> i & 1:
                continue
            as_ever = bool(
                i in self._upper_gain
                and self.threshold
                and (scores is self.base or np.array_equal(scores[i], self.base[i]))
            )
            closed = np.flatnonzero(~allowed[i])
            free.append((i, as_ever, closed if len(closed) else None))
        self._last_free = (mask, free)
        return free

    @functools.cached_property
    def _joker_points(self) -> FloatArray:
        """What each roll scores in each box once the Yahtzee box is filled: a box's points
        depend on the dice and the joker, not on which other boxes are filled (a test checks
        this against the scoresheet on random sheets)."""
        points = self.base.copy()
        yahtzee_id = self.boxes[self.yahtzee].id
        for r in self.quints:
            for box_id, value in box_points(self.rules, [yahtzee_id], self.rolls[r]).items():
                points[self.rules.box_ids.index(box_id), r] = value
        return points

    @functools.cached_property
    def _quint_bonus(self) -> tuple[FloatArray, ...]:
        """The Yahtzee bonus of each five of a kind, by flag (the Yahtzee box at 0 or 50)."""
        if self.yahtzee < 0:
            return (np.zeros(len(self.quints)),)
        box = self.boxes[self.yahtzee]
        return tuple(
            np.array(
                [
                    yahtzee_bonus(
                        self.rules, {box.id: int(self.base[self.yahtzee, r]) * flag}, dice
                    )
                    for r, dice in ((r, self.rolls[r]) for r in self.quints)
                ],
                dtype=np.float64,
            )
            for flag in range(self.flags)
        )

    def box_values(
        self,
        table: FloatArray,
        box: int,
        mask: int,
        uppers: npt.NDArray[np.intp],
        flag: int,
        points: FloatArray,
    ) -> FloatArray:
        """What writing `points` (one per roll) in free box `box` is worth from positions
        (mask, each of `uppers`, flag): the points, any upper bonus they complete, and the
        value of the position after (uppers × rolls); the Yahtzee bonus is not included."""
        after = table[mask | 1 << box]
        gain = points if self.counts[box] else np.zeros_like(points)
        if box in self.upper and self.threshold:
            total = uppers[:, None] + points.astype(np.intp)[None, :]
            upper_value: FloatArray = (
                gain[None, :]
                + self.award[total]
                - self.award[uppers][:, None]
                + after[np.minimum(total, self.threshold), flag]
            )
            return upper_value
        if box == self.yahtzee and self.flags == 2:
            next_flag = np.where(points > 0, 1, flag)
            result: FloatArray = gain[None, :] + after[uppers][:, next_flag]
            return result
        lower_value: FloatArray = gain[None, :] + after[uppers, flag][:, None]
        return lower_value

    def final_values(
        self,
        table: FloatArray,
        mask: int,
        uppers: npt.NDArray[np.intp],
        flag: int,
    ) -> FloatArray:
        """For positions (mask, each of `uppers`, flag) with the dice down for good: the best
        value of each roll (uppers × rolls)."""
        scores, _, bonus = self.roll_options(mask, flag)
        best = np.full((len(uppers), len(self.rolls)), NEG)
        for i, as_ever, closed in self._free_boxes(mask):
            if as_ever:
                # The box scores these rolls as ever (the joker changes lower boxes only).
                after = table[mask | 1 << i, :, flag]
                value = np.take(self._upper_gain[i], uppers, axis=0)
                value += np.take(after, np.take(self._upper_after[i], uppers, axis=0))
            else:
                value = self.box_values(table, i, mask, uppers, flag, scores[i])
            if closed is not None:
                value[:, closed] = NEG
            np.maximum(best, value, out=best)
        result: FloatArray = best + bonus[None, :]
        return result

    # Within a turn -----------------------------------------------------------------------------
    # Arrays here are (keeps or rolls) × positions, so that stepping between keeps copies
    # whole rows.

    @functools.cached_property
    def _keep_chances(self) -> FloatArray:
        """The chance of each roll (columns) after each keep of fewer than five dice (rows):
        one matrix product then gives every keep's value, the fastest way numpy has."""
        sets = self.sets
        values = np.zeros((len(sets.keeps), self.sets.roll_count))
        values[sets.rolls] = np.eye(self.sets.roll_count)
        for size in range(DICE_COUNT - 1, -1, -1):
            children = sets.children[size]
            values[sets.sizes[size]] = values[children].sum(axis=1) / children.shape[1]
        return values[: int(sets.rolls.start)]

    def keep_values(self, roll_values: FloatArray) -> FloatArray:
        """The expected value of every keep (462 × positions) when the dice not kept are
        thrown and then worth `roll_values` (252 × positions)."""
        sets = self.sets
        values = np.empty((len(sets.keeps), roll_values.shape[1]))
        values[sets.rolls] = roll_values
        np.matmul(self._keep_chances, roll_values, out=values[: int(sets.rolls.start)])
        return values

    def best_keeps(self, keep_values: FloatArray) -> FloatArray:
        """For each roll (252 × positions), the value of the best keep it allows."""
        return self._best_keeps_in_place(keep_values.copy())

    def _best_keeps_in_place(self, best: FloatArray) -> FloatArray:
        """`best_keeps`, overwriting the keep values it is given."""
        sets = self.sets
        for size in range(1, DICE_COUNT + 1):
            for keeps, parents in sets.parents[size - 1]:
                part = best[keeps]
                for column in range(parents.shape[1]):
                    np.maximum(part, best[parents[:, column]], out=part)
        return best[sets.rolls]

    def turn_values(self, final: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
        """From the final-roll values (252 × positions): the keep values after roll 2, after
        roll 1, and the value before the turn (positions)."""
        after_second = self.keep_values(final)
        after_first = self.keep_values(self.best_keeps(after_second))
        start: FloatArray = self.roll_chances @ self.best_keeps(after_first)
        return after_second, after_first, start

    def start_values(self, final: FloatArray) -> FloatArray:
        """The last of `turn_values` alone, reusing its arrays as it goes."""
        after_second = self._best_keeps_in_place(self.keep_values(final))
        after_first = self._best_keeps_in_place(self.keep_values(after_second))
        start: FloatArray = self.roll_chances @ after_first
        return start

    # The whole table ---------------------------------------------------------------------------

    def solve(self, progress: Progress | None = None) -> FloatArray:
        """The value of every reachable position: a table of `shape` (unreachable ones 0)."""
        table = np.zeros(self.shape, dtype=np.float64)
        full = (1 << self.box_count) - 1
        total = sum(
            len(self.distinct_upper_values(mask)[0]) * len(self.flag_values(mask))
            for mask in range(full)
        )
        done = 0
        for filled in range(self.box_count - 1, -1, -1):
            masks = [m for m in range(full) if m.bit_count() == filled]
            for rows, targets in self._batches(table, masks):
                table_values = self.start_values(rows)
                start = 0
                for mask, flag in targets:
                    solved, same_as = self.distinct_upper_values(mask)
                    uppers = self.upper_values(mask)
                    table[mask, uppers, flag] = table_values[start + same_as]
                    start += len(solved)
                done += len(table_values)
                if progress is not None:
                    progress(done, total)
        return table

    def _batches(
        self, table: FloatArray, masks: list[int]
    ) -> Iterator[tuple[FloatArray, list[tuple[int, int]]]]:
        pending: list[FloatArray] = []
        targets: list[tuple[int, int]] = []
        count = 0
        for mask in masks:
            uppers = self.distinct_upper_values(mask)[0]
            for flag in self.flag_values(mask):
                pending.append(self.final_values(table, mask, uppers, flag))
                targets.append((mask, flag))
                count += len(uppers)
                if count >= CHUNK_ROWS:
                    yield np.concatenate(pending).T, targets
                    pending, targets, count = [], [], 0
        if pending:
            yield np.concatenate(pending).T, targets


def expected_score(table: FloatArray) -> float:
    """The value of a new game under optimal play."""
    return float(table[0, 0, 0])
