"""Rendered scenes cached on disk, made incrementally: scene N of a seed is always the same
image (its random generator is seeded by the seed and N), so a cache can be grown by any
session, resumed after a stop, and rebuilt identically.

Layout: ROOT/v{RENDER_VERSION}-s{SEED}-{SIZE}/NNNN/NNNNNNN.jpg with NNNNNNN.json beside it
(the labels: centre, size across and value of each top face, SIDE_FACE for a side face, LURE
for a thing that is no die). A scene counts once its JSON is written (after its image), so a
stopped run leaves no half scene behind.

Usage: python -m vision.training.scenes [--root DIR] [--count N] [--seed S] [--size PX]
    [--workers N]
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision.training.render import Label, render_scene

# Bumped when the renderer changes what a seed makes: old caches are then not mixed in.
U8 = npt.NDArray[np.uint8]
RENDER_VERSION = 4
ROOT = Path(__file__).resolve().parents[2] / "artifacts" / "rendered"
JPEG_QUALITY = 95


def cache_dir(root: Path = ROOT, seed: int = 1, size: int = 256) -> Path:
    """The folder of one seed's scenes at one size."""
    return root / f"v{RENDER_VERSION}-s{seed}-{size}"


def scene_paths(folder: Path, index: int) -> tuple[Path, Path]:
    """The image and label files of scene `index`."""
    sub = folder / f"{index // 1000:04d}"
    return sub / f"{index:07d}.jpg", sub / f"{index:07d}.json"


def make_scene(folder: Path, seed: int, index: int, size: int) -> bool:
    """Render and write scene `index` unless it is there; whether it was made."""
    img_path, label_path = scene_paths(folder, index)
    if label_path.is_file():
        return False
    cv2.setNumThreads(1)
    scene = render_scene(np.random.default_rng([seed, index]), size, size)
    img_path.parent.mkdir(parents=True, exist_ok=True)
    ok, buf = cv2.imencode(".jpg", scene.img, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise OSError(f"cannot encode scene {index}")
    img_path.write_bytes(buf.tobytes())
    labels = [
        [round(lab.cx, 2), round(lab.cy, 2), round(lab.size, 2), lab.value] for lab in scene.labels
    ]
    tmp = label_path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"tilt": round(scene.tilt, 1), "labels": labels}))
    os.replace(tmp, label_path)
    return True


def made(folder: Path) -> list[int]:
    """The indices of the scenes written in a cache folder."""
    if not folder.is_dir():
        return []
    return sorted(int(p.stem) for p in folder.glob("*/*.json"))


def load_scene(folder: Path, index: int) -> tuple[U8, list[Label]]:
    """A cached scene's image (BGR) and labels."""
    img_path, label_path = scene_paths(folder, index)
    img = cv2.imread(str(img_path), cv2.IMREAD_COLOR)
    if img is None:
        raise FileNotFoundError(img_path)
    data = json.loads(label_path.read_text())
    return np.asarray(img, np.uint8), [Label(*row) for row in data["labels"]]


def _chunks(start: int, stop: int, step: int) -> Iterator[range]:
    for a in range(start, stop, step):
        yield range(a, min(stop, a + step))


def _make_range(folder: Path, seed: int, indices: range, size: int) -> int:
    return sum(make_scene(folder, seed, i, size) for i in indices)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--count", type=int, default=20000, help="scenes 0..N-1 of the seed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=256)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    folder = cache_dir(args.root, args.seed, args.size)
    have = set(made(folder))
    print(f"{folder}: {len(have)} scenes there, making up to {args.count}", flush=True)
    start, done = time.monotonic(), 0
    chunks = [r for r in _chunks(0, args.count, 200) if not set(r) <= have]
    if args.workers <= 1:
        results: Iterator[int] = (_make_range(folder, args.seed, r, args.size) for r in chunks)
    else:
        pool = ProcessPoolExecutor(args.workers)
        results = pool.map(
            _make_range,
            [folder] * len(chunks),
            [args.seed] * len(chunks),
            chunks,
            [args.size] * len(chunks),
        )
    for n in results:
        done += n
        rate = done / max(time.monotonic() - start, 1e-6) * 60
        print(f"{len(have) + done} scenes ({rate:.0f} a minute)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
