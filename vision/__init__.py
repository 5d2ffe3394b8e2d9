"""Reading dice from camera frames and photos: numpy and OpenCV only, no Qt."""

from vision.reader import read_dice
from vision.types import DieReading, Reading

__all__ = ["DieReading", "Reading", "read_dice"]
