"""The dice networks' training samples (`vision.training.augment`, numpy and OpenCV only): the
targets, the recolouring, and samples made from a small data list of drawn dice."""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from synth import Die, scene

from vision.net import CROP, STRIDE
from vision.training import augment
from vision.training.augment import (
    NOT_A_DIE,
    Face,
    Sampler,
    load_photos,
    printed_label,
    recolour,
    table,
    targets,
)
from vision.training.labels import source_of


def test_a_face_is_one_peak_with_its_size_and_value() -> None:
    heat, size, value, where = targets((Face(100.0, 60.0, 40.0, 5),), 256)
    n = 256 // STRIDE
    assert heat.shape == size.shape == value.shape == where.shape == (n, n)
    peak = np.unravel_index(int(np.argmax(heat)), heat.shape)
    assert heat[peak] == 1.0 and int((heat == 1.0).sum()) == 1
    assert abs(peak[1] - (100 / STRIDE - 0.5)) <= 0.5 and abs(peak[0] - (60 / STRIDE - 0.5)) <= 0.5
    assert value[peak] == 4 and math.isclose(size[peak], math.log(40.0), rel_tol=1e-6)
    assert where.sum() == 9  # the centre and its 8 neighbours are trained on size and value
    assert (value[where == 0] == -1).all()


def test_no_die_no_target() -> None:
    heat, _, value, where = targets((), 64)
    assert heat.max() == 0 and where.max() == 0 and (value == -1).all()


@pytest.mark.parametrize("seed", range(8))
def test_a_recoloured_die_keeps_its_pips_apart(seed: int) -> None:
    die = scene([Die(4, 60, 60, 50)], width=120, height=120)[30:90, 30:90]
    grey = cv2.cvtColor(recolour(die, np.random.default_rng(seed)), cv2.COLOR_BGR2GRAY)
    face = grey[12:48, 12:48].astype(float)
    assert np.percentile(face, 95) - np.percentile(face, 5) > 40


def test_a_drawn_table_is_an_image() -> None:
    img = table(np.random.default_rng(3), 96, 128)
    assert img.shape == (96, 128, 3) and img.dtype == np.uint8


@pytest.mark.parametrize("seed", range(0, 600, 25))
def test_a_printed_label_is_marked_but_has_no_round_pip(seed: int) -> None:
    for rng in (np.random.default_rng(seed + k) for k in range(25)):
        _label_is_marked_but_has_no_round_pip(rng)


def _label_is_marked_but_has_no_round_pip(rng: np.random.Generator) -> None:
    img = np.full((200, 200, 3), 128, np.uint8)
    printed_label(rng, img, 100, 100, 60)
    changed = np.abs(img.astype(int) - 128).max(axis=2) > 0
    assert changed.sum() > 60 * 60 * 0.6  # a label of the size asked is there
    body = np.median(img[changed], axis=0)
    inside = cv2.erode(changed.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0  # no rim
    ink = ((np.abs(img.astype(int) - body).max(axis=2) > 40) & inside).astype(np.uint8)
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    marks = [c for c in contours if cv2.contourArea(c) >= 4]
    assert marks  # something is printed on it
    for mark in marks:
        _, radius = cv2.minEnclosingCircle(mark)
        # a round dot (a pip) fills 0.8 and more of its enclosing circle, a square 0.64
        assert cv2.contourArea(mark) < 0.75 * math.pi * radius**2


def drawn_photos(folder: Path) -> Path:
    """Two drawn photos of white dice and their data list, as labels.py writes it."""
    rows = []
    (folder / "images").mkdir()
    for k, values in enumerate(([1, 2, 3], [4, 5, 6])):
        dice = [Die(v, 80 + 110 * i, 120 + 20 * i, 50, 20.0 * i) for i, v in enumerate(values)]
        name = f"images/drawn_{k}.jpg"
        cv2.imwrite(str(folder / name), scene(dice, width=400, height=300))
        rows += [
            {"set": "drawn", "file": name, "source": "drawn", "cx": d.x, "cy": d.y,
             "size": d.side, "value": d.value}
            for d in dice
        ]  # fmt: skip
    with open(folder / "list.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return folder / "list.csv"


def test_samples_from_a_data_list(tmp_path: Path) -> None:
    photos = load_photos(drawn_photos(tmp_path), {"drawn": tmp_path}, {"drawn"})
    assert [len(p.faces) for p in photos] == [3, 3]
    assert load_photos(tmp_path / "list.csv", {"drawn": tmp_path}, {"nell"}) == []
    sampler = Sampler(photos)
    assert len(sampler.patches) == 6
    rng = np.random.default_rng(0)
    for _ in range(20):
        sample = sampler.scene(rng, 128)
        assert sample.img.shape == (128, 128, 3)
        assert all(0 <= f.cx < 128 and 0 <= f.cy < 128 and 1 <= f.value <= 6 for f in sample.faces)
    xs, ys = sampler.crops(rng, 400)
    assert xs.shape == (400, CROP, CROP, 3)
    assert set(ys.tolist()) <= {NOT_A_DIE, 1, 2, 3, 4, 5, 6}
    dice = int((ys != NOT_A_DIE).sum())
    assert 150 < dice < 320  # both dice and things that are not dice


@pytest.mark.parametrize("seed", range(12))
def test_a_drawn_one_shows_its_big_pip(seed: int) -> None:
    rng = np.random.default_rng(seed)
    crop = augment._big_one_crop(rng, table(rng, 128, 128)).astype(np.float32)
    luma = crop @ np.array([0.114, 0.587, 0.299], np.float32)
    middle = CROP // 2
    assert abs(luma[middle, middle] - luma[middle, middle + 9]) >= 40  # pip against its face


@pytest.mark.parametrize(("share", "asked"), [(0.0, False), (0.3, True)])
def test_printed_labels_are_drawn_only_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, share: float, asked: bool
) -> None:
    drawn: list[float] = []
    monkeypatch.setattr(augment, "printed_label", lambda *args: drawn.append(args[-1]))
    photos = load_photos(drawn_photos(tmp_path), {"drawn": tmp_path}, {"drawn"})
    sampler = Sampler(photos, label_share=share)
    rng = np.random.default_rng(1)
    sampler.crops(rng, 300)
    for _ in range(30):
        sampler.scene(rng, 64)
    assert bool(drawn) == asked  # off by default: it cost real 1s (docs/vision.md)


def test_a_photo_s_source_is_its_name_s_prefix() -> None:
    assert source_of("images/nell_IMG_1.jpg") == "nell"
    assert source_of("images/matteo_valid_valid_61.jpg") == "matteo"
