"""The second pass: small coloured dice read from the blobs they make on the table."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from synth import BGR, GREEN, YELLOW, Die, background, scene

from vision.blobs import colour_pips, table_blobs, with_blob_dice
from vision.reader import read_classic as read_dice

ALL = (1, 2, 3, 4, 5, 6)
BLUE: BGR = (180, 90, 30)
RED_PIP: BGR = (40, 40, 200)
RED: BGR = (30, 30, 200)


def row(face: BGR, pip: BGR, side: float, step: float = 90) -> list[Die]:
    return [Die(v, 100 + step * i, 200, side, 10.0 * i, face, pip) for i, v in enumerate(ALL)]


@pytest.mark.parametrize("table", ["wood", "cloth", "paper"])
@pytest.mark.parametrize(
    ("face", "pip"),
    [(GREEN, YELLOW), (BLUE, RED_PIP), (RED, YELLOW)],
    ids=["yellow on green", "red on blue", "yellow on red"],
)
@pytest.mark.parametrize("side", [30, 40])
def test_small_dice_with_coloured_pips_are_read(
    table: str, face: BGR, pip: BGR, side: float
) -> None:
    # No grey image shows a yellow pip on green or a red one on blue: the fills find nothing
    # (or take a stretch of table for a face whose "pips" are the dice), the blobs read them.
    assert read_dice(scene(row(face, pip, side), table=table, noise=2)).values == ALL


def test_touching_coloured_dice_are_told_apart() -> None:
    dice = [
        Die(v, 200 + 31 * i, 220 + 4 * i, 30, 5.0, GREEN, YELLOW) for i, v in enumerate((3, 5, 2))
    ]
    dice += [Die(6, 450, 300, 30, 20.0, GREEN, YELLOW), Die(4, 150, 380, 30, 40.0, GREEN, YELLOW)]
    assert read_dice(scene(dice, table="wood", noise=2)).values == (2, 3, 4, 5, 6)


def test_a_die_cut_by_the_frame_edge_is_not_read_from_its_blob() -> None:
    frame = scene([Die(5, 40, 200, 30, 0.0, GREEN, YELLOW)], table="paper", noise=2)
    assert read_dice(np.ascontiguousarray(frame[:, 36:])).values == ()


def test_a_light_glyph_on_a_dark_key_is_not_a_one() -> None:
    frame = background(640, 480, "paper")
    cv2.rectangle(frame, (300, 200), (340, 240), (30, 30, 30), -1)
    cv2.putText(frame, "S", (312, 228), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (235, 235, 235), 2)
    assert with_blob_dice(frame, [], []) == []


def test_a_plain_table_has_no_blobs() -> None:
    for table in ("wood", "cloth", "paper"):
        assert table_blobs(scene([], table=table, noise=3)) == []


def test_colour_pips_are_found_where_no_grey_image_shows_them() -> None:
    frame = scene([Die(5, 320, 240, 40, 0.0, GREEN, YELLOW)], table="paper")
    (blob,) = table_blobs(frame)
    pips = colour_pips(frame, blob, float(np.sqrt(cv2.contourArea(blob))))
    assert len(pips) == 5
    assert not any(p.dark for p in pips)  # yellow is lighter than green
    # Their contrast is the colour step measured, so a reading's confidence means something.
    assert all(0.2 < p.contrast <= 1 for p in pips)
