"""Training samples for the dice network, made afresh each time from the photos of the data
list: warped and recoloured crops of the photos, with dice from other photos pasted in
(recoloured one by one: white dice become red, black with white pips, translucent…), drawn
tables with no die at all (hard negatives), and the die crops the reader's second stage reads.

numpy and OpenCV only, so the samples can be looked at and tested without PyTorch.
"""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.net import CROP, CROP_MARGIN, STRIDE, Networks, die_crop

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]
Rng = np.random.Generator

# The die sizes (pixels across, at the network's input) the detector is trained on.
MIN_DIE, MAX_DIE = 7.0, 90.0
NOT_A_DIE = 0
_LUMA = np.array([0.114, 0.587, 0.299], np.float32)  # of B, G, R
# Grey levels between a mark (a pip, a printed sign) and what it is on, for it to show.
_SHOWS = 70


@dataclass(frozen=True)
class Face:
    """One die's top face in a photo: centre, size across (pixels) and value."""

    cx: float
    cy: float
    size: float
    value: int


@dataclass(frozen=True)
class Photo:
    """A training photo and its faces."""

    path: Path
    source: str
    faces: tuple[Face, ...]


def load_photos(data_list: Path, roots: dict[str, Path], sources: set[str]) -> list[Photo]:
    """The photos of the data list from the given sources; `roots` maps a set's name
    (dice-photos, dice-photos-colour) to its folder."""
    faces: dict[tuple[str, str, str], list[Face]] = defaultdict(list)
    with open(data_list, newline="") as f:
        for row in csv.DictReader(f):
            if row["source"] not in sources:
                continue
            key = (row["set"], row["file"], row["source"])
            face = Face(float(row["cx"]), float(row["cy"]), float(row["size"]), int(row["value"]))
            faces[key].append(face)
    return [
        Photo(roots[s] / file, source, tuple(fs)) for (s, file, source), fs in sorted(faces.items())
    ]


@dataclass(frozen=True)
class Patch:
    """A die cut out of a photo: the square around its face, and the face's value and size
    in the patch."""

    img: U8
    size: float
    value: int


def cut_patches(img: U8, faces: tuple[Face, ...]) -> list[Patch]:
    """Every die of a photo cut out with a margin (dice running off the photo are skipped)."""
    out = []
    h, w = img.shape[:2]
    for f in faces:
        half = math.ceil(f.size * 0.75)
        x0, y0 = round(f.cx) - half, round(f.cy) - half
        if x0 < 0 or y0 < 0 or x0 + 2 * half > w or y0 + 2 * half > h:
            continue
        out.append(Patch(img[y0 : y0 + 2 * half, x0 : x0 + 2 * half].copy(), f.size, f.value))
    return out


def _colour(rng: Rng, light: bool | None = None) -> npt.NDArray[np.float32]:
    """A random BGR colour, light or dark as asked."""
    hsv = np.array(
        [[[rng.integers(0, 180), rng.integers(0, 256), rng.integers(0, 256)]]], dtype=np.uint8
    )
    if light is True:
        hsv[0, 0, 2] = rng.integers(170, 256)
        hsv[0, 0, 1] = rng.choice([rng.integers(0, 60), rng.integers(60, 256)])
    elif light is False:
        hsv[0, 0, 2] = rng.integers(0, 110)
    bgr = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0]
    return np.asarray(bgr, np.float32)


def recolour(patch: U8, rng: Rng) -> U8:
    """The die in new colours: its body one colour and its pips another, contrasting (dark
    pips on a light body or light pips on a dark one), sometimes just its hue turned."""
    if rng.random() < 0.15:
        return patch
    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    lo, hi = np.percentile(grey, [5, 95])
    t = np.clip((grey - lo) / max(hi - lo, 1.0), 0, 1)[..., None]
    light_body = rng.random() < 0.6
    while True:  # pips must stand out in brightness, not only in hue
        body = _colour(rng, light=light_body)
        pips = _colour(rng, light=not light_body)
        if rng.random() < 0.3:
            pips = np.full(3, 250 if not light_body else 10, np.float32)
        if abs(float(_LUMA @ body) - float(_LUMA @ pips)) >= _SHOWS:
            break
    out = body * t + pips * (1 - t)
    return np.asarray(np.clip(out, 0, 255), np.uint8)


