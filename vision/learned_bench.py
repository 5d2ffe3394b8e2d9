"""Benchmark of the learned dice: per-die accuracy of the die reader alone, then helped by k
confirmed dice of each face (k = 1, 3, 10), on sources the networks never trained on.

Each die is cut from its photo at its labelled box (the die reader's own crop), so the figure
is the value read, not the finding. For each k and each of `--trials` draws, k dice of each
face are "confirmed" (kept as a family would keep them) and every die of the other photos is
read; the kept dice's photos are left out of the test.

Run: python -m vision.learned_bench [--trials 10] [SET ...]
"""

from __future__ import annotations

import argparse
import csv
import sys
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import net
from vision.learned import DieFeatures, LearnedDice
from vision.net import U8

SHARED = Path(__file__).resolve().parents[2] / "shared"
LEFT_OUT = Path(__file__).with_name("training") / "left-out"


@dataclass(frozen=True)
class Source:
    """Photos of one source and the networks that never saw them."""

    name: str
    folder: Path
    prefix: str
    networks: Path


SOURCES = (
    Source("matteo", SHARED / "dice-photos", "images/matteo_", LEFT_OUT / "matteo"),
    Source("r55cam", SHARED / "dice-photos-more", "images/r55cam_", net.MODELS),
    Source("r55tray", SHARED / "dice-photos-more", "images/r55tray_", net.MODELS),
    Source("nell", SHARED / "dice-photos-colour", "images/nell_", LEFT_OUT / "nell"),
)


def load_dice(source: Source) -> tuple[U8, np.ndarray, np.ndarray]:
    """Crops, values and photo numbers of every labelled die of a source."""
    crops, values, photos = [], [], []
    rows: dict[str, list[tuple[float, float, float, float, int]]] = {}
    with open(source.folder / "boxes.csv", newline="") as file:
        for row in csv.DictReader(file):
            if row["file"].startswith(source.prefix):
                rows.setdefault(row["file"], []).append(
                    (
                        float(row["x_center"]),
                        float(row["y_center"]),
                        float(row["w"]),
                        float(row["h"]),
                        int(row["value"]),
                    )
                )
    for number, (name, boxes) in enumerate(sorted(rows.items())):
        read = cv2.imread(str(source.folder / name))
        if read is None:
            continue
        image = np.asarray(read, np.uint8)
        h, w = image.shape[:2]
        for x, y, bw, bh, value in boxes:
            size = 0.5 * (bw * w + bh * h)
            crops.append(net.die_crop(image, x * w, y * h, size))
            values.append(value)
            photos.append(number)
    return np.stack(crops), np.asarray(values, np.int8), np.asarray(photos)


def measure(source: Source, ks: tuple[int, ...], trials: int) -> list[str]:
    """Table rows for one source."""
    crops, values, photos = load_dice(source)
    describe = DieFeatures(source.networks)
    features, probs = describe.describe(crops)
    alone = np.argmax(probs[:, net.READER_VALUES], axis=1) + net.ReaderColumn.ONE
    lines = [
        f"{source.name:8} {len(values):5} dice  die reader alone "
        f"{np.mean(alone == values):.2%}  (networks: {source.networks.name})"
    ]
    rng = np.random.default_rng(0)
    for k in ks:
        if min(np.count_nonzero(values == face) for face in range(1, 7)) <= 2 * k:
            lines.append(f"{'':8} k={k:<3} too few dice of some face")
            continue
        before, after = [], []
        for _ in range(trials):
            kept = np.concatenate(
                [
                    rng.choice(np.flatnonzero(values == face), k, replace=False)
                    for face in range(1, 7)
                    if np.count_nonzero(values == face) > k
                ]
            )
            test = ~np.isin(photos, photos[kept])
            store = LearnedDice()
            store.add(crops[kept], values[kept])
            store._features = features[kept]  # the same features the reader would compute
            decided = store.decide(features[test], probs[test], describe)
            before.append(float(np.mean(alone[test] == values[test])))
            after.append(float(np.mean(np.array([v for v, _ in decided]) == values[test])))
        lines.append(
            f"{'':8} k={k:<3} {np.mean(before):.2%} -> {np.mean(after):.2%} "
            f"(worst trial {min(np.array(after) - np.array(before)):+.2%}, "
            f"{int(np.count_nonzero(test))} dice tested)"
        )
    return lines


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("sets", nargs="*", help="source names (default: all)")
    options = parser.parse_args()
    for source in SOURCES:
        if options.sets and source.name not in options.sets:
            continue
        if not (source.folder / "boxes.csv").is_file() or not source.networks.is_dir():
            print(f"{source.name}: not found, skipped", file=sys.stderr)
            continue
        for line in measure(source, (1, 3, 10), options.trials):
            print(line, flush=True)


if __name__ == "__main__":
    main()
