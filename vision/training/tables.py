"""The tables rendered dice stand on (`vision.training.render`): felt, cloth, wood, paper,
printed patterns, a dice tray, a desk with a keyboard, and things that are not dice on them
(coins, tokens, magnets, playing cards, cables, a USB stick). Drawn flat in the table's own
millimetres, then seen by the scene's camera in perspective.

numpy and OpenCV only; not imported by the app.
"""

from __future__ import annotations

import math
import string
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from vision.training.augment import table

if TYPE_CHECKING:
    from vision.training.render import Camera, Label

U8 = npt.NDArray[np.uint8]
F64 = npt.NDArray[np.float64]
Rng = np.random.Generator

# The table texture's longest side in pixels.
_MAX_TEXTURE = 640
KINDS = ("plain", "tray", "desk", "cards", "coins")


def _colour(rng: Rng, lo: int = 0, hi: int = 256) -> tuple[float, float, float]:
    c = rng.integers(lo, hi, 3)
    return float(c[0]), float(c[1]), float(c[2])


def clutter_table(
    rng: Rng, cam: Camera, ground: F64, side: float, kind: str | None = None
) -> tuple[U8, list[Label]]:
    """The table in view of `cam` (its visible corners `ground`, in mm) with things on it, as
    the camera sees it, and where those things are ("lures", in image pixels)."""
    from vision.training.render import LURE, Label

    w, h = cam.size
    near = cam.position[:2]
    lo = np.minimum(ground[:, :2].min(axis=0), near - 1)
    hi = np.maximum(ground[:, :2].max(axis=0), near + 1)
    # far corners of a low view run off: keep 40 dice around the view's middle
    mid = cam.ground(np.array([[w / 2, h / 2]], np.float64))[0, :2]
    lo = np.maximum(lo, mid - 40 * side)
    hi = np.minimum(hi, mid + 40 * side)
    extent = hi - lo
    ppm = min(_MAX_TEXTURE / float(extent.max()), 12.0)
    tw, th = max(8, int(extent[0] * ppm)), max(8, int(extent[1] * ppm))
    kind = kind or str(rng.choice(KINDS, p=(0.3, 0.2, 0.2, 0.15, 0.15)))
    tex = table(rng, th, tw).astype(np.float32)
    if rng.random() < 0.3:  # cloth weave or paper grain, fine
        yy, xx = np.mgrid[0:th, 0:tw].astype(np.float32)
        period = rng.uniform(0.8, 3.0) * ppm
        weave = np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        tex *= (1 + rng.uniform(0.03, 0.12) * weave)[..., None]
    things: list[tuple[float, float, float]] = []  # world x, y, size (mm)

    def px(x: float, y: float) -> tuple[int, int]:
        return int((x - lo[0]) * ppm * 8), int((y - lo[1]) * ppm * 8)

    def mm(v: float) -> int:
        return max(1, int(v * ppm * 8))

    def spot() -> tuple[float, float]:
        return float(rng.uniform(lo[0], hi[0])), float(rng.uniform(lo[1], hi[1]))

    if kind == "tray":
        # the wall of a dice tray: a band with a lit lip, the felt inside a colour of its own
        cx, cy = mid
        half = rng.uniform(4, 9, 2) * side
        felt = np.array(_colour(rng, 20, 160), np.float32)
        inner = np.zeros((th, tw), np.uint8)
        p0, p1 = px(cx - half[0], cy - half[1]), px(cx + half[0], cy + half[1])
        cv2.rectangle(inner, p0, p1, 255, -1, cv2.LINE_AA, 3)
        tex = np.where(inner[..., None] > 0, tex * 0.3 + felt * 0.7, tex)
        wall = _colour(rng, 10, 200)
        width = mm(rng.uniform(0.4, 1.2) * side)
        cv2.rectangle(tex, p0, p1, wall, width, cv2.LINE_AA, 3)
        lip = tuple(min(255.0, c * 1.6 + 30) for c in wall)
        cv2.rectangle(tex, p0, p1, lip, max(1, width // 5), cv2.LINE_AA, 3)
        for t in np.linspace(0, 1, 6):
            things.append((cx - half[0] + t * 2 * half[0], cy - half[1], side))
            things.append((cx - half[0], cy - half[1] + t * 2 * half[1], side))
    elif kind == "desk":
        # a keyboard: keys about a die's size, with glyphs, some lit from within
        key = rng.uniform(0.8, 1.2) * side * rng.uniform(0.9, 1.1)
        gap = key * rng.uniform(0.12, 0.3)
        ox, oy = spot()
        dark = rng.random() < 0.65
        cap = _colour(rng, 10, 60) if dark else _colour(rng, 190, 250)
        glyph = _colour(rng, 200, 256) if dark else _colour(rng, 0, 60)
        if rng.random() < 0.3:  # backlit
            glyph = (float(rng.integers(0, 256)), float(rng.integers(100, 256)), 255.0)
        rows, cols = int(rng.integers(2, 6)), int(rng.integers(4, 14))
        glyphs = np.zeros((th, tw), np.uint8)
        frame_pts = (px(ox - gap, oy - gap), px(ox + cols * (key + gap), oy + rows * (key + gap)))
        cv2.rectangle(tex, *frame_pts, _colour(rng, 0, 80), -1, cv2.LINE_AA, 3)
        for r in range(rows):
            for c in range(cols):
                x, y = ox + c * (key + gap), oy + r * (key + gap)
                cv2.rectangle(tex, px(x, y), px(x + key, y + key), cap, -1, cv2.LINE_AA, 3)
                letter = str(rng.choice(list(string.ascii_uppercase + string.digits + "•.:")))
                scale = key * ppm / 40
                org = (int((x + key * 0.25 - lo[0]) * ppm), int((y + key * 0.7 - lo[1]) * ppm))
                cv2.putText(
                    glyphs,
                    letter,
                    org,
                    cv2.FONT_HERSHEY_SIMPLEX,
                    scale,
                    255,
                    max(1, int(scale * 2)),
                    cv2.LINE_AA,
                )
                things.append((x + key / 2, y + key / 2, key))
        a = (glyphs.astype(np.float32) / 255)[..., None]
        tex = np.asarray(tex * (1 - a) + np.array(glyph, np.float32) * a, np.float32)
    elif kind == "cards":
        for _ in range(int(rng.integers(1, 4))):
            cx, cy = spot()
            cw, ch = 63 / 16 * side * rng.uniform(0.8, 1.2), 88 / 16 * side * rng.uniform(0.8, 1.2)
            box = ((cx, cy), (cw * ppm, ch * ppm), rng.uniform(0, 180))
            pts = cv2.boxPoints(
                ((float(box[0][0] - lo[0]) * ppm, float(box[0][1] - lo[1]) * ppm), box[1], box[2])
            )
            cv2.fillConvexPoly(
                tex, np.round(pts * 8).astype(np.int32), (240, 242, 245), cv2.LINE_AA, 3
            )
            ink = (30, 30, 200) if rng.random() < 0.5 else (30, 30, 30)
            n = int(rng.integers(1, 11))
            for k in range(n):
                sx = cx + (k % 2 - 0.5) * cw * 0.4
                sy = cy + (k // 2 - n / 4) * ch * 0.15
                cv2.circle(tex, px(sx, sy), mm(side * 0.12), ink, -1, cv2.LINE_AA, 3)
            things.append((cx, cy, side * 1.2))
    for _ in range(int(rng.integers(0, 8)) if kind != "coins" else int(rng.integers(4, 14))):
        x, y = spot()
        what = rng.random()
        if what < 0.45:  # a coin: a metal disc with a rim and a stamped middle
            reach = rng.uniform(0.45, 0.75) * side
            metal = np.array([60, 150, 190] if rng.random() < 0.5 else [170, 170, 175], np.float64)
            metal *= rng.uniform(0.7, 1.2)
            cv2.circle(tex, px(x, y), mm(reach), tuple(metal * 0.7), -1, cv2.LINE_AA, 3)
            cv2.circle(tex, px(x, y), mm(reach * 0.85), tuple(metal), -1, cv2.LINE_AA, 3)
            cv2.circle(tex, px(x, y), mm(reach * 0.35), tuple(metal * 0.8), -1, cv2.LINE_AA, 3)
            things.append((x, y, 2 * reach))
        elif what < 0.7:  # a token or a round magnet
            reach = rng.uniform(0.3, 0.8) * side
            colour = _colour(rng)
            if rng.random() < 0.5:
                cv2.circle(tex, px(x, y), mm(reach), colour, -1, cv2.LINE_AA, 3)
                cv2.circle(
                    tex,
                    px(x - reach * 0.3, y - reach * 0.3),
                    mm(reach * 0.2),
                    (240, 240, 240),
                    -1,
                    cv2.LINE_AA,
                    3,
                )
            else:
                corners = px(x - reach, y - reach), px(x + reach, y + reach)
                cv2.rectangle(tex, *corners, colour, -1, cv2.LINE_AA, 3)
            things.append((x, y, 2 * reach))
        elif what < 0.9:  # a cable
            bends = [np.array(spot())]
            for _ in range(4):
                bends.append(bends[-1] + rng.normal(0, 3 * side, 2))
            line = np.array([px(float(p[0]), float(p[1])) for p in bends], np.int32)
            colour = _colour(rng, 0, 120) if rng.random() < 0.7 else _colour(rng)
            width = mm(rng.uniform(0.2, 0.4) * side)
            cv2.polylines(tex, [line], False, colour, width, cv2.LINE_AA, 3)
            cv2.polylines(
                tex,
                [line],
                False,
                tuple(min(255.0, c + 70) for c in colour),
                max(1, width // 4),
                cv2.LINE_AA,
                3,
            )
        else:  # a USB stick
            cw, ch = side * rng.uniform(1.5, 3.0), side * rng.uniform(0.5, 0.9)
            cv2.rectangle(tex, px(x, y), px(x + cw, y + ch), _colour(rng), -1, cv2.LINE_AA, 3)
            cv2.rectangle(
                tex,
                px(x + cw, y + ch * 0.2),
                px(x + cw * 1.3, y + ch * 0.8),
                (190, 190, 195),
                -1,
                cv2.LINE_AA,
                3,
            )
            things.append((x + cw / 2, y + ch / 2, ch))
    # the table seen by the camera: texture pixels -> table mm -> image
    to_mm = np.array([[1 / ppm, 0, lo[0]], [0, 1 / ppm, lo[1]], [0, 0, 1]], np.float64)
    plane = cam.k @ np.column_stack([cam.r[:, 0], cam.r[:, 1], cam.t])
    img = cv2.warpPerspective(
        np.clip(tex, 0, 255).astype(np.uint8),
        plane @ to_mm,
        (w, h),
        flags=cv2.INTER_AREA if ppm > 4 else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REFLECT,
    )
    lures = []
    for x, y, size in things:
        a = cam.project(np.array([[x - size / 2, y, 0], [x + size / 2, y, 0], [x, y, 0]]))
        across = float(np.linalg.norm(a[1] - a[0]))
        if 0 <= a[2, 0] < w and 0 <= a[2, 1] < h and across >= 6:
            lures.append(Label(float(a[2, 0]), float(a[2, 1]), across, LURE))
    return np.asarray(img, np.uint8), lures
