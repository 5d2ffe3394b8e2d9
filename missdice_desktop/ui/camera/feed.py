"""The camera's reading thread as the panel sees it: started, stopped, heard only while current.

A camera may take seconds to open or let go, so a stopped worker is kept alive until its thread
ends, and what an old worker still sends is not passed on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSize, Signal
from PySide6.QtGui import QImage

if TYPE_CHECKING:  # OpenCV (and numpy) load when the camera first opens, not with the window
    from missdice_desktop.ui.camera.worker import CameraWorker, Refiner
    from vision.sources import FrameSource

_FINISHING: set[CameraWorker] = set()
"""Workers asked to stop whose thread still runs (a camera may take seconds to open)."""


def _forget(worker: CameraWorker) -> None:
    _FINISHING.discard(worker)
    worker.deleteLater()


class CameraFeed(QObject):
    """The worker reading the source open now, its signals passed on while it is current."""

    opened = Signal(str)
    """The source is open (its name)."""
    frame_captured = Signal(QImage, QSize)
    """A new frame for the preview, shrunk to the size it is painted at, and the frame's own
    size."""
    motion_changed = Signal(bool)
    """True when the table starts moving, False when it has settled."""
    scene_read = Signal(object, object, float)
    """A still scene, its dice's crops (or None) and when it came to rest."""
    failed = Signal(str, str)
    """The source failed: a `SourceProblem` value and a message for the player."""
    codes_read = Signal(tuple)
    """The texts of the QR codes in a still scene."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker: CameraWorker | None = None
        self._preview_size = QSize()

    def start(self, source: FrameSource, refiner: Refiner | None = None) -> None:
        """Read `source` in a new worker thread (a slow camera never blocks the window)."""
        from missdice_desktop.ui.camera.worker import CameraWorker

        worker = CameraWorker(source) if refiner is None else CameraWorker(source, refiner=refiner)
        worker.set_preview_size(self._preview_size.width(), self._preview_size.height())
        worker.opened.connect(self.opened)
        worker.frame_captured.connect(self._on_frame)
        worker.motion_changed.connect(self._on_motion)
        worker.scene_read.connect(self._on_scene)
        worker.failed.connect(self.failed)
        worker.codes_read.connect(self._on_codes)
        self._worker = worker
        worker.start()

    def stop(self) -> None:
        """Stop the worker and release the camera, without waiting for a camera still opening."""
        worker, self._worker = self._worker, None
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
            # even if this feed goes first.
            _FINISHING.add(worker)
            worker.finished.connect(lambda: _forget(worker))
        else:
            worker.deleteLater()

    def set_preview_size(self, size: QSize) -> None:
        """Shrink frames to fit `size` (device pixels): only what the preview paints is made."""
        self._preview_size = QSize(size)
        if self._worker is not None:
            self._worker.set_preview_size(size.width(), size.height())

    @staticmethod
    def wait_for_stopped(seconds: float) -> None:
        """Give threads still opening a camera a few seconds to let it go."""
        for worker in tuple(_FINISHING):
            worker.wait(round(seconds * 1000))

    @property
    def active(self) -> bool:
        """Whether a worker was started and not stopped since."""
        return self._worker is not None

    @property
    def running(self) -> bool:
        """Whether a source is being read."""
        return self._worker is not None and self._worker.isRunning()

    @property
    def reads(self) -> int:
        """Frames read by the current source's reader (0 when none is open)."""
        return 0 if self._worker is None else self._worker.reads

    def _on_frame(self, image: QImage, frame_size: QSize) -> None:
        worker = self._worker
        if worker is None or self.sender() is not worker:
            return
        self.frame_captured.emit(image, frame_size)
        worker.frame_shown()

    def _on_motion(self, moving: bool) -> None:
        if self.sender() is self._worker:
            self.motion_changed.emit(moving)

    def _on_scene(self, scene: object, crops: object, rest: float) -> None:
        if self.sender() is self._worker:
            self.scene_read.emit(scene, crops, rest)

    def _on_codes(self, texts: tuple[str, ...]) -> None:
        if self.sender() is self._worker:
            self.codes_read.emit(texts)
