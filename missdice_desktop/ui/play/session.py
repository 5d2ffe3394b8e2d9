"""The game session: the game in the window, its file in the games folder, who listens.

The feature helpers (files, seats, table dice, sharing) and the play controller depend on
this one object instead of on each other: it holds the game, says when it changed or was
replaced, and keeps it saved.
"""

from __future__ import annotations

from dataclasses import replace as replaced
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from missdice_desktop.records import session_meta
from missdice_desktop.rules import Change, DiceGame
from missdice_desktop.session_meta import DICE_VIRTUAL, SessionMeta, write_meta
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.play.autosave import Autosave, AutosaveError
from missdice_desktop.ui.settings import AppPaths, Settings
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


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
        _say_dice_source(game)
        game.add_listener(self._on_change)

    @property
    def table_mode(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.meta.table_dice

    @property
    def meta(self) -> SessionMeta:
        """What the window keeps with the game: dice source, default names, draft, computer
        players, coach, note."""
        return session_meta(self.game)

    def update_meta(self, meta: SessionMeta, *, save: bool = True) -> None:
        """The one way the window changes what it keeps with the game: the record keys that
        `meta` changes are written, then the game is saved (unless `save` is False, when a
        save follows anyway)."""
        write_meta(self.game.extra, meta, self.meta)
        if save:
            self.save()

    def replace(self, game: DiceGame[Any], path: Path | None = None) -> None:
        """Play `game` from now on, saved to `path` (a kept game) or to a new file; the game
        shown before keeps its own file. Listeners hear `replaced` once the game is in."""
        self.game.remove_listener(self._on_change)
        self.autosave.follow(path)
        self.game = game
        _say_dice_source(game)
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


def _say_dice_source(game: DiceGame[Any]) -> None:
    """A game in the window says where its dice come from (virtual when its record does not)."""
    meta = session_meta(game)
    if meta.dice_source is None:
        write_meta(game.extra, replaced(meta, dice_source=DICE_VIRTUAL), meta)
