"""Rendered dice scenes to learn from: a procedural renderer in numpy and OpenCV.

Each scene is a table seen by a camera 0..60 degrees from vertical, with 0..15 six-sided pip
dice standing on it (opaque, translucent, marbled, pearl or metallic bodies; painted, drilled,
gold or coloured pips; sharp or rounded corners), some touching in rows, some on another die's
face, among things that are not dice (coins, tokens, keyboard keys, playing cards, cables, a
dice tray's wall). Every face of a die is a texture drawn in perspective onto its face of a
cube (`cv2.warpPerspective`), lit by a lamp or daylight, so side faces show their pips
foreshortened as a camera sees them, and a translucent die shows its far faces' pips through
its body.

Labels: every top face's centre, size across and value, every visible side face as "not a top
face", and the things that are not dice ("lures"), all in image pixels.

Why not Blender or Mitsuba: on this project's 2-core machine the procedural renderer makes
scenes a few hundred times faster (docs/vision.md gives the measurements), and the variety
that matters here (bodies, pips, views, tables, clutter) is in the scene description, not in
the light transport.

numpy and OpenCV only; not imported by the app.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
import numpy.typing as npt

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
Rng = np.random.Generator

BODIES = ("opaque", "translucent", "marbled", "pearl", "metallic")
PIPS = ("dark", "light", "gold", "coloured", "drilled")
# The face texture's side in pixels (a die's face is rarely drawn bigger than this).
TEXTURE = 96
# Pip centres on a face, in half-sides from its centre.
_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
# The cube's faces: outward normal and two in-face axes (u, v), in the die's own frame.
_FACES = (
    ((0, 0, 1), (1, 0, 0), (0, 1, 0)),  # top
    ((0, 0, -1), (1, 0, 0), (0, -1, 0)),  # bottom
    ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    ((-1, 0, 0), (0, -1, 0), (0, 0, 1)),
    ((0, 1, 0), (-1, 0, 0), (0, 0, 1)),
    ((0, -1, 0), (1, 0, 0), (0, 0, 1)),
)


@dataclass(frozen=True)
class Label:
    """A labelled place in a rendered image: centre and size across in pixels, and what it
    is: a top face's value 1..6, SIDE for a die's side face, LURE for a thing that is no die."""

    cx: float
    cy: float
    size: float
    value: int


SIDE_FACE = -1
LURE = -2


@dataclass(frozen=True)
class Look:
    """How a die looks."""

    body: str
    pips: str
    body_bgr: tuple[float, float, float]
    pip_bgr: tuple[float, float, float]
    one_bgr: tuple[float, float, float]
    one_scale: float
    pip_radius: float
    roundness: float
    opacity: float
    pip_spread: float = 0.55
    """How far the corner pips sit from the face's centre, as a share of its half side."""


@dataclass
class Scene:
    """A rendered scene: the image, its labels and what it was made of (for the synthetic
    test set's tables by body, pips and camera angle)."""

    img: U8
    labels: list[Label]
    tilt: float
    looks: list[Look] = field(default_factory=list)
    """The look of each top face's die, in the order of the top-face labels."""

    @property
    def tops(self) -> list[Label]:
        return [lab for lab in self.labels if lab.value >= 1]


def _bgr(rng: Rng, light: bool | None = None, sat: tuple[int, int] = (0, 256)) -> F32:
    hsv = np.array(
        [[[rng.integers(0, 180), rng.integers(*sat), rng.integers(0, 256)]]], dtype=np.uint8
    )
    if light is True:
        hsv[0, 0, 2] = rng.integers(175, 256)
    elif light is False:
        hsv[0, 0, 2] = rng.integers(10, 110)
    return np.asarray(cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0], np.float32)


def _luma(c: F32) -> float:
    return float(0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2])


