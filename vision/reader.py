"""The classical dice reader: find pips, group them into top faces, count them."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

from vision.types import DieReading, Reading

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]

# Frames above this width are read at this width: pips stay several pixels wide, time stays flat.
_MAX_SIDE = 1280
_LEVELS = 4
_BLOCK = 15
_MIN_DIFF = 40
_MIN_CONTRAST = 0.3
_SPREAD_FACTOR = 1.5
_PRE_DIFF = 30
_MINOR_WEIGHT = 1.0
_MIN_SPAN = 3.0
_MIN_BODY = 4.5
_SHAPE_MIN_R = 2.5
_HULL_SLACK = -0.75
_LONE_ELONG = 2.0
_MAX_ASPECT = 1.5
_MIN_SIDE = 12.0
_BRIDGE = 1.0
_SIDE_REACH = 1.2
_SOLID = 0.8
_SIZE_RATIO = 1.6
_NOTCH = 0.65
_MINOR_SPREAD = 1.55
# Pips of one face lie within its inner square: at most this fraction of the die's side apart.
_FACE_SPAN = 0.9
_FRONT_REACH = 1.3
_FRONT_COS = 0.5
_LONE_ELONG_LIGHT = 1.3
# Where the camera stands, as a point in the frame (a fraction of its size): below the bottom
# edge, as for a camera tilted down at a table, so side faces show on the near side of dice.
_CAMERA_AT = (0.5, 2.0)
DEBUG: list[tuple[str, float, float]] | None = None


@dataclass(frozen=True)
class Pip:
    """A pip candidate in working-image pixels."""

    x: float
    y: float
    r: float
    elong: float
    angle: float
    contrast: float
    face: float
    face_std: float
    dark: bool
    fill: float = 1.0


def _prepare(frame: U8) -> tuple[U8, U8, float]:
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError("read_dice expects an HxWx3 BGR frame")
    h, w = frame.shape[:2]
    scale = 1.0
    if max(h, w) > _MAX_SIDE:
        scale = _MAX_SIDE / max(h, w)
        frame = np.asarray(
            cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA),
            dtype=np.uint8,
        )
    # The darkest channel makes black, blue and red pips all dark on a white face, and white
    # pips bright on a red or black face.
    chan: U8 = np.asarray(cv2.min(cv2.min(frame[:, :, 0], frame[:, :, 1]), frame[:, :, 2]))
    return frame, chan, scale


def _blob_masks(level: U8) -> list[tuple[U8, U8, bool]]:
    mean = cv2.blur(level, (_BLOCK, _BLOCK))
    below = cv2.subtract(mean, level)
    above = cv2.subtract(level, mean)
    dark = cv2.compare(level, cv2.convertScaleAbs(mean, alpha=0.78), cv2.CMP_LT)
    dark = cv2.bitwise_and(dark, cv2.compare(below, np.full_like(below, _MIN_DIFF // 2), cv2.CMP_GT))
    bright = cv2.compare(level, cv2.convertScaleAbs(mean, alpha=1.3, beta=4), cv2.CMP_GT)
    bright = cv2.bitwise_and(bright, cv2.compare(above, np.full_like(above, 30), cv2.CMP_GT))
    return [
        (np.asarray(dark), np.asarray(below), True),
        (np.asarray(bright), np.asarray(above), False),
    ]


_RINGS: dict[
    int,
    tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]],
] = {}


def _ring_offsets(
    r10: int,
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Pixel offsets of a pip's core and of the ring of face around it, per radius/10."""
    got = _RINGS.get(r10)
    if got is None:
        r = r10 / 10.0
        rad = math.ceil(2.5 * r) + 1
        yy, xx = np.mgrid[-rad : rad + 1, -rad : rad + 1]
        d2 = (xx * xx + yy * yy) / (r * r)
        core = d2 < 0.8
        ring = (d2 > 1.7**2) & (d2 < 2.5**2)
        got = (yy[core].ravel(), xx[core].ravel(), yy[ring].ravel(), xx[ring].ravel())
        _RINGS[r10] = got
    return got


