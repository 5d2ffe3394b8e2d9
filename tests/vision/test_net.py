"""The learned reader (`vision.net`): the crop it reads a face from, how faces found twice or
on a bigger face are kept once, and the shipped networks on a drawn scene and a real photo."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_demo_sequence import DEMO, expected_values

from vision import read_dice
from vision.bench import in_camera_frame
from vision.net import (
    CROP,
    CROP_MARGIN,
    DETECTOR_FILE,
    MODELS,
    PIXEL_MEAN,
    PIXEL_SCALE,
    READER_COLUMNS,
    READER_VALUES,
    DetectorChannel,
    Face,
    Networks,
    NetworksUnavailable,
    ReaderColumn,
    _detector_input,
    _distinct,
    _outermost,
    die_crop,
    networks,
    value_shares,
)


def square(size: int, side: int, at: tuple[int, int]) -> np.ndarray:
    img = np.zeros((size, size, 3), np.uint8)
    x, y = at
    cv2.rectangle(img, (x - side // 2, y - side // 2), (x + side // 2 - 1, y + side // 2 - 1),
                  (255, 255, 255), -1)  # fmt: skip
    return img


@pytest.mark.parametrize("side", [20, 40, 90, 300])
def test_a_face_fills_the_same_share_of_its_crop_whatever_its_size(side: int) -> None:
    img = square(800, side, (400, 380))
    crop = die_crop(img, 400, 380, side)
    assert crop.shape == (CROP, CROP, 3)
    lit = (crop[..., 0] > 127).sum(axis=0)
    across = int((lit > CROP // 4).sum())
    assert abs(across - CROP / CROP_MARGIN) <= 2
    # centred: as much face on the left as on the right
    cols = np.nonzero(lit > CROP // 4)[0]
    assert abs((cols[0] + cols[-1]) / 2 - (CROP - 1) / 2) <= 1


def test_a_crop_past_the_frame_edge_repeats_the_edge() -> None:
    img = square(100, 40, (10, 50))
    crop = die_crop(img, 10, 50, 40)
    assert crop.shape == (CROP, CROP, 3)
    assert crop[CROP // 2, 0, 0] > 127  # the face runs off the frame: its edge is repeated


def test_a_turned_crop_turns_the_face() -> None:
    img = np.zeros((200, 200, 3), np.uint8)
    cv2.rectangle(img, (80, 95), (120, 105), (255, 255, 255), -1)  # a bar across
    across = die_crop(img, 100, 100, 60)
    down = die_crop(img, 100, 100, 60, angle=90)
    assert np.array_equal(across[..., 0] > 127, (down[..., 0] > 127).T) or (
        np.abs(across[..., 0].astype(int) - down[..., 0].T.astype(int)).mean() < 8
    )


def face(cx: float, cy: float, size: float, is_die: float = 0.9) -> Face:
    return Face(cx, cy, size, 3, is_die, is_die, 1.0)


def test_a_face_found_twice_is_kept_once_the_surer() -> None:
    kept = _distinct([face(100, 100, 40, 0.8), face(105, 102, 42, 0.95), face(200, 100, 40)])
    assert [(f.cx, f.is_die) for f in kept] == [(105, 0.95), (200, 0.9)]


def test_touching_dice_are_two_faces() -> None:
    assert len(_distinct([face(100, 100, 40), face(140, 100, 40)])) == 2


def test_the_pips_of_a_die_seen_close_up_are_not_dice() -> None:
    big = face(300, 300, 280)
    pips = [face(300 + dx, 300 + dy, 60) for dx in (-80, 80) for dy in (-80, 80)]
    beside = face(600, 300, 60)
    assert _outermost([big, *pips, beside]) == [big, beside]


def test_missing_networks_are_named(tmp_path: Path) -> None:
    with pytest.raises(NetworksUnavailable, match=r"dice_detector\.onnx is missing"):
        Networks(tmp_path)


def test_damaged_networks_are_said_damaged(tmp_path: Path) -> None:
    for name in ("dice_detector.onnx", "die_reader.onnx"):
        (tmp_path / name).write_bytes(b"\x08\x07not a network" * 50)
    with pytest.raises(NetworksUnavailable, match="cannot be read"):
        Networks(tmp_path).load()


def test_the_networks_ship_in_the_package() -> None:
    Networks(MODELS).load()  # both parse
    assert (MODELS / "LICENSE.md").read_text().count("Copyright") == 2


def test_nothing_is_read_on_an_empty_table() -> None:
    table = np.full((480, 640, 3), (60, 90, 70), np.uint8)
    assert networks().faces(table) == []
    assert networks().read(table, []).shape == (0, 7)


@pytest.mark.parametrize(("name", "values"), expected_values())
def test_the_networks_alone_read_the_demo_photos(name: str, values: tuple[int, ...]) -> None:
    frame = np.asarray(cv2.imread(str(DEMO / name)), np.uint8)
    faces = networks().faces(frame)
    assert tuple(sorted(f.value for f in faces)) == values
    assert all(0 < f.confidence <= 1 and 0 < f.size < 200 for f in faces)


@pytest.mark.parametrize(("name", "values"), expected_values())
def test_the_demo_photos_read_the_same_as_camera_frames(name: str, values: tuple[int, ...]) -> None:
    # 1280x720, the camera's size (each 640x480 photo enlarged to 960x720 between two bands)
    photo = np.asarray(cv2.imread(str(DEMO / name)), np.uint8)
    frame = in_camera_frame(photo)
    reading = read_dice(frame)
    assert reading.values == values
    assert all(0 <= d.center[0] < 1280 and 0 <= d.center[1] < 720 for d in reading.dice)
    # and the networks find each face where the photo shows it, at its size
    in_frame = networks().faces(frame)
    for face in networks().faces(photo):
        x, y, size = face.cx * 1.5 + 160, face.cy * 1.5, face.size * 1.5
        there = min(in_frame, key=lambda f: math.hypot(f.cx - x, f.cy - y))
        assert math.hypot(there.cx - x, there.cy - y) < 0.15 * size
        assert 0.8 < there.size / size < 1.25 and there.value == face.value


def test_a_level_is_padded_not_squeezed_to_the_detectors_step() -> None:
    blob = _detector_input(np.full((360, 640, 3), 200, np.uint8))
    assert blob.shape == (1, 3, 368, 640)
    assert np.allclose(blob[0, :, :360], (200 - PIXEL_MEAN) * PIXEL_SCALE)
    assert not blob[0, :, 360:].any()  # the padding reads as the network's own zero border
    assert _detector_input(np.zeros((352, 640, 3), np.uint8)).shape == (1, 3, 352, 640)


class _PeaksAt:
    """A stand-in detector: at the first level (640 wide) a face of 20 px at each given cell
    (column, row) of its map, centred 4 * (cell + 0.5) level pixels in; no face elsewhere."""

    def __init__(self, cells: list[tuple[int, int]]) -> None:
        self.cells = cells
        self.shape = (0, 0)

    def setInput(self, blob: np.ndarray) -> None:
        self.shape = blob.shape[2:]

    def forward(self) -> np.ndarray:
        h, w = self.shape
        out = np.zeros((1, len(DetectorChannel), h // 4, w // 4), np.float32)
        if w == 640:
            for x, y in self.cells:
                out[0, DetectorChannel.SCORE, y, x] = 0.9
                out[0, DetectorChannel.LOG_SIZE, y, x] = math.log(20.0)
                out[0, DetectorChannel.VALUE_1, y, x] = 1.0
        return out


@pytest.mark.parametrize(
    ("frame_size", "cells", "centres"),
    [
        # 1281x721 comes to 640x360, padded to 368 rows: row 90 of the map is all padding
        ((1281, 721), [(10, 89), (50, 90), (159, 20)], [(84.1, 717.0), (1277.0, 164.2)]),
        # 1280x724 comes to 640x362: row 90 holds two real rows, its centre is past the edge
        ((1280, 724), [(10, 90)], [(84.0, 723.0)]),
    ],
)
def test_the_detectors_cells_map_back_to_the_frame(
    monkeypatch: pytest.MonkeyPatch,
    frame_size: tuple[int, int],
    cells: list[tuple[int, int]],
    centres: list[tuple[float, float]],
) -> None:
    fake = _PeaksAt(cells)
    monkeypatch.setattr(Networks, "_net", lambda self, name: fake)
    w, h = frame_size
    found = Networks().candidates(np.zeros((h, w, 3), np.uint8))
    got = sorted((round(x), round(y)) for x, y, *_ in found)
    assert got == sorted((round(x), round(y)) for x, y in centres)
    assert all(0 <= x < w and 0 <= y < h for x, y, *_ in found)
    assert all(abs(size - 20 * w / 640) < 0.1 for _, _, size, _, _ in found)


def test_swapped_networks_blame_the_install_not_the_photo(tmp_path: Path) -> None:
    (tmp_path / "dice_detector.onnx").write_bytes((MODELS / "die_reader.onnx").read_bytes())
    (tmp_path / "die_reader.onnx").write_bytes((MODELS / "dice_detector.onnx").read_bytes())
    with pytest.raises(NetworksUnavailable, match=r"is not the detector.*swapped"):
        Networks(tmp_path).load()
    with pytest.raises(NetworksUnavailable, match="is not the die reader"):
        Networks(tmp_path, ("die_reader.onnx",)).load()


def test_the_networks_give_the_named_channels_and_columns() -> None:
    name, values = expected_values()[0]
    frame = np.asarray(cv2.imread(str(DEMO / name)), np.uint8)
    detector = cv2.dnn.readNetFromONNX(str(MODELS / DETECTOR_FILE))
    detector.setInput(cv2.dnn.blobFromImage(frame, PIXEL_SCALE, (640, 480), (PIXEL_MEAN,) * 3))
    assert np.asarray(detector.forward()).shape[1] == len(DetectorChannel)
    faces = networks().faces(frame)
    probs = networks().read(frame, [(f.cx, f.cy, f.size) for f in faces])
    assert probs.shape == (len(values), READER_COLUMNS)
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-4)
    assert (probs[:, ReaderColumn.NOT_A_DIE] < 0.5).all()
    read = ReaderColumn.ONE + np.argmax(probs[:, READER_VALUES], axis=1)
    assert read.tolist() == [f.value for f in faces]
    assert np.argmax(value_shares(probs), axis=1).tolist() == [f.value - 1 for f in faces]
