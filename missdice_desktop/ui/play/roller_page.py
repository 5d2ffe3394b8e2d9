"""The free roller's page: it takes the place of the game's view, the game staying as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.new_game import FREE_ROLLER
from missdice_desktop.ui.settings import save_settings

if TYPE_CHECKING:
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class RollerPage(QObject):
    """Shows the free roller, remembers its dice, and takes the window's keys while shown."""

    def __init__(self, controller: GameController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.window = controller.window
        if self.window.has_hidden_parts:
            self._connect_roller()
        else:  # the roller's page is made after the window's first paint, or when shown
            self.window.hidden_parts_built.connect(self._connect_roller)

    def _connect_roller(self) -> None:
        self.window.roller.setup_changed.connect(self._remember)
        self.window.roller.back_requested.connect(self.show_game)

    @property
    def shown(self) -> bool:
        """True while the free roller replaces the game's view."""
        return self.window.roller_shown

    def show(self) -> None:
        """The free roller, with its last dice; the game in progress stays as it is."""
        roller = self.window.roller
        if not roller.set_setup(self.controller.settings.roller_dice):
            roller.set_setup("2d6")
        self.window.pages.setCurrentWidget(roller)
        self.controller.refresh_views(rolled=False)
        roller.roll_button.setFocus()

    def show_game(self) -> None:
        """Back from the free roller to the game."""
        if self.shown:
            self.window.pages.setCurrentIndex(0)
            self.controller.refresh_views(rolled=False)

    def _remember(self, notation: str) -> None:
        settings = self.controller.settings
        settings.roller_dice = notation
        save_settings(self.controller.paths.settings_file, settings)

    def refresh(self) -> None:
        """The window while the roller is shown: no game action but Roll."""
        window = self.window
        for action in (
            window.undo_action,
            window.redo_action,
            window.bank_action,
            window.stop_action,
            window.save_as_action,
            window.share_action,
            window.table_dice_action,
        ):
            action.setEnabled(False)
        window.roll_action.setEnabled(True)
        window.turn_label.setText(texts.game_name(FREE_ROLLER))
        window.game_label.setText("")
        window.status_label.setText(
            translate(
                "Controller",
                "Roll with Space; click a die to hold it; Game › New game… to play a game.",
            )
        )
