"""The play controller: the window's keys and buttons become engine actions, one door each.

Every user action becomes exactly one engine action, so undo, autosave and the game record
stay true; the views are redrawn from the engine's state once the session reports the
change. What differs between games is asked of the game's view row (`ui.games`), never of
the game's type. Files, seats, table dice and sharing are helpers of their own (`files`,
`seats`, `table_dice`, `sharing`), all working on one `GameSession`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from missdice_desktop.rules import (
    Change,
    DiceGame,
    EnterDice,
    Game,
    Hold,
    IllegalActionError,
    Refusal,
    RefusalCode,
    Roll,
)
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.games import GameView, view_of
from missdice_desktop.ui.games.sheet_model import SheetModel
from missdice_desktop.ui.main_window import MainWindow
from missdice_desktop.ui.play.files import Files
from missdice_desktop.ui.play.roller_page import RollerPage
from missdice_desktop.ui.play.seats import Seats
from missdice_desktop.ui.play.session import GameSession
from missdice_desktop.ui.play.sharing import Sharing
from missdice_desktop.ui.play.table_dice import TableDice
from missdice_desktop.ui.play.undo_redo import UndoRedo
from missdice_desktop.ui.play.window_settings import WindowSettings
from missdice_desktop.ui.settings import AppPaths, Settings
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the ranking loads when a game ends
    from missdice_desktop.rules import Action
    from missdice_desktop.ui.dialogs.end_of_game import EndOfGameDialog

translate = QCoreApplication.translate


class GameController(QObject):
    """Plays the game shown in a MainWindow."""

    game_replaced = Signal()
    """A different game is shown (new, opened or resumed)."""
    view_refreshed = Signal()
    """The window shows the engine's latest state."""

    def __init__(
        self,
        window: MainWindow,
        game: Game,
        settings: Settings,
        paths: AppPaths,
        prompts: Prompts,
        *,
        set_language: Callable[[str], None] = lambda _code: None,
        set_theme: Callable[[str], None] = lambda _code: None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.paths = paths
        self.prompts = prompts
        self.session = GameSession(game, settings, paths, prompts, self)
        self.session.changed.connect(self._on_change)
        self.model = SheetModel(game, self)
        window.sheet.setModel(self.model)
        self.end_dialog: EndOfGameDialog | None = None
        self._status_note = ""
        self._connected: set[int] = set()
        """The views whose boards are connected in this window (by id of the view)."""
        self.input_blocked: Callable[[], bool] = lambda: False
        """True while the dice and the sheet belong to someone else (a computer's turn)."""
        self.turn_hint: Callable[[], str] = lambda: ""
        """What the player to play does now when the window is not theirs to use (a
        computer playing or waiting); shown after any note in the status line."""
        self.files = Files(self, self.session)
        self.seats = Seats(self, self.session)
        self.table_dice = TableDice(self, self.session)
        self.sharing = Sharing(self, self.session)
        self.roller = RollerPage(self)
        self.history = UndoRedo(self)
        self.window_settings = WindowSettings(self, set_language, set_theme)
        self._connect()
        from missdice_desktop.ui.game_night.controller import GameNight

        self.game_night = GameNight(self)
        self.refresh_views(rolled=False)

    def _connect(self) -> None:
        window = self.window
        window.tray.roll_requested.connect(self.roll)
        window.roll_action.triggered.connect(self.roll)
        window.bank_action.triggered.connect(lambda: self.named_action("bank"))
        window.stop_action.triggered.connect(lambda: self.named_action("stop"))
        window.tray.hold_toggled.connect(self.toggle_hold)
        for action in window.digit_actions:
            action.triggered.connect(lambda _=False, a=action: self.digit_key(int(a.data())))
        window.tray.dice_entered.connect(self.enter_dice)
        window.quit_action.triggered.connect(window.close)
        window.hidden_parts_built.connect(self._on_hidden_parts_built)

    def _on_hidden_parts_built(self) -> None:
        self.window.camera_panel.set_expected_count(self.game.rules.dice_count)

    # The session ------------------------------------------------------------------------------

    @property
    def game(self) -> DiceGame[Any]:
        """The game shown."""
        return self.session.game

    @property
    def autosave(self) -> Any:
        """The autosave of the game shown (its file in the games folder)."""
        return self.session.autosave

    @property
    def settings_file(self) -> Path:
        """Where the settings are saved."""
        return self.paths.settings_file

    @property
    def table_mode(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.session.table_mode

    @property
    def view(self) -> GameView:
        """The window's row for the game shown."""
        return view_of(self.game)

    def start(self, record_path: str | None = None, *, camera: str | None = None) -> None:
        """Once the window is up: a given record, a resumed game, or a new one."""
        self.files.start(record_path, camera=camera)

    def replace_game(self, game: DiceGame[Any], path: Path | None = None) -> None:
        """Show and play `game` from now on, saved to `path` (a kept game) or a new file.

        The game shown before keeps its own file: nothing is overwritten.
        """
        self.session.replace(game, path)
        self.seats.relabel_default_names()
        self.roller.show_game()
        self.table_dice.take_game()
        if self.window.has_hidden_parts:
            self.window.camera_panel.forget_reading()
        self.close_end_of_game()
        self._status_note = ""
        self.session.save()
        self.refresh_views(rolled=False)
        self.game_replaced.emit()
        self.session.replaced.emit()
        if game.finished:
            self._show_end_of_game()

    def names_relabelled(self) -> None:
        """Default names now read in the language of the moment: redraw where they show."""
        if self.model.game is self.game:
            self.model.refresh_names()

    # The user's actions: each is one engine action ---------------------------------------------

    def act(self, action: Action, *, box_name: str = "", beep: bool = True) -> None:
        """Apply `action` through the engine's door; when it is refused, say why."""
        if self.refused(action, beep=beep, box_name=box_name):
            return
        self.act_on_game(lambda: self.game.apply(action))

    def roll(self) -> None:
        """Roll the dice that are not held (virtual dice only), or the free roller's."""
        if self.roller.shown:
            self.window.roller.roll()
            return
        if self.table_mode or self.refused(Roll(), beep=False):
            return
        self.act_on_game(self.game.roll)

    def toggle_hold(self, index: int) -> None:
        """Hold or release one die (in games that hold dice)."""
        if self.table_mode or not 0 <= index < len(self.game.held):
            return
        action = Hold(index, not self.game.held[index])
        refusal = self.game.why_not(action)
        if refusal is not None and refusal.code is RefusalCode.NOT_THIS_GAME:
            return
        self.act(action, beep=False)

    def named_action(self, name: str) -> None:
        """A game's own action reached by a key: « Je garde » (H), « Je m'arrête » (S)."""
        make = self.view.named_actions.get(name)
        if make is not None:
            self.act(make())

    def bank(self) -> None:
        """Cochon's « Je garde »: bank the turn total (H)."""
        self.named_action("bank")

    def stop_turn(self) -> None:
        """The 421's décharge: keep these dice and end the turn (S)."""
        self.named_action("stop")

    def digit_key(self, digit: int) -> None:
        """Keys 1–6: hold a die with virtual dice; with table dice, start typing the faces."""
        if self.roller.shown:
            return
        if self.table_mode:
            self.window.tray.type_digit(digit)
        elif digit <= len(self.game.held):
            self.toggle_hold(digit - 1)

    def enter_dice(self, faces: str) -> None:
        """Dice from the table, e.g. "26266"."""
        if self.refused(EnterDice()):
            return
        self.act_on_game(lambda: self.game.enter_dice(faces))

    def score_row(self, row: int) -> None:
        """Choose the box of `row` in the sheet (as a click or Enter does)."""
        self.window.sheet.box_chosen.emit(row)

    def refused(self, action: Action, *, beep: bool = True, box_name: str = "") -> bool:
        """Ask the engine; when it refuses, say why in the status line."""
        if self.input_blocked():
            self.refresh_status()  # someone else's dice: say whose, and how to go on
            if beep:
                QApplication.beep()
            return True
        refusal = self.game.why_not(action)
        if refusal is None:
            return False
        self.note(self.refusal_text(refusal, box_name), beep=beep)
        return True

    def refusal_text(self, refusal: Refusal, box_name: str = "") -> str:
        """Why the engine refuses an action, in the user's language."""
        return texts.refusal_text(
            refusal, self.model.box_names, box_name=box_name, table_dice=self.table_mode
        )

    def act_on_game(self, action: Callable[[], Change]) -> None:
        """Run one of the game's own calls (undo, redo, a roll drawn here), saying why when
        the engine refuses it."""
        self._status_note = ""
        try:
            action()
        except (IllegalActionError, ValueError) as error:
            self.note(str(error), beep=True)

    # After every engine change -----------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        self._status_note = ""  # what the status said was about the state before
        self.table_dice.on_change(change)
        self.session.save()
        self.view.on_change(self, change)
        self.refresh_views(rolled=isinstance(change.action, Roll) and not change.undone)
        if self.game.finished and not change.undone:
            self._show_end_of_game()
        elif not self.game.finished:
            self.close_end_of_game()

    def _board(self, view: GameView) -> QWidget:
        """The view's board, in the window's stack and connected to the game (once)."""
        board = view.board(self.window)
        if self.window.boards.indexOf(board) < 0:
            self.window.boards.addWidget(board)
        if id(view) not in self._connected:
            self._connected.add(id(view))
            view.connect(self.window, self)
        return board

    def refresh_views(self, *, rolled: bool) -> None:
        """Redraw the window from the engine's state."""
        game, window = self.game, self.window
        if self.roller.shown:
            self.roller.refresh()
            self.view_refreshed.emit()
            return
        view = self.view
        table_mode = self.table_mode  # read once: the session checks the record's keys
        legal = game.legal_actions()
        window.boards.setCurrentWidget(self._board(view))
        view.show(self, legal)
        window.tray.set_dice_count(game.rules.dice_count, game.rules.faces)
        window.tray.speak_of_throws(view.speaks_of_throws)
        if window.has_hidden_parts:
            window.camera_panel.set_expected_count(game.rules.dice_count)
        window.tray.show_turn(
            game.rules.shown_dice(game.state),
            game.held,
            view.tray_rolls_left(game),
            table_mode=table_mode,
            can_roll=not table_mode and Roll() in legal,
            rolled=rolled,
            throws=view.tray_throws(game) if table_mode else 0,
        )
        window.tray.setEnabled(bool(legal))
        window.table_dice_action.setEnabled(True)
        window.table_dice_action.setChecked(table_mode)
        window.roll_action.setEnabled(not table_mode)
        named = {name: make() in legal for name, make in view.named_actions.items()}
        window.bank_action.setEnabled(named.get("bank", False))
        window.stop_action.setEnabled(named.get("stop", False))
        window.undo_action.setEnabled(game.can_undo)
        window.redo_action.setEnabled(game.can_redo)
        window.show_history(
            self.history.undo_text() if game.can_undo else "",
            self.history.redo_text() if game.can_redo else "",
        )
        window.save_as_action.setEnabled(True)
        window.share_action.setEnabled(True)
        window.turn_label.setText(self._turn_text())
        window.status_label.setText(self._status_text())
        window.game_label.setText(view.game_text(game, table_mode=table_mode))
        if window.sheet.hasFocus():
            window.sheet.follow_current_player()
        window.sheet.seats_movable = self.seats.movable
        self.view_refreshed.emit()

    def _turn_text(self) -> str:
        game = self.game
        if game.finished and game.losers():
            return fill(translate("Controller", "Game over — %1 loses"), game.losers()[0])
        if game.finished:
            from missdice_desktop.ui.dialogs.end_of_game import winners_text

            return fill(translate("Controller", "Game over — %1"), winners_text(game.standings()))
        return self.view.turn_text(game)

    # The status line ---------------------------------------------------------------------------

    def note(self, text: str, *, beep: bool = False) -> None:
        """Say `text` in the status line until the next action."""
        self._status_note = text
        self.refresh_status()
        if beep:
            QApplication.beep()

    def forget_note(self) -> None:
        """The status line's note no longer applies (the language changed)."""
        self._status_note = ""

    def refresh_status(self) -> None:
        """Say again what the game is waiting for (after a note, or a computer's move)."""
        self.window.status_label.setText(self._status_text())

    def _status_text(self) -> str:
        hint = self.turn_hint()
        if self._status_note:
            return f"{self._status_note} {hint}" if hint else self._status_note
        if hint:
            return hint
        game = self.game
        if game.finished:
            from missdice_desktop.ui.dialogs.end_of_game import game_over_text

            return game_over_text(game)
        if game.dice is None:
            return self.view.dice_first_text(table_mode=self.table_mode)
        return self.view.status_text(self)

    # End of the game ---------------------------------------------------------------------------

    def _show_end_of_game(self) -> None:
        from missdice_desktop.ui.dialogs.end_of_game import EndOfGameDialog

        self.close_end_of_game()
        losers = self.game.losers()
        dialog = EndOfGameDialog(
            self.game.standings(), self.window, loser=losers[0] if losers else None
        )
        dialog.same_players_requested.connect(self.files.new_game_same_players)
        dialog.new_game_requested.connect(self.files.ask_new_game)
        self.end_dialog = dialog
        dialog.open()

    def close_end_of_game(self) -> None:
        """Close the ranking if it is shown (undo past the end, or a new game)."""
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog.deleteLater()
            self.end_dialog = None
