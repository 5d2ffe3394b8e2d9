"""The camera panel: live preview with what was read, a stability gate, and "Use these dice"."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QTransform,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.rules import DICE_COUNT
from missdice_desktop.ui.texts import fill
from vision.problems import SourceProblem
from vision.types import Reading
from vision.vote import SceneReading, VotedDie

if TYPE_CHECKING:  # OpenCV (and numpy) load when the camera first opens, not with the window
    import numpy as np
    import numpy.typing as npt

    from missdice_desktop.ui.camera.learned import LearnedDiceKeeper
    from missdice_desktop.ui.camera.worker import CameraWorker
    from vision.sources import FrameSource

translate = QCoreApplication.translate
DEMO = "demo"
CAMERA_INDICES = range(4)
CODE_FORGET_SECONDS = 3.0

SourceFactory = Callable[[str], "FrameSource"]
_FINISHING: set[CameraWorker] = set()
"""Workers asked to stop whose thread still runs (a camera may take seconds to open)."""


def _forget(worker: CameraWorker) -> None:
    _FINISHING.discard(worker)
    worker.deleteLater()


def open_source(spec: str) -> FrameSource:
    """The frame source for a settings value: "demo", a camera index, a video or a folder."""
    from vision.sources import ImageFolderSource, source_for

    if spec == DEMO:
        return ImageFolderSource(camera_demo_dir(), seconds_each=4.0)
    return source_for(spec)


UNSURE_COLOUR = QColor(255, 170, 0)
"""Ring of an unsure die (amber); its badge also carries a "?" and its outline is dashed."""
SURE_COLOUR = QColor(60, 220, 90)
ASIDE_COLOUR = QColor(150, 150, 150)


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

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.scene = SceneReading()
        self.picked: int | None = None
        """The die picked by its number, waiting for a value key."""
        self.setMinimumSize(240, 180)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.retranslate_ui()

    @property
    def reading(self) -> Reading:
        """The dice shown, as a plain reading."""
        return self.scene.as_reading()

    def retranslate_ui(self) -> None:
        """Accessible texts in the current language."""
        self.setAccessibleName(translate("CameraPanel", "Camera preview"))
        self._describe()

    def show_image(self, image: QImage) -> None:
        """Show a new frame."""
        self.image = image
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
        return width * self.image.height() // max(1, self.image.width())

    def _geometry(self) -> tuple[float, float, float]:
        scale = min(self.width() / self.image.width(), self.height() / self.image.height())
        left = (self.width() - self.image.width() * scale) / 2
        top = (self.height() - self.image.height() * scale) / 2
        return scale, left, top

    def paintEvent(self, event: QPaintEvent) -> None:
        """Draw the frame and the overlay."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(24, 24, 24))
        if self.image.isNull():
            painter.setPen(QColor(200, 200, 200))
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter, translate("CameraPanel", "No picture")
            )
            return
        scale, left, top = self._geometry()
        width, height = self.image.width() * scale, self.image.height() * scale
        painter.drawImage(QRectF(left, top, width, height), self.image)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(12, round(16 * max(scale, 0.6))))
        small = QFont(font)
        small.setPixelSize(max(10, round(font.pixelSize() * 0.75)))
        for number, die in enumerate(self.scene.dice):
            colour = (
                ASIDE_COLOUR if not die.in_play else UNSURE_COLOUR if die.unsure else SURE_COLOUR
            )
            cx, cy = left + die.center[0] * scale, top + die.center[1] * scale
            w, h = die.size[0] * scale, die.size[1] * scale
            painter.setTransform(QTransform().translate(cx, cy).rotate(die.angle))
            pen = QPen(colour, 4.0 if number == self.picked else 2.5)
            if die.unsure and die.in_play:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            box = QRectF(-w / 2, -h / 2, w, h)
            painter.drawRoundedRect(box, 4, 4)
            if not die.in_play:
                painter.drawLine(box.topLeft(), box.bottomRight())
                painter.drawLine(box.topRight(), box.bottomLeft())
            painter.resetTransform()
            painter.setFont(font)
            label = f"{die.value}?" if die.unsure and die.in_play else str(die.value)
            radius = max(11.0, font.pixelSize() * 0.8)
            badge_width = 2 * radius + (font.pixelSize() * 0.6 if len(label) > 1 else 0)
            badge = QRectF(
                cx - badge_width / 2, cy - h / 2 - 2 * radius - 2, badge_width, 2 * radius
            )
            if badge.top() < top:
                badge.moveTop(cy + h / 2 + 2)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(badge, radius, radius)
            painter.setPen(QColor(0, 0, 0))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, label)
            # the die's number, for the keyboard: "press its number, then a value"
            painter.setFont(small)
            tag = QRectF(
                cx - w / 2 - 2, cy - h / 2 - 2, small.pixelSize() * 1.4, small.pixelSize() * 1.4
            )
            painter.setBrush(QColor(0, 0, 0, 190))
            painter.drawRect(tag)
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, str(number + 1))
        if self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(self.rect()).adjusted(1, 1, -1, -1))
        painter.end()

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


