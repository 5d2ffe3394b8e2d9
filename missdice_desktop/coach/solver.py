"""Backward induction over a scoresheet: the expected final score of every position.

A position between turns is (which boxes are filled, the upper points capped at the
bonus threshold, a flag: whether the Yahtzee box holds points, or on a sheet with an Écart
the points written in Plus or Minus while the other is free). Its value is what optimal play
still adds to the total on average. Within a turn the value of every keep follows from
the values of the next roll, a die at a time (a keep of m dice is the mean over the six
faces of the keeps of m + 1 dice), and the best keep from a roll is a running maximum over
the keeps one die smaller, so a position costs about 15,000 array element operations. The
positions with the same number of filled boxes (a layer) depend only on the next layer, so
each layer is solved in batches of positions whatever their boxes (`solve`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from missdice_desktop.coach.dice_sets import DICE_SETS, DiceSets, roll_probabilities
from missdice_desktop.coach.legal import box_points, open_boxes_each, yahtzee_bonus
from missdice_desktop.rules.boxes import Section
from missdice_desktop.rules.dice import DICE_COUNT, Dice, is_five_of_a_kind
from missdice_desktop.rules.game import MAX_ROLLS
from missdice_desktop.rules.variants import Ruleset

FloatArray = npt.NDArray[np.float64]
Table = npt.NDArray[np.floating]
"""A value table: float64, or float32 where float64 would not fit (`MAX_TABLE_BYTES`)."""
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.intp]
Progress = Callable[[int, int], None]
"""Called with (positions done, positions in all) while a table is built."""

MAX_BOXES = 16
CHUNK_ROWS = 256
SMALL_KEEPS = 2
NEG = -1e9
MAX_TABLE_BYTES = 120_000_000
"""The most a value table may take: the Écart's 27 flags make Yam's Écart's 108 MB in
float32 (216 MB in float64 would take the build over the 300 MB a process may use)."""


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
    """1 when the Yahtzee box holds points (later Yahtzees earn the bonus); on a sheet with
    an Écart, k when one of Plus and Minus holds the k-th of `SolverSheet.ecart_points`
    and the other is free, else 0."""


class SolverSheet:
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
        self.bonus_flag = self.yahtzee >= 0 and rules.variant.yahtzee_bonus > 0
        self.ecart: tuple[int, int] | None = None
        self.ecart_points = np.zeros(0, dtype=np.intp)
        """Every score Plus or Minus can hold (an Écart flag k stands for the k-th)."""
        if rules.variant.ecart is not None:
            plus, minus = (rules.box_ids.index(box_id) for box_id in rules.variant.ecart)
            self.ecart = (plus, minus)
            self.ecart_points = np.unique(self.base[[plus, minus]].astype(np.intp))
        self.flags = 2 if self.bonus_flag else 1 + len(self.ecart_points)
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
        self._quint_loaded: set[int] = set()
        """The sets of filled boxes whose fives of a kind `_quint_open` already holds."""

    @staticmethod
    def check(rules: Ruleset) -> None:
        """Raise CoachError when the coach cannot play `rules`, saying why."""
        name = rules.variant.name
        if len(rules.boxes) > MAX_BOXES:
            raise CoachError(f"{name}: the coach plays sheets of at most {MAX_BOXES} boxes")
        if not rules.boxes:
            raise CoachError(f"{name}: a sheet without boxes has no play")
        ecart = rules.variant.ecart
        if ecart is None:
            return
        if rules.variant.yahtzee_box is not None:
            raise CoachError(
                f"{name}: the coach does not play sheets with both an Écart and a Yahtzee box"
            )
        if any(rules.box(box_id).section is Section.UPPER for box_id in ecart):
            raise CoachError(f"{name}: the coach does not play an Écart between upper boxes")
        # Every set of boxes × upper total × Écart flag, at 4 bytes a value.
        rolls = DICE_SETS.keeps[DICE_SETS.rolls]
        upper = sum(
            max(box.score(dice) for dice in rolls)
            for box in rules.boxes
            if box.section is Section.UPPER and box.counts
        )
        bonus = rules.variant.upper_bonus
        totals = min(bonus.threshold, upper + 1) + 1 if bonus is not None and upper else 1
        points = {rules.box(box_id).score(dice) for box_id in ecart for dice in rolls}
        if (1 << len(rules.boxes)) * totals * (1 + len(points)) * 4 > MAX_TABLE_BYTES:
            raise CoachError(
                f"{name}: with its Écart this sheet has too many positions for the coach"
            )

    # Positions -------------------------------------------------------------------------------

    @property
    def shape(self) -> tuple[int, int, int]:
        """The shape of a value table: (masks, upper points, flag)."""
        return (1 << self.box_count, self.threshold + 1, self.flags)

    @property
    def dtype(self) -> type[np.floating]:
        """How a table stores its values: float64, or float32 when float64 would take more
        than `MAX_TABLE_BYTES` (the values are still worked out in float64; stored in
        float32 they move by a few parts in 10⁸ of the total)."""
        entries = int(np.prod(self.shape))
        return np.float64 if entries * 8 <= MAX_TABLE_BYTES else np.float32

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
        """The flags possible with the filled boxes `mask`."""
        if self.bonus_flag and mask >> self.yahtzee & 1:
            return (0, 1)
        if self.ecart is not None:
            plus, minus = self.ecart
            if (mask >> plus & 1) != (mask >> minus & 1):
                return self._ecart_flags[plus if mask >> plus & 1 else minus]
        return (0,)

    @functools.cached_property
    def _ecart_flags(self) -> dict[int, tuple[int, ...]]:
        """For Plus and Minus, the flags its points can leave."""
        return {
            box: tuple(int(k) for k in np.unique(self.ecart_flag_of(self.base[box])))
            for box in self.ecart or ()
        }

    def ecart_flag_of(self, points: npt.ArrayLike) -> npt.NDArray[np.intp]:
        """The Écart flag of Plus or Minus holding `points` while the other is free."""
        found: npt.NDArray[np.intp] = np.searchsorted(self.ecart_points, points) + 1
        return found

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
        table: Table,
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
        if self.ecart is not None and box in self.ecart:
            return gain[None, :] + self._ecart_values(table, box, mask, uppers, flag, points)
        if box == self.yahtzee and self.bonus_flag:
            next_flag = np.where(points > 0, 1, flag)
            result: FloatArray = gain[None, :] + after[uppers][:, next_flag]
            return result
        lower_value: FloatArray = gain[None, :] + after[uppers, flag][:, None]
        return lower_value

    def _ecart_values(
        self,
        table: Table,
        box: int,
        mask: int,
        uppers: npt.NDArray[np.intp],
        flag: int,
        points: FloatArray,
    ) -> FloatArray:
        """What writing `points` in Plus or Minus (`box`) is worth beyond its own points: the
        Écart it settles, or the flag it leaves, and the position after."""
        after = table[mask | 1 << box]
        assert self.ecart is not None
        plus, minus = self.ecart
        partner = minus if box == plus else plus
        if mask >> partner & 1:
            written = self.ecart_points[flag - 1]
            ecart = points - written if box == plus else written - points
            settled: FloatArray = np.maximum(ecart, 0)[None, :] + after[uppers, 0][:, None]
            return settled
        waiting: FloatArray = after[uppers][:, self.ecart_flag_of(points)].astype(np.float64)
        return waiting

    def final_values(
        self,
        table: Table,
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

    def final_values_many(
        self, table: Table, masks: IntArray, uppers: IntArray, flags: IntArray
    ) -> FloatArray:
        """`final_values` for positions of any boxes at once (rolls × positions)."""
        masks, uppers, flags = (np.asarray(a, dtype=np.intp) for a in (masks, uppers, flags))
        if self.yahtzee >= 0:
            self._load_quint_boxes([int(m) for m in np.unique(masks)])
        final = np.empty((len(self.rolls), len(masks)))
        spare = np.empty_like(final)
        self._final_into(final, spare, table.reshape(-1), masks, uppers, flags)
        return final

    def score_outcomes(
        self, box: int, masks: IntArray, uppers: IntArray, flags: IntArray, rolls: IntArray
    ) -> tuple[BoolArray, IntArray, IntArray, IntArray]:
        """Writing rolls `rolls` in box `box` from positions (masks, uppers, flags), all
        arrays of one shape: whether the rules allow it, the points it adds to the total
        (the upper bonus it completes, the Écart it settles and the Yahtzee bonus
        included), and the capped upper total and the flag after."""
        masks, uppers, flags, rolls = np.broadcast_arrays(
            *(np.asarray(a, dtype=np.intp) for a in (masks, uppers, flags, rolls))
        )
        allowed = (masks >> box & 1) == 0
        points = self.base[box].take(rolls)
        bonus = np.zeros(masks.shape)
        if self.yahtzee >= 0:
            quint = self._quint_of_roll.take(rolls)
            joker = ((masks >> self.yahtzee & 1) == 1) & (quint >= 0)
            if joker.any():
                self._load_quint_boxes([int(m) for m in np.unique(masks[joker])])
                points = np.where(joker, self._joker_points[box].take(rolls), points)
                allowed[joker] &= self._quint_open[masks[joker], box, quint[joker]]
                bonus[joker] = self._quint_bonus_by_flag[flags[joker], quint[joker]]
        gain = points * float(self.counts[box]) + bonus
        after_upper, after_flag = uppers.copy(), flags.copy()
        if box in self.upper and self.threshold:
            total = uppers + points.astype(np.intp)
            gain += self.award[total] - self.award[uppers]
            after_upper = np.minimum(total, self.threshold)
        elif self.ecart is not None and box in self.ecart:
            plus, minus = self.ecart
            settled = (masks >> (minus if box == plus else plus) & 1) == 1
            written = self.ecart_points[np.maximum(flags - 1, 0)]
            ecart = points - written if box == plus else written - points
            gain += np.where(settled, np.maximum(ecart, 0), 0)
            after_flag = np.where(settled, 0, self.ecart_flag_of(points))
        elif box == self.yahtzee and self.bonus_flag:
            after_flag = np.where(points > 0, 1, flags)
        return allowed, np.rint(gain).astype(np.intp), after_upper, after_flag.astype(np.intp)

    @functools.cached_property
    def _quint_of_roll(self) -> IntArray:
        """Each roll's place among the fives of a kind, −1 for the others."""
        places = np.full(len(self.rolls), -1, dtype=np.intp)
        places[self.quints] = np.arange(len(self.quints))
        return places

    # Within a turn -----------------------------------------------------------------------------
    # Arrays here are (keeps or rolls) × positions, so that stepping between keeps copies
    # whole rows.

    def keep_values(self, roll_values: FloatArray) -> FloatArray:
        """The expected value of every keep (462 × positions) when the dice not kept are
        thrown and then worth `roll_values` (252 × positions)."""
        values = np.empty((len(self.sets.keeps), roll_values.shape[1]))
        values[self.sets.rolls] = roll_values
        self._keep_values_in_place(values)
        return values

    def best_keeps(self, keep_values: FloatArray) -> FloatArray:
        """For each roll (252 × positions), the value of the best keep it allows."""
        return self._best_keeps_in_place(keep_values.copy())

    def _best_keeps_in_place(
        self, best: FloatArray, scratch: FloatArray | None = None
    ) -> FloatArray:
        """`best_keeps`, overwriting the keep values it is given (`scratch`: room for
        252 × positions values, or None)."""
        if scratch is None:
            scratch = np.empty((self.sets.roll_count, best.shape[1]))
        for keeps, columns in self._parent_columns:
            part = best[keeps]
            taken = scratch[: part.shape[0]]
            for column in columns:
                # mode="clip" with `out` spares numpy a second copy of what it takes.
                best.take(column, 0, taken, "clip")
                np.maximum(part, taken, out=part)
        return best[self.sets.rolls]

    @functools.cached_property
    def _parent_columns(self) -> list[tuple[slice, list[IntArray]]]:
        return [
            (keeps, [np.ascontiguousarray(parents[:, c]) for c in range(parents.shape[1])])
            for size in range(DICE_COUNT)
            for keeps, parents in self.sets.parents[size]
        ]

    # The whole table ---------------------------------------------------------------------------

    def solve(self, progress: Progress | None = None) -> Table:
        """The value of every reachable position: a table of `shape` (unreachable ones 0).

        The positions with the same number of filled boxes depend only on those with one
        more, so each such layer is solved in batches of positions, whatever their boxes.
        """
        table = np.zeros(self.shape, dtype=self.dtype)
        flat = table.reshape(-1)
        full = (1 << self.box_count) - 1
        layers = [
            [m for m in range(full) if m.bit_count() == filled]
            for filled in range(self.box_count - 1, -1, -1)
        ]
        total = sum(
            len(self.distinct_upper_values(mask)[0]) * len(self.flag_values(mask))
            for mask in range(full)
        )
        done = 0
        turn = np.empty((len(self.sets.keeps), CHUNK_ROWS))
        spare = np.empty((self.sets.roll_count, CHUNK_ROWS))
        for masks in layers:
            rows = self._layer_plan(masks)
            self._load_quint_boxes(masks)
            for start in range(0, len(rows.masks), CHUNK_ROWS):
                part = slice(start, start + CHUNK_ROWS)
                batch_masks = rows.masks[part].astype(np.intp)
                batch_uppers = rows.uppers[part].astype(np.intp)
                batch_flags = rows.flags[part].astype(np.intp)
                count = len(batch_masks)
                keeps = turn[:, :count]
                self._final_into(
                    keeps[self.sets.rolls],
                    spare[:, :count],
                    flat,
                    batch_masks,
                    batch_uppers,
                    batch_flags,
                )
                # A layer reads only the next one, so its values can go straight in.
                places = self._flat_index(batch_masks, batch_uppers, batch_flags)
                flat[places] = self._start_from_final(keeps, spare[:, :count])
                done += count
                if progress is not None:
                    progress(done, total)
            flat[rows.copies_to] = flat[rows.copies_from]
            # The next layer's plan is as large: free this one first.
            del rows
        return table

    def _flat_index(self, masks: IntArray, uppers: IntArray, flags: IntArray | int) -> IntArray:
        """Where positions lie in a flattened table."""
        index: IntArray = (masks * (self.threshold + 1) + uppers) * self.flags + flags
        return index

    def _layer_plan(self, masks: list[int]) -> _Layer:
        """The positions of one layer worth solving, and where their values go in the table.

        Sheets with the same upper boxes filled come together (and each flag apart), so that
        a batch often has whole groups of upper boxes filled and skips them.
        """
        groups: dict[tuple[int, tuple[int, ...]], list[int]] = {}
        for mask in masks:
            groups.setdefault((self._upper_key(mask), self.flag_values(mask)), []).append(mask)
        index_masks, index_uppers, index_flags, copies_to, copies_from = [], [], [], [], []
        for (key, flag_values), members in sorted(groups.items()):
            solved, same_as = self._distinct[key]
            uppers = self._reachable[key]
            copied = np.flatnonzero(solved[same_as] != uppers)
            group = np.array(members, dtype=np.intp)
            size = len(group) * len(solved)
            for flag in flag_values:
                index_masks.append(np.repeat(group, len(solved)).astype(np.int32))
                index_uppers.append(np.tile(solved, len(group)).astype(np.int32))
                index_flags.append(np.full(size, flag, dtype=np.int32))
                if len(copied):
                    at = group[:, None]
                    copies_to.append(self._flat_index(at, uppers[copied][None, :], flag).ravel())
                    source = solved[same_as[copied]][None, :]
                    copies_from.append(self._flat_index(at, source, flag).ravel())
        none = np.zeros(0, dtype=np.intp)
        return _Layer(
            np.concatenate(index_masks),
            np.concatenate(index_uppers),
            np.concatenate(index_flags),
            np.concatenate(copies_to) if copies_to else none,
            np.concatenate(copies_from) if copies_from else none,
        )

    def _load_quint_boxes(self, masks: list[int]) -> None:
        """Ask the rules where each five of a kind may go on the layer's sheets that have
        the Yahtzee box filled (the joker)."""
        if self.yahtzee < 0:
            return
        index = {box.id: i for i, box in enumerate(self.boxes)}
        quints = [self.rolls[r] for r in self.quints]
        for mask in masks:
            if mask >> self.yahtzee & 1 and mask not in self._quint_loaded:
                filled = [self.boxes[i].id for i in range(self.box_count) if mask >> i & 1]
                for q, boxes in enumerate(open_boxes_each(self.rules, filled, quints)):
                    for box_id in boxes:
                        self._quint_open[mask, index[box_id], q] = True
                # Marked once written: a reader on another thread never sees a mask half done.
                self._quint_loaded.add(mask)

    @functools.cached_property
    def _quint_open(self) -> BoolArray:
        """For each set of filled boxes, whether each box may take each five of a kind."""
        return np.zeros((1 << self.box_count, self.box_count, len(self.quints)), dtype=bool)

    @functools.cached_property
    def _upper_steps(self) -> dict[int, tuple[npt.NDArray[np.intp], FloatArray, IntArray]]:
        """For each upper box: each roll's class of points, and by class (rows) and upper
        total (columns) the points with the bonus they complete, and the total after."""
        steps = {}
        totals = np.arange(self.threshold + 1)
        for i in self.upper if self.threshold else ():
            points, classes = np.unique(self.base[i].astype(np.intp), return_inverse=True)
            after = totals[None, :] + points[:, None]
            gain = points[:, None] + self.award[after] - self.award[totals][None, :]
            steps[i] = (
                classes.astype(np.intp),
                gain.astype(np.float64),
                np.minimum(after, self.threshold),
            )
        return steps

    @functools.cached_property
    def _bits(self) -> IntArray:
        """Each box's bit in a mask."""
        return np.left_shift(1, np.arange(self.box_count, dtype=np.intp))

    @functools.cached_property
    def _upper_groups(self) -> list[_UpperGroup]:
        """The upper boxes three at a time (see `_UpperGroup`)."""
        boxes = list(self._upper_steps)
        width = self.threshold + 1
        groups = []
        for start in range(0, len(boxes), 3):
            group = boxes[start : start + 3]
            classes = np.stack([self._upper_steps[i][0] for i in group], axis=1)
            combos, of_roll = np.unique(classes, axis=0, return_inverse=True)
            sizes = [len(self._upper_steps[i][1]) for i in group]
            first = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.intp)
            pick = (first[None, :] + combos).T.reshape(-1)
            groups.append(
                _UpperGroup(
                    np.repeat(np.array(group, dtype=np.intp), sizes),
                    (np.arange(sum(sizes), dtype=np.intp) * width)[:, None],
                    np.concatenate([self._upper_steps[i][1] for i in group]).reshape(-1),
                    np.concatenate([self._upper_steps[i][2] for i in group]).reshape(-1)
                    * self.flags,
                    pick.astype(np.intp),
                    len(combos),
                    of_roll.reshape(-1).astype(np.intp),
                )
            )
        return groups

    @functools.cached_property
    def _lower_plan(self) -> _LowerPlan:
        """How the last throw weighs the boxes outside the upper bonus (see `_LowerPlan`)."""
        fixed: list[tuple[int, float]] = []
        families: list[tuple[list[int], FloatArray]] = []
        negative: list[int] = []
        flag = self.yahtzee if self.bonus_flag else -1
        flag_fixed = False
        ecart = self.ecart or ()
        for i in range(self.box_count):
            if i in self._upper_steps or i in ecart:
                continue
            points = self.base[i] if self.counts[i] else np.zeros(len(self.rolls))
            values = np.unique(points[points != 0])
            if (points < 0).any():
                if i != flag:
                    negative.append(i)
            elif len(values) <= 1:
                fixed.append((i, float(values[0]) if len(values) else 0.0))
                flag_fixed = flag_fixed or i == flag
            elif i != flag:
                for boxes, shared in families:
                    both = (shared != 0) & (points != 0)
                    if np.array_equal(shared[both], points[both]):
                        boxes.append(i)
                        shared[points != 0] = points[points != 0]
                        break
                else:
                    families.append(([i], points.copy()))
        scoring = np.zeros((len(fixed), len(self.rolls)), dtype=bool)
        for k, (i, _) in enumerate(fixed):
            scoring[k] = (self.base[i] != 0) & self.counts[i]
        members, classes = np.unique(scoring.T, axis=0, return_inverse=True)
        family_plans = []
        for boxes, shared in families:
            supported = np.stack([self.base[i] != 0 for i in boxes]).T
            family_members, family_classes = np.unique(supported, axis=0, return_inverse=True)
            pairs, of_roll = np.unique(
                np.stack([shared, family_classes.reshape(-1)], axis=1),
                axis=0,
                return_inverse=True,
            )
            family_plans.append(
                _Family(
                    np.array(boxes, dtype=np.intp),
                    family_members,
                    pairs[:, 0].copy(),
                    pairs[:, 1].astype(np.intp),
                    of_roll.reshape(-1).astype(np.intp),
                )
            )
        flag_is_fixed = flag >= 0 and flag_fixed
        nothing = [
            i
            for i in range(self.box_count)
            if i not in self._upper_steps and i not in negative and i != flag and i not in ecart
        ]
        return _LowerPlan(
            np.array([i for i, _ in fixed], dtype=np.intp),
            np.array([points for _, points in fixed]),
            next(k for k, (i, _) in enumerate(fixed) if i == flag) if flag_is_fixed else -1,
            classes.reshape(-1).astype(np.intp),
            members,
            tuple(family_plans),
            np.array(nothing, dtype=np.intp),
            tuple(negative),
            flag if flag >= 0 and not flag_fixed else -1,
        )

    def _final_into(
        self,
        final: FloatArray,
        spare: FloatArray,
        flat: Table,
        masks: IntArray,
        uppers: IntArray,
        flags: IntArray,
    ) -> None:
        """`final_values` for many positions at once (rolls × positions), into `final`."""
        plan = self._lower_plan
        stride = (self.threshold + 1) * self.flags
        filled = (masks[None, :] & self._bits[:, None]) != 0
        after = (masks[None, :] | self._bits[:, None]) * stride
        # Each box written with nothing (or worth what the position after it is worth).
        later = _take64(flat, after + (uppers * self.flags + flags))
        np.copyto(later, NEG, where=filled)
        nothing = later.take(plan.nothing, axis=0).max(axis=0, initial=NEG)
        turned_on = None
        if self.bonus_flag:
            # Points in the Yahtzee box turn on the Yahtzee bonus: only the rolls that
            # score nothing there keep the flag.
            turned_on = flat.take(after[self.yahtzee] + uppers * self.flags + 1)
            np.copyto(turned_on, NEG, where=filled[self.yahtzee])
        # Boxes with one score: the best of them and "nothing" by the set of them that
        # score, spread over the rolls.
        scores = later.take(plan.fixed, axis=0)
        if plan.fixed_flag >= 0 and turned_on is not None:
            scores[plan.fixed_flag] = turned_on
        scores += plan.fixed_points[:, None]
        fill = np.where(plan.members[:, :, None], scores[None, :, :], NEG).max(axis=1, initial=NEG)
        np.maximum(fill, nothing, out=fill)
        if plan.fixed_flag >= 0:
            keeps_flag = np.flatnonzero(~plan.members[:, plan.fixed_flag])
            fill[keeps_flag] = np.maximum(fill[keeps_flag], later[self.yahtzee])
        np.take(fill, plan.classes, axis=0, out=final, mode="clip")
        # Boxes scoring the same points where they score (Chance, Three and Four of a
        # kind: the dice's sum): the points plus the best of them by the set that scores.
        for family in plan.families:
            by_set = np.where(
                family.members[:, :, None], later.take(family.boxes, axis=0)[None], NEG
            ).max(axis=1)
            by_pair = by_set.take(family.pair_sets, axis=0)
            by_pair += family.pair_points[:, None]
            np.take(by_pair, family.of_roll, axis=0, out=spare, mode="clip")
            np.maximum(final, spare, out=final)
        for i in plan.negative:
            np.add(self.base[i][:, None], later[i][None, :], out=spare)
            np.maximum(final, spare, out=final)
        if plan.flag >= 0 and turned_on is not None:
            flag_points = self.base[plan.flag] * self.counts[plan.flag]
            np.add(flag_points[:, None], later[plan.flag][None, :], out=spare)
            scored = np.flatnonzero(flag_points > 0)
            spare[scored] = flag_points[scored, None] + turned_on[None, :]
            np.maximum(final, spare, out=final)
        for group in self._upper_groups:
            if filled[group.boxes].all():
                continue
            rows = group.rows + uppers[None, :]
            by_class = group.gain.take(rows)
            by_class += flat.take(after[group.boxes] + flags + group.totals.take(rows))
            np.copyto(by_class, NEG, where=filled[group.boxes])
            by_combo = np.take(by_class, group.pick, axis=0, mode="clip")
            best = by_combo[: group.combos]
            for start in range(group.combos, len(group.pick), group.combos):
                np.maximum(best, by_combo[start : start + group.combos], out=best)
            np.take(best, group.of_roll, axis=0, out=spare, mode="clip")
            np.maximum(final, spare, out=final)
        for step in self._ecart_steps:
            if filled[step.box].all():
                continue
            # By the points written: the Écart they settle where the other box holds the
            # flag's points, else the flag they leave.
            settled = filled[step.partner]
            start = after[step.box] + uppers * self.flags
            by_points = _take64(flat, start[None, :] + step.flags[:, None])
            if settled.any():
                closing = _take64(flat, start[settled])[None, :]
                closing = closing + step.ecart.take(flags[settled], axis=0).T
                by_points[:, settled] = closing
            by_points += step.gain[:, None]
            np.copyto(by_points, NEG, where=filled[step.box][None, :])
            np.take(by_points, step.of_roll, axis=0, out=spare, mode="clip")
            np.maximum(final, spare, out=final)
        if self.yahtzee >= 0:
            joker = np.flatnonzero(filled[self.yahtzee])
            if len(joker):
                final[self.quints[:, None], joker] = self._joker_finals(
                    flat,
                    uppers[joker],
                    flags[joker],
                    masks[joker],
                    after[:, joker],
                    later[:, joker],
                )

    @functools.cached_property
    def _ecart_steps(self) -> tuple[_EcartStep, ...]:
        """Plus and Minus as the last throw weighs them (none without an Écart)."""
        if self.ecart is None:
            return ()
        plus, minus = self.ecart
        steps = []
        written = self.ecart_points[None, :]
        for box, partner in ((plus, minus), (minus, plus)):
            points, of_roll = np.unique(self.base[box].astype(np.intp), return_inverse=True)
            ecart = points[:, None] - written if box == plus else written - points[:, None]
            by_flag = np.zeros((self.flags, len(points)))
            by_flag[1:] = np.maximum(ecart, 0).T
            steps.append(
                _EcartStep(
                    box,
                    partner,
                    self.ecart_flag_of(points),
                    points * float(self.counts[box]),
                    by_flag,
                    of_roll.reshape(-1).astype(np.intp),
                )
            )
        return tuple(steps)

    @functools.cached_property
    def _quint_bonus_by_flag(self) -> FloatArray:
        return np.array(self._quint_bonus)

    @functools.cached_property
    def _joker_steps(self) -> tuple[FloatArray, IntArray, IntArray, FloatArray]:
        """For the fives of a kind once the Yahtzee box is filled, by box (rows) and roll
        (columns): what the box adds; and the (box, roll) pairs that add upper points,
        with those points."""
        quints = self.quints
        points = self._joker_points[:, quints]
        gain = np.where(self.counts[:, None], points, 0.0)
        upper = np.zeros(points.shape, dtype=bool)
        upper[list(self._upper_steps)] = True
        boxes, rolls = np.nonzero(upper & (points != 0))
        return gain, boxes.astype(np.intp), rolls.astype(np.intp), points[boxes, rolls]

    def _joker_finals(
        self,
        flat: Table,
        uppers: IntArray,
        flags: IntArray,
        masks: IntArray,
        after: IntArray,
        later: FloatArray,
    ) -> FloatArray:
        """The final values of the fives of a kind (quints × positions) on sheets with the
        Yahtzee box filled, where the joker and the Yahtzee bonus apply: every box free on
        some of these sheets at once (boxes × quints × positions), from the positions after
        each box (`after`) and what writing nothing there is worth (`later`). The Yahtzee
        box itself is filled there."""
        gain, upper_boxes, upper_rolls, upper_points = self._joker_steps
        present = np.flatnonzero((later > NEG).any(axis=1))
        value = gain[present][:, :, None] + later[present][:, None, :]
        place = np.full(self.box_count, -1, dtype=np.intp)
        place[present] = np.arange(len(present))
        scoring = place[upper_boxes] >= 0
        if scoring.any():
            points = upper_points[scoring]
            total = uppers[None, :] + points.astype(np.intp)[:, None]
            upper_value = points[:, None] + self.award[total]
            upper_value -= self.award[uppers][None, :]
            upper_value += flat.take(
                after[upper_boxes[scoring]] + np.minimum(total, self.threshold) * self.flags + flags
            )
            value[place[upper_boxes[scoring]], upper_rolls[scoring]] = upper_value
        # The rules open free boxes only.
        allowed = self._quint_open[masks][:, present].transpose(1, 2, 0)
        np.copyto(value, NEG, where=~allowed)
        best: FloatArray = value.max(axis=0)
        best += self._quint_bonus_by_flag.take(flags, axis=0).T
        return best

    def _start_from_final(self, keeps: FloatArray, scratch: FloatArray) -> FloatArray:
        """The value before the turn of positions whose final-roll values are the roll rows
        of `keeps` (keeps × positions), which it overwrites, as does `scratch` (rolls ×
        positions)."""
        for _ in range(MAX_ROLLS - 1):
            self._keep_values_in_place(keeps, scratch)
            self._best_keeps_in_place(keeps, scratch)
        start: FloatArray = self.roll_chances @ keeps[self.sets.rolls]
        return start

    def _keep_values_in_place(self, keeps: FloatArray, scratch: FloatArray | None = None) -> None:
        """Every keep's value from the roll rows of `keeps`, written in its other rows: the
        mean over the six faces of the keeps one die larger, a size at a time (`scratch`:
        room for 252 × positions values, or None). The 28 keeps of two dice or fewer come
        from those of three in one small matrix product (fewer numpy calls)."""
        if scratch is None:
            scratch = np.empty((self.sets.roll_count, keeps.shape[1]))
        sets = self.sets
        for size in range(DICE_COUNT - 1, SMALL_KEEPS, -1):
            children = self._children_columns[size]
            out = keeps[sets.sizes[size]]
            first, taken = scratch[: out.shape[0]], scratch[-out.shape[0] :]
            keeps.take(children[0], 0, first, "clip")
            keeps.take(children[1], 0, taken, "clip")
            np.add(first, taken, out=out)
            for column in children[2:]:
                keeps.take(column, 0, taken, "clip")
                np.add(out, taken, out=out)
            np.multiply(out, 1 / len(children), out=out)
        small = int(sets.sizes[SMALL_KEEPS].stop)
        np.matmul(self._small_keep_chances, keeps[sets.sizes[SMALL_KEEPS + 1]], out=keeps[:small])

    @functools.cached_property
    def _small_keep_chances(self) -> FloatArray:
        """The chance of each keep of one more die than `SMALL_KEEPS` (columns) after each
        keep of at most `SMALL_KEEPS` dice (rows)."""
        sets = self.sets
        larger = sets.sizes[SMALL_KEEPS + 1]
        chances = np.zeros((int(larger.stop), int(larger.stop) - int(larger.start)))
        chances[larger] = np.eye(int(larger.stop) - int(larger.start))
        for size in range(SMALL_KEEPS, -1, -1):
            children = sets.children[size]
            chances[sets.sizes[size]] = chances[children].sum(axis=1) / children.shape[1]
        return chances[: int(sets.sizes[SMALL_KEEPS].stop)]

    @functools.cached_property
    def _children_columns(self) -> list[list[IntArray]]:
        return [
            [np.ascontiguousarray(children[:, c]) for c in range(children.shape[1])]
            for children in self.sets.children
        ]


