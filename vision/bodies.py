"""Die faces found by growing the face colour out from each pip, and the pips on them."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.faces import is_face, mean_of, side_pair, top_face
from vision.pips import Pip, ring_offsets

U8 = npt.NDArray[np.uint8]
BGR = tuple[float, float, float]
Floats = npt.NDArray[np.float64]

# Where the camera stands, as a point in the frame (a fraction of its size): below the bottom
# edge, as for a camera tilted down at a table, so side faces show on the near side of dice.
_CAMERA_AT = (0.5, 2.0)
# The dice's side faces place the camera elsewhere when their votes (one unit vector per die
# showing a side face) add up to this much, and point more than 60 degrees (cosine below this)
# away from the default.
_CAMERA_VOTES = 0.9
_CAMERA_MIN = 1
# Votes of dice whose pips could all be one face count when at least this many agree.
_UNSURE_AGREE = 2
_CAMERA_AGREE = 0.5
# Pips this much shorter across than a die's roundest are on a side face.
_FLAT = 0.7
# The fill is tried at these tolerances, a fraction of the face colour (plus 6 levels).
_FILL_TOLERANCES = (0.05, 0.08, 0.12)
# A face is at least this many pip radii across, and at least this many pixels.
_MIN_BODY = 4.5
_MIN_SIDE = 12.0
# A face is square-ish under any view the reader supports, fills most of its box and is convex.
_MAX_ASPECT = 1.5
_MIN_BOX_FILL = 0.55
_SOLID = 0.8
# Pips must sit this many of their radii inside the hull of the face's fill.
_HULL_INSET = 0.75
# Pip radius as a fraction of the face: 3.5..16% (a 1's pip is bigger: 5..22%; the fill of a
# blurred die can take in its side faces).
_PIP_RATIO = (0.035, 0.16)
_LONE_RATIO = (0.05, 0.22)
# A lone pip must be round; a light one on a dark face rounder still (see _plausible).
_LONE_ELONG = 2.0
_LONE_ELONG_LIGHT = 1.3
# A lone pip sits in the middle of its face (the fill may take in a side face, so loosely).
_LONE_OFF = 0.28
_LONE_OFF_SIDE = 0.38
# Leftover pips this squashed against the roll's top-face pips are on side faces.
_FREE_MINOR = 0.75
# Opening radius, in pip radii, that cuts the neck between two nearly touching dice.
_BRIDGE = 1.0
# A fill twice as long as wide is two dice if its width dips below this fraction at the middle.
_NOTCH = 0.65
# A face within this many half-widths of another on the camera side may be its side face; it
# is, if its pips are more squashed, or if it lies hard in front (within this many).
_SIDE_REACH = 1.2
_ABUT = 0.9
_SIDE_ELONG = 0.2
_ABUT_AREA = 0.85
# Pips of one face lie within its inner square: at most this fraction of the die's side apart.
_FACE_SPAN = 0.9
# A recovered face this close to a die (in sides), toward the camera, is that die's side face.
_FRONT_REACH = 1.3
_FRONT_COS = 0.5
# A fill starts only from a pip whose ring of face is this flat against the pip's step: the
# face around a printed pip is even, while table texture that passed as a pip is not, and its
# fill would only run into the table.
_SEED_SPREAD = 0.35
# A top face read with this many other pips on the fill as round as its own is doubtful: side
# pips are squashed, so the fill may have cut the face short.
_ROUND = 0.85
_CROWD = 2
# ... counting the pips within this many of the fill's sides of its centre (a face's corner
# pips lie within 0.52 of a side of it, 0.74 along a diagonal).
_CROWD_REACH = 0.6
# A pip drawn out less than this is round, whatever its size (a 1's pip is the biggest).
_ROUND_ELONG = 1.4


@dataclass(frozen=True)
class Die:
    """A die's top face: the pips seen on the die, those on its top, and where the face is."""

    pips: tuple[Pip, ...]
    top: tuple[Pip, ...]
    center: tuple[float, float]
    size: tuple[float, float]
    angle: float
    area: float
    cut: bool
    touching: bool = False


