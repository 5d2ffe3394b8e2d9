"""The synthetic test set: rendered scenes the networks never train on (their own seed), small
enough to keep in the repository (`tests/vision/synthetic/`), one scene for each body kind,
pip kind and camera tilt, and scenes with no die (a keyboard, a dice tray, coins, cards), so
the benchmark can say which kinds of dice read worst.

Usage: python -m vision.training.synthetic_set [--out DIR]
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import cv2
import numpy as np

from vision.training.render import BODIES, PIPS, random_look, render_scene

OUT = Path(__file__).resolve().parents[2] / "tests" / "vision" / "synthetic"
# Never a training cache's seed (those count up from 1).
SEED = 20261201
TILTS = (0.0, 30.0, 55.0)
EMPTY_TABLES = ("desk", "tray", "coins", "cards")
SIZE = (640, 480)
QUALITY = 85


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    (args.out / "images").mkdir(parents=True, exist_ok=True)
    rows = []
    index = 0
    w, h = SIZE
    for body in BODIES:
        for pips in PIPS:
            for tilt in TILTS:
                rng = np.random.default_rng([SEED, index])
                look = random_look(rng, body, pips)
                count = int(rng.integers(2, 7))
                face = float(np.exp(rng.uniform(np.log(22), np.log(90))))
                scene = render_scene(rng, w, h, tilt, look, count, face)
                name = f"images/synth_{index:03d}_{body}_{pips}_{int(tilt)}.jpg"
                cv2.imwrite(str(args.out / name), scene.img, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
                values = sorted(lab.value for lab in scene.tops)
                rows.append((name, values, body, pips, int(tilt)))
                index += 1
    for kind in EMPTY_TABLES:
        for tilt in TILTS:
            rng = np.random.default_rng([SEED, index])
            scene = render_scene(rng, w, h, tilt, None, 0, 40.0, table_kind=kind)
            name = f"images/synth_{index:03d}_empty_{kind}_{int(tilt)}.jpg"
            cv2.imwrite(str(args.out / name), scene.img, [cv2.IMWRITE_JPEG_QUALITY, QUALITY])
            rows.append((name, [], "none", kind, int(tilt)))
            index += 1
    with open(args.out / "manifest.csv", "w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "values", "n_dice", "body", "pips", "tilt"])
        for name, values, body, pips, tilt in rows:
            writer.writerow([name, " ".join(map(str, values)), len(values), body, pips, tilt])
    print(f"{len(rows)} scenes, {sum(len(r[1]) for r in rows)} dice -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
