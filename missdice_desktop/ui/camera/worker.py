"""Capture and reading off the GUI thread, results by signal.

Two loops per open source. The capture thread sends every frame to the preview (never more
than the window takes), shrunk to the size it is painted at, and runs the motion test on a
small grey copy of it (`MotionGate`, under 1 ms; every other frame once the table has sat as
it was when last read for a second); a frame that repeats the last one (a video's or the demo
photos' still frames) costs neither again. Once the table settles into a scene not
read yet, the reader thread wakes: it reads two of the scene's still frames at once (one of
them on a second reading thread, which joins once a read has worked), a third frame when they
disagree, votes die by die (`vision.vote`), sends the scene once the table is confirmed still,
looks once for a QR code (a shared game held up to the camera), and rests until the table
changes again. While dice roll or hands move, nothing is read; while the table sits still,
nothing is read again. The preview keeps the source's frame rate throughout.
"""

from __future__ import annotations

import contextlib
import functools
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import cv2
import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QSize, QThread, Signal
from PySide6.QtGui import QImage

from vision import Reading, read_dice
from vision.net import NetworksUnavailable
from vision.sources import FrameSource, FrameSourceError, Pacer, SourceProblem
from vision.stability import Motion, MotionGate, same_frame, same_rows, small_grey
from vision.vote import needs_another_read, vote

Frame = npt.NDArray[np.uint8]
Still = tuple[Frame, int]
"""A still frame of the scene to read, and its number."""

