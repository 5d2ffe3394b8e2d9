"""The New game dialog: the game first (Yahtzee family, Cochon…, the free roller), then its
sheet (variant or house grid) and options, the players, and where the dice come from."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.computers import Level
from missdice_desktop.rules import (
    BUILT_IN_VARIANTS,
    GAMES,
    MAX_PLAYERS,
    GameKind,
    GameRules,
    GridError,
    IllegalActionError,
    RulesError,
    Ruleset,
    Variant,
    load_grid_file,
)
from missdice_desktop.rules.text import shown_text_problem, without_hidden_characters
from missdice_desktop.ui import texts
from missdice_desktop.ui.settings import DICE_TABLE, DICE_VIRTUAL, Settings
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
HOUSE_GRID = "__house__"
MAX_NAME_LENGTH = 24
YAHTZEE_FAMILY = "yahtzee"
FREE_ROLLER = "roller"
"""The free roller's id in the game list (it is no game of the engine: no players)."""


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


def default_player_name(number: int) -> str:
    """'Player 3' in the user's language."""
    return fill(translate("NewGameDialog", "Player %1"), str(number))


def with_colon(text: str) -> str:
    """A field label: "Player 1:" in English, "Joueur 1 :" in French."""
    return fill(translate("NewGameDialog", "%1:"), text)


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
        self._option_widgets: dict[str, QComboBox | QCheckBox | QSpinBox] = {}
        self._settings = settings

        self._width = 0
        """The dialog's width once shown: the widest game's, so that it never jumps."""
        self.game_box = QComboBox(self)
        self.game_box.setObjectName("game")
        for kind in GAMES.values():
            self.game_box.addItem(texts.game_name(kind.id), kind.id)
        self.game_box.addItem(texts.game_name(FREE_ROLLER), FREE_ROLLER)
        self.game_box.setAccessibleName(translate("NewGameDialog", "Game"))
        self.variant_box = QComboBox(self)
        self.variant_box.setObjectName("variant")
        for variant in BUILT_IN_VARIANTS.values():
            self.variant_box.addItem(texts.variant_name(variant), variant.id)
        self.variant_box.addItem(translate("NewGameDialog", "House grid from a file…"), HOUSE_GRID)
        self.variant_box.setAccessibleName(translate("NewGameDialog", "Scoresheet"))
        self.options_box = QGroupBox(translate("NewGameDialog", "Options"), self)
        self.options_layout = QFormLayout(self.options_box)

        self.player_count = QSpinBox(self)
        self.player_count.setObjectName("playerCount")
        self.player_count.setRange(1, MAX_PLAYERS)
        self.player_count.setAccessibleName(translate("NewGameDialog", "Number of players"))
        self.name_edits: list[QLineEdit] = []
        self.up_buttons: list[QToolButton] = []
        names_grid = QGridLayout()
        self.name_labels: list[QLabel] = []
        self.kind_boxes: list[QComboBox] = []
        for i in range(MAX_PLAYERS):
            edit = QLineEdit(self)
            edit.setObjectName(f"player{i + 1}")
            edit.setMaxLength(MAX_NAME_LENGTH)
            edit.setMinimumWidth(120)
            edit.setPlaceholderText(default_player_name(i + 1))
            edit.setAccessibleName(default_player_name(i + 1))
            label = QLabel(with_colon(default_player_name(i + 1)), self)
            label.setBuddy(edit)
            player_kind = QComboBox(self)
            player_kind.setObjectName(f"player{i + 1}Kind")
            player_kind.addItem(translate("NewGameDialog", "Person"), "")
            player_kind.addItem(translate("NewGameDialog", "Computer, expert"), Level.OPTIMAL.value)
            player_kind.addItem(
                translate("NewGameDialog", "Computer, beginner"), Level.BEGINNER.value
            )
            player_kind.setAccessibleName(
                fill(translate("NewGameDialog", "Who plays for %1"), default_player_name(i + 1))
            )
            player_kind.setToolTip(
                translate(
                    "NewGameDialog",
                    "A computer player plays its own turns at a watchable pace; "
                    "the expert plays the best moves, the beginner makes mistakes",
                )
            )
            up = QToolButton(self)
            up.setObjectName(f"playerUp{i + 1}")
            up.setText("↑")
            up.setAccessibleName(fill(translate("NewGameDialog", "Move player %1 up"), str(i + 1)))
            up.setToolTip(up.accessibleName())
            up.setEnabled(i > 0)
            up.clicked.connect(lambda _=False, row=i: self.move_up(row))
            names_grid.addWidget(label, i % 4, (i // 4) * 4)
            names_grid.addWidget(edit, i % 4, (i // 4) * 4 + 1)
            names_grid.addWidget(player_kind, i % 4, (i // 4) * 4 + 2)
            names_grid.addWidget(up, i % 4, (i // 4) * 4 + 3)
            self.name_edits.append(edit)
            self.name_labels.append(label)
            self.kind_boxes.append(player_kind)
            self.up_buttons.append(up)
            edit.textChanged.connect(lambda _text: self._fill_first_player())
        self.first_player = QComboBox(self)
        self.first_player.setObjectName("firstPlayer")
        self.first_player.setAccessibleName(translate("NewGameDialog", "Who starts"))

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
        players_box = QGroupBox(translate("NewGameDialog", "Names"), self)
        players_layout = QVBoxLayout(players_box)
        players_layout.addLayout(names_grid)
        first_row = QFormLayout()
        first_label = QLabel(translate("NewGameDialog", "&Who starts:"), self)
        first_label.setBuddy(self.first_player)
        first_row.addRow(first_label, self.first_player)
        players_layout.addLayout(first_row)
        self.players_box = players_box
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
        layout.addWidget(players_box)
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
        for kind_box in self.kind_boxes:  # the coach plays the scoresheet games only
            kind_box.setEnabled(game == YAHTZEE_FAMILY)
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
            self._build_game_options(kind, self._settings.game_options.get(kind.id, {}))
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

    def _build_game_options(self, kind: GameKind, values: dict[str, int]) -> None:
        self._clear_options()
        for option in kind.options:
            chosen = values.get(option.name, option.default)
            label = QLabel(with_colon(texts.option_name(option.name)), self.options_box)
            widget: QComboBox | QSpinBox
            if option.choices:
                widget = QComboBox(self.options_box)
                for value in option.choices:
                    widget.addItem(str(value), value)
                widget.setCurrentIndex(max(0, widget.findData(chosen)))
            else:
                widget = QSpinBox(self.options_box)
                widget.setRange(option.low, option.high)
                widget.setValue(chosen if option.low <= chosen <= option.high else option.default)
            widget.setObjectName(f"option_{option.name}")
            label.setBuddy(widget)
            self.options_layout.addRow(label, widget)
            self._option_widgets[option.name] = widget
        if not kind.options:
            self.options_layout.addRow(
                QLabel(translate("NewGameDialog", "This game has no options."), self.options_box)
            )

    def _clear_options(self) -> None:
        while self.options_layout.rowCount():
            self.options_layout.removeRow(0)
        self._option_widgets.clear()

    def selected_variant(self) -> Variant:
        """The variant (or house grid) chosen."""
        data = self.variant_box.currentData()
        if data == HOUSE_GRID and self._house is not None:
            return self._house
        return BUILT_IN_VARIANTS.get(str(data), next(iter(BUILT_IN_VARIANTS.values())))

    def _build_options(self, values: dict[str, str | bool]) -> None:
        self._clear_options()
        variant = self.selected_variant()
        defaults = variant.option_defaults()
        for name, default in defaults.items():
            chosen = values.get(name, default)
            if isinstance(default, bool):
                check = QCheckBox(texts.option_name(name), self.options_box)
                check.setObjectName(f"option_{name}")
                check.setChecked(bool(chosen))
                self.options_layout.addRow(check)
                self._option_widgets[name] = check
            else:
                combo = QComboBox(self.options_box)
                combo.setObjectName(f"option_{name}")
                for choice in variant.option_choices(name):
                    combo.addItem(texts.joker_policy_name(str(choice)), choice)
                combo.setCurrentIndex(max(0, combo.findData(chosen)))
                label = QLabel(with_colon(texts.option_name(name)), self.options_box)
                label.setBuddy(combo)
                self.options_layout.addRow(label, combo)
                self._option_widgets[name] = combo
        if not defaults:
            self.options_layout.addRow(
                QLabel(translate("NewGameDialog", "This sheet has no options."), self.options_box)
            )

    def _show_name_fields(self, count: int) -> None:
        for i, (edit, label) in enumerate(zip(self.name_edits, self.name_labels, strict=True)):
            edit.setVisible(i < count)
            label.setVisible(i < count)
            self.kind_boxes[i].setVisible(i < count)
            self.up_buttons[i].setVisible(i < count)
        self._fill_first_player()
        self._fit()

    def _fill_first_player(self) -> None:
        """The list of who may start: the players as named now, the choice kept."""
        chosen = max(0, self.first_player.currentIndex())
        self.first_player.blockSignals(True)
        self.first_player.clear()
        for i in range(self.player_count.value()):
            self.first_player.addItem(self._name(i))
        self.first_player.setCurrentIndex(min(chosen, self.first_player.count() - 1))
        self.first_player.blockSignals(False)

    def move_up(self, row: int) -> None:
        """Swap player `row` with the one above (the order of play)."""
        if not 0 < row < len(self.name_edits):
            return
        above, below = self.name_edits[row - 1], self.name_edits[row]
        text = above.text()
        above.setText(below.text())
        below.setText(text)
        upper, lower = self.kind_boxes[row - 1], self.kind_boxes[row]
        kind = upper.currentIndex()
        upper.setCurrentIndex(lower.currentIndex())
        lower.setCurrentIndex(kind)

    def _typed(self, index: int) -> str:
        """The name typed in field `index`, without characters that cannot be shown
        (invisible ones, or controls that reorder the text); "" when it shows nothing."""
        name = without_hidden_characters(self.name_edits[index].text()).strip()
        return "" if shown_text_problem(name, max_length=MAX_NAME_LENGTH) is not None else name

    def _name(self, index: int) -> str:
        """The name of field `index`, 'Player N' when it shows nothing."""
        return self._typed(index) or default_player_name(index + 1)

    # The result ------------------------------------------------------------------------------

    def options(self) -> dict[str, str | bool]:
        """The option values chosen."""
        chosen: dict[str, str | bool] = {}
        for name, widget in self._option_widgets.items():
            if isinstance(widget, QCheckBox):
                chosen[name] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                chosen[name] = str(widget.currentData())
        return chosen

    def game_options(self) -> dict[str, int]:
        """The whole-number options chosen (games other than the Yahtzee family)."""
        chosen: dict[str, int] = {}
        for name, widget in self._option_widgets.items():
            if isinstance(widget, QSpinBox):
                chosen[name] = widget.value()
            elif isinstance(widget, QComboBox) and isinstance(widget.currentData(), int):
                chosen[name] = int(widget.currentData())
        return chosen

    def player_names(self) -> list[str]:
        """The names in playing order, the chosen first player first (an empty field gets
        'Player N')."""
        names = [self._name(i) for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return names[first:] + names[:first]

    def typed_names(self) -> list[str]:
        """The names as typed, in the same order as `player_names` (blank where empty)."""
        names = [self._typed(i) for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return names[first:] + names[:first]

    def default_numbers(self) -> list[int]:
        """For each seat in playing order: N when it plays as the default "Player N", else 0."""
        numbers = [0 if self._typed(i) else i + 1 for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return numbers[first:] + numbers[:first]

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
        """The players the computer plays, by seat in playing order, with their level
        (scoresheet games only)."""
        if self.selected_game() != YAHTZEE_FAMILY:
            return {}
        count = self.player_count.value()
        first = max(0, self.first_player.currentIndex())
        return {
            (i - first) % count: Level(str(self.kind_boxes[i].currentData()))
            for i in range(count)
            if self.kind_boxes[i].currentData()
        }


def grid_file_name(path: str) -> str:
    """The file name of a grid, for messages."""
    return Path(path).name