def _measure(
    chan: U8, x: float, y: float, r: float, dark: bool
) -> tuple[float, float, float, float]:
    """Contrast of a blob against the ring of face around it, the ring level and its spread."""
    h, w = chan.shape
    cy, cx, ry, rx = _ring_offsets(max(8, round(r * 10)))
    xi, yi = round(x), round(y)
    reach = int(ry[-1]) + 1 if ry.size else 0
    if reach <= xi < w - reach and reach <= yi < h - reach:
        core = np.sort(chan[cy + yi, cx + xi])
        ring = np.sort(chan[ry + yi, rx + xi])
    else:
        core = np.sort(chan[np.clip(cy + yi, 0, h - 1), np.clip(cx + xi, 0, w - 1)])
        ring = np.sort(chan[np.clip(ry + yi, 0, h - 1), np.clip(rx + xi, 0, w - 1)])
    if core.size == 0 or ring.size < 8:
        return 0.0, 0.0, 1e9, 0.0
    nr, nc = ring.size - 1, core.size - 1

    def at(arr: npt.NDArray[np.uint8], n: int, q: float) -> float:
        return float(arr[round(n * q)])

    # Corner pips sit near the die's edge, so only the face-coloured majority of the ring counts.
    if dark:
        face = at(ring, nr, 0.70)
        spread = at(ring, nr, 0.92) - at(ring, nr, 0.45)
        diff = face - at(core, nc, 0.30)
        contrast = diff / max(face, 1.0)
    else:
        face = at(ring, nr, 0.30)
        spread = at(ring, nr, 0.55) - at(ring, nr, 0.08)
        top = at(core, nc, 0.70)
        diff = top - face
        contrast = diff / max(top, 1.0)
    return contrast, face, spread, diff


def find_pips(chan: U8) -> list[Pip]:
    """Round blobs darker (or brighter) than a flat ring of face around them, at all scales."""
    found: list[Pip] = []
    level = chan
    scale = 1.0
    for lv in range(_LEVELS):
        if min(level.shape) < 2 * _BLOCK:
            break
        for mask, gap, dark in _blob_masks(level):
            # Contours are several times faster than labelled components on busy masks; all of
            # them, as a die's pips sit inside the dark outline of its own edge.
            contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
            amin = 3 if lv == 0 else 6
            for cnt in contours:
                x, y, w, h = cv2.boundingRect(cnt)
                if w * h < amin or w > 16 or h > 16 or max(w, h) > 3 * min(w, h) + 1:
                    continue
                # The blurred mean includes the blob itself, so this undershoots the contrast.
                if int(gap[y : y + h, x : x + w].max()) < _PRE_DIFF:
                    continue
                sub = np.zeros((h, w), np.uint8)
                cv2.drawContours(sub, [cnt], -1, 1, -1, offset=(-x, -y))
                # A bounding box can take in part of a close neighbour; the drawn blob cannot.
                sub &= mask[y : y + h, x : x + w]
                m = cv2.moments(sub, True)
                a = m["m00"]
                if a < amin or a > 110 or a < 0.45 * w * h:
                    continue
                mu20, mu02, mu11 = m["mu20"] / a, m["mu02"] / a, m["mu11"] / a
                common = math.sqrt(max(0.0, (mu20 - mu02) ** 2 + 4 * mu11 * mu11))
                l1 = (mu20 + mu02 + common) / 2
                l2 = max((mu20 + mu02 - common) / 2, 1e-3)
                elong = math.sqrt(l1 / l2)
                if elong > 3.2:
                    continue
                ang = 0.5 * math.degrees(math.atan2(2 * mu11, mu20 - mu02))
                cx = (x + m["m10"] / a) * scale
                cy = (y + m["m01"] / a) * scale
                r = math.sqrt(a / math.pi) * scale
                contrast, face, spread, diff = _measure(chan, cx, cy, r, dark)
                # Printed pips are far darker than the face; paper grain and sensor noise are not.
                if contrast < _MIN_CONTRAST or diff < _MIN_DIFF or diff < _SPREAD_FACTOR * spread:
                    continue
                # A filled ellipse covers 4*pi*sqrt(l1*l2) pixels; rings and glyphs cover less.
                fill = a / (4 * math.pi * math.sqrt(l1 * l2))
                if fill < 0.75:
                    continue
                found.append(Pip(cx, cy, r, elong, ang, contrast, face, spread, dark, fill))
        level = np.asarray(cv2.pyrDown(level), dtype=np.uint8)
        scale *= 2
    found = [p for p in found if not _is_face_blob(p, found) and not _inside_pip(p, found)]
    return _suppress(found)


