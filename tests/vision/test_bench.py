"""The benchmark's own pieces (`vision.bench`): the camera frame a photo is read in."""

from __future__ import annotations

import numpy as np
import pytest

from vision.bench import in_camera_frame


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
