"""The New game dialog itself (see `new_game`): the game, its sheet and options, the players
and where the dice come from, as a `NewGameChoice`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.computers import Level
from missdice_desktop.rules import (
    BUILT_IN_VARIANTS,
    GAMES,
    MAX_PLAYERS,
    GameKind,
    GridError,
    IllegalActionError,
    RulesError,
    Variant,
    load_grid_file,
)
from missdice_desktop.session_meta import DICE_TABLE, DICE_VIRTUAL
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.new_game import (
    FREE_ROLLER,
    HOUSE_GRID,
    YAHTZEE_FAMILY,
    NewGameChoice,
)
from missdice_desktop.ui.dialogs.new_game_options import OptionsBox
from missdice_desktop.ui.dialogs.new_game_players import PlayersBox
from missdice_desktop.ui.games import playable
from missdice_desktop.ui.settings import Settings
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


def ask_grid_file(parent: QWidget | None) -> str | None:
    """Ask for a house grid file (TOML)."""
    path, _ = QFileDialog.getOpenFileName(
        parent,
        translate("NewGameDialog", "Open a house grid"),
        "",
        translate("NewGameDialog", "House grids (*.toml);;All files (*)"),
    )
    return path or None


class NewGameDialog(QDialog):
    """Choose the game, its sheet and options, 1–8 players and where the dice come from."""

    def __init__(
        self,
        settings: Settings,
        parent: QWidget | None = None,
        *,
        choose_grid_file: Callable[[QWidget | None], str | None] = ask_grid_file,
        show_error: Callable[[QWidget, str, str], object] = QMessageBox.warning,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle(translate("NewGameDialog", "New game"))
        self._choose_grid_file = choose_grid_file
        self._show_error = show_error
        self._house: Variant | None = None
        self._grid_file = ""
        self._last_index = 0
        self._settings = settings

        self._width = 0
        """The dialog's width once shown: the widest game's, so that it never jumps."""
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("game")
        for kind in GAMES.values():
            if playable(kind.id):  # a game the window has a row for
                self.game_box.addItem(texts.game_name(kind.id), kind.id)
        self.game_box.addItem(texts.game_name(FREE_ROLLER), FREE_ROLLER)
        self.game_box.setAccessibleName(translate("NewGameDialog", "Game"))
        self.variant_box = QComboBox(self)
        self.variant_box.setObjectName("variant")
        for variant in BUILT_IN_VARIANTS.values():
            self.variant_box.addItem(texts.variant_name(variant), variant.id)
        self.variant_box.addItem(translate("NewGameDialog", "House grid from a file…"), HOUSE_GRID)
        self.variant_box.setAccessibleName(translate("NewGameDialog", "Scoresheet"))
        self.options_box = OptionsBox(self)

        self.player_count = QSpinBox(self)
        self.player_count.setObjectName("playerCount")
        self.player_count.setRange(1, MAX_PLAYERS)
        self.player_count.setAccessibleName(translate("NewGameDialog", "Number of players"))
        self.players_box = PlayersBox(self.player_count, self)
        self.name_edits = self.players_box.name_edits
        self.kind_boxes = self.players_box.kind_boxes
        self.up_buttons = self.players_box.up_buttons
        self.first_player = self.players_box.first_player

        self.virtual_dice = QRadioButton(translate("NewGameDialog", "&Virtual dice: the app rolls"))
        self.virtual_dice.setObjectName("virtualDice")
        self.table_dice = QRadioButton(
            translate("NewGameDialog", "Dice from the &table: type or click the faces you rolled")
        )
        self.table_dice.setObjectName("tableDice")
        self.camera_dice = QRadioButton(
            translate("NewGameDialog", "Dice from the table, read by a &camera")
        )
        self.camera_dice.setObjectName("cameraDice")
        self._source_group = QButtonGroup(self)
        self._source_group.addButton(self.virtual_dice)
        self._source_group.addButton(self.table_dice)
        self._source_group.addButton(self.camera_dice)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText(translate("NewGameDialog", "&Start"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        self.form = form
        game_label = QLabel(translate("NewGameDialog", "&Game:"), self)
        game_label.setBuddy(self.game_box)
        form.addRow(game_label, self.game_box)
        variant_label = QLabel(translate("NewGameDialog", "S&coresheet:"), self)
        variant_label.setBuddy(self.variant_box)
        form.addRow(variant_label, self.variant_box)
        count_label = QLabel(translate("NewGameDialog", "&Players:"), self)
        count_label.setBuddy(self.player_count)
        form.addRow(count_label, self.player_count)
        self.roller_note = QLabel(
            translate(
                "NewGameDialog",
                "The free roller: 1 to 20 dice of 4, 6, 8, 10, 12 or 20 faces, no players, "
                "no score. The game in progress stays as it is.",
            ),
            self,
        )
        self.roller_note.setWordWrap(True)
        source_box = QGroupBox(translate("NewGameDialog", "Dice"), self)
        self.source_box = source_box
        source_layout = QVBoxLayout(source_box)
        source_layout.addWidget(self.virtual_dice)
        source_layout.addWidget(self.table_dice)
        source_layout.addWidget(self.camera_dice)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.roller_note)
        layout.addWidget(self.options_box)
        layout.addWidget(self.players_box)
        layout.addWidget(source_box)
        layout.addWidget(self.buttons)

        self._load(settings)
        self.game_box.currentIndexChanged.connect(self._on_game_changed)
        self.variant_box.currentIndexChanged.connect(self._on_variant_changed)
        self.player_count.valueChanged.connect(self._show_name_fields)

    # Filling in from the settings -------------------------------------------------------------

    def _load(self, settings: Settings) -> None:
        house = None
        if settings.grid_file:
            try:
                house = load_grid_file(settings.grid_file)
            except GridError:
                house = None
        if house is not None:
            self._set_house(house, settings.grid_file)
        else:
            index = self.variant_box.findData(settings.variant)
            self.variant_box.setCurrentIndex(max(0, index))
        self._last_index = self.variant_box.currentIndex()
        self.game_box.setCurrentIndex(max(0, self.game_box.findData(settings.game)))
        self._show_game()
        count = len(settings.players) or 2
        self.player_count.setValue(count)
        for edit, name in zip(self.name_edits, settings.players, strict=False):
            edit.setText(name)
        self._show_name_fields(count)
        table = settings.dice_source == DICE_TABLE
        self.camera_dice.setChecked(table and settings.camera_on)
        self.table_dice.setChecked(table and not settings.camera_on)
        self.virtual_dice.setChecked(not table)
        self._width = self._widest()  # measured while hidden: every row counts

    def _set_house(self, variant: Variant, path: str) -> None:
        self._house = variant
        self._grid_file = path
        label = fill(translate("NewGameDialog", "House grid: %1"), variant.name)
        index = self.variant_box.findData(HOUSE_GRID)
        self.variant_box.setItemText(index, label)
        self.variant_box.blockSignals(True)
        self.variant_box.setCurrentIndex(index)
        self.variant_box.blockSignals(False)

    def _on_variant_changed(self, index: int) -> None:
        if self.variant_box.currentData() == HOUSE_GRID:
            path = self._choose_grid_file(self)
            variant = None
            if path:
                try:
                    variant = load_grid_file(path)
                except GridError as error:
                    self._show_error(
                        self, translate("NewGameDialog", "This grid cannot be used"), str(error)
                    )
            if variant is None or not path:
                self.variant_box.blockSignals(True)
                self.variant_box.setCurrentIndex(self._last_index)
                self.variant_box.blockSignals(False)
                return
            self._set_house(variant, path)
        self._last_index = self.variant_box.currentIndex()
        self._build_options({})

    def selected_game(self) -> str:
        """The id of the game chosen (a row of the games table, or the free roller)."""
        return str(self.game_box.currentData())

    def _kind(self) -> GameKind | None:
        return GAMES.get(self.selected_game())

    def _on_game_changed(self, _index: int) -> None:
        self._show_game()

    def _show_game(self) -> None:
        """Show what the game chosen asks for: its sheet, its options, players, dice."""
        game = self.selected_game()
        roller = game == FREE_ROLLER
        self.form.setRowVisible(self.variant_box, game == YAHTZEE_FAMILY)
        self.players_box.offer_levels(computer_levels(game))
        self.form.setRowVisible(self.player_count, not roller)
        self.players_box.setVisible(not roller)
        self.source_box.setVisible(not roller)
        self.options_box.setVisible(not roller)
        self.roller_note.setVisible(roller)
        kind = self._kind()
        low = kind.min_players if kind is not None else 1
        self.player_count.setMinimum(low)
        if game == YAHTZEE_FAMILY:
            self._build_options(self._settings.options)
        elif kind is not None:
            self.options_box.show_game_options(kind, self._settings.game_options.get(kind.id, {}))
        self._fit()

    def _fit(self) -> None:
        """Shrink to what the game chosen shows (hidden rows leave no gap), at one width for
        every game and sheet, so that the dialog does not jump as the choice changes."""
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
        self.adjustSize()
        if self._width and self.width() != max(self._width, self.sizeHint().width()):
            self.resize(max(self._width, self.sizeHint().width()), self.height())

    def _widest(self) -> int:
        """The width the widest game and built-in sheet ask for (the choice is put back)."""
        game, variant = self.game_box.currentIndex(), self.variant_box.currentIndex()
        widths = []
        for box in (self.game_box, self.variant_box):
            box.blockSignals(True)
        try:
            for game_index in range(self.game_box.count()):
                self.game_box.setCurrentIndex(game_index)
                self._show_game()
                if self.selected_game() != YAHTZEE_FAMILY:
                    widths.append(self._measured_width())
                    continue
                for variant_index in range(self.variant_box.count()):
                    if self.variant_box.itemData(variant_index) == HOUSE_GRID:
                        continue
                    self.variant_box.setCurrentIndex(variant_index)
                    self._build_options({})
                    widths.append(self._measured_width())
        finally:
            self.game_box.setCurrentIndex(game)
            self.variant_box.setCurrentIndex(variant)
            for box in (self.game_box, self.variant_box):
                box.blockSignals(False)
        self._show_game()
        return max(widths)

    def _measured_width(self) -> int:
        layout = self.layout()
        if layout is not None:
            layout.invalidate()
            layout.activate()
        return self.sizeHint().width()

    def showEvent(self, event: QShowEvent) -> None:
        """Open at the size of what is shown, as wide as the widest game needs."""
        super().showEvent(event)
        self._fit()

    def selected_variant(self) -> Variant:
        """The variant (or house grid) chosen."""
        data = self.variant_box.currentData()
        if data == HOUSE_GRID and self._house is not None:
            return self._house
        return BUILT_IN_VARIANTS.get(str(data), next(iter(BUILT_IN_VARIANTS.values())))

    def _build_options(self, values: dict[str, str | bool]) -> None:
        self.options_box.show_sheet_options(self.selected_variant(), values)

    def _show_name_fields(self, count: int) -> None:
        self.players_box.show_fields(count)
        self._fit()

    def move_up(self, row: int) -> None:
        """Swap player `row` with the one above (the order of play)."""
        self.players_box.move_up(row)

    # The result ------------------------------------------------------------------------------

    def options(self) -> dict[str, str | bool]:
        """The option values chosen."""
        return self.options_box.options()

    def game_options(self) -> dict[str, int]:
        """The whole-number options chosen (games other than the Yahtzee family)."""
        return self.options_box.game_options()

    def player_names(self) -> list[str]:
        """The names in playing order, the chosen first player first (an empty field gets
        'Player N')."""
        return self.players_box.player_names()

    def typed_names(self) -> list[str]:
        """The names as typed, in the same order as `player_names` (blank where empty)."""
        return self.players_box.typed_names()

    def default_numbers(self) -> list[int]:
        """For each seat in playing order: N when it plays as the default "Player N", else 0."""
        return self.players_box.default_numbers()

    def choice(self) -> NewGameChoice:
        """Everything chosen, as rules the engine can play."""
        game = self.selected_game()
        camera = self.camera_dice.isChecked()
        source = DICE_TABLE if self.table_dice.isChecked() or camera else DICE_VIRTUAL
        if game == FREE_ROLLER:
            return NewGameChoice(None, [], game=FREE_ROLLER)
        kind = self._kind()
        if kind is not None and not kind.grids:
            numbers = self.game_options()
            try:
                game_rules = kind.rules_from_options(numbers)
            except (RulesError, IllegalActionError):
                game_rules, numbers = kind.rules_from_options({}), {}
            return NewGameChoice(
                game_rules,
                self.player_names(),
                source,
                camera=camera,
                game=kind.id,
                game_options=numbers,
                typed_names=self.typed_names(),
                default_numbers=self.default_numbers(),
                computers=self.computers(),
            )
        variant = self.selected_variant()
        options = self.options()
        try:
            rules = variant.configure(options)
        except RulesError:
            rules = variant.configure()
            options = {}
        grid = self._grid_file if variant is self._house else ""
        return NewGameChoice(
            rules,
            self.player_names(),
            source,
            grid,
            options,
            camera,
            typed_names=self.typed_names(),
            default_numbers=self.default_numbers(),
            computers=self.computers(),
        )

    def computers(self) -> dict[int, Level]:
        """The players the computer plays, by seat in playing order, with their level (the
        levels the game's row offers)."""
        levels = computer_levels(self.selected_game())
        return {
            seat: level for seat, level in self.players_box.computers().items() if level in levels
        }


def computer_levels(game_id: str) -> tuple[Level, ...]:
    """The computer players a game offers (its window row says), none for the free roller."""
    from missdice_desktop.ui.games import playable, views

    return views()[game_id].computer_levels() if playable(game_id) else ()


def grid_file_name(path: str) -> str:
    """The file name of a grid, for messages."""
    return Path(path).name
