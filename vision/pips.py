"""Pip candidates: small round blobs much darker (or lighter) than the face around them."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np
import numpy.typing as npt

U8 = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Offsets = tuple[
    npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]
]

# Four pyramid levels with a 15 px window find pips of about 1.5 to 30 px radius.
_LEVELS = 4
_BLOCK = 15
# A blob is darker than 0.78 of its local mean (lighter than 1.3 of it for light pips, and at
# least 40% of the way from the mean to white).
_DARK_RATIO = 0.78
_LIGHT_RATIO = 1.3
_LIGHT_HALF = 0.4
# A pip is at least this many grey levels and this fraction darker than its face: printed pips
# are; paper grain, wood grain and sensor noise are not. Defocus softens pips to about 0.3.
_MIN_DIFF = 40
_MIN_CONTRAST = 0.3
# ... and the step must stand out from the spread of the face around it by this factor.
_SPREAD_FACTOR = 1.5
# A cheap first look: the blob's darkest point against the local mean (which the blob drags
# down, so this is lower than the true step).
_PRE_DIFF = 30
# The steps above hold for frames whose brightest things reach this level; dimmer frames get
# proportionally smaller steps, down to this share.
_BRIGHT = 160.0
_MIN_GAIN = 0.5
# Blob limits at each level, in that level's pixels.
_MAX_AREA = 110
_MAX_BOX = 16
_MAX_ELONG = 3.2
# A filled ellipse covers all of its fitted ellipse; rings, glyphs and scratches cover less.
_MIN_FILL = 0.75
# A blob at least this big (in outer radii) in the middle of a bigger one is the pip of a 1 on
# a face seen as one blob; a glint in the middle of a glossy pip is smaller.
_LONE_IN_FACE = 0.3
# A blob inside another that steps at least this share of the outer one's step is a pip of
# its own (on a face seen as one blob), not grain in a pip.
_STRONG = 0.95
# At most this many blobs per mask are measured, and this many candidates go on to be
# grouped into dice: plenty for a roll, and a bound on time for noise and busy texture.
_MAX_PIPS = 300
_MAX_BLOBS = 500
# A blob's centre x, y, radius, elongation, angle and ellipse fill, in working-image pixels.
Shape = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class Pip:
    """A pip candidate, in working-image pixels.

    `elong` is the ratio of the fitted ellipse's axes and `angle` its orientation (degrees);
    `face` is the grey level of the face around the pip, `spread` the spread of that face,
    `diff` the step from face to pip, `fill` how much of its ellipse the blob fills, and
    `dark` whether the pip is darker than its face.
    """

    x: float
    y: float
    r: float
    elong: float
    angle: float
    contrast: float
    face: float
    spread: float
    dark: bool
    fill: float = 1.0
    diff: float = 0.0

    @property
    def minor(self) -> float:
        """Half the short axis, as the radius of a disc: what foreshortening shrinks."""
        return self.r / math.sqrt(self.elong)


def _blob_mask(level: U8, dark: bool, gain: float, mean: U8 | None = None) -> tuple[U8, U8]:
    """Pixels darker (or lighter) than their surround (`mean`, the local mean, when already
    known), and the size of the step."""
    if mean is None:
        mean = np.asarray(cv2.blur(level, (_BLOCK, _BLOCK)), dtype=np.uint8)
    if dark:
        step = cv2.subtract(mean, level)
        mask = cv2.compare(level, cv2.convertScaleAbs(mean, alpha=_DARK_RATIO), cv2.CMP_LT)
        floor = round(_MIN_DIFF * gain / 2)
    else:
        step = cv2.subtract(level, mean)
        # Well on the way to white: on a dark face the halo of a white pip is well above the
        # face, and would double the pip's size.
        limit = cv2.max(
            cv2.convertScaleAbs(mean, alpha=_LIGHT_RATIO, beta=4),
            cv2.convertScaleAbs(mean, alpha=1.0 - _LIGHT_HALF, beta=255 * _LIGHT_HALF),
        )
        mask = cv2.compare(level, limit, cv2.CMP_GT)
        floor = round(_PRE_DIFF * gain)
    _, above = cv2.threshold(step, floor, 255, cv2.THRESH_BINARY)
    mask = cv2.bitwise_and(mask, above, dst=mask)
    return np.asarray(mask, dtype=np.uint8), np.asarray(step, dtype=np.uint8)


_RINGS: dict[int, Offsets] = {}


def ring_offsets(r10: int) -> Offsets:
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


def _measure(chan: U8, x: Floats, y: Floats, r: Floats, dark: bool) -> tuple[Floats, ...]:
    """Contrast of blobs against the ring of face around each, the face level, its spread and
    the step in grey levels. A blob too small to have a ring of face gets no contrast.

    All blobs are measured at once: their core and ring pixels are gathered into one array,
    tagged by blob, and counted into a 256-level histogram per blob, from whose cumulative
    counts each quantile is read (the same values as sorting each blob's pixels).
    """
    n = len(x)
    if n == 0:
        empty = np.zeros(0)
        return empty, empty, empty, empty
    h, w = chan.shape
    offsets = [ring_offsets(max(8, round(v * 10))) for v in r.tolist()]
    xi, yi = np.rint(x).astype(np.intp), np.rint(y).astype(np.intp)
    # Cores are histograms 0..n-1 and rings n..2n-1: one gather and one count for both.
    parts = [o[0:2] for o in offsets] + [o[2:4] for o in offsets]
    sizes = np.array([len(p[0]) for p in parts], np.intp)
    oy = np.concatenate([p[0] for p in parts]) + np.repeat(np.concatenate((yi, yi)), sizes)
    ox = np.concatenate([p[1] for p in parts]) + np.repeat(np.concatenate((xi, xi)), sizes)
    np.clip(oy, 0, h - 1, out=oy)
    np.clip(ox, 0, w - 1, out=ox)
    pixels = chan.ravel().take(oy * w + ox)
    keys = np.repeat(np.arange(2 * n, dtype=np.intp) << 8, sizes) | pixels
    counts = np.bincount(keys, minlength=2 * n << 8).reshape(2 * n, 256)
    cum = np.cumsum(counts, axis=1)
    core, ring, nc, nr = cum[:n], cum[n:], sizes[:n], sizes[n:]

    def at(cum: npt.NDArray[np.int64], size: Ints, q: float) -> Floats:
        # The value at a position in the sorted pixels: the first level whose cumulative
        # count passes it.
        pos = np.rint(np.maximum(size - 1, 0) * q).astype(np.intp)
        return np.asarray(np.count_nonzero(cum <= pos[:, None], axis=1), dtype=np.float64)

    # Corner pips sit near the die's edge, so only the face-coloured majority of the ring counts.
    if dark:
        face = at(ring, nr, 0.70)
        spread = at(ring, nr, 0.92) - at(ring, nr, 0.45)
        diff = face - at(core, nc, 0.30)
        contrast = diff / np.maximum(face, 1.0)
    else:
        face = at(ring, nr, 0.30)
        spread = at(ring, nr, 0.55) - at(ring, nr, 0.08)
        top = at(core, nc, 0.70)
        diff = top - face
        contrast = diff / np.maximum(top, 1.0)
    unmeasured = (nc == 0) | (nr < 8)
    contrast[unmeasured] = 0.0
    return contrast, face, spread, diff


def find_pips(
    dark_chan: U8,
    light_chan: U8 | None = None,
    also_dark: tuple[U8, U8] | None = None,
) -> list[Pip]:
    """Round blobs darker (or lighter) than a flat ring of face around them, at all scales.

    Dark pips are looked for in `dark_chan`, light ones in `light_chan` (the same as
    `dark_chan` by default). `also_dark` is a second image to look for dark pips in, with a
    mask (of any size: it is scaled to each level) of where it differs from `dark_chan`;
    nowhere else is it searched again.
    """
    if light_chan is None:
        light_chan = dark_chan
    found: list[Pip] = []
    # The grey-level steps are for a well-exposed frame; a dim one has smaller steps throughout,
    # judged by its brightest things (dice faces are among them).
    bright = _percentile(dark_chan[::8, ::8], 97) if dark_chan.size else 255.0
    gain = min(1.0, max(_MIN_GAIN, bright / _BRIGHT))
    # Each search: whether it looks for dark pips, in which image, and where only (None:
    # everywhere). Dark and light pips are often looked for in the same image (nothing
    # coloured in view): its pyramid and local means then serve both.
    searches: list[tuple[bool, U8, U8 | None]] = [(True, dark_chan, None)]
    if also_dark is not None:
        searches.append((True, *also_dark))
    searches.append((False, light_chan, None))
    levels = [chan for _, chan, _ in searches]
    # The blobs of each mask, by search, in the order the masks are made; all blobs of one
    # search are measured at once (on its full-size image, whatever level found them).
    shapes: list[tuple[int, list[Shape]]] = []
    scale = 1.0
    for lv in range(_LEVELS):
        if min(dark_chan.shape) < 2 * _BLOCK * scale:
            break
        means: dict[int, U8] = {}
        for k, (dark, _, where) in enumerate(searches):
            level = levels[k]
            mean = means.get(id(level))
            if mean is None:
                mean = np.asarray(cv2.blur(level, (_BLOCK, _BLOCK)), dtype=np.uint8)
                means[id(level)] = mean
            mask, gap = _blob_mask(level, dark, gain, mean)
            only = None
            if where is not None:
                size = (mask.shape[1], mask.shape[0])
                only = np.asarray(
                    cv2.resize(where, size, interpolation=cv2.INTER_NEAREST), np.uint8
                )
            shapes.append((k, _blobs(mask, gap, lv, scale, gain, dark, only)))
        downs: dict[int, U8] = {}
        for k, level in enumerate(levels):
            if id(level) not in downs:
                downs[id(level)] = np.asarray(cv2.pyrDown(level), dtype=np.uint8)
            levels[k] = downs[id(level)]
        scale *= 2
    measured = [
        iter(_passed(chan, [s for j, part in shapes if j == k for s in part], dark, gain))
        for k, (dark, chan, _) in enumerate(searches)
    ]
    for k, part in shapes:
        found.extend(p for p in itertools.islice(measured[k], len(part)) if p is not None)
    if len(found) > _MAX_PIPS:
        # A frame of noise or busy texture: keep the clearest, so time stays bounded.
        found = sorted(found, key=lambda p: -p.contrast)[:_MAX_PIPS]
    return _suppress(_drop_grain_and_faces(found))


def _percentile(img: U8, q: float) -> float:
    """np.percentile of a grey image (linear interpolation), from its histogram."""
    counts = np.cumsum(np.bincount(img.ravel(), minlength=256))
    pos = (img.size - 1) * q / 100
    lo = math.floor(pos)
    a = int(np.searchsorted(counts, lo, side="right"))
    b = int(np.searchsorted(counts, min(lo + 1, img.size - 1), side="right"))
    return a + (b - a) * (pos - lo)


def _blobs(
    mask: U8, gap: U8, lv: int, scale: float, gain: float, dark: bool, only: U8 | None = None
) -> list[Shape]:
    """The pip-shaped blobs of one mask at one pyramid level (centred where `only` is set,
    when given)."""
    shape: list[Shape] = []
    # Contours are several times faster than labelled components on busy masks; all of them,
    # as a die's pips sit inside the dark outline of its own edge.
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    amin = 3 if lv == 0 else 6
    least = _PRE_DIFF * gain
    shortlist = []
    for cnt in contours:
        # A contour of one or two corners is a lone pixel or a one-pixel line: never a pip.
        if len(cnt) < 3:
            continue
        x, y, w, h = cv2.boundingRect(cnt)
        # Small, and at most about three times as long as wide.
        if w * h < amin or w > _MAX_BOX or h > _MAX_BOX or w > 3 * h + 1 or h > 3 * w + 1:
            continue
        if only is not None and not only[y + h // 2, x + w // 2]:
            continue
        if not dark:
            # The light mask only holds pixels that step above `least` already: every light
            # blob passes the first look, and its peak is only needed to rank a busy mask.
            shortlist.append((0.0, cnt, x, y, w, h))
            continue
        peak = cv2.minMaxLoc(gap[y : y + h, x : x + w])[1]
        if peak >= least:
            shortlist.append((peak, cnt, x, y, w, h))
    if len(shortlist) > _MAX_BLOBS:
        # Noise or busy texture: measure the strongest blobs only, so time stays bounded.
        if not dark:
            shortlist = [
                (float(cv2.minMaxLoc(gap[y : y + h, x : x + w])[1]), cnt, x, y, w, h)
                for _, cnt, x, y, w, h in shortlist
            ]
        shortlist = sorted(shortlist, key=lambda s: -s[0])[:_MAX_BLOBS]
    for _, cnt, x, y, w, h in shortlist:
        box = mask[y : y + h, x : x + w]
        # The blob holds at most the mask's pixels in its box: too few there, and it is too
        # small or too sparse for a pip without drawing it.
        most = cv2.countNonZero(box)
        if most < amin or most < 0.45 * w * h:
            continue
        sub = np.zeros((h, w), np.uint8)
        cv2.drawContours(sub, (cnt,), -1, 1, -1, offset=(-x, -y))
        # A bounding box can take in part of a close neighbour; the drawn blob cannot.
        cv2.bitwise_and(sub, box, dst=sub)
        m = cv2.moments(sub, True)
        a = m["m00"]
        if a < amin or a > _MAX_AREA or a < 0.45 * w * h:
            continue
        mu20, mu02, mu11 = m["mu20"] / a, m["mu02"] / a, m["mu11"] / a
        common = math.sqrt(max(0.0, (mu20 - mu02) ** 2 + 4 * mu11 * mu11))
        l1 = (mu20 + mu02 + common) / 2
        l2 = max((mu20 + mu02 - common) / 2, 1e-3)
        elong = math.sqrt(l1 / l2)
        if elong > _MAX_ELONG:
            continue
        fill = a / (4 * math.pi * math.sqrt(l1 * l2))
        if fill < _MIN_FILL:
            continue
        ang = 0.5 * math.degrees(math.atan2(2 * mu11, mu20 - mu02))
        cx = (x + m["m10"] / a) * scale
        cy = (y + m["m01"] / a) * scale
        r = math.sqrt(a / math.pi) * scale
        shape.append((cx, cy, r, elong, ang, fill))
    return shape


def _passed(chan: U8, shape: list[Shape], dark: bool, gain: float) -> list[Pip | None]:
    """Each blob as a pip when it stands out enough from the face around it, else None."""
    if not shape:
        return []
    geo = np.array(shape).T
    contrast, face, spread, diff = _measure(chan, geo[0], geo[1], geo[2], dark)
    passed = (
        (contrast >= _MIN_CONTRAST) & (diff >= _MIN_DIFF * gain) & (diff >= _SPREAD_FACTOR * spread)
    )
    return [
        Pip(
            *shape[i][:5],
            float(contrast[i]),
            float(face[i]),
            float(spread[i]),
            dark,
            shape[i][5],
            float(diff[i]),
        )
        if ok
        else None
        for i, ok in enumerate(passed.tolist())
    ]


def _drop_grain_and_faces(found: list[Pip]) -> list[Pip]:
    """Drop blobs that are not pips: grain inside a pip, and whole faces seen as one blob.

    Grain inside a big pip is faint, and its own surround is pip-dark. A face seen as one blob
    holds pips of the other polarity (a red die: dark in the darkest channel, white pips) or
    strong pips of its own (a green die on white paper): two or more, or one big one in its
    middle. A glint on a glossy pip is also a small blob of the other polarity, but it is
    alone and small.
    """
    if not found:
        return found
    x = np.array([p.x for p in found])
    y = np.array([p.y for p in found])
    r = np.array([p.r for p in found])
    dark = np.array([p.dark for p in found])
    diff = np.array([p.diff for p in found])
    face = np.array([p.face for p in found])
    half = 0.5 * np.array([p.contrast for p in found]) * face
    d = np.hypot(x[:, None] - x[None, :], y[:, None] - y[None, :])
    other = dark[:, None] != dark[None, :]
    # Row i is the outer blob, column j the blob inside it.
    strong = diff[None, :] >= _STRONG * diff[:, None]
    held = (
        (other | strong)
        & (r[None, :] > 0.08 * r[:, None])
        & (r[None, :] < 0.6 * r[:, None])
        & (d < 1.2 * r[:, None])
    )
    centred = held & (r[None, :] >= _LONE_IN_FACE * r[:, None]) & (d < 0.35 * r[:, None])
    is_face = (held.sum(axis=1) >= 2) | centred.any(axis=1)
    # Row i is the small blob, column j the pip around it.
    around = (
        ~other
        & (r[None, :] >= 2 * r[:, None])
        & (d <= r[None, :])
        & ~(diff[:, None] >= _STRONG * diff[None, :])
    )
    pip_dark = np.where(
        dark[:, None],
        face[:, None] < (face - half)[None, :],
        face[:, None] > (face + half)[None, :],
    )
    is_grain = (around & pip_dark).any(axis=1)
    return [p for p, drop in zip(found, is_face | is_grain, strict=True) if not drop]


def _suppress(pips: list[Pip]) -> list[Pip]:
    """Keep one candidate per blob where several scales found it, the clearest."""
    order = sorted(pips, key=lambda p: -p.contrast * min(1.0, 2.0 / p.elong))
    if not order:
        return order
    x = np.array([p.x for p in order])
    y = np.array([p.y for p in order])
    dark = np.array([p.dark for p in order])
    # Measured along the long axis: a coarse scale can merge two pips into one bar.
    reach = np.array([p.r * math.sqrt(p.elong) for p in order])
    near = np.hypot(x[None, :] - x[:, None], y[None, :] - y[:, None]) <= 0.9 * np.maximum(
        reach[:, None], reach[None, :]
    )
    near &= dark[:, None] == dark[None, :]
    kept = np.zeros(len(order), bool)
    for i in range(len(order)):
        kept[i] = not bool(near[i, :i][kept[:i]].any())
    return [p for p, k in zip(order, kept, strict=True) if k]