def random_look(rng: Rng, body: str | None = None, pips: str | None = None) -> Look:
    """A die's look: its body and pip kinds (random unless given) and colours that make sense
    for them (a die's pips always stand apart from its body, but for drilled pips)."""
    body = body or str(rng.choice(BODIES, p=(0.45, 0.2, 0.15, 0.1, 0.1)))
    pips = pips or str(rng.choice(PIPS, p=(0.4, 0.3, 0.1, 0.1, 0.1)))
    for _ in range(50):
        if pips == "dark" or pips == "drilled":
            colour = _bgr(rng, light=True)
            if rng.random() < 0.4:  # white and ivory dice are the commonest
                colour = np.array([235, 240, 245], np.float32) * rng.uniform(0.85, 1.05)
        else:
            colour = _bgr(rng, light=False) if pips != "coloured" else _bgr(rng)
        if pips == "dark":
            pip = _bgr(rng, light=False) if rng.random() < 0.4 else np.full(3, 25, np.float32)
        elif pips == "light":
            pip = np.full(3, 240, np.float32) if rng.random() < 0.7 else _bgr(rng, light=True)
        elif pips == "gold":
            pip = np.array([60, 175, 215], np.float32) * rng.uniform(0.85, 1.1)
            colour = colour * 0.6
        elif pips == "coloured":
            pip = _bgr(rng, sat=(150, 256))
        else:  # drilled and unpainted: the body colour, a little darker, shaded by the hole
            pip = colour * rng.uniform(0.6, 0.85)
        if pips == "drilled" or abs(_luma(colour) - _luma(pip)) >= 45:
            break
    one = pip
    one_scale = 1.0
    if rng.random() < 0.25:  # the 1 as a big pip, often red
        one_scale = rng.uniform(1.3, 1.9)
        if rng.random() < 0.6 and pips in ("dark", "coloured"):
            one = np.array([40, 30, 200], np.float32)
    opacity = 1.0
    if body == "translucent":
        opacity = rng.uniform(0.45, 0.8)
    return Look(
        body=body,
        pips=pips,
        body_bgr=tuple(float(x) for x in np.clip(colour, 0, 255)),  # type: ignore[arg-type]
        pip_bgr=tuple(float(x) for x in np.clip(pip, 0, 255)),  # type: ignore[arg-type]
        one_bgr=tuple(float(x) for x in np.clip(one, 0, 255)),  # type: ignore[arg-type]
        one_scale=one_scale,
        pip_radius=rng.uniform(0.075, 0.12),
        roundness=rng.uniform(0.02, 0.35),
        opacity=opacity,
        pip_spread=rng.uniform(0.46, 0.64),
    )


def _smooth_noise(rng: Rng, n: int, blob: float) -> F32:
    small = rng.standard_normal((max(2, int(n / blob) + 2),) * 2).astype(np.float32)
    big = cv2.resize(small, (n, n), interpolation=cv2.INTER_CUBIC)
    return np.asarray(big / (big.std() + 1e-6), np.float32)


