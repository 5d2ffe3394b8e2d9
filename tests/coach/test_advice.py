"""Advice for a position, the cache on disk, and the choices' bookkeeping."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from missdice_desktop.coach import cache
from missdice_desktop.coach.advice import ChoiceKind, Coach, holds_for, rolls_left
from missdice_desktop.coach.solver import SolverSheet
from missdice_desktop.rules import Game, Scoresheet, get_variant
from tests.coach.test_solver import CHANCE, SIXES, YAHTZEE, sheet

RULES = sheet(SIXES, CHANCE)


@pytest.fixture(scope="module")
def coach() -> Coach:
    return Coach.for_rules(RULES, use_cache=False)


def test_with_no_throw_left_only_boxes_are_offered(coach: Coach) -> None:
    choices = coach.choices(Scoresheet(RULES), (6, 6, 6, 2, 1), rolls_left=0)
    assert {c.kind for c in choices} == {ChoiceKind.SCORE}
    assert [c.box for c in choices] == ["sixes", "chance"]  # 18 + Chance later beats 21 now


def test_keeps_come_from_the_dice_and_never_hold_all_five(coach: Coach) -> None:
    choices = coach.choices(Scoresheet(RULES), (6, 6, 5, 2, 1), rolls_left=2)
    keeps = [c.keep for c in choices if c.kind is ChoiceKind.KEEP]
    assert len(keeps) == len(set(keeps)) == 3 * 2 * 2 * 2 - 1  # 0-2 sixes × 5, 2, 1; not all
    assert choices[0].keep == (6, 6)
    assert choices == sorted(choices, key=lambda c: -c.expected)


def test_the_best_choice_is_worth_what_the_table_says(coach: Coach) -> None:
    # Averaged over the first throw, the best choice after it is the value of the game.
    from tests.coach.brute_force import throws

    empty = Scoresheet(RULES)
    mean = sum(float(p) * coach.choices(empty, dice, 2)[0].expected for dice, p in throws(5))
    assert mean == pytest.approx(coach.expected_final(empty), abs=1e-9)


def test_expected_final_counts_the_points_already_scored(coach: Coach) -> None:
    written, _, _ = Scoresheet(RULES).score("sixes", (6, 6, 6, 1, 1))
    assert coach.expected_final(written) == pytest.approx(18 + 5 * 14 / 3, abs=1e-9)


def test_holds_pick_dice_in_table_order() -> None:
    assert holds_for((6, 2, 6, 6, 5), (6, 6)) == (True, False, True, False, False)
    assert holds_for((1, 2, 3, 4, 5), ()) == (False,) * 5


def test_throws_left_counts_dice_put_in_by_hand_as_a_first_throw() -> None:
    game = Game(get_variant("yacht").configure(), ["Ann"], seed=1)
    assert rolls_left(game) == 3
    game.enter_dice("12345")
    assert rolls_left(game) == 2
    game.score("chance")
    game.roll()
    game.roll()
    assert rolls_left(game) == 1


def test_the_cache_keeps_a_table_and_rebuilds_a_damaged_one(tmp_path: Path) -> None:
    model = SolverSheet(sheet(YAHTZEE))
    built = cache.load_or_build(model, tmp_path)
    path = cache.table_path(model.rules, tmp_path)
    assert path.exists()
    assert np.array_equal(cache.load_table(model, tmp_path), built)
    path.write_bytes(path.read_bytes()[:-40])
    assert cache.load_table(model, tmp_path) is None
    assert np.array_equal(cache.load_or_build(model, tmp_path), built)
    assert cache.load_table(model, tmp_path) is not None


def test_a_table_for_other_rules_is_not_used(tmp_path: Path) -> None:
    model = SolverSheet(sheet(YAHTZEE))
    path = cache.save_table(model, np.zeros(model.shape), tmp_path)
    other = SolverSheet(sheet(CHANCE))
    cache.table_path(other.rules, tmp_path).write_bytes(path.read_bytes())
    assert cache.load_table(other, tmp_path) is None


def test_every_rule_that_changes_the_values_changes_the_key() -> None:
    yahtzee = get_variant("yahtzee")
    keys = {
        cache.rules_key(yahtzee.configure({"joker": joker}))
        for joker in ("forced", "hasbro", "free")
    }
    keys.add(cache.rules_key(yahtzee.configure({"rigole": True})))
    assert len(keys) == 4
    assert cache.rules_key(yahtzee.configure()) == cache.rules_key(yahtzee.configure())
