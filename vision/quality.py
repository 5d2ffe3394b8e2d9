"""Why a frame may read badly: too dark, blurred, or dice too small for the reader.

These are hints for the player ("move the camera closer"), judged cheaply on the reader's
working image; they do not change what is read.
"""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt

U8 = npt.NDArray[np.uint8]

# A frame is too dark when even its brightest things (the top 1%, where dice faces are) stay
# under this grey level in their darkest channel. The demo photos, darkened, still read at 31
# and no longer at 24 (a well-exposed frame reaches 160 and more).
DARK_LEVEL = 40
# Sharpness: how much of the strongest edges' gradient a 5 px box blur takes away. Sharp frames
# lose 0.36..0.40 of it, the development photos 0.15 and up (1st percentile 0.19, 0.27 for the
# colour set); a frame blurred by a Gaussian of 4 px or more (a rolling die, a camera out of
# focus) loses 0.13 or less, 3 px 0.14..0.15, 2 px 0.19 (drawn scenes on wood, cloth and
# paper, `tests/vision/test_quality.py`).
BLUR_LEVEL = 0.145
# Share of the frame's pixels taken as its strongest edges.
_EDGE_SHARE = 0.005
# Dice read under this size (their longer side, in frame pixels) are too small to be read
# reliably: the reader is tuned for 20 px and up.
SMALL_DIE = 22.0


def too_small(sizes: list[float]) -> bool:
    """Whether the dice read (their longer sides) are mostly too small to trust."""
    return bool(sizes) and float(np.median(sizes)) < SMALL_DIE


def _top_level(img: U8, share: float) -> int:
    """The grey level above which the brightest `share` of the image lies."""
    hist = cv2.calcHist([img], [0], None, [256], [0, 256]).ravel()
    return 255 - int(np.searchsorted(hist[::-1].cumsum(), share * img.size))


def too_dark(darkest: U8) -> bool:
    """Whether even the brightest things in view are too dim to read pips on."""
    return darkest.size > 0 and _top_level(darkest[::4, ::4], 0.01) < DARK_LEVEL


def _edges(grey: U8) -> U8:
    """The step to the next pixel across and down (a cheap gradient, one pixel short)."""
    across = cv2.absdiff(grey[:-1, 1:], grey[:-1, :-1])
    down = cv2.absdiff(grey[1:, :-1], grey[:-1, :-1])
    return np.asarray(cv2.add(across, down), dtype=np.uint8)


def sharpness(grey: U8) -> float:
    """Share of the strongest edges' gradient that a small blur takes away (1: razor sharp,
    0: already as soft as the blur)."""
    if min(grey.shape[:2]) < 8:
        return 1.0
    grey = np.asarray(cv2.blur(grey, (3, 3)), dtype=np.uint8)  # sensor noise is no edge
    edges = _edges(grey)
    level = max(4, _top_level(edges, _EDGE_SHARE))
    strong = cv2.threshold(edges, level - 1, 255, cv2.THRESH_BINARY)[1]
    softer = _edges(np.asarray(cv2.blur(grey, (5, 5)), dtype=np.uint8))
    before = float(cv2.sumElems(cv2.bitwise_and(edges, strong))[0])
    after = float(cv2.sumElems(cv2.bitwise_and(softer, strong))[0])
    return 1.0 - after / before if before > 0 else 1.0


def blurred(grey: U8) -> bool:
    """Whether the frame is too soft for pips to show apart (motion or defocus)."""
    return sharpness(grey) < BLUR_LEVEL
