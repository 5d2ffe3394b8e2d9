"""Dice found as blobs that stand out from the table, read from the pips inside them.

A second pass after the face fills of `vision.bodies`: small dice (20..45 px), coloured and
translucent bodies, coloured pips and crowded rolls defeat a fill grown from one pip, but such
dice still stand out from a plain table. The table is what a wide median leaves of the frame;
what differs from it by a clear step is a blob, and a blob of a die's size and shape (a pair or
a row of touching dice is worn down until it falls apart) is read from the pips inside it:
the pyramid's pips first, then pips that differ in colour from the blob's own body colour
(yellow pips on green, red on blue: no grey image shows those). Only blobs away from every die
already read are read, so this pass adds dice and never changes one.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import numpy.typing as npt

from vision.bodies import Die, drop_side_faces
from vision.faces import is_face, top_face
from vision.pips import Pip

U8 = npt.NDArray[np.uint8]
Contour = npt.NDArray[np.int32]

# The table: a median over this many pixels of the frame shrunk this many times (84 working
# pixels, twice the biggest die this pass is for), and a blob differs from it by this much in
# some channel.
_TABLE_MEDIAN = 21
_TABLE_SCALE = 4
_STEP = 40
# A die's blob, in working pixels: its area, and how long against wide its box may be.
_MIN_AREA = 120.0
_MAX_AREA = 6000.0
_MAX_ASPECT = 1.6
# A blob this square is one die for judging the roll's size of a die.
_SINGLE_ASPECT = 1.3
# Blobs bigger than this many dice (or long and bigger than this share of one) are touching
# dice, worn down until they part into pieces of at least this share of a die's side.
_MERGED = 1.7
_LONG_MERGED = 0.8
_MAX_MERGED = 12.0
_PIECE = 0.25
_MAX_WEAR = 0.45
_SPLIT_DEPTH = 2
# A straight row of this many dice is cut into equal dice when its length against its width is
# within this share of the count.
_ROW = (2, 3)
_ROW_SLACK = 0.2
# A blob within these shares of the dice read by their fills (the dice of one roll are alike:
# smaller blobs are specks, pieces of a die, or things on the table; bigger ones a hand, a
# cup), or at least the first share of the roll's usual blob when no fill read a die.
_ALIKE = (0.5, 2.0)
# A blob this close to a die read (in the bigger one's sides) is that die.
_SAME = 0.6
# A die read by a fill over this share of the frame's shorter side may be a stretch of table
# whose "pips" are whole dice: blobs inside it are read, and two dice read there undo it.
_HUGE = 0.6
# Pips are smaller than this share of the blob's side (a die-sized dark "pip" is the die).
_MAX_PIP = 0.2
# Pip radius against the blob's side (a 1's pip is bigger), as for faces grown by a fill.
_PIP_RATIO = (0.035, 0.16)
_LONE_RATIO = (0.05, 0.22)
# A lone pip sits this near the blob's centre (as on a fill's face), is at least this big, and
# round (a light one rounder still: keys and remotes carry light glyphs on dark faces), filling
# its box as a disc does (a glyph does not).
_LONE_OFF = 0.28
_LONE_MIN = 0.1
_LONE_ELONG = 2.0
_LONE_ELONG_LIGHT = 1.3
_LONE_FILL = 0.65
# Colour pips: the blob's rim (this share of its side) is worn off, and a pip differs from the
# body's median colour by at least this much (more where the blob's own contrast says so).
_RIM = 0.05
# Pyramid faces of fewer pips than this are checked against the colour pips, which may see
# the pips a glint or a dark body hid.
_MANY = 4
_COLOUR_STEP = 35.0
_PIP_MAX_ASPECT = 2.2
_PIP_MIN_FILL = 0.5
# Where the camera stands, as in `vision.bodies`: below the frame.
_CAMERA_AT = (0.5, 2.0)


def table_blobs(img: U8) -> list[Contour]:
    """Outlines of everything that stands out from the table (dice among them)."""
    h, w = img.shape[:2]
    if min(h, w) < 8:
        return []
    small = cv2.resize(img, (w // _TABLE_SCALE, h // _TABLE_SCALE), interpolation=cv2.INTER_AREA)
    table = cv2.resize(cv2.medianBlur(small, _TABLE_MEDIAN), (w, h), interpolation=cv2.INTER_LINEAR)
    b, g, r = cv2.split(cv2.absdiff(img, table))
    step = cv2.max(cv2.max(b, g), r)
    mask = cv2.threshold(step, _STEP, 255, cv2.THRESH_BINARY)[1]
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    # Two levels, so blobs inside a ring (a dice tray's dark rim) are outlines of their own.
    contours, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    return [
        np.asarray(c, np.int32)
        for c, link in zip(contours, hierarchy[0], strict=True)
        if link[3] < 0
    ]


def _aspect(contour: Contour) -> float:
    (_, _), (bw, bh), _ = cv2.minAreaRect(contour)
    return max(bw, bh) / max(1.0, min(bw, bh))


def _split(contour: Contour, side: float, depth: int = 0) -> list[Contour]:
    """Touching dice in one blob, worn down until they part, each grown back to its own."""
    x, y, w, h = cv2.boundingRect(contour)
    mask = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(mask, [contour - [x - 1, y - 1]], -1, 255, -1)
    # Worn down by k pixels: what lies more than k from the blob's edge (one distance map
    # serves every k, where eroding by ever bigger discs would cost more each time).
    depth_map = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    for k in range(1, int(side * _MAX_WEAR) + 1):
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * k + 1, 2 * k + 1))
        worn = cv2.threshold(depth_map, k, 255, cv2.THRESH_BINARY)[1].astype(np.uint8)
        n, labels, stats, _ = cv2.connectedComponentsWithStats(worn)
        pieces = [j for j in range(1, n) if stats[j, 4] >= (_PIECE * side) ** 2]
        if len(pieces) >= 2:
            found: list[Contour] = []
            for j in pieces:
                grown = cv2.bitwise_and(
                    cv2.dilate((labels == j).astype(np.uint8) * 255, disc), mask
                )
                outlines, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
                if outlines:
                    piece = np.asarray(
                        np.add(max(outlines, key=cv2.contourArea), (x - 1, y - 1)), np.int32
                    )
                    found.append(piece)
                    if depth < _SPLIT_DEPTH and cv2.contourArea(piece) > _MERGED * side * side:
                        found += _split(piece, side, depth + 1)
            return found
        if n <= 1:
            break
    return []


def _usual_side(blobs: list[Contour]) -> float | None:
    """The side of a die in this roll: the median of the square, die-sized blobs."""
    singles = [
        math.sqrt(a)
        for c in blobs
        if _MIN_AREA <= (a := cv2.contourArea(c)) <= _MAX_AREA and _aspect(c) <= _SINGLE_ASPECT
    ]
    return float(np.median(singles)) if singles else None


def _cut_row(contour: Contour, side: float) -> list[Contour]:
    """A straight row of two or three dice side by side (no neck to wear down), cut into dice
    where its length and area agree on the count."""
    (cx, cy), (bw, bh), angle = cv2.minAreaRect(contour)
    long, short = max(bw, bh), min(bw, bh)
    count = round(cv2.contourArea(contour) / (side * side))
    if count not in _ROW or short <= 0 or abs(long / short - count) > _ROW_SLACK * count:
        return []
    theta = math.radians(angle if bw >= bh else angle + 90)
    ux, uy = math.cos(theta), math.sin(theta)
    pieces: list[Contour] = []
    for k in range(count):
        shift = (k - (count - 1) / 2) * long / count
        centre = (cx + ux * shift, cy + uy * shift)
        box = cv2.boxPoints((centre, (long / count, short), math.degrees(theta)))
        pieces.append(np.asarray(np.round(box), np.int32).reshape(-1, 1, 2))
    return pieces


def _with_touching(blobs: list[Contour], side: float | None) -> list[Contour]:
    """The blobs, with blobs of touching dice (of `side` each) cut into single dice."""
    if side is None:
        return blobs
    kept: list[Contour] = []
    for c in blobs:
        area = cv2.contourArea(c)
        merged = area > _MERGED * side * side or (
            area > _LONG_MERGED * side * side and _aspect(c) > _MAX_ASPECT
        )
        pieces = []
        if merged and area < _MAX_MERGED * side * side:
            pieces = _split(c, side) or _cut_row(c, side)
        kept += pieces or [c]
    return kept


def colour_pips(img: U8, contour: Contour, side: float) -> tuple[Pip, ...]:
    """Pips that differ in colour from the body of a die's blob."""
    x, y, w, h = cv2.boundingRect(contour)
    crop = img[y : y + h, x : x + w].astype(np.int16)
    hull = np.zeros((h, w), np.uint8)
    cv2.drawContours(hull, [cv2.convexHull(contour) - [x, y]], -1, 255, -1)
    rim = max(1, round(side * _RIM))
    inner = cv2.erode(hull, np.ones((3, 3), np.uint8), iterations=rim)
    if cv2.countNonZero(inner) < 20:
        return ()
    body = np.median(crop[inner > 0], axis=0)
    step = np.abs(crop - body).max(axis=2).astype(np.uint8)
    otsu = cv2.threshold(step[inner > 0].reshape(-1, 1), 0, 255, cv2.THRESH_OTSU)[0]
    marked = ((step > max(otsu, _COLOUR_STEP)) & (inner > 0)).astype(np.uint8)
    n, labels, stats, centres = cv2.connectedComponentsWithStats(marked)
    light = crop.sum(axis=2)
    body_light = float(body.sum())
    pips: list[Pip] = []
    for j in range(1, n):
        area, bw, bh = int(stats[j, 4]), int(stats[j, 2]), int(stats[j, 3])
        r = math.sqrt(area / math.pi)
        if not _PIP_RATIO[0] * side <= r <= _PIP_RATIO[1] * side:
            continue
        if max(bw, bh) > _PIP_MAX_ASPECT * min(bw, bh) or area < _PIP_MIN_FILL * bw * bh:
            continue
        inside = labels == j
        dark = float(light[inside].mean()) < body_light
        pips.append(
            Pip(
                x=x + float(centres[j][0]),
                y=y + float(centres[j][1]),
                r=r,
                elong=max(bw, bh) / min(bw, bh),
                angle=0.0,
                contrast=float(step[inside].mean()) / 255,
                face=body_light / 3,
                spread=0.0,
                dark=dark,
                fill=area / (bw * bh),
            )
        )
    return tuple(pips)


