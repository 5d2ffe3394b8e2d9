"""Chances to win a scoresheet game: the coach's own play sampled many games at once, against
exact values on small endgames."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from missdice_desktop.coach.advice import ChoiceKind, Coach
from missdice_desktop.coach.playouts import best_boxes, final_distribution, play_out
from missdice_desktop.coach.win_chances import (
    PLAYOUTS,
    WinChances,
    sheets_by_turn,
    standard_error,
    win_shares,
)
from missdice_desktop.rules import Game, Scoresheet
from missdice_desktop.rules.variants import JokerPolicy, UpperBonus
from tests.coach.endgame_brute_force import coach_last_box_totals
from tests.coach.test_solver import (
    CHANCE,
    FIVES,
    FOUR,
    FULL,
    LOW,
    MINUS,
    PLUS,
    SIXES,
    YAHTZEE,
    sheet,
)

RULES = sheet(SIXES, FULL, CHANCE)
SHEETS = [
    sheet(FIVES, SIXES, CHANCE, upper_bonus=UpperBonus(30, 10, per_point_over=1)),
    sheet(FIVES, FOUR, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.FORCED),
    sheet(LOW, FULL, CHANCE),
    sheet(PLUS, MINUS, CHANCE, ecart=("plus", "minus")),
]


@pytest.fixture(scope="module")
def coach() -> Coach:
    return Coach.for_rules(RULES, use_cache=False)


def exact_chances(totals: list[dict[int, float]]) -> list[float]:
    """Each player's chance to win from independent final totals, a tie shared."""
    chances = [0.0] * len(totals)
    for outcome in itertools.product(*(t.items() for t in totals)):
        weight = float(np.prod([p for _, p in outcome]))
        best = max(total for total, _ in outcome)
        winners = [i for i, (total, _) in enumerate(outcome) if total == best]
        for i in winners:
            chances[i] += weight / len(winners)
    return chances


def filled(rules, scores: dict[str, tuple[int, ...]]) -> Scoresheet:  # type: ignore[no-untyped-def]
    found = Scoresheet(rules)
    for box, dice in scores.items():
        found = found.score(box, dice)[0]
    return found


@pytest.mark.parametrize("rules", SHEETS, ids=lambda rules: "+".join(rules.box_ids))
def test_the_box_chosen_is_worth_the_best_final_value(rules) -> None:  # type: ignore[no-untyped-def]
    # The playouts' box (and the points it adds) against the solver's own final values.
    coach = Coach.for_rules(rules, use_cache=False)
    model = coach.model
    chance = random.Random(3)
    for _ in range(30):
        mask = chance.getrandbits(model.box_count) & ((1 << model.box_count) - 1)
        if mask == (1 << model.box_count) - 1:
            continue
        uppers = model.upper_values(mask)
        upper = int(chance.choice(list(uppers)))
        flag = chance.choice(model.flag_values(mask))
        rolls = np.arange(len(model.rolls))
        same = np.full_like(rolls, mask)
        box, gain, upper_after, flag_after = best_boxes(
            coach, same, np.full_like(rolls, upper), np.full_like(rolls, flag), rolls
        )
        value = gain + coach.table[mask | 1 << box, upper_after, flag_after]
        final = model.final_values(coach.table, mask, np.array([upper]), flag)[0]
        assert value == pytest.approx(final, abs=1e-9)


@pytest.mark.parametrize("rules", SHEETS, ids=lambda rules: "+".join(rules.box_ids))
def test_the_exact_distribution_averages_the_expected_score(rules) -> None:  # type: ignore[no-untyped-def]
    coach = Coach.for_rules(rules, use_cache=False)
    totals = final_distribution(coach, Scoresheet(rules))
    assert sum(totals.values()) == pytest.approx(1, abs=1e-12)
    mean = sum(total * p for total, p in totals.items())
    assert mean == pytest.approx(coach.expected_final(Scoresheet(rules)), abs=1e-9)


def test_playouts_average_the_expected_score(coach: Coach) -> None:
    finals = play_out(coach, Scoresheet(RULES), 4000, np.random.default_rng(11))
    error = finals.std() / np.sqrt(len(finals))
    assert abs(finals.mean() - coach.expected_final(Scoresheet(RULES))) < 4 * error


@pytest.mark.parametrize(
    "scores",
    [
        {"sixes": (6, 6, 6, 1, 2), "chance": (5, 5, 4, 3, 2)},  # Full house left
        {"full_house": (2, 2, 3, 3, 3), "chance": (6, 6, 5, 4, 1)},  # Sixes left
        {"sixes": (6, 6, 1, 2, 3), "full_house": (1, 1, 1, 2, 2)},  # Chance left
    ],
)
def test_one_box_left_the_exact_distribution_is_the_coachs_play(coach: Coach, scores) -> None:  # type: ignore[no-untyped-def]
    # Every throw enumerated through Coach.choices (one box left: no ties change the totals).
    position = filled(RULES, scores)
    exact = coach_last_box_totals(coach, position)
    found = final_distribution(coach, position)
    assert set(found) == set(exact)
    for total, p in exact.items():
        assert found[total] == pytest.approx(p, abs=1e-12)


