"""Training samples from the rendered scenes' cache (`vision.training.scenes`): whole scenes for
the detector and crops for the die reader (top faces with their values; side faces and the
things that are no dice, such as keys, coins and a tray's wall, as "not a die").

numpy and OpenCV only, so the samples can be looked at and tested without PyTorch.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.net import CROP, die_crop
from vision.training.augment import NOT_A_DIE, Face, Sample, _photometric
from vision.training.render import Label
from vision.training.scenes import load_scene, made

U8 = npt.NDArray[np.uint8]
Rng = np.random.Generator

# The cache is growing while a training runs: look for new scenes this often (samples).
_RESCAN = 2000


class RenderedScenes:
    """Samples from a cache folder of rendered scenes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.indices = made(folder)
        self._drawn = 0

    def __len__(self) -> int:
        return len(self.indices)

    def _pick(self, rng: Rng) -> tuple[U8, list[Label]]:
        self._drawn += 1
        if self._drawn % _RESCAN == 0:
            self.indices = made(self.folder) or self.indices
        return load_scene(self.folder, self.indices[int(rng.integers(len(self.indices)))])

    def scene(self, rng: Rng, side: int) -> Sample:
        """A rendered scene, turned by a multiple of 90 degrees or mirrored, with the camera's
        light, colour, blur, noise and compression varied; its top faces as the targets."""
        img, labels = self._pick(rng)
        if img.shape[0] != side or img.shape[1] != side:
            scale = side / max(img.shape[:2])
            img = np.asarray(cv2.resize(img, (side, side)), np.uint8)
            labels = [Label(a.cx * scale, a.cy * scale, a.size * scale, a.value) for a in labels]
        faces = [Face(a.cx, a.cy, a.size, a.value) for a in labels if a.value >= 1]
        turns = int(rng.integers(4))
        for _ in range(turns):  # 90 degrees clockwise: (x, y) -> (side - 1 - y, x)
            img = np.ascontiguousarray(np.rot90(img, -1))
            faces = [Face(side - f.cy, f.cx, f.size, f.value) for f in faces]
        if rng.random() < 0.5:
            img = np.ascontiguousarray(img[:, ::-1])
            faces = [Face(side - f.cx, f.cy, f.size, f.value) for f in faces]
        typical = float(np.median([f.size for f in faces])) if faces else 30.0
        return Sample(_photometric(rng, img, typical), tuple(faces))

    def crops(self, rng: Rng, count: int) -> tuple[U8, npt.NDArray[np.int64]]:
        """Die reader crops: top faces (their value, the box a little off) and, as "not a die",
        side faces, lures and the table at a die's size."""
        xs = np.empty((count, CROP, CROP, 3), np.uint8)
        ys = np.zeros(count, np.int64)
        i = 0
        while i < count:
            img, labels = self._pick(rng)
            tops = [a for a in labels if a.value >= 1]
            others = [a for a in labels if a.value < 1]
            for _ in range(8):
                if i >= count:
                    break
                roll = rng.random()
                if tops and roll < 0.55:
                    a = tops[int(rng.integers(len(tops)))]
                    cx = a.cx + rng.normal(0, 0.06) * a.size
                    cy = a.cy + rng.normal(0, 0.06) * a.size
                    size, label = a.size * math.exp(rng.normal(0, 0.1)), a.value
                elif others and roll < 0.85:
                    a = others[int(rng.integers(len(others)))]
                    cx = a.cx + rng.normal(0, 0.08) * a.size
                    cy = a.cy + rng.normal(0, 0.08) * a.size
                    size, label = a.size * math.exp(rng.normal(0, 0.15)), NOT_A_DIE
                    # a side face seen steeply lies close to its top: that crop is a die
                    if any(math.hypot(cx - t.cx, cy - t.cy) < 0.45 * t.size for t in tops):
                        continue
                else:
                    typical = float(np.median([a.size for a in tops])) if tops else 30.0
                    size = typical * math.exp(rng.normal(0, 0.3))
                    cx, cy = rng.uniform(0, img.shape[1]), rng.uniform(0, img.shape[0])
                    if any(math.hypot(cx - a.cx, cy - a.cy) < 0.6 * a.size for a in labels):
                        continue
                    label = NOT_A_DIE
                if size < 4:
                    continue
                crop = die_crop(img, cx, cy, size, rng.uniform(0, 360))
                xs[i] = _photometric(rng, crop, CROP / 1.3)
                ys[i] = label
                i += 1
        return xs, ys
