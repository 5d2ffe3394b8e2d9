"""An independent, plain-Python solver for tiny sheets: every throw enumerated die by die.

It shares nothing with the coach but the rules (it scores by `Scoresheet.score`), so the
two agree only if both are right.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

from missdice_desktop.rules import Scoresheet
from missdice_desktop.rules.variants import Ruleset

Dice = tuple[int, ...]


@cache
def throws(count: int) -> tuple[tuple[Dice, Fraction], ...]:
    """Each sorted outcome of throwing `count` dice, with its probability."""
    tally = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=count))
    total = 6**count
    return tuple((outcome, Fraction(n, total)) for outcome, n in tally.items())


def sub_keeps(dice: Dice) -> set[Dice]:
    return {
        tuple(sorted(chosen)) for size in range(6) for chosen in itertools.combinations(dice, size)
    }


def expected_gain(rules: Ruleset) -> float:
    """What optimal play adds to an empty sheet of `rules` on average."""
    memo: dict[tuple[object, ...], float] = {}

    def future(sheet: Scoresheet) -> float:
        if sheet.is_full:
            return 0.0
        # What is still to come depends on which boxes are filled, the upper points (for the
        # bonus), the Yahtzee box's points (for the Yahtzee bonus) and the points in the
        # Écart's boxes, on nothing else.
        yahtzee = sheet.scores.get(rules.variant.yahtzee_box or "")
        ecart = tuple(sheet.scores.get(box_id) for box_id in rules.variant.ecart or ())
        key = (frozenset(sheet.scores), sheet.upper_total, yahtzee, ecart)
        if key not in memo:
            memo[key] = turn(sheet)
        return memo[key]

    def turn(sheet: Scoresheet) -> float:
        final: dict[Dice, float] = {}
        for dice, _ in throws(5):
            best = None
            for state in sheet.box_states(dice):
                if state.allowed:
                    after, _points, _bonus = sheet.score(state.box.id, dice)
                    value = after.total - sheet.total + future(after)
                    best = value if best is None else max(best, value)
            assert best is not None
            final[dice] = best
        values = final
        for _ in range(2):
            keep_value = {
                keep: sum(
                    float(p) * values[tuple(sorted(keep + rest))]
                    for rest, p in throws(5 - len(keep))
                )
                for keep in itertools.chain.from_iterable(
                    itertools.combinations_with_replacement(range(1, 7), n) for n in range(6)
                )
            }
            values = {dice: max(keep_value[k] for k in sub_keeps(dice)) for dice in final}
        return sum(float(p) * values[dice] for dice, p in throws(5))

    return future(Scoresheet(rules))
