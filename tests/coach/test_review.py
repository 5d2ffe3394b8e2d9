"""The end-of-game review judges each box chosen against the coach's best choice."""

from __future__ import annotations

import pytest

from missdice_desktop.coach.advice import ChoiceKind, Coach
from missdice_desktop.coach.review import review_game
from missdice_desktop.rules import Game, Roll
from tests.coach.test_solver import CHANCE, SIXES, sheet

RULES = sheet(SIXES, CHANCE)


def test_a_good_and_a_bad_choice() -> None:
    coach = Coach.for_rules(RULES, use_cache=False)
    game = Game(RULES, ["Ann", "Ben"])
    game.enter_dice("66666")
    game.score("sixes")  # best: 30 in Sixes
    game.enter_dice("66666")
    game.score("chance")  # 30 in Chance wastes the Sixes
    game.enter_dice("11111")
    game.score("chance")  # forced
    game.enter_dice("11111")
    game.score("sixes")  # forced
    reviews = review_game(game, coach)
    assert [(r.player, r.round, r.box) for r in reviews] == [
        (0, 1, "sixes"),
        (1, 1, "chance"),
        (0, 2, "chance"),
        (1, 2, "sixes"),
    ]
    assert reviews[0].lost == 0
    assert reviews[1].best.kind is ChoiceKind.SCORE and reviews[1].best.box == "sixes"
    # 30 in Sixes and Chance to come, against 30 in Chance and Sixes to come.
    assert reviews[1].lost == pytest.approx(30 + 70 / 3 - (30 + expected_sixes()), abs=1e-9)
    assert reviews[2].lost == reviews[3].lost == 0


def expected_sixes() -> float:
    """Sixes alone, over a whole turn."""
    only = sheet(SIXES)
    return Coach.for_rules(only, use_cache=False).expected_final(Game(only, ["x"]).current_sheet)


def test_a_turn_scored_early_could_have_thrown_again() -> None:
    coach = Coach.for_rules(RULES, use_cache=False)
    game = Game(RULES, ["Ann"])
    game.apply(Roll((1, 1, 2, 2, 3)))
    game.score("chance")
    review = review_game(game, coach)[0]
    assert review.best.kind is ChoiceKind.KEEP
    assert review.best.keep == ()
    assert review.lost > 5
