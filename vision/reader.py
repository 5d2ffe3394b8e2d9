"""The classical dice reader: find pips, group them into top faces, count them."""

from __future__ import annotations

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


def _prepare(frame: U8) -> tuple[U8, float]:
    if frame.ndim != 3 or frame.shape[2] != 3:
        raise ValueError("read_dice expects an HxWx3 BGR frame")
    h, w = frame.shape[:2]
    scale = 1.0
    if max(h, w) > _MAX_SIDE:
        scale = _MAX_SIDE / max(h, w)
        frame = cv2.resize(frame, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    # The darkest channel makes black, blue and red pips all dark on a white face, and white
    # pips bright on a red or black face.
    chan: U8 = np.asarray(cv2.min(cv2.min(frame[:, :, 0], frame[:, :, 1]), frame[:, :, 2]))
    return chan, scale


def _blob_masks(level: U8) -> list[tuple[U8, bool]]:
    mean = cv2.blur(level, (_BLOCK, _BLOCK))
    lo = cv2.convertScaleAbs(mean, alpha=0.78)
    dark = cv2.compare(level, lo, cv2.CMP_LT)
    dark = cv2.bitwise_and(dark, cv2.compare(cv2.subtract(mean, level), 16, cv2.CMP_GT))
    hi = cv2.convertScaleAbs(mean, alpha=1.3, beta=4)
    bright = cv2.compare(level, hi, cv2.CMP_GT)
    bright = cv2.bitwise_and(bright, cv2.compare(cv2.subtract(level, mean), 30, cv2.CMP_GT))
    return [(np.asarray(dark), True), (np.asarray(bright), False)]


def _measure(chan: U8, x: float, y: float, r: float, dark: bool) -> tuple[float, float, float]:
    """Contrast of a blob against the ring of face around it, the ring level and its spread."""
    h, w = chan.shape
    rad = math.ceil(2.6 * r) + 1
    x0, x1 = max(0, round(x) - rad), min(w, round(x) + rad + 1)
    y0, y1 = max(0, round(y) - rad), min(h, round(y) + rad + 1)
    patch = chan[y0:y1, x0:x1].astype(np.float32)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    d2 = ((xx - x) ** 2 + (yy - y) ** 2) / (r * r)
    inner = patch[d2 < 0.8]
    ring = patch[(d2 > 1.7**2) & (d2 < 2.5**2)]
    if inner.size == 0 or ring.size < 8:
        return 0.0, 0.0, 1e9
    face = float(np.median(ring))
    spread = float(np.percentile(ring, 90) - np.percentile(ring, 10))
    if dark:
        core = float(np.percentile(inner, 30))
        contrast = (face - core) / max(face, 1.0)
    else:
        core = float(np.percentile(inner, 70))
        contrast = (core - face) / max(core, 1.0)
    return contrast, face, spread


def find_pips(chan: U8) -> list[Pip]:
    """Round blobs darker (or brighter) than a flat ring of face around them, at all scales."""
    found: list[Pip] = []
    level = chan
    scale = 1.0
    for lv in range(_LEVELS):
        if min(level.shape) < 2 * _BLOCK:
            break
        for mask, dark in _blob_masks(level):
            n, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
            for i in range(1, n):
                x, y, w, h, area = (int(v) for v in stats[i])
                if area < (3 if lv == 0 else 6) or area > 110:
                    continue
                if max(w, h) > 3 * min(w, h) + 1 or area < 0.45 * w * h:
                    continue
                m = cv2.moments(mask[y : y + h, x : x + w], binaryImage=True)
                mu20, mu02, mu11 = m["mu20"] / area, m["mu02"] / area, m["mu11"] / area
                common = math.sqrt(max(0.0, (mu20 - mu02) ** 2 + 4 * mu11 * mu11))
                l1 = (mu20 + mu02 + common) / 2
                l2 = max((mu20 + mu02 - common) / 2, 1e-3)
                elong = math.sqrt(l1 / l2)
                if elong > 3.2:
                    continue
                ang = 0.5 * math.degrees(math.atan2(2 * mu11, mu20 - mu02))
                cx, cy = float(cents[i][0]) * scale, float(cents[i][1]) * scale
                r = math.sqrt(area / math.pi) * scale
                contrast, face, spread = _measure(chan, cx, cy, r, dark)
                if contrast < 0.22:
                    continue
                found.append(Pip(cx, cy, r, elong, ang, contrast, face, spread, dark))
        level = cv2.pyrDown(level)
        scale *= 2
    return _suppress(found)


def _suppress(pips: list[Pip]) -> list[Pip]:
    """Keep one candidate per blob where several scales found it."""
    order = sorted(pips, key=lambda p: -p.contrast * min(1.0, 2.0 / p.elong))
    kept: list[Pip] = []
    for p in order:
        if all(
            math.hypot(p.x - q.x, p.y - q.y) > 0.9 * max(p.r, q.r) or p.dark != q.dark
            for q in kept
        ):
            kept.append(p)
    return kept


def _segment_is_face(chan: U8, a: Pip, b: Pip, pips: list[Pip]) -> bool:
    """Whether the straight path between two pips runs over one face, with no edge or gap."""
    dist = math.hypot(a.x - b.x, a.y - b.y)
    n = max(4, int(dist))
    ts = np.linspace(0.0, 1.0, n)
    xs = a.x + (b.x - a.x) * ts
    ys = a.y + (b.y - a.y) * ts
    keep = np.ones(n, dtype=bool)
    for p in pips:
        keep &= (xs - p.x) ** 2 + (ys - p.y) ** 2 > (1.5 * p.r) ** 2
    if keep.sum() < 2:
        return True
    h, w = chan.shape
    xi = np.clip(np.round(xs[keep]).astype(np.intp), 0, w - 1)
    yi = np.clip(np.round(ys[keep]).astype(np.intp), 0, h - 1)
    vals = chan[yi, xi].astype(np.float32)
    face = 0.5 * (a.face + b.face)
    if a.dark:
        return bool(vals.min() > 0.8 * face and vals.max() < 1.25 * face)
    return bool(vals.max() < 1.25 * face + 10 and vals.min() > 0.75 * face - 10)


def group_pips(chan: U8, pips: list[Pip]) -> list[list[Pip]]:
    """Join pips that sit on one face: similar size, near, and flat face between them."""
    n = len(pips)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(n):
        a = pips[i]
        for j in range(i + 1, n):
            b = pips[j]
            if a.dark != b.dark:
                continue
            rr = max(a.r, b.r)
            if min(a.r, b.r) < 0.55 * rr:
                continue
            d = math.hypot(a.x - b.x, a.y - b.y)
            if d > 11.0 * rr or d < 1.8 * rr:
                continue
            if abs(a.face - b.face) > 0.2 * max(a.face, b.face):
                continue
            if _segment_is_face(chan, a, b, pips):
                parent[root(i)] = root(j)
    groups: dict[int, list[Pip]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(pips[i])
    return list(groups.values())


def _accept(group: list[Pip]) -> bool:
    if len(group) > 6:
        return False
    if len(group) == 1:
        p = group[0]
        return p.contrast > 0.35 and p.face_std < 0.25 * p.face and p.elong < 1.8
    return True


def _die_from_group(group: list[Pip], scale: float) -> DieReading:
    xs = np.array([p.x for p in group])
    ys = np.array([p.y for p in group])
    r = float(np.mean([p.r for p in group]))
    cx, cy = float(xs.mean()), float(ys.mean())
    side = 6.0 * r
    if len(group) > 1:
        span = float(max(xs.max() - xs.min(), ys.max() - ys.min()))
        side = max(side, span + 4.0 * r)
    conf = float(min(1.0, np.mean([p.contrast for p in group]) * 1.5))
    inv = 1.0 / scale
    return DieReading(
        value=len(group),
        center=(cx * inv, cy * inv),
        size=(side * inv, side * inv),
        angle=0.0,
        confidence=conf,
    )


def read_dice(frame_bgr: U8) -> Reading:
    """Read the top-face value of every die in a BGR frame."""
    chan, scale = _prepare(frame_bgr)
    pips = find_pips(chan)
    groups = group_pips(chan, pips)
    dice = tuple(_die_from_group(g, scale) for g in groups if _accept(g))
    return Reading(dice=dice, flags=frozenset())