def _showing_on(body: F32, ink: F32, rng: Rng) -> F32:
    """`ink`, or, where it would not show on `body`, another colour that does (20 tries)."""
    for _ in range(20):
        if abs(float((ink - body) @ _LUMA)) >= _SHOWS:
            break
        ink = _colour(rng)
    return ink


def _face_mask(n: int, size: float, rng: Rng) -> F32:
    """A soft rounded square over a patch's die (n x n), slightly bigger than its face."""
    mask = np.zeros((n, n), np.float32)
    side = size * rng.uniform(1.05, 1.25)
    c = n / 2
    r = side / 2
    rad = max(1, int(side * rng.uniform(0.1, 0.3)))
    x0, y0, x1, y1 = int(c - r), int(c - r), int(c + r), int(c + r)
    cv2.rectangle(mask, (x0 + rad, y0), (x1 - rad, y1), 1.0, -1)
    cv2.rectangle(mask, (x0, y0 + rad), (x1, y1 - rad), 1.0, -1)
    for cx, cy in ((x0 + rad, y0 + rad), (x1 - rad, y0 + rad), (x0 + rad, y1 - rad)):
        cv2.circle(mask, (cx, cy), rad, 1.0, -1)
    cv2.circle(mask, (x1 - rad, y1 - rad), rad, 1.0, -1)
    return np.asarray(cv2.GaussianBlur(mask, (0, 0), max(0.6, size * 0.03)), np.float32)


def table(rng: Rng, h: int, w: int, labels: bool = False) -> U8:
    """A drawn table with no die: felt, cloth, wood grain, paper, a printed pattern or stray
    shapes (or, with `labels`, labels with printed marks), under uneven light."""
    base = _colour(rng)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    kind = rng.integers(0, 6 if labels else 5)
    for sigma, amp in ((1.0, 14), (4.0, 18), (16.0, 30), (48.0, 30)):
        img += (_noise(rng, h, w, sigma) * amp * rng.uniform(0, 1))[..., None] * rng.uniform(
            0.5, 1.2, 3
        )
    if kind == 1:  # wood grain
        other = _colour(rng)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        wobble = _noise(rng, h, w, 20.0) * 15
        ang = rng.uniform(0, math.pi)
        stripes = 0.5 + 0.5 * np.sin(
            (xx * math.cos(ang) + yy * math.sin(ang) + wobble) * rng.uniform(0.05, 0.3)
        )
        img = img * stripes[..., None] + other * (1 - stripes[..., None]) * 0.6 + img * 0.0
    elif kind == 2:  # printed dots, stars, letters: pips that are no dice
        other = _colour(rng)
        step = int(rng.integers(6, 40))
        radius = max(1, int(step * rng.uniform(0.1, 0.3)))
        jitter = rng.random() < 0.5
        for y in range(0, h, step):
            for x in range(0, w, step):
                dx, dy = rng.integers(-step // 3, step // 3 + 1, 2) if jitter else (0, 0)
                cv2.circle(img, (x + int(dx), y + int(dy)), radius, other.tolist(), -1)
    elif kind == 3:  # stray shapes: tokens, sugar cubes, pencils
        for _ in range(int(rng.integers(3, 25))):
            colour = _colour(rng).tolist()
            x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
            s = int(rng.integers(4, 60))
            if rng.random() < 0.5:
                cv2.rectangle(img, (x, y), (x + s, y + s), colour, -1)
            else:
                cv2.ellipse(img, (x, y), (s, int(s * rng.uniform(0.2, 1))), 0, 0, 360, colour, -1)
    elif kind == 5:  # labels, stickers and keys with printed marks
        canvas = np.clip(img, 0, 255).astype(np.uint8)
        for _ in range(int(rng.integers(2, 10))):
            where = rng.uniform(0, w), rng.uniform(0, h)
            printed_label(rng, canvas, *where, rng.uniform(MIN_DIE, min(h, w) / 2))
        img = canvas.astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = 1 + rng.uniform(-0.35, 0.35) * ((xx / w - 0.5) * rng.normal() + (yy / h - 0.5))
    return np.asarray(np.clip(img * light[..., None], 0, 255), np.uint8)


# Marks printed on labels, stickers and keys: letters and signs with no round dot in them.
_GLYPHS = "ABEFHKLMNRTVWXYZ234579#&+"
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_PLAIN)