def _inside_pip(q: Pip, found: list[Pip]) -> bool:
    """Whether a small blob is grain inside a bigger pip: its own surround is pip-dark."""
    for p in found:
        if p.dark != q.dark or p.r < 2 * q.r or math.hypot(p.x - q.x, p.y - q.y) > p.r:
            continue
        half = 0.5 * p.contrast * p.face
        if (q.face < p.face - half) if q.dark else (q.face > p.face + half):
            return True
    return False


def _is_face_blob(p: Pip, found: list[Pip]) -> bool:
    """Whether a blob is a whole face holding pips of the other polarity, not a pip.

    A glint on a glossy pip is also a small blob of the other polarity, but it is alone and
    off-centre, where a face holds two or more pips or one big pip in its middle.
    """
    inside = [
        q
        for q in found
        if q.dark != p.dark
        and 0.08 * p.r < q.r < 0.6 * p.r
        and math.hypot(p.x - q.x, p.y - q.y) < 1.2 * p.r
    ]
    if len(inside) >= 2:
        return True
    return any(q.r >= 0.18 * p.r and math.hypot(p.x - q.x, p.y - q.y) < 0.35 * p.r for q in inside)


def _suppress(pips: list[Pip]) -> list[Pip]:
    """Keep one candidate per blob where several scales found it."""
    order = sorted(pips, key=lambda p: -p.contrast * min(1.0, 2.0 / p.elong))
    kept: list[Pip] = []
    for p in order:
        # Measured along the long axis: a coarse scale can merge two pips into one bar.
        reach = p.r * math.sqrt(p.elong)
        if all(
            math.hypot(p.x - q.x, p.y - q.y) > 0.9 * max(reach, q.r * math.sqrt(q.elong))
            or p.dark != q.dark
            for q in kept
        ):
            kept.append(p)
    return kept


@dataclass(frozen=True)
class Die:
    """A die body found by growing its face colour out from a pip, and the pips on it."""

    pips: tuple[Pip, ...]
    top: tuple[Pip, ...]
    center: tuple[float, float]
    size: tuple[float, float]
    angle: float
    area: float
    cut: bool
    touching: bool = False


def _ring_colour(img: U8, p: Pip) -> tuple[float, float, float]:
    h, w = img.shape[:2]
    _, _, ry, rx = _ring_offsets(max(8, round(p.r * 10)))
    ring = img[np.clip(ry + round(p.y), 0, h - 1), np.clip(rx + round(p.x), 0, w - 1)]
    if ring.size == 0:
        return (p.face, p.face, p.face)
    med = np.median(ring, axis=0)
    return (float(med[0]), float(med[1]), float(med[2]))


def _is_face(pts: tuple[Pip, ...]) -> bool:
    """Whether pips are laid out as one face: every die face is symmetric about its centre.

    Each pip has a twin mirrored through the centroid (the middle pip of a 3 or 5 is its own),
    the pips are alike in size and spread over a face-sized span.
    """
    n = len(pts)
    if n <= 1:
        return n == 1
    r = float(np.mean([p.r for p in pts]))
    # Pips on one face are one size; small pips are measured coarsely, so allow them more.
    if max(p.r for p in pts) > (_SIZE_RATIO if r >= 2.5 else 1.6) * min(p.r for p in pts):
        return False
    cx = float(np.mean([p.x for p in pts]))
    cy = float(np.mean([p.y for p in pts]))
    span = max(math.hypot(p.x - q.x, p.y - q.y) for p in pts for q in pts)
    if not _MIN_SPAN * r <= span <= 14.0 * r:
        return False
    tol = 0.9 * r
    for p in pts:
        mx, my = 2 * cx - p.x, 2 * cy - p.y
        if min(math.hypot(mx - q.x, my - q.y) for q in pts) > tol:
            return False
    centred = sum(math.hypot(p.x - cx, p.y - cy) < tol for p in pts)
    if centred != n % 2:
        return False
    # One face is seen at one slant, so its pips are squashed alike; big pips show it reliably.
    minors = [p.r / math.sqrt(p.elong) for p in pts]
    if r >= _SHAPE_MIN_R and max(minors) > _MINOR_SPREAD * min(minors):
        return False
    if n == 6:
        return _two_rows(pts, tol)
    return True


