"""The rendered scenes (`vision.training.render`, `scenes`, `rendered`): a scene is the same
image from the same seed, its labels are where its dice are, the cache grows and resumes, and
samples made from it keep their labels. Rendering never runs in the default test command:
these run with MISSDICE_RENDER_TESTS=1 (a few tiny scenes, a second or two)."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("MISSDICE_RENDER_TESTS") != "1",
    reason="rendering is not part of the default test run (set MISSDICE_RENDER_TESTS=1)",
)


def test_a_scene_is_the_same_from_the_same_seed() -> None:
    from vision.training.render import render_scene

    a = render_scene(np.random.default_rng([5, 1]), 96, 96)
    b = render_scene(np.random.default_rng([5, 1]), 96, 96)
    c = render_scene(np.random.default_rng([5, 2]), 96, 96)
    assert np.array_equal(a.img, b.img) and a.labels == b.labels
    assert not np.array_equal(a.img, c.img)


@pytest.mark.parametrize("tilt", [0.0, 45.0])
def test_each_die_has_its_top_face_labelled_in_the_frame(tilt: float) -> None:
    from vision.training.render import random_look, render_scene

    rng = np.random.default_rng([6, int(tilt)])
    scene = render_scene(rng, 128, 96, tilt, random_look(rng, "opaque", "dark"), 3, 24.0)
    tops = scene.tops
    assert 1 <= len(tops) <= 3 and len(scene.looks) == len(tops)
    for top in tops:
        assert 0 <= top.cx < 128 and 0 <= top.cy < 96 and 1 <= top.value <= 6
        assert 12 < top.size < 48  # about the size asked for, foreshortened or nearer
        # the face differs from a plain table: its pips are there
        x, y, r = round(top.cx), round(top.cy), max(2, round(top.size / 3))
        assert scene.img[y - r : y + r, x - r : x + r].std() > 10


def test_an_empty_table_has_no_top_face() -> None:
    from vision.training.render import LURE, render_scene

    scene = render_scene(np.random.default_rng(3), 128, 96, 20.0, None, 0, 30.0, "desk")
    assert scene.tops == []
    assert any(label.value == LURE for label in scene.labels)  # the keys are lures


def test_the_cache_grows_resumes_and_rebuilds_the_same(tmp_path: Path) -> None:
    from vision.training.scenes import load_scene, made, main, scene_paths

    argv = ["--root", str(tmp_path), "--seed", "9", "--size", "64"]
    assert main([*argv, "--count", "2"]) == 0
    folder = next(tmp_path.iterdir())
    assert made(folder) == [0, 1]
    first = load_scene(folder, 1)
    assert main([*argv, "--count", "3"]) == 0  # grows by one
    assert made(folder) == [0, 1, 2]
    _, label_path = scene_paths(folder, 1)
    label_path.unlink()  # a scene cut short is made again, the same
    assert main([*argv, "--count", "3"]) == 0
    again = load_scene(folder, 1)
    assert np.array_equal(first[0], again[0]) and first[1] == again[1]


def test_samples_from_the_cache_keep_their_labels(tmp_path: Path) -> None:
    from vision.net import CROP
    from vision.training.rendered import RenderedScenes
    from vision.training.scenes import main

    main(["--root", str(tmp_path), "--seed", "4", "--size", "64", "--count", "6"])
    source = RenderedScenes(next(tmp_path.iterdir()))
    assert len(source) == 6
    rng = np.random.default_rng(0)
    for _ in range(6):
        sample = source.scene(rng, 64)
        assert sample.img.shape == (64, 64, 3)
        assert all(0 <= f.cx <= 64 and 0 <= f.cy <= 64 for f in sample.faces)
    xs, ys = source.crops(rng, 20)
    assert xs.shape == (20, CROP, CROP, 3) and set(ys.tolist()) <= set(range(7))


def test_the_onnx_weights_load_into_the_training_networks() -> None:
    torch = pytest.importorskip("torch", reason="the train extra (PyTorch) is not installed")
    pytest.importorskip("onnx", reason="the train extra (onnx) is not installed")
    import cv2

    from vision.net import CROP, MODELS, PIXEL_MEAN, PIXEL_SCALE, READER_FILE
    from vision.training.train import Reader, _to_input, load_onnx_weights

    reader = Reader()
    load_onnx_weights(reader, MODELS / READER_FILE)
    reader.eval()
    crop = np.random.default_rng(1).integers(0, 256, (CROP, CROP, 3), dtype=np.uint8)
    net = cv2.dnn.readNetFromONNX(str(MODELS / READER_FILE))
    net.setInput(cv2.dnn.blobFromImage(crop, PIXEL_SCALE, (CROP, CROP), (PIXEL_MEAN,) * 3))
    with torch.no_grad():
        mine = reader(_to_input(torch.from_numpy(crop[None].copy()))).numpy()
    assert np.abs(mine - net.forward()).max() < 1e-4


def test_a_training_goes_on_from_its_checkpoint(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch", reason="the train extra (PyTorch) is not installed")
    from vision.training.train import Reader, _train

    def batches() -> object:
        while True:
            yield torch.zeros(4, 3, 32, 32), torch.zeros(4, dtype=torch.long)

    def loss(m: Any, b: Any) -> Any:
        return torch.nn.functional.cross_entropy(m.logits(b[0]), b[1])

    ckpt = tmp_path / "reader.ckpt"
    cpu = torch.device("cpu")
    _train(Reader(), batches(), 4, None, loss, cpu, "reader", 1e-3, ckpt, 2)
    assert torch.load(ckpt)["step"] == 4
    _train(Reader(), batches(), 6, None, loss, cpu, "reader", 1e-3, ckpt, 2)
    assert torch.load(ckpt)["step"] == 6


@pytest.mark.parametrize("spread", [0.46, 0.64])
def test_a_sixs_pips_never_touch(spread: float) -> None:
    import cv2

    from vision.training.render import face_texture, random_look

    rng = np.random.default_rng(4)
    look = dataclasses.replace(
        random_look(rng, "opaque", "dark"), pip_radius=0.12, pip_spread=spread
    )
    _, _, pips = face_texture(look, 6, rng)
    count, _ = cv2.connectedComponents((pips > 0.1).astype(np.uint8))
    assert count - 1 == 6


def test_no_die_is_placed_at_or_behind_the_lens() -> None:
    """A camera a die's height above the table: dice there would reach its lens."""
    from vision.training.render import _place_dice, camera

    for seed in range(20):
        rng = np.random.default_rng([12, seed])
        side = 20.0
        cam = camera(rng, 256, 256, float(rng.uniform(0, 60)), distance=1.2 * side)
        dice = _place_dice(rng, cam, 6, side)
        for die in dice:
            assert cam.depth(die.vertices()).min() >= 0.5 * die.side


