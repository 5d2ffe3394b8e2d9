"""The camera panel: live preview with what was read, a stability gate, and "Use these dice"."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QColor,
    QFont,
    QImage,
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
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.rules import DICE_COUNT
from missdice_desktop.ui.texts import fill
from vision.problems import SourceProblem
from vision.stability import StabilityGate
from vision.types import Reading

if TYPE_CHECKING:  # OpenCV loads when the camera first opens, not with the window
    from missdice_desktop.ui.camera_worker import CameraWorker
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


class CameraPreview(QWidget):
    """The latest frame, scaled to fit, with every die read outlined and labelled."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.reading = Reading()
        self.setMinimumSize(240, 180)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setAccessibleName(translate("CameraPanel", "Camera preview"))

    def show_image(self, image: QImage) -> None:
        """Show a new frame."""
        self.image = image
        self.update()

    def show_reading(self, reading: Reading) -> None:
        """Outline the dice of a new reading."""
        self.reading = reading
        values = " ".join(str(v) for v in reading.values)
        self.setAccessibleDescription(
            fill(translate("CameraPanel", "Dice read: %1"), values or "-")
        )
        self.update()

    def clear(self) -> None:
        """Show nothing (no source)."""
        self.image = QImage()
        self.reading = Reading()
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
        scale = min(self.width() / self.image.width(), self.height() / self.image.height())
        width, height = self.image.width() * scale, self.image.height() * scale
        left, top = (self.width() - width) / 2, (self.height() - height) / 2
        painter.drawImage(QRectF(left, top, width, height), self.image)
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(12, round(16 * max(scale, 0.6))))
        painter.setFont(font)
        outline = QColor(60, 220, 90)
        for die in self.reading.dice:
            cx, cy = left + die.center[0] * scale, top + die.center[1] * scale
            w, h = die.size[0] * scale, die.size[1] * scale
            painter.setTransform(QTransform().translate(cx, cy).rotate(die.angle))
            painter.setPen(QPen(outline, 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(-w / 2, -h / 2, w, h), 4, 4)
            painter.resetTransform()
            radius = max(11.0, font.pixelSize() * 0.8)
            badge = QRectF(cx - radius, cy - h / 2 - 2 * radius - 2, 2 * radius, 2 * radius)
            if badge.top() < top:
                badge.moveTop(cy + h / 2 + 2)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(outline)
            painter.drawEllipse(badge)
            painter.setPen(QColor(0, 0, 0))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, str(die.value))
        painter.end()

    def die_centres(self) -> list[QPointF]:
        """Where the dice are drawn (for tests and accessibility checks)."""
        if self.image.isNull():
            return []
        scale = min(self.width() / self.image.width(), self.height() / self.image.height())
        left = (self.width() - self.image.width() * scale) / 2
        top = (self.height() - self.image.height() * scale) / 2
        return [
            QPointF(left + d.center[0] * scale, top + d.center[1] * scale)
            for d in self.reading.dice
        ]


HOLD_SECONDS = 0.3
"""How long a reading must stay the same before it is offered: at 40..60 ms a frame that is 5..7
frames, and a roll at rest is offered a median of 0.40 s after it stops (worst 0.51 s,
`camera_bench`); rolling dice blur and change their reading every frame."""


