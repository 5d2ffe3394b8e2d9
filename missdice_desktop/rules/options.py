"""The games' whole-number options: what the New game dialog offers and each game's rules
accept.

The table of games (`registry.GAMES`) lists them with each game's row; Cochon's and the
421's rules read their bounds and defaults here. So the table names those games' options
without loading their rules, which load with the first game of theirs made or read.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameOption:
    """A whole-number option of a game, as the New game dialog offers it."""

    name: str
    default: int
    choices: tuple[int, ...] = ()
    """The values allowed; empty for a range from `low` to `high`."""
    low: int = 0
    high: int = 0


PIG_TARGET = GameOption("target", 100, low=10, high=1000)
"""Cochon's target: the banked total that wins."""
FOUR21_POT = GameOption("pot", 21, (11, 21))
"""The 421's pot: the tokens shared out in *la charge*."""
FOUR21_WORTH = GameOption("421", 10, (8, 10, 11))
"""What a 421 is worth, in tokens."""
