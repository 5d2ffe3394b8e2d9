"""Capture and reading off the GUI thread, results by signal.

Two loops per open source. The capture thread sends every frame to the preview (never more
than the window takes) and runs the motion test on a small grey copy of it (`MotionGate`,
about 1 ms). Only when the table has settled into a scene not read yet does the reader thread
wake: it reads two or three of that scene's still frames, votes die by die (`vision.vote`),
sends the scene once, looks once for a QR code (a shared game held up to the camera), and
rests until the table changes again. While dice roll or hands move, nothing is read; while the
table sits still, nothing is read again. The preview keeps the source's frame rate throughout.
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
from vision.stability import Motion, MotionGate, small_grey
from vision.vote import needs_another_read, vote

Reader = Callable[[npt.NDArray[np.uint8]], Reading]
read_for_camera: Reader = functools.partial(read_dice, check_focus=True)
"""The camera's reader: it also says when a frame is blurred (dice still rolling)."""
CodeReader = Callable[[npt.NDArray[np.uint8]], tuple[str, ...]]
Refiner = Callable[[npt.NDArray[np.uint8], Reading], tuple[Reading, npt.NDArray[np.uint8] | None]]
"""Gives each die's confidence (and, with the learned dice, a better value) and the dice's
crops; the panel passes `LearnedDiceKeeper.refine`."""
STILL_FRAMES = 2
"""Frames that must match the first still one before a scene is read (67 ms at 30 fps)."""


def _read_codes(frame: npt.NDArray[np.uint8]) -> tuple[str, ...]:
    from vision.qr import read_qr_texts

    return read_qr_texts(frame)


def _no_refinement(
    frame: npt.NDArray[np.uint8], reading: Reading
) -> tuple[Reading, npt.NDArray[np.uint8] | None]:
    return reading, None


class CameraWorker(QThread):
    """Opens a frame source, then captures until stopped or the source fails."""

    opened = Signal(str)
    """The source is open (its name)."""
    frame_captured = Signal(QImage)
    """A new frame for the preview."""
    motion_changed = Signal(bool)
    """True when the table starts moving, False when it has settled."""
    scene_read = Signal(object, object, float)
    """A still scene's `vision.vote.SceneReading`, its dice's crops (or None) in the same
    order, and when the scene came to rest (time.monotonic() of its first still frame)."""
    failed = Signal(str, str)
    """The source failed: a `SourceProblem` value and a message for the player."""
    codes_read = Signal(tuple)
    """The texts of the QR codes in a still scene (an empty tuple when it had none)."""

    def __init__(
        self,
        source: FrameSource,
        reader: Reader | None = None,
        code_reader: CodeReader = _read_codes,
        refiner: Refiner = _no_refinement,
        still_frames: int = STILL_FRAMES,
    ) -> None:
        super().__init__()
        self.source = source
        self._reader = reader or read_for_camera  # looked up now: tests may replace it
        self._code_reader = code_reader
        self._refiner = refiner
        self._gate = MotionGate(still_frames=still_frames)
        self._stopping = threading.Event()
        self._shown = threading.Event()
        self._shown.set()
        self._newest: tuple[npt.NDArray[np.uint8], float, int] | None = None
        self._wake = threading.Condition()
        self._scene = 0
        """Number of the still scene to read (0: none); a move makes it stale."""
        self._scene_rest = 0.0
        self._moving = True
        self.reads = 0
        """Frames read so far (for tests and the bench)."""

    def frame_shown(self) -> None:
        """The preview painted the last frame; the next one may be sent."""
        self._shown.set()

    def read_again(self) -> None:
        """Read the scene in view again once it is still (another game, another count)."""
        self._gate.forget_scene()

    def request_stop(self) -> None:
        """Ask both loops to end; the capture thread then closes the source."""
        self._stopping.set()
        self.requestInterruption()
        with self._wake:
            self._wake.notify_all()

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
        number = 0
        rest = time.monotonic()
        try:
            while not self._stopping.is_set():
                frame = self.source.read()
                captured = time.monotonic()
                number += 1
                motion = self._gate.update(small_grey(frame))
                with self._wake:
                    self._newest = (frame, captured, number)
                    if motion is Motion.MOVING:
                        rest = captured
                        if self._scene:
                            self._scene = 0  # a reading under way is of a past scene
                    elif motion is Motion.CHANGED:
                        self._scene, self._scene_rest = number, rest
                    self._wake.notify()
                moving = motion is Motion.MOVING
                if moving != self._moving:
                    self._moving = moving
                    self.motion_changed.emit(moving)
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
            with self._wake:
                self._wake.notify_all()
            reader.wait(3000)
            self.source.close()

    def _next_frame(self, after: int) -> tuple[npt.NDArray[np.uint8], int, int] | None:
        """The newest frame of the scene to read captured after frame `after` (waits for it);
        None when stopping."""
        with self._wake:
            while not self._stopping.is_set():
                newest = self._newest
                if self._scene and newest is not None and newest[2] > after:
                    return newest[0], newest[2], self._scene
                self._wake.wait(0.5)
        return None

    def _read_loop(self) -> None:
        last = 0
        while True:
            got = self._next_frame(last)
            if got is None:
                return
            frame, last, scene = got
            readings: list[Reading] = []
            crops = None
            while True:
                try:
                    reading = self._reader(frame)
                    reading, crops = self._refiner(frame, reading)
                except NetworksUnavailable as error:  # a damaged install: say so once, stop
                    self.failed.emit(SourceProblem.NO_READER.value, str(error))
                    return
                except Exception:  # a reader bug must not stop the camera: skip the frame
                    reading, crops = Reading(), None
                self.reads += 1
                readings.append(reading)
                if not needs_another_read(readings):
                    break
                got = self._next_frame(last)
                if got is None:
                    return
                frame, last, now_scene = got
                if now_scene != scene:
                    break  # the table moved and settled again: read the new scene afresh
            with self._wake:
                if self._scene != scene:
                    continue  # the table moved meanwhile: this scene is gone
                self._scene = 0
                rest = self._scene_rest
            result = vote(readings)
            if crops is not None and result.dice:
                from vision.learned import crops_of

                crops = crops_of(frame, tuple(d.as_die() for d in result.dice))
            self.scene_read.emit(result, crops, rest)
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
