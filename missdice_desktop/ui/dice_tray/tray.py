"""The tray itself: the game's dice in a row, the Roll button, the rolls left and, in table
mode, the entry for the faces from the table."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QRegularExpressionValidator, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.ui.dice_tray.die import PIPS, DieWidget
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class GameUndoEntry(QLineEdit):
    """A line for a few typed faces that leaves Undo and Redo to the game: Ctrl+Z takes
    back the last move, never a digit typed a moment ago."""

    def event(self, event: QEvent) -> bool:
        """Let the window's Undo and Redo shortcuts have their keys."""
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (
                event.matches(QKeySequence.StandardKey.Undo)
                or event.matches(QKeySequence.StandardKey.Redo)
            )
        ):
            event.ignore()
            return True
        return super().event(event)


class DiceTray(QWidget):
    """The game's dice, the Roll button and the rolls left; in table mode, the dice entry.

    How many dice it shows is the game's (`set_dice_count`), never a number of its own.
    """

    hold_toggled = Signal(int)
    roll_requested = Signal()
    dice_entered = Signal(str)
    """The faces from the table, e.g. "26266"."""
    draft_changed = Signal(list)
    """Faces chosen so far for the table dice, None for a die not set (before all of them)."""
    dice_replaced = Signal()
    """The dice widgets were rebuilt for another number of dice."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table_mode = False
        self.animated = True
        """Dice tumble when rolled (off with View › Reduce motion)."""
        self.choose_face: Callable[[int], int | None] = self._ask_face
        """Asks the face of a table die (replaceable, so tests need no popup menu)."""
        self._draft: list[int | None] = []
        self.dice: list[DieWidget] = []
        self.faces = len(PIPS)
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("rollButton")
        self.rolls_left_label = QLabel(self)
        self.rolls_left_label.setObjectName("rollsLeft")
        self.entry = GameUndoEntry(self)
        self.entry.setObjectName("diceEntry")
        self.entry_label = QLabel(self)
        self.entry_label.setBuddy(self.entry)

        dice_row = QHBoxLayout()
        dice_row.setSpacing(10)
        self._dice_row = dice_row
        side = QVBoxLayout()
        side.addStretch(1)
        side.addWidget(self.roll_button)
        side.addWidget(self.rolls_left_label)
        side.addWidget(self.entry_label)
        side.addWidget(self.entry)
        side.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(dice_row)
        layout.addSpacing(16)
        layout.addLayout(side)
        layout.addStretch(1)

        self.roll_button.clicked.connect(self.roll_requested)
        self.entry.returnPressed.connect(self._on_entry)
        self._rolls_left: int | None = None
        self._throws = 0
        """With table dice, how many throws of the turn were read (the camera's count)."""
        self.throws = False
        """True for games that speak of throws (the 421) rather than rolls."""
        self.set_dice_count(1)
        self.retranslate()

    def speak_of_throws(self, throws: bool) -> None:
        """Call the dice's moves throws (the 421, « lancers ») or rolls (the other games)."""
        if throws != self.throws:
            self.throws = throws
            self.retranslate()

    def set_dice_count(self, count: int, faces: int | None = None) -> None:
        """Show `count` dice of `faces` faces (the game's), clearing the dice shown."""
        if faces is not None:
            self.faces = faces
            for die in self.dice:
                die.faces = faces
        if count == len(self.dice):
            return
        for die in self.dice:
            self._dice_row.removeWidget(die)
            die.hide()
            die.deleteLater()
        self.dice = [DieWidget(i, self) for i in range(count)]
        for die in self.dice:
            die.faces = self.faces
            self._dice_row.addWidget(die)
            die.clicked.connect(self._on_die_clicked)
            die.face_typed.connect(self._set_face)
            die.retranslate()
        self._draft = [None] * count
        self.entry.setValidator(
            QRegularExpressionValidator(
                QRegularExpression(f"[1-{self.faces}]{{0,{count}}}"), self.entry
            )
        )
        self.entry.setMaxLength(count)
        self.entry.clear()
        self._fit_dice()
        self.dice_replaced.emit()

    def retranslate(self) -> None:
        """Take the new language."""
        if self.throws:
            self.roll_button.setText(translate("DiceTray", "&Throw (Space)"))
            self.roll_button.setAccessibleName(translate("DiceTray", "Throw the dice"))
        else:
            self.roll_button.setText(translate("DiceTray", "&Roll (Space)"))
            self.roll_button.setAccessibleName(translate("DiceTray", "Roll the dice"))
        self.entry_label.setText(translate("DiceTray", "&Dice from the table:"))
        self.entry.setPlaceholderText(translate("DiceTray", "e.g. 26266"))
        self.entry.setAccessibleName(translate("DiceTray", "Dice from the table"))
        self.entry.setAccessibleDescription(
            translate("DiceTray", "Type the faces, then press Enter")
        )
        self._show_rolls_left()
        for die in self.dice:
            die.retranslate()

    def show_turn(
        self,
        dice: Sequence[int] | None,
        held: Sequence[bool],
        rolls_left: int | None,
        *,
        table_mode: bool,
        can_roll: bool,
        rolled: bool = False,
        throws: int = 0,
    ) -> None:
        """Show the engine's turn; `rolled` plays the animation on the dice that moved.

        `throws`: with table dice, how many throws of the turn were read by the camera.
        """
        self.table_mode = table_mode
        self._rolls_left = rolls_left
        self._throws = throws
        self.set_dice_count(len(held))
        if dice is not None:
            self._draft = list(dice)
        elif all(face is not None for face in self._draft):
            self._draft = [None] * len(self.dice)
        for i, die in enumerate(self.dice):
            die.table_mode = table_mode
            face = dice[i] if dice is not None else (self._draft[i] if table_mode else None)
            if not rolled:
                die.stop_animation()  # the next action shows its dice at once
            tumble = rolled and self.animated and not held[i]
            die.show_face(face, bool(held[i]) and not table_mode, tumble=tumble)
        self.roll_button.setVisible(not table_mode)
        self.rolls_left_label.setVisible(
            (not table_mode and rolls_left is not None) or (table_mode and throws > 0)
        )
        self.entry.setVisible(table_mode)
        self.entry_label.setVisible(table_mode)
        self.roll_button.setEnabled(can_roll)
        self._show_rolls_left()

    def set_animated(self, animated: bool) -> None:
        """Let the dice tumble when rolled, or show their faces at once."""
        self.animated = animated
        if not animated:
            for die in self.dice:
                die.stop_animation()

    def show_advice(self, holds: Sequence[bool] | None) -> None:
        """Mark the dice the coach would keep (None: no advice)."""
        for i, die in enumerate(self.dice):
            advised = bool(holds[i]) if holds is not None else False
            if advised != die.advised:
                die.advised = advised
                die.retranslate()
                die.update()

    def clear_draft(self) -> None:
        """Forget faces chosen for dice not entered yet (a new turn or game)."""
        self._draft = [None] * len(self.dice)

    @property
    def draft(self) -> list[int | None]:
        """The faces chosen so far for the table dice (None: not set)."""
        return list(self._draft)

    def set_draft(self, faces: Sequence[int | None]) -> None:
        """Faces chosen earlier (a resumed game), shown at the next `show_turn`."""
        if len(faces) == len(self.dice):
            self._draft = list(faces)

    def _show_rolls_left(self) -> None:
        if self._rolls_left is None:
            return
        if self.table_mode and self._throws:
            text = fill(
                translate("DiceTray", "Throw %1 of %2"),
                str(self._throws),
                str(self._throws + self._rolls_left),
            )
        elif self.throws:
            text = fill(translate("DiceTray", "Throws left: %1"), str(self._rolls_left))
        else:
            text = fill(translate("DiceTray", "Rolls left: %1"), str(self._rolls_left))
        self.rolls_left_label.setText(text)

    def _on_die_clicked(self, index: int) -> None:
        if not self.table_mode:
            self.hold_toggled.emit(index)
            return
        chosen_face = self.choose_face(index)
        if chosen_face is not None:
            self._set_face(index, chosen_face)

    def _ask_face(self, index: int) -> int | None:
        """The face picker under a die (table mode)."""
        from missdice_desktop.ui.dice_tray.face_picker import FacePicker  # table dice only

        die = self.dice[index]
        picker = FacePicker(index, max(36, int(die.width() * 0.62)), self, faces=self.faces)
        return picker.pick(die.mapToGlobal(die.rect().bottomLeft()))

    def _set_face(self, index: int, face: int) -> None:
        """Table mode: one die's face; the dice go to the game once all five are known."""
        self._draft[index] = face
        if all(value is not None for value in self._draft):
            self.dice_entered.emit("".join(str(value) for value in self._draft))
        else:
            self.dice[index].show_face(face, False)
            self.draft_changed.emit(list(self._draft))
            next_free = next((i for i, v in enumerate(self._draft) if v is None), None)
            if next_free is not None and self.dice[index].hasFocus():
                self.dice[next_free].setFocus()

    def type_digit(self, digit: int) -> None:
        """A digit typed anywhere in the window, in table mode: it goes to the dice entry."""
        self.entry.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.entry.insert(str(digit))

    def _on_entry(self) -> None:
        text = self.entry.text()
        if len(text) == len(self.dice):
            self.dice_entered.emit(text)
            self.entry.clear()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Dice as tall as the tray (a die and its "held" caption), the Roll button to match."""
        super().resizeEvent(event)
        side = self._fit_dice()
        font = self.roll_button.font()
        font.setPixelSize(max(13, int(side * 0.16)))
        font.setBold(True)
        self.roll_button.setFont(font)
        self.roll_button.setMinimumHeight(int(side * 0.42))
        label_font = self.rolls_left_label.font()
        label_font.setPixelSize(max(12, int(side * 0.13)))
        self.rolls_left_label.setFont(label_font)
        self.entry.setFont(font)
        self.entry_label.setFont(label_font)

    def _fit_dice(self) -> int:
        side = max(40, self.height())
        for die in self.dice:
            if die.width() != int(side * 0.84):
                die.setFixedSize(int(side * 0.84), side)
        return side

    @property
    def animating(self) -> bool:
        """True while any die is still tumbling."""
        return any(die.animating for die in self.dice)