def face_texture(look: Look, value: int, rng: Rng) -> tuple[F32, F32, F32]:
    """One face of a die as a TEXTURE x TEXTURE texture: colour (BGR, 0..255), coverage
    (rounded corners) and where its pips are (0..1)."""
    n = TEXTURE
    body = np.empty((n, n, 3), np.float32)
    body[:] = look.body_bgr
    if look.body == "marbled":
        # long soft veins of a second colour, never spots of a pip's size: the phase varies
        # slowly (blobs of half the face) and the veins are a sine's crests, drawn out
        phase = _smooth_noise(rng, n, 56) + 0.5 * _smooth_noise(rng, n, 112)
        waves, sharpness = float(rng.uniform(1.5, 2.5)), float(rng.uniform(1.0, 3.0))
        swirl = np.asarray((0.5 + 0.5 * np.sin(waves * phase)) ** sharpness, np.float32)
        other = np.clip(np.array(look.body_bgr) * rng.uniform(0.55, 1.5, 3), 0, 255)
        swirl = swirl * float(rng.uniform(0.4, 0.8))
        body = body * (1 - swirl[..., None]) + other.astype(np.float32) * swirl[..., None]
    elif look.body == "pearl":
        sheen = _smooth_noise(rng, n, 32)
        body = body * (1 + 0.12 * sheen[..., None] * np.array([1.0, -0.5, 0.6], np.float32))
    elif look.body == "metallic":
        yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) / n
        a = rng.uniform(0, 2 * math.pi)
        ramp = 0.55 + 0.9 * (0.5 + 0.5 * np.sin(3 * (xx * math.cos(a) + yy * math.sin(a))))
        body = body * ramp[..., None]
    yy, xx = (np.mgrid[0:n, 0:n].astype(np.float32) + 0.5) / n * 2 - 1  # -1..1
    # bevel: the rounded edge turns away from the light, darker near the face's rim
    edge = 1 - np.maximum(np.abs(xx), np.abs(yy))
    band = max(0.04, look.roundness * 0.5)
    body = body * (0.78 + 0.22 * np.clip(edge / band, 0, 1))[..., None]
    pips = np.zeros((n, n), np.float32)
    spread = look.pip_spread
    r = min(look.pip_radius, spread * 0.21) * n  # a 6's pips never touch
    scale = look.one_scale if value == 1 else 1.0
    tex = body.copy()
    for px, py in _LAYOUT[value]:
        cx, cy = (1 + px * spread) * n / 2, (1 + py * spread) * n / 2
        disc = np.zeros((n, n), np.float32)
        cv2.circle(
            disc, (round(cx * 8), round(cy * 8)), round(r * scale * 8), 1.0, -1, cv2.LINE_AA, 3
        )
        pips = np.maximum(pips, disc)
    pips = np.asarray(cv2.GaussianBlur(pips, (0, 0), 0.7), np.float32)
    colour = np.array(look.one_bgr if value == 1 else look.pip_bgr, np.float32)
    pip_img = np.empty_like(tex)
    pip_img[:] = colour
    if look.pips == "drilled":
        # a hole lit from one side: its far wall lighter, its near wall in shadow
        shade = np.asarray(cv2.Sobel(pips, cv2.CV_32F, 1, 1, ksize=3), np.float32)
        pip_img = pip_img * (1 + 2.0 * shade[..., None])
    elif look.pips == "gold":
        pip_img = pip_img * (0.85 + 0.3 * _smooth_noise(rng, n, 6)[..., None].clip(-1, 1))
    tex = tex * (1 - pips[..., None]) + pip_img * pips[..., None]
    corner = 0.08 + look.roundness * 0.9
    cover = np.zeros((n * 4, n * 4), np.float32)
    rad = round(corner * n * 2)
    m = 4 * n - 1
    cv2.rectangle(cover, (rad, 0), (m - rad, m), 1.0, -1)
    cv2.rectangle(cover, (0, rad), (m, m - rad), 1.0, -1)
    for c in ((rad, rad), (m - rad, rad), (rad, m - rad), (m - rad, m - rad)):
        cv2.circle(cover, c, rad, 1.0, -1)
    cover = np.asarray(cv2.resize(cover, (n, n), interpolation=cv2.INTER_AREA), np.float32)
    return np.clip(tex, 0, 255).astype(np.float32), np.asarray(cover, np.float32), pips


@dataclass(frozen=True)
class Camera:
    """A pinhole camera looking at the table (z = 0) from `tilt` degrees off vertical."""

    k: F64
    r: F64  # world to camera rotation
    t: F64  # world to camera translation
    tilt: float
    size: tuple[int, int]

    def project(self, pts: F64) -> F64:
        """World points (N x 3) in image pixels (N x 2)."""
        cam = pts @ self.r.T + self.t
        z = np.maximum(cam[:, 2:3], 1e-6)
        return np.asarray((cam[:, :2] / z) * np.array([self.k[0, 0], self.k[1, 1]]) + self.k[:2, 2])

    def depth(self, pts: F64) -> F64:
        return np.asarray((pts @ self.r.T + self.t)[:, 2])

    def ground(self, uv: F64) -> F64:
        """Image pixels (N x 2) back on the table (N x 3)."""
        rays = np.column_stack(
            [(uv[:, 0] - self.k[0, 2]) / self.k[0, 0], (uv[:, 1] - self.k[1, 2]) / self.k[1, 1]]
        )
        rays = np.column_stack([rays, np.ones(len(uv))]) @ self.r  # in world axes
        origin = -self.r.T @ self.t
        s = -origin[2] / np.minimum(rays[:, 2], -1e-6)
        return np.asarray(origin + rays * s[:, None])

    @property
    def position(self) -> F64:
        return np.asarray(-self.r.T @ self.t)


