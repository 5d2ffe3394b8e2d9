"""Where frames come from: a webcam, a video file, or a folder of images, behind one interface.

Sources are plain blocking objects, meant to be driven from a worker thread. Every failure
becomes a FrameSourceError with a message fit to show a player (never OpenCV's or the
system's own text). A frame larger than MAX_FRAME_PIXELS is refused: a video file's frame
size is checked from its header before any frame is decoded.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np
import numpy.typing as npt

from vision.images import MAX_IMAGE_BYTES, decode_image
from vision.problems import FrameSourceError, SourceProblem

Frame = npt.NDArray[np.uint8]
__all__ = [
    "CameraSource",
    "FrameSource",
    "FrameSourceError",
    "ImageFolderSource",
    "Pacer",
    "SourceProblem",
    "VideoFileSource",
    "source_for",
]

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
MAX_FRAME_PIXELS = 4096 * 4096
"""The largest frame a source gives (about 50 MB in BGR): beyond a 4K camera's, far below
what a crafted video can claim (12,000 × 12,000 frames would take 2.4 GB at a time)."""


def _too_large(width: float, height: float) -> bool:
    return width * height > MAX_FRAME_PIXELS


def _frame_size_text(name: str, width: float, height: float) -> str:
    return (
        f"{name}: its pictures are too large ({int(width)} × {int(height)}; "
        f"at most {MAX_FRAME_PIXELS // 1_000_000} million pixels)."
    )


class FrameSource(Protocol):
    """Anything that gives BGR frames one at a time."""

    @property
    def name(self) -> str:
        """What to call the source in the window."""
        ...

    @property
    def frame_interval(self) -> float:
        """Seconds between frames for sources that are not live (0 for a camera)."""
        ...

    def open(self) -> None:
        """Start the source; FrameSourceError when it cannot."""
        ...

    def read(self) -> Frame:
        """The next frame; FrameSourceError when the source fails."""
        ...

    def close(self) -> None:
        """Release the device or file. Safe to call twice."""
        ...


class CameraSource:
    """A webcam by device index, through cv2.VideoCapture."""

    def __init__(self, index: int, width: int = 1280, height: int = 720) -> None:
        self.index = index
        self.size = (width, height)
        self._capture: cv2.VideoCapture | None = None

    @property
    def name(self) -> str:
        """E.g. "Camera 0"."""
        return f"Camera {self.index}"

    @property
    def frame_interval(self) -> float:
        """A camera sets its own pace."""
        return 0.0

    def open(self) -> None:
        """Open the device; the error says whether it is missing, forbidden or busy."""
        try:
            capture = cv2.VideoCapture(self.index)
        except cv2.error:
            raise FrameSourceError(*self._why_not_open()) from None
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(*self._why_not_open())
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._capture = capture

    def _why_not_open(self) -> tuple[SourceProblem, str]:
        if sys.platform.startswith("linux"):
            device = Path(f"/dev/video{self.index}")
            if not device.exists():
                return SourceProblem.NO_CAMERA, f"No camera found ({device} does not exist)."
            if not os.access(device, os.R_OK | os.W_OK):
                return (
                    SourceProblem.PERMISSION_DENIED,
                    f"Permission denied for {device}: add your user to the 'video' group.",
                )
            return (
                SourceProblem.CAMERA_BUSY,
                f"{self.name} is busy: another program may be using it.",
            )
        return (
            SourceProblem.NO_CAMERA,
            f"{self.name} cannot be opened: it may be missing, busy, or not allowed "
            "in the system's privacy settings.",
        )

    def read(self) -> Frame:
        """The latest frame; DISCONNECTED when the camera stops sending."""
        if self._capture is None:
            raise FrameSourceError(SourceProblem.NO_CAMERA, f"{self.name} is not open.")
        try:
            ok, frame = self._capture.read()
        except (cv2.error, MemoryError):
            ok, frame = False, None
        if not ok or frame is None:
            raise FrameSourceError(
                SourceProblem.DISCONNECTED, f"{self.name} stopped sending pictures (unplugged?)."
            )
        height, width = frame.shape[:2]
        if _too_large(width, height):
            raise FrameSourceError(
                SourceProblem.UNREADABLE, _frame_size_text(self.name, width, height)
            )
        return np.asarray(frame, dtype=np.uint8)

    def close(self) -> None:
        """Release the device."""
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class VideoFileSource:
    """A video file, played at its own frame rate, looping at the end when asked."""

    def __init__(self, path: str | Path, *, loop: bool = True) -> None:
        self.path = Path(path)
        self.loop = loop
        self._capture: cv2.VideoCapture | None = None
        self._interval = 1 / 30

    @property
    def name(self) -> str:
        """The file name."""
        return self.path.name

    @property
    def frame_interval(self) -> float:
        """From the file's frame rate."""
        return self._interval

    def open(self) -> None:
        """Open the file; UNREADABLE when it is missing, not a regular file, not a video
        OpenCV can decode, or of frames larger than MAX_FRAME_PIXELS."""
        try:
            mode = self.path.stat().st_mode
        except (OSError, ValueError):
            raise FrameSourceError(SourceProblem.UNREADABLE, f"Not found: {self.path}") from None
        if not stat.S_ISREG(mode):
            raise FrameSourceError(
                SourceProblem.UNREADABLE,
                f"Cannot read {self.path.name}: not a video file (a pipe, a device or a folder).",
            )
        undecodable = FrameSourceError(
            SourceProblem.UNREADABLE,
            f"Cannot read {self.path.name}: not a video this program can decode.",
        )
        try:
            capture = cv2.VideoCapture(str(self.path))
        except cv2.error:
            raise undecodable from None
        try:
            if not capture.isOpened():
                raise undecodable
            width = capture.get(cv2.CAP_PROP_FRAME_WIDTH)
            height = capture.get(cv2.CAP_PROP_FRAME_HEIGHT)
            if _too_large(width, height):  # before a single frame is decoded
                raise FrameSourceError(
                    SourceProblem.UNREADABLE, _frame_size_text(self.path.name, width, height)
                )
            ok, frame = capture.read()
            if not ok or frame is None:
                raise undecodable
            if _too_large(frame.shape[1], frame.shape[0]):
                raise FrameSourceError(
                    SourceProblem.UNREADABLE,
                    _frame_size_text(self.path.name, frame.shape[1], frame.shape[0]),
                )
            capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            fps = capture.get(cv2.CAP_PROP_FPS)
        except FrameSourceError:
            capture.release()
            raise
        except (cv2.error, MemoryError):
            capture.release()
            raise undecodable from None
        self._interval = 1 / fps if 1 <= fps <= 240 else 1 / 30
        self._capture = capture

    def read(self) -> Frame:
        """The next frame; at the end, the first again (or UNREADABLE without looping)."""
        if self._capture is None:
            raise FrameSourceError(SourceProblem.UNREADABLE, f"{self.name} is not open.")
        try:
            ok, frame = self._capture.read()
            if not ok and self.loop:
                self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
                ok, frame = self._capture.read()
        except (cv2.error, MemoryError):
            ok, frame = False, None
        if not ok or frame is None:
            raise FrameSourceError(SourceProblem.UNREADABLE, f"{self.name} ended or is broken.")
        height, width = frame.shape[:2]
        if _too_large(width, height):
            raise FrameSourceError(
                SourceProblem.UNREADABLE, _frame_size_text(self.name, width, height)
            )
        return np.asarray(frame, dtype=np.uint8)

    def close(self) -> None:
        """Release the file."""
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class ImageFolderSource:
    """The images of a folder in name order, each shown for `seconds_each`, then again."""

    def __init__(
        self, folder: str | Path, *, seconds_each: float = 2.0, fps: float = 15.0, loop: bool = True
    ) -> None:
        self.folder = Path(folder)
        self.seconds_each = seconds_each
        self.loop = loop
        self._interval = 1 / fps
        self._paths: list[Path] = []
        self._frames_each = max(1, round(seconds_each * fps))
        self._position = 0
        self._current: tuple[Path, Frame] | None = None
        self.skipped: list[str] = []
        """Images passed over because they could not be decoded."""

    @property
    def name(self) -> str:
        """The folder name."""
        return self.folder.name

    @property
    def frame_interval(self) -> float:
        """The pace at which the images are repeated."""
        return self._interval

    def open(self) -> None:
        """List the images; UNREADABLE when the folder is missing or holds none."""
        if not self.folder.is_dir():
            raise FrameSourceError(SourceProblem.UNREADABLE, f"Folder not found: {self.folder}")
        try:
            found = [p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES]
        except OSError as error:
            why = (error.strerror or "cannot be read").lower()
            raise FrameSourceError(
                SourceProblem.UNREADABLE, f"Cannot read the folder {self.folder.name}: {why}."
            ) from None
        self._paths = sorted(found)
        if not self._paths:
            raise FrameSourceError(
                SourceProblem.UNREADABLE, f"No images (JPEG, PNG…) in {self.folder}"
            )
        self._position = 0

    def read(self) -> Frame:
        """The current image. Images that cannot be decoded are passed over (and forgotten);
        UNREADABLE once none is left."""
        while True:
            index = self._position // self._frames_each
            if index >= len(self._paths):
                if not self.loop or not self._paths:
                    raise FrameSourceError(
                        SourceProblem.UNREADABLE, f"{self.name}: no readable images left."
                    )
                self._position = index = 0
            path = self._paths[index]
            if self._current is not None and self._current[0] == path:
                self._position += 1
                return self._current[1]
            try:
                image = decode_image(path.read_bytes()) if _small_regular_file(path) else None
            except (OSError, MemoryError):  # unreadable (permissions), or gone since listed
                image = None
            if image is not None and _too_large(image.shape[1], image.shape[0]):
                image = None
            if image is not None:
                self._current = (path, image)
                continue
            self.skipped.append(path.name)
            del self._paths[index]
            self._position = index * self._frames_each

    def close(self) -> None:
        """Forget the images."""
        self._current = None


def _small_regular_file(path: Path) -> bool:
    """Whether `path` is a regular file no larger than a photo may be (never a pipe)."""
    try:
        status = path.stat()
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_size <= MAX_IMAGE_BYTES


def source_for(spec: str) -> FrameSource:
    """A source from a command-line or settings value: a camera index, a folder or a video."""
    if spec.isdigit():
        return CameraSource(int(spec))
    path = Path(spec).expanduser()
    with contextlib.suppress(OSError, ValueError):
        if path.is_dir():
            return ImageFolderSource(path)
    return VideoFileSource(path)


class Pacer:
    """Sleeps so that non-live sources play at their own pace."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._next = time.monotonic()

    def wait(self) -> None:
        """Sleep until the next frame is due."""
        if self.interval <= 0:
            return
        self._next += self.interval
        delay = self._next - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        else:
            self._next = time.monotonic()
