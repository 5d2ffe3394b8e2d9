"""Undo and redo across turns, each saying what it took back or applied again, in words and
with whose action it was."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class UndoRedo(QObject):
    """Edit › Undo and Redo (Ctrl+Z, Ctrl+Shift+Z) for the game shown."""

    def __init__(self, controller: GameController) -> None:
        super().__init__(controller)
        self.controller = controller
        controller.window.undo_action.triggered.connect(self.undo)
        controller.window.redo_action.triggered.connect(self.redo)

    def undo(self) -> None:
        """Take back the last action, across turns, and say what was undone."""
        game = self.controller.game
        if not game.can_undo:
            return
        what = self.undo_text()
        self.controller.act_on_game(game.undo)
        self.controller.note(fill(translate("Controller", "Undone: %1"), what))

    def redo(self) -> None:
        """Apply again the last undone action, and say what was redone."""
        game = self.controller.game
        if not game.can_redo:
            return
        what = self.redo_text()
        self.controller.act_on_game(game.redo)
        self.controller.note(fill(translate("Controller", "Redone: %1"), what))

    def undo_text(self) -> str:
        """What undo would take back, e.g. "Anna's Fours (12)"."""
        game = self.controller.game
        if not game.actions:
            return ""
        actor = game.last_actor if game.last_actor is not None else game.current_player
        view = self.controller.view
        return view.action_text(game, game.actions[-1], game.players[actor], done=True)

    def redo_text(self) -> str:
        """What redo would apply again."""
        game = self.controller.game
        action = game.next_redo
        if action is None:
            return ""
        player = game.players[game.current_player]
        return self.controller.view.action_text(game, action, player, done=False)
