"""The dice reader: `read_dice` finds every die's top face and reads its value with the
learned networks (`vision.net`), and says why a frame may read badly (`vision.quality`).

`read_classic` is the hand-built reader it replaced, kept to label training photos
(`vision.training.labels`): pip candidates on a pyramid (`vision.pips`), die faces grown from
them by flood fill (`vision.bodies`), the top face picked among a die's visible faces
(`vision.faces`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np
import numpy.typing as npt

from vision.blobs import with_blob_dice
from vision.bodies import Die, find_dice
from vision.fusion import DEFAULT_FUSION, FusionPolicy
from vision.net import Face, Networks, ReaderColumn, networks
from vision.pips import find_pips
from vision.quality import blurred, too_dark, too_small
from vision.types import DieReading, Reading, ReadingFlag

U8 = npt.NDArray[np.uint8]

# Frames wider than this are read at this width: pips stay a few pixels wide, time stays flat.
# Down to half size they are shrunk by linear interpolation (five times faster than by area at
# 1280 to 960, and pips several pixels wide lose nothing); further by area, as a linear shrink
# of a big noisy frame would keep its noise.
_MAX_SIDE = 960
# How the networks and the pip counter are weighed together: `vision.fusion.FusionPolicy`.
# Two dice touch when their centres are closer than this share of their mean size.
_TOUCHING = 1.15
# Share of a face's box blown out to white that earns the "glare" flag.
_GLARE_SHARE = 0.05
# Colour (brightest minus darkest channel) of the surroundings from which a face counts as
# coloured, fully so this much above it, judged by a median over this many quarter pixels.
_SAT_FROM = 60.0
_SAT_SPAN = 60.0
_SAT_MEDIAN = 5
_GROW = np.ones((3, 3), np.uint8)
# A big pip's radius, in quarter pixels.
_PIP_REACH = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
_SAT_WEIGHT = np.clip((np.arange(256) - _SAT_FROM) / _SAT_SPAN * 255, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class Working:
    """A frame made ready for the reader: the image itself (shrunk if big), its scale to the
    frame, and the grey images pips are looked for in."""

    img: U8
    scale: float
    tone: U8
    """Dark pips: the darkest channel, halfway to the brightest on coloured faces."""
    darkest: U8
    """Light pips: the darkest channel."""
    bright: tuple[U8, U8] | None
    """Dark pips again, on coloured faces in their brightest channel, and a mask of where those
    are (None: nothing coloured)."""


def _checked(frame: object) -> U8:
    """The frame as a contiguous HxWx3 uint8 array, or ValueError."""
    if (
        not isinstance(frame, np.ndarray)
        or frame.ndim != 3
        or frame.shape[2] != 3
        or frame.dtype != np.uint8
    ):
        raise ValueError("read_dice expects an HxWx3 uint8 BGR frame")
    return np.ascontiguousarray(frame)


def _prepare(frame: U8) -> Working:
    """The working image of a checked, non-empty frame and the grey images its pips are
    looked for in."""
    frame, scale = _shrunk(frame)
    tone, lo, bright = _tones(frame)
    return Working(frame, scale, tone, lo, bright)


def _shrunk(frame: U8) -> tuple[U8, float]:
    """The frame shrunk to _MAX_SIDE at most (see `_MAX_SIDE`), and its scale to the frame."""
    h, w = frame.shape[:2]
    if max(h, w) <= _MAX_SIDE:
        return frame, 1.0
    scale = _MAX_SIDE / max(h, w)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    method = cv2.INTER_LINEAR if scale > 0.5 else cv2.INTER_AREA
    return np.asarray(cv2.resize(frame, size, interpolation=method), dtype=np.uint8), scale


def _tones(img: U8) -> tuple[U8, U8, tuple[U8, U8] | None]:
    """The grey images pips are looked for in (see `Working`).

    On white and ivory faces dark pips are looked for in the darkest channel, where black,
    blue and red pips are all dark. A coloured face's darkest channel is dark too, so where
    the surroundings are strongly coloured the tone moves halfway to the brightest channel:
    black pips show on a yellow, green or red die, and a red or blue pip big enough to colour
    its own surroundings (the 1 of a big white die) still shows on white. On white paper a
    coloured face is then a big dark blob, so on coloured frames dark pips are also looked for
    with coloured faces in their brightest channel, where a yellow, green or red die is about
    as light as the paper and its black pips stand out as on a white die.
    """
    b, g, r = cv2.split(img)
    lo = np.asarray(cv2.min(cv2.min(b, g), r), dtype=np.uint8)
    hi = cv2.max(cv2.max(b, g), r)
    sat = cv2.subtract(hi, lo)
    h, w = sat.shape
    # Where the surroundings are coloured: the median at quarter size (a face's colour without
    # its pips), grown a little so a face's shaded rim counts with the face.
    small = cv2.resize(sat, (max(1, w // 4), max(1, h // 4)), interpolation=cv2.INTER_AREA)
    region = cv2.dilate(cv2.LUT(cv2.medianBlur(small, _SAT_MEDIAN), _SAT_WEIGHT), _GROW)
    if cv2.countNonZero(region) == 0:
        # Nothing strongly coloured anywhere (white dice on a grey or brown table): the tone is
        # the darkest channel itself.
        return lo, lo, None
    # Beyond the coloured surroundings (grown by a big pip, so a pip on their edge is whole)
    # the brightest-channel image is the tone itself, and is not searched again.
    coloured = cv2.dilate(cv2.threshold(region, 0, 255, cv2.THRESH_BINARY)[1], _PIP_REACH)
    region = cv2.resize(region, (w, h), interpolation=cv2.INTER_LINEAR)
    # ... and the pixel itself is coloured: a black pip on a coloured face stays dark.
    weight = cv2.multiply(cv2.LUT(sat, _SAT_WEIGHT), region, scale=1 / 255)
    tone = cv2.add(lo, cv2.multiply(sat, weight, scale=0.5 / 255))
    bright = cv2.add(lo, cv2.multiply(sat, weight, scale=1 / 255))
    searched = (np.asarray(bright, dtype=np.uint8), np.asarray(coloured, dtype=np.uint8))
    return np.asarray(tone, dtype=np.uint8), lo, searched


def read_dice(
    frame_bgr: U8,
    *,
    check_focus: bool = False,
    pip_counter: bool = True,
    policy: FusionPolicy = DEFAULT_FUSION,
) -> Reading:
    """Read the top-face value of every die in a BGR frame.

    Two readers look: the networks (`vision.net`), which find dice of every colour and size,
    and, unless the networks are sure of every face, the hand-built pip counter, very sure
    on white and light dice. A die both find takes
    the networks' value when they are fairly sure of it, else the pip count; a die only the
    networks find is kept when they are sure it is one (or fairly sure, and the pip counter's
    colour blobs see a die there); a die only the pip counter finds is kept unless the die
    reader, looking there, sees no die.

    The flags also say when the frame is too dark or the dice read too small to trust, and,
    with `check_focus` (a few milliseconds more: the camera asks for it), when it is blurred.
    `pip_counter=False` reads with the networks alone (to measure what the counter adds);
    `policy` holds the thresholds that weigh the two readers (`vision.fusion`).
    """
    frame = _checked(frame_bgr)
    if frame.size == 0:
        return Reading(dice=(), flags=frozenset())  # an empty frame shows no die
    nets = networks()
    faces = nets.faces(frame, floor=policy.net_floor)
    touching = False
    if _sure_of_all(faces, policy) or not pip_counter:
        # The pip counter would change nothing here: skip its 12..40 ms.
        read = [_net_reading(f) for f in faces if f.is_die >= policy.net_alone]
        scale, darkest = _darkest(frame)
    else:
        work = _prepare(frame)
        pips = find_pips(work.tone, work.darkest, work.bright)
        counted = find_dice(work.img, pips)

        def blob_dice(over: list[Face]) -> list[DieReading]:
            fills = {id(d) for d in counted}
            near = [(f.cx * work.scale, f.cy * work.scale) for f in over]
            both = with_blob_dice(work.img, pips, counted, near)
            return [_reading(d, work.scale) for d in both if id(d) not in fills]

        read = _merge(
            frame, nets, [_reading(d, work.scale) for d in counted], faces, policy, blob_dice
        )
        scale, darkest = work.scale, work.darkest
        touching = any(d.touching for d in counted)
    h, w = frame.shape[:2]
    flags = set()
    if any(_cut(d, w, h) for d in read):
        flags.add(ReadingFlag.CUT_BY_EDGE)
    if touching or any(_touch(a, b) for i, a in enumerate(read) for b in read[i + 1 :]):
        flags.add(ReadingFlag.TOUCHING)
    if any(_glare_at(darkest, d, scale) for d in read):
        flags.add(ReadingFlag.GLARE)
    if too_dark(darkest):
        flags.add(ReadingFlag.TOO_DARK)
    if too_small([max(d.size) for d in read]):
        flags.add(ReadingFlag.TOO_SMALL)
    if check_focus and blurred(darkest):
        flags.add(ReadingFlag.BLURRED)
    return Reading(dice=tuple(read), flags=frozenset(flags))


def _sure_of_all(faces: list[Face], policy: FusionPolicy) -> bool:
    """Whether the networks are sure of every face they found (down to `net_floor`): each is
    a die, and its value."""
    sure = policy.net_sure
    return bool(faces) and all(f.is_die >= sure and f.sure >= sure for f in faces)


def _darkest(frame: U8) -> tuple[float, U8]:
    """The scale to the working image and its darkest channel (what the brightness, focus
    and glare checks look at), without the pip counter's other images."""
    frame, scale = _shrunk(frame)
    b, g, r = cv2.split(frame)
    return scale, np.asarray(cv2.min(cv2.min(b, g), r), dtype=np.uint8)