def _two_rows(pts: tuple[Pip, ...], tol: float) -> bool:
    """Whether six pips stand in two rows of three, each row's middle pip between its ends."""
    rows = 0
    for i, a in enumerate(pts):
        for j in range(i + 1, len(pts)):
            b = pts[j]
            mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
            if any(
                k not in (i, j) and math.hypot(pts[k].x - mx, pts[k].y - my) < tol
                for k in range(len(pts))
            ):
                rows += 1
    return rows >= 2


def top_face(
    pips: tuple[Pip, ...], toward: tuple[float, float], side: float
) -> tuple[Pip, ...]:
    """The pips of the top face among all pips seen on one die.

    Side faces show only where they turn toward the camera, so their pips lie on the camera's
    side of the top face and are foreshortened (a short minor axis). Pips are ranked by both
    cues and the top face is the longest leading run that is laid out as a face.
    """
    if len(pips) <= 1:
        return pips
    minor = [p.r / math.sqrt(p.elong) for p in pips]
    mmax = max(minor)
    cx = float(np.mean([p.x for p in pips]))
    cy = float(np.mean([p.y for p in pips]))

    def topness(k: int) -> float:
        p = pips[k]
        near = ((p.x - cx) * toward[0] + (p.y - cy) * toward[1]) / side
        return _MINOR_WEIGHT * minor[k] / mmax - near

    order = sorted(range(len(pips)), key=lambda k: -topness(k))
    ranked = tuple(pips[k] for k in order)
    best = ranked[:1]
    for k in range(2, min(6, len(ranked)) + 1):
        if _is_face(ranked[:k]):
            best = ranked[:k]
    return best


def _plausible(die: Die, top: tuple[Pip, ...]) -> bool:
    """Whether the pips could be a die's face: sizes, spacing and a centred single pip."""
    n = len(top)
    if n < 1 or n > 6:
        return False
    side = min(die.size)
    if side < _MIN_SIDE:
        return False
    r = float(np.mean([p.r for p in top]))
    ratio = r / side
    if n == 1:
        p = top[0]
        off = math.hypot(p.x - die.center[0], p.y - die.center[1])
        # A lone pip has nothing to corroborate it, so it must be round: printed pips are discs
        # while key glyphs and labels are not, and a light pip on a dark face even more so, as
        # dark surfaces with light marks (keyboards, remotes) are everywhere on a desk.
        return (
            0.06 <= ratio <= 0.22
            and off <= 0.22 * side
            and p.elong < (_LONE_ELONG if p.dark else _LONE_ELONG_LIGHT)
        )
    if not 0.035 <= ratio <= 0.16:
        return False
    # Every face is symmetric, so its pips centre on the face; a fill that took only part of a
    # face, or ran onto a neighbour, is off-centre.
    px = float(np.mean([p.x for p in top]))
    py = float(np.mean([p.y for p in top]))
    if math.hypot(px - die.center[0], py - die.center[1]) > 0.25 * max(die.size):
        return False
    return _is_face(top)


def _edges_touched(body: U8) -> tuple[bool, bool, bool, bool]:
    return (
        bool(body[:, 0].any()),
        bool(body[:, -1].any()),
        bool(body[0, :].any()),
        bool(body[-1, :].any()),
    )


def _outline(body: U8) -> npt.NDArray[np.int32] | None:
    """The outline points of a fill: the same hull and box as all its pixels, far fewer."""
    contours, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    return np.asarray(np.vstack(contours), dtype=np.int32)


