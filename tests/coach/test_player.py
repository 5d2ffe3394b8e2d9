"""The computer player: it plays whole games through the door, as well as the coach says."""

from __future__ import annotations

import statistics

import pytest

from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.player import ComputerPlayer
from missdice_desktop.computers import (
    COMPUTERS_KEY,
    Level,
    computer_levels,
    record_computers,
)
from missdice_desktop.rules import Game, Hold, Roll, Score
from tests.coach.test_solver import CHANCE, FULL, SIXES, sheet

RULES = sheet(SIXES, FULL, CHANCE)


@pytest.fixture(scope="module")
def coach() -> Coach:
    return Coach.for_rules(RULES, use_cache=False)


def play(coach: Coach, level: Level, games: int, seed: int) -> list[int]:
    player = ComputerPlayer(coach, level, seed=seed)
    totals = []
    for n in range(games):
        game = Game(RULES, ["Robot"], seed=seed * 100_000 + n)
        while not game.finished:
            player.play_turn(game)
        totals.append(game.state.sheets[0].total)
    return totals


def test_optimal_games_average_the_expected_score(coach: Coach) -> None:
    totals = play(coach, Level.OPTIMAL, 2000, seed=1)
    expected = coach.expected_final(Game(RULES, ["Robot"]).current_sheet)
    error = statistics.stdev(totals) / len(totals) ** 0.5
    assert abs(statistics.mean(totals) - expected) < 4 * error


def test_a_beginner_scores_less(coach: Coach) -> None:
    optimal = statistics.mean(play(coach, Level.OPTIMAL, 400, seed=2))
    beginner = statistics.mean(play(coach, Level.BEGINNER, 400, seed=2))
    assert beginner < optimal - 1


def test_its_actions_are_ordinary_ones_that_undo(coach: Coach) -> None:
    game = Game(RULES, ["Ann", "Robot"], seed=5)
    game.enter_dice("66612")
    game.score("sixes")
    ComputerPlayer(coach).play_turn(game)
    assert game.current_player == 0
    robot = game.actions[2:]
    assert isinstance(robot[0], Roll)
    assert isinstance(robot[-1], Score)
    assert all(isinstance(action, Roll | Hold) for action in robot[1:-1])
    while game.can_undo:
        game.undo()
    last = game.actions[-1]  # its last roll: a roll seen stays (issue 12)
    assert isinstance(last, Roll) and last.drawn and len(game.actions) > 2
    assert game.current_player == 1
    assert not game.state.sheets[1].scores


def test_after_an_undo_it_plans_again(coach: Coach) -> None:
    game = Game(RULES, ["Robot"], seed=9)
    player = ComputerPlayer(coach)
    player.step(game)  # roll
    first = game.dice
    player.step(game)  # a hold, or a score
    game.undo()  # that; the roll seen stays
    game.apply(Roll((6, 6, 6, 6, 6)))  # then the dice thrown again at the table
    player.step(game)
    assert first is not None
    assert isinstance(game.actions[-1], Score) and game.actions[-1].box == "sixes"


def test_computer_players_as_a_record_keeps_them() -> None:
    extra = {COMPUTERS_KEY: record_computers({2: Level.BEGINNER, 0: Level.OPTIMAL})}
    assert extra[COMPUTERS_KEY] == {"0": "optimal", "2": "beginner"}
    assert computer_levels(extra, 3) == {0: Level.OPTIMAL, 2: Level.BEGINNER}
    assert computer_levels(extra, 2) == {0: Level.OPTIMAL}  # no player 3 in this game
    assert computer_levels({COMPUTERS_KEY: {"1": "genius", "x": "optimal"}}, 3) == {}
    assert computer_levels({COMPUTERS_KEY: ["1"]}, 3) == {}
