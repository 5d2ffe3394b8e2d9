"""The rules engine: the game-independent shell, the table of games, and each game's rules.

Pure Python: no Qt, no OpenCV. See docs/engine.md for the layout.

>>> from missdice_desktop.rules import Game, Roll, get_variant
>>> game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])
>>> _ = game.enter_dice("26266")
>>> game.current_sheet.box_state("full_house", game.dice).score
25
>>> Roll() in game.legal_actions()  # dice from the table are scored, not rolled again
False
"""

from importlib import import_module
from typing import TYPE_CHECKING

from missdice_desktop.rules.boxes import Box, BoxKind, Scoring, Section
from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice, InvalidDiceError, make_dice
from missdice_desktop.rules.engine import (
    MAX_PLAYERS,
    Change,
    DiceGame,
    EnterDice,
    GameRules,
    Hold,
    IllegalActionError,
    Refusal,
    RefusalCode,
    RenamePlayers,
    Roll,
    Standing,
    check_player_name,
)
from missdice_desktop.rules.game import (
    MAX_ROLLS,
    Game,
    GameState,
    Score,
    ScoredTurn,
    TurnState,
    YahtzeeRules,
)
from missdice_desktop.rules.gridfile import GridError, grid_from_mapping, load_grid_file
from missdice_desktop.rules.registry import (
    GAMES,
    HOUSE_GAME,
    GameKind,
    GameOption,
    find_game,
    new_game,
)
from missdice_desktop.rules.scoresheet import (
    BoxState,
    IllegalMoveError,
    Reason,
    ReasonCode,
    Scoresheet,
)
from missdice_desktop.rules.variants import (
    BUILT_IN_VARIANTS,
    DEFAULT_VARIANT,
    JokerPolicy,
    RulesError,
    Ruleset,
    UpperBonus,
    Variant,
    get_variant,
)

if TYPE_CHECKING:
    from missdice_desktop.rules.actions import Action
    from missdice_desktop.rules.four21 import Four21Rules, Four21State, Stop
    from missdice_desktop.rules.pig import Bank, PigRules, PigState, PigTurn

_LOADED_WHEN_ASKED = {
    "Action": "actions",
    "Bank": "pig",
    "PigRules": "pig",
    "PigState": "pig",
    "PigTurn": "pig",
    "Four21Rules": "four21",
    "Four21State": "four21",
    "Stop": "four21",
}
"""Cochon's and the 421's rules, and `Action` that names their actions, by module: they load
when first asked for (a window on a scoresheet never needs them)."""


def __getattr__(name: str) -> object:
    """A name of `_LOADED_WHEN_ASKED`, its module loaded now."""
    module = _LOADED_WHEN_ASKED.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "BUILT_IN_VARIANTS",
    "DEFAULT_VARIANT",
    "DICE_COUNT",
    "FACES",
    "GAMES",
    "HOUSE_GAME",
    "MAX_PLAYERS",
    "MAX_ROLLS",
    "Action",
    "Bank",
    "Box",
    "BoxKind",
    "BoxState",
    "Change",
    "Dice",
    "DiceGame",
    "EnterDice",
    "Four21Rules",
    "Four21State",
    "Game",
    "GameKind",
    "GameOption",
    "GameRules",
    "GameState",
    "GridError",
    "Hold",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidDiceError",
    "JokerPolicy",
    "PigRules",
    "PigState",
    "PigTurn",
    "Reason",
    "ReasonCode",
    "Refusal",
    "RefusalCode",
    "RenamePlayers",
    "Roll",
    "RulesError",
    "Ruleset",
    "Score",
    "ScoredTurn",
    "Scoresheet",
    "Scoring",
    "Section",
    "Standing",
    "Stop",
    "TurnState",
    "UpperBonus",
    "Variant",
    "YahtzeeRules",
    "check_player_name",
    "find_game",
    "get_variant",
    "grid_from_mapping",
    "load_grid_file",
    "make_dice",
    "new_game",
]
