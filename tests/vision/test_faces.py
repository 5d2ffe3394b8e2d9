"""Which pips make a face, and which face is on top (`vision.faces`)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from synth import WHITE, Die, scene

from vision.faces import is_face, top_face
from vision.pips import Pip
from vision.reader import read_classic

# The camera below the frame: side faces show on the side of larger y.
DOWN = (0.0, 1.0)


def pip(x: float, y: float, r: float = 4.0, elong: float = 1.05) -> Pip:
    return Pip(x, y, r, elong, 0.0, 0.6, 200.0, 5.0, True, 0.95, 100.0)


def four(squashed_at: tuple[float, float] | None) -> tuple[Pip, ...]:
    """A 4 with pips 20 px apart, one of them squashed to half its short axis."""
    corners = ((100.0, 100.0), (120.0, 100.0), (100.0, 120.0), (120.0, 120.0))
    return tuple(pip(x, y, elong=4.0 if (x, y) == squashed_at else 1.05) for x, y in corners)


def test_a_regular_four_is_a_face() -> None:
    assert is_face(four(None))
    assert is_face(four(None), DOWN)


def test_a_squashed_pip_breaks_a_face_without_a_camera() -> None:
    assert not is_face(four((120.0, 100.0)))


def test_a_squashed_pip_on_the_far_side_still_makes_the_face() -> None:
    assert is_face(four((120.0, 100.0)), DOWN)
    assert len(top_face(four((120.0, 100.0)), DOWN, 40.0)) == 4


def test_a_squashed_pip_on_the_camera_side_is_a_side_pip() -> None:
    assert not is_face(four((120.0, 120.0)), DOWN)
    assert len(top_face(four((120.0, 120.0)), DOWN, 40.0)) < 4


def test_a_side_face_pip_is_left_off_the_top() -> None:
    one = pip(110.0, 110.0, r=5.0)
    side = pip(110.0, 128.0, r=4.0, elong=3.0)
    assert top_face((one, side), DOWN, 30.0) == (one,)


def test_a_misshapen_far_pip_does_not_move_the_camera() -> None:
    # Three 4s whose far upper-right pip is drawn squashed (as defocus or a glint can make it):
    # they read as 4s, and do not persuade the reader that the camera stands above the table.
    dice = [Die(4, 120 + 140 * i, 200, 64, 0.0) for i in range(3)]
    img = scene(dice, table="wood")
    r = 0.1 * 64
    for d in dice:
        x, y = d.x + 0.26 * 64, d.y - 0.26 * 64
        cv2.circle(img, (round(x), round(y)), math.ceil(r) + 2, WHITE, -1)
        cv2.ellipse(img, ((x, y), (2 * r, 0.9 * r), 0.0), (25, 25, 25), -1, cv2.LINE_AA)
    assert read_classic(np.ascontiguousarray(img)).values == (4, 4, 4)
