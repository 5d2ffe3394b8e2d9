"""The published optimum of solitaire Yahtzee, 254.5877 with the forced joker, and the
computer player's games against it.

Solving the full sheet takes about 3 s of CPU. `scripts/run-tests` sets
MISSDICE_COACH_FULL=1, so the test command solves it afresh every time (never from a cache);
a plain `pytest` reads the table from the user's cache when `missdice advise --game yahtzee
--expected` has built it, and skips these tests otherwise.

Yam's Écart (9.4 M positions, a minute or more of CPU) is solved only with
MISSDICE_COACH_ECART=1, or read from the cache that `missdice advise --game yams-ecart
--expected` fills.
"""

from __future__ import annotations

import os
import statistics

import pytest

from missdice_desktop.coach import cache
from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.endgame import Endgame
from missdice_desktop.coach.player import ComputerPlayer
from missdice_desktop.coach.solver import SolverSheet, Table, expected_score
from missdice_desktop.rules import Game, Scoresheet, get_variant
from missdice_desktop.rules.variants import Ruleset

RULES = get_variant("yahtzee").configure({"joker": "forced"})
ECART = get_variant("yams-ecart").configure()
ECART_EXPECTED = 332.8972


def solved_or_cached(rules: Ruleset, variable: str, name: str) -> Table:
    """The sheet's table: solved afresh when `variable` is 1, else from the cache (or skip)."""
    model = SolverSheet(rules)
    if os.environ.get(variable) == "1":
        return model.solve()
    found = cache.load_table(model)
    if found is None:
        pytest.skip(f"no cached {name} table; {variable}=1 solves it")
    return found


@pytest.fixture(scope="module")
def table() -> Table:
    return solved_or_cached(RULES, "MISSDICE_COACH_FULL", "Yahtzee")


@pytest.mark.slow
def test_a_new_yahtzee_game_is_worth_254_5877(table: Table) -> None:
    assert f"{expected_score(table):.4f}" == "254.5877"


@pytest.mark.slow
def test_the_computer_player_averages_the_optimum(table: Table) -> None:
    player = ComputerPlayer(Coach(SolverSheet(RULES), table))
    totals = []
    for n in range(300):
        game = Game(RULES, ["Robot"], seed=n)
        while not game.finished:
            player.play_turn(game)
        totals.append(game.state.sheets[0].total)
    error = statistics.stdev(totals) / len(totals) ** 0.5
    assert abs(statistics.mean(totals) - 254.5877) < 4 * error


@pytest.fixture(scope="module")
def ecart_table() -> Table:
    return solved_or_cached(ECART, "MISSDICE_COACH_ECART", "Yam's Écart")


@pytest.mark.slow
def test_a_new_yams_ecart_game_is_worth_332_8972(ecart_table: Table) -> None:
    # Stored in float32: a new game's value within float32's rounding of the float64 build's
    # 332.897192.
    assert expected_score(ecart_table) == pytest.approx(332.897192, abs=3e-5)


@pytest.mark.slow
def test_the_computer_player_averages_the_yams_ecart_optimum(ecart_table: Table) -> None:
    player = ComputerPlayer(Coach(SolverSheet(ECART), ecart_table))
    totals = []
    for n in range(200):
        game = Game(ECART, ["Robot"], seed=n)
        while not game.finished:
            player.play_turn(game)
        totals.append(game.state.sheets[0].total)
    error = statistics.stdev(totals) / len(totals) ** 0.5
    assert abs(statistics.mean(totals) - ECART_EXPECTED) < 4 * error


@pytest.mark.slow
def test_a_yahtzee_endgame_played_to_win(table: Table) -> None:
    # docs/coach.md: Full house, Large straight and Chance left at 168, the opponent at 223.
    coach = Coach(SolverSheet(RULES), table)
    sheet = Scoresheet(RULES)
    for box, dice in (
        ("ones", (1, 1, 1, 2, 3)),
        ("twos", (2, 2, 2, 5, 6)),
        ("threes", (3, 3, 3, 3, 1)),
        ("fours", (4, 4, 4, 1, 1)),
        ("fives", (5, 5, 5, 1, 1)),
        ("sixes", (6, 6, 6, 1, 1)),
        ("small_straight", (1, 2, 3, 4, 6)),
        ("three_of_a_kind", (5, 5, 5, 2, 2)),
        ("four_of_a_kind", (4, 4, 4, 4, 2)),
        ("yahtzee", (1, 2, 3, 4, 6)),
    ):
        sheet = sheet.score(box, dice)[0]
    assert sheet.total == 168
    endgame = Endgame(coach, sheet, [{223: 1.0}])
    dice = (6, 6, 6, 5, 5)
    for_points = coach.choices(sheet, dice, 2)[0]
    to_win = endgame.choices(sheet, dice, 2)
    assert (for_points.box, round(for_points.expected, 1)) == ("full_house", 231.7)
    assert (to_win[0].keep, round(to_win[0].chance, 3)) == ((5,), 0.539)
    assert round(next(c for c in to_win if c.same_as(for_points)).chance, 3) == 0.460
    assert round(endgame.chance, 3) == 0.601