def printed_label(rng: Rng, img: U8, cx: float, cy: float, size: float) -> None:
    """Draw, in place, a die-sized thing with a printed mark that is no pip: a cable tag, a
    sticker, a price label, a key (light or any colour, square or long) with a dark letter,
    sign, bar or icon on it. Real tables hold these, and both networks once took them for 1s."""
    light = rng.random() < 0.7
    body = _colour(rng, light=True if light else None)
    ink = _showing_on(body, _colour(rng, light=False) if light else _colour(rng), rng)
    w = size * rng.uniform(0.8, 1.2)
    h = w * (1.0 if rng.random() < 0.4 else rng.uniform(1.2, 2.5))
    box = ((cx, cy), (w, h), rng.uniform(0, 180))
    corners = np.round(cv2.boxPoints(box)).astype(np.int32)
    cv2.fillConvexPoly(img, corners, body.tolist(), cv2.LINE_AA)
    angle = math.radians(box[2])
    for _ in range(int(rng.integers(1, 4))):
        # a mark somewhere on the label, a third of its width or so
        ox, oy = rng.uniform(-0.25, 0.25) * w, rng.uniform(-0.3, 0.3) * h
        mx = cx + ox * math.cos(angle) - oy * math.sin(angle)
        my = cy + ox * math.sin(angle) + oy * math.cos(angle)
        m = max(2.0, w * rng.uniform(0.2, 0.45))
        kind = rng.integers(0, 3)
        if kind == 0:  # a letter or sign
            glyph = _GLYPHS[int(rng.integers(len(_GLYPHS)))]
            font = _FONTS[int(rng.integers(len(_FONTS)))]
            scale = m / 22.0
            thick = max(1, round(m / 8))
            (tw, th), _ = cv2.getTextSize(glyph, font, scale, thick)
            org = (round(mx - tw / 2), round(my + th / 2))
            cv2.putText(img, glyph, org, font, scale, ink.tolist(), thick, cv2.LINE_AA)
        elif kind == 1:  # a bar or a block (an SD card's outline, a barcode's stripe)
            bar = ((mx, my), (m, m * rng.uniform(0.15, 0.6)), box[2] + rng.uniform(-10, 10))
            pts = np.round(cv2.boxPoints(bar)).astype(np.int32)
            cv2.fillConvexPoly(img, pts, ink.tolist(), cv2.LINE_AA)
        else:  # an icon: a triangle or an arrow head
            tri = np.array(
                [[mx - m / 2, my + m / 2], [mx + m / 2, my + m / 2], [mx, my - m / 2]], np.float32
            )
            cv2.fillConvexPoly(img, np.round(tri).astype(np.int32), ink.tolist(), cv2.LINE_AA)


def _noise(rng: Rng, h: int, w: int, sigma: float) -> F32:
    """Smooth noise of unit spread whose blobs are about sigma pixels wide."""
    step = max(1.0, sigma / 2)
    sh, sw = max(2, int(h / step) + 1), max(2, int(w / step) + 1)
    small = rng.standard_normal((sh, sw), dtype=np.float32)
    small = np.asarray(cv2.GaussianBlur(small, (0, 0), min(2.0, sigma)), np.float32)
    noise = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.asarray(noise / (noise.std() + 1e-6), np.float32)


