"""The benchmark's own pieces (`vision.bench`): the camera frame a photo is read in."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from vision.bench import Case, Outcome, in_camera_frame, source_table
from vision.net import MODELS, NETWORKS, use_networks


@pytest.mark.parametrize("shape", [(640, 640), (3024, 4032), (1000, 300), (720, 1280), (9, 16)])
def test_a_photo_fills_a_camera_frame_whole(shape: tuple[int, int]) -> None:
    h, w = shape
    photo = np.full((h, w, 3), (40, 90, 160), np.uint8)  # a brown table
    photo[h // 4 : h - h // 4, w // 4 : w - w // 4] = 255  # a white square in the middle
    frame = in_camera_frame(photo)
    assert frame.shape == (720, 1280, 3)
    scale = min(1280 / w, 720 / h)
    white = np.argwhere(frame[:, :, 0] > (40 + 255) // 2)
    (top, left), (bottom, right) = white.min(axis=0), white.max(axis=0) + 1
    # the square keeps its place and its shape: the photo is scaled, not stretched or cut
    assert abs((left + right) / 2 - 640) <= 2 and abs((top + bottom) / 2 - 360) <= 2
    assert abs((right - left) - scale * (w - 2 * (w // 4))) <= 3
    assert abs((bottom - top) - scale * (h - 2 * (h // 4))) <= 3
    # the rest of the frame is the photo's edge repeated: the table, not black
    assert (frame[0, 0] == (40, 90, 160)).all() and (frame[-1, -1] == (40, 90, 160)).all()


def _outcomes(*files: str) -> list[Outcome]:
    return [Outcome(Case(f, (1,)), (1,), 1.0, 1.0, 1) for f in files]


def test_the_source_table_says_which_networks_read_each_source(tmp_path: Path) -> None:
    sets = [(tmp_path, _outcomes("images/burak_1.jpg", "images/matteo_2.jpg"))]
    shipped = source_table(sets)
    assert "burak" in shipped[2] and shipped[2].endswith("networks never trained on it")
    assert shipped[3].endswith("networks trained on it (no left-out networks)")
    other = tmp_path / "other"
    other.mkdir()
    for name in NETWORKS:
        shutil.copy(MODELS / name, other / name)
    use_networks(other)  # other networks: what they learnt from is their recipe's
    try:
        given = source_table(sets)
    finally:
        use_networks(MODELS)
    assert all(f"the networks in {other} (trained on it or not" in line for line in given[2:])