def _square(area: float, bw: float, bh: float) -> bool:
    return area >= 0.55 * bw * bh and max(bw, bh) <= _MAX_ASPECT * min(bw, bh)


def _separate(body: U8, sx: int, sy: int, r: float) -> U8:
    """The seed's own die out of a fill that took in its neighbours, worked on the fill's box."""
    bx, by, bw, bh = cv2.boundingRect(body)
    part = np.ascontiguousarray(body[by : by + bh, bx : bx + bw])
    lx, ly = sx - bx, sy - by
    part = _split_pair(_cut_bridges(part, lx, ly, r), lx, ly)
    # A straight cut between dice that stand askew leaves a corner of the neighbour behind.
    part = _cut_bridges(part, lx, ly, r)
    out = np.zeros_like(body)
    out[by : by + bh, bx : bx + bw] = part
    return out


def _split_pair(body: U8, sx: int, sy: int) -> U8:
    """The seed's half of a fill that took two dice standing side by side.

    Such a fill is about twice as long as wide. It is cut across its long axis where it is
    narrowest near the middle, at the notch the dice's rounded corners leave.
    """
    pts = cv2.findNonZero(body)
    if pts is None or len(pts) < 20:
        return body
    xy = pts.reshape(-1, 2).astype(np.float32)
    mean = xy.mean(axis=0)
    cov = np.cov((xy - mean).T)
    vals, vecs = np.linalg.eigh(cov)
    ratio = math.sqrt(max(vals[1], 1e-6) / max(vals[0], 1e-6))
    # A 2:1 rectangle has a standard-deviation ratio of 2; one die is about 1.
    if not 1.6 <= ratio <= 2.8:
        return body
    u = vecs[:, 1]
    t = (xy - mean) @ u
    lo, hi = float(t.min()), float(t.max())
    span = hi - lo
    bins = max(8, int(span))
    hist, edges = np.histogram(t, bins=bins, range=(lo, hi))
    mid = (edges[:-1] + edges[1:]) / 2
    central = np.abs(mid - (lo + hi) / 2) < 0.15 * span
    if not central.any():
        return body
    k = int(np.argmin(np.where(central, hist, np.iinfo(np.int64).max)))
    # Two dice leave a notch where their rounded corners meet; one die's top and side do not.
    inner = np.abs(mid - (lo + hi) / 2) < 0.3 * span
    if hist[k] > _NOTCH * float(np.median(hist[inner])):
        return body
    cut = float(mid[k])
    seed_t = float((np.array([sx, sy], np.float32) - mean) @ u)
    keep = (t > cut) if seed_t > cut else (t <= cut)
    out = np.zeros_like(body)
    sel = xy[keep].astype(np.intp)
    out[sel[:, 1], sel[:, 0]] = 255
    return out


def _cut_bridges(body: U8, sx: int, sy: int, r: float) -> U8:
    """The seed's part of a fill after cutting the thin necks that join nearby dice.

    Two dice a few pixels apart blur together at their nearest corners; opening the fill with
    a pip-sized disc breaks such necks but keeps a die's face whole.
    """
    k = max(3, 2 * round(_BRIDGE * r) + 1)
    rad = k / 2
    # Opening by a disc through two distance transforms: linear time whatever the disc's size.
    core = cv2.compare(cv2.distanceTransform(body, cv2.DIST_L2, 3), rad, cv2.CMP_GT)
    grown = cv2.compare(
        cv2.distanceTransform(cv2.bitwise_not(core), cv2.DIST_L2, 3), rad, cv2.CMP_LE
    )
    opened = cv2.bitwise_and(grown, body)
    n, labels = cv2.connectedComponents(opened, connectivity=4)
    if n <= 2:
        return np.asarray(opened if n == 2 else body, dtype=np.uint8)
    h, w = body.shape
    win = labels[max(0, sy - k) : min(h, sy + k + 1), max(0, sx - k) : min(w, sx + k + 1)]
    counts = np.bincount(win.ravel(), minlength=n)
    counts[0] = 0
    if counts.max() == 0:
        return np.asarray(opened, dtype=np.uint8)
    return np.asarray((labels == int(counts.argmax())).astype(np.uint8) * 255, dtype=np.uint8)