@dataclass(frozen=True)
class Sample:
    """One training image and its dice: centres, sizes and values at the network's input."""

    img: U8
    faces: tuple[Face, ...]


class Sampler:
    """Makes training samples from a set of photos (read once)."""

    def __init__(self, photos: list[Photo], label_share: float = 0.0) -> None:
        """`label_share`: the share of "not a die" crops that are printed labels (their
        drawn tables hold labels too when it is above 0), and of the dice that are a 1 drawn
        as one big round pip."""
        self.photos = photos
        self.label_share = label_share
        self.images: list[U8] = []
        self.patches: list[Patch] = []
        # Each source is drawn in proportion to the square root of its photos, so a big source
        # (459 photos of one grey camera) does not crowd out the others.
        count: dict[str, int] = defaultdict(int)
        for photo in photos:
            count[photo.source] += 1
        weight = [1 / math.sqrt(count[photo.source]) for photo in photos]
        patch_weight: list[float] = []
        for photo, w in zip(photos, weight, strict=True):
            read = cv2.imread(str(photo.path))
            if read is None:
                raise FileNotFoundError(photo.path)
            img = np.asarray(read, np.uint8)
            self.images.append(img)
            cut = cut_patches(img, photo.faces)
            self.patches.extend(cut)
            patch_weight.extend([w / max(1, len(cut))] * len(cut))
        self._photo_p = np.asarray(weight) / max(sum(weight), 1e-9)
        self._patch_p = np.asarray(patch_weight) / max(sum(patch_weight), 1e-9)
        self._tables: list[U8] = []
        self.lures: list[tuple[int, float, float, float]] = []

    def add_lures(self, networks: Networks) -> None:
        """Keep the places a trained detector takes for dice where no die is (keys of a
        keyboard, round marks, a die's side) as "not a die" crops for the die reader."""
        for k, (img, photo) in enumerate(zip(self.images, self.photos, strict=True)):
            for cx, cy, size, _, _ in networks.candidates(img):
                if all(math.hypot(cx - f.cx, cy - f.cy) > 0.6 * f.size for f in photo.faces):
                    self.lures.append((k, cx, cy, size))

    def scene(self, rng: Rng, side: int) -> Sample:
        """A side x side training image: a warped photo or a drawn table, with dice pasted in."""
        die = math.exp(rng.uniform(math.log(MIN_DIE + 3), math.log(MAX_DIE)))
        roll = rng.random()
        if roll < 0.7:
            img, faces = self._warped_photo(rng, side, die)
            paste = rng.random() < 0.5
        else:
            img, faces = table(rng, side, side, self.label_share > 0), []
            paste = roll < 0.92  # else a table with no die
        if paste and self.patches:
            img, faces = self._paste(rng, img, faces, die, int(rng.integers(1, 16)))
        img = _photometric(rng, img, die)
        return Sample(img, tuple(faces))

    def _warped_photo(self, rng: Rng, side: int, die: float) -> tuple[U8, list[Face]]:
        i = int(rng.choice(len(self.photos), p=self._photo_p))
        src, faces = self.images[i], self.photos[i].faces
        scale = die / float(np.median([f.size for f in faces]))
        if rng.random() < 0.7:
            anchor = faces[int(rng.integers(len(faces)))]
            cx = anchor.cx + rng.uniform(-0.4, 0.4) * side / scale
            cy = anchor.cy + rng.uniform(-0.4, 0.4) * side / scale
        else:
            cx, cy = rng.uniform(0, src.shape[1]), rng.uniform(0, src.shape[0])
        angle = rng.uniform(0, 360) if rng.random() < 0.6 else float(rng.integers(0, 4) * 90)
        m: npt.NDArray[np.float64] = np.asarray(
            cv2.getRotationMatrix2D((cx, cy), angle, scale), np.float64
        )
        m[:, 2] += np.array([side / 2 - cx, side / 2 - cy])
        if rng.random() < 0.5:
            m[0] = -m[0]
            m[0, 2] += side
        border = cv2.BORDER_REFLECT101 if rng.random() < 0.7 else cv2.BORDER_CONSTANT
        interp = cv2.INTER_AREA if scale < 0.7 else cv2.INTER_LINEAR
        img = np.asarray(
            cv2.warpAffine(src, m, (side, side), flags=interp, borderMode=border), np.uint8
        )
        if border == cv2.BORDER_REFLECT101:
            # the mirrored copies of dice beyond the photo are unlabelled: hide them
            img = _cover_outside(rng, img, m, src.shape[1], src.shape[0])
        out = []
        for f in faces:
            x, y = m @ np.array([f.cx, f.cy, 1.0])
            if 0 <= x < side and 0 <= y < side:
                out.append(Face(float(x), float(y), f.size * scale, f.value))
        return np.asarray(img, np.uint8), out

    def _paste(
        self, rng: Rng, img: U8, faces: list[Face], die: float, count: int
    ) -> tuple[U8, list[Face]]:
        out = img.astype(np.float32)
        side = img.shape[0]
        faces = list(faces)
        for _ in range(count):
            p = self.patches[int(rng.choice(len(self.patches), p=self._patch_p))]
            size = die * rng.uniform(0.8, 1.25)
            scale = size / p.size
            n = round(p.img.shape[0] * scale)
            if n < 4 or n >= side:
                continue
            x, y = rng.uniform(size / 2, side - size / 2, 2)
            if any(math.hypot(x - f.cx, y - f.cy) < 0.5 * (size + f.size) * 1.02 for f in faces):
                continue
            patch = recolour(p.img, rng)
            angle = rng.uniform(0, 360)
            m = cv2.getRotationMatrix2D((p.img.shape[1] / 2, p.img.shape[0] / 2), angle, scale)
            m[:, 2] += (n / 2 - p.img.shape[1] / 2, n / 2 - p.img.shape[0] / 2)
            patch = np.asarray(
                cv2.warpAffine(patch, m, (n, n), borderMode=cv2.BORDER_REPLICATE), np.uint8
            )
            mask = _face_mask(n, size, rng)
            x0, y0 = round(x - n / 2), round(y - n / 2)
            sx0, sy0 = max(0, -x0), max(0, -y0)
            sx1, sy1 = min(n, side - x0), min(n, side - y0)
            if sx1 <= sx0 or sy1 <= sy0:
                continue
            region = out[y0 + sy0 : y0 + sy1, x0 + sx0 : x0 + sx1]
            a = mask[sy0:sy1, sx0:sx1, None]
            if rng.random() < 0.15:  # translucent: the table shows through
                a = a * rng.uniform(0.6, 0.85)
            # a soft shadow beside the die
            region *= 1 - 0.25 * a * (rng.random() < 0.5)
            region[:] = region * (1 - a) + patch[sy0:sy1, sx0:sx1].astype(np.float32) * a
            faces.append(Face(float(x), float(y), size, p.value))
        return np.clip(out, 0, 255).astype(np.uint8), faces

    def crops(self, rng: Rng, count: int) -> tuple[U8, npt.NDArray[np.int64]]:
        """Crops for the die reader, cut from the photos directly (fast): dice (label = value)
        with their boxes a little off, turned, recoloured, sometimes moved onto a drawn table;
        and things that are not a die (label 0): the table anywhere at a die's size, a die's
        side or the gap between two dice, a drawn table, a printed label (`label_share`)."""
        if not self._tables:
            self._tables = [table(rng, 128, 128, self.label_share > 0) for _ in range(40)]
        xs = np.empty((count, CROP, CROP, 3), np.uint8)
        ys = np.zeros(count, np.int64)
        i = 0
        while i < count:
            k = int(rng.choice(len(self.photos), p=self._photo_p))
            img, faces = self.images[k], self.photos[k].faces
            where = _crop_place(rng, img, faces)
            if where is None:
                continue
            cx, cy, size, label = where
            if label == NOT_A_DIE and self.lures and rng.random() < 0.3:
                k, cx, cy, size = self.lures[int(rng.integers(len(self.lures)))]
                img = self.images[k]
                cx += rng.normal(0, 0.05) * size
                cy += rng.normal(0, 0.05) * size
                size *= math.exp(rng.normal(0, 0.1))
            odd = rng.random() if label == NOT_A_DIE else 1.0
            if odd < 0.15:
                t = self._tables[int(rng.integers(len(self._tables)))]
                c = rng.uniform(16, 112, 2)
                crop = die_crop(t, c[0], c[1], rng.uniform(8, 60), rng.uniform(0, 360))
            elif odd < 0.15 + self.label_share:
                crop = _label_crop(rng, self._tables[int(rng.integers(len(self._tables)))])
            else:
                crop = die_crop(img, cx, cy, size, rng.uniform(0, 360))
            if rng.random() < 0.6:
                crop = recolour(crop, rng)
            if label != NOT_A_DIE and self.label_share and rng.random() < self.label_share:
                back = self._tables[int(rng.integers(len(self._tables)))]
                crop, label = _big_one_crop(rng, back), 1
            if label != NOT_A_DIE and rng.random() < 0.25:
                t = self._tables[int(rng.integers(len(self._tables)))]
                c = rng.uniform(16, 112, 2)
                back = die_crop(t, c[0], c[1], rng.uniform(20, 100))
                mask = _face_mask(CROP, CROP / CROP_MARGIN, rng)[..., None]
                crop = (crop * mask + back * (1 - mask)).astype(np.uint8)
            xs[i] = _photometric(rng, crop, CROP / CROP_MARGIN)
            ys[i] = label
            i += 1
        return xs, ys


