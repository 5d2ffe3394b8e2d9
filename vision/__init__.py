"""Reading dice from camera frames and photos: numpy and OpenCV only, no Qt.

`read_dice` loads OpenCV on first use, so that the result types, the stability gate and the
source errors cost nothing to import (the window starts without waiting for OpenCV).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vision.types import DieReading, Reading, ReadingFlag

if TYPE_CHECKING:
    from vision.reader import read_dice

__all__ = ["DieReading", "Reading", "ReadingFlag", "read_dice"]


def __getattr__(name: str) -> object:
    if name == "read_dice":
        from vision.reader import read_dice

        return read_dice
    raise AttributeError(f"module 'vision' has no attribute {name!r}")