Reader = Callable[[npt.NDArray[np.uint8]], Reading]
read_for_camera: Reader = functools.partial(read_dice, check_focus=True)
"""The camera's reader: it also says when a frame is blurred (dice still rolling)."""
CodeReader = Callable[[npt.NDArray[np.uint8]], tuple[str, ...]]
Refiner = Callable[[npt.NDArray[np.uint8], Reading], tuple[Reading, npt.NDArray[np.uint8] | None]]
"""Gives each die's confidence (and, with the learned dice, a better value) and the dice's
crops; the panel passes `LearnedDiceKeeper.refine`."""
RESTING_SECONDS = 1.0
"""After this long without a move, a table that sits as it was when last read has every other
frame looked at for motion (a move is then seen a frame later, 33 ms at 30 fps)."""
STILL_FRAMES = 2
"""Frames that must match the first still one before a scene is offered (67 ms at 30 fps); its
reading starts at the first (33 ms)."""


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
    frame_captured = Signal(QImage, QSize)
    """A new frame for the preview, shrunk to the size it is painted at (`set_preview_size`),
    and the frame's own size. A frame that repeats the last one is the same QImage again."""
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
        self._newest: tuple[Frame, float, int] | None = None
        self._wake = threading.Condition()
        self._wants_frame = False
        """The reader waits for the next frame (else it is woken only when the scene to read
        changes)."""
        self._scene = 0
        """Number of the still scene to read (0: none); a move makes it stale."""
        self._settled = False
        """The scene to read is confirmed still (`Motion.CHANGED`), not only settling."""
        self._scene_stills: tuple[Still, ...] = ()
        """Two still frames of the scene, the newest last."""
        self._preview_box: tuple[int, int] | None = None
        self._scene_rest = 0.0
        self._moving = True
        self.reads = 0
        """Frames read so far (for tests and the bench)."""

    def frame_shown(self) -> None:
        """The preview painted the last frame; the next one may be sent."""
        self._shown.set()

    def set_preview_size(self, width: int, height: int) -> None:
        """Send frames shrunk to fit `width` x `height` device pixels, the size the preview
        paints them at (0: as captured)."""
        self._preview_box = (width, height) if width > 0 and height > 0 else None

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
        """Open the source, then capture until stopped (runs in the worker thread)."""
        try:
            self.source.open()
        except FrameSourceError as error:
            self.failed.emit(error.problem.value, str(error))
            return
        except Exception as error:  # a driver may raise anything: report it, never crash
            self.failed.emit(SourceProblem.UNREADABLE.value, str(error))
            return
        self.opened.emit(self.source.name)
        with _opencv_on_calling_threads():
            self._capture()

    def _capture(self) -> None:
        """The capture loop, with the reading loop beside it."""
        reader = _ReaderThread(self._read_loop)
        reader.start()
        pacer = Pacer(self.source.frame_interval)
        number = 0
        rest = time.monotonic()
        last: Frame | None = None
        small = np.zeros((0, 0), np.uint8)
        on_view: Frame | None = None  # the frame `small` and `image` show (or will)
        small_current = False  # `small` is the grey copy of the frame on view
        resting = False  # the table sat as it was when last read on the frame before
        # The preview's image of the frame on view, and the box it was shrunk for.
        image: QImage | None = None
        image_box: tuple[int, int] | None = None
        try:
            while not self._stopping.is_set():
                frame = self.source.read()
                captured = time.monotonic()
                number += 1
                # A table long at rest is looked at every other frame; between, a frame whose
                # sampled rows match is taken for the one on view until the next full look.
                glance = resting and number % 2 == 1 and captured - rest >= RESTING_SECONDS
                same = same_rows if glance else same_frame
                if on_view is None or not same(frame, on_view):
                    small_current, image, on_view = False, None, frame
                if glance:
                    motion = Motion.STILL
                else:
                    if not small_current:
                        small, small_current = small_grey(frame), True
                    motion = self._gate.update(small)
                resting = motion is Motion.STILL
                with self._wake:
                    before = (self._scene, self._settled)
                    self._newest = (frame, captured, number)
                    if motion is Motion.MOVING:
                        rest = captured
                        self._scene = 0  # a reading under way is of a past scene
                    elif self._scene and not self._settled:
                        # A scene read while it settled: confirmed, or the one read last after all.
                        if motion is Motion.CHANGED:
                            self._settled = True
                        elif motion is Motion.STILL:
                            self._scene = 0
                    elif motion is Motion.CHANGED or (
                        motion is Motion.SETTLING
                        and not self._scene
                        and self._gate.shows_new_scene(small)
                    ):
                        # Read from the first frame that matches the one before: the reading is
                        # under way when the table is confirmed still, and offered only then.
                        stills = ((last, number - 1),) if last is not None else ()
                        self._scene_stills = (*stills, (frame, number))
                        self._scene, self._scene_rest = number, rest
                        self._settled = motion is Motion.CHANGED
                    if self._wants_frame or (self._scene, self._settled) != before:
                        self._wake.notify()
                last = frame
                moving = motion is Motion.MOVING
                if moving != self._moving:
                    self._moving = moving
                    self.motion_changed.emit(moving)
                if self._shown.is_set():
                    box = self._preview_box
                    if image is None or image_box != box:
                        image, image_box = _preview_image(frame, box), box
                    self._shown.clear()
                    self.frame_captured.emit(image, QSize(frame.shape[1], frame.shape[0]))
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

    def _next_scene(self) -> tuple[tuple[Still, ...], int] | None:
        """The still frames of the scene to read and its number (waits for one); None when
        stopping."""
        with self._wake:
            while not self._stopping.is_set():
                if self._scene:
                    return self._scene_stills, self._scene
                self._wake.wait(0.5)
        return None

    def _next_frame(self, after: int) -> tuple[Frame, int, int] | None:
        """The newest frame of the scene to read captured after frame `after` (waits for it);
        None when stopping."""
        with self._wake:
            try:
                self._wants_frame = True
                while not self._stopping.is_set():
                    newest = self._newest
                    if self._scene and newest is not None and newest[2] > after:
                        return newest[0], newest[2], self._scene
                    self._wake.wait(0.5)
            finally:
                self._wants_frame = False
        return None

    def _read(self, frame: Frame) -> tuple[Reading, Frame | None]:
        """One frame read and refined. A reader bug must not stop the camera: it reads as no
        dice; NetworksUnavailable (a damaged install) passes."""
        try:
            return self._refiner(frame, self._reader(frame))
        except NetworksUnavailable:
            raise
        except Exception:
            return Reading(), None

    def _read_loop(self) -> None:
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="dice-reader") as second:
            try:
                self._read_scenes(second)
            except NetworksUnavailable as error:  # a damaged install: say so once, stop
                self.failed.emit(SourceProblem.NO_READER.value, str(error))

    def _read_scenes(self, second: ThreadPoolExecutor) -> None:
        proven = False  # a read has worked: the second reading thread reads beside the first
        while True:
            got = self._next_scene()
            if got is None:
                return
            stills, scene = got
            (frame, last), earlier = stills[-1], stills[:-1]
            if earlier and proven:
                pending = second.submit(self._read, earlier[0][0])
                newest = self._read(frame)
                done = [pending.result(), newest]
            else:
                # Alone, so that a damaged reader is said once; then the second thread's turn.
                done = [self._read(frame)]
                proven = True
                if earlier:
                    done.insert(0, second.submit(self._read, earlier[0][0]).result())
            self.reads += len(done)
            readings = [reading for reading, _ in done]
            crops = done[-1][1]
            while needs_another_read(readings):
                got_frame = self._next_frame(last)
                if got_frame is None:
                    return
                frame, last, now_scene = got_frame
                if now_scene != scene:
                    break  # the table moved and settled again: read the new scene afresh
                reading, crops = self._read(frame)
                self.reads += 1
                readings.append(reading)
            with self._wake:
                while self._scene == scene and not self._settled and not self._stopping.is_set():
                    self._wake.wait(0.5)  # read while settling: offered once confirmed still
                if self._scene != scene or self._stopping.is_set():
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