_DIGIT_KEYS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}


def die_text(index: int, die: VotedDie) -> str:
    """A die's name and state for screen readers and the dice buttons."""
    if not die.in_play:
        return fill(translate("CameraPanel", "Die %1: %2, not in play"), index + 1, die.value)
    if die.unsure:
        return fill(translate("CameraPanel", "Die %1: %2, unsure"), index + 1, die.value)
    if die.fixed:
        return fill(translate("CameraPanel", "Die %1: %2, set by you"), index + 1, die.value)
    return fill(translate("CameraPanel", "Die %1: %2"), index + 1, die.value)


SEEN_SECONDS = 0.05
"""A new reading is offered this long after it is shown: a click already on its way (the window
was busy) cannot take dice the player never saw."""


class CameraPanel(QWidget):
    """Reads the dice on the table once they rest and offers them to the current turn; an
    unsure die is marked and fixed in one click (or two keys) before the dice are used."""

    dice_chosen = Signal(tuple)
    """The player (or the automatic mode) chose these dice for the turn."""
    source_chosen = Signal(str)
    """The player picked another source (a settings value to remember)."""
    ready_changed = Signal(bool)
    """Whether steady dice are on offer ("Use these dice" can be pressed)."""
    code_seen = Signal(str)
    """A QR code came into view (its text; once, until it has been out of view a while)."""

    def __init__(
        self,
        source_spec: str = DEMO,
        *,
        open_source: SourceFactory = open_source,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._open_source = open_source
        self._worker: CameraWorker | None = None
        self._status_text: Callable[[], str] = str
        self._stable: tuple[int, ...] | None = None
        self._last_used: tuple[int, ...] | None = None
        self._stale = False
        """The reading was forgotten (turn over): not offered again until the dice move."""
        self.expected_count = DICE_COUNT
        """How many dice a throw of the game in play has; other counts are refused."""
        self.source_spec = source_spec
        self.scene = SceneReading()
        self._crops: npt.NDArray[np.uint8] | None = None
        self._moving = False
        self.error = ""
        self._code_shown: str | None = None
        self._code_last_seen = 0.0
        self.learned: LearnedDiceKeeper | None = None
        """The family's learned dice (None: none are kept)."""
        self.ask_unsure: Callable[[str], bool] = self._ask_unsure
        """Asks the player whether to use dice with an unsure die (replaced in tests)."""
        self._seen_timer = QTimer(self)
        self._seen_timer.setSingleShot(True)
        self._seen_timer.setInterval(round(SEEN_SECONDS * 1000))
        self._seen_timer.timeout.connect(self._offer)

        self.sources = QComboBox()
        self.sources.setAccessibleName(translate("CameraPanel", "Camera"))
        self.open_button = QPushButton()
        self.preview = CameraPreview()
        self.preview.die_clicked.connect(self._offer_values)
        self.preview.die_fixed.connect(self.fix_die)
        self.dice_row = QHBoxLayout()
        self.dice_row.setSpacing(4)
        self.dice_buttons: list[QToolButton] = []
        self.status = QLabel()
        self.status.setWordWrap(True)
        status_font = QFont(self.status.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.2)
        self.status.setFont(status_font)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use_button = QPushButton()
        self.use_button.setEnabled(False)
        self.automatic = QCheckBox()
        self.forget_button = QPushButton()
        self.forget_button.hide()
        self.forget_button.clicked.connect(self.forget_learned_dice)
        self.learned_note = QLabel()
        self.learned_note.setWordWrap(True)
        self.learned_note.hide()
        self.code_note = QLabel()
        self.code_note.setObjectName("codeNote")
        self.code_note.setWordWrap(True)
        self.code_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_note.hide()
        self._code_note_text: Callable[[], str] = str
        self._learned_note_text: Callable[[], str] = str

        top = QHBoxLayout()
        top.addWidget(self.sources, 1)
        top.addWidget(self.open_button)
        self.dice_row.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.use_button)
        buttons.addStretch(1)
        buttons.addWidget(self.forget_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.preview)
        layout.addLayout(self.dice_row)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        layout.addWidget(self.automatic)
        layout.addWidget(self.learned_note)
        layout.addWidget(self.code_note)
        layout.addStretch(1)
        self.setMinimumWidth(260)

        self._fill_sources()
        self.sources.activated.connect(self._on_source_picked)
        self.open_button.clicked.connect(self.restart)
        self.use_button.clicked.connect(self.use_dice)
        self.retranslate_ui()

    @property
    def reading(self) -> Reading:
        """The dice in play of the scene shown, as a plain reading."""
        return self.scene.as_reading()

    # Sources -----------------------------------------------------------------------------------

    def _fill_sources(self) -> None:
        self.sources.clear()
        self.sources.addItem("", DEMO)
        for index in CAMERA_INDICES:
            self.sources.addItem("", str(index))
        self.sources.addItem("", "file")
        self.sources.addItem("", "folder")
        if self.sources.findData(self.source_spec) < 0:
            self.sources.insertItem(
                self.sources.count() - 2, Path(self.source_spec).name, self.source_spec
            )
        self.sources.setCurrentIndex(self.sources.findData(self.source_spec))
        self._name_sources()

    def _name_sources(self) -> None:
        names = {
            DEMO: translate("CameraPanel", "Demo (photos of dice)"),
            "file": translate("CameraPanel", "Video file…"),
            "folder": translate("CameraPanel", "Folder of photos…"),
        }
        for index in CAMERA_INDICES:
            names[str(index)] = fill(translate("CameraPanel", "Camera %1"), str(index))
        for spec, name in names.items():
            self.sources.setItemText(self.sources.findData(spec), name)

    def _on_source_picked(self, index: int) -> None:
        spec = self.sources.itemData(index)
        if spec == "file":
            path, _ = QFileDialog.getOpenFileName(
                self,
                translate("CameraPanel", "Play a video of dice"),
                "",
                translate("CameraPanel", "Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)"),
            )
            spec = path
        elif spec == "folder":
            spec = QFileDialog.getExistingDirectory(
                self, translate("CameraPanel", "Play a folder of photos of dice")
            )
        if not spec:
            self.sources.setCurrentIndex(self.sources.findData(self.source_spec))
            return
        self.source_spec = spec
        self._fill_sources()
        self.source_chosen.emit(spec)
        self.restart()

    def set_source(self, spec: str) -> None:
        """Read from `spec` ("demo", a camera index, a video file or a folder) from now on."""
        self.source_spec = spec
        self._fill_sources()
        if self.running:
            self.restart()

    def set_learned_file(self, path: Path | None) -> None:
        """Keep the family's learned dice in `path` (None: keep none)."""
        from missdice_desktop.ui.camera.learned import LearnedDiceKeeper

        self.learned = None if path is None else LearnedDiceKeeper(path)
        self.forget_button.setVisible(path is not None)
        self._name_forget_button()

    def start(self) -> None:
        """Open the current source in a worker thread (a slow camera never blocks the window)."""
        self.stop()
        self.error = ""
        self._code_shown = None
        self.show_code_note(None)
        try:
            source = self._open_source(self.source_spec)
        except Exception as error:  # a bad settings value: say it, keep the game going
            self._on_failed(SourceProblem.UNREADABLE.value, str(error))
            return
        self._show_status(lambda: fill(translate("CameraPanel", "Opening %1…"), source.name))
        from missdice_desktop.ui.camera.worker import CameraWorker

        learned = self.learned
        if learned is not None:
            learned.load()
            self._say_learned_problem()
        worker = (
            CameraWorker(source)
            if learned is None
            else CameraWorker(source, refiner=learned.refine)
        )
        worker.opened.connect(self._on_opened)
        worker.frame_captured.connect(self._on_frame)
        worker.motion_changed.connect(self._on_motion)
        worker.scene_read.connect(self._on_scene)
        worker.failed.connect(self._on_failed)
        worker.codes_read.connect(self._on_codes)
        self._worker = worker
        worker.start()
        self._name_open_button()

    def restart(self) -> None:
        """Open the source again (after an error, or another source was picked)."""
        self.start()

    def stop(self) -> None:
        """Stop reading and release the camera, without waiting for a camera still opening.

        The last reading goes with it: it belongs to the frames it came from.
        """
        worker, self._worker = self._worker, None
        self._last_used = None
        self._stale = False
        self._show_scene(SceneReading(), None)
        self._name_open_button()
        if worker is None:
            return
        for signal in (
            worker.opened,
            worker.frame_captured,
            worker.motion_changed,
            worker.scene_read,
            worker.failed,
            worker.codes_read,
        ):
            signal.disconnect()
        worker.request_stop()
        if worker.isRunning():
            # Qt aborts if a running thread is destroyed: keep it until it has finished,
            # even if this panel goes first.
            _FINISHING.add(worker)
            worker.finished.connect(lambda: _forget(worker))
        else:
            worker.deleteLater()

    def shut_down(self, seconds: float = 5.0) -> None:
        """Stop, and give threads still opening a camera a few seconds to let it go."""
        self.stop()
        for worker in tuple(_FINISHING):
            worker.wait(round(seconds * 1000))

    @property
    def running(self) -> bool:
        """Whether a source is being read."""
        return self._worker is not None and self._worker.isRunning()

    @property
    def reads(self) -> int:
        """Frames read by the current source's reader (0 when none is open)."""
        return 0 if self._worker is None else self._worker.reads

    # Frames ------------------------------------------------------------------------------------

    def _on_opened(self, name: str) -> None:
        self._show_status(
            lambda: fill(translate("CameraPanel", "%1: roll the dice in view."), name)
        )

    def _on_frame(self, image: QImage) -> None:
        worker = self._worker
        if worker is None or self.sender() is not worker:
            return
        self.preview.show_image(image)
        worker.frame_shown()

    def _on_motion(self, moving: bool) -> None:
        if self.sender() is not self._worker:
            return
        self._moving = moving
        if moving:
            # The dice shown belong to a scene that is going: withdraw them.
            self._stale = False
            self._show_scene(SceneReading(), None)
            self._show_status(lambda: translate("CameraPanel", "Waiting for the dice to stop…"))

    def _on_scene(self, scene: SceneReading, crops: object, rest: float) -> None:
        if self.sender() is not self._worker:
            return
        self._stale = False
        if not scene.dice:
            self._last_used = None  # the dice were picked up: the next roll is new
        self._show_scene(scene, crops if hasattr(crops, "shape") else None)  # type: ignore[arg-type]

    def _show_scene(self, scene: SceneReading, crops: npt.NDArray[np.uint8] | None) -> None:
        self.scene = scene
        self._crops = crops
        self.preview.show_scene(scene)
        self._fill_dice_buttons()
        self._set_stable(None)
        self._update_offer(new=True)

    def _update_offer(self, *, new: bool = False) -> None:
        """Say what the scene shows, and offer it (after SEEN_SECONDS) when it may be used."""
        scene = self.scene
        usable = bool(scene.dice) and not self._stale and len(scene.in_play) == self.expected_count
        if not usable:
            self._seen_timer.stop()
            self._set_stable(None)
        elif new or self._stable is None:
            self._seen_timer.start()
        else:
            self._set_stable(scene.values)
        self._show_status(lambda: self._describe_scene(self.scene))

    def _offer(self) -> None:
        scene = self.scene
        if not scene.dice or self._stale or len(scene.in_play) != self.expected_count:
            return
        self._set_stable(scene.values)
        self._show_status(lambda: self._describe_scene(self.scene))
        if self.automatic.isChecked() and not scene.unsure and self._stable != self._last_used:
            self.use_dice()

    # Fixing dice -------------------------------------------------------------------------------

    def _fill_dice_buttons(self) -> None:
        """One button per die in view: its value, a "?" when unsure, a menu to fix it."""
        for button in self.dice_buttons:
            self.dice_row.removeWidget(button)
            button.deleteLater()
        self.dice_buttons = []
        for index in range(len(self.scene.dice)):
            button = QToolButton()
            button.setObjectName(f"cameraDie{index + 1}")
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            button.setMenu(self._values_menu(index, button))
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.dice_row.insertWidget(index, button)
            self.dice_buttons.append(button)
        self._name_dice_buttons()

    def _name_dice_buttons(self) -> None:
        for index, (button, die) in enumerate(zip(self.dice_buttons, self.scene.dice, strict=True)):
            mark = "?" if die.unsure and die.in_play else "✓" if die.fixed else ""
            button.setText(f"{index + 1}: {die.value}{mark}" if die.in_play else f"{index + 1}: ✗")
            text = die_text(index, die)
            button.setAccessibleName(text)
            button.setToolTip(text + " — " + translate("CameraPanel", "click to set its value"))
            font = button.font()
            font.setBold(die.unsure and die.in_play)
            button.setFont(font)

    def _values_menu(self, index: int, parent: QWidget) -> QMenu:
        menu = QMenu(parent)
        die = self.scene.dice[index]
        for value in range(1, 7):
            action = menu.addAction(str(value))
            action.setCheckable(True)
            action.setChecked(die.in_play and die.value == value)
            action.triggered.connect(lambda _=False, v=value: self.fix_die(index, v))
        menu.addSeparator()
        aside = menu.addAction(
            translate("CameraPanel", "Not in play")
            if die.in_play
            else translate("CameraPanel", "Back in play")
        )
        aside.triggered.connect(lambda: self.fix_die(index, 0 if die.in_play else -1))
        return menu

    def _offer_values(self, index: int, where: QPoint) -> None:
        self._values_menu(index, self).popup(where)

    def fix_die(self, index: int, value: int) -> None:
        """Set die `index` (0-based) to `value` (1..6); 0 sets it aside, -1 puts it back."""
        if not 0 <= index < len(self.scene.dice):
            return
        if value == 0:
            scene = self.scene.set_aside(index, self.scene.dice[index].in_play)
        elif value == -1:
            scene = self.scene.set_aside(index, False)
        else:
            scene = self.scene.fixed(index, value)
            if self.learned is not None and self._crops is not None:
                self.learned.keep(self._crops[index : index + 1], [value])
                self._name_forget_button()
        self.scene = scene
        self.preview.show_scene(scene)
        self._name_dice_buttons()
        for number, button in enumerate(self.dice_buttons):
            button.setMenu(self._values_menu(number, button))
        self._update_offer()

    # Codes -------------------------------------------------------------------------------------

    def _on_codes(self, texts: tuple[str, ...]) -> None:
        if self.sender() is not self._worker:
            return
        self.show_codes(texts)

    def show_codes(self, texts: tuple[str, ...], now: float | None = None) -> None:
        """The QR codes in the latest frame: a new one is announced by `code_seen`, once.

        A code stays announced until it has been out of view for `CODE_FORGET_SECONDS`, so
        that a code held up, declined and held up again is offered again.
        """
        now = time.monotonic() if now is None else now
        if not texts:
            if self._code_shown is not None and now - self._code_last_seen > CODE_FORGET_SECONDS:
                self._code_shown = None
                self.show_code_note(None)
            return
        self._code_last_seen = now
        if texts[0] != self._code_shown:
            self._code_shown = texts[0]
            self.code_seen.emit(texts[0])

    def show_code_note(self, make_text: Callable[[], str] | None) -> None:
        """Say something about the QR code in view (None: nothing to say)."""
        self._code_note_text = make_text or str
        self.code_note.setText(self._code_note_text())
        self.code_note.setVisible(make_text is not None)

    # Words -------------------------------------------------------------------------------------

    def _describe_scene(self, scene: SceneReading) -> str:
        if self._moving and not scene.dice:
            return translate("CameraPanel", "Waiting for the dice to stop…")
        values = scene.values
        text = self._describe(values, self._stable, scene.flags)
        aside = len(scene.dice) - len(scene.in_play)
        extra = len(values) - self.expected_count
        if extra > 0:
            text += " " + (
                translate("CameraPanel", "Click the die that is not in play.")
                if extra == 1
                else fill(
                    translate("CameraPanel", "Click the %1 dice that are not in play."), extra
                )
            )
        elif aside:
            text += " " + (
                translate("CameraPanel", "1 die set aside.")
                if aside == 1
                else fill(translate("CameraPanel", "%1 dice set aside."), aside)
            )
        unsure = scene.unsure
        if unsure and len(values) == self.expected_count:
            text += " " + fill(
                translate("CameraPanel", "Unsure: %1. Click it to fix it, or press its number."),
                self._dice_names(unsure),
            )
        return text

    def _dice_names(self, indexes: tuple[int, ...]) -> str:
        names = [
            fill(translate("CameraPanel", "die %1 (%2)"), index + 1, self.scene.dice[index].value)
            for index in indexes
        ]
        return ", ".join(names)

    def _describe(
        self,
        values: tuple[int, ...],
        stable: tuple[int, ...] | None,
        flags: frozenset[str] = frozenset(),
    ) -> str:
        count = len(values)
        if count != self.expected_count:
            # Why no reading is offered, when the reader can tell: the frame first, then the count.
            if "too_dark" in flags:
                return translate("CameraPanel", "Too dark: light the table better.")
            if "blurred" in flags:
                return translate("CameraPanel", "Blurred: waiting for the dice to stop…")
            if "too_small" in flags:
                return translate("CameraPanel", "Dice too small: move the camera closer.")
        if count == 0:
            return translate("CameraPanel", "No dice seen.")
        listed = " ".join(str(v) for v in values)
        if count != self.expected_count:
            in_view = (
                fill(translate("CameraPanel", "1 die in view (%1)"), listed)
                if count == 1
                else fill(translate("CameraPanel", "%1 dice in view (%2)"), str(count), listed)
            )
            return fill(
                translate("CameraPanel", "%1, this game uses %2."),
                in_view,
                str(self.expected_count),
            )
        seen = (
            translate("CameraPanel", "1 die seen")
            if count == 1
            else fill(translate("CameraPanel", "%1 dice seen"), str(count))
        )
        if stable is None:
            return fill(
                translate("CameraPanel", "%1: %2, waiting for the dice to stop…"), seen, listed
            )
        return fill(translate("CameraPanel", "Ready: %1"), listed)

    def _set_stable(self, values: tuple[int, ...] | None) -> None:
        was_ready = self._stable is not None
        self._stable = values
        self.use_button.setEnabled(values is not None)
        if was_ready != (values is not None):
            self.ready_changed.emit(values is not None)

    def forget_reading(self) -> None:
        """The turn changed: the dice still lying there are not offered until they move."""
        self._stale = True
        self._last_used = None
        self._update_offer()

    def set_expected_count(self, count: int) -> None:
        """Expect `count` dice from now on (the game's number)."""
        if count != self.expected_count:
            self.expected_count = count
            self._last_used = None
            self._update_offer()

    def use_dice(self) -> None:
        """Put the dice on offer into the turn, once any unsure die was confirmed or fixed.

        The dice used (their crops and values) are kept as the family's learned dice.
        """
        if self._stable is None:
            return
        unsure = self.scene.unsure
        if unsure:
            question = fill(
                translate("CameraPanel", "The camera is not sure of %1. Use the dice as read?"),
                self._dice_names(unsure),
            )
            if not self.ask_unsure(question):
                self.dice_buttons[unsure[0]].setFocus()
                return
            for index in unsure:
                self.scene = self.scene.fixed(index, self.scene.dice[index].value)
            self.preview.show_scene(self.scene)
            self._name_dice_buttons()
        if self.learned is not None and self._crops is not None:
            # dice fixed by hand were kept when fixed (those confirmed just now were not)
            kept = [
                i
                for i, d in enumerate(self.scene.dice)
                if d.in_play and (not d.fixed or i in unsure)
            ]
            self.learned.keep(self._crops[kept], [self.scene.dice[i].value for i in kept])
            self._name_forget_button()
        self._last_used = self._stable
        self.dice_chosen.emit(self._stable)

    def _ask_unsure(self, question: str) -> bool:
        answer = QMessageBox.question(
            self,
            translate("CameraPanel", "Unsure die"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # Learned dice ------------------------------------------------------------------------------

    def forget_learned_dice(self) -> None:
        """Forget the family's learned dice ("Forget my dice")."""
        if self.learned is None:
            return
        self.learned.forget()
        self._name_forget_button()
        self._show_learned_note(lambda: translate("CameraPanel", "Your dice were forgotten."))

    def _say_learned_problem(self) -> None:
        learned = self.learned
        if learned is None or not learned.problem:
            return
        detail = learned.problem
        learned.problem = ""  # said once
        self._show_learned_note(
            lambda: fill(
                translate(
                    "CameraPanel", "The learned dice could not be read (%1): learning again."
                ),
                detail,
            )
        )

    def _show_learned_note(self, make_text: Callable[[], str]) -> None:
        self._learned_note_text = make_text
        self.learned_note.setText(make_text())
        self.learned_note.show()

    def _name_forget_button(self) -> None:
        count = self._learned_count()
        self.forget_button.setText(fill(translate("CameraPanel", "Forget my dice (%1)"), count))
        self.forget_button.setToolTip(
            translate(
                "CameraPanel",
                "Forget the dice the camera learned from your games (kept on this computer only)",
            )
        )
        self.forget_button.setEnabled(count > 0)

    def _learned_count(self) -> int:
        return 0 if self.learned is None else self.learned.count()

    def _on_failed(self, problem: str, message: str) -> None:
        self.stop()
        self.error = message
        self._set_stable(None)
        self.preview.clear()
        self._fill_dice_buttons()
        self._name_open_button()
        self._show_status(
            lambda: (
                f"{self._problem_text(problem, message)} "
                + fill(
                    translate(
                        "CameraPanel", "Type the dice in the tray, or press %1 to try again."
                    ),
                    self.open_button.text().replace("&", ""),
                )
            )
        )

    @staticmethod
    def _problem_text(problem: str, detail: str) -> str:
        """The player's words for what went wrong; the source's own detail where it helps."""
        match problem:
            case SourceProblem.NO_CAMERA.value:
                return translate("CameraPanel", "No camera found.")
            case SourceProblem.PERMISSION_DENIED.value:
                return fill(
                    translate("CameraPanel", "This program may not use the camera (%1)."), detail
                )
            case SourceProblem.CAMERA_BUSY.value:
                return translate(
                    "CameraPanel", "The camera is busy: another program may be using it."
                )
            case SourceProblem.DISCONNECTED.value:
                return translate("CameraPanel", "The camera stopped sending pictures (unplugged?).")
            case SourceProblem.NO_READER.value:
                return translate(
                    "CameraPanel",
                    "The dice reader is missing files: install Miss Dice again.",
                )
        return fill(translate("CameraPanel", "Cannot read the pictures (%1)."), detail)

    def _show_status(self, make_text: Callable[[], str]) -> None:
        """Show a status, and keep how it was made so a language switch can redo it."""
        self._status_text = make_text
        text = make_text()
        self.status.setText(text)
        self.status.setAccessibleName(text)

    # Text --------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Set every visible text in the current language."""
        self._name_sources()
        self._show_status(self._status_text)
        self._name_open_button()
        self.use_button.setText(translate("CameraPanel", "Use these dice"))
        self.use_button.setToolTip(
            translate("CameraPanel", "Put the dice read into the turn (Ctrl+Enter)")
        )
        self.code_note.setText(self._code_note_text())
        self.preview.retranslate_ui()
        self._name_dice_buttons()
        if self.learned is not None:
            self._name_forget_button()
        if self.learned_note.isVisible():
            self.learned_note.setText(self._learned_note_text())
        self.automatic.setText(translate("CameraPanel", "Automatic"))
        self.automatic.setToolTip(
            translate("CameraPanel", "Put the dice into the turn by themselves once they stop")
        )

    def _name_open_button(self) -> None:
        """ "Open" only while nothing is open; "Reopen" after an error or while reading."""
        again = bool(self.error) or self._worker is not None
        self.open_button.setText(
            translate("CameraPanel", "Reopen") if again else translate("CameraPanel", "Open")
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        """Release the camera with the panel."""
        self.shut_down()
        super().closeEvent(event)
