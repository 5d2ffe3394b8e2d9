"""The New game dialog: the game first (Yahtzee family, Cochon…, the free roller), then its
sheet (variant or house grid) and options, the players, and where the dice come from.

What the players chose is a `NewGameChoice`; the dialog itself (`new_game_dialog`, with its
options and players sections in `new_game_options` and `new_game_players`) loads when it is
first opened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from missdice_desktop.computers import Level
from missdice_desktop.rules import GameRules, Ruleset
from missdice_desktop.session_meta import DICE_VIRTUAL
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # at run time, `__getattr__` below loads them when first asked for
    from missdice_desktop.ui.dialogs.new_game_dialog import NewGameDialog as NewGameDialog
    from missdice_desktop.ui.dialogs.new_game_dialog import ask_grid_file as ask_grid_file
    from missdice_desktop.ui.dialogs.new_game_dialog import computer_levels as computer_levels
    from missdice_desktop.ui.dialogs.new_game_dialog import grid_file_name as grid_file_name

translate = QCoreApplication.translate
HOUSE_GRID = "__house__"
YAHTZEE_FAMILY = "yahtzee"
FREE_ROLLER = "roller"
"""The free roller's id in the game list (it is no game of the engine: no players)."""
DIALOG_NAMES = ("NewGameDialog", "ask_grid_file", "computer_levels", "grid_file_name")
"""What `new_game_dialog` holds, reachable from here too."""


def default_player_name(number: int) -> str:
    """'Player 3' in the user's language."""
    return fill(translate("NewGameDialog", "Player %1"), str(number))


def __getattr__(name: str) -> Any:
    """The dialog and its helpers, loaded on first use (start-up shows no dialog)."""
    if name in DIALOG_NAMES:
        from missdice_desktop.ui.dialogs import new_game_dialog

        return getattr(new_game_dialog, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class NewGameChoice:
    """What the players chose for a new game (rules None for the free roller)."""

    rules: Ruleset | GameRules[Any] | None
    players: list[str]
    dice_source: str = DICE_VIRTUAL
    grid_file: str = ""
    options: dict[str, str | bool] = field(default_factory=dict)
    """The Yahtzee family's options."""
    camera: bool = False
    """Dice from the table, read by the camera."""
    game: str = YAHTZEE_FAMILY
    game_options: dict[str, int] = field(default_factory=dict)
    """The other games' whole-number options."""
    computers: dict[int, Level] = field(default_factory=dict)
    """The players the computer plays, by index, with their level."""
    typed_names: list[str] | None = None
    """The names as typed, blank where the default name is used (remembered as blank, so
    that it shows in the language of the next game); None: same as `players`."""
    default_numbers: list[int] | None = None
    """For each seat: N when it plays as the default "Player N" (shown in the language of
    the moment), else 0; None: no default names."""
