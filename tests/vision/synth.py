"""Synthetic dice drawn with OpenCV, for pinning the reader's behaviour on known cases."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
BGR = tuple[int, int, int]

# Pip centres in face units (the face spans -1..1 on both axes).
_D = 0.52
LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-_D, -_D), (_D, _D)),
    3: ((-_D, -_D), (0.0, 0.0), (_D, _D)),
    4: ((-_D, -_D), (_D, -_D), (-_D, _D), (_D, _D)),
    5: ((-_D, -_D), (_D, -_D), (0.0, 0.0), (-_D, _D), (_D, _D)),
    6: ((-_D, -_D), (_D, -_D), (-_D, 0.0), (_D, 0.0), (-_D, _D), (_D, _D)),
}

WHITE: BGR = (238, 240, 242)
BLACK: BGR = (25, 25, 25)
RED: BGR = (40, 30, 200)
# A green die with yellow pips: no grey image shows its pips (the colour blobs do).
GREEN: BGR = (60, 150, 40)
YELLOW: BGR = (40, 220, 230)


@dataclass(frozen=True)
class Die:
    """One die to draw: value, centre, side in pixels, rotation in degrees, colours."""

    value: int
    x: float
    y: float
    side: float
    angle: float = 0.0
    face: BGR = WHITE
    pip: BGR = BLACK


def background(width: int, height: int, kind: str, seed: int = 0) -> Image:
    """A plain table: 'cloth' (dark grey), 'wood' (light grain), 'paper' (white-ish)."""
    rng = np.random.default_rng(seed)
    if kind == "cloth":
        img = np.full((height, width, 3), (70, 75, 72), np.uint8)
    elif kind == "dark":
        img = np.full((height, width, 3), (20, 22, 24), np.uint8)
    elif kind == "paper":
        img = np.full((height, width, 3), (200, 205, 208), np.uint8)
    elif kind == "wood":
        ys = np.arange(height, dtype=np.float32)[:, None]
        xs = np.arange(width, dtype=np.float32)[None, :]
        grain = 12 * np.sin(ys / 9.0 + 3 * np.sin(xs / 140.0)) + 6 * np.sin(ys / 2.7)
        base = np.array([120, 160, 196], np.float32)
        img = np.clip(base[None, None, :] + grain[..., None], 0, 255).astype(np.uint8)
    else:
        raise ValueError(kind)
    noise = rng.normal(0, 3, img.shape)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


def draw_die(img: Image, die: Die) -> None:
    """Draw a die's top face as a rounded square with round pips, anti-aliased."""
    ss = 4
    half = die.side / 2
    pad = math.ceil(half * 1.5) + 2
    x0, y0 = round(die.x) - pad, round(die.y) - pad
    size = 2 * pad + 1
    big = cv2.resize(
        img[y0 : y0 + size, x0 : x0 + size],
        (size * ss, size * ss),
        interpolation=cv2.INTER_NEAREST,
    )
    c = ((die.x - x0) * ss, (die.y - y0) * ss)
    rot = math.radians(die.angle)
    cos, sin = math.cos(rot), math.sin(rot)

    def to_px(u: float, v: float) -> tuple[int, int]:
        return (
            round(c[0] + (u * cos - v * sin) * half * ss),
            round(c[1] + (u * sin + v * cos) * half * ss),
        )

    corner = 0.18
    outline = []
    for k in range(4):
        cu, cv = ((1, 1), (-1, 1), (-1, -1), (1, -1))[k]
        start = k * 90
        for t in range(0, 91, 10):
            a = math.radians(start + t)
            outline.append(
                to_px(
                    cu * (1 - corner) + corner * math.cos(a),
                    cv * (1 - corner) + corner * math.sin(a),
                )
            )
    # A soft shadow and a darker rim: real dice have both, and the reader may lean on neither.
    shade = np.zeros(big.shape[:2], np.float32)
    cv2.fillPoly(shade, [np.array([(x + 2 * ss, y + 3 * ss) for x, y in outline], np.int32)], 1.0)
    shade = cv2.GaussianBlur(shade, (0, 0), 2 * ss)[..., None]
    # The shadow darkens what lies under it (the table, a neighbour's edge) without blurring it.
    big = (big * (1.0 - 0.75 * shade)).astype(np.uint8)
    rim = tuple(int(v * 0.8) for v in die.face)
    cv2.fillPoly(big, [np.array(outline, np.int32)], rim)
    inner = [to_px(u * 0.94, v * 0.94) for u, v in _unit(outline, to_px, half * ss, c, rot)]
    cv2.fillPoly(big, [np.array(inner, np.int32)], die.face)
    r = round(0.2 * half * ss if die.value != 1 else 0.3 * half * ss)
    for u, v in LAYOUTS[die.value]:
        cv2.circle(big, to_px(u, v), r, die.pip, -1, lineType=cv2.LINE_AA)
    img[y0 : y0 + size, x0 : x0 + size] = cv2.resize(
        big, (size, size), interpolation=cv2.INTER_AREA
    )


