"""Independent, plain-Python references for the end of a game on tiny sheets: the best
chance that the final total wins (every throw enumerated, scored by `Scoresheet.score`), and
the chance of each final total when the coach's first choice is always taken."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable

from missdice_desktop.coach.advice import ChoiceKind, Coach
from missdice_desktop.rules import Scoresheet
from tests.coach.brute_force import Dice, sub_keeps, throws

ALL_KEEPS = tuple(
    itertools.chain.from_iterable(
        itertools.combinations_with_replacement(range(1, 7), n) for n in range(6)
    )
)


def best_win_chance(sheet: Scoresheet, wins: Callable[[int], float]) -> float:
    """The best chance, over every way to play the boxes left, of `wins(final total)`."""
    memo: dict[tuple[object, ...], float] = {}

    def future(sheet: Scoresheet) -> float:
        if sheet.is_full:
            return wins(sheet.total)
        key = (tuple(sorted(sheet.scores.items())), sheet.yahtzee_bonus)
        if key not in memo:
            memo[key] = turn(sheet)
        return memo[key]

    def turn(sheet: Scoresheet) -> float:
        final: dict[Dice, float] = {}
        for dice, _ in throws(5):
            final[dice] = max(
                future(sheet.score(state.box.id, dice)[0])
                for state in sheet.box_states(dice)
                if state.allowed
            )
        values = final
        for _ in range(2):
            keep_value = {
                keep: sum(
                    float(p) * values[tuple(sorted(keep + rest))]
                    for rest, p in throws(5 - len(keep))
                )
                for keep in ALL_KEEPS
            }
            values = {dice: max(keep_value[k] for k in sub_keeps(dice)) for dice in final}
        return sum(float(p) * values[dice] for dice, p in throws(5))

    return future(sheet)


def coach_last_box_totals(coach: Coach, sheet: Scoresheet) -> dict[int, float]:
    """The chance of each final total of `sheet`, one box left, played by the coach's first
    choice after every throw."""
    assert len(sheet.free_boxes) == 1
    memo: dict[tuple[Dice, int], dict[int, float]] = {}

    def after(dice: Dice, left: int) -> dict[int, float]:
        if (dice, left) in memo:
            return memo[(dice, left)]
        best = coach.choices(sheet, dice, left)[0]
        found: dict[int, float] = defaultdict(float)
        if best.kind is ChoiceKind.SCORE:
            found[sheet.score(best.box, dice)[0].total] = 1.0
        else:
            for rest, p in throws(5 - len(best.keep)):
                for total, q in after(tuple(sorted(best.keep + rest)), left - 1).items():
                    found[total] += float(p) * q
        memo[(dice, left)] = dict(found)
        return memo[(dice, left)]

    totals: dict[int, float] = defaultdict(float)
    for dice, p in throws(5):
        for total, q in after(dice, 2).items():
            totals[total] += float(p) * q
    return dict(totals)