def camera(rng: Rng, w: int, h: int, tilt: float, distance: float) -> Camera:
    """A camera `distance` mm from the table's origin, `tilt` degrees from vertical, with a
    field of view that keeps the horizon out of the frame."""
    fov = rng.uniform(45, 70)
    fov = min(fov, 2 * (82 - tilt))
    f = 0.5 * max(w, h) / math.tan(math.radians(fov) / 2)
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]], np.float64)
    a = math.radians(tilt)
    yaw = rng.uniform(0, 2 * math.pi)
    pos = distance * np.array(
        [math.sin(a) * math.cos(yaw), math.sin(a) * math.sin(yaw), math.cos(a)]
    )
    forward = -pos / np.linalg.norm(pos)
    up = np.array([-math.cos(yaw), -math.sin(yaw), 0.0]) if tilt > 1 else np.array([0.0, 1, 0])
    right = np.cross(forward, up)
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    rot = np.stack([right, down, forward])
    roll = rng.uniform(-0.3, 0.3)
    c, s = math.cos(roll), math.sin(roll)
    rot = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ rot
    return Camera(k, rot, -rot @ pos, tilt, (w, h))


@dataclass
class _Die:
    centre: F64  # of its bottom face, world mm
    side: float
    yaw: float
    values: dict[int, int]  # face index -> value
    look: Look

    def corners(self, face: int) -> F64:
        """The four corners of one face (world mm), in texture order."""
        n, u, v = (np.array(x, np.float64) for x in _FACES[face])
        rot = _yaw(self.yaw)
        n, u, v = rot @ n, rot @ u, rot @ v
        h = self.side / 2
        c = self.centre + np.array([0, 0, h]) + n * h
        return np.array(
            [c - u * h - v * h, c + u * h - v * h, c + u * h + v * h, c - u * h + v * h]
        )

    def normal(self, face: int) -> F64:
        return np.asarray(_yaw(self.yaw) @ np.array(_FACES[face][0], np.float64))

    def vertices(self) -> F64:
        return np.vstack([self.corners(0), self.corners(1)])


def _yaw(a: float) -> F64:
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]], np.float64)


def _values(rng: Rng, top: int) -> dict[int, int]:
    """A die's face values by face index, opposite faces summing to 7."""
    rest = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(rest))
    b = int(rng.choice([v for v in rest if v not in (a, 7 - a)]))
    return {0: top, 1: 7 - top, 2: a, 3: 7 - a, 4: b, 5: 7 - b}


def _light(rng: Rng) -> tuple[F64, float, float, str]:
    """The light: direction towards it, ambient share, strength, kind."""
    kind = str(rng.choice(["lamp", "daylight", "hard", "dim"], p=(0.35, 0.3, 0.2, 0.15)))
    el = math.radians(rng.uniform(25, 85))
    az = rng.uniform(0, 2 * math.pi)
    d = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    ambient = {"lamp": 0.45, "daylight": 0.65, "hard": 0.3, "dim": 0.5}[kind]
    strength = {"lamp": 1.0, "daylight": 0.95, "hard": 1.15, "dim": 0.45}[kind]
    return d, ambient, strength, kind