def test_a_shadows_blur_stays_within_the_image(monkeypatch: pytest.MonkeyPatch) -> None:
    """A die filling far more than the frame once asked OpenCV for a 5 GB blur kernel."""
    import cv2

    from vision.training import render

    rng = np.random.default_rng(13)
    cam = render.camera(rng, 128, 96, 0.0, distance=200.0)
    die = render._new_die(rng, np.zeros(3), 150.0, 0.0, render.random_look(rng))
    blur = cv2.GaussianBlur
    sigmas: list[float] = []

    def spy(src: Any, ksize: Any, sigma: float) -> Any:
        sigmas.append(sigma)
        return blur(src, ksize, sigma)

    monkeypatch.setattr(cv2, "GaussianBlur", spy)
    img = np.full((96, 128, 3), 128, np.float32)
    render._shadows(img, cam, [die], np.array([0.3, 0.2, 1.0]), 1.0)
    assert sigmas and max(sigmas) <= 128 / 4


def test_a_translucent_die_shows_its_far_faces_pips() -> None:
    """Straight down on a translucent 1: the 6 under it shows through, as on real dice, with
    no ring of its face's body colour around each pip (the table here darker than the die)."""
    import cv2

    from vision.training import render

    def top_face(body: str, opacity: float, table: float) -> npt.NDArray[np.float32]:
        """The darkest channel of the face's middle half, the 1's own pip painted out."""
        rng = np.random.default_rng(21)
        look = dataclasses.replace(
            render.random_look(rng, "translucent", "dark"),
            body=body,
            body_bgr=(190.0, 200.0, 210.0),
            pip_bgr=(30.0, 30.0, 30.0),
            one_scale=1.0,
            pip_radius=0.08,
            opacity=opacity,
        )
        cam = render.camera(rng, 128, 128, 0.0, distance=130.0)
        die = render._Die(np.zeros(3), 40.0, 0.0, render._values(rng, 1), look)
        img = np.full((128, 128, 3), table, np.float32)
        ids = np.zeros((128, 128), np.int32)
        light = np.array([0.0, 0.0, 1.0])
        render._draw_die(img, ids, 1, cam, die, light, 0.6, 1.0, "daylight", cam.position, rng)
        quad = cam.project(die.corners(0))
        side = float(np.linalg.norm(quad[1] - quad[0]))
        grey = np.asarray(img.min(axis=2), np.float32)
        body_grey = float(np.median(grey[ids == 1]))
        centre = quad.mean(axis=0)
        cv2.circle(grey, (round(centre[0]), round(centre[1])), round(0.13 * side), body_grey, -1)
        x0, y0 = np.round(centre - side / 4).astype(int)
        x1, y1 = np.round(centre + side / 4).astype(int)
        return grey[y0:y1, x0:x1]

    assert np.ptp(top_face("opaque", 1.0, 200.0)) < 3
    # the far pips, on a light table: a near pip is 160 levels darker than the body
    on_light = top_face("translucent", 0.5, 200.0)
    assert np.median(on_light) - on_light.min() > 25
    on_dark = top_face("translucent", 0.5, 60.0)
    assert on_dark.max() - np.median(on_dark) < 2  # no light rims (6 levels in version 3)
