"""What can go wrong with a frame source, as data the app words for the player (no OpenCV)."""

from __future__ import annotations

import enum


class SourceProblem(enum.Enum):
    """What went wrong with a source, for the app to choose its words and its remedy."""

    NO_CAMERA = "no_camera"
    PERMISSION_DENIED = "permission_denied"
    CAMERA_BUSY = "camera_busy"
    DISCONNECTED = "disconnected"
    UNREADABLE = "unreadable"
    NO_READER = "no_reader"
    """The dice reader itself cannot run (its networks are missing or damaged)."""


class FrameSourceError(RuntimeError):
    """A source that cannot open or stopped giving frames."""

    def __init__(self, problem: SourceProblem, message: str) -> None:
        super().__init__(message)
        self.problem = problem