def _unit(
    outline: list[tuple[int, int]],
    to_px: object,
    scale: float,
    c: tuple[float, float],
    rot: float,
) -> list[tuple[float, float]]:
    cos, sin = math.cos(-rot), math.sin(-rot)
    pts = []
    for x, y in outline:
        dx, dy = (x - c[0]) / scale, (y - c[1]) / scale
        pts.append((dx * cos - dy * sin, dx * sin + dy * cos))
    return pts


def scene(
    dice: list[Die],
    width: int = 640,
    height: int = 480,
    table: str = "cloth",
    blur: float = 0.0,
    noise: float = 0.0,
    seed: int = 0,
) -> Image:
    """A frame with the given dice on a table, optionally blurred and noisy."""
    img = background(width, height, table, seed)
    for die in dice:
        draw_die(img, die)
    if blur > 0:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), blur), dtype=np.uint8)
    if noise > 0:
        rng = np.random.default_rng(seed + 1)
        img = np.clip(img + rng.normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    return img


def draw_oblique_die(
    img: Image,
    top: int,
    front: int,
    x: float,
    y: float,
    side: float,
    elevation: float,
    front_colour: BGR = (200, 204, 206),
) -> None:
    """A die seen from a camera tilted down at `elevation` degrees: its top face and, below
    it, the front face turned toward the camera, both foreshortened, the front one shaded
    (as much as `front_colour` says)."""
    ss = 4
    sin = math.sin(math.radians(elevation))
    cos = math.cos(math.radians(elevation))
    top_h, front_h = side * sin, side * cos
    pad = round(side) + 4
    x0, y0 = round(x) - pad, round(y) - pad
    size = 2 * pad + 1
    big = cv2.resize(
        img[y0 : y0 + size, x0 : x0 + size],
        (size * ss, size * ss),
        interpolation=cv2.INTER_NEAREST,
    )
    cx, cy = (x - x0) * ss, (y - y0) * ss
    half = side / 2 * ss

    def face(yc: float, height: float, colour: BGR, value: int) -> None:
        hh = height / 2 * ss
        cv2.rectangle(
            big, (round(cx - half), round(yc - hh)), (round(cx + half), round(yc + hh)), colour, -1
        )
        r = 0.2 * half if value != 1 else 0.3 * half
        for u, v in LAYOUTS[value]:
            centre = (round(cx + u * half), round(yc + v * hh))
            axes = (round(r), max(1, round(r * height / side)))
            cv2.ellipse(big, centre, axes, 0, 0, 360, BLACK, -1, lineType=cv2.LINE_AA)

    top_y = cy - front_h / 2 * ss
    face(top_y, top_h, WHITE, top)
    face(top_y + (top_h + front_h) / 2 * ss, front_h, front_colour, front)
    img[y0 : y0 + size, x0 : x0 + size] = cv2.resize(
        big, (size, size), interpolation=cv2.INTER_AREA
    )


def draw_disc(img: Image, x: float, y: float, r: float, colour: BGR) -> None:
    """A round thing that is not a pip: a coin, a stain, a key's hole."""
    cv2.circle(img, (round(x), round(y)), round(r), colour, -1, lineType=cv2.LINE_AA)
