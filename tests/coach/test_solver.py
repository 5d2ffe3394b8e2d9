"""The solver against hand-checked values and an independent brute force on tiny sheets."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from missdice_desktop.coach.legal import open_boxes, open_boxes_each
from missdice_desktop.coach.solver import CoachError, SolverSheet, expected_score
from missdice_desktop.rules import Box, BoxKind, Scoresheet, Scoring, Section, get_variant
from missdice_desktop.rules.variants import JokerPolicy, UpperBonus, Variant
from tests.coach.brute_force import expected_gain

CHANCE = Box("chance", BoxKind.CHANCE, Section.LOWER, "Chance")
YAHTZEE = Box("yahtzee", BoxKind.OF_A_KIND, Section.LOWER, "Yahtzee", count=5, points=50)
SIXES = Box("sixes", BoxKind.FACE, Section.UPPER, "Sixes", face=6)
FIVES = Box("fives", BoxKind.FACE, Section.UPPER, "Fives", face=5)
FULL = Box("full_house", BoxKind.FULL_HOUSE, Section.LOWER, "Full house", points=25)
FOUR = Box("four", BoxKind.OF_A_KIND, Section.LOWER, "Four", count=4, scoring=Scoring.SUM)
# A five of a kind scoring the dice, and a Chance that can lose points.
YAMS = Box("yams", BoxKind.OF_A_KIND, Section.LOWER, "Yams", count=5, scoring=Scoring.SUM)
LOW = Box("low", BoxKind.CHANCE, Section.LOWER, "Low", points=-18)
# Yam's Écart: the positive difference Plus − Minus, neither box counting on its own.
PLUS = Box("plus", BoxKind.CHANCE, Section.LOWER, "Plus", counts=False)
MINUS = Box("minus", BoxKind.CHANCE, Section.LOWER, "Minus", counts=False)


def sheet(*boxes: Box, joker: JokerPolicy | None = None, **fields: object):
    variant = Variant("test", "Test", boxes, jokers=(joker,) if joker else (), **fields)
    return variant.configure()


def solved(rules) -> float:
    return expected_score(SolverSheet(rules).solve())


def test_only_chance_is_worth_70_thirds() -> None:
    # By hand, per die: throw 3 is worth 3.5; keep 4+ before it: 4.25; keep 5+ before: 14/3.
    assert solved(sheet(CHANCE)) == pytest.approx(5 * 14 / 3, abs=1e-9)


def test_only_yahtzee_is_50_times_the_chance_of_five_alike_in_three_throws() -> None:
    # The published chance of a Yahtzee in three throws, keeping the most common face.
    assert solved(sheet(YAHTZEE)) == pytest.approx(50 * 0.0460286, abs=1e-5)


@pytest.mark.parametrize(
    "rules",
    [
        sheet(SIXES),
        sheet(FULL),
        sheet(SIXES, CHANCE),
        sheet(FIVES, SIXES, upper_bonus=UpperBonus(40, 35)),
        sheet(FIVES, SIXES, upper_bonus=UpperBonus(30, 10, per_point_over=1)),
        sheet(FIVES, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.FORCED),
        sheet(
            FIVES, FOUR, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.HASBRO
        ),
        sheet(FULL, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.FREE),
        sheet(FIVES, YAMS, yahtzee_box="yams", yahtzee_bonus=100, joker=JokerPolicy.FORCED),
        sheet(LOW, FULL),
        sheet(PLUS, MINUS, ecart=("plus", "minus")),
    ],
    ids=lambda rules: "+".join(rules.box_ids) + (f"-{rules.joker.value}" if rules.joker else ""),
)
def test_small_sheets_match_the_brute_force(rules) -> None:
    assert solved(rules) == pytest.approx(expected_gain(rules), abs=1e-9)


def test_the_legal_boxes_are_the_scoresheets() -> None:
    rules = get_variant("yahtzee").configure({"joker": "hasbro"})
    model = SolverSheet(rules)
    chance = random.Random(7)
    for _ in range(40):
        mask = chance.getrandbits(model.box_count) & ((1 << model.box_count) - 2)
        scores = {box.id: 0 for i, box in enumerate(rules.boxes) if mask >> i & 1}
        points, allowed, _ = model.roll_options(mask, 0)
        for r in [*model.quints, *chance.sample(range(252), 10)]:
            states = Scoresheet(rules, scores).box_states(model.rolls[r])
            assert [s.allowed for s in states] == list(allowed[:, r])
            open_points = [s.score for s in states if s.allowed]
            assert open_points == list(points[allowed[:, r], r])


def test_upper_totals_are_those_a_sheet_can_reach() -> None:
    model = SolverSheet(get_variant("yahtzee").configure())
    ones = model.rules.box_ids.index("ones")
    assert list(model.upper_values(1 << ones)) == [0, 1, 2, 3, 4, 5]
    assert len(model.upper_values((1 << 6) - 1)) == 64  # every total up to 63 is reachable
    assert np.all(model.upper_values(0) == [0])


def test_the_ecart_by_hand() -> None:
    model = SolverSheet(sheet(PLUS, MINUS, ecart=("plus", "minus")))
    table = model.solve()
    plus, minus = 1, 2
    # Minus holds 5: Plus is worth the best Chance (70/3) less 5; Minus holds 30: nothing.
    assert table[minus, 0, model.ecart_flag_of(5)] == pytest.approx(70 / 3 - 5, abs=1e-12)
    assert table[minus, 0, model.ecart_flag_of(30)] == 0
    # Plus holds 30: Minus is worth 30 less the lowest Chance (35 − 70/3, by symmetry).
    assert table[plus, 0, model.ecart_flag_of(30)] == pytest.approx(30 - 35 / 3, abs=1e-12)
    assert model.flag_values(plus) == tuple(range(1, 27))
    assert model.flag_values(0) == model.flag_values(plus | minus) == (0,)


def test_yams_ecart_is_stored_in_float32_and_other_sheets_in_float64() -> None:
    model = SolverSheet(get_variant("yams-ecart").configure())
    assert model.shape == (1 << 14, 61, 27)
    assert model.dtype is np.float32
    assert model.position_count() == 9_434_880
    for variant in ("yahtzee", "yacht", "yams-chances"):
        assert SolverSheet(get_variant(variant).configure()).dtype is np.float64
    rigole = get_variant("yahtzee").configure({"rigole": True})
    assert SolverSheet(rigole).dtype is np.float64


def test_sheets_the_coach_cannot_play_say_why() -> None:
    with pytest.raises(CoachError, match="both an Écart and a Yahtzee box"):
        SolverSheet(sheet(PLUS, MINUS, YAHTZEE, ecart=("plus", "minus"), yahtzee_box="yahtzee"))
    # Two more boxes than Yam's Écart: four times its positions.
    extra = (CHANCE, YAMS)
    ecart = get_variant("yams-ecart")
    big = Variant("big", "Big", ecart.boxes + extra, ecart.upper_bonus, ecart=ecart.ecart)
    with pytest.raises(CoachError, match="too many positions"):
        SolverSheet(big.configure())


def test_a_keeps_value_is_the_mean_over_every_throw_of_the_other_dice() -> None:
    model = SolverSheet(get_variant("yacht").configure())
    sets = model.sets
    values = np.random.default_rng(7).random((sets.roll_count, 3))
    keeps = model.keep_values(values)
    for keep in [(), (6,), (2, 5), (1, 1, 4), (3, 3, 3, 6), (1, 2, 3, 4, 5)]:
        throws = list(itertools.product(range(1, 7), repeat=5 - len(keep)))
        expected = sum(values[sets.roll_index((*keep, *throw))] for throw in throws) / len(throws)
        np.testing.assert_allclose(keeps[sets.index[keep]], expected, rtol=0, atol=1e-12)


def test_open_boxes_for_several_rolls_match_one_at_a_time() -> None:
    rules = get_variant("yahtzee").configure({"joker": "forced"})
    filled = ["yahtzee", "fours", "three_of_a_kind", "chance"]
    rolls = [(face,) * 5 for face in range(1, 7)] + [(1, 2, 3, 4, 6)]
    assert open_boxes_each(rules, filled, rolls) == [
        open_boxes(rules, filled, dice) for dice in rolls
    ]


@pytest.mark.parametrize(
    "variant, options",
    [
        ("yahtzee", {"joker": "forced"}),
        ("yahtzee", {"joker": "hasbro"}),
        ("yahtzee", {"joker": "free", "rigole": True}),
        ("yacht", {}),
        ("yams-chances", {}),
        ("yams-ecart", {}),
    ],
)
def test_batched_final_throws_match_one_position_at_a_time(variant, options) -> None:
    # The table's build scores whole layers at once; the coach's hints one position.
    model = SolverSheet(get_variant(variant).configure(options))
    table = np.random.default_rng(3).random(model.shape, dtype=model.dtype) * 100
    chance = random.Random(5)
    for filled in (1, 4, 8, model.box_count - 1):
        masks = [m for m in range(1 << model.box_count) if m.bit_count() == filled]
        masks = chance.sample(masks, min(6, len(masks)))
        model._load_quint_boxes(masks)
        rows = model._layer_plan(masks)
        batched = np.empty((model.sets.roll_count, len(rows.masks)))
        spare = np.empty_like(batched)
        model._final_into(batched, spare, table.reshape(-1), rows.masks, rows.uppers, rows.flags)
        positions = zip(rows.masks, rows.uppers, rows.flags, strict=True)
        for column, (mask, upper, flag) in enumerate(positions):
            one = model.final_values(table, int(mask), np.array([upper]), int(flag))[0]
            np.testing.assert_array_equal(batched[:, column], one)
