"""Why a frame may read badly: the hints the camera panel words for the player."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from synth import Die, scene

from vision import ReadingFlag, read_dice
from vision.quality import SMALL_DIE, sharpness, too_small

THREE = [Die(v, 140 + 180 * i, 240, 50, 20.0 * i) for i, v in enumerate((2, 5, 6))]


@pytest.mark.parametrize("table", ["wood", "cloth", "paper"])
def test_a_sharp_well_lit_frame_raises_no_hint(table: str) -> None:
    flags = read_dice(scene(THREE, table=table, noise=3), check_focus=True).flags
    assert not flags & {ReadingFlag.TOO_DARK, ReadingFlag.BLURRED, ReadingFlag.TOO_SMALL}


@pytest.mark.parametrize("table", ["wood", "cloth", "paper"])
@pytest.mark.parametrize("blur", [4.0, 6.0])
def test_a_blurred_frame_is_called_blurred(table: str, blur: float) -> None:
    frame = scene(THREE, table=table, blur=blur, noise=3)
    assert ReadingFlag.BLURRED in read_dice(frame, check_focus=True).flags


def test_focus_is_checked_only_when_asked() -> None:
    frame = scene(THREE, table="wood", blur=5.0, noise=3)
    assert ReadingFlag.BLURRED not in read_dice(frame).flags


def test_sharpness_falls_as_blur_grows() -> None:
    grey = [scene(THREE, table="wood", blur=b, noise=3).min(axis=2) for b in (0.0, 1.0, 2.0, 3.0)]
    scores = [sharpness(np.ascontiguousarray(g)) for g in grey]
    assert scores == sorted(scores, reverse=True), scores


def test_a_dark_frame_is_called_too_dark() -> None:
    frame = np.asarray(cv2.convertScaleAbs(scene(THREE, table="wood"), alpha=0.12), np.uint8)
    assert ReadingFlag.TOO_DARK in read_dice(frame).flags


def test_a_dim_room_that_still_reads_is_not_too_dark() -> None:
    frame = np.asarray(cv2.convertScaleAbs(scene(THREE, table="wood"), alpha=0.45), np.uint8)
    reading = read_dice(frame)
    assert reading.values == (2, 5, 6)
    assert ReadingFlag.TOO_DARK not in reading.flags


def test_dice_read_at_under_the_size_the_reader_trusts_are_too_small() -> None:
    assert too_small([SMALL_DIE - 4] * 3 + [SMALL_DIE + 10])
    assert not too_small([SMALL_DIE + 1] * 3)
    assert not too_small([])


def test_a_tiny_frame_is_neither_blurred_nor_dark_by_accident() -> None:
    tiny = np.full((5, 5, 3), 200, np.uint8)
    assert read_dice(tiny, check_focus=True).flags == frozenset()
