"""The free roller's view: pick dice (notation or buttons), roll, hold, reroll, see the total.

Each die is drawn with its own shape (d4 triangle, d6 square, d8 diamond, d10 kite,
d12 pentagon, d20 hexagon) and its number. The dice and the rolls are the pure
`rules.free_roller.FreeRoller`; this view draws it and remembers nothing itself.
"""

from __future__ import annotations

import math
import random

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.roller import (
    MAX_DICE,
    SHAPES,
    DiceSetup,
    FreeRoller,
    NotationError,
    parse_setup,
)
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
DICE_PER_ROW = 10

# Corner points of each shape on a unit square (x, y from 0 to 1).
_SHAPE_POINTS: dict[int, tuple[tuple[float, float], ...]] = {
    4: ((0.5, 0.04), (0.97, 0.9), (0.03, 0.9)),
    8: ((0.5, 0.02), (0.95, 0.5), (0.5, 0.98), (0.05, 0.5)),
    10: ((0.5, 0.02), (0.97, 0.42), (0.82, 0.8), (0.5, 0.98), (0.18, 0.8), (0.03, 0.42)),
    12: tuple(
        (0.5 + 0.48 * math.sin(math.radians(a)), 0.52 - 0.48 * math.cos(math.radians(a)))
        for a in range(0, 360, 72)
    ),
    20: tuple(
        (0.5 + 0.48 * math.sin(math.radians(a)), 0.5 - 0.48 * math.cos(math.radians(a)))
        for a in range(0, 360, 60)
    ),
}


def shape_outline(shape: int, rect: QRectF) -> QPolygonF:
    """The outline of a die of `shape` faces in `rect` (a square for the d6)."""
    points = _SHAPE_POINTS.get(shape, ((0.06, 0.06), (0.94, 0.06), (0.94, 0.94), (0.06, 0.94)))
    return QPolygonF(
        [QPointF(rect.left() + x * rect.width(), rect.top() + y * rect.height()) for x, y in points]
    )