def _label_crop(rng: Rng, back: U8) -> U8:
    """A die reader's crop of a printed label on a table, where a die's face would be."""
    img = back.copy()
    side = rng.uniform(30, 80)
    printed_label(rng, img, 64, 64, side)
    return die_crop(img, 64, 64, side * rng.uniform(0.8, 1.3))


def _big_one_crop(rng: Rng, back: U8) -> U8:
    """A die reader's crop of a die showing a 1 drawn as one big round pip of any colour (the
    red 1 of many dice), so printed labels teach a mark's shape, not that one mark is no die."""
    img = back.copy()
    side = rng.uniform(30, 80)
    body = _colour(rng, light=True if rng.random() < 0.7 else None)
    ink = _showing_on(body, _colour(rng), rng)
    box = ((64.0, 64.0), (side, side), rng.uniform(0, 90))
    cv2.fillConvexPoly(
        img, np.round(cv2.boxPoints(box)).astype(np.int32), body.tolist(), cv2.LINE_AA
    )
    centre = (round(64 + rng.normal(0, 0.03) * side), round(64 + rng.normal(0, 0.03) * side))
    cv2.circle(img, centre, round(side * rng.uniform(0.1, 0.3)), ink.tolist(), -1, cv2.LINE_AA)
    return die_crop(img, 64, 64, side * rng.uniform(0.9, 1.15))


