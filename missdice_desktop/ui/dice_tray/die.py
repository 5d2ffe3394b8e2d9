"""A die of the tray: drawn with real pips at any size, held by a click, tumbling when rolled."""

from __future__ import annotations

import random

from PySide6.QtCore import (
    QCoreApplication,
    QEasingCurve,
    QEvent,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QIcon,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

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

MAX_STILL_DICE = 64
_STILL_DICE: dict[tuple[object, ...], QPixmap] = {}
"""Dice at rest as drawn (by size, face, hold and accent): a roll shows faces already drawn."""


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
        self._shown: tuple[int | None, bool, bool] | None = None
        """The face, hold and table mode last drawn (the same again draws nothing anew)."""
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
        shown = (face, held, self.table_mode)
        changed = shown != self._shown
        self._shown = shown
        self.face = face
        self.held = held
        if tumble and face is not None:
            self._tumble_faces = [random.randint(1, self.faces) for _ in range(4)]
            self._animation.stop()
            self._animation.start()
        elif not changed:
            return  # the same die again: nothing to say or draw anew
        self._describe()
        self.update()

    def stop_animation(self) -> None:
        """Show the real face at once."""
        if self._tumble == 0.0 and not self.animating:
            return
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
        name = fill(translate("DiceTray", "Die %1"), str(self.index + 1))
        if name != self.accessibleName():
            self.setAccessibleName(name)
            self.setAccessibleDescription("")  # the tooltip names the die anew below
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
        if text != self.accessibleDescription():
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
        if angle:
            paint_die(painter, square, face, held=self.held, accent=accent, angle=angle)
        else:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)  # as paint_die's
            painter.drawPixmap(0, 0, self._still_die(square, face, accent))
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

    def _still_die(self, square: QRectF, face: int | None, accent: QColor) -> QPixmap:
        """The die at rest, drawn once for its size, face, hold and accent, then copied."""
        ratio = self.devicePixelRatioF()
        font = self.font().key()
        key = (self.width(), self.height(), ratio, face, self.held, accent.rgba(), font)
        pixmap = _STILL_DICE.get(key)
        if pixmap is None:
            if len(_STILL_DICE) >= MAX_STILL_DICE:
                _STILL_DICE.clear()
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            die_painter = QPainter(pixmap)
            die_painter.setFont(self.font())
            paint_die(die_painter, square, face, held=self.held, accent=accent)
            die_painter.end()
            _STILL_DICE[key] = pixmap
        return pixmap

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