@dataclass(frozen=True)
class _LowerPlan:
    """The boxes outside the upper bonus, as the last throw weighs them.

    Writing a box's points is never worse than writing nothing there, so "nothing" in every
    box (the value of the position after it) is offered for every roll, and the points only
    where there are some. Boxes with a single score (Full house, the straights, the
    Yahtzee) are folded into that first fill by the set of them a roll scores in; boxes that
    score the same points wherever they score (Chance, Three and Four of a kind: the sum of
    the dice) share one pass.
    """

    fixed: IntArray
    """The boxes with one score."""
    fixed_points: FloatArray
    """Their score."""
    fixed_flag: int
    """The Yahtzee box's place in `fixed` when it is there and turns on the bonus, else -1."""
    classes: IntArray
    """For each roll, its row of `members`."""
    members: BoolArray
    """For each set of `fixed` boxes a roll can score in, whether each does."""
    families: tuple[_Family, ...]
    nothing: IntArray
    """The boxes whose "nothing" is offered for every roll."""
    negative: tuple[int, ...]
    """Boxes where a roll can lose points: offered their points for every roll."""
    flag: int
    """The Yahtzee box when it turns on the bonus and does not have one score, else -1."""


@dataclass(frozen=True)
class _Family:
    """Boxes that score the same points wherever they score."""

    boxes: IntArray
    members: BoolArray
    """For each set of `boxes` a roll can score in, whether each does."""
    pair_points: FloatArray
    """The distinct (points, set) pairs of the rolls: the points,"""
    pair_sets: IntArray
    """and the row of `members`."""
    of_roll: IntArray
    """Each roll's pair."""


