"""The rolls and keeps the coach reasons about, and the links between them."""

from __future__ import annotations

import math

from missdice_desktop.coach.dice_sets import DICE_SETS, roll_probabilities

SETS = DICE_SETS


def test_there_are_462_keeps_and_252_rolls() -> None:
    assert len(SETS.keeps) == 462
    assert SETS.roll_count == 252
    assert [s.stop - s.start for s in SETS.sizes] == [1, 6, 21, 56, 126, 252]
    assert all(len(SETS.keeps[i]) == 5 for i in range(SETS.rolls.start, SETS.rolls.stop))


def test_roll_chances_add_up_and_count_orders() -> None:
    chances = roll_probabilities(SETS)
    assert math.isclose(chances.sum(), 1.0)
    assert math.isclose(chances[SETS.roll_index((6, 6, 6, 6, 6))], 1 / 7776)
    assert math.isclose(chances[SETS.roll_index((5, 4, 3, 2, 1))], 120 / 7776)


def test_children_add_one_die_and_parents_take_one_away() -> None:
    for size in range(5):
        for row, i in enumerate(range(SETS.sizes[size].start, SETS.sizes[size].stop)):
            children = [SETS.keeps[c] for c in SETS.children[size][row]]
            assert children == [tuple(sorted((*SETS.keeps[i], face))) for face in range(1, 7)]
    for size in range(1, 6):
        covered = []
        for keeps, parents in SETS.parents[size - 1]:
            for row, i in enumerate(range(keeps.start, keeps.stop)):
                keep = SETS.keeps[i]
                smaller = {SETS.keeps[p] for p in parents[row]}
                expected = {keep[:j] + keep[j + 1 :] for j in range(len(keep))}
                assert smaller == expected
                covered.append(i)
        assert covered == list(range(SETS.sizes[size].start, SETS.sizes[size].stop))


def test_sub_keeps_are_distinct_and_include_all_and_none() -> None:
    keeps = SETS.sub_keeps((6, 6, 5, 2, 1))
    assert len(keeps) == len(set(keeps)) == 24
    assert keeps[0] == () and keeps[-1] == (1, 2, 5, 6, 6)
