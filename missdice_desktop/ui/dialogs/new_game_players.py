"""The New game dialog's players: a name and who plays it (a person or the computer) for each
seat, the order of play, and who starts."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.computers import Level
from missdice_desktop.rules import MAX_PLAYERS
from missdice_desktop.rules.text import shown_text_problem, without_hidden_characters
from missdice_desktop.ui.dialogs.new_game import default_player_name
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
MAX_NAME_LENGTH = 24


def with_colon(text: str) -> str:
    """A field label: "Player 1:" in English, "Joueur 1 :" in French."""
    return fill(translate("NewGameDialog", "%1:"), text)


class PlayersBox(QGroupBox):
    """The names of the first `player_count` seats, who plays each, and who starts."""

    def __init__(self, player_count: QSpinBox, parent: QWidget | None = None) -> None:
        super().__init__(translate("NewGameDialog", "Names"), parent)
        self.player_count = player_count
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
            edit.textChanged.connect(lambda _text: self.fill_first_player())
        self.first_player = QComboBox(self)
        self.first_player.setObjectName("firstPlayer")
        self.first_player.setAccessibleName(translate("NewGameDialog", "Who starts"))

        players_layout = QVBoxLayout(self)
        players_layout.addLayout(names_grid)
        first_row = QFormLayout()
        first_label = QLabel(translate("NewGameDialog", "&Who starts:"), self)
        first_label.setBuddy(self.first_player)
        first_row.addRow(first_label, self.first_player)
        players_layout.addLayout(first_row)

    def show_fields(self, count: int) -> None:
        """Show the fields of the first `count` seats."""
        for i, (edit, label) in enumerate(zip(self.name_edits, self.name_labels, strict=True)):
            edit.setVisible(i < count)
            label.setVisible(i < count)
            self.kind_boxes[i].setVisible(i < count)
            self.up_buttons[i].setVisible(i < count)
        self.fill_first_player()

    def fill_first_player(self) -> None:
        """The list of who may start: the players as named now, the choice kept."""
        chosen = max(0, self.first_player.currentIndex())
        self.first_player.blockSignals(True)
        self.first_player.clear()
        for i in range(self.player_count.value()):
            self.first_player.addItem(self.name(i))
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

    def typed(self, index: int) -> str:
        """The name typed in field `index`, without characters that cannot be shown
        (invisible ones, or controls that reorder the text); "" when it shows nothing."""
        name = without_hidden_characters(self.name_edits[index].text()).strip()
        return "" if shown_text_problem(name, max_length=MAX_NAME_LENGTH) is not None else name

    def name(self, index: int) -> str:
        """The name of field `index`, 'Player N' when it shows nothing."""
        return self.typed(index) or default_player_name(index + 1)

    def player_names(self) -> list[str]:
        """The names in playing order, the chosen first player first (an empty field gets
        'Player N')."""
        names = [self.name(i) for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return names[first:] + names[:first]

    def typed_names(self) -> list[str]:
        """The names as typed, in the same order as `player_names` (blank where empty)."""
        names = [self.typed(i) for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return names[first:] + names[:first]

    def default_numbers(self) -> list[int]:
        """For each seat in playing order: N when it plays as the default "Player N", else 0."""
        numbers = [0 if self.typed(i) else i + 1 for i in range(self.player_count.value())]
        first = max(0, self.first_player.currentIndex())
        return numbers[first:] + numbers[:first]

    def offer_levels(self, levels: tuple[Level, ...]) -> None:
        """Offer the computer players of `levels` (none: every seat is a person's)."""
        for box in self.kind_boxes:
            box.setEnabled(bool(levels))
            items = box.model()
            assert isinstance(items, QStandardItemModel)
            for index in range(1, box.count()):
                item = items.item(index)
                if item is not None:
                    item.setEnabled(Level(str(box.itemData(index))) in levels)
            chosen = box.currentData()
            if chosen and Level(str(chosen)) not in levels:
                box.setCurrentIndex(0)

    def computers(self) -> dict[int, Level]:
        """The players the computer plays, by seat in playing order, with their level."""
        count = self.player_count.value()
        first = max(0, self.first_player.currentIndex())
        return {
            (i - first) % count: Level(str(self.kind_boxes[i].currentData()))
            for i in range(count)
            if self.kind_boxes[i].currentData()
        }