def _merge(
    frame: U8,
    nets: Networks,
    counted: list[DieReading],
    faces: list[Face],
    policy: FusionPolicy,
    blob_dice: Callable[[list[Face]], list[DieReading]],
) -> list[DieReading]:
    """The dice of both readers, each die once (see `read_dice`). `blob_dice` gives the dice
    the pip counter's colour blobs find away from its fills, over the faces given: it is asked
    only when a face the networks doubt is left without a counted die."""
    out: list[DieReading] = []
    unmatched = list(faces)
    alone: list[DieReading] = []
    for die in counted:
        reach = 0.5 * max(die.size)
        near = [
            f
            for f in unmatched
            if math.hypot(f.cx - die.center[0], f.cy - die.center[1]) < max(reach, f.size / 2)
        ]
        if not near:
            alone.append(die)
            continue
        # The surest face within reach, not the nearest: a side face beside the top one is
        # then taken up by the counted die rather than left to pass for a die of its own
        # (test_side_face_as_light_as_the_top).
        face = near[0]
        unmatched.remove(face)
        if face.value != die.value and face.sure >= policy.net_overrules:
            die = replace(die, value=face.value, confidence=face.confidence)
        out.append(die)
    # A die only the pip counter found stays where something die-shaped is: not inside a face
    # the networks see (touching dice the counter broke into pips), and not where the die
    # reader sees no die unless its face stands out from the table.
    alone = [d for d in alone if not _part_of_face(d, faces, policy)]
    probs = nets.read(frame, [(d.center[0], d.center[1], max(d.size)) for d in alone])
    not_a_die = probs[:, ReaderColumn.NOT_A_DIE]
    out.extend(
        d
        for d, no in zip(alone, not_a_die, strict=True)
        if no < policy.doubted or (no < policy.not_a_die and _stands_out(frame, d, policy))
    )
    # A face only the networks found is kept when they are sure of it, unless it is a 1 far
    # smaller than the dice they are sure of: a pip of a die seen close up.
    pips = _close_up_pips(faces, policy)
    kept = [f for f in unmatched if faces.index(f) not in pips]
    out.extend(_net_reading(f) for f in kept if f.is_die >= policy.net_alone)
    # A face they doubt (dice of a colour they never saw score low) is kept where the colour
    # blobs see a die of its size too, with the networks' value, unless it is far smaller than
    # the dice they are sure of (a gold pip of a dark die looks like a die to both).
    biggest = max((f.size for f in faces if f.is_die >= policy.net_alone), default=0.0)
    doubted = [
        f
        for f in kept
        if policy.net_confirmed <= f.is_die < policy.net_alone
        and not any(_centred_on(f, d) for d in out)
        and f.size > policy.pip_share * biggest
    ]
    if doubted:
        blobs = blob_dice(doubted)
        # One blob's die confirms one face, the surest first.
        for f in sorted(doubted, key=lambda f: -f.is_die):
            blob = next((b for b in blobs if _alike(f, b, policy)), None)
            if blob is not None and not any(_centred_on(f, d) for d in out):
                blobs.remove(blob)
                out.append(_net_reading(f))
    return out