def _face(
    pips: tuple[Pip, ...], centre: tuple[float, float], side: float, toward: tuple[float, float]
) -> tuple[Pip, ...] | None:
    """The top face among the pips of one blob, if it is laid out and sized as one."""
    top = top_face(pips, toward, side)
    n = len(top)
    r = sum(p.r for p in top) / n
    lo, hi = _LONE_RATIO if n == 1 else _PIP_RATIO
    if not lo * side <= r <= hi * side:
        return None
    if n == 1:
        off = math.hypot(top[0].x - centre[0], top[0].y - centre[1])
        pip = top[0]
        round_enough = pip.elong <= (_LONE_ELONG if pip.dark else _LONE_ELONG_LIGHT)
        if off > _LONE_OFF * side or pip.r < _LONE_MIN * side or not round_enough:
            return None
        if pip.fill < _LONE_FILL:
            return None
    return top


def _read_blob(
    img: U8, contour: Contour, pips: list[Pip], toward: tuple[float, float]
) -> Die | None:
    area = cv2.contourArea(contour)
    side = math.sqrt(area)
    (cx, cy), size, angle = cv2.minAreaRect(contour)
    hull = cv2.convexHull(contour).astype(np.float32)
    inside = [
        p
        for p in pips
        if p.r < _MAX_PIP * side and cv2.pointPolygonTest(hull, (p.x, p.y), True) >= 0.5 * p.r
    ]
    best: tuple[Pip, ...] | None = None
    for dark in (True, False):
        own = tuple(p for p in inside if p.dark == dark)
        top = _face(own, (cx, cy), side, toward) if own else None
        if top is not None and (
            best is None
            or (len(top), sum(p.contrast for p in top)) > (len(best), sum(p.contrast for p in best))
        ):
            best = top
    if best is None or len(best) < _MANY:
        coloured = colour_pips(img, contour, side)
        top = _face(coloured, (cx, cy), side, toward) if coloured else None
        if top is not None and is_face(top) and (best is None or len(top) > len(best)):
            best = top
    if best is None:
        return None
    return Die(
        pips=tuple(inside) or best,
        top=best,
        center=(float(cx), float(cy)),
        size=(float(size[0]), float(size[1])),
        angle=float(angle),
        area=float(area),
        cut=False,
    )


