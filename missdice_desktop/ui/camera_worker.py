"""Capture and reading off the GUI thread, results by signal.

Two loops per open source: the capture thread sends every frame to the preview, and a
reader thread reads the newest frame whenever it is free. The preview therefore keeps the
source's frame rate however long a reading takes, and neither ever queues up: like a frame,
a reading is sent only once the window has taken the previous one, so that readings never
pile up (and change the dice on offer unseen) while the window is busy. The reader
thread also looks for QR codes (a shared game held up to the camera), twice a second.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QThread, Signal
from PySide6.QtGui import QImage

from vision import Reading, read_dice
from vision.net import NetworksUnavailable
from vision.sources import FrameSource, FrameSourceError, Pacer, SourceProblem

Reader = Callable[[npt.NDArray[np.uint8]], Reading]
read_for_camera: Reader = functools.partial(read_dice, check_focus=True)
"""The camera's reader: it also says when a frame is blurred (dice still rolling)."""
CodeReader = Callable[[npt.NDArray[np.uint8]], tuple[str, ...]]
CODE_SCAN_SECONDS = 0.5
"""Time between two searches for a QR code (each costs 12–45 ms on a 720p frame)."""


def _read_codes(frame: npt.NDArray[np.uint8]) -> tuple[str, ...]:
    from vision.qr import read_qr_texts

    return read_qr_texts(frame)


class CameraWorker(QThread):
    """Opens a frame source, then captures until stopped or the source fails."""

    opened = Signal(str)
    """The source is open (its name)."""
    frame_captured = Signal(QImage)
    """A new frame for the preview."""
    dice_read = Signal(object, float)
    """A `vision.Reading` and when its frame was captured (time.monotonic())."""
    failed = Signal(str, str)
    """The source failed: a `SourceProblem` value and a message for the player."""
    codes_read = Signal(tuple)
    """The texts of the QR codes in a frame (an empty tuple when it had none)."""

    def __init__(
        self,
        source: FrameSource,
        reader: Reader | None = None,
        code_reader: CodeReader = _read_codes,
    ) -> None:
        super().__init__()
        self.source = source
        self._reader = reader or read_for_camera  # looked up now: tests may replace it
        self._code_reader = code_reader
        self._next_code_scan = 0.0
        self._stopping = threading.Event()
        self._shown = threading.Event()
        self._shown.set()
        self._reading_taken = threading.Event()
        self._reading_taken.set()
        self._newest: tuple[npt.NDArray[np.uint8], float] | None = None
        self._newest_ready = threading.Condition()

    def frame_shown(self) -> None:
        """The preview painted the last frame; the next one may be sent."""
        self._shown.set()

    def reading_taken(self) -> None:
        """The window has handled the last reading; the next one may be sent."""
        self._reading_taken.set()

    def request_stop(self) -> None:
        """Ask both loops to end; the capture thread then closes the source."""
        self._stopping.set()
        self._reading_taken.set()
        self.requestInterruption()
        with self._newest_ready:
            self._newest_ready.notify_all()

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
        reader = _ReaderThread(self._read_loop)
        reader.start()
        pacer = Pacer(self.source.frame_interval)
        try:
            while not self._stopping.is_set():
                frame = self.source.read()
                with self._newest_ready:
                    self._newest = (frame, time.monotonic())
                    self._newest_ready.notify()
                if self._shown.is_set():
                    self._shown.clear()
                    self.frame_captured.emit(_to_qimage(frame))
                pacer.wait()
        except FrameSourceError as error:
            self.failed.emit(error.problem.value, str(error))
        except Exception as error:
            self.failed.emit(SourceProblem.UNREADABLE.value, str(error))
        finally:
            self._stopping.set()
            self._reading_taken.set()
            with self._newest_ready:
                self._newest_ready.notify_all()
            reader.wait(3000)
            self.source.close()

    def _read_loop(self) -> None:
        while True:
            # Read a fresh frame once the window has the last reading (or stop).
            while not self._reading_taken.wait(0.05) and not self._stopping.is_set():
                pass
            with self._newest_ready:
                while self._newest is None and not self._stopping.is_set():
                    self._newest_ready.wait()
                if self._stopping.is_set():
                    return
                assert self._newest is not None
                frame, captured = self._newest
                self._newest = None
            try:
                reading = self._reader(frame)
            except NetworksUnavailable as error:  # a damaged install: say so once, stop reading
                self.failed.emit(SourceProblem.NO_READER.value, str(error))
                return
            except Exception:  # a reader bug must not stop the camera: skip the frame
                continue
            self._reading_taken.clear()
            self.dice_read.emit(reading, captured)
            if captured >= self._next_code_scan:
                self._next_code_scan = captured + CODE_SCAN_SECONDS
                try:
                    codes = self._code_reader(frame)
                except Exception:  # nor a QR decoder's
                    continue
                self.codes_read.emit(codes)


class _ReaderThread(QThread):
    """Runs the reading loop in a thread Qt knows, so its signals cross threads safely."""

    def __init__(self, loop: Callable[[], None]) -> None:
        super().__init__()
        self._loop = loop

    def run(self) -> None:
        """The reading loop."""
        self._loop()


def _to_qimage(frame: npt.NDArray[np.uint8]) -> QImage:
    height, width = frame.shape[:2]
    return QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888).copy()