def _net_reading(face: Face) -> DieReading:
    """A face the networks found, as a die read."""
    return DieReading(face.value, (face.cx, face.cy), (face.size, face.size), 0.0, face.confidence)


def _alike(face: Face, die: DieReading, policy: FusionPolicy) -> bool:
    """Whether a die read is over a face and of its size (not a die around one of its pips)."""
    small, big = sorted((face.size, max(die.size)))
    return _centred_on(face, die) and big < policy.blob_alike * small


def _centred_on(face: Face, die: DieReading) -> bool:
    """Whether a die read lies over a face (their centres within half the bigger one)."""
    reach = 0.5 * max(face.size, max(die.size))
    return math.hypot(face.cx - die.center[0], face.cy - die.center[1]) < reach


def _part_of_face(
    die: DieReading, faces: list[Face], policy: FusionPolicy = DEFAULT_FUSION
) -> bool:
    """Whether a die lies inside a much bigger face the networks see: one of its pips."""
    size = max(die.size)
    return any(
        f.size >= policy.part_of * size
        and abs(f.cx - die.center[0]) < 0.5 * f.size
        and abs(f.cy - die.center[1]) < 0.5 * f.size
        for f in faces
    )


def _close_up_pips(faces: list[Face], policy: FusionPolicy = DEFAULT_FUSION) -> set[int]:
    """The faces (by index) read as a 1 that are far smaller than the big dice the networks
    are sure of in the same frame: pips of a die seen close up, each taken for a 1. The dice
    of one roll are alike, so no real die is a fraction of its neighbours' size."""
    sure = [f.size for f in faces if f.is_die >= policy.sure_big]
    if len(sure) < 2:
        return set()
    big = [size for size in sure if size >= 0.5 * max(sure)]
    if len(big) < 2:
        return set()
    typical = float(np.median(big))
    small = policy.pip_share * typical
    return {i for i, f in enumerate(faces) if f.value == 1 and f.size <= small}


