"""The dice tray: five dice drawn with real pips, held by a click, rolled with Space.

In table mode the tray is an input: a click on a die (or a digit while it has focus) sets
its face, or the five faces are typed at once ("26266"). The tray only emits what the user
asked for; the controller turns each request into one engine action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QEventLoop,
    QPoint,
    QPointF,
    QRectF,
    QRegularExpression,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QHideEvent,
    QIcon,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QRegularExpressionValidator,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.ui.texts import fill

ROLL_ANIMATION_MS = 320
COACH_COLOUR = "#1f9d55"
"""The dashed ring around the dice the coach keeps: a green apart from the held accent."""

# Pip positions on a 3×3 grid (column, row), for faces 1–6.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}

translate = QCoreApplication.translate


def paint_die(
    painter: QPainter,
    rect: QRectF,
    face: int | None,
    *,
    held: bool = False,
    accent: QColor | None = None,
    angle: float = 0.0,
) -> None:
    """Draw one die in `rect` (a square): ivory body, dark pips, an accent ring when held.

    Vector drawing only, so it stays crisp at any size and device pixel ratio. The tilt is
    applied to the shapes, not to the painter: no save/restore or painter transform (some
    PySide6 releases leak a reference on those, which adds up over an evening of rolls).
    """
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    side = min(rect.width(), rect.height())
    centre = rect.center()
    tilt = QTransform.fromTranslate(centre.x(), centre.y()).rotate(angle)
    body = QRectF(-side / 2, -side / 2, side, side).adjusted(
        side * 0.06, side * 0.06, -side * 0.06, -side * 0.06
    )
    radius = body.width() * 0.18
    if held:
        painter.setPen(QPen(accent or QColor("#d08000"), max(2.0, side * 0.06)))
        painter.setBrush(QColor("#fff4d6"))
    else:
        painter.setPen(QPen(QColor("#6b6b6b"), max(1.0, side * 0.015)))
        painter.setBrush(QColor("#fbfaf5"))
    outline = QPainterPath()
    outline.addRoundedRect(body, radius, radius)
    painter.drawPath(tilt.map(outline))
    if face is None:
        painter.setPen(QColor("#9a9a9a"))
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(body.height() * 0.5)))
        painter.setFont(font)
        painter.drawText(body.translated(centre), Qt.AlignmentFlag.AlignCenter, "?")
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#1d1d1f") if face != 1 else QColor("#b3122e"))
        pip = body.width() * (0.2 if face == 1 else 0.155)
        step = body.width() * 0.29
        for column, row in PIPS[face]:
            at = tilt.map(QPointF((column - 1) * step, (row - 1) * step))
            painter.drawEllipse(at, pip / 2, pip / 2)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def die_icon(face: int, size: int = 32) -> QIcon:
    """A die face as an icon (the face menu of table mode)."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    paint_die(painter, QRectF(0, 0, size, size), face)
    painter.end()
    return QIcon(pixmap)


