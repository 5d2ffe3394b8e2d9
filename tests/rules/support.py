"""Small helpers shared by the rules tests."""

from collections.abc import Sequence

from missdice_desktop.rules import Game, get_variant

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = (
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "chance",
)
"""Yahtzee's boxes without the yahtzee box itself."""


def new_game(
    variant: str = "yahtzee", players: Sequence[str] = ("Anna",), **options: object
) -> Game:
    """A fresh game of a built-in variant."""
    return Game(get_variant(variant).configure(options), players, seed=7)


def play(game: Game, *turns: tuple[str, str]) -> None:
    """Enter each turn's dice (e.g. "26266") and score them in its box."""
    for dice, box in turns:
        game.enter_dice(dice)
        game.score(box)
