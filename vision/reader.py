"""The classical dice reader: find each die's top face, then count the pips on it.

Stages (see docs/vision.md): pip candidates on a pyramid (`vision.pips`), die faces grown
from them by flood fill (`vision.bodies`), the top face picked among a die's visible faces
(`vision.faces`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.blobs import with_blob_dice
from vision.bodies import Die, find_dice
from vision.pips import find_pips
from vision.quality import blurred, too_dark, too_small
from vision.types import DieReading, Reading

U8 = npt.NDArray[np.uint8]

# Frames wider than this are read at this width: pips stay a few pixels wide, time stays flat.
# Down to half size they are shrunk by linear interpolation (five times faster than by area at
# 1280 to 960, and pips several pixels wide lose nothing); further by area, as a linear shrink
# of a big noisy frame would keep its noise.
_MAX_SIDE = 960
# Share of a face's box blown out to white that earns the "glare" flag.
_GLARE_SHARE = 0.05
# Colour (brightest minus darkest channel) of the surroundings from which a face counts as
# coloured, fully so this much above it, judged by a median over this many quarter pixels.
_SAT_FROM = 60.0
_SAT_SPAN = 60.0
_SAT_MEDIAN = 5
_GROW = np.ones((3, 3), np.uint8)
# A big pip's radius, in quarter pixels.
_PIP_REACH = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
_SAT_WEIGHT = np.clip((np.arange(256) - _SAT_FROM) / _SAT_SPAN * 255, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class Working:
    """A frame made ready for the reader: the image itself (shrunk if big), its scale to the
    frame, and the grey images pips are looked for in."""

    img: U8
    scale: float
    tone: U8
    """Dark pips: the darkest channel, halfway to the brightest on coloured faces."""
    darkest: U8
    """Light pips: the darkest channel."""
    bright: tuple[U8, U8] | None
    """Dark pips again, on coloured faces in their brightest channel, and a mask of where those
    are (None: nothing coloured)."""


def _checked(frame: object) -> U8:
    """The frame as a contiguous HxWx3 uint8 array, or ValueError."""
    if (
        not isinstance(frame, np.ndarray)
        or frame.ndim != 3
        or frame.shape[2] != 3
        or frame.dtype != np.uint8
    ):
        raise ValueError("read_dice expects an HxWx3 uint8 BGR frame")
    return np.ascontiguousarray(frame)


def _prepare(frame: U8) -> Working:
    """The working image of a checked, non-empty frame and the grey images its pips are
    looked for in."""
    h, w = frame.shape[:2]
    scale = 1.0
    if max(h, w) > _MAX_SIDE:
        scale = _MAX_SIDE / max(h, w)
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        method = cv2.INTER_LINEAR if scale > 0.5 else cv2.INTER_AREA
        frame = np.asarray(cv2.resize(frame, size, interpolation=method), dtype=np.uint8)
    tone, lo, bright = _tones(frame)
    return Working(frame, scale, tone, lo, bright)


def _tones(img: U8) -> tuple[U8, U8, tuple[U8, U8] | None]:
    """The grey images pips are looked for in (see `Working`).

    On white and ivory faces dark pips are looked for in the darkest channel, where black,
    blue and red pips are all dark. A coloured face's darkest channel is dark too, so where
    the surroundings are strongly coloured the tone moves halfway to the brightest channel:
    black pips show on a yellow, green or red die, and a red or blue pip big enough to colour
    its own surroundings (the 1 of a big white die) still shows on white. On white paper a
    coloured face is then a big dark blob, so on coloured frames dark pips are also looked for
    with coloured faces in their brightest channel, where a yellow, green or red die is about
    as light as the paper and its black pips stand out as on a white die.
    """
    b, g, r = cv2.split(img)
    lo = np.asarray(cv2.min(cv2.min(b, g), r), dtype=np.uint8)
    hi = cv2.max(cv2.max(b, g), r)
    sat = cv2.subtract(hi, lo)
    h, w = sat.shape
    # Where the surroundings are coloured: the median at quarter size (a face's colour without
    # its pips), grown a little so a face's shaded rim counts with the face.
    small = cv2.resize(sat, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    region = cv2.dilate(cv2.LUT(cv2.medianBlur(small, _SAT_MEDIAN), _SAT_WEIGHT), _GROW)
    if cv2.countNonZero(region) == 0:
        # Nothing strongly coloured anywhere (white dice on a grey or brown table): the tone is
        # the darkest channel itself.
        return lo, lo, None
    # Beyond the coloured surroundings (grown by a big pip, so a pip on their edge is whole)
    # the brightest-channel image is the tone itself, and is not searched again.
    coloured = cv2.dilate(cv2.threshold(region, 0, 255, cv2.THRESH_BINARY)[1], _PIP_REACH)
    region = cv2.resize(region, (w, h), interpolation=cv2.INTER_LINEAR)
    # ... and the pixel itself is coloured: a black pip on a coloured face stays dark.
    weight = cv2.multiply(cv2.LUT(sat, _SAT_WEIGHT), region, scale=1 / 255)
    tone = cv2.add(lo, cv2.multiply(sat, weight, scale=0.5 / 255))
    bright = cv2.add(lo, cv2.multiply(sat, weight, scale=1 / 255))
    searched = (np.asarray(bright, dtype=np.uint8), np.asarray(coloured, dtype=np.uint8))
    return np.asarray(tone, dtype=np.uint8), lo, searched


def read_dice(frame_bgr: U8, *, check_focus: bool = False) -> Reading:
    """Read the top-face value of every die in a BGR frame.

    The flags also say when the frame is too dark or the dice read too small to trust, and,
    with `check_focus` (a few milliseconds more: the camera asks for it), when it is blurred.
    """
    frame = _checked(frame_bgr)
    if frame.size == 0:
        return Reading(dice=(), flags=frozenset())  # an empty frame shows no die
    work = _prepare(frame)
    pips = find_pips(work.tone, work.darkest, work.bright)
    dice = with_blob_dice(work.img, pips, find_dice(work.img, pips))
    flags = set()
    if any(d.cut for d in dice):
        flags.add("cut_by_edge")
    if any(d.touching for d in dice):
        flags.add("touching")
    if any(_glare(work.darkest, d) for d in dice):
        flags.add("glare")
    read = tuple(_reading(d, work.scale) for d in dice)
    if too_dark(work.darkest):
        flags.add("too_dark")
    if too_small([max(d.size) for d in read]):
        flags.add("too_small")
    if check_focus and blurred(work.darkest):
        flags.add("blurred")
    return Reading(dice=read, flags=frozenset(flags))


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
