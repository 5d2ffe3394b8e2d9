"""Dice from the table: typed in, clicked face by face, or read by the camera.

Where the dice come from is kept with the game; faces set for part of the table dice are
saved so that nothing clicked is lost; the camera's readings enter the turn through the
engine's door like dice typed in.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from missdice_desktop.rules import Change, EnterDice, Roll
from missdice_desktop.session_meta import DICE_TABLE, DICE_VIRTUAL
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.play.session import GameSession
from missdice_desktop.ui.settings import save_settings

if TYPE_CHECKING:
    from missdice_desktop.ui.play.controller import GameController


class TableDice(QObject):
    """Switches the dice source, keeps the table draft and takes the camera's dice."""

    def __init__(self, controller: GameController, session: GameSession) -> None:
        super().__init__(controller)
        self.controller = controller
        self.session = session
        self.window = controller.window
        window = self.window
        window.tray.draft_changed.connect(self._keep_draft)
        window.table_dice_action.triggered.connect(self.set_table_dice)
        window.camera_action.triggered.connect(self.set_camera)
        if window.has_hidden_parts:
            self._connect_camera()
        else:  # the camera's panel is made after the window's first paint, or when asked for
            window.hidden_parts_built.connect(self._connect_camera)

    def _connect_camera(self) -> None:
        window, panel = self.window, self.window.camera_panel
        window.camera_dock.closed.connect(lambda: self.set_camera(False))
        panel.dice_chosen.connect(self.use_camera_dice)
        panel.ready_changed.connect(window.use_camera_dice_action.setEnabled)
        window.use_camera_dice_action.triggered.connect(panel.use_dice)
        panel.source_chosen.connect(self._remember_camera)
        panel.set_learned_file(self.session.paths.data_dir / "learned-dice.npz")
        panel.automatic.toggled.connect(self._remember_camera_automatic)

    def set_table_dice(self, table: bool) -> None:
        """Switch between virtual dice and dice from the table, from this turn on."""
        settings = self.session.settings
        source = DICE_TABLE if table else DICE_VIRTUAL
        if not table and self.window.camera_action.isChecked():
            self.set_camera(False)
        self.session.update_meta(replace(self.session.meta, dice_source=source))
        settings.dice_source = source
        save_settings(self.session.paths.settings_file, settings)
        self.controller.refresh_views(rolled=False)

    def _keep_draft(self, faces: list[int | None]) -> None:
        """Faces set for some of the table dice are saved, so that nothing clicked is lost."""
        game = self.session.game
        if game.dice is None and not game.finished:
            self.session.update_meta(replace(self.session.meta, table_draft=tuple(faces)))

    def take_game(self) -> None:
        """A game has just taken the window: with the camera on its dice come from the table,
        and the faces kept for its table dice show again."""
        if self.window.camera_action.isChecked() and not self.session.table_mode:
            meta = self.session.meta
            self.session.update_meta(replace(meta, dice_source=DICE_TABLE), save=False)
        self.window.tray.clear_draft()
        self.restore_draft()

    def restore_draft(self) -> None:
        """Show the faces kept for the table dice of a game just opened (if they fit it)."""
        game = self.session.game
        faces = self.session.meta.table_draft
        if (
            game.dice is None
            and faces is not None
            and len(faces) == len(game.held)
            and all(_is_face(face, game.rules.face_range) for face in faces)
        ):
            self.window.tray.set_draft(list(faces))
        elif faces is not None:
            self.session.update_meta(replace(self.session.meta, table_draft=None), save=False)

    def on_change(self, change: Change) -> None:
        """After a change, before it is saved: a draft is done with once the turn has dice
        or has passed; a new turn starts with a clean tray and camera reading."""
        game = self.session.game
        meta = self.session.meta
        if meta.table_draft is not None and (game.dice is not None or change.turn_ended):
            self.session.update_meta(replace(meta, table_draft=None), save=False)
        if change.turn_ended:
            self.window.tray.clear_draft()
            if self.window.has_hidden_parts:
                self.window.camera_panel.forget_reading()

    # The camera ---------------------------------------------------------------------------------

    def set_camera(self, on: bool, source: str | None = None) -> None:
        """Start (or stop) reading the table with the camera; it implies dice from the table."""
        settings = self.session.settings
        panel = self.window.camera_panel
        spec = source if source is not None else settings.camera
        if spec != panel.source_spec:
            panel.set_source(spec)
        settings.camera = spec
        settings.camera_on = on
        save_settings(self.session.paths.settings_file, settings)
        self.window.camera_action.setChecked(on)
        if on:
            if not self.session.table_mode:
                self.set_table_dice(True)
            panel.automatic.setChecked(settings.camera_automatic)
            self.window.camera_dock.show()
            panel.start()
        else:
            panel.stop()
            self.window.camera_dock.hide()

    def resume_camera(self) -> None:
        """The camera was on last time: on again, if the game takes dice from the table."""
        if self.session.table_mode:
            self.set_camera(True, self.session.settings.camera)

    def use_camera_dice(self, values: tuple[int, ...]) -> None:
        """Dice read by the camera go into the turn.

        In automatic mode each new reading is the turn's next throw (the game's roll limit
        holds, and undo takes back one throw) where the game says readings are throws;
        otherwise the dice are entered like dice typed in the tray. In a game whose dice stay
        on the table all turn, a reading equal to the dice already there changes nothing.
        """
        game = self.session.game
        if not self.session.table_mode or not game.is_legal(EnterDice()):
            return
        view = view_of(game)
        same = game.dice is not None and sorted(game.dice) == sorted(values)
        if view.same_reading_same_throw and same:
            return
        automatic = self.window.camera_panel.automatic.isChecked()
        if not automatic or not view.readings_are_throws:
            self.controller.enter_dice("".join(str(value) for value in values))
            return
        self.controller.act(Roll(tuple(values)))

    def _remember_camera(self, source: str) -> None:
        self.session.settings.camera = source
        save_settings(self.session.paths.settings_file, self.session.settings)

    def _remember_camera_automatic(self, automatic: bool) -> None:
        self.session.settings.camera_automatic = automatic
        save_settings(self.session.paths.settings_file, self.session.settings)


def _is_face(value: object, faces: range) -> bool:
    """Whether a kept draft value is a face of the game's dice (or None: not set yet)."""
    return value is None or (type(value) is int and value in faces)