def find_dice(img: U8, pips: list[Pip]) -> list[Die]:
    """Grow a die's face from each unclaimed pip and collect the pips it covers.

    The fill starts loose and tightens until it closes inside the window: a loose fill takes
    the whole die where it stands out well, a tight one stops at the top face's own edge.
    """
    h, w = img.shape[:2]
    camera = (_CAMERA_AT[0] * w, _CAMERA_AT[1] * h)
    colours = [_ring_colour(img, p) for p in pips]
    claimed = [False] * len(pips)
    owned: set[int] = set()
    dice: list[Die] = []
    order = sorted(range(len(pips)), key=lambda k: -pips[k].contrast * pips[k].r)
    for k in order:
        if claimed[k]:
            continue
        seed = pips[k]
        claimed[k] = True
        rmax = max(
            q.r
            for q in pips
            if q.dark == seed.dark and math.hypot(q.x - seed.x, q.y - seed.y) < 12 * seed.r
        )
        half = math.ceil(16 * min(rmax, 1.6 * seed.r)) + 2
        x0, x1 = max(0, round(seed.x) - half), min(w, round(seed.x) + half + 1)
        y0, y1 = max(0, round(seed.y) - half), min(h, round(seed.y) + half + 1)
        roi = img[y0:y1, x0:x1].copy()
        near = [
            j
            for j, q in enumerate(pips)
            if q.dark == seed.dark and x0 <= q.x < x1 and y0 <= q.y < y1
        ]
        # Pips are painted over with the colour around them so the fill crosses them.
        for j in near:
            q = pips[j]
            cv2.circle(
                roi,
                (round(q.x) - x0, round(q.y) - y0),
                max(1, math.ceil(1.4 * q.r)),
                colours[j],
                -1,
            )
        sx = min(max(round(seed.x) - x0, 0), roi.shape[1] - 1)
        sy = min(max(round(seed.y) - y0, 0), roi.shape[0] - 1)
        at_frame = (x0 == 0, x1 == w, y0 == 0, y1 == h)
        rh, rw = roi.shape[:2]
        die = None
        why = "leak"
        for frac in (0.05, 0.08, 0.12):
            tol = (*(6.0 + frac * v for v in colours[k]), 0.0)
            mask = np.zeros((roi.shape[0] + 2, roi.shape[1] + 2), np.uint8)
            flags = 8 | cv2.FLOODFILL_FIXED_RANGE | cv2.FLOODFILL_MASK_ONLY | (255 << 8)
            cv2.floodFill(roi, mask, (sx, sy), (0, 0, 0), tol, tol, flags)
            body = mask[1:-1, 1:-1]
            touched = _edges_touched(body)
            if any(t and not f for t, f in zip(touched, at_frame, strict=True)):
                break
            area = float(cv2.countNonZero(body))
            if area < (_MIN_BODY * seed.r) ** 2:
                why = f"small {frac} {area:.0f}"
                if DEBUG is not None:
                    DEBUG.append((why, seed.x, seed.y))
                continue
            pts = _outline(body)
            (cx, cy), (bw, bh), ang = cv2.minAreaRect(pts)
            merged = not _square(area, bw, bh)
            if merged:
                body = _separate(body, sx, sy, seed.r)
                area = float(cv2.countNonZero(body))
                pts = _outline(body)
                if pts is not None:
                    (cx, cy), (bw, bh), ang = cv2.minAreaRect(pts)
            if pts is None or area < (_MIN_BODY * seed.r) ** 2 or not _square(area, bw, bh):
                why = f"shape {frac} {area:.0f} {bw:.0f}x{bh:.0f}"
                if DEBUG is not None:
                    DEBUG.append((why, seed.x, seed.y))
                continue
            # Members sit well inside the hull of the fill: a tight fill can stop just short of a
            # pip at the face's edge, and a pip on the hull is on the next face.
            hull = cv2.convexHull(pts)
            # A die's outline is convex; dice merged around a shadow between them are not.
            if area < _SOLID * cv2.contourArea(hull):
                why = "concave"
                continue
            members = [
                j
                for j in near
                if cv2.pointPolygonTest(hull, (pips[j].x - x0, pips[j].y - y0), True)
                >= -_HULL_SLACK * pips[j].r
            ]
            mine = tuple(pips[j] for j in members)
            dcx, dcy = cx + x0, cy + y0
            vx, vy = camera[0] - dcx, camera[1] - dcy
            norm = max(math.hypot(vx, vy), 1e-6)
            top = top_face(mine, (vx / norm, vy / norm), min(bw, bh))
            cand = Die(
                mine,
                top,
                (dcx, dcy),
                (bw, bh),
                ang,
                area,
                any(touched),
                merged,
            )
            if not _plausible(cand, top):
                why = f"impl n={len(top)}/{len(cand.pips)} s={min(cand.size):.0f}"
                continue
            if any(j in owned for j in members if pips[j] in top):
                why = "duplicate"
                break
            die = cand
            for j in members:
                claimed[j] = True
                owned.add(j)
            break
        if die is not None:
            dice.append(die)
        elif DEBUG is not None:
            DEBUG.append((why, seed.x, seed.y))
    dice = _drop_side_faces(dice, camera)
    return dice + _recover(pips, colours, owned, dice, camera)