def _crop_place(
    rng: Rng, img: U8, faces: tuple[Face, ...]
) -> tuple[float, float, float, int] | None:
    """Where to cut one crop of a photo: a die (its value) with its box a little off, or
    something that is not a die (0): the table, a die's side, the gap between two dice."""
    if rng.random() < 0.6:
        f = faces[int(rng.integers(len(faces)))]
        cx = f.cx + rng.normal(0, 0.06) * f.size
        cy = f.cy + rng.normal(0, 0.06) * f.size
        return cx, cy, f.size * math.exp(rng.normal(0, 0.1)), f.value
    typical = float(np.median([f.size for f in faces]))
    if rng.random() < 0.4:
        f = faces[int(rng.integers(len(faces)))]
        size = f.size * rng.uniform(0.7, 1.4)
        ang = rng.uniform(0, 2 * math.pi)
        off = f.size * rng.uniform(0.45, 1.0)
        cx, cy = f.cx + off * math.cos(ang), f.cy + off * math.sin(ang)
    else:
        size = typical * math.exp(rng.normal(0, 0.35))
        cx, cy = rng.uniform(0, img.shape[1]), rng.uniform(0, img.shape[0])
    if any(math.hypot(cx - f.cx, cy - f.cy) < 0.35 * f.size for f in faces):
        return None
    return cx, cy, size, NOT_A_DIE