class CameraPanel(QWidget):
    """Reads the dice on the table and offers them to the current turn once they are still."""

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
        hold_seconds: float = HOLD_SECONDS,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._open_source = open_source
        self._worker: CameraWorker | None = None
        self._status_text: Callable[[], str] = str
        self._gate = StabilityGate(hold_seconds=hold_seconds)
        self._stable: tuple[int, ...] | None = None
        self._last_used: tuple[int, ...] | None = None
        self._stale: tuple[int, ...] | None = None
        """A reading forgotten (turn over): not offered again until the dice move."""
        self.expected_count = DICE_COUNT
        """How many dice a throw of the game in play has; other counts are refused."""
        self.source_spec = source_spec
        self.reading = Reading()
        self.error = ""
        self._code_shown: str | None = None
        self._code_last_seen = 0.0

        self.sources = QComboBox()
        self.sources.setAccessibleName(translate("CameraPanel", "Camera"))
        self.open_button = QPushButton()
        self.preview = CameraPreview()
        self.status = QLabel()
        self.status.setWordWrap(True)
        status_font = QFont(self.status.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.2)
        self.status.setFont(status_font)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use_button = QPushButton()
        self.use_button.setEnabled(False)
        self.automatic = QCheckBox()
        self.code_note = QLabel()
        self.code_note.setObjectName("codeNote")
        self.code_note.setWordWrap(True)
        self.code_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_note.hide()
        self._code_note_text: Callable[[], str] = str

        top = QHBoxLayout()
        top.addWidget(self.sources, 1)
        top.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.preview)
        layout.addWidget(self.status)
        layout.addWidget(self.use_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.automatic)
        layout.addWidget(self.code_note)
        layout.addStretch(1)
        self.setMinimumWidth(260)

        self._fill_sources()
        self.sources.activated.connect(self._on_source_picked)
        self.open_button.clicked.connect(self.restart)
        self.use_button.clicked.connect(self.use_dice)
        self.retranslate_ui()

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

    def start(self) -> None:
        """Open the current source in a worker thread (a slow camera never blocks the window)."""
        self.stop()
        self.error = ""
        self._gate.reset()
        self._set_stable(None)
        self._code_shown = None
        self.show_code_note(None)
        try:
            source = self._open_source(self.source_spec)
        except Exception as error:  # a bad settings value: say it, keep the game going
            self._on_failed(SourceProblem.UNREADABLE.value, str(error))
            return
        self._show_status(lambda: fill(translate("CameraPanel", "Opening %1…"), source.name))
        from missdice_desktop.ui.camera_worker import CameraWorker

        worker = CameraWorker(source)
        worker.opened.connect(self._on_opened)
        worker.frame_captured.connect(self._on_frame)
        worker.dice_read.connect(self._on_reading)
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
        self._gate.reset()
        self._last_used = self._stale = None
        self._set_stable(None)
        self.reading = Reading()
        self.preview.show_reading(self.reading)
        self._name_open_button()
        if worker is None:
            return
        for signal in (
            worker.opened,
            worker.frame_captured,
            worker.dice_read,
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

    def _on_reading(self, reading: Reading, captured: float) -> None:
        worker = self._worker
        if worker is None or self.sender() is not worker:
            return
        worker.reading_taken()
        self.reading = reading
        self.preview.show_reading(reading)
        values = reading.values
        stable = self._gate.update(values, captured)
        if stable == ():
            self._last_used = None  # the dice were picked up: the next roll is new
        if stable is None or stable != self._stale:
            self._stale = None  # the dice moved: what they show now is a new reading
        else:
            stable = None
        self._set_stable(
            stable if stable is not None and len(stable) == self.expected_count else None
        )
        self._show_status(lambda: self._describe(values, stable, reading.flags))
        if (
            self._stable is not None
            and self.automatic.isChecked()
            and self._stable != self._last_used
        ):
            self.use_dice()

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

    def _withdraw_offer(self) -> None:
        """Nothing is on offer any more: the status stops saying "Ready" too."""
        was_ready = self._stable is not None
        self._set_stable(None)
        if was_ready:
            reading = self.reading
            self._show_status(lambda: self._describe(reading.values, None, reading.flags))

    def forget_reading(self) -> None:
        """The turn changed: the dice still lying there are not offered until they move."""
        if self._stable is not None:
            self._stale = self._stable
        self._last_used = None
        self._withdraw_offer()

    def set_expected_count(self, count: int) -> None:
        """Expect `count` dice from now on (the game's number)."""
        if count != self.expected_count:
            self.expected_count = count
            self._withdraw_offer()
            self._last_used = None

    def use_dice(self) -> None:
        """Put the steady reading into the turn."""
        if self._stable is None:
            return
        self._last_used = self._stable
        self.dice_chosen.emit(self._stable)

    def _on_failed(self, problem: str, message: str) -> None:
        self.stop()
        self.error = message
        self._set_stable(None)
        self.preview.clear()
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
