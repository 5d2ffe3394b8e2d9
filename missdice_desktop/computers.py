"""Which seats the computer plays, as a game record keeps them: data only (no coach, no Qt),
so that the games list and the high scores can tell a computer from a person."""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Mapping
from typing import Any

COMPUTERS_KEY = "computer_players"
"""Key of the game record mapping each computer player's index ("1") to its level."""


class Level(enum.Enum):
    """How well a computer player plays."""

    OPTIMAL = "optimal"
    """Always the coach's best choice."""
    BEGINNER = "beginner"
    """Often the best choice, sometimes a near one, now and then a clear mistake."""


def computer_levels(extra: Mapping[str, Any], players: int) -> dict[int, Level]:
    """The computer players kept in a game's extra keys, by player index.

    >>> computer_levels({COMPUTERS_KEY: {"1": "optimal", "5": "beginner"}}, 3)
    {1: <Level.OPTIMAL: 'optimal'>}
    """
    value = extra.get(COMPUTERS_KEY)
    if not isinstance(value, dict):
        return {}
    levels = {}
    for key, level in value.items():
        if isinstance(key, str) and key.isdigit() and len(key) < 3 and int(key) < players:
            with contextlib.suppress(ValueError):
                levels[int(key)] = Level(level)
    return levels


def record_computers(levels: Mapping[int, Level]) -> dict[str, str]:
    """Computer players as a game's extra key holds them."""
    return {str(index): level.value for index, level in sorted(levels.items())}