def _cover_outside(rng: Rng, img: U8, m: npt.NDArray[np.float64], w: int, h: int) -> U8:
    """The warped image with what lay beyond the photo blurred to a smear."""
    inside = cv2.warpAffine(
        np.full((h, w), 255, np.uint8), m, img.shape[1::-1], flags=cv2.INTER_NEAREST
    )
    if inside.min() == 255:
        return img
    smear = cv2.blur(img, (31, 31))
    keep = (inside > 0)[..., None]
    return np.where(keep, img, smear).astype(np.uint8)


def _photometric(rng: Rng, img: U8, die: float) -> U8:
    """Light, colour, focus, noise and compression as cameras vary them."""
    f = img.astype(np.float32)
    if rng.random() < 0.3:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        f = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    f = (f * rng.uniform(0.75, 1.25, 3) * rng.uniform(0.5, 1.3) + rng.uniform(-30, 30)).astype(
        np.float32
    )
    if rng.random() < 0.15:
        f = np.repeat(f.mean(axis=2, keepdims=True), 3, axis=2)
    if rng.random() < 0.3:
        gamma = rng.uniform(0.6, 1.6)
        f = (255 * (np.clip(f, 0, 255) / 255) ** gamma).astype(np.float32)
    if rng.random() < 0.3:
        sigma = rng.uniform(0.3, 1.0) * max(0.5, die / 40)
        f = np.asarray(cv2.GaussianBlur(f, (0, 0), sigma), np.float32)
    if rng.random() < 0.4:
        f = (f + rng.normal(0, rng.uniform(2, 10), f.shape)).astype(np.float32)
    out = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 92))])
        if ok:
            out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8)
    return np.asarray(out, np.uint8)


def targets(faces: tuple[Face, ...], side: int) -> tuple[F32, F32, npt.NDArray[np.int64], F32]:
    """The detector's targets at stride 4: the centre heatmap (Gaussian bumps), the log size,
    the value (0..5, -1 where none) and where size and value are trained (the centres)."""
    n = side // STRIDE
    heat = np.zeros((n, n), np.float32)
    size = np.zeros((n, n), np.float32)
    value = np.full((n, n), -1, np.int64)
    where = np.zeros((n, n), np.float32)
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32)
    for f in sorted(faces, key=lambda f: -f.size):
        x, y = f.cx / STRIDE - 0.5, f.cy / STRIDE - 0.5
        sigma = max(0.6, f.size / STRIDE / 6)
        bump = np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * sigma**2))
        heat = np.maximum(heat, bump)
        ix, iy = round(x), round(y)
        r = 1 if f.size / STRIDE > 4 else 0
        y0, y1, x0, x1 = max(0, iy - r), min(n, iy + r + 1), max(0, ix - r), min(n, ix + r + 1)
        if y1 > y0 and x1 > x0:
            size[y0:y1, x0:x1] = math.log(f.size)
            value[y0:y1, x0:x1] = f.value - 1
            where[y0:y1, x0:x1] = 1.0
        if 0 <= iy < n and 0 <= ix < n:
            heat[iy, ix] = 1.0
    return heat, size, value, where