@dataclass(frozen=True)
class _UpperGroup:
    """Up to three upper boxes, weighed together over the combinations of their classes of
    points (a roll's counts of three faces: 56 instead of 252 rolls). Rows are the boxes'
    classes of points, one box after another."""

    boxes: IntArray
    """Each row's box."""
    rows: IntArray
    """Each row's start in `gain` and `totals` (rows × 1)."""
    gain: FloatArray
    """By row and upper total: the points with the bonus they complete."""
    totals: IntArray
    """By row and upper total: the total after, times the number of flags."""
    pick: IntArray
    """For each box then each combination, the row of its class."""
    combos: int
    of_roll: IntArray
    """Each roll's combination."""


@dataclass(frozen=True)
class _EcartStep:
    """Plus or Minus, by the distinct points a roll writes there."""

    box: int
    partner: int
    flags: IntArray
    """The flag each points leave while the partner is free."""
    gain: FloatArray
    """The points themselves where the box counts in the total (Yam's: it does not)."""
    ecart: FloatArray
    """By the flag (rows: the partner's points) and points: the Écart they settle."""
    of_roll: IntArray
    """Each roll's points."""


@dataclass(frozen=True)
class _Layer:
    """The positions of one layer to solve, and where their values are written."""

    masks: npt.NDArray[np.int32]
    uppers: npt.NDArray[np.int32]
    flags: npt.NDArray[np.int32]
    """The positions solved (int32: Yam's Écart's largest layer has 1.7 M)."""
    copies_to: IntArray
    """Flat table indices of the positions not solved (upper totals too low for the bonus),"""
    copies_from: IntArray
    """and of the solved position each is worth the same as."""


def _take64(flat: Table, index: IntArray) -> FloatArray:
    """`flat.take(index)` in float64, whatever the table stores."""
    taken: FloatArray = np.asarray(flat.take(index), dtype=np.float64)
    return taken


def expected_score(table: Table) -> float:
    """The value of a new game under optimal play."""
    return float(table[0, 0, 0])
