"""The published optimum of solitaire Yahtzee, 254.5877 with the forced joker, and the
computer player's games against it.

Solving the full sheet takes about 3 s of CPU. `scripts/run-tests` sets
MISSDICE_COACH_FULL=1, so the test command solves it afresh every time (never from a cache);
a plain `pytest` reads the table from the user's cache when `missdice advise --game yahtzee
--expected` has built it, and skips these tests otherwise.
"""

from __future__ import annotations

import os
import statistics

import pytest

from missdice_desktop.coach import cache
from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.player import ComputerPlayer
from missdice_desktop.coach.solver import FloatArray, SheetModel, expected_score
from missdice_desktop.rules import Game, get_variant

RULES = get_variant("yahtzee").configure({"joker": "forced"})


@pytest.fixture(scope="module")
def table() -> FloatArray:
    model = SheetModel(RULES)
    if os.environ.get("MISSDICE_COACH_FULL") == "1":
        return model.solve()
    found = cache.load_table(model)
    if found is None:
        pytest.skip("no cached Yahtzee table; MISSDICE_COACH_FULL=1 solves it")
    return found


@pytest.mark.slow
def test_a_new_yahtzee_game_is_worth_254_5877(table: FloatArray) -> None:
    assert f"{expected_score(table):.4f}" == "254.5877"


@pytest.mark.slow
def test_the_computer_player_averages_the_optimum(table: FloatArray) -> None:
    player = ComputerPlayer(Coach(SheetModel(RULES), table))
    totals = []
    for n in range(300):
        game = Game(RULES, ["Robot"], seed=n)
        while not game.finished:
            player.play_turn(game)
        totals.append(game.state.sheets[0].total)
    error = statistics.stdev(totals) / len(totals) ** 0.5
    assert abs(statistics.mean(totals) - 254.5877) < 4 * error
