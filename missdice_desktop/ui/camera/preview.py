"""The camera's preview: the latest frame, scaled to fit, with every die read outlined.

A die is picked by a click or by its number on the keyboard, and fixed by a value key.
"""

from __future__ import annotations

import math

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from missdice_desktop.ui.camera.words import die_text
from missdice_desktop.ui.texts import fill
from vision.types import Reading
from vision.vote import SceneReading, VotedDie

translate = QCoreApplication.translate

UNSURE_COLOUR = QColor(255, 170, 0)
"""Ring of an unsure die (amber); its badge also carries a "?" and its outline is dashed."""
SURE_COLOUR = QColor(60, 220, 90)
ASIDE_COLOUR = QColor(150, 150, 150)
BACKGROUND = QColor(24, 24, 24)
"""Around the picture, where its shape leaves the preview bare."""


class CameraPreview(QWidget):
    """The latest frame, scaled to fit, with every die read outlined, numbered and labelled.

    A die is clicked to fix it; with the keyboard, its number (1..9, left to right) picks it and
    a value key (1..6) sets it, 0 or Delete sets it aside. Unsure dice have an amber dashed
    ring and a "?" after their value; dice set aside are grey and crossed out.
    """

    die_clicked = Signal(int, QPoint)
    """A die was clicked: its index and where (global coordinates), to offer its values."""
    die_fixed = Signal(int, int)
    """A die was set from the keyboard: its index and value (0: not in play)."""
    paint_size_changed = Signal(QSize)
    """The preview's size in device pixels changed: frames are best sent at most that big."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.frame_size = QSize()
        """The camera frame's own size (the image may be shrunk to the painted size): the dice
        are placed in its pixels."""
        self._overlay: tuple[QImage, QPointF] | None = None
        self._overlay_key: tuple[object, ...] = ()
        self.scene = SceneReading()
        self.picked: int | None = None
        """The die picked by its number, waiting for a value key."""
        self.setMinimumSize(240, 180)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.retranslate_ui()

    @property
    def reading(self) -> Reading:
        """The dice shown, as a plain reading."""
        return self.scene.as_reading()

    def retranslate_ui(self) -> None:
        """Accessible texts in the current language."""
        self.setAccessibleName(translate("CameraPanel", "Camera preview"))
        self._describe()

    def show_image(self, image: QImage, frame_size: QSize | None = None) -> None:
        """Show a new frame: `image`, the frame shrunk from `frame_size` (by default, its own
        size). The same image again (a still video or photo) is not painted again."""
        size = image.size() if frame_size is None else QSize(frame_size)
        if image.cacheKey() == self.image.cacheKey() and size == self.frame_size:
            return
        self.image, self.frame_size = image, size
        self.update()

    def show_scene(self, scene: SceneReading) -> None:
        """Outline the dice of a new reading."""
        self.scene = scene
        if self.picked is not None and self.picked >= len(scene.dice):
            self.picked = None
        self._describe()
        self.update()

    def show_reading(self, reading: Reading) -> None:
        """Outline the dice of a plain reading (all sure)."""
        self.show_scene(
            SceneReading(
                tuple(
                    VotedDie(d.value, d.center, d.size, d.angle, d.confidence, (d.value,), False)
                    for d in reading.dice
                ),
                reading.flags,
                1,
            )
        )

    def _describe(self) -> None:
        texts = [die_text(n, die) for n, die in enumerate(self.scene.dice)]
        self.setAccessibleDescription(
            fill(translate("CameraPanel", "Dice read: %1"), "; ".join(texts) or "-")
            + " "
            + translate("CameraPanel", "Press a die's number, then its value, to fix it.")
        )

    def clear(self) -> None:
        """Show nothing (no source)."""
        self.image = QImage()
        self.frame_size = QSize()
        self.scene = SceneReading()
        self.picked = None
        self.update()

    def sizeHint(self) -> QSize:
        """4:3, a comfortable size beside the sheet."""
        return QSize(400, 300)

    def hasHeightForWidth(self) -> bool:
        """The preview keeps the picture's shape."""
        return True

    def heightForWidth(self, width: int) -> int:
        """As tall as the picture is at this width (4:3 before the first frame)."""
        if self.image.isNull():
            return width * 3 // 4
        return width * self.frame_size.height() // max(1, self.frame_size.width())

    def device_size(self) -> QSize:
        """The preview's size in device pixels (what a frame is painted at most)."""
        ratio = self.devicePixelRatioF()
        return QSize(round(self.width() * ratio), round(self.height() * ratio))

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Say the new size, so that frames come shrunk to it."""
        super().resizeEvent(event)
        self.paint_size_changed.emit(self.device_size())

    def _geometry(self) -> tuple[float, float, float]:
        frame = self.frame_size
        scale = min(self.width() / frame.width(), self.height() / frame.height())
        left = (self.width() - frame.width() * scale) / 2
        top = (self.height() - frame.height() * scale) / 2
        return scale, left, top

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the frame, the bands beside it and the dice's overlay. The preview paints every
        pixel itself (`WA_OpaquePaintEvent`): Qt fills no background under it."""
        painter = QPainter(self)
        if self.image.isNull():
            painter.fillRect(self.rect(), BACKGROUND)
            painter.setPen(QColor(200, 200, 200))
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter, translate("CameraPanel", "No picture")
            )
            painter.end()
            return
        scale, left, top = self._geometry()
        target = self._picture_rect(scale, left, top)
        for band in _bands(QRectF(self.rect()), target):
            painter.fillRect(band, BACKGROUND)
        painter.drawImage(target, self.image)
        if self.scene.dice:
            overlay, origin = self._dice_overlay(scale, left, top)
            painter.drawImage(origin, overlay)
        if self.hasFocus():
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(self.palette().highlight().color(), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.end()

    def picture_rect(self) -> QRectF:
        """Where the frame is painted, on whole device pixels (the bands beside it are filled)."""
        return self._picture_rect(*self._geometry())

    def _picture_rect(self, scale: float, left: float, top: float) -> QRectF:
        width, height = self.frame_size.width() * scale, self.frame_size.height() * scale
        ratio = self.devicePixelRatioF()
        x, y = round(left * ratio), round(top * ratio)
        shrunk = QSizeF(self.image.size()) / ratio
        if abs(shrunk.width() - width) <= 1 and abs(shrunk.height() - height) <= 1:
            w, h = self.image.width(), self.image.height()  # made at this size: pixel for pixel
        else:
            w, h = round((left + width) * ratio) - x, round((top + height) * ratio) - y
        return QRectF(x / ratio, y / ratio, w / ratio, h / ratio)

    def _dice_overlay(self, scale: float, left: float, top: float) -> tuple[QImage, QPointF]:
        """The dice's outlines, badges and numbers on a transparent image, and where it goes:
        it covers only the dice (blended over every frame), drawn again only when the scene,
        the die picked or the size changes (not for every frame)."""
        ratio = self.devicePixelRatioF()
        key = (self.scene, self.picked, self.size(), ratio, self.frame_size, self.font())
        if self._overlay is not None and key == self._overlay_key:
            return self._overlay
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(12, round(16 * max(scale, 0.6))))
        small = QFont(font)
        small.setPixelSize(max(10, round(font.pixelSize() * 0.75)))
        shapes = [_die_shapes(die, scale, left, top, font, small) for die in self.scene.dice]
        bounds = QRectF()
        for transform, box, badge, tag in shapes:
            bounds = bounds.united(transform.mapRect(box)).united(badge).united(tag)
        # Pens up to 4 px wide, antialiased: 3 px on every side hold them.
        bounds = bounds.adjusted(-3, -3, 3, 3).intersected(QRectF(self.rect()))
        device = QRectF(
            bounds.left() * ratio,
            bounds.top() * ratio,
            bounds.width() * ratio,
            bounds.height() * ratio,
        ).toAlignedRect()
        origin = QPointF(device.left() / ratio, device.top() / ratio)
        overlay = QImage(
            max(1, device.width()),
            max(1, device.height()),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        overlay.setDevicePixelRatio(ratio)
        overlay.fill(Qt.GlobalColor.transparent)
        painter = QPainter(overlay)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shift = QTransform().translate(-origin.x(), -origin.y())
        for number, (die, (transform, box, badge, tag)) in enumerate(
            zip(self.scene.dice, shapes, strict=True)
        ):
            colour = (
                ASIDE_COLOUR if not die.in_play else UNSURE_COLOUR if die.unsure else SURE_COLOUR
            )
            painter.setTransform(transform * shift)
            pen = QPen(colour, 4.0 if number == self.picked else 2.5)
            if die.unsure and die.in_play:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(box, 4, 4)
            if not die.in_play:
                painter.drawLine(box.topLeft(), box.bottomRight())
                painter.drawLine(box.topRight(), box.bottomLeft())
            painter.setTransform(shift)
            painter.setFont(font)
            radius = badge.height() / 2
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(badge, radius, radius)
            painter.setPen(QColor(0, 0, 0))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, _badge_text(die))
            # the die's number, for the keyboard: "press its number, then a value"
            painter.setFont(small)
            painter.setBrush(QColor(0, 0, 0, 190))
            painter.drawRect(tag)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, str(number + 1))
        painter.end()
        self._overlay, self._overlay_key = (overlay, origin), key
        return overlay, origin

    def die_centres(self) -> list[QPointF]:
        """Where the dice are drawn (for clicks, tests and accessibility checks)."""
        if self.image.isNull():
            return []
        scale, left, top = self._geometry()
        return [
            QPointF(left + d.center[0] * scale, top + d.center[1] * scale) for d in self.scene.dice
        ]

    def die_at(self, point: QPointF) -> int | None:
        """The die drawn under `point`, or None."""
        if self.image.isNull():
            return None
        scale = self._geometry()[0]
        best, best_distance = None, math.inf
        for index, (centre, die) in enumerate(
            zip(self.die_centres(), self.scene.dice, strict=True)
        ):
            distance = math.dist((centre.x(), centre.y()), (point.x(), point.y()))
            if distance <= 0.75 * max(die.size) * scale + 6 and distance < best_distance:
                best, best_distance = index, distance
        return best

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on a die offers its values."""
        index = self.die_at(event.position())
        if index is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.picked = index
        self.update()
        self.die_clicked.emit(index, event.globalPosition().toPoint())

    def event(self, event: QEvent) -> bool:
        """Digits typed here pick and set dice, before the window's own digit shortcuts."""
        if event.type() == QEvent.Type.DevicePixelRatioChange:
            self.paint_size_changed.emit(self.device_size())
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (
                event.key() in _DIGIT_KEYS or event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Escape)
            )
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Number then value: "3" then "5" sets die 3 to 5; "0" or Delete sets it aside."""
        key = event.key()
        if key == Qt.Key.Key_Escape and self.picked is not None:
            self.picked = None
            self.update()
            return
        digit = _DIGIT_KEYS.get(Qt.Key(key)) if key in _DIGIT_KEYS else None
        if self.picked is None:
            if digit is not None and 1 <= digit <= len(self.scene.dice):
                self.picked = digit - 1
                self.update()
                return
        else:
            index = self.picked
            if (digit is not None and digit <= 6) or key == Qt.Key.Key_Delete:
                self.picked = None
                self.update()
                self.die_fixed.emit(index, 0 if digit is None else digit)
                return
        super().keyPressEvent(event)


def _bands(whole: QRectF, picture: QRectF) -> list[QRectF]:
    """The parts of `whole` outside `picture`: above, below, left and right of it."""
    bottom, right = picture.bottom(), picture.right()
    bands = [
        QRectF(whole.left(), whole.top(), whole.width(), picture.top() - whole.top()),
        QRectF(whole.left(), bottom, whole.width(), whole.bottom() - bottom),
        QRectF(whole.left(), picture.top(), picture.left() - whole.left(), picture.height()),
        QRectF(right, picture.top(), whole.right() - right, picture.height()),
    ]
    return [band for band in bands if band.width() > 0 and band.height() > 0]


def _badge_text(die: VotedDie) -> str:
    """A die's value as its badge shows it: with a "?" while it is unsure and in play."""
    return f"{die.value}?" if die.unsure and die.in_play else str(die.value)


def _die_shapes(
    die: VotedDie, scale: float, left: float, top: float, font: QFont, small: QFont
) -> tuple[QTransform, QRectF, QRectF, QRectF]:
    """Where a die's overlay goes: its outline's transform and box, its badge and its number."""
    cx, cy = left + die.center[0] * scale, top + die.center[1] * scale
    w, h = die.size[0] * scale, die.size[1] * scale
    transform = QTransform().translate(cx, cy).rotate(die.angle)
    box = QRectF(-w / 2, -h / 2, w, h)
    radius = max(11.0, font.pixelSize() * 0.8)
    badge_width = 2 * radius + (font.pixelSize() * 0.6 if len(_badge_text(die)) > 1 else 0)
    badge = QRectF(cx - badge_width / 2, cy - h / 2 - 2 * radius - 2, badge_width, 2 * radius)
    if badge.top() < top:
        badge.moveTop(cy + h / 2 + 2)
    tag = QRectF(cx - w / 2 - 2, cy - h / 2 - 2, small.pixelSize() * 1.4, small.pixelSize() * 1.4)
    return transform, box, badge, tag


_DIGIT_KEYS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}