def ring_colours(img: U8, pips: list[Pip]) -> list[BGR]:
    """The colour of the face around each pip (the median of its ring).

    All rings at once: their pixels are counted into a 256-level histogram per pip and
    channel, and the median read from the cumulative counts (the mean of the two middle
    values for an even count, as np.median gives).
    """
    n = len(pips)
    if n == 0:
        return []
    h, w = img.shape[:2]
    offsets = [ring_offsets(max(8, round(p.r * 10))) for p in pips]
    sizes = np.array([len(o[2]) for o in offsets], np.intp)
    ys = np.concatenate([o[2] for o in offsets]) + np.repeat([round(p.y) for p in pips], sizes)
    xs = np.concatenate([o[3] for o in offsets]) + np.repeat([round(p.x) for p in pips], sizes)
    rings = img[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)]
    # One histogram per pip and channel: bin (pip * 3 + channel) * 256 + level.
    tag = np.repeat(np.arange(n, dtype=np.intp) * 3, sizes)[:, None] + np.arange(3)
    counts = np.bincount(((tag << 8) | rings).ravel(), minlength=n * 3 * 256)
    cum = np.cumsum(counts.reshape(n, 3, 256), axis=2)
    lo = ((sizes - 1) // 2)[:, None, None]
    hi = (sizes // 2)[:, None, None]
    med = (np.count_nonzero(cum <= lo, axis=2) + np.count_nonzero(cum <= hi, axis=2)) / 2
    return [
        (float(m[0]), float(m[1]), float(m[2])) if k else (p.face, p.face, p.face)
        for m, k, p in zip(med, sizes, pips, strict=True)
    ]


def _plausible(die: Die, top: tuple[Pip, ...], toward: tuple[float, float]) -> bool:
    """Whether the pips could be a die's face: sizes, spacing and a centred single pip."""
    n = len(top)
    if n < 1 or n > 6:
        return False
    side = min(die.size)
    if side < _MIN_SIDE:
        return False
    ratio = mean_of([p.r for p in top]) / side
    if n == 1:
        p = top[0]
        off = math.hypot(p.x - die.center[0], p.y - die.center[1])
        # A lone pip has nothing to corroborate it, so it must be round: printed pips are discs
        # while key glyphs and labels are not, and a light pip on a dark face even more so, as
        # dark surfaces with light marks (keyboards, remotes) are everywhere on a desk.
        return (
            _LONE_RATIO[0] <= ratio <= _LONE_RATIO[1]
            # The fill may take in a side face showing several pips: the top is then off-centre.
            and off <= (_LONE_OFF_SIDE if _with_side_face(die, p) else _LONE_OFF) * side
            and p.elong < (_LONE_ELONG if p.dark else _LONE_ELONG_LIGHT)
        )
    if not _PIP_RATIO[0] <= ratio <= _PIP_RATIO[1]:
        return False
    # Every face is symmetric, so its pips centre on the face; a fill that took only part of a
    # face, or ran onto a neighbour, is off-centre.
    px = mean_of([p.x for p in top])
    py = mean_of([p.y for p in top])
    if math.hypot(px - die.center[0], py - die.center[1]) > 0.25 * max(die.size):
        return False
    return is_face(top, toward)


def _with_side_face(die: Die, top: Pip) -> bool:
    """Whether the fill around a lone top pip took in a side face showing several pips."""
    rest = [p for p in die.pips if p is not top]
    return len(rest) >= 3 or (len(rest) == 2 and side_pair(top, rest[0], rest[1]))


def _outline(
    body: U8, at: tuple[int, int] = (0, 0), box: tuple[int, int, int, int] | None = None
) -> npt.NDArray[np.int32] | None:
    """The outline points of a fill: the same hull and box as all its pixels, far fewer.

    Traced in the fill's box only (`box` when already known), as the fill is often much smaller
    than its window; `at` is where `body` stands in the window.
    """
    bx, by, bw, bh = box if box is not None else cv2.boundingRect(body)
    if bw == 0:
        return None
    contours, _ = cv2.findContours(
        np.ascontiguousarray(body[by : by + bh, bx : bx + bw]),
        cv2.RETR_EXTERNAL,
        cv2.CHAIN_APPROX_SIMPLE,
        offset=(bx + at[0], by + at[1]),
    )
    if not contours:
        return None
    return np.asarray(np.vstack(contours), dtype=np.int32)


def _square(area: float, bw: float, bh: float) -> bool:
    return area >= _MIN_BOX_FILL * bw * bh and max(bw, bh) <= _MAX_ASPECT * min(bw, bh)


def _separate(
    body: U8, sx: int, sy: int, r: float, box: tuple[int, int, int, int]
) -> tuple[U8, tuple[int, int]]:
    """The seed's own die out of a fill that took in its neighbours, worked on the fill's box
    (`box`): that part of the box, and where the box stands in the fill's window."""
    bx, by, bw, bh = box
    part = np.ascontiguousarray(body[by : by + bh, bx : bx + bw])
    lx, ly = sx - bx, sy - by
    opened = _cut_bridges(part, lx, ly, r)
    part = _split_pair(opened, lx, ly)
    if part is not opened:
        # A straight cut between dice that stand askew leaves a corner of the neighbour behind.
        # (An uncut part needs no second look: opening twice by one disc is opening once.)
        part = _cut_bridges(part, lx, ly, r)
    return part, (bx, by)


def _split_pair(body: U8, sx: int, sy: int) -> U8:
    """The seed's half of a fill that took two dice standing side by side.

    Such a fill is about twice as long as wide. It is cut across its long axis where it is
    narrowest near the middle, at the notch the dice's rounded corners leave.
    """
    m = cv2.moments(body, True)
    if m["m00"] < 20:
        return body
    # The spread along and across the fill's main axis, from its moments.
    mu20, mu02, mu11 = m["mu20"], m["mu02"], m["mu11"]
    common = math.sqrt((mu20 - mu02) ** 2 + 4 * mu11 * mu11)
    major, minor = mu20 + mu02 + common, mu20 + mu02 - common
    ratio = math.sqrt(max(major, 1e-6) / max(minor, 1e-6))
    # A 2:1 rectangle has a standard-deviation ratio of 2; one die is about 1.
    if not 1.6 <= ratio <= 2.8:
        return body
    theta = 0.5 * math.atan2(2 * mu11, mu20 - mu02)
    u = np.array([math.cos(theta), math.sin(theta)])
    mean = np.array([m["m10"] / m["m00"], m["m01"] / m["m00"]])
    pts = cv2.findNonZero(body)
    xy = pts.reshape(-1, 2)
    t = (xy - mean) @ u
    lo, hi = float(t.min()), float(t.max())
    span = hi - lo
    bins = max(8, int(span))
    hist = np.bincount(
        np.minimum(((t - lo) * (bins / max(span, 1e-9))).astype(np.intp), bins - 1), minlength=bins
    )
    mid = lo + (np.arange(bins) + 0.5) * (span / bins)
    central = np.abs(mid - (lo + hi) / 2) < 0.15 * span
    if not central.any():
        return body
    k = int(np.argmin(np.where(central, hist, np.iinfo(np.int64).max)))
    # Two dice leave a notch where their rounded corners meet; one die's top and side do not.
    inner = np.abs(mid - (lo + hi) / 2) < 0.3 * span
    if hist[k] > _NOTCH * float(np.median(hist[inner])):
        return body
    cut = float(mid[k])
    seed_t = float((np.array([sx, sy], np.float64) - mean) @ u)
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
    core = _compare(cv2.distanceTransform(body, cv2.DIST_L2, 3), rad, cv2.CMP_GT)
    grown = _compare(cv2.distanceTransform(cv2.bitwise_not(core), cv2.DIST_L2, 3), rad, cv2.CMP_LE)
    opened = np.asarray(cv2.bitwise_and(grown, body), dtype=np.uint8)
    n, labels = cv2.connectedComponents(opened, connectivity=4)
    if n <= 2:
        return np.asarray(opened if n == 2 else body, dtype=np.uint8)
    h, w = body.shape
    win = labels[max(0, sy - k) : min(h, sy + k + 1), max(0, sx - k) : min(w, sx + k + 1)]
    counts = np.bincount(win.ravel(), minlength=n)
    counts[0] = 0
    if counts.max() == 0:
        return np.asarray(opened, dtype=np.uint8)
    return _compare(labels, int(counts.argmax()), cv2.CMP_EQ)


def _compare(arr: npt.NDArray[Any], value: float, op: int) -> U8:
    """A 0/255 mask of where an image compares to a value."""
    return np.asarray(cv2.compare(arr, np.full_like(arr, value), op), dtype=np.uint8)


def find_dice(img: U8, pips: list[Pip]) -> list[Die]:
    """Every die face in the working image, from its pips.

    From each pip not yet on a face (clearest and biggest first) the face colour is grown out,
    tight first and looser until it gives a face-shaped fill; the pips inside make the die.
    Dice whose fill merged with a neighbour's are then read from their leftover pips.

    The camera is first taken to stand below the frame, as for a camera tilted down at a
    table; where the dice's side faces show it stands elsewhere, they are read again.
    """
    h, w = img.shape[:2]
    colours = ring_colours(img, pips)
    camera = (_CAMERA_AT[0] * w, _CAMERA_AT[1] * h)
    dice, owned = _read(img, pips, colours, camera)
    seen = _camera_side(dice)
    if seen is not None:
        default = (camera[0] - w / 2, camera[1] - h / 2)
        norm = math.hypot(*default)
        if (seen[0] * default[0] + seen[1] * default[1]) / norm < _CAMERA_AGREE:
            reach = norm
            camera = (w / 2 + seen[0] * reach, h / 2 + seen[1] * reach)
            dice, owned = _read(img, pips, colours, camera)
    return dice + _recover(pips, colours, owned, dice, camera)


def _read(
    img: U8, pips: list[Pip], colours: list[BGR], camera: tuple[float, float]
) -> tuple[list[Die], set[int]]:
    where = _where(pips)
    claimed = [False] * len(pips)
    owned: set[int] = set()
    dice: list[Die] = []
    for k in sorted(range(len(pips)), key=lambda k: -pips[k].contrast * pips[k].r):
        if claimed[k]:
            continue
        claimed[k] = True
        if pips[k].spread > _SEED_SPREAD * pips[k].diff:
            continue
        got = _grow(img, pips, where, colours, k, camera, owned)
        if got is None:
            continue
        die, members = got
        dice.append(die)
        for j in members:
            claimed[j] = True
            owned.add(j)
    return drop_side_faces(dice, camera), owned


def _camera_side(dice: list[Die]) -> tuple[float, float] | None:
    """The direction, from the frame's centre, in which the dice show their side faces.

    On a die with round and clearly squashed pips, the squashed ones are on a side face, and
    side faces show on the camera's side. A die whose pips, squashed ones too, could all be one
    face is less sure: one misshapen pip does not vote (defocus or a glint), and a squashed row
    counts only where another such die agrees. None unless the votes agree.
    """
    sure = [0.0, 0.0, 0.0]
    unsure = [0.0, 0.0, 0.0]
    for d in dice:
        if len(d.pips) < 2:
            continue
        top = max(p.minor for p in d.pips)
        rounder = [p for p in d.pips if p.minor >= 0.85 * top]
        flat = [p for p in d.pips if p.minor < _FLAT * top]
        if not rounder or not flat:
            continue
        dx = float(np.mean([p.x for p in flat]) - np.mean([p.x for p in rounder]))
        dy = float(np.mean([p.y for p in flat]) - np.mean([p.y for p in rounder]))
        norm = math.hypot(dx, dy)
        if norm == 0:
            continue
        one_face = is_face(d.pips, (-dx / norm, -dy / norm))
        if one_face and len(flat) == 1:
            continue
        tally = unsure if one_face else sure
        tally[0] += dx / norm
        tally[1] += dy / norm
        tally[2] += 1
    if unsure[2] >= _UNSURE_AGREE:
        sure = [a + b for a, b in zip(sure, unsure, strict=True)]
    sx, sy, votes = sure
    strength = math.hypot(sx, sy)
    if votes < _CAMERA_MIN or strength < _CAMERA_VOTES:
        return None
    return sx / strength, sy / strength


@dataclass(frozen=True)
class _Places:
    """Where the pips are, for finding those near a seed at once: per polarity, their indices
    in the pip list and their x, y and radius as arrays; and for every pip the disc that
    paints it over (centre and radius, in working-image pixels)."""

    groups: dict[bool, tuple[npt.NDArray[np.intp], Floats, Floats, Floats]]
    discs: list[tuple[int, int, int]]


def _where(pips: list[Pip]) -> _Places:
    """The pips' places, found once for all the fills of a frame."""
    groups = {}
    for dark in (True, False):
        mine = [i for i, p in enumerate(pips) if p.dark == dark]
        groups[dark] = (
            np.array(mine, np.intp),
            np.array([pips[i].x for i in mine], np.float64),
            np.array([pips[i].y for i in mine], np.float64),
            np.array([pips[i].r for i in mine], np.float64),
        )
    discs = [(round(p.x), round(p.y), max(1, math.ceil(1.4 * p.r))) for p in pips]
    return _Places(groups, discs)


def _grow(
    img: U8,
    pips: list[Pip],
    where: _Places,
    colours: list[BGR],
    k: int,
    camera: tuple[float, float],
    owned: set[int],
) -> tuple[Die, list[int]] | None:
    """The die grown from pip k, with the indices of its pips, or None."""
    h, w = img.shape[:2]
    seed = pips[k]
    # The window spans 32 pip radii (a side pip seeds it with a small radius, so the biggest
    # pip nearby sets it, within reason).
    index, px, py, pr = where.groups[seed.dark]
    close = np.hypot(px - seed.x, py - seed.y) < 12 * seed.r
    rmax = float(pr[close].max()) if close.any() else seed.r
    half = math.ceil(16 * min(rmax, 1.6 * seed.r)) + 2
    x0, x1 = max(0, round(seed.x) - half), min(w, round(seed.x) + half + 1)
    y0, y1 = max(0, round(seed.y) - half), min(h, round(seed.y) + half + 1)
    roi = img[y0:y1, x0:x1].copy()
    near: list[int] = index[(px >= x0) & (px < x1) & (py >= y0) & (py < y1)].tolist()
    # Pips are painted over with the colour around them so the fill crosses them.
    for j in near:
        qx, qy, radius = where.discs[j]
        cv2.circle(roi, (qx - x0, qy - y0), radius, colours[j], -1)
    sx = min(max(round(seed.x) - x0, 0), roi.shape[1] - 1)
    sy = min(max(round(seed.y) - y0, 0), roi.shape[0] - 1)
    # Which of the window's edges lie inside the frame (not on its border).
    inner = (x0 > 0, x1 < w, y0 > 0, y1 < h)
    flags = 8 | cv2.FLOODFILL_FIXED_RANGE | cv2.FLOODFILL_MASK_ONLY | (255 << 8)
    fallback: tuple[Die, list[int]] | None = None
    last = -1.0
    for frac in _FILL_TOLERANCES:
        tol = (*(6.0 + frac * v for v in colours[k]), 0.0)
        mask = np.zeros((roi.shape[0] + 2, roi.shape[1] + 2), np.uint8)
        # The fill's pixel count and box come with it.
        filled, _, _, (fx, fy, fw, fh) = cv2.floodFill(
            roi, mask, (sx, sy), (0, 0, 0), tol, tol, flags
        )
        body = mask[1:-1, 1:-1]
        # Which edges of its window the fill reaches (it always holds the seed).
        touched = (fx == 0, fx + fw == body.shape[1], fy == 0, fy + fh == body.shape[0])
        # Reaching the window's edge means the face colour runs on into the table; a looser
        # fill would only run further.
        if (
            (touched[0] and inner[0])
            or (touched[1] and inner[1])
            or (touched[2] and inner[2])
            or (touched[3] and inner[3])
        ):
            return fallback
        area = float(filled)
        if area == last:
            # A looser fill takes in all of a tighter one: as big is the same fill, which was
            # already judged.
            continue
        last = area
        if area < (_MIN_BODY * seed.r) ** 2:
            continue
        pts = _outline(body, box=(fx, fy, fw, fh))
        if pts is None:
            continue
        (cx, cy), (bw, bh), ang = cv2.minAreaRect(pts)
        merged = not _square(area, bw, bh)
        if merged:
            part, at = _separate(body, sx, sy, seed.r, (fx, fy, fw, fh))
            area = float(cv2.countNonZero(part))
            pts = _outline(part, at)
            if pts is None:
                continue
            (cx, cy), (bw, bh), ang = cv2.minAreaRect(pts)
        if area < (_MIN_BODY * seed.r) ** 2 or not _square(area, bw, bh):
            continue
        hull = cv2.convexHull(pts)
        # A die's outline is convex; dice merged around a shadow between them are not.
        if area < _SOLID * cv2.contourArea(hull):
            continue
        # Pips sit well inside the hull of the fill: a tight fill can stop just short of a pip
        # at the face's edge, and a pip on the hull is on the next face.
        members = [
            j
            for j in near
            if cv2.pointPolygonTest(hull, (pips[j].x - x0, pips[j].y - y0), True)
            >= _HULL_INSET * pips[j].r
        ]
        mine = tuple(pips[j] for j in members)
        dcx, dcy = cx + x0, cy + y0
        vx, vy = camera[0] - dcx, camera[1] - dcy
        norm = max(math.hypot(vx, vy), 1e-6)
        toward = (vx / norm, vy / norm)
        top = top_face(mine, toward, min(bw, bh))
        die = Die(mine, top, (dcx, dcy), (bw, bh), ang, area, any(touched), merged)
        if not _plausible(die, top, toward):
            continue
        if any(j in owned for j in members if pips[j] in top):
            return fallback
        least = min(p.minor for p in top)
        reach = _CROWD_REACH * max(bw, bh)
        left_off = [
            q
            for q in (pips[j] for j in near)
            if q not in top and math.hypot(q.x - dcx, q.y - dcy) <= reach
        ]
        if sum(q.minor >= _ROUND * least or q.elong < _ROUND_ELONG for q in left_off) >= _CROWD:
            # Round pips left off the top, on the fill or just beyond its edge (a lone pip
            # among them, or a 2 beside two more), are not on a side face: the fill may have
            # cut the face short (a soft edge stops a tight fill early), so a looser one gets
            # a chance first.
            fallback = fallback or (die, members)
            continue
        return die, members
    return fallback


def drop_side_faces(dice: list[Die], camera: tuple[float, float]) -> list[Die]:
    """Drop a face read as a die of its own when it is a side face of a neighbouring die.

    A side face adjoins its die's top face on the camera's side, and its pips are squashed
    more (shorter across, or longer in one direction) than the top face's pips next to it, or
    it lies hard in front of the top face and is smaller than a whole face.
    """
    keep = []
    for d in dice:
        mi = mean_of([p.minor for p in d.top])
        ei = mean_of([p.elong for p in d.top])
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
            me = mean_of([p.minor for p in e.top])
            ee = mean_of([p.elong for p in e.top])
            # A 1's pip is bigger than other pips by design: beside a 1, only pips drawn out
            # longer than the 1's are squashed.
            if len(e.top) > 1 or ei >= ee + _SIDE_ELONG:
                squashed = me > 1.35 * mi or (me > 1.1 * mi and ei > ee + 0.25)
                if squashed and (toward > 0 or ei > 1.45):
                    side = True
            # Straight in front of another face and hard against it, smaller than it and with
            # pips no bigger: that face's die seen from the side. A die standing in front is a
            # whole face, as big as the other.
            lateral = abs(dx * vy - dy * vx) / max(math.hypot(vx, vy), 1e-6)
            if (
                0.3 * max(e.size) < toward < _ABUT * reach
                and lateral < 0.35 * max(e.size)
                and mi <= 1.05 * me
                and d.size[0] * d.size[1] < _ABUT_AREA * e.size[0] * e.size[1]
            ):
                side = True
        if not side:
            keep.append(d)
    return keep


def _inside(die: Die, x: float, y: float, grow: float) -> bool:
    rect = (die.center, (die.size[0] * grow, die.size[1] * grow), die.angle)
    return cv2.pointPolygonTest(cv2.boxPoints(rect), (x, y), False) >= 0


def _recover(
    pips: list[Pip],
    colours: list[BGR],
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
    tops = [p for d in dice for p in d.top]
    ref = np.median([colours[index[id(p)]] for p in tops], axis=0)
    tol = 12.0 + 0.12 * ref
    side = float(np.median([min(d.size) for d in dice]))
    r0 = float(np.median([p.r for p in tops]))
    m0 = float(np.median([p.minor for p in tops]))
    dark = sum(p.dark for p in tops) * 2 >= len(tops)
    free = [
        p
        for i, p in enumerate(pips)
        if i not in owned
        and p.dark == dark
        and 0.7 * r0 <= p.r <= 1.9 * r0
        and p.minor >= _FREE_MINOR * m0
        and not any(_inside(d, p.x, p.y, 1.05) for d in dice)
        and bool(np.all(np.abs(np.asarray(colours[i]) - ref) <= tol))
    ]
    used: set[int] = set()
    found: list[Die] = []
    for k in sorted(range(len(free)), key=lambda k: -free[k].contrast):
        if k in used:
            continue
        p = free[k]
        near = sorted(
            (
                j
                for j in range(len(free))
                if j != k
                and j not in used
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
        used.update(free.index(q) for q in face)
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
            if 0.3 * side <= span <= _FACE_SPAN * side and is_face(face):
                return face
    return None
