"""Sharing a game: its link and QR code, and a code held to the camera offered as a game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QDialog

from missdice_desktop.records import RecordError
from missdice_desktop.rules import DiceGame
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.play.session import GameSession
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class Sharing(QObject):
    """Game › Share this game…, and QR codes seen by the camera."""

    def __init__(self, controller: GameController, session: GameSession) -> None:
        super().__init__(controller)
        self.controller = controller
        self.session = session
        self.window = controller.window
        self.dialog: QDialog | None = None
        self.window.share_action.triggered.connect(self.share)
        if self.window.has_hidden_parts:
            self._connect_camera()
        else:  # the camera's panel is made after the window's first paint, or when asked for
            self.window.hidden_parts_built.connect(self._connect_camera)

    def _connect_camera(self) -> None:
        self.window.camera_panel.code_seen.connect(self.offer_shared_game)

    def share(self) -> None:
        """The game's QR code and link."""
        from missdice_desktop.links import link_from_game
        from missdice_desktop.ui.dialogs.share import ShareDialog  # QR codes load when asked

        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        suggested = str(Path.home() / "missdice-game.png")
        prompts = self.session.prompts
        dialog = ShareDialog(
            link_from_game(self.session.game), lambda: prompts.qr_save_path(suggested), self.window
        )
        self.dialog = dialog
        dialog.open()

    def offer_shared_game(self, text: str) -> None:
        """A QR code in front of the camera: offer its game, keeping the one on screen."""
        from missdice_desktop.links import game_from_link, is_link

        panel = self.window.camera_panel
        if not is_link(text):
            panel.show_code_note(
                lambda: translate("Controller", "This QR code is not a Miss Dice game.")
            )
            return
        try:
            game = game_from_link(text)
            self.controller.files.check_playable(game)
        except RecordError as error:
            detail = str(error)
            panel.show_code_note(
                lambda: fill(translate("Controller", "This game cannot be opened: %1"), detail)
            )
            return
        panel.show_code_note(lambda: translate("Controller", "A Miss Dice game: see the question."))
        if not self.session.prompts.continue_shared(shared_summary(game)):
            return
        self.session.save()  # the game on screen is kept as it is now
        self.controller.replace_game(game)
        panel.show_code_note(None)


def shared_summary(game: DiceGame[Any]) -> str:
    """A shared game in one line: how many play, how far it is, which game, who."""
    players = (
        translate("Controller", "1 player")
        if len(game.players) == 1
        else fill(translate("Controller", "%1 players"), str(len(game.players)))
    )
    view = view_of(game)
    where = translate("Controller", "game over") if game.finished else view.where(game)
    return fill(
        translate("Controller", "%1, %2 — %3: %4"),
        players,
        where,
        view.name(game),
        ", ".join(game.players),
    )