def render_scene(
    rng: Rng,
    w: int = 256,
    h: int = 256,
    tilt: float | None = None,
    look: Look | None = None,
    count: int | None = None,
    face_px: float | None = None,
    table_kind: str | None = None,
) -> Scene:
    """One random scene of `w` x `h` pixels (see the module's docstring); the camera's tilt,
    every die's look, the number of dice and the top faces' size in pixels are random unless
    given."""
    from vision.training.tables import clutter_table  # kept apart: the tables are long

    if tilt is None:
        tilt = float(min(60.0, abs(rng.normal(0, 28))))
    if face_px is None:
        face_px = math.exp(rng.uniform(math.log(9), math.log(min(w, h) * 0.36)))
    side = rng.uniform(12, 40)
    cam = camera(rng, w, h, tilt, distance=1.0)
    f = cam.k[0, 0]
    cam = camera(rng, w, h, tilt, distance=f * side / face_px)
    light, ambient, strength, light_kind = _light(rng)
    # the visible table, back-projected from the image corners
    corners = cam.ground(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64))
    if count is None:
        count = int(
            rng.choice(
                [0, 1, 2, 3, 4, 5, 6, 8, 10, 15],
                p=(0.06, 0.14, 0.13, 0.13, 0.12, 0.14, 0.1, 0.08, 0.06, 0.04),
            )
        )
    dice = _place_dice(rng, cam, count, side, look)
    tex_img, lures = clutter_table(rng, cam, corners, side, table_kind)
    img = tex_img.astype(np.float32)
    _shadows(img, cam, dice, light, strength)
    ids = np.zeros((h, w), np.int32)
    order = sorted(range(len(dice)), key=lambda i: -float(cam.depth(dice[i].centre[None])[0]))
    eye = cam.position
    full_area: dict[int, float] = {}
    for i in order:
        _draw_die(img, ids, i + 1, cam, dice[i], light, ambient, strength, light_kind, eye, rng)
        full_area[i] = abs(_area(cam.project(dice[i].corners(0))))
    labels: list[Label] = []
    looks: list[Look] = []
    for i, d in enumerate(dice):
        quad = cam.project(d.corners(0))
        x0, y0 = quad.min(axis=0)
        x1, y1 = quad.max(axis=0)
        seen = float(np.count_nonzero(ids == i + 1)) / max(full_area[i], 1.0)
        c = cam.project(d.corners(0).mean(axis=0, keepdims=True))[0]
        if seen >= 0.6 and 0 <= c[0] < w and 0 <= c[1] < h:
            labels.append(
                Label(float(c[0]), float(c[1]), float((x1 - x0 + y1 - y0) / 2), d.values[0])
            )
            looks.append(d.look)
        for face in range(2, 6):
            facing = float(d.normal(face) @ (eye - d.corners(face).mean(axis=0)))
            q = cam.project(d.corners(face))
            if facing <= 0 or abs(_area(q)) < 0.2 * full_area[i]:
                continue
            m = q.mean(axis=0)
            qx0, qy0 = q.min(axis=0)
            qx1, qy1 = q.max(axis=0)
            if 0 <= m[0] < w and 0 <= m[1] < h:
                size = float(max(qx1 - qx0, qy1 - qy0))
                labels.append(Label(float(m[0]), float(m[1]), size, SIDE_FACE))
    labels.extend(lures)
    return Scene(np.clip(img, 0, 255).astype(np.uint8), labels, tilt, looks)


def _area(q: F64) -> float:
    x, y = q[:, 0], q[:, 1]
    return float(0.5 * (np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))))


def _place_dice(
    rng: Rng, cam: Camera, count: int, side: float, given: Look | None = None
) -> list[_Die]:
    """Dice standing on the table in view: apart, touching in rows, or one on another."""
    w, h = cam.size
    dice: list[_Die] = []
    same_look = given is not None or rng.random() < 0.6
    look = given or random_look(rng)
    tries = 0
    while len(dice) < count and tries < 200:
        tries += 1
        uv = rng.uniform([0.08 * w, 0.08 * h], [0.92 * w, 0.92 * h])[None]
        centre = cam.ground(np.asarray(uv, np.float64))[0]
        s = side * (rng.uniform(0.7, 1.3) if rng.random() < 0.2 else 1.0)
        yaw = rng.uniform(0, 2 * math.pi)
        group = [(centre, yaw)]
        if rng.random() < 0.3 and count - len(dice) >= 2:  # a touching row or corner
            step = s * rng.uniform(1.0, 1.06)
            n = int(rng.integers(2, min(4, count - len(dice)) + 1))
            direction = _yaw(yaw) @ np.array([1.0, 0, 0])
            other = _yaw(yaw) @ np.array([0, 1.0, 0])
            for k in range(1, n):
                where = direction * step * k if rng.random() < 0.7 or k == 1 else other * step
                group.append((centre + where, yaw + rng.normal(0, 0.05)))
        placed: list[_Die] = []
        for c, y in group:
            if any(
                np.linalg.norm(c[:2] - d.centre[:2]) < 0.72 * (s + d.side) for d in dice + placed
            ):
                if len(group) > 1 and placed:
                    # only the group's own neighbours may touch it
                    near = [
                        d
                        for d in dice
                        if np.linalg.norm(c[:2] - d.centre[:2]) < 0.72 * (s + d.side)
                    ]
                    if not near:
                        placed.append(
                            _new_die(rng, c, s, y, look if same_look else random_look(rng))
                        )
                    continue
                break
            placed.append(_new_die(rng, c, s, y, look if same_look else random_look(rng)))
        dice.extend(placed)
    dice = [d for d in dice if _clear_of_lens(cam, d)]
    if dice and rng.random() < 0.08:  # a die lying on another's face
        base = dice[int(rng.integers(len(dice)))]
        top = base.centre + np.array([*rng.normal(0, 0.1 * base.side, 2), base.side])
        stacked = _new_die(rng, top, base.side * 0.95, rng.uniform(0, 2 * math.pi), base.look)
        if _clear_of_lens(cam, stacked):
            dice.append(stacked)
    return dice


