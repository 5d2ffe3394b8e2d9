"""Playing to win at the end of a scoresheet game.

With few boxes left (`ENDGAME_BOXES`) and the opponents' final totals known (they have
finished) or nearly so (they too have few boxes left), the most points on average is not the
best chance to win: 20 points behind, a Chance of 24 loses for sure where a try at a Full
house may win. `Endgame` gives every choice its chance to finish above the best opponent,
exactly: the solver's backward induction over the positions the boxes left can reach (the
boxes filled, the upper total, the flag), each position's value a vector over the player's
total so far, and at the end of the sheet the chance that this total wins.

The chance that a final total s wins, `win_by_total`: every opponent below s, or tied with
it: a tie with k opponents counts 1/(k + 1) (ties share the win). An opponent who has
finished is at their total; one with boxes left plays them for the most points on average
(the coach's play, `final_distribution`), each opponent on their own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from missdice_desktop.coach.advice import Choice, ChoiceKind, Coach
from missdice_desktop.coach.dice_sets import Keep
from missdice_desktop.coach.playouts import (
    HELD,
    SUBSET_KEEPS,
    final_distribution,
    roll_index,
)
from missdice_desktop.coach.solver import BoolArray, FloatArray, IntArray
from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice
from missdice_desktop.rules.game import MAX_ROLLS
from missdice_desktop.rules.scoresheet import Scoresheet

ENDGAME_BOXES = 4
"""The most boxes a player may have left for the coach to play to win."""
TAIL = 1e-9
"""Opponents' totals less likely than this, all together, are left out (their chance
moves by at most as much)."""

TIE = 1e-9
"""Chances to win closer than this are equal (what is left is rounding)."""

State = tuple[int, int, int]


@dataclass(frozen=True)
class WinChoice:
    """One thing the player may do, and the chance to win it leaves."""

    kind: ChoiceKind
    chance: float
    keep: Keep = ()
    box: str = ""

    def same_as(self, choice: Choice) -> bool:
        """Whether `choice` (the coach's for points) is this one."""
        return (self.kind, self.keep, self.box) == (choice.kind, choice.keep, choice.box)


def win_by_total(opponents: Sequence[Mapping[int, float]], low: int, high: int) -> FloatArray:
    """The chance that each final total from `low` to `high` wins against `opponents` (the
    chance of each of their final totals), a tie with k opponents counting 1/(k + 1)."""
    totals = np.arange(low, high + 1)
    # The coefficient of z^k in Π(P(below) + P(equal)·z): k opponents tied, the others below.
    ways = np.zeros((len(opponents) + 1, len(totals)))
    ways[0] = 1.0
    for chances in opponents:
        values = np.array(sorted(chances), dtype=np.intp)
        weights = np.array([chances[int(v)] for v in values])
        cumulative = np.concatenate([[0.0], np.cumsum(weights)])
        below = cumulative[np.searchsorted(values, totals, side="left")]
        equal = cumulative[np.searchsorted(values, totals, side="right")] - below
        ways[1:] = ways[1:] * below + ways[:-1] * equal
        ways[0] *= below
    shares = 1 / np.arange(1, len(opponents) + 2)
    result: FloatArray = shares @ ways
    return result


def opponent_totals(coach: Coach, sheet: Scoresheet) -> dict[int, float]:
    """The chance of each final total of an opponent's sheet (certain once it is full)."""
    if sheet.is_full:
        return {sheet.total: 1.0}
    return final_distribution(coach, sheet)


def endgame_for(coach: Coach, sheets: Sequence[Scoresheet], player: int) -> Endgame | None:
    """`player`'s endgame, when they have 1 to `ENDGAME_BOXES` boxes left and every
    opponent has finished or has at most as many left; else None."""
    if len(sheets) < 2 or not 0 < len(sheets[player].free_boxes) <= ENDGAME_BOXES:
        return None
    others = [sheet for i, sheet in enumerate(sheets) if i != player]
    if any(len(sheet.free_boxes) > ENDGAME_BOXES for sheet in others):
        return None
    return Endgame(coach, sheets[player], [opponent_totals(coach, sheet) for sheet in others])


@dataclass(frozen=True)
class _Move:
    """Writing each roll in one free box of a position."""

    box: int
    allowed: BoolArray
    gain: IntArray
    """The points each roll adds to the total."""
    children: tuple[State, ...]
    """The positions after (distinct),"""
    child_of_roll: IntArray
    """and each roll's among them."""


class Endgame:
    """The chance to win of every choice left to one player, against known opponents.

    Only the totals each position can be reached with are worked out: a few dozen a
    position, where all the totals the opponents leave open would be hundreds.
    """

    def __init__(
        self, coach: Coach, sheet: Scoresheet, opponents: Sequence[Mapping[int, float]]
    ) -> None:
        self.coach = coach
        self.sheet = sheet
        model = coach.model
        at = coach.position(sheet)
        free = [i for i in range(model.box_count) if not at.mask >> i & 1]
        lowest = [min(0.0, float(model.base[i].min())) * model.counts[i] for i in free]
        losses = -int(sum(lowest))
        self.low = sheet.total - losses
        """The lowest total the player can finish with (column 0)."""
        # Opponents' totals from `base` up; from `sure` on a total wins (to within TAIL).
        base = min(self.low, min(min(chances) for chances in opponents))
        wins = win_by_total(opponents, base, max(max(chances) for chances in opponents) + 1)
        unsure = np.flatnonzero(wins < 1 - TAIL)
        sure = base + (int(unsure[-1]) + 1 if len(unsure) else 0)
        # A total that losses cannot take below `sure` is a win whatever follows: the last
        # column stands for every total from there up.
        self.columns = max(1, sure + losses - self.low + 1)
        totals = np.arange(self.low, self.low + self.columns)
        self._wins = np.where(totals >= sure, 1.0, wins[np.clip(totals - base, 0, len(wins) - 1)])
        self._upper_left: dict[int, float] = {}
        self._moves: dict[State, list[_Move]] = {}
        self._reached: dict[State, IntArray] = {}
        """The columns (totals) each position can be reached with, in order."""
        self._values: dict[State, FloatArray] = {}
        """Each position's chance to win before a turn, by column (NaN where unreached)."""
        self._finals: dict[State, FloatArray] = {}
        """After the last throw, each roll's best chance (rolls × reached columns)."""
        start, column = self._place(sheet)
        self._solve(start, column)
        self.chance = float(self._values[start][column])
        """The chance to win before the turn's first throw."""

    def _place(self, sheet: Scoresheet) -> tuple[State, int]:
        at = self.coach.position(sheet)
        return self._key(at.mask, at.upper, at.flag), min(sheet.total - self.low, self.columns - 1)

    def covers(self, sheet: Scoresheet) -> bool:
        """Whether `sheet` is one this endgame's sheet can lead to."""
        state, column = self._place(sheet)
        reached = self._reached.get(state)
        return reached is not None and column in set(reached.tolist())

    def chance_at(self, sheet: Scoresheet) -> float:
        """The chance to win of `sheet` (one that `covers`) before a turn."""
        state, column = self._place(sheet)
        return float(self._values[state][column])

    def _key(self, mask: int, upper: int, flag: int) -> State:
        """A position, its upper total 0 when the bonus is out of reach (all such totals
        are worth the same)."""
        model = self.coach.model
        if model.threshold:
            left = self._upper_left.get(mask)
            if left is None:
                left = sum(float(model.base[i].max()) for i in model.upper if not mask >> i & 1)
                self._upper_left[mask] = left
            if upper + left < model.threshold:
                upper = 0
        return (mask, upper, flag)

    def _moves_of(self, state: State) -> list[_Move]:
        found = self._moves.get(state)
        if found is not None:
            return found
        model = self.coach.model
        mask, upper, flag = state
        rolls = np.arange(len(model.rolls))
        found = []
        for i in range(model.box_count):
            if mask >> i & 1:
                continue
            same = np.full_like(rolls, mask)
            allowed, gain, upper_after, flag_after = model.score_outcomes(
                i, same, np.full_like(rolls, upper), np.full_like(rolls, flag), rolls
            )
            pairs, of_roll = np.unique(
                np.stack([upper_after, flag_after], axis=1), axis=0, return_inverse=True
            )
            children = tuple(self._key(mask | 1 << i, int(u), int(f)) for u, f in pairs)
            found.append(_Move(i, allowed, gain, children, of_roll.reshape(-1)))
        self._moves[state] = found
        return found

    def _solve(self, start: State, column: int) -> None:
        """The totals each position can be reached with, then their chances, last box
        first."""
        layers: list[dict[State, set[int]]] = []
        frontier: dict[State, set[int]] = {start: {column}}
        while frontier:
            layers.append(frontier)
            after: dict[State, set[int]] = {}
            for state, columns in frontier.items():
                reached = np.array(sorted(columns), dtype=np.intp)
                for move in self._moves_of(state):
                    for child in range(len(move.children)):
                        gains = np.unique(move.gain[move.allowed & (move.child_of_roll == child)])
                        if len(gains):
                            shifted = np.minimum(
                                reached[:, None] + gains[None, :], self.columns - 1
                            )
                            after.setdefault(move.children[child], set()).update(
                                shifted.ravel().tolist()
                            )
            frontier = after
        model = self.coach.model
        for layer in reversed(layers):
            for state, columns in layer.items():
                reached = np.array(sorted(columns), dtype=np.intp)
                self._reached[state] = reached
                value = np.full(self.columns, np.nan)
                if not self._moves_of(state):
                    value[reached] = self._wins[reached]
                else:
                    keeps = model.keep_values(self._final(state))
                    for _ in range(MAX_ROLLS - 2):
                        keeps = model.keep_values(model.best_keeps(keeps))
                    value[reached] = model.roll_chances @ model.best_keeps(keeps)
                self._values[state] = value

    def _final(self, state: State) -> FloatArray:
        """After the last throw, each roll's best chance to win (rolls × reached columns)."""
        found = self._finals.get(state)
        if found is None:
            found = np.full((len(self.coach.model.rolls), len(self._reached[state])), -np.inf)
            for _, allowed, value in self._box_values(state):
                value[~allowed] = -np.inf
                np.maximum(found, value, out=found)
            self._finals[state] = found
        return found

    def _box_values(
        self, state: State, rolls: IntArray | None = None, columns: IntArray | None = None
    ) -> list[tuple[int, BoolArray, FloatArray]]:
        """For each free box: which of `rolls` (all by default) may go there, and the
        chance to win after writing them there (rolls × `columns`, by default those
        `state` is reached with)."""
        if columns is None:
            columns = self._reached[state]
        found = []
        for move in self._moves_of(state):
            after = np.stack([self._values[child] for child in move.children])
            allowed, gain, child = move.allowed, move.gain, move.child_of_roll
            if rolls is not None:
                allowed, gain, child = allowed[rolls], gain[rolls], child[rolls]
            shifted = np.minimum(columns[None, :] + gain[:, None], self.columns - 1)
            found.append((move.box, allowed, after[child[:, None], shifted]))
        return found

    def choices(self, sheet: Scoresheet, dice: Dice, rolls_left: int) -> list[WinChoice]:
        """Every choice on `sheet` (one that `covers`) with `dice` and `rolls_left` throws
        left, the best chance to win first (on a tie, the one of more points on average)."""
        model = self.coach.model
        state, column = self._place(sheet)
        roll = np.array([model.sets.roll_index(dice)])
        found = []
        for i, allowed, value in self._box_values(state, roll, np.array([column])):
            if allowed[0]:
                chance = float(value[0, 0])
                found.append(WinChoice(ChoiceKind.SCORE, chance, box=model.boxes[i].id))
        if rolls_left > 0:
            keeps = self._keep_values(state, np.array([column]), rolls_left)
            for keep in model.sets.sub_keeps(dice):
                if len(keep) < DICE_COUNT:
                    chance = float(keeps[model.sets.index[keep], 0])
                    found.append(WinChoice(ChoiceKind.KEEP, chance, keep=keep))
        order = [(c.kind, c.keep, c.box) for c in self.coach.choices(sheet, dice, rolls_left)]
        rank = {key: n for n, key in enumerate(order)}
        found.sort(key=lambda c: -c.chance)
        # Chances within rounding of the best are a tie: the choice of more points leads.
        tied = [c for c in found if c.chance >= found[0].chance - TIE]
        first = min(tied, key=lambda c: rank.get((c.kind, c.keep, c.box), len(rank)))
        return [first, *(c for c in found if c is not first)]

    def _keep_values(self, state: State, columns: IntArray, rolls_left: int) -> FloatArray:
        """Each keep's chance to win with `rolls_left` throws left (keeps × `columns`, which
        `state` is reached with)."""
        model = self.coach.model
        places = np.searchsorted(self._reached[state], columns)
        keeps = model.keep_values(self._final(state)[:, places])
        for _ in range(min(rolls_left, MAX_ROLLS - 1) - 1):
            keeps = model.keep_values(model.best_keeps(keeps))
        return keeps

    def play_out(self, count: int, rng: np.random.Generator) -> IntArray:
        """`count` final totals of the sheet played to the end for the chance to win (the
        first best choice on a tie)."""
        model = self.coach.model
        start = self._place(self.sheet)[0]
        states = [start] * count
        totals = np.full(count, self.sheet.total, dtype=np.intp)
        for _ in range(model.box_count - start[0].bit_count()):
            dice = np.sort(rng.integers(1, FACES + 1, (count, DICE_COUNT), dtype=np.int8), axis=1)
            groups: dict[State, list[int]] = {}
            for n, state in enumerate(states):
                groups.setdefault(state, []).append(n)
            for state, members in groups.items():
                rows = np.array(members, dtype=np.intp)
                places, columns = np.unique(
                    np.minimum(totals[rows] - self.low, self.columns - 1), return_inverse=True
                )
                columns = columns.reshape(-1)
                for left in (2, 1):
                    values = self._keep_values(state, places, left)
                    rolls = roll_index(dice[rows])
                    held = HELD[values[SUBSET_KEEPS[rolls], columns[:, None]].argmax(axis=1)]
                    thrown = rng.integers(1, FACES + 1, held.shape, dtype=np.int8)
                    dice[rows] = np.sort(np.where(held, dice[rows], thrown), axis=1)
                rolls = roll_index(dice[rows])
                best = np.full(len(rows), -np.inf)
                chosen = np.zeros(len(rows), dtype=np.intp)
                for i, allowed, value in self._box_values(state, rolls, places):
                    chance = np.where(allowed, value[np.arange(len(rows)), columns], -np.inf)
                    better = chance > best + 1e-12
                    best[better], chosen[better] = chance[better], i
                mask, upper, flag = state
                for i in np.unique(chosen):
                    picked = rows[chosen == i]
                    _, gain, upper_after, flag_after = model.score_outcomes(
                        int(i),
                        np.full(len(picked), mask),
                        np.full(len(picked), upper),
                        np.full(len(picked), flag),
                        roll_index(dice[picked]),
                    )
                    totals[picked] += gain
                    for n, u, f in zip(picked, upper_after, flag_after, strict=True):
                        states[n] = self._key(mask | 1 << int(i), int(u), int(f))
        return totals
