"""The rules engine: scoresheet variants as data, the scoresheet, the joker and the turn.

Pure Python: no Qt, no OpenCV.

>>> from missdice_desktop.rules import Game, get_variant
>>> game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])
>>> _ = game.enter_dice("26266")
>>> game.current_sheet.box_state("full_house", game.dice).score
25
"""

from missdice_desktop.rules.boxes import Box, BoxKind, Scoring, Section
from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice, InvalidDiceError, make_dice
from missdice_desktop.rules.game import (
    MAX_PLAYERS,
    MAX_ROLLS,
    Action,
    Change,
    EnterDice,
    Game,
    GameState,
    Hold,
    Roll,
    Score,
    ScoredTurn,
    Standing,
    TurnState,
    check_player_name,
)
from missdice_desktop.rules.gridfile import GridError, grid_from_mapping, load_grid_file
from missdice_desktop.rules.scoresheet import (
    BoxState,
    IllegalActionError,
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

__all__ = [
    "BUILT_IN_VARIANTS",
    "DEFAULT_VARIANT",
    "DICE_COUNT",
    "FACES",
    "MAX_PLAYERS",
    "MAX_ROLLS",
    "Action",
    "Box",
    "BoxKind",
    "BoxState",
    "Change",
    "Dice",
    "EnterDice",
    "Game",
    "GameState",
    "GridError",
    "Hold",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidDiceError",
    "JokerPolicy",
    "Reason",
    "ReasonCode",
    "Roll",
    "RulesError",
    "Ruleset",
    "Score",
    "ScoredTurn",
    "Scoresheet",
    "Scoring",
    "Section",
    "Standing",
    "TurnState",
    "UpperBonus",
    "Variant",
    "check_player_name",
    "get_variant",
    "grid_from_mapping",
    "load_grid_file",
    "make_dice",
]
