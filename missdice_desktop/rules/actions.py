"""Every action a game of the engine takes, as one type: `Action`.

The shell's dice actions (`Roll`, `Hold`, `EnterDice`) and its `RenamePlayers` live in
`rules.engine`; a game's own action lives with the game (`Score` in `rules.game`,
`CorrectBox` in `rules.corrections`, `Bank` in `rules.pig`, `Stop` in `rules.four21`).
A game that adds an action adds it here too.
"""

from __future__ import annotations

from typing import TypeAlias

from missdice_desktop.rules.corrections import CorrectBox
from missdice_desktop.rules.engine import EnterDice, Hold, RenamePlayers, Roll
from missdice_desktop.rules.four21 import Stop
from missdice_desktop.rules.game import Score
from missdice_desktop.rules.pig import Bank

ShellAction: TypeAlias = Roll | Hold | EnterDice | RenamePlayers
"""The actions every game shares (a `RecordedRoll` is a `Roll`)."""
Action: TypeAlias = Roll | Hold | EnterDice | RenamePlayers | Score | CorrectBox | Bank | Stop
"""Any action of any game, as `DiceGame.apply` takes it."""

__all__ = [
    "Action",
    "Bank",
    "EnterDice",
    "Hold",
    "RenamePlayers",
    "Roll",
    "Score",
    "ShellAction",
    "Stop",
]
