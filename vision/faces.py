"""Which pips make up a die face, and which of a die's faces is on top."""

from __future__ import annotations

import math

from vision.pips import Pip

# The pips of a face span 3..14 pip radii (a 2's diagonal on dice with big, close-set pips,
# up to a 6's diagonal on dice with small pips).
_MIN_SPAN = 3.0
_MAX_SPAN = 14.0
# Pips on one face are one size and one shape; measured sizes and short axes vary this much.
_SIZE_RATIO = 1.6
_MINOR_SPREAD = 1.55
# Below this radius (px) a pip's shape is measured too coarsely to compare.
_SHAPE_MIN_R = 2.5
# How much a pip's short axis counts, against its distance from the camera, in telling the
# top face from the sides.
_MINOR_WEIGHT = 1.0
# A "2" whose bigger pip is this much bigger and this much rounder is a 1 beside a side pip.
_PAIR_SIZE = 1.08
_PAIR_ELONG = 0.3
# Three pips read as a 2 and a side pip are a 1 and a side face's 2 when the top pair is this
# many times (plus this much) less alike in slant than the other pair.
_SIDE_PAIR = 1.5
_SIDE_PAIR_MIN = 0.05
# A leftover run of at least this many pips that makes a face is taken for a side face.
_REST_FACE = 3


def mean_of(values: list[float]) -> float:
    """The mean of a few numbers (numpy's call costs more than the sum for a handful)."""
    return sum(values) / len(values)


def is_face(pts: tuple[Pip, ...], toward: tuple[float, float] | None = None) -> bool:
    """Whether pips are laid out as one face: every die face is symmetric about its centre.

    Each pip has a twin mirrored through the centroid (the middle pip of a 3 or 5 is its own),
    the pips are alike in size and shape and spread over a face-sized span, and a 6 stands in
    two rows of three. Given the direction of the camera (`toward`, a unit vector), a pip
    measured squashed on the far side of the face is let pass: side faces show only on the
    camera's side, so it cannot be a side face's pip (defocus or a glint misshaped it).
    """
    n = len(pts)
    if n <= 1:
        return n == 1
    r = mean_of([p.r for p in pts])
    if max(p.r for p in pts) > _SIZE_RATIO * min(p.r for p in pts):
        return False
    cx = mean_of([p.x for p in pts])
    cy = mean_of([p.y for p in pts])
    span = max(math.hypot(p.x - q.x, p.y - q.y) for p in pts for q in pts)
    if not _MIN_SPAN * r <= span <= _MAX_SPAN * r:
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
    minors = [p.minor for p in pts]
    if r >= _SHAPE_MIN_R and max(minors) > _MINOR_SPREAD * min(minors):
        if toward is None:
            return False
        squashed = [p for p in pts if _MINOR_SPREAD * p.minor < max(minors)]
        if any((p.x - cx) * toward[0] + (p.y - cy) * toward[1] > -tol for p in squashed):
            return False
    if n == 6:
        return _two_rows(pts, tol)
    if n == 2:
        return _alike(pts[0], pts[1])
    return True


def _alike(a: Pip, b: Pip) -> bool:
    """Whether two pips can be a 2 rather than a 1 on top beside a pip of a side face.

    The pip of a 1 is bigger than other pips on most dice, and on top it is the rounder one.
    """
    big, small = (a, b) if a.r >= b.r else (b, a)
    return not (big.r > _PAIR_SIZE * small.r and big.elong + _PAIR_ELONG < small.elong)


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


def top_face(pips: tuple[Pip, ...], toward: tuple[float, float], side: float) -> tuple[Pip, ...]:
    """The pips of the top face among all the pips seen on one die.

    Side faces show only where they turn toward the camera (`toward`, a unit vector), so their
    pips lie on the camera's side of the top face, and they are foreshortened (a short minor
    axis). Pips are ranked by both cues and the top face is the longest leading run that is
    laid out as a face.
    """
    if len(pips) <= 1:
        return pips
    mmax = max(p.minor for p in pips)
    cx = mean_of([p.x for p in pips])
    cy = mean_of([p.y for p in pips])

    def topness(p: Pip) -> float:
        near = ((p.x - cx) * toward[0] + (p.y - cy) * toward[1]) / side
        return _MINOR_WEIGHT * p.minor / mmax - near

    ranked = tuple(sorted(pips, key=lambda p: -topness(p)))
    valid = [k for k in range(1, min(6, len(ranked)) + 1) if is_face(ranked[:k], toward)]
    longest = max(valid)
    if longest < len(ranked):
        # Pips are left over, so some lie on a side face. Where a shorter run leaves one whole
        # face behind (a 1 on top of a 5 seen on the side), that split explains every pip.
        for k in valid:
            rest = ranked[k:]
            if k < longest and len(rest) >= _REST_FACE and is_face(rest):
                return ranked[:k]
        if longest == 2 and len(ranked) == 3 and side_pair(*ranked):
            return ranked[:1]
    return ranked[:longest]


def _unlike(a: Pip, b: Pip) -> float:
    """How differently two pips are squashed: in short axis (as a log ratio) and elongation."""
    return abs(math.log(a.minor / b.minor)) + abs(a.elong - b.elong)


def side_pair(a: Pip, b: Pip, c: Pip) -> bool:
    """Whether three pips read as a 2 (a, b) beside a side pip (c) are rather a 1 (a) beside a
    side face showing a 2 (b, c): b and c then lie on one face seen at one slant, so they are
    squashed alike, and a, on the top, is squashed differently."""
    return is_face((b, c)) and _unlike(a, b) > _SIDE_PAIR * _unlike(b, c) + _SIDE_PAIR_MIN
