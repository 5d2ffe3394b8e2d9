"""The classical dice reader: find each die's top face, then count the pips on it.

Stages (see docs/vision.md): pip candidates on a pyramid (`vision.pips`), die faces grown
from them by flood fill (`vision.bodies`), the top face picked among a die's visible faces
(`vision.faces`).
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

from vision.bodies import Die, find_dice
from vision.pips import find_pips
from vision.types import DieReading, Reading

U8 = npt.NDArray[np.uint8]

# Frames wider than this are read at this width: pips stay a few pixels wide, time stays flat.
_MAX_SIDE = 960
# Share of a face's box blown out to white that earns the "glare" flag.
_GLARE_SHARE = 0.05


def prepare(frame: U8) -> tuple[U8, U8, float]:
    """The working image, its darkest channel, and the scale from the frame to them."""
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError("read_dice expects an HxWx3 BGR frame")
    h, w = frame.shape[:2]
    scale = 1.0
    if max(h, w) > _MAX_SIDE:
        scale = _MAX_SIDE / max(h, w)
        size = (round(w * scale), round(h * scale))
        frame = np.asarray(cv2.resize(frame, size, interpolation=cv2.INTER_AREA), dtype=np.uint8)
    # The darkest channel makes black, blue and red pips all dark on a white face, and white
    # pips light on a red or black face.
    chan: U8 = np.asarray(cv2.min(cv2.min(frame[:, :, 0], frame[:, :, 1]), frame[:, :, 2]))
    return frame, chan, scale


def read_dice(frame_bgr: U8) -> Reading:
    """Read the top-face value of every die in a BGR frame."""
    img, chan, scale = prepare(np.ascontiguousarray(frame_bgr))
    dice = find_dice(img, find_pips(chan))
    flags = set()
    if any(d.cut for d in dice):
        flags.add("cut_by_edge")
    if any(d.touching for d in dice):
        flags.add("touching")
    if any(_glare(chan, d) for d in dice):
        flags.add("glare")
    return Reading(dice=tuple(_reading(d, scale) for d in dice), flags=frozenset(flags))


def _reading(die: Die, scale: float) -> DieReading:
    confidence = min(1.0, float(np.mean([p.contrast for p in die.top])) * 1.3)
    inv = 1.0 / scale
    return DieReading(
        value=len(die.top),
        center=(die.center[0] * inv, die.center[1] * inv),
        size=(die.size[0] * inv, die.size[1] * inv),
        angle=float(die.angle),
        confidence=confidence,
    )


def _glare(chan: U8, die: Die) -> bool:
    """Whether a die's face is partly blown out, so pips under a highlight may be missed."""
    h, w = chan.shape
    half = max(die.size) / 2
    x0, x1 = max(0, round(die.center[0] - half)), min(w, round(die.center[0] + half))
    y0, y1 = max(0, round(die.center[1] - half)), min(h, round(die.center[1] + half))
    patch = chan[y0:y1, x0:x1]
    return patch.size > 0 and float(np.count_nonzero(patch >= 250)) > _GLARE_SHARE * patch.size
