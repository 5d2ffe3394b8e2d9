"""The game session: the game in the window, its file in the games folder, who listens.

The feature helpers (files, seats, table dice, sharing) and the play controller depend on
this one object instead of on each other: it holds the game, says when it changed or was
replaced, and keeps it saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from missdice_desktop.rules import Change, DiceGame
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.play.autosave import Autosave, AutosaveError
from missdice_desktop.ui.settings import DICE_TABLE, AppPaths, Settings
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
DICE_SOURCE_KEY = "dice_source"
"""Key of the game record that keeps where the dice come from (kept by the record format)."""
DEFAULT_NAMES_KEY = "default_names"
"""Key of the game record: the default names in use, each with its number
({"Player 2": 2}), shown in the language of the moment."""


class GameSession(QObject):
    """The game shown, saved after every change to its own file in the games folder."""

    changed = Signal(object)
    """A `Change` of the game (an action, an undo, a redo), after the engine applied it."""
    replaced = Signal()
    """Another game took the window (new, opened, resumed, shared)."""

    def __init__(
        self,
        game: DiceGame[Any],
        settings: Settings,
        paths: AppPaths,
        prompts: Prompts,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.paths = paths
        self.prompts = prompts
        self.autosave = Autosave(paths.games_dir, paths.autosave_file)
        self.autosave.signals.failed.connect(self._autosave_failed)
        self.game: DiceGame[Any] = game
        game.add_listener(self._on_change)

    @property
    def table_mode(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.game.extra.get(DICE_SOURCE_KEY) == DICE_TABLE

    def replace(self, game: DiceGame[Any], path: Path | None = None) -> None:
        """Play `game` from now on, saved to `path` (a kept game) or to a new file; the game
        shown before keeps its own file. Listeners hear `replaced` once the game is in."""
        self.game.remove_listener(self._on_change)
        self.autosave.follow(path)
        self.game = game
        game.add_listener(self._on_change)

    def save(self) -> None:
        """Keep the game as it is now (a failure is said once, play goes on)."""
        try:
            self.autosave.save(self.game)
        except AutosaveError as error:
            self._autosave_failed(str(error))

    def _on_change(self, change: Change) -> None:
        self.changed.emit(change)

    def _autosave_failed(self, reason: str) -> None:
        self.prompts.error(
            translate("Controller", "Autosave is not working"),
            fill(
                translate(
                    "Controller",
                    "The game cannot be saved automatically:\n%1\n\n"
                    "You can keep playing and use Game › Save as… to keep it.",
                ),
                reason,
            ),
        )