def _clear_of_lens(cam: Camera, die: _Die) -> bool:
    """Whether all of a die is in front of the camera by half its side: a close camera seen
    this steeply could put a die's corner at or behind the lens, and project it to nonsense."""
    return float(cam.depth(die.vertices()).min()) >= 0.5 * die.side


def _new_die(rng: Rng, centre: F64, side: float, yaw: float, look: Look) -> _Die:
    return _Die(
        np.asarray(centre, np.float64), side, yaw, _values(rng, int(rng.integers(1, 7))), look
    )


def _shadows(img: F32, cam: Camera, dice: list[_Die], light: F64, strength: float) -> None:
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.float32)
    for d in dice:
        v = d.vertices()
        flat = v - np.outer(v[:, 2], light / max(light[2], 0.2))
        pts = cam.project(flat)
        hull = cv2.convexHull(np.round(pts * 4).astype(np.int32))
        cv2.fillConvexPoly(mask, hull, 1.0, cv2.LINE_AA, 2)
    if not dice:
        return
    size = max(1.0, float(np.median([abs(_area(cam.project(d.corners(0)))) for d in dice])) ** 0.5)
    # a die right under the lens projects huge: its shadow's blur stays within the image
    sigma = min(max(0.8, size * 0.12), max(h, w) / 4)
    mask = np.asarray(cv2.GaussianBlur(mask, (0, 0), sigma), np.float32)
    img *= (1 - 0.45 * min(strength, 1.0) * mask)[..., None]


