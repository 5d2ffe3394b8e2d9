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
# They are shrunk by linear interpolation: five times faster than by area at 1280 to 960, and
# the pips, several pixels wide, lose nothing.
_MAX_SIDE = 960
# Share of a face's box blown out to white that earns the "glare" flag.
_GLARE_SHARE = 0.05
# Colour (brightest minus darkest channel) of the surroundings from which a face counts as
# coloured, fully so this much above it, judged by a median over this many pixels of the
# image shrunk this many times (30 px: about twice a big pip, so the red 1 of a white die is
# not its surroundings).
_SAT_FROM = 60.0
_SAT_SPAN = 60.0
_SAT_MEDIAN = 5
_SAT_SHRINK = 6
_GROW = np.ones((3, 3), np.uint8)
_SAT_WEIGHT = np.clip((np.arange(256) - _SAT_FROM) / _SAT_SPAN * 255, 0, 255).astype(np.uint8)


def prepare(frame: U8) -> tuple[U8, U8, float]:
    """The working image, the grey image dark pips are looked for in, and the scale to them."""
    img, tone, _, scale = _prepare(frame)
    return img, tone, scale


def _prepare(frame: U8) -> tuple[U8, U8, U8, float]:
    """prepare(), and the darkest channel of the working image, on which the tone is built."""
    if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
        raise ValueError("read_dice expects an HxWx3 uint8 BGR frame")
    h, w = frame.shape[:2]
    scale = 1.0
    if max(h, w) > _MAX_SIDE:
        scale = _MAX_SIDE / max(h, w)
        size = (round(w * scale), round(h * scale))
        frame = np.asarray(cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR), dtype=np.uint8)
    tone, lo = _tone(frame)
    return frame, tone, lo, scale


def darkest(img: U8) -> U8:
    """The darkest channel: white pips stand out on red, blue and black dice there."""
    b, g, r = cv2.split(img)
    return np.asarray(cv2.min(cv2.min(b, g), r), dtype=np.uint8)


def _tone(img: U8) -> tuple[U8, U8]:
    """The grey image pips are looked for in, and the darkest channel.

    On white and ivory faces it is the darkest channel, where black, blue and red pips are all
    dark. Where the surroundings are strongly coloured (a coloured face, whose darkest channel
    is dark too) it moves to the brightest channel, so a yellow, green or red die is as light
    there as the white paper it may lie on, and its black pips stand out as on a white die.
    The colour is judged over a window about twice as wide as a big pip, so a coloured pip on
    a white face (the red 1 of some dice) stays in the darkest channel.
    """
    b, g, r = cv2.split(img)
    lo = cv2.min(cv2.min(b, g), r)
    hi = cv2.max(cv2.max(b, g), r)
    sat = cv2.subtract(hi, lo)
    h, w = sat.shape
    # Where the surroundings are coloured: the median at a sixth of the size (a face's colour
    # without its pips), grown a little so a face's shaded rim counts with the face.
    shrunk = (max(1, w // _SAT_SHRINK), max(1, h // _SAT_SHRINK))
    small = cv2.resize(sat, shrunk, interpolation=cv2.INTER_AREA)
    region = cv2.dilate(cv2.LUT(cv2.medianBlur(small, _SAT_MEDIAN), _SAT_WEIGHT), _GROW)
    if cv2.countNonZero(region) == 0:
        # Nothing strongly coloured anywhere (white dice on a grey or brown table): the tone is
        # the darkest channel itself.
        return np.asarray(lo, dtype=np.uint8), np.asarray(lo, dtype=np.uint8)
    region = cv2.resize(region, (w, h), interpolation=cv2.INTER_LINEAR)
    # ... and the pixel itself is coloured: a black pip on a coloured face stays dark.
    weight = cv2.multiply(cv2.LUT(sat, _SAT_WEIGHT), region, scale=1 / 255)
    tone = cv2.add(lo, cv2.multiply(sat, weight, scale=1.0 / 255))
    return np.asarray(tone, dtype=np.uint8), np.asarray(lo, dtype=np.uint8)


def read_dice(frame_bgr: U8) -> Reading:
    """Read the top-face value of every die in a BGR frame."""
    img, chan, lo, scale = _prepare(np.ascontiguousarray(frame_bgr))
    dice = find_dice(img, find_pips(chan, lo))
    flags = set()
    if any(d.cut for d in dice):
        flags.add("cut_by_edge")
    if any(d.touching for d in dice):
        flags.add("touching")
    if any(_glare(lo, d) for d in dice):
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
