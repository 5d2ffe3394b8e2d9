"""Still gating: read the table only once the dice have stopped moving.

`MotionGate` decides from a small grey copy of each frame whether the table moves, has just
settled into a new scene (read it), or sits as it was when last read (read nothing).
`StabilityGate` passes values seen unchanged over consecutive readings.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt


@dataclass
class StabilityGate:
    """Passes values seen unchanged on consecutive frames for `hold_seconds` (and `min_frames`).

    >>> gate = StabilityGate(hold_seconds=0.5, min_frames=3)
    >>> [gate.update((1, 2, 3), t) for t in (0.0, 0.2, 0.4, 0.6)]
    [None, None, None, (1, 2, 3)]
    >>> gate.update((1, 2, 4), 0.7) is None
    True
    """

    hold_seconds: float = 0.5
    min_frames: int = 3
    _values: tuple[int, ...] | None = field(default=None, init=False)
    _since: float = field(default=0.0, init=False)
    _frames: int = field(default=0, init=False)

    def update(self, values: tuple[int, ...], timestamp: float) -> tuple[int, ...] | None:
        """Feed one frame's sorted values; returns them once they are stable, else None.

        A steady empty table returns (): the dice were picked up.
        """
        if values != self._values:
            self._values, self._since, self._frames = values, timestamp, 1
            return None
        self._frames += 1
        steady = timestamp - self._since >= self.hold_seconds and self._frames >= self.min_frames
        return values if steady else None

    def reset(self) -> None:
        """Forget what was seen (after the dice were used, or the source changed)."""
        self._values, self._since, self._frames = None, 0.0, 0


class Motion(enum.Enum):
    """What a frame says about the table, from a small grey copy (`MotionGate.update`)."""

    MOVING = "moving"
    """Something moved since the scene last settled: dice rolling, a hand over the table."""
    SETTLING = "settling"
    """Nothing moved, but not for long enough yet."""
    CHANGED = "changed"
    """The table has just settled into a scene not read yet: read it now (said once)."""
    STILL = "still"
    """The table sits as it was when last read (or announced): nothing to read."""


SMALL_WIDTH = 160
"""Width of the grey copy the motion test looks at (90 rows for a 16:9 frame)."""
_HALF_ROWS_FROM = 8
"""A frame at least this many times taller than the grey copy is shrunk from every second row:
half the work, and still 32 pixels or more averaged into each of the copy's."""


def small_grey(frame: npt.NDArray[np.uint8], width: int = SMALL_WIDTH) -> npt.NDArray[np.uint8]:
    """A small grey copy of a BGR frame for the motion test (about 0.5 ms for 1280x720).

    Shrinking by area averages 8x4 pixels (of every second row), which also averages the
    sensor's noise away.
    """
    import cv2

    h, w = frame.shape[:2]
    size = (min(width, w), max(1, round(h * min(width, w) / w)))
    if h >= _HALF_ROWS_FROM * size[1]:
        frame = frame[::2]
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    return np.asarray(cv2.resize(grey, size, interpolation=cv2.INTER_AREA), np.uint8)


def same_frame(a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8]) -> bool:
    """Whether two frames hold the same pixels: a video's or a photo's still frames may, a
    camera's never do (its sensor's noise differs at once, so a few rows tell)."""
    import cv2

    if a is b:
        return True
    if not same_rows(a, b):
        return False
    return bool(cv2.norm(a, b, cv2.NORM_INF) == 0)


def same_rows(a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8]) -> bool:
    """Whether two frames hold the same pixels in a sample of rows (every 45th, the middle one
    first): a quick `same_frame` that a change between those rows escapes."""
    if a is b:
        return True
    if a.shape != b.shape or a.shape[0] == 0:
        return a.shape == b.shape
    middle = a.shape[0] // 2
    return np.array_equal(a[middle], b[middle]) and np.array_equal(a[::45], b[::45])


def moved_share(a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8], step: int) -> float:
    """The share of pixels that differ by more than `step` grey levels between two copies."""
    if a.shape != b.shape:
        return 1.0
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16))
    return float(np.count_nonzero(diff > step)) / max(1, diff.size)


@dataclass
class MotionGate:
    """Decides moving / still / changed from small grey copies of consecutive frames.

    Each frame is compared with the first frame of the current still run (so a die sliding
    slowly adds up to a move) and, once still for `still_frames`, with the scene last read:
    a new scene is announced once as CHANGED, the same scene after a hand passed over is STILL.

    >>> import numpy as np
    >>> gate = MotionGate(still_frames=2)
    >>> table, dice = np.zeros((9, 16), np.uint8), np.full((9, 16), 200, np.uint8)
    >>> [gate.update(f).value for f in (table, table, table, table)]
    ['moving', 'settling', 'changed', 'still']
    >>> [gate.update(f).value for f in (dice, dice, dice, table, table, table)]
    ['moving', 'settling', 'changed', 'moving', 'settling', 'changed']
    """

    still_frames: int = 3
    """Frames unchanged (after the first) before the scene counts as settled."""
    pixel_step: int = 14
    """Grey levels a pixel of the small copy must change by to count as moved."""
    moving_share: float = 0.002
    """Share of moved pixels from which the frame counts as moving (about 30 of 160x90: a
    die at 1280x720 covers 60..100 of them)."""
    _anchor: npt.NDArray[np.uint8] | None = field(default=None, init=False, repr=False)
    _reference: npt.NDArray[np.uint8] | None = field(default=None, init=False, repr=False)
    _still: int = field(default=0, init=False)
    _announced: bool = field(default=False, init=False)

    def update(self, small: npt.NDArray[np.uint8]) -> Motion:
        """Feed the small grey copy of the next frame; says what the table does."""
        if self._anchor is None or self._differs(small, self._anchor):
            self._anchor, self._still, self._announced = small, 0, False
            return Motion.MOVING
        self._still += 1
        if self._still < self.still_frames:
            return Motion.SETTLING
        if self._announced:
            return Motion.STILL
        self._announced = True
        if self._reference is not None and not self._differs(small, self._reference):
            return Motion.STILL
        self._reference = small
        return Motion.CHANGED

    def shows_new_scene(self, small: npt.NDArray[np.uint8]) -> bool:
        """Whether a frame's small grey copy shows another scene than the one last read (or
        announced): a settling table worth reading ahead of its `Motion.CHANGED`."""
        return self._reference is None or self._differs(small, self._reference)

    def forget_scene(self) -> None:
        """Read the scene again once it is still (a new source, a new reader)."""
        self._reference = None
        self._announced = False

    def _differs(self, a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8]) -> bool:
        return moved_share(a, b, self.pixel_step) > self.moving_share