def _inside(die: Die, x: float, y: float, grow: float) -> bool:
    rect = (die.center, (die.size[0] * grow, die.size[1] * grow), die.angle)
    return cv2.pointPolygonTest(cv2.boxPoints(rect), (x, y), False) >= 0


def _recover(
    pips: list[Pip],
    colours: list[tuple[float, float, float]],
    owned: set[int],
    dice: list[Die],
    camera: tuple[float, float],
) -> list[Die]:
    """Dice whose fill merged with a neighbour's, read from their pips alone.

    The dice in one roll are alike, so the faces already read give the size of a face and of
    its pips and its colour. Leftover pips of that size on that colour are grouped into faces
    no wider than a die, centred at least a die's width from every face read and not just in
    front of one (where its side faces show).
    """
    if not dice:
        return []
    index = {id(p): i for i, p in enumerate(pips)}
    ref = np.median([colours[index[id(p)]] for d in dice for p in d.top], axis=0)
    tol = 12.0 + 0.12 * ref
    side = float(np.median([min(d.size) for d in dice]))
    tops = [p for d in dice for p in d.top]
    r0 = float(np.median([p.r for p in tops]))
    m0 = float(np.median([p.r / math.sqrt(p.elong) for p in tops]))
    dark = sum(p.dark for p in tops) * 2 >= len(tops)
    free = [
        p
        for i, p in enumerate(pips)
        if i not in owned
        and p.dark == dark
        and 0.7 * r0 <= p.r <= 1.9 * r0
        and p.r / math.sqrt(p.elong) >= 0.75 * m0
        and not any(_inside(d, p.x, p.y, 1.05) for d in dice)
        and bool(np.all(np.abs(np.asarray(colours[i]) - ref) <= tol))
    ]
    used: set[int] = set()
    found: list[Die] = []
    order = sorted(range(len(free)), key=lambda k: -free[k].contrast)
    for k in order:
        if k in used:
            continue
        p = free[k]
        near = sorted(
            (
                j
                for j in range(len(free))
                if j != k and j not in used
                and math.hypot(free[j].x - p.x, free[j].y - p.y) <= _FACE_SPAN * side
            ),
            key=lambda j: math.hypot(free[j].x - p.x, free[j].y - p.y),
        )[:7]
        face = _best_face(p, [free[j] for j in near], side)
        if face is None:
            continue
        cx = float(np.mean([q.x for q in face]))
        cy = float(np.mean([q.y for q in face]))
        if any(math.hypot(cx - d.center[0], cy - d.center[1]) < 0.9 * side for d in dice + found):
            continue
        if any(_in_front(d, cx, cy, side, camera) for d in dice):
            continue
        for q in face:
            used.add(free.index(q))
        found.append(Die(face, face, (cx, cy), (side, side), 0.0, side * side, False, True))
    return found