def test_chances_to_win_against_exact_values_with_one_box_left_each(coach: Coach) -> None:
    anna = filled(RULES, {"sixes": (6, 6, 6, 1, 2), "chance": (5, 5, 4, 3, 2)})  # 37, Full left
    ben = filled(RULES, {"sixes": (6, 6, 6, 6, 2), "full_house": (1, 1, 1, 2, 2)})  # 49, Chance
    cleo = filled(RULES, {"full_house": (2, 2, 3, 3, 3), "chance": (6, 6, 5, 4, 1)})  # 47, Sixes
    for sheets in ([anna, ben], [anna, ben, cleo], [ben, cleo]):
        exact = exact_chances([coach_last_box_totals(coach, s) for s in sheets])
        estimate = WinChances(coach, seed=5).chances(sheets)
        for p, q in zip(exact, estimate, strict=True):
            assert abs(q - p) < 3 * standard_error(p) + 1e-12, (exact, estimate)
        assert sum(estimate) == pytest.approx(1)


def test_a_finished_sheet_has_its_total(coach: Coach) -> None:
    done = filled(
        RULES, {"sixes": (6, 6, 6, 1, 2), "chance": (5, 5, 4, 3, 2), "full_house": (1, 1, 1, 2, 2)}
    )
    ben = filled(RULES, {"sixes": (6, 6, 6, 6, 2), "full_house": (1, 1, 1, 2, 2)})
    exact = exact_chances([{done.total: 1.0}, coach_last_box_totals(coach, ben)])
    estimate = WinChances(coach, seed=2).chances([done, ben])
    assert abs(estimate[0] - exact[0]) < 3 * standard_error(exact[0])


def test_ties_share_the_win() -> None:
    shares = win_shares([np.array([10, 20, 30]), np.array([10, 25, 30]), np.array([5, 5, 30])])
    assert shares == pytest.approx([(1 / 2 + 0 + 1 / 3) / 3, (1 / 2 + 1 + 1 / 3) / 3, 1 / 9])


def test_the_standard_error_of_2000_playouts_is_1_1_points_at_50_percent() -> None:
    assert PLAYOUTS == 2000
    assert round(100 * standard_error(0.5), 1) == 1.1


def test_turn_by_turn_chances_are_the_same_every_time(coach: Coach) -> None:
    game = Game(RULES, ["Anna", "Ben"], seed=4)
    for box, dice in (
        ("sixes", "66612"),
        ("chance", "65544"),
        ("full_house", "22333"),
        ("sixes", "61234"),
    ):
        game.enter_dice(dice)
        game.score(box)
    moments = sheets_by_turn(RULES, 2, game.state.scored_turns)
    assert [tuple(s.total for s in m) for m in moments] == [
        (0, 0),
        (18, 0),
        (18, 24),
        (43, 24),
        (43, 30),
    ]
    steps: list[tuple[int, int]] = []
    first = WinChances(coach, playouts=500).by_turn(moments, lambda d, t: steps.append((d, t)))
    again = WinChances(coach, playouts=500).by_turn(moments)
    assert steps[-1] == (6, 6)  # each unfinished sheet played once: 3 sheets each
    for a, b in zip(first, again, strict=True):
        assert list(a) == list(b) and sum(a) == pytest.approx(1)
    assert first[3][0] > 0.5  # Anna, well ahead on the same sheet


def test_the_choices_of_a_position_are_what_the_playouts_play(coach: Coach) -> None:
    # A keep the coach advises is the one the playouts hold.
    from missdice_desktop.coach.playouts import HELD, TurnPolicy, roll_index

    position = Scoresheet(RULES)
    at = coach.position(position)
    policy = TurnPolicy(coach, np.array([at.mask]), np.array([at.upper]), np.array([at.flag]))
    for dice in ((1, 2, 5, 6, 6), (1, 2, 3, 3, 4), (2, 2, 5, 5, 5)):  # sorted, as thrown
        best = coach.choices(position, dice, 2)[0]
        subset = policy.subsets(roll_index(np.array([dice], dtype=np.int8)), np.array([0]), 2)[0]
        held = tuple(v for v, h in zip(dice, HELD[subset], strict=True) if h)
        if best.kind is ChoiceKind.KEEP:
            assert held == best.keep
        else:
            assert len(held) == 5