def with_blob_dice(
    img: U8, pips: list[Pip], dice: list[Die], near: list[tuple[float, float]] | None = None
) -> list[Die]:
    """The dice read by their fills (`dice`) and those read from blobs away from all of them;
    with `near`, only the blobs whose box holds one of those points are read (reading a blob
    is most of this pass's time), so a blob die that the whole pass would drop as a side face
    of another blob die, not read, may be kept.

    A huge fill die that holds two or more blob dice was a stretch of table whose "pips" were
    dice: it goes. A blob die that is a side face of a neighbour goes too.
    """
    h, w = img.shape[:2]
    blobs = table_blobs(img)
    usual = _usual_side(blobs)
    if near is not None:
        blobs = [c for c in blobs if any(_in_box(c, point) for point in near)]
    huge = _HUGE * min(h, w)
    read = [max(d.size) for d in dice if max(d.size) < huge]
    lo, hi = (0.0, math.inf)
    if read:
        lo, hi = _ALIKE[0] * float(np.median(read)), _ALIKE[1] * float(np.median(read))
    elif usual is not None:
        lo = _ALIKE[0] * usual
    camera = (_CAMERA_AT[0] * w, _CAMERA_AT[1] * h)
    found: list[Die] = []
    for contour in _with_touching(blobs, usual):
        area = cv2.contourArea(contour)
        if not _MIN_AREA <= area <= _MAX_AREA or _aspect(contour) > _MAX_ASPECT:
            continue
        x, y, bw, bh = cv2.boundingRect(contour)
        if x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1:
            continue  # cut by the frame's edge: part of a die, or of anything
        side = math.sqrt(area)
        if not lo <= side <= hi:
            continue
        (cx, cy), _, _ = cv2.minAreaRect(contour)
        if any(
            math.hypot(cx - d.center[0], cy - d.center[1]) < _SAME * max(side, max(d.size))
            and max(d.size) < huge
            for d in dice + found
        ):
            continue
        dx, dy = camera[0] - cx, camera[1] - cy
        norm = math.hypot(dx, dy) or 1.0
        die = _read_blob(img, contour, pips, (dx / norm, dy / norm))
        if die is not None:
            found.append(die)
    kept = [d for d in dice if max(d.size) < huge or sum(_holds(d, b.center) for b in found) < 2]
    # A blob beside a die on the camera's side may be that die's side face.
    whole = drop_side_faces(kept + found, camera)
    return kept + [d for d in found if d in whole]


def _in_box(contour: Contour, point: tuple[float, float]) -> bool:
    """Whether a point lies in a blob's bounding box."""
    x, y, bw, bh = cv2.boundingRect(contour)
    return x <= point[0] <= x + bw and y <= point[1] <= y + bh


def _holds(die: Die, point: tuple[float, float]) -> bool:
    """Whether a point lies in a die's box."""
    box = np.array(cv2.boxPoints((die.center, die.size, die.angle)), np.float32)
    return cv2.pointPolygonTest(box, point, False) >= 0