def _in_front(die: Die, x: float, y: float, side: float, camera: tuple[float, float]) -> bool:
    """Whether a point lies just in front of a die, toward the camera, where its sides show."""
    dx, dy = x - die.center[0], y - die.center[1]
    dist = math.hypot(dx, dy)
    if dist > _FRONT_REACH * side:
        return False
    vx, vy = camera[0] - die.center[0], camera[1] - die.center[1]
    cos = (dx * vx + dy * vy) / max(dist * math.hypot(vx, vy), 1e-6)
    return cos > _FRONT_COS


def _best_face(p: Pip, near: list[Pip], side: float) -> tuple[Pip, ...] | None:
    """The largest set of pips with p that is laid out as one face of a die this size."""
    for k in range(min(5, len(near)), 0, -1):
        for combo in itertools.combinations(near, k):
            face = (p, *combo)
            span = max(math.hypot(a.x - b.x, a.y - b.y) for a in face for b in face)
            if span <= _FACE_SPAN * side and span >= 0.3 * side and _is_face(face):
                return face
    return None


def _minor(pips: tuple[Pip, ...]) -> float:
    return float(np.mean([p.r / math.sqrt(p.elong) for p in pips]))


def _drop_side_faces(dice: list[Die], camera: tuple[float, float]) -> list[Die]:
    """Drop a face read as a die of its own when it is a side face of a neighbouring die.

    A side face adjoins its die's top face on the camera's side, and its pips are squashed
    more: shorter across, or longer in one direction, than the top face's pips next to it.
    """
    keep = []
    for d in dice:
        mi = _minor(d.top)
        ei = float(np.mean([p.elong for p in d.top]))
        side = False
        for e in dice:
            if e is d:
                continue
            dx, dy = d.center[0] - e.center[0], d.center[1] - e.center[1]
            reach = 0.5 * (max(d.size) + max(e.size))
            if math.hypot(dx, dy) > _SIDE_REACH * reach:
                continue
            vx, vy = camera[0] - e.center[0], camera[1] - e.center[1]
            toward = (dx * vx + dy * vy) / max(math.hypot(vx, vy), 1e-6)
            me = _minor(e.top)
            ee = float(np.mean([p.elong for p in e.top]))
            squashed = me > 1.35 * mi or (me > 1.1 * mi and ei > ee + 0.25)
            if squashed and (toward > 0 or ei > 1.45):
                side = True
        if not side:
            keep.append(d)
    return keep


def _die_reading(die: Die, scale: float) -> DieReading:
    top = die.top
    conf = min(1.0, float(np.mean([p.contrast for p in top])) * 1.3)
    inv = 1.0 / scale
    return DieReading(
        value=len(top),
        center=(die.center[0] * inv, die.center[1] * inv),
        size=(die.size[0] * inv, die.size[1] * inv),
        angle=die.angle,
        confidence=conf,
    )


def read_dice(frame_bgr: U8) -> Reading:
    """Read the top-face value of every die in a BGR frame."""
    img, chan, scale = _prepare(frame_bgr)
    pips = find_pips(chan)
    dice = find_dice(img, pips)
    readings = [_die_reading(d, scale) for d in dice]
    flags = set()
    if any(d.cut for d in dice):
        flags.add("cut_by_edge")
    if any(d.touching for d in dice):
        flags.add("touching")
    if any(_glare(chan, d) for d in dice):
        flags.add("glare")
    return Reading(dice=tuple(readings), flags=frozenset(flags))


def _glare(chan: U8, die: Die) -> bool:
    """Whether a die's face is partly blown out: pips under a highlight may be missed."""
    h, w = chan.shape
    half = max(die.size) / 2
    x0, x1 = max(0, round(die.center[0] - half)), min(w, round(die.center[0] + half))
    y0, y1 = max(0, round(die.center[1] - half)), min(h, round(die.center[1] + half))
    patch = chan[y0:y1, x0:x1]
    return patch.size > 0 and float(np.count_nonzero(patch >= 250)) > 0.05 * patch.size
