"""The dice reader on synthetic dice drawn with OpenCV: one case per known situation."""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

from synth import BLACK, RED, WHITE, Die, background, draw_disc, draw_oblique_die, scene

from vision import DieReading, Reading, ReadingFlag, read_dice


def row(
    values: list[int],
    side: float = 50,
    step: float = 90,
    face: tuple[int, int, int] = WHITE,
    pip: tuple[int, int, int] = BLACK,
) -> list[Die]:
    return [
        Die(v, 80 + step * i, 200, side, 15.0 * (i + 1), face, pip) for i, v in enumerate(values)
    ]


ALL = [1, 2, 3, 4, 5, 6]

CASES = {
    "white dice on dark cloth": (scene(row(ALL)), ALL),
    "white dice on wood": (scene(row(ALL), table="wood"), ALL),
    "white dice on white paper": (scene(row(ALL), table="paper"), ALL),
    "white dice on black": (scene(row(ALL), table="dark"), ALL),
    "red dice with white pips on wood": (scene(row(ALL, face=RED, pip=WHITE), table="wood"), ALL),
    "black dice with white pips on paper": (
        scene(row(ALL, face=(30, 30, 30), pip=WHITE), table="paper"),
        ALL,
    ),
    "defocus and sensor noise": (scene(row(ALL), blur=1.5, noise=6), ALL),
    "dim room": (
        np.asarray(cv2.convertScaleAbs(scene(row(ALL), table="wood"), alpha=0.45), np.uint8),
        ALL,
    ),
    "yellow dice with black pips on wood": (
        scene(row(ALL, face=(40, 220, 230)), table="wood"),
        ALL,
    ),
    "red dice with black pips on cloth": (scene(row(ALL, face=(40, 40, 200))), ALL),
    "yellow dice with black pips on white paper": (
        scene(row(ALL, face=(40, 220, 230)), table="paper"),
        ALL,
    ),
    "red dice with black pips on white paper": (
        scene(row(ALL, face=(40, 40, 200)), table="paper"),
        ALL,
    ),
    "green dice with black pips on black": (scene(row(ALL, face=(60, 180, 40)), table="dark"), ALL),
    "blue dice with white pips on cloth": (scene(row(ALL, face=(180, 90, 30), pip=WHITE)), ALL),
    "red dice with white pips on black": (scene(row(ALL, face=RED, pip=WHITE), table="dark"), ALL),
    "red dice with white pips on cloth": (scene(row(ALL, face=RED, pip=WHITE)), ALL),
    "white dice with blue pips": (scene(row(ALL, pip=(200, 60, 40)), table="wood"), ALL),
    "white dice with red pips": (scene(row(ALL, pip=(40, 40, 210)), table="paper"), ALL),
    "small red dice, 30 px": (
        scene(row(ALL, side=30, step=60, face=RED, pip=WHITE), table="wood"),
        ALL,
    ),
    "small black dice, 30 px": (
        scene(row(ALL, side=30, step=60, face=(30, 30, 30), pip=WHITE), table="paper"),
        ALL,
    ),
    "small dice, 24 px": (scene(row(ALL, side=24, step=60)), ALL),
    "large dice in a 1280x720 frame": (
        scene(
            [
                Die(v, 200 + 400 * ((v - 1) % 3), 190 + 340 * ((v - 1) // 3), 170, 10.0 * v)
                for v in ALL
            ],
            width=1280,
            height=720,
        ),
        ALL,
    ),
    "three touching dice": (
        scene([Die(5, 200, 200, 60), Die(3, 262, 200, 60), Die(2, 231, 262, 60)]),
        [2, 3, 5],
    ),
    "empty table": (scene([]), []),
    "empty wood table": (scene([], table="wood"), []),
    "pure noise": (np.random.default_rng(7).integers(0, 256, (480, 640, 3), dtype=np.uint8), []),
}


@pytest.mark.parametrize("name", list(CASES))
def test_synthetic_scene(name: str) -> None:
    frame, want = CASES[name]
    assert list(read_dice(frame).values) == sorted(want)


@pytest.mark.parametrize("value", ALL)
@pytest.mark.parametrize("angle", [0.0, 30.0, 45.0, 70.0])
def test_every_face_at_rotations(value: int, angle: float) -> None:
    frame = scene([Die(value, 320, 240, 60, angle)], table="wood")
    assert read_dice(frame).values == (value,)


# Derandomized: the same 25 poses every run. A sweep of 400 random poses
# (`python tests/vision/pose_sweep.py`) misreads about one: the die reader, surer than 0.8 of
# another value, overrules the pip counter on a drawn die (docs/vision.md).
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    value=st.integers(1, 6),
    angle=st.floats(0, 360),
    side=st.floats(30, 110),
    x=st.floats(150, 490),
    y=st.floats(150, 330),
)
def test_any_pose_reads_the_same(value: int, angle: float, side: float, x: float, y: float) -> None:
    frame = scene([Die(value, x, y, side, angle)])
    assert read_dice(frame).values == (value,)


@pytest.mark.parametrize("angle", [0.0, 9.0, 20.0, 33.0, 45.0, 60.0, 75.0])
@pytest.mark.parametrize("side", [30.0, 40.0, 51.0, 70.0, 90.0])
def test_a_plain_one_is_read_at_every_pose(angle: float, side: float) -> None:
    # A white 1 is a weak case for the detector (one pip, nothing else): the pip counter's die
    # stays unless the die reader is all but certain no die is there.
    for x in (150.0, 320.0, 480.0):
        assert read_dice(scene([Die(1, x, 150, side, angle)])).values == (1,)


# Seen from 50..55 degrees, the networks take a side face showing as many pips as these for a
# die of its own, or read the top face with the side's pips (docs/vision.md, Known failure
# cases): pinned as known failures, so a fix shows.
LOW_VIEW_MISREADS = {(50.0, 3, 3), (50.0, 1, 5), (50.0, 1, 3), (50.0, 1, 2), (55.0, 1, 2)}


def low_view_cases(
    faces: list[tuple[int, int]], elevations: list[float]
) -> list[tuple[float, int, int] | object]:
    """(elevation, top, front) cases, the known misreads marked as expected to fail."""
    reason = "the networks take a side face seen from 50..55 degrees for a die"
    return [
        pytest.param(e, t, f, marks=pytest.mark.xfail(strict=True, reason=reason))
        if (e, t, f) in LOW_VIEW_MISREADS
        else (e, t, f)
        for e in elevations
        for t, f in faces
    ]


@pytest.mark.parametrize(
    ("elevation", "top", "front"),
    low_view_cases(
        [(3, 3), (1, 5), (2, 4), (4, 6), (6, 2), (5, 1), (1, 3), (3, 6), (2, 2)],
        [50.0, 60.0, 70.0],
    ),
)
def test_side_face_is_not_counted(top: int, front: int, elevation: float) -> None:
    # A 3 on top and a 3 on the side must not read as a 6, nor the side as a die of its own.
    frame = background(640, 480, "wood")
    draw_oblique_die(frame, top, front, 320, 240, 70, elevation)
    assert read_dice(frame).values == (top,)


@pytest.mark.parametrize(
    ("elevation", "top", "front"),
    low_view_cases([(1, 2), (2, 1), (3, 2), (2, 3)], [50.0, 55.0, 60.0]),
)
def test_side_face_as_light_as_the_top(top: int, front: int, elevation: float) -> None:
    # One fill takes in both faces: a 1 on top beside a 2 on the side is not a 2 (the side's
    # pips are squashed alike, the 1's pip differently), and a 2 on top stays a 2.
    frame = background(640, 480, "wood")
    draw_oblique_die(frame, top, front, 320, 240, 70, elevation, front_colour=(246, 246, 246))
    assert read_dice(frame).values == (top,)


@pytest.mark.parametrize("turn", [cv2.ROTATE_180, cv2.ROTATE_90_CLOCKWISE])
@pytest.mark.parametrize(("top", "front"), [(3, 3), (2, 4), (6, 2), (1, 5)])
def test_side_face_with_the_camera_elsewhere(top: int, front: int, turn: int) -> None:
    # The camera above or beside the frame: the side faces show there, and say so.
    frame = background(640, 480, "wood")
    draw_oblique_die(frame, top, front, 320, 240, 70, 60.0)
    assert read_dice(np.ascontiguousarray(cv2.rotate(frame, turn))).values == (top,)


@pytest.mark.parametrize("seed", range(5))
def test_a_soft_small_three_is_not_read_as_a_one(seed: int) -> None:
    # Out of focus, a tight fill stops short of the corner pips and holds the middle one only:
    # a 1 with two round pips just beyond its edge is doubtful, and a looser fill gets a
    # chance first.
    frame = scene([Die(3, 320, 240, 39, 67.0)], table="cloth", blur=2.0, noise=3, seed=seed)
    assert read_dice(frame).values == (3,)


@pytest.mark.parametrize("value", ALL)
@pytest.mark.parametrize("pip", [(40, 30, 200), (180, 90, 30)])
def test_big_coloured_pips_on_a_white_die(value: int, pip: tuple[int, int, int]) -> None:
    # A close camera: a red or blue pip fills the window its surroundings' colour is judged
    # by, and must still read as a dark pip on white.
    frame = scene([Die(value, 320, 240, 150, 20.0, WHITE, pip)], table="wood")
    assert read_dice(frame).values == (value,)


@pytest.mark.parametrize("elevation", [68.0, 70.0])
def test_side_rows_do_not_pass_for_top_pips_with_the_camera_across(elevation: float) -> None:
    # Two 4s beside light 6s on their sides, seen from across the table: read first with the
    # camera taken to stand below the frame, each side face's nearest row lies beyond its top
    # and could complete it into a 6. Squashed rows on two dice agree, and move the camera.
    frame = background(640, 480, "wood")
    for x in (200, 440):
        draw_oblique_die(frame, 4, 6, x, 240, 70, elevation, front_colour=(246, 246, 246))
    assert read_dice(np.ascontiguousarray(cv2.rotate(frame, cv2.ROTATE_180))).values == (4, 4)


def test_one_narrow_column_does_not_move_the_camera() -> None:
    # A single 6 whose right-hand column of pips is printed narrower: its pips still make one
    # face, so it says nothing of where the camera stands, and reads as it did upright.
    frame = scene([Die(6, 320, 240, 90, 0.0)], table="cloth")
    r = 0.1 * 90
    for dy in (-0.52, 0.0, 0.52):
        x, y = 320 + 0.52 * 45, 240 + dy * 45
        cv2.circle(frame, (round(x), round(y)), math.ceil(r) + 2, WHITE, -1)
        cv2.ellipse(frame, ((x, y), (1.1 * r, 2 * r), 0.0), (25, 25, 25), -1, cv2.LINE_AA)
    turned = np.ascontiguousarray(cv2.rotate(frame, cv2.ROTATE_90_COUNTERCLOCKWISE))
    assert read_dice(frame).values == (6,)
    assert read_dice(turned).values == (6,)


@pytest.mark.parametrize("layout", ["row", "column", "corner"])
@pytest.mark.parametrize("values", [(5, 1, 3), (1, 6, 2), (4, 4, 1), (2, 3, 6)])
def test_touching_dice(layout: str, values: tuple[int, int, int]) -> None:
    # Three dice a pip's width apart or less, a 1 among them (its big pip must not make its
    # neighbours look squashed, like side faces).
    side = 55.0
    step = side * 1.02
    layouts: dict[str, list[tuple[float, float]]] = {
        "row": [(200.0, 220.0), (200 + step, 220.0), (200 + 2 * step, 220.0)],
        "column": [(200.0, 160.0), (200.0, 160 + step), (200 + 2.5 * step, 160.0)],
        "corner": [(200.0, 160.0), (200 + step, 160.0), (200.0, 160 + step)],
    }
    spots = layouts[layout]
    dice = [Die(v, x, y, side, 4.0) for v, (x, y) in zip(values, spots, strict=True)]
    assert read_dice(scene(dice, table="wood")).values == tuple(sorted(values))


@pytest.mark.parametrize("table", ["wood", "paper", "cloth"])
def test_round_things_are_not_ones(table: str) -> None:
    frame = scene([Die(4, 320, 240, 60, 10)], table=table)
    draw_disc(frame, 150, 120, 12, (35, 35, 35))  # a coin or a key's hole
    draw_disc(frame, 500, 360, 20, (60, 90, 140))  # a stain
    draw_disc(frame, 480, 120, 6, (20, 20, 20))  # a drop of ink
    assert read_dice(frame).values == (4,)


def test_reading_fields_and_json() -> None:
    frame = scene([Die(4, 300, 200, 60, 0)])
    reading = read_dice(frame)
    assert isinstance(reading, Reading)
    (die,) = reading.dice
    assert isinstance(die, DieReading)
    assert abs(die.center[0] - 300) < 4 and abs(die.center[1] - 200) < 4
    assert 45 < die.size[0] < 75 and 45 < die.size[1] < 75
    assert 0.0 <= die.confidence <= 1.0
    js = die.to_json()
    assert set(js) == {"value", "x", "y", "w", "h", "confidence"}
    assert js["value"] == 4
    assert all(isinstance(js[k], int) for k in ("x", "y", "w", "h"))
    assert js["x"] == round(die.center[0] - die.size[0] / 2)


def test_values_sorted_and_frozen() -> None:
    a = DieReading(5, (1.0, 2.0), (3.0, 3.0), 0.0, 0.9)
    b = DieReading(2, (10.0, 2.0), (3.0, 3.0), 0.0, 0.91234)
    reading = Reading(dice=(a, b))
    assert reading.values == (2, 5)
    assert b.to_json()["confidence"] == 0.912
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.value = 3  # type: ignore[misc]


def test_flags_are_named_and_read_as_their_words() -> None:
    assert str(ReadingFlag.CUT_BY_EDGE) == "cut_by_edge"
    assert ReadingFlag("glare") is ReadingFlag.GLARE
    assert "glare" in {ReadingFlag.GLARE}  # callers comparing to the word still find it
    assert json.dumps(sorted({ReadingFlag.TOUCHING, ReadingFlag.BLURRED})) == (
        '["blurred", "touching"]'
    )


def test_die_cut_by_frame_edge_is_flagged() -> None:
    frame = scene([Die(3, 320, 240, 60)])
    cut = np.ascontiguousarray(frame[:, 300:])
    assert ReadingFlag.CUT_BY_EDGE in read_dice(cut).flags


def test_rejects_non_bgr_input() -> None:
    with pytest.raises(ValueError):
        read_dice(np.zeros((480, 640), np.uint8))
    with pytest.raises(ValueError):
        read_dice(np.zeros((480, 640, 3), np.float32))
    with pytest.raises(ValueError):
        read_dice(np.zeros((0, 0, 3), np.float64))
    with pytest.raises(ValueError):
        read_dice([[[0, 0, 0]]])  # type: ignore[arg-type]


def test_tiny_and_blank_frames() -> None:
    assert read_dice(np.zeros((0, 0, 3), np.uint8)).values == ()
    assert read_dice(np.zeros((0, 640, 3), np.uint8)).values == ()
    assert read_dice(np.zeros((1, 1, 3), np.uint8)).values == ()
    assert read_dice(np.full((1, 2000, 3), 200, np.uint8)).values == ()
    assert read_dice(np.full((2000, 1, 3), 200, np.uint8)).values == ()
    assert read_dice(np.full((20, 20, 3), 200, np.uint8)).values == ()
    assert read_dice(np.full((480, 640, 3), 255, np.uint8)).values == ()


def test_black_pips_are_the_default() -> None:
    assert Die(1, 0, 0, 10).pip == BLACK