class RollerDie(QWidget):
    """One die of the free roller: its shape, its number, held or not; a click holds it."""

    clicked = Signal(int)

    def __init__(self, index: int, shape: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.index = index
        self.shape = shape
        self.value: int | None = None
        self.held = False
        self.setFixedSize(72, 84)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def sizeHint(self) -> QSize:
        """A die and its caption."""
        return QSize(72, 84)

    def show_value(self, value: int | None, held: bool) -> None:
        """Show the die's number (None: not rolled yet)."""
        self.value, self.held = value, held
        shown = "?" if value is None else str(value)
        state = translate("FreeRoller", "held") if held else ""
        self.setAccessibleName(
            fill(translate("FreeRoller", "d%1 showing %2 %3"), str(self.shape), shown, state)
        )
        self.setToolTip(self.caption())
        self.update()

    def caption(self) -> str:
        """What is written under the die: its type, and whether it is held ("d8 held")."""
        kind = f"d{self.shape}"
        return fill(translate("FreeRoller", "%1 held"), kind) if self.held else kind

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click holds or releases the die."""
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit(self.index)

    def paintEvent(self, event: QPaintEvent) -> None:
        """The shape, the number in it, and "d8" (with "held" once held) under it."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        caption = 16.0
        side = min(self.width(), self.height() - caption) - 4
        body = QRectF((self.width() - side) / 2, 2, side, side)
        accent = self.palette().color(self.palette().ColorRole.Highlight)
        if self.held:
            painter.setPen(QPen(accent, 3))
            painter.setBrush(QColor("#fff4d6"))
        else:
            painter.setPen(QPen(QColor("#6b6b6b"), 1.2))
            painter.setBrush(QColor("#fbfaf5"))
        if self.shape == 6:
            painter.drawRoundedRect(body.adjusted(4, 4, -4, -4), side * 0.14, side * 0.14)
        else:
            painter.drawPolygon(shape_outline(self.shape, body))
        font = QFont(painter.font())
        font.setBold(True)
        font.setPixelSize(int(side * (0.3 if self.shape == 4 else 0.36)))
        painter.setFont(font)
        painter.setPen(QColor("#1d1d1f") if self.value is not None else QColor("#9a9a9a"))
        text_box = body.adjusted(0, side * 0.18, 0, 0) if self.shape == 4 else body
        shown = "?" if self.value is None else str(self.value)
        painter.drawText(text_box, Qt.AlignmentFlag.AlignCenter, shown)
        small = QFont(painter.font())
        small.setBold(self.held)
        small.setPixelSize(12)
        painter.setFont(small)
        painter.setPen(self.palette().color(self.palette().ColorRole.Text))
        painter.drawText(
            QRectF(0, self.height() - caption, self.width(), caption),
            Qt.AlignmentFlag.AlignCenter,
            self.caption(),
        )
        if self.hasFocus():
            pen = QPen(accent, 1)
            pen.setStyle(Qt.PenStyle.DotLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.end()


class FreeRollerView(QWidget):
    """Dice notation or buttons, the dice, Roll, the total and the last 20 rolls."""

    setup_changed = Signal(str)
    """The dice chosen changed (their notation), for the settings."""
    back_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, seed: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("freeRoller")
        self.roller = FreeRoller()
        self._random = random.Random(seed)
        self.notation = QLineEdit(self)
        self.notation.setObjectName("rollerNotation")
        self.notation.setPlaceholderText("2d6+d20")
        self.notation_label = QLabel(self)
        self.notation_label.setBuddy(self.notation)
        self.set_button = QPushButton(self)
        self.set_button.setObjectName("rollerSet")
        self.add_buttons: dict[int, QPushButton] = {}
        for shape in SHAPES:
            button = QPushButton(f"+d{shape}", self)
            button.setObjectName(f"rollerAdd{shape}")
            button.clicked.connect(lambda _=False, s=shape: self.add_die(s))
            self.add_buttons[shape] = button
        self.clear_button = QPushButton(self)
        self.clear_button.setObjectName("rollerClear")
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("rollerRoll")
        self.total_label = QLabel(self)
        self.total_label.setObjectName("rollerTotal")
        total_font = QFont(self.total_label.font())
        total_font.setPixelSize(26)
        total_font.setBold(True)
        self.total_label.setFont(total_font)
        self.roll_button.setFont(total_font)
        self.roll_button.setMinimumHeight(48)
        self.message = QLabel(self)
        self.message.setObjectName("rollerMessage")
        self.history = QListWidget(self)
        self.history.setObjectName("rollerHistory")
        self.history_box = QGroupBox(self)
        history_layout = QVBoxLayout(self.history_box)
        history_layout.addWidget(self.history)
        self.history_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("rollerBack")
        self.dice: list[RollerDie] = []
        self._dice_grid = QGridLayout()
        self._dice_grid.setSpacing(8)

        setup = QHBoxLayout()
        setup.addWidget(self.notation_label)
        setup.addWidget(self.notation, 1)
        setup.addWidget(self.set_button)
        buttons = QHBoxLayout()
        for button in self.add_buttons.values():
            buttons.addWidget(button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button)
        roll_row.addSpacing(16)
        roll_row.addWidget(self.total_label)
        roll_row.addStretch(1)
        roll_row.addWidget(self.back_button)
        left = QVBoxLayout()
        left.addLayout(setup)
        left.addLayout(buttons)
        left.addWidget(self.message)
        left.addLayout(self._dice_grid)
        left.addLayout(roll_row)
        left.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addLayout(left, 3)
        layout.addWidget(self.history_box, 1)

        self.notation.returnPressed.connect(self.use_notation)
        self.set_button.clicked.connect(self.use_notation)
        self.clear_button.clicked.connect(self.clear)
        self.roll_button.clicked.connect(self.roll)
        self.back_button.clicked.connect(self.back_requested)
        self._rebuild()
        self.retranslate()

    def retranslate(self) -> None:
        """Take the new language."""
        self.notation_label.setText(translate("FreeRoller", "&Dice:"))
        self.notation.setToolTip(
            translate("FreeRoller", "Dice notation, e.g. 2d6+d20 or d20+3; then Enter")
        )
        self.set_button.setText(translate("FreeRoller", "&Use"))
        self.clear_button.setText(translate("FreeRoller", "C&lear"))
        self.roll_button.setText(translate("FreeRoller", "&Roll (Space)"))
        self.back_button.setText(translate("FreeRoller", "&Back to the game"))
        self.history_box.setTitle(translate("FreeRoller", "Last rolls"))
        self.message.setText("")
        self._show()

    # The dice chosen ---------------------------------------------------------------------------

    def set_setup(self, text: str) -> bool:
        """Use the dice written in `text` (a remembered set-up); False when it is not valid."""
        try:
            setup = parse_setup(text)
        except NotationError:
            return False
        self.roller.set_dice(setup.faces, setup.modifier)
        self._rebuild()
        return True

    def use_notation(self) -> None:
        """The dice typed in the notation field; then Roll has the focus, so Space rolls."""
        try:
            setup = parse_setup(self.notation.text())
        except NotationError as error:
            self.message.setText(fill(translate("FreeRoller", "Not dice notation: %1"), error))
            return
        self._set_setup(setup)
        self.roll_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def add_die(self, shape: int) -> None:
        """One more die of `shape` faces."""
        if len(self.roller.faces) >= MAX_DICE:
            self.message.setText(fill(translate("FreeRoller", "At most %1 dice."), str(MAX_DICE)))
            return
        self._set_setup(DiceSetup((*self.roller.faces, shape), self.roller.modifier))

    def clear(self) -> None:
        """Back to a single d6."""
        self._set_setup(DiceSetup((6,)))

    def _set_setup(self, setup: DiceSetup) -> None:
        self.roller.set_dice(setup.faces, setup.modifier)
        self.message.setText("")
        self._rebuild()
        self.setup_changed.emit(setup.notation)

    # Rolling -----------------------------------------------------------------------------------

    def roll(self) -> None:
        """Roll the dice not held."""
        throw = self.roller.roll(self._random)
        values = " ".join(str(value) for value in throw.values)
        self.history.insertItem(
            0,
            fill(
                translate("FreeRoller", "%1 ← %2 (%3)"),
                throw.total,
                values,
                DiceSetup(throw.faces, throw.modifier).notation,
            ),
        )
        while self.history.count() > len(self.roller.history):
            self.history.takeItem(self.history.count() - 1)
        self._show()

    def toggle_hold(self, index: int) -> None:
        """Hold or release one die (once rolled)."""
        if not self.roller.values:
            self.message.setText(
                translate("FreeRoller", "Roll first, then click a die to hold it.")
            )
            return
        self.roller.hold(index)
        self._show()

    def _rebuild(self) -> None:
        for die in self.dice:
            self._dice_grid.removeWidget(die)
            die.hide()
            die.deleteLater()
        self.dice = []
        for index, shape in enumerate(self.roller.faces):
            die = RollerDie(index, shape, self)
            die.clicked.connect(self.toggle_hold)
            self._dice_grid.addWidget(die, index // DICE_PER_ROW, index % DICE_PER_ROW)
            self.dice.append(die)
        self.notation.setText(self.roller.setup.notation)
        self._show()

    def _show(self) -> None:
        values = self.roller.values
        for index, die in enumerate(self.dice):
            die.show_value(values[index] if values else None, self.roller.held[index])
        self.total_label.setText(
            fill(translate("FreeRoller", "Total: %1"), str(self.roller.total))
            if values
            else translate("FreeRoller", "Press Roll (Space).")
        )
