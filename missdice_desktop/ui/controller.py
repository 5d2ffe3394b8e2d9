"""The controller: connects the window's signals to the game in one place.

Every user action becomes exactly one engine action (`Game.roll/hold/enter_dice/score`,
`undo`, `redo`), so undo, autosave and the game record stay true. The views are then
redrawn from the engine's state, after the engine's listener reports the change.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QDialog

from missdice_desktop.computers import (
    COMPUTERS_KEY,
    computer_levels,
    record_computers,
)
from missdice_desktop.library import TABLE_DRAFT_KEY, has_content
from missdice_desktop.links import game_from_link, is_link, link_from_game, load_game
from missdice_desktop.records import RecordError, load_record, save_record
from missdice_desktop.rules import (
    Action,
    Bank,
    BoxState,
    Change,
    DiceGame,
    EnterDice,
    Game,
    Hold,
    IllegalActionError,
    PigRules,
    ReasonCode,
    Refusal,
    RefusalCode,
    RenamePlayers,
    Roll,
    Score,
    Section,
    new_game,
)
from missdice_desktop.rules.four21 import Four21Rules, Stop
from missdice_desktop.ui import texts
from missdice_desktop.ui.autosave import Autosave, AutosaveError
from missdice_desktop.ui.end_of_game_dialog import EndOfGameDialog, winners_text
from missdice_desktop.ui.games_window import GamesWindow
from missdice_desktop.ui.main_window import MainWindow
from missdice_desktop.ui.new_game_dialog import FREE_ROLLER, NewGameChoice, default_player_name
from missdice_desktop.ui.prompts import Prompts
from missdice_desktop.ui.rules_window import RulesWindow
from missdice_desktop.ui.settings import (
    DICE_TABLE,
    DICE_VIRTUAL,
    AppPaths,
    Settings,
    SettingsProblems,
    save_settings,
)
from missdice_desktop.ui.sheet_model import SheetModel
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
DICE_SOURCE_KEY = "dice_source"
"""Key of the game record that keeps where the dice come from (kept by the record format)."""
DEFAULT_NAMES_KEY = "default_names"
"""Key of the game record: the default names in use, each with its number
({"Player 2": 2}), shown in the language of the moment."""
SHEET_PAGE, PIG_PAGE, FOUR21_PAGE = 0, 1, 2
"""The game views under the dice, in `MainWindow.boards`."""
PLAYABLE = ("yahtzee", "pig", "421")
"""The games the window has a view for."""


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
        self.autosave = Autosave(paths.games_dir, paths.autosave_file)
        self.autosave.signals.failed.connect(self._autosave_failed)
        self._set_language = set_language
        self._set_theme = set_theme
        self.game: DiceGame[Any] = game
        self.model = SheetModel(game, self)
        self.end_dialog: EndOfGameDialog | None = None
        self.games_window: GamesWindow | None = None
        self.rules_window: RulesWindow | None = None
        self.share_dialog: QDialog | None = None
        self._status_note = ""
        self.input_blocked: Callable[[], bool] = lambda: False
        self.turn_hint: Callable[[], str] = lambda: ""
        """What the player to play does now when the window is not theirs to use (a
        computer playing or waiting); shown after any note in the status line."""
        """True while the dice and the sheet belong to someone else (a computer's turn)."""
        window.sheet.setModel(self.model)
        game.add_listener(self._on_change)
        self._connect()
        from missdice_desktop.ui.game_night import GameNight

        self.game_night = GameNight(self)
        window.language_actions.get(
            settings.language, window.language_actions["system"]
        ).setChecked(True)
        window.theme_actions.get(settings.theme, window.theme_actions["system"]).setChecked(True)
        self._refresh_views(rolled=False)

    def _connect(self) -> None:
        window = self.window
        window.tray.roll_requested.connect(self.roll)
        window.roll_action.triggered.connect(self.roll)
        window.bank_action.triggered.connect(self.bank)
        window.pig_board.bank_requested.connect(self.bank)
        window.stop_action.triggered.connect(self.stop_turn)
        window.four21_board.stop_requested.connect(self.stop_turn)
        window.roller.setup_changed.connect(self._remember_roller)
        window.roller.back_requested.connect(self.show_game)
        window.tray.hold_toggled.connect(self.toggle_hold)
        for action in window.digit_actions:
            action.triggered.connect(lambda _=False, a=action: self.digit_key(int(a.data())))
        window.tray.dice_entered.connect(self.enter_dice)
        window.tray.draft_changed.connect(self._keep_draft)
        window.sheet.box_chosen.connect(self.score_row)
        window.sheet.row_focused.connect(self._explain_row)
        window.sheet.player_rename_requested.connect(self.rename_player)
        window.sheet.player_moved.connect(self.move_player)
        window.sheet.player_first.connect(self.let_player_start)
        window.undo_action.triggered.connect(self.undo)
        window.redo_action.triggered.connect(self.redo)
        window.new_game_action.triggered.connect(self.ask_new_game)
        window.open_action.triggered.connect(self.open_file)
        window.save_as_action.triggered.connect(self.save_as)
        window.games_action.triggered.connect(self.show_games)
        window.share_action.triggered.connect(self.share)
        window.camera_panel.code_seen.connect(self.offer_shared_game)
        window.table_dice_action.triggered.connect(self.set_table_dice)
        window.camera_action.triggered.connect(self.set_camera)
        window.camera_dock.closed.connect(lambda: self.set_camera(False))
        window.camera_panel.dice_chosen.connect(self.use_camera_dice)
        window.camera_panel.ready_changed.connect(window.use_camera_dice_action.setEnabled)
        window.use_camera_dice_action.triggered.connect(window.camera_panel.use_dice)
        window.camera_panel.source_chosen.connect(self._remember_camera)
        window.camera_panel.set_learned_file(self.paths.data_dir / "learned-dice.npz")
        window.camera_panel.automatic.toggled.connect(self._remember_camera_automatic)
        window.quit_action.triggered.connect(window.close)
        window.about_action.triggered.connect(self._about)
        window.rules_action.triggered.connect(self.show_rules)
        window.language_group.triggered.connect(lambda action: self.set_language(action.data()))
        window.theme_group.triggered.connect(lambda action: self.set_theme(action.data()))
        window.language_changed.connect(self._on_language_changed)
        window.closing.connect(self.on_close)

    # Where the dice come from ----------------------------------------------------------------

    @property
    def table_mode(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.game.extra.get(DICE_SOURCE_KEY) == DICE_TABLE

    def set_table_dice(self, table: bool) -> None:
        """Switch between virtual dice and dice from the table, from this turn on."""
        source = DICE_TABLE if table else DICE_VIRTUAL
        if not table and self.window.camera_action.isChecked():
            self.set_camera(False)
        self.game.extra[DICE_SOURCE_KEY] = source
        self.settings.dice_source = source
        save_settings(self.paths.settings_file, self.settings)
        self._save()
        self._refresh_views(rolled=False)

    def _keep_draft(self, faces: list[int | None]) -> None:
        """Faces set for some of the table dice are saved, so that nothing clicked is lost."""
        if self.game.dice is None and not self.game.finished:
            self.game.extra[TABLE_DRAFT_KEY] = list(faces)
            self._save()

    def _restore_draft(self) -> None:
        faces = self.game.extra.get(TABLE_DRAFT_KEY)
        if (
            self.game.dice is None
            and isinstance(faces, list)
            and len(faces) == len(self.game.held)
            and all(face is None or (type(face) is int and 1 <= face <= 6) for face in faces)
        ):
            self.window.tray.set_draft(faces)
        else:
            self.game.extra.pop(TABLE_DRAFT_KEY, None)

    # The camera ---------------------------------------------------------------------------------

    def set_camera(self, on: bool, source: str | None = None) -> None:
        """Start (or stop) reading the table with the camera; it implies dice from the table."""
        panel = self.window.camera_panel
        spec = source if source is not None else self.settings.camera
        if spec != panel.source_spec:
            panel.set_source(spec)
        self.settings.camera = spec
        self.settings.camera_on = on
        save_settings(self.paths.settings_file, self.settings)
        self.window.camera_action.setChecked(on)
        if on:
            if not self.table_mode:
                self.set_table_dice(True)
            panel.automatic.setChecked(self.settings.camera_automatic)
            self.window.camera_dock.show()
            panel.start()
        else:
            panel.stop()
            self.window.camera_dock.hide()

    def use_camera_dice(self, values: tuple[int, ...]) -> None:
        """Dice read by the camera go into the turn.

        In automatic mode each new reading is the turn's next throw (the game's roll limit
        holds, and undo takes back one throw); otherwise the dice are entered like dice
        typed in the tray. A reading equal to the dice already there changes nothing.
        """
        game = self.game
        if not self.table_mode or not game.is_legal(EnterDice()):
            return
        # The Yahtzee family's dice stay on the table all turn: the same reading again is the
        # same throw. In the other games every reading used is a new throw (the panel waits
        # for the dice to be picked up before it offers the same faces again).
        if isinstance(game, Game) and game.dice is not None and sorted(game.dice) == sorted(values):
            return
        if not self.window.camera_panel.automatic.isChecked() or not isinstance(game, Game):
            self.enter_dice("".join(str(value) for value in values))
            return
        if self._refused(Roll(tuple(values))):
            return
        self._act(lambda: game.throw(values))

    def _remember_camera(self, source: str) -> None:
        self.settings.camera = source
        save_settings(self.paths.settings_file, self.settings)

    def _remember_camera_automatic(self, automatic: bool) -> None:
        self.settings.camera_automatic = automatic
        save_settings(self.paths.settings_file, self.settings)

    # Starting and replacing games --------------------------------------------------------------

    def start(self, record_path: str | None = None, *, camera: str | None = None) -> None:
        """What the app does once its window is up: a given record, a resumed game, or a new one.

        The camera then starts when asked for (`camera`), or when it was on last time.
        """
        if camera is not None:
            QTimer.singleShot(0, lambda: self.set_camera(True, camera))
        elif self.settings.camera_on:
            QTimer.singleShot(0, self._resume_camera)
        self._start_game(record_path)

    def _resume_camera(self) -> None:
        if self.table_mode:
            self.set_camera(True, self.settings.camera)

    def _start_game(self, record_path: str | None) -> None:
        """Open the file given, or offer back the last unfinished game; never drop a game.

        Every game keeps its own file in the games folder, so a file given on the command
        line, a new game or a declined resume each play in a new file.
        """
        try:
            self.autosave.adopt_legacy()
        except RecordError as error:
            kept_as = self.autosave.kept_as
            if kept_as is not None:
                what = translate(
                    "Controller", "%1\n\nThe file was kept aside as %2; a new game starts."
                )
                text = fill(what, str(error), kept_as.name)
            else:
                what = translate(
                    "Controller",
                    "%1\n\nThe file could not be moved aside (%2), so it stays where it is; "
                    "a new game starts.",
                )
                text = fill(what, str(error), self.autosave.keep_failure)
            self.prompts.error(translate("Controller", "The saved game cannot be read"), text)
        unfinished, broken = self.autosave.library.latest_unfinished(
            lambda game: game.game_id in PLAYABLE
        )
        if broken:
            self.prompts.error(
                translate("Controller", "The saved game cannot be read"),
                fill(
                    translate(
                        "Controller",
                        "%1\n\nThe file stays where it is (Game › Games lists it); "
                        "a new game starts.",
                    ),
                    "\n".join(str(error) for error in broken),
                ),
            )
        if record_path is not None and self.open_path(record_path):
            return
        if unfinished is not None and self.prompts.resume(self._summary(unfinished.game)):
            self.replace_game(unfinished.game, unfinished.path)
            return
        if unfinished is not None:
            self.autosave.library.unlock(unfinished.path)  # declined: free for another window
        self.ask_new_game()

    def ask_new_game(self) -> None:
        """The New game dialog; the current game stays if it is cancelled."""
        if not self._may_leave_game():
            return
        choice = self.prompts.new_game(self.settings)
        if choice is not None:
            self.new_game(choice)

    def new_game(self, choice: NewGameChoice) -> None:
        """Start the game chosen, and remember the choice for next time."""
        self.settings.game = choice.game
        if choice.rules is None:
            save_settings(self.paths.settings_file, self.settings)
            self.show_roller()
            return
        game = new_game(choice.rules, choice.players)
        game.extra[DICE_SOURCE_KEY] = choice.dice_source
        if choice.computers:
            game.extra[COMPUTERS_KEY] = record_computers(choice.computers)
        if choice.default_numbers and any(choice.default_numbers):
            game.extra[DEFAULT_NAMES_KEY] = {
                name: number
                for name, number in zip(game.players, choice.default_numbers, strict=True)
                if number
            }
        typed = choice.typed_names if choice.typed_names is not None else choice.players
        self.settings.players = list(typed)
        self.settings.dice_source = choice.dice_source
        if isinstance(game, Game):
            self.settings.grid_file = choice.grid_file
            if not choice.grid_file:
                self.settings.variant = game.rules.variant.id
            self.settings.options = dict(choice.options)
        else:
            self.settings.game_options[choice.game] = dict(choice.game_options)
        save_settings(self.paths.settings_file, self.settings)
        camera_on = self.window.camera_action.isChecked()
        if camera_on and not choice.camera:
            self.set_camera(False)
        self.replace_game(game)
        if choice.camera and not camera_on:
            self.set_camera(True)

    def new_game_same_players(self) -> None:
        """A rematch: same sheet, options and dice source; the next player starts.

        The game just played stays in the games folder.
        """
        players = self.game.players
        game = new_game(self.game.rules, (*players[1:], *players[:1]))
        game.extra[DICE_SOURCE_KEY] = self.game.extra.get(DICE_SOURCE_KEY, DICE_VIRTUAL)
        if self._default_names():
            game.extra[DEFAULT_NAMES_KEY] = dict(self._default_names())
        count = len(players)
        levels = computer_levels(self.game.extra, count)
        if levels:  # each computer player keeps its level in its new seat
            game.extra[COMPUTERS_KEY] = record_computers(
                {(seat - 1) % count: level for seat, level in levels.items()}
            )
        self.replace_game(game)

    def replace_game(self, game: DiceGame[Any], path: Path | None = None) -> None:
        """Show and play `game` from now on, saved to `path` (a kept game) or a new file.

        The game shown before keeps its own file: nothing is overwritten.
        """
        self.game.remove_listener(self._on_change)
        self.autosave.follow(path)
        self.game = game
        game.add_listener(self._on_change)
        self._relabel_default_names()
        if isinstance(game, Game):
            self.model.set_game(game)
        self.show_game()
        if self.window.camera_action.isChecked() and not self.table_mode:
            game.extra[DICE_SOURCE_KEY] = DICE_TABLE  # the camera reads real dice
        self.window.tray.clear_draft()
        self._restore_draft()
        self.window.camera_panel.forget_reading()
        self.window.sheet.fit_font()
        self.close_end_of_game()
        self._status_note = ""
        self._save()
        self._refresh_views(rolled=False)
        self.game_replaced.emit()
        if game.finished:
            self._show_end_of_game()

    # The user's actions: each is one engine action ---------------------------------------------

    def roll(self) -> None:
        """Roll the dice that are not held (virtual dice only), or the free roller's."""
        if self.roller_shown:
            self.window.roller.roll()
            return
        if self.table_mode:
            return
        if self._refused(Roll(), beep=False):
            return
        self._act(self.game.roll)

    def toggle_hold(self, index: int) -> None:
        """Hold or release one die (in games that hold dice)."""
        if self.table_mode or not 0 <= index < len(self.game.held):
            return
        action = Hold(index, not self.game.held[index])
        refusal = self.game.why_not(action)
        if refusal is not None and refusal.code is RefusalCode.NOT_THIS_GAME:
            return
        if self._refused(action, beep=False):
            return
        self._act(lambda: self.game.hold(index))

    def bank(self) -> None:
        """Cochon's « Je garde »: bank the turn total (H)."""
        if not isinstance(self.game.rules, PigRules) or self._refused(Bank()):
            return
        self._act(lambda: self.game.apply(Bank()))

    def stop_turn(self) -> None:
        """The 421's décharge: keep these dice and end the turn (S)."""
        if not isinstance(self.game.rules, Four21Rules) or self._refused(Stop()):
            return
        self._act(lambda: self.game.apply(Stop()))

    # The free roller --------------------------------------------------------------------------

    @property
    def roller_shown(self) -> bool:
        """True while the free roller replaces the game's view."""
        return self.window.pages.currentWidget() is self.window.roller

    def show_roller(self) -> None:
        """The free roller, with its last dice; the game in progress stays as it is."""
        roller = self.window.roller
        if not roller.set_setup(self.settings.roller_dice):
            roller.set_setup("2d6")
        self.window.pages.setCurrentWidget(roller)
        self._refresh_views(rolled=False)
        roller.roll_button.setFocus()

    def show_game(self) -> None:
        """Back from the free roller to the game."""
        if self.roller_shown:
            self.window.pages.setCurrentIndex(0)
            self._refresh_views(rolled=False)

    def _remember_roller(self, notation: str) -> None:
        self.settings.roller_dice = notation
        save_settings(self.paths.settings_file, self.settings)

    def _refused(self, action: Action, *, beep: bool = True, box_name: str = "") -> bool:
        """Ask the engine; when it refuses, say why in the status line."""
        if self.input_blocked():
            self.refresh_status()  # someone else's dice: say whose, and how to go on
            if beep:
                QApplication.beep()
            return True
        refusal = self.game.why_not(action)
        if refusal is None:
            return False
        self._note(self._refusal_text(refusal, box_name), beep=beep)
        return True

    def _refusal_text(self, refusal: Refusal, box_name: str = "") -> str:
        return texts.refusal_text(
            refusal, self.model.box_names, box_name=box_name, table_dice=self.table_mode
        )

    def digit_key(self, digit: int) -> None:
        """Keys 1–6: hold a die with virtual dice; with table dice, start typing the faces."""
        if self.roller_shown:
            return
        if self.table_mode:
            self.window.tray.type_digit(digit)
        elif digit <= len(self.game.held):
            self.toggle_hold(digit - 1)

    def enter_dice(self, faces: str) -> None:
        """Dice from the table, e.g. "26266"."""
        if self._refused(EnterDice()):
            return
        self._act(lambda: self.game.enter_dice(faces))

    def score_row(self, row: int) -> None:
        """Score the current dice in the current player's box of `row`."""
        game = self.game
        box_id = self.model.box_id_at(row)
        if box_id is None or game.finished or not isinstance(game, Game):
            return
        state = self.model.box_state(row, game.current_player)
        if state is None:
            return
        if self._refused(Score(box_id), box_name=self.model.box_name(box_id)):
            return
        name = self.model.box_name(box_id)
        if state.score == 0 and self.settings.confirm_zero:
            better = self._best_other_box(box_id)
            if better is not None:
                go_on, never_again = self.prompts.confirm_zero(
                    name, self.model.box_name(better[0]), better[1]
                )
                if never_again:
                    self.settings.confirm_zero = False
                    save_settings(self.paths.settings_file, self.settings)
                if not go_on:
                    return
        self._act(lambda: game.score(box_id))

    def _default_names(self) -> dict[str, int]:
        """The record's default names and their numbers, when they fit (else none)."""
        names = self.game.extra.get(DEFAULT_NAMES_KEY)
        if isinstance(names, dict) and all(
            isinstance(name, str) and type(number) is int and 1 <= number <= 99
            for name, number in names.items()
        ):
            return names
        return {}

    def _relabel_default_names(self) -> bool:
        """Show default names ("Player 2") in the language of the moment; True if any."""
        names = self._default_names()
        labels = {name: default_player_name(number) for name, number in names.items()}
        if not labels:
            return False
        try:
            self.game.relabel_names(labels)
        except IllegalActionError:
            return False
        self.game.extra[DEFAULT_NAMES_KEY] = {labels[name]: n for name, n in names.items()}
        if isinstance(self.game, Game):
            self.model.refresh_names()
        return True

    def rename_player(self, index: int) -> None:
        """Rename one player (a double-click on their column), through the engine's door."""
        game = self.game
        if not 0 <= index < len(game.players):
            return
        name = self.prompts.player_name(game.players[index])
        if name is None or name.strip() == game.players[index]:
            return
        names = list(game.players)
        names[index] = name
        if self._refused(RenamePlayers(tuple(names))):
            return
        self._act(lambda: game.rename_players(names))

    @property
    def seats_movable(self) -> bool:
        """The order of play may change until something is played (renames aside)."""
        return all(isinstance(action, RenamePlayers) for action in self.game.actions)

    def move_player(self, seat: int, to: int) -> None:
        """Before the first turn: swap two neighbouring players in the order of play."""
        order = list(range(len(self.game.players)))
        if not (0 <= seat < len(order) and 0 <= to < len(order)):
            return
        order[seat], order[to] = order[to], order[seat]
        self._reorder(order)

    def let_player_start(self, seat: int) -> None:
        """Before the first turn: this player starts, the others follow in their order."""
        count = len(self.game.players)
        if 0 <= seat < count:
            self._reorder([(seat + i) % count for i in range(count)])

    def _reorder(self, order: list[int]) -> None:
        """New seat i gets the player of old seat order[i] (a rename of empty seats)."""
        if not self.seats_movable:
            self._note(
                translate("Controller", "The order of play is set once the game has begun."),
                beep=True,
            )
            return
        game = self.game
        names = [game.players[i] for i in order]
        levels = computer_levels(game.extra, len(order))
        if levels:  # a computer player moves with its name
            game.extra[COMPUTERS_KEY] = record_computers(
                {seat: levels[old] for seat, old in enumerate(order) if old in levels}
            )
        self._act(lambda: game.rename_players(names))

    def _best_other_box(self, box_id: str) -> tuple[str, int] | None:
        best: tuple[str, int] | None = None
        assert isinstance(self.game, Game)
        for state in self.game.box_states():
            if state.box.id == box_id or state.filled or not state.allowed:
                continue
            if state.score and (best is None or state.score > best[1]):
                best = (state.box.id, state.score)
        return best

    def undo(self) -> None:
        """Take back the last action, across turns, and say what was undone."""
        if not self.game.can_undo:
            return
        what = self._undo_text()
        self._act(self.game.undo)
        self._note(fill(translate("Controller", "Undone: %1"), what))

    def redo(self) -> None:
        """Apply again the last undone action, and say what was redone."""
        if not self.game.can_redo:
            return
        what = self._redo_text()
        self._act(self.game.redo)
        self._note(fill(translate("Controller", "Redone: %1"), what))

    def _undo_text(self) -> str:
        """What undo would take back, e.g. "Anna's Fours (12)"."""
        game = self.game
        if not game.actions:
            return ""
        action = game.actions[-1]
        if isinstance(action, Score) and isinstance(game, Game):
            scored = game.state.scored_turns[-1]
            return texts.action_text(
                action,
                game.players[scored.player],
                self.model.box_name(scored.box),
                scored.score,
            )
        actor = game.last_actor if game.last_actor is not None else game.current_player
        return texts.action_text(action, game.players[actor], "", None)

    def _redo_text(self) -> str:
        """What redo would apply again."""
        game = self.game
        action = game.next_redo
        if action is None:
            return ""
        name = game.players[game.current_player]
        box = self.model.box_name(action.box) if isinstance(action, Score) else ""
        return texts.action_text(action, name, box, None)

    def _act(self, action: Callable[[], Change]) -> None:
        self._status_note = ""
        try:
            action()
        except (IllegalActionError, ValueError) as error:
            self._note(str(error), beep=True)

    # After every engine change -----------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        self._status_note = ""  # what the status said was about the state before
        if self.game.dice is not None or change.turn_ended:
            self.game.extra.pop(TABLE_DRAFT_KEY, None)
        self._save()
        if isinstance(change.action, RenamePlayers) and isinstance(self.game, Game):
            self.model.refresh_names()
        if isinstance(self.game, Game):
            self._note_yahtzee_bonus(change)
        rolled = isinstance(change.action, Roll) and not change.undone
        if change.turn_ended:
            self.window.tray.clear_draft()
            self.window.camera_panel.forget_reading()
        self._refresh_views(rolled=rolled)
        if self.game.finished and not change.undone:
            self._show_end_of_game()
        elif not self.game.finished:
            self.close_end_of_game()

    def _note_yahtzee_bonus(self, change: Change) -> None:
        assert isinstance(self.game, Game)
        scored = self.game.state.scored_turns
        if isinstance(change.action, Score) and not change.undone and scored[-1].yahtzee_bonus:
            self._status_note = fill(
                translate("Controller", "Yahtzee bonus for %1: +%2!"),
                self.game.players[scored[-1].player],
                str(scored[-1].yahtzee_bonus),
            )

    def _save(self) -> None:
        try:
            self.autosave.save(self.game)
        except AutosaveError as error:
            self._autosave_failed(str(error))

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

    def _refresh_views(self, *, rolled: bool) -> None:
        game = self.game
        window = self.window
        if self.roller_shown:
            self._refresh_roller()
            return
        legal = game.legal_actions()
        if isinstance(game, Game):
            self.model.refresh()
            window.boards.setCurrentIndex(SHEET_PAGE)
        elif isinstance(game.rules, PigRules):
            window.pig_board.show_game(game.players, game.state, game.rules.target, Bank() in legal)
            window.boards.setCurrentIndex(PIG_PAGE)
        elif isinstance(game.rules, Four21Rules):
            window.four21_board.show_game(game.players, game.state, game.rules, Stop() in legal)
            window.boards.setCurrentIndex(FOUR21_PAGE)
        can_roll = not self.table_mode and Roll() in legal
        window.tray.set_dice_count(game.rules.dice_count, game.rules.faces)
        window.tray.speak_of_throws(isinstance(game.rules, Four21Rules))
        window.camera_panel.set_expected_count(game.rules.dice_count)
        entered_from_table = (
            isinstance(game, Game) and game.dice is not None and (not game.state.turn.rolls)
        )
        window.tray.show_turn(
            game.rules.shown_dice(game.state),
            game.held,
            0 if entered_from_table else game.rolls_left,
            table_mode=self.table_mode,
            can_roll=can_roll,
            rolled=rolled,
            throws=len(game.state.turn.rolls) if self.table_mode and isinstance(game, Game) else 0,
        )
        window.tray.setEnabled(bool(legal))
        window.table_dice_action.setEnabled(True)
        window.table_dice_action.setChecked(self.table_mode)
        window.roll_action.setEnabled(not self.table_mode)
        window.bank_action.setEnabled(Bank() in legal)
        window.stop_action.setEnabled(Stop() in legal)
        window.undo_action.setEnabled(game.can_undo)
        window.redo_action.setEnabled(game.can_redo)
        window.show_history(
            self._undo_text() if game.can_undo else "", self._redo_text() if game.can_redo else ""
        )
        window.save_as_action.setEnabled(True)
        window.share_action.setEnabled(True)
        window.turn_label.setText(self._turn_text())
        window.status_label.setText(self._status_text())
        window.game_label.setText(self._game_text())
        if window.sheet.hasFocus():
            window.sheet.follow_current_player()
        window.sheet.seats_movable = self.seats_movable
        self.view_refreshed.emit()

    def _refresh_roller(self) -> None:
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
        self.view_refreshed.emit()

    def _game_text(self) -> str:
        game = self.game
        if isinstance(game, Game):
            return texts.rules_summary(game.rules, table_dice=self.table_mode)
        source = (
            translate("texts", "dice from the table")
            if self.table_mode
            else translate("texts", "virtual dice")
        )
        return f"{texts.game_name(game.game_id)} · {source}"

    def _turn_text(self) -> str:
        game = self.game
        if game.finished and game.losers():
            return fill(translate("Controller", "Game over — %1 loses"), game.losers()[0])
        if game.finished:
            return fill(translate("Controller", "Game over — %1"), winners_text(game.standings()))
        name = game.players[game.current_player]
        if not isinstance(game, Game):
            return fill(translate("Controller", "%1 to play"), name)
        turn = len(game.state.sheets[game.current_player].scores) + 1
        return fill(
            translate("Controller", "%1 to play — turn %2 of %3"),
            name,
            str(turn),
            str(len(game.rules.boxes)),
        )

    def _dice_first_text(self) -> str:
        if isinstance(self.game.rules, Four21Rules):
            if self.table_mode:
                return translate("Controller", "Throw the three dice on the table and type them.")
            return translate("Controller", "Throw the dice (Space).")
        if isinstance(self.game.rules, PigRules):
            if self.table_mode:
                return translate(
                    "Controller", "Roll the die on the table and type its face (1 to 6)."
                )
            return translate("Controller", "Roll the die (Space).")
        if self.table_mode:
            return translate(
                "Controller",
                "Enter the dice from the table first: type the five faces or click each die.",
            )
        return translate("Controller", "Roll the dice first (Space).")

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
            return texts_winners(game)
        if game.dice is None:
            return self._dice_first_text()
        if isinstance(game.rules, Four21Rules):
            return self._four21_status()
        if not isinstance(game, Game):
            return self._pig_status()
        joker = self._joker_reason()
        if joker:
            return joker
        if self.table_mode:
            return translate(
                "Controller",
                "Choose a box (its letter, a click, or arrows and Enter), or correct the dice.",
            )
        if game.is_legal(Roll()):
            return fill(
                translate(
                    "Controller",
                    "Choose a box (its letter, a click, or arrows and Enter), "
                    "or hold dice (1–5) and roll again: %1 left.",
                ),
                str(game.rolls_left),
            )
        return translate("Controller", "Choose a box: its letter, a click, or arrows and Enter.")

    def _four21_status(self) -> str:
        if self.table_mode:
            return translate("Controller", "Type the dice of the next throw, or stop here (S).")
        return translate("Controller", "Hold dice (1–3) and throw again (Space), or stop here (S).")

    def _pig_status(self) -> str:
        if self.table_mode:
            return translate(
                "Controller", "Type the next face rolled, or hold (H) to bank the turn total."
            )
        return translate("Controller", "Roll again (Space), or hold (H) to bank the turn total.")

    def _joker_reason(self) -> str:
        assert isinstance(self.game, Game)
        for state in self.game.box_states():
            if state.reason is not None and state.reason.code is not ReasonCode.FILLED:
                return texts.reason_text(state.reason, self.model.box_names)
        states = self.game.box_states()
        if any(state.joker and not state.filled for state in states):
            return translate("Controller", "Joker: the lower boxes score their full value.")
        if self._joker_upper_at_zero(states):
            return fill(
                translate(
                    "Controller",
                    "Joker: every lower box is filled, so %1 go in a free upper box, at 0.",
                ),
                texts.face_word(self.game.dice[0] if self.game.dice else 0),
            )
        return ""

    def _joker_upper_at_zero(self, states: tuple[BoxState, ...]) -> bool:
        """The joker's last case: five of a kind, its box filled, no lower box left."""
        rules, dice = self.game.rules, self.game.dice
        yahtzee_box = rules.variant.yahtzee_box
        return (
            rules.joker is not None
            and dice is not None
            and len(set(dice)) == 1
            and yahtzee_box is not None
            and any(s.box.id == yahtzee_box and s.filled for s in states)
            and all(s.filled for s in states if s.box.section is Section.LOWER)
        )

    def report_settings_problems(self, problems: SettingsProblems) -> None:
        """Say once, at start, what in the settings file could not be used."""
        if problems.file:
            text = translate("Controller", "The settings file was not used (%1): defaults apply.")
            self._note(fill(text, problems.file))
        elif problems.reset:
            text = translate("Controller", "Settings back to their defaults (unusable values): %1")
            self._note(fill(text, ", ".join(setting_label(name) for name in problems.reset)))

    def _note(self, text: str, *, beep: bool = False) -> None:
        self._status_note = text
        self.refresh_status()
        if beep:
            QApplication.beep()

    def _explain_row(self, row: int) -> None:
        state = self.model.box_state(row, self.game.current_player)
        if state is not None and not state.filled and not state.allowed and state.reason:
            self.window.status_label.setText(texts.reason_text(state.reason, self.model.box_names))
        else:
            self.window.status_label.setText(self._status_text())

    # End of the game ---------------------------------------------------------------------------

    def _show_end_of_game(self) -> None:
        self.close_end_of_game()
        losers = self.game.losers()
        dialog = EndOfGameDialog(
            self.game.standings(), self.window, loser=losers[0] if losers else None
        )
        dialog.same_players_requested.connect(self.new_game_same_players)
        dialog.new_game_requested.connect(self.ask_new_game)
        self.end_dialog = dialog
        dialog.open()

    def close_end_of_game(self) -> None:
        """Close the ranking if it is shown (undo past the end, or a new game)."""
        if self.end_dialog is not None:
            self.end_dialog.close()
            self.end_dialog.deleteLater()
            self.end_dialog = None

    # Files -----------------------------------------------------------------------------------

    def _may_leave_game(self, *, opening: bool = False) -> bool:
        """Ask before another game takes the place of one in progress (it stays in Games)."""
        game = self.game
        started = has_content(game) and not game.finished
        return not started or self.prompts.confirm_abandon(self._summary(game), opening=opening)

    def open_file(self) -> None:
        """Game › Open…"""
        if not self._may_leave_game(opening=True):
            return
        path = self.prompts.open_path()
        if path:
            self.open_path(path)

    def open_requested(self, path: str) -> None:
        """A game the desktop hands over while the app runs (macOS opens files this way)."""
        if self._may_leave_game():
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        """Open a game record or a `missdice:` link; on error one message, the game stays.

        A file of the games folder is that kept game resumed in its own file; any other
        file, and every link, becomes a game of its own.
        """
        game = self._playable(load_game, path)
        if game is None:
            return False
        kept = None if is_link(path) else self.autosave.library.kept_path(path)
        self._replace_kept(game, kept)
        return True

    def _replace_kept(self, game: DiceGame[Any], path: Path | None) -> None:
        """Play `game` in its kept file, or in a copy when another window plays that file."""
        elsewhere = path is not None and self.autosave.open_elsewhere(path)
        self.replace_game(game, None if elsewhere else path)
        if elsewhere and path is not None:
            self._note(
                fill(
                    translate(
                        "Controller",
                        "%1 is open in another window: this is a copy, kept as a game of its own.",
                    ),
                    path.name,
                )
            )

    def _playable(
        self, load: Callable[[Any], DiceGame[Any]], source: str | Path
    ) -> DiceGame[Any] | None:
        """A game loaded for this window, or None after one message (the game stays)."""
        try:
            game = load(source)
            self._check_playable(game)
        except RecordError as error:
            self.prompts.error(
                translate("Controller", "This game cannot be opened"),
                fill(
                    translate("Controller", "%1\n\nThe game in progress is unchanged."), str(error)
                ),
            )
            return None
        game.extra.setdefault(DICE_SOURCE_KEY, DICE_VIRTUAL)
        return game

    # The kept games ----------------------------------------------------------------------------

    def show_games(self) -> None:
        """Game › Games and high scores…: every kept game, to open, resume or delete."""
        if self.games_window is None:
            self.games_window = GamesWindow(self.window)
            self.games_window.open_requested.connect(self.open_kept)
            self.games_window.delete_requested.connect(self.delete_kept)
            self.game_night.attach(self.games_window)
        self._fill_games_window()
        self.games_window.show()
        self.games_window.raise_()
        self.games_window.activateWindow()

    def _fill_games_window(self) -> None:
        if self.games_window is None:
            return
        self.autosave.flush()  # the game in the window is listed as it is now
        self.games_window.list_games(self.autosave.library, self.autosave.path)

    def open_kept(self, path: Path) -> None:
        """Show a kept game and play on in its own file (the game left stays kept)."""
        game = self._playable(load_record, path)
        if game is None:
            return
        if self.games_window is not None:
            self.games_window.hide()
        self._replace_kept(game, path)

    def delete_kept(self, path: Path) -> None:
        """Delete a kept game after asking (never the game in the window)."""
        if path == self.autosave.path:
            return
        try:
            summary = self._summary(load_record(path))
        except RecordError:
            summary = path.name
        if not self.prompts.confirm_delete(summary):
            return
        try:
            self.autosave.library.delete(path)
        except OSError as error:
            self.prompts.error(
                translate("Controller", "The game was not deleted"),
                f"{path}: {error.strerror or error}",
            )
        self._fill_games_window()

    def save_as(self) -> None:
        """Game › Save as…"""
        suggested = str(Path.home() / "missdice-game.json")
        path = self.prompts.save_path(suggested)
        if not path:
            return
        try:
            save_record(path, self.game)
        except OSError as error:
            self.prompts.error(
                translate("Controller", "The game was not saved"),
                f"{path}: {error.strerror or error}",
            )
            return
        self._note(fill(translate("Controller", "Saved to %1"), os.fspath(path)))

    # Sharing -----------------------------------------------------------------------------------

    def share(self) -> None:
        """Game › Share this game…: the game's QR code and link."""
        if self.share_dialog is not None:
            self.share_dialog.close()
            self.share_dialog.deleteLater()
        from missdice_desktop.ui.share_dialog import ShareDialog  # QR codes load when asked

        suggested = str(Path.home() / "missdice-game.png")
        dialog = ShareDialog(
            link_from_game(self.game), lambda: self.prompts.qr_save_path(suggested), self.window
        )
        self.share_dialog = dialog
        dialog.open()

    def offer_shared_game(self, text: str) -> None:
        """A QR code in front of the camera: offer its game, keeping the one on screen."""
        panel = self.window.camera_panel
        if not is_link(text):
            panel.show_code_note(
                lambda: translate("Controller", "This QR code is not a Miss Dice game.")
            )
            return
        try:
            game = game_from_link(text)
            self._check_playable(game)
        except RecordError as error:
            detail = str(error)
            panel.show_code_note(
                lambda: fill(translate("Controller", "This game cannot be opened: %1"), detail)
            )
            return
        panel.show_code_note(lambda: translate("Controller", "A Miss Dice game: see the question."))
        if not self.prompts.continue_shared(self._shared_summary(game)):
            return
        self._save()  # the game on screen is kept as it is now
        game.extra.setdefault(DICE_SOURCE_KEY, DICE_VIRTUAL)
        self.replace_game(game)
        panel.show_code_note(None)

    @staticmethod
    def _shared_summary(game: DiceGame[Any]) -> str:
        players = (
            translate("Controller", "1 player")
            if len(game.players) == 1
            else fill(translate("Controller", "%1 players"), str(len(game.players)))
        )
        if isinstance(game, Game):
            name = texts.variant_name(game.rules.variant)
        else:
            name = texts.game_name(game.game_id)
        if game.finished:
            where = translate("Controller", "game over")
        elif isinstance(game, Game):
            turn = len(game.state.sheets[game.current_player].scores) + 1
            where = fill(
                translate("Controller", "turn %1 of %2"), str(turn), str(len(game.rules.boxes))
            )
        else:
            where = fill(translate("Controller", "%1 to play"), game.players[game.current_player])
        return fill(
            translate("Controller", "%1, %2 — %3: %4"),
            players,
            where,
            name,
            ", ".join(game.players),
        )

    # Language, colours, closing ----------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Switch the language (system, en, fr) and remember it."""
        self.settings.language = code
        save_settings(self.paths.settings_file, self.settings)
        self._set_language(code)

    def set_theme(self, code: str) -> None:
        """Switch the palette (system, light, dark) and remember it."""
        self.settings.theme = code
        save_settings(self.paths.settings_file, self.settings)
        self._set_theme(code)
        self.window.sheet.viewport().update()

    def _on_language_changed(self) -> None:
        self._status_note = ""  # written in the other language
        if self._relabel_default_names():
            self._save()
        self.model.retranslate()
        self.window.sheet.fit_font()
        self._refresh_views(rolled=False)

    def show_rules(self) -> None:
        """Help › Rules: the rules of the game in play (or of the free roller, when shown) first."""
        if self.rules_window is None:
            self.rules_window = RulesWindow(self.window)
        self.rules_window.show_rules(FREE_ROLLER if self.roller_shown else self.game.rules)
        self.rules_window.show()
        self.rules_window.raise_()
        self.rules_window.activateWindow()

    def _about(self) -> None:
        import missdice_desktop
        from missdice_desktop.ui.about import about_text

        self.prompts.about(about_text(missdice_desktop.__version__, self.paths))

    def on_close(self) -> None:
        """Keep everything: the game (autosave) and the window's size; free the camera."""
        self.window.camera_panel.shut_down()
        self._save()
        self.autosave.release()
        self.settings.window_geometry = bytes(self.window.saveGeometry().toBase64().data()).decode(
            "ascii"
        )
        save_settings(self.paths.settings_file, self.settings)

    @staticmethod
    def _check_playable(game: DiceGame[Any]) -> None:
        if game.game_id not in PLAYABLE:
            raise RecordError(
                fill(
                    translate("Controller", "This window cannot play %1 yet."),
                    texts.game_name(game.game_id),
                )
            )

    def _summary(self, game: DiceGame[Any]) -> str:
        if not isinstance(game, Game):
            return fill(
                translate("Controller", "%1 — %2"),
                texts.game_name(game.game_id),
                ", ".join(game.players),
            )
        turn = len(game.state.scored_turns) // max(1, len(game.players)) + 1
        return fill(
            translate("Controller", "%1 — %2, turn %3 of %4"),
            texts.variant_name(game.rules.variant),
            ", ".join(game.players),
            str(turn),
            str(len(game.rules.boxes)),
        )


def texts_winners(game: DiceGame[Any]) -> str:
    """The status line at the end: who won, with how many points (or who lost the 421)."""
    if game.losers():
        return fill(translate("Controller", "Game over: %1 loses."), game.losers()[0])
    standings = game.standings()
    top = [s for s in standings if s.rank == 1]
    names = ", ".join(s.name for s in top)
    if len(top) > 1:
        return fill(
            translate("Controller", "Game over: %1 share the win with %2 points."),
            names,
            str(top[0].total),
        )
    return fill(
        translate("Controller", "Game over: %1 wins with %2 points."), names, str(top[0].total)
    )


def setting_label(name: str) -> str:
    """What a setting is called in messages (its key in settings.json when it has no label)."""
    return setting_labels().get(name, name)


def setting_labels() -> dict[str, str]:
    """Each setting's name in messages, translated."""
    return {
        "players": translate("Settings", "player names"),
        "variant": translate("Settings", "scoresheet"),
        "options": translate("Settings", "scoresheet options"),
        "grid_file": translate("Settings", "house grid"),
        "dice_source": translate("Settings", "where the dice come from"),
        "language": translate("Settings", "language"),
        "theme": translate("Settings", "colours"),
        "confirm_zero": translate("Settings", "asking before a zero"),
        "window_geometry": translate("Settings", "window size"),
        "camera": translate("Settings", "camera"),
        "camera_on": translate("Settings", "camera on"),
        "camera_automatic": translate("Settings", "automatic camera dice"),
        "game": translate("Settings", "game"),
        "game_options": translate("Settings", "game options"),
        "roller_dice": translate("Settings", "free roller dice"),
        "reduce_motion": translate("Settings", "reduce motion"),
    }