class DieWidget(QWidget):
    """One die of the tray: shows its face, is held by a click (Enter or Space with focus)."""

    clicked = Signal(int)
    face_typed = Signal(int, int)
    """(die index, face) when a digit is typed on a focused die in table mode."""

    def __init__(self, index: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.face: int | None = None
        self.held = False
        self.advised = False
        """The coach says to keep this die."""
        self.table_mode = False
        self._tumble = 0.0
        self._tumble_faces: list[int] = []
        self.faces = len(PIPS)
        """How many faces the die has (the game's), for the faces shown while it tumbles."""
        self._animation = QVariantAnimation(self)
        self._animation.setDuration(ROLL_ANIMATION_MS)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        self._animation.valueChanged.connect(self._on_tumble)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFixedSize(80, 80)
        self._describe()

    def sizeHint(self) -> QSize:
        """A comfortable die."""
        return QSize(80, 80)

    def show_face(self, face: int | None, held: bool, *, tumble: bool = False) -> None:
        """Show a face (None: not rolled or entered yet); `tumble` plays the roll animation."""
        self.face = face
        self.held = held
        if tumble and face is not None:
            self._tumble_faces = [random.randint(1, self.faces) for _ in range(4)]
            self._animation.stop()
            self._animation.start()
        self._describe()
        self.update()

    def stop_animation(self) -> None:
        """Show the real face at once."""
        self._animation.stop()
        self._tumble = 0.0
        self.update()

    @property
    def animating(self) -> bool:
        """True while the roll animation plays."""
        return self._animation.state() == QVariantAnimation.State.Running

    def _on_tumble(self, value: object) -> None:
        self._tumble = 0.0 if not isinstance(value, float) or value >= 1.0 else 1.0 - value
        self.update()

    def _describe(self) -> None:
        self.setAccessibleName(fill(translate("DiceTray", "Die %1"), str(self.index + 1)))
        if self.face is None:
            text = translate("DiceTray", "not rolled yet")
            if self.table_mode:
                text = translate("DiceTray", "no face yet: click or type 1 to 6")
        elif self.table_mode:
            text = fill(
                translate("DiceTray", "shows %1: click or type 1 to 6 to change"), str(self.face)
            )
        elif self.held:
            text = fill(translate("DiceTray", "shows %1, held"), str(self.face))
        else:
            text = fill(translate("DiceTray", "shows %1"), str(self.face))
        if self.advised:
            text += translate("DiceTray", "; the coach keeps it")
        self.setAccessibleDescription(text)
        self.setToolTip(f"{self.accessibleName()}: {text}")

    def retranslate(self) -> None:
        """Take the new language."""
        self._describe()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the die, and a caption under it when held."""
        painter = QPainter(self)
        caption = max(12.0, self.height() * 0.16)
        area = QRectF(self.rect()).adjusted(2, 2, -2, -2 - caption)
        side = min(area.width(), area.height())
        square = QRectF(0, 0, side, side)
        square.moveCenter(area.center())
        accent = self.palette().color(self.palette().ColorRole.Highlight)
        face = self.face
        angle = 0.0
        if self._tumble > 0 and face is not None and self._tumble_faces:
            step = min(len(self._tumble_faces) - 1, int((1 - self._tumble) * 6))
            face = self._tumble_faces[step] if self._tumble > 0.35 else self.face
            angle = 28.0 * self._tumble * (1 if self.index % 2 else -1)
        paint_die(painter, square, face, held=self.held, accent=accent, angle=angle)
        if self.advised and face is not None:
            pen = QPen(QColor(COACH_COLOUR), 3)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(square.adjusted(-1, -1, 1, 1), side * 0.16, side * 0.16)
        if self.hasFocus():
            pen = QPen(self.palette().color(self.palette().ColorRole.Highlight), 2)
            pen.setStyle(Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        if self.held and not self.table_mode:
            font = painter.font()
            font.setPixelSize(int(caption * 0.8))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(self.palette().color(self.palette().ColorRole.Text))
            text_rect = QRectF(0, self.height() - caption - 2, self.width(), caption)
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, translate("DiceTray", "held"))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click holds or releases (virtual dice) or asks for a face (table dice)."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.clicked.emit(self.index)
            event.accept()
            return
        super().mousePressEvent(event)

    def event(self, event: QEvent) -> bool:
        """In table mode a focused die takes the digits 1–6 before the window's shortcuts."""
        if (
            self.table_mode
            and event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.text() in self._face_keys()
        ):
            event.accept()
            return True
        return super().event(event)

    def _face_keys(self) -> tuple[str, ...]:
        return tuple(str(face) for face in range(1, self.faces + 1))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter toggles the hold; in table mode a digit 1–6 sets the face."""
        text = event.text()
        if self.table_mode and text in self._face_keys():
            self.face_typed.emit(self.index, int(text))
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.clicked.emit(self.index)
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Show the focus ring."""
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        """Hide the focus ring."""
        self.update()
        super().focusOutEvent(event)


class FacePicker(QFrame):
    """A popup row of the six faces, big enough to hit at a glance; keys 1–6 pick too."""

    def __init__(
        self, index: int, icon_size: int, parent: QWidget | None = None, *, faces: int = 6
    ) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(fill(translate("DiceTray", "Face of die %1"), str(index + 1)))
        self.chosen: int | None = None
        self._loop = QEventLoop(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.buttons: list[QToolButton] = []
        for face in range(1, faces + 1):
            button = QToolButton(self)
            button.setIcon(die_icon(face, icon_size * 2))
            button.setIconSize(QSize(icon_size, icon_size))
            button.setAutoRaise(True)
            button.setAccessibleName(str(face))
            button.setToolTip(str(face))
            button.clicked.connect(lambda _=False, f=face: self._choose(f))
            layout.addWidget(button)
            self.buttons.append(button)

    def pick(self, at: QPoint) -> int | None:
        """Show the faces at `at` and wait for a choice (None when dismissed)."""
        self.move(at)
        self.show()
        self.buttons[0].setFocus()
        self._loop.exec()
        return self.chosen

    def _choose(self, face: int) -> None:
        self.chosen = face
        self.close()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """1–6 pick a face; Escape closes."""
        if event.text() in tuple(str(face) for face in range(1, len(self.buttons) + 1)):
            self._choose(int(event.text()))
            return
        super().keyPressEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        """Stop waiting once the popup goes (chosen or dismissed)."""
        self._loop.quit()
        super().hideEvent(event)


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