def _draw_die(
    img: F32,
    ids: npt.NDArray[np.int32],
    die_id: int,
    cam: Camera,
    d: _Die,
    light: F64,
    ambient: float,
    strength: float,
    light_kind: str,
    eye: F64,
    rng: Rng,
) -> None:
    h, w = img.shape[:2]
    look = d.look
    pts = cam.project(d.vertices())
    x0, y0 = np.floor(pts.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 3
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return
    roi = img[y0:y1, x0:x1]
    rw, rh = x1 - x0, y1 - y0
    off = np.array([x0, y0], np.float64)
    # the body's silhouette, its corners rounded
    sil = np.zeros((rh, rw), np.float32)
    hull = cv2.convexHull(np.round((pts - off) * 4).astype(np.int32))
    cv2.fillConvexPoly(sil, hull, 1.0, cv2.LINE_AA, 2)
    face_px = math.sqrt(max(1.0, abs(_area(cam.project(d.corners(0))))))
    if look.roundness > 0.05:
        sil = cv2.GaussianBlur(sil, (0, 0), max(0.5, face_px * look.roundness * 0.25))
        sil = np.clip((sil - 0.5) * 3 + 0.5, 0, 1)
    opacity = look.opacity
    body = np.array(look.body_bgr, np.float32)
    shade_avg = ambient + (1 - ambient) * strength * 0.6
    # under the faces: the body's own colour, darker at the bevels between faces
    under = body * shade_avg * 0.7
    a = sil[..., None] * opacity
    if look.body == "translucent":
        # light passes through: the table behind shows, tinted by the body
        tint = body / 255.0
        roi[:] = roi * (1 - sil[..., None]) + roi * sil[..., None] * (0.35 + 0.65 * tint)
    roi[:] = roi * (1 - a) + under * a
    if look.body == "translucent":
        # the far faces' pips, seen through the body at nearly their own contrast (only the
        # near faces' tint is over them), a little blurred (up to 3% of a face's side, in the
        # face's plane) and tinted by the body they cross; each pip is its own colour to its
        # blurred rim, so no ring of the far face's body shows around it
        seen = float(rng.uniform(0.5, 1.0))
        blur = TEXTURE * float(rng.uniform(0.0, 0.03))
        for face in range(6):
            facing = float(d.normal(face) @ (eye - d.corners(face).mean(axis=0)))
            if facing > 0:
                continue
            tex, cover, pip = face_texture(look, d.values[face], rng)
            inside = pip > 0.9
            ink = tex[inside].mean(axis=0) if inside.any() else np.array(look.pip_bgr)
            if blur * face_px / TEXTURE > 0.3:
                pip = np.asarray(cv2.GaussianBlur(pip, (0, 0), blur), np.float32)
            tinted = np.empty_like(tex)
            tinted[:] = ink * (0.4 + 0.6 * tint)
            _warp_onto(roi, cam.project(d.corners(face)) - off, tinted, pip * seen * cover)
    ids_roi = ids[y0:y1, x0:x1]
    for face in range(6):
        centre = d.corners(face).mean(axis=0)
        facing = float(d.normal(face) @ (eye - centre))
        if facing <= 0:
            continue
        tex, cover, pip = face_texture(look, d.values[face], rng)
        n = d.normal(face)
        lit = ambient + (1 - ambient) * strength * max(0.0, float(n @ light))
        tex = tex * lit
        if light_kind in ("hard", "lamp") or look.body == "metallic":
            # glare: the lamp's reflection where the face's mirror direction meets the eye
            view = (eye - centre) / np.linalg.norm(eye - centre)
            half = (view + light) / np.linalg.norm(view + light)
            spec = max(0.0, float(n @ half)) ** (40 if light_kind == "hard" else 12)
            if spec > 0.05:
                yy, xx = np.mgrid[0:TEXTURE, 0:TEXTURE].astype(np.float32)
                gx, gy = rng.uniform(0.2, 0.8, 2) * TEXTURE
                blob = np.exp(
                    -((xx - gx) ** 2 + (yy - gy) ** 2)
                    / (2 * (TEXTURE * rng.uniform(0.08, 0.3)) ** 2)
                )
                tex = tex + 255 * spec * blob[..., None] * (1.2 if look.body == "metallic" else 0.8)
        alpha = cover * (opacity + (1 - opacity) * pip)
        quad = cam.project(d.corners(face)) - off
        _warp_onto(roi, quad, np.clip(tex, 0, 255), alpha)
        if face == 0:
            m = np.zeros((rh, rw), np.uint8)
            cv2.fillConvexPoly(m, np.round(quad).astype(np.int32), 1)
            ids_roi[m > 0] = die_id
        else:
            m = np.zeros((rh, rw), np.uint8)
            cv2.fillConvexPoly(m, np.round(quad).astype(np.int32), 1)
            ids_roi[(m > 0) & (ids_roi == die_id)] = 0
            ids_roi[(m > 0) & (ids_roi != die_id)] = 0


def _warp_onto(roi: F32, quad: F64, tex: F32, alpha: F32) -> None:
    """Draw a texture with its coverage onto four corners of `roi` in perspective."""
    n = TEXTURE
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad.astype(np.float32))
    size = (roi.shape[1], roi.shape[0])
    colour = cv2.warpPerspective(tex, m, size, flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0))
    a = cv2.warpPerspective(alpha, m, size, flags=cv2.INTER_LINEAR, borderValue=0)[..., None]
    roi[:] = roi * (1 - a) + colour * a