_opencv_lock = threading.Lock()
_opencv_users = 0
_opencv_threads = 0


@contextlib.contextmanager
def _opencv_on_calling_threads() -> Iterator[None]:
    """While a camera is open, OpenCV runs each call on the thread that makes it: its thread
    pool, woken for each of the capture thread's small calls 30 times a second, would double
    their cost, and the reader reads a scene's two frames on two threads anyway. The pool comes
    back when the last camera closes."""
    global _opencv_users, _opencv_threads
    with _opencv_lock:
        if _opencv_users == 0:
            _opencv_threads = cv2.getNumThreads()
            cv2.setNumThreads(1)
        _opencv_users += 1
    try:
        yield
    finally:
        with _opencv_lock:
            _opencv_users -= 1
            if _opencv_users == 0:
                cv2.setNumThreads(_opencv_threads)


class _ReaderThread(QThread):
    """Runs the reading loop in a thread Qt knows, so its signals cross threads safely."""

    def __init__(self, loop: Callable[[], None]) -> None:
        super().__init__()
        self._loop = loop

    def run(self) -> None:
        """The reading loop."""
        self._loop()


def _to_qimage(frame: Frame) -> QImage:
    height, width = frame.shape[:2]
    return QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888).copy()


def _preview_image(frame: Frame, box: tuple[int, int] | None) -> QImage:
    """The frame as the preview paints it: shrunk to fit `box` (by the nearest pixel, as the
    preview's painter would) in the format it paints without converting; as captured when it
    is painted as big or bigger (or `box` is None)."""
    height, width = frame.shape[:2]
    scale = 1.0 if box is None else min(box[0] / width, box[1] / height)
    if scale >= 1.0:
        return _to_qimage(frame)
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = QImage(size[0], size[1], QImage.Format.Format_RGB32)  # B, G, R, 255 in memory
    pixels = np.ndarray(
        (size[1], size[0], 4), np.uint8, buffer=image.bits(), strides=(image.bytesPerLine(), 4, 1)
    )
    small = cv2.resize(frame, size, interpolation=cv2.INTER_NEAREST)
    cv2.cvtColor(small, cv2.COLOR_BGR2BGRA, dst=pixels)
    return image