def _stands_out(frame: U8, die: DieReading, policy: FusionPolicy = DEFAULT_FUSION) -> bool:
    """Whether a die's face differs from the table around it (median colours of the face's
    middle and of a ring just beyond it): a die, not a stretch of table with dots on it."""
    h, w = frame.shape[:2]
    cx, cy = die.center
    size = max(die.size)

    def box(half: float) -> tuple[int, int, int, int]:
        return (
            max(0, int(cx - half)),
            max(0, int(cy - half)),
            min(w, int(cx + half) + 1),
            min(h, int(cy + half) + 1),
        )

    x0, y0, x1, y1 = box(0.4 * size)
    inner = frame[y0:y1, x0:x1].reshape(-1, 3)
    X0, Y0, X1, Y1 = box(0.85 * size)
    outer = frame[Y0:Y1, X0:X1].astype(np.int16)
    ring = np.ones(outer.shape[:2], bool)
    gx0, gy0, gx1, gy1 = box(0.6 * size)
    ring[gy0 - Y0 : gy1 - Y0, gx0 - X0 : gx1 - X0] = False
    if inner.size == 0 or not ring.any():
        return True
    face = np.median(inner, axis=0)
    table = np.median(outer[ring], axis=0)
    return bool(np.abs(face - table).max() >= policy.stands_out)


def _cut(die: DieReading, w: int, h: int) -> bool:
    """Whether a die's face runs off the frame."""
    (cx, cy), half = die.center, max(die.size) / 2
    return bool(cx - half < 0 or cy - half < 0 or cx + half > w or cy + half > h)


def _touch(a: DieReading, b: DieReading) -> bool:
    """Whether two dice touch (their faces closer than a die's width and a little)."""
    gap = math.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1])
    return gap < _TOUCHING * (max(a.size) + max(b.size)) / 2


def _glare_at(chan: U8, die: DieReading, scale: float) -> bool:
    """Whether a die's face is partly blown out, so a pip under a highlight may be missed."""
    h, w = chan.shape
    half = max(die.size) * scale / 2
    cx, cy = die.center[0] * scale, die.center[1] * scale
    x0, x1 = max(0, round(cx - half)), min(w, round(cx + half))
    y0, y1 = max(0, round(cy - half)), min(h, round(cy + half))
    patch = chan[y0:y1, x0:x1]
    return patch.size > 0 and float(np.count_nonzero(patch >= 250)) > _GLARE_SHARE * patch.size


def read_classic(frame_bgr: U8) -> Reading:
    """The hand-built reader's reading of a BGR frame (no flags but those of the dice)."""
    frame = _checked(frame_bgr)
    if frame.size == 0:
        return Reading(dice=(), flags=frozenset())
    work = _prepare(frame)
    pips = find_pips(work.tone, work.darkest, work.bright)
    dice = with_blob_dice(work.img, pips, find_dice(work.img, pips))
    flags = set()
    if any(d.cut for d in dice):
        flags.add(ReadingFlag.CUT_BY_EDGE)
    if any(d.touching for d in dice):
        flags.add(ReadingFlag.TOUCHING)
    return Reading(dice=tuple(_reading(d, work.scale) for d in dice), flags=frozenset(flags))


def _reading(die: Die, scale: float) -> DieReading:
    confidence = min(1.0, float(np.mean([p.contrast for p in die.top])) * 1.3)
    inv = 1.0 / scale
    return DieReading(
        value=len(die.top),
        center=(die.center[0] * inv, die.center[1] * inv),
        size=(die.size[0] * inv, die.size[1] * inv),
        angle=float(die.angle),
        confidence=confidence,
    )
