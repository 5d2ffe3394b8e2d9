"""The endgame played to win: exact against a brute force, a position where it differs from
the play for points, and simulated games where it wins more often."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from missdice_desktop.coach.advice import ChoiceKind, Coach
from missdice_desktop.coach.endgame import Endgame, endgame_for, win_by_total
from missdice_desktop.coach.player import ComputerPlayer
from missdice_desktop.coach.playouts import final_distribution, play_out
from missdice_desktop.rules import Game, Scoresheet
from missdice_desktop.rules.variants import JokerPolicy, UpperBonus
from tests.coach.endgame_brute_force import best_win_chance
from tests.coach.test_solver import (
    CHANCE,
    FIVES,
    FULL,
    LOW,
    MINUS,
    PLUS,
    SIXES,
    YAHTZEE,
    sheet,
)

# The documented position (docs/coach.md): Sixes, Full house, Chance and Yahtzee to fill, the
# only opponent finished with 75.
RULES = sheet(SIXES, FULL, CHANCE, YAHTZEE)
TARGET = 75
GAMES = 4000


def beats(target: int):  # type: ignore[no-untyped-def]
    return lambda total: 1.0 if total > target else 0.5 if total == target else 0.0


def win_rate(finals: np.ndarray, target: int) -> float:
    return float(np.mean(np.where(finals > target, 1.0, np.where(finals == target, 0.5, 0.0))))


@pytest.fixture(scope="module")
def coach() -> Coach:
    return Coach.for_rules(RULES, use_cache=False)


def yahtzee_filled():  # type: ignore[no-untyped-def]
    rules = sheet(
        FIVES, FULL, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.FORCED
    )
    return rules, Scoresheet(rules).score("yahtzee", (2, 2, 2, 2, 2))[0]


@pytest.mark.parametrize(
    ("case", "target"),
    [
        ("bonus", 38),
        ("bonus", 44),
        ("joker", 60),
        ("yahtzee filled", 80),
        ("loses points", 15),
        ("ecart", 4),
    ],
)
def test_the_endgame_matches_a_brute_force(case: str, target: int) -> None:
    if case == "yahtzee filled":
        rules, position = yahtzee_filled()
    else:
        rules = {
            "bonus": sheet(FIVES, SIXES, upper_bonus=UpperBonus(30, 10, per_point_over=1)),
            "joker": sheet(
                FULL, YAHTZEE, yahtzee_box="yahtzee", yahtzee_bonus=100, joker=JokerPolicy.FORCED
            ),
            "loses points": sheet(LOW, FULL),
            "ecart": sheet(PLUS, MINUS, ecart=("plus", "minus")),
        }[case]
        position = Scoresheet(rules)
    coach = Coach.for_rules(rules, use_cache=False)
    endgame = Endgame(coach, position, [{target: 1.0}])
    assert endgame.chance == pytest.approx(best_win_chance(position, beats(target)), abs=1e-12)


def test_against_opponents_with_boxes_left_ties_shared() -> None:
    rules = sheet(FIVES, SIXES, upper_bonus=UpperBonus(30, 10, per_point_over=1))
    coach = Coach.for_rules(rules, use_cache=False)
    opponents = [{30: 0.25, 36: 0.5, 50: 0.25}, {36: 0.5, 40: 0.5}]

    def wins(total: int) -> float:
        chance = 0.0
        for outcome in itertools.product(*(o.items() for o in opponents)):
            weight = float(np.prod([p for _, p in outcome]))
            best = max(t for t, _ in outcome)
            if total > best:
                chance += weight
            elif total == best:
                chance += weight / (1 + sum(t == best for t, _ in outcome))
        return chance

    assert list(win_by_total(opponents, 28, 52)) == pytest.approx([wins(t) for t in range(28, 53)])
    endgame = Endgame(coach, Scoresheet(rules), opponents)
    assert endgame.chance == pytest.approx(best_win_chance(Scoresheet(rules), wins), abs=1e-12)


def test_ties_share_the_win() -> None:
    two_at_50 = win_by_total([{50: 1.0}, {50: 1.0}], 49, 51)
    assert list(two_at_50) == pytest.approx([0, 1 / 3, 1])


def test_the_documented_position_keeps_3_3_3_where_points_score_the_full_house(
    coach: Coach,
) -> None:
    empty = Scoresheet(RULES)
    endgame = Endgame(coach, empty, [{TARGET: 1.0}])
    dice = (3, 3, 3, 5, 5)
    for_points = coach.choices(empty, dice, 2)[0]
    to_win = endgame.choices(empty, dice, 2)
    assert (for_points.kind, for_points.box) == (ChoiceKind.SCORE, "full_house")
    assert round(for_points.expected, 1) == 68.2
    assert (to_win[0].kind, to_win[0].keep) == (ChoiceKind.KEEP, (3, 3, 3))
    assert round(to_win[0].chance, 3) == 0.203
    full_house = next(c for c in to_win if c.same_as(for_points))
    assert round(full_house.chance, 3) == 0.157
    keep_333 = next(c for c in coach.choices(empty, dice, 2) if c.keep == (3, 3, 3))
    assert round(keep_333.expected, 1) == 60.6
    # The whole rest of the game: 17.7% to win against 10.6% playing for points.
    assert round(endgame.chance, 3) == 0.177
    exact_points = final_distribution(coach, empty)
    points_chance = sum(p * beats(TARGET)(t) for t, p in exact_points.items())
    assert round(points_chance, 3) == 0.106


def test_playing_to_win_wins_more_often_in_simulated_games(coach: Coach) -> None:
    empty = Scoresheet(RULES)
    endgame = Endgame(coach, empty, [{TARGET: 1.0}])
    to_win = win_rate(endgame.play_out(GAMES, np.random.default_rng(2024)), TARGET)
    for_points = win_rate(play_out(coach, empty, GAMES, np.random.default_rng(2025)), TARGET)
    error = np.sqrt(0.25 / GAMES)
    # Each as its exact chance says (17.7% and 10.6%), and the gap far beyond the noise.
    assert abs(to_win - endgame.chance) < 4 * error
    assert abs(for_points - 0.1057) < 4 * error
    assert to_win - for_points > 4 * np.sqrt(2) * error


def test_a_sheet_further_on_is_read_from_the_same_endgame(coach: Coach) -> None:
    empty = Scoresheet(RULES)
    endgame = Endgame(coach, empty, [{TARGET: 1.0}])
    later = empty.score("full_house", (3, 3, 3, 5, 5))[0]
    assert endgame.covers(later)
    assert endgame.chance_at(later) == pytest.approx(Endgame(coach, later, [{TARGET: 1.0}]).chance)


def test_when_the_endgame_applies(coach: Coach) -> None:
    empty = Scoresheet(RULES)
    one_left = empty.score("sixes", (6, 6, 6, 1, 2))[0]
    assert endgame_for(coach, [empty], 0) is None  # alone: nobody to beat
    assert endgame_for(coach, [empty, one_left], 0) is not None  # 4 boxes left each side
    five = sheet(FIVES, SIXES, FULL, CHANCE, YAHTZEE)
    five_coach = Coach.for_rules(five, use_cache=False)
    assert endgame_for(five_coach, [Scoresheet(five), Scoresheet(five)], 0) is None
    fewer = Scoresheet(five).score("fives", (5, 5, 1, 2, 3))[0]
    assert endgame_for(five_coach, [fewer, Scoresheet(five)], 0) is None  # they have 5 left
    assert endgame_for(five_coach, [Scoresheet(five), fewer], 1) is None  # 5 left here


def test_the_expert_computer_plays_the_endgame(coach: Coach) -> None:
    game = Game(RULES, ["Ann", "Robot"], seed=1)
    game.enter_dice("66612")
    game.score("sixes")  # Ann: 18, three boxes left
    game.enter_dice("33355")
    robot = ComputerPlayer(coach)
    expected = endgame_for(coach, game.state.sheets, 1)
    assert expected is not None
    best = expected.choices(game.current_sheet, (3, 3, 3, 5, 5), 2)[0]
    choice = robot.decide_in(game)
    assert (choice.kind, choice.keep, choice.box) == (best.kind, best.keep, best.box)
