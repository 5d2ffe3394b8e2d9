"""Capture and reading off the GUI thread: one thread per open source, results by signal."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QThread, Signal
from PySide6.QtGui import QImage

from vision import Reading, read_dice
from vision.sources import FrameSource, FrameSourceError, Pacer, SourceProblem

Reader = Callable[..., Reading]


class CameraWorker(QThread):
    """Opens a frame source, then reads and decodes frames until stopped or the source fails.

    The preview never queues up: a new frame is sent only once the panel has taken the
    previous one, so a slow paint drops frames instead of building latency.
    """

    opened = Signal(str)
    """The source is open (its name)."""
    frame_read = Signal(QImage, object, float)
    """A frame, its `vision.Reading`, and when it was captured (time.monotonic())."""
    failed = Signal(str, str)
    """The source failed: a `SourceProblem` value and a message for the player."""

    def __init__(self, source: FrameSource, reader: Reader = read_dice) -> None:
        super().__init__()
        self.source = source
        self._reader = reader
        self._delivered = threading.Event()
        self._delivered.set()

    def frame_taken(self) -> None:
        """The panel took the last frame; the next one may be sent."""
        self._delivered.set()

    def stop(self) -> None:
        """Ask the loop to end, and wait for it (the source is closed by the thread)."""
        self.requestInterruption()
        self._delivered.set()
        self.wait(3000)

    def run(self) -> None:
        """The capture loop (runs in the worker thread)."""
        try:
            self.source.open()
        except FrameSourceError as error:
            self.failed.emit(error.problem.value, str(error))
            return
        except Exception as error:  # a driver may raise anything: report it, never crash
            self.failed.emit(SourceProblem.UNREADABLE.value, str(error))
            return
        self.opened.emit(self.source.name)
        pacer = Pacer(self.source.frame_interval)
        try:
            while not self.isInterruptionRequested():
                frame = self.source.read()
                captured = time.monotonic()
                if not self._delivered.is_set():
                    pacer.wait()
                    continue
                reading = self._reader(frame)
                height, width = frame.shape[:2]
                image = QImage(
                    frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888
                ).copy()
                self._delivered.clear()
                self.frame_read.emit(image, reading, captured)
                pacer.wait()
        except FrameSourceError as error:
            self.failed.emit(error.problem.value, str(error))
        except Exception as error:
            self.failed.emit(SourceProblem.UNREADABLE.value, str(error))
        finally:
            self.source.close()
