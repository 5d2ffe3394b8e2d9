"""The data list the dice network is trained on: one row per die face, from the photos whose
licence allows a shipped model.

- nell-byler (BSD-3-Clause, `dice-photos-colour`): the author's boxes, which cover the whole
  top face. Two photos with a die the author left unboxed are left out.
- matteop65 (MIT, `dice-photos`): the author's boxes often cover only the pips (a 1's box is the
  pip), so each face's box is the classical reader's, kept only on photos it reads exactly and
  where every face it finds lies on an author's box of the same value.

- Rune55 (CC BY 4.0, `dice-photos-more`: `r55cam` and `r55tray`): the labeller's boxes cover
  the whole die, side faces included, so a face's size is the box's shorter side.

Usage: python -m vision.training.labels DICE_PHOTOS DICE_PHOTOS_COLOUR [--more DICE_PHOTOS_MORE]
    [--out FILE]
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np

from vision.reader import read_classic

DATA_LIST = Path(__file__).with_name("dice_boxes.csv")
TRAINABLE = ("matteo", "nell", "r55cam", "r55tray")
FIELDS = ("set", "file", "source", "cx", "cy", "size", "value")
_NELL_UNBOXED = {"images/nell_IMG_20191208_111730.jpg", "images/nell_IMG_20191208_112353.jpg"}


def source_of(file: str) -> str:
    """The source of a development photo, from its name (`images/nell_…` is nell)."""
    return Path(file).name.split("_", 1)[0]


def _boxes(folder: Path) -> dict[str, list[dict[str, str]]]:
    rows: dict[str, list[dict[str, str]]] = defaultdict(list)
    with open(folder / "boxes.csv", newline="") as f:
        for row in csv.DictReader(f):
            rows[row["file"]].append(row)
    return rows


def nell_rows(folder: Path) -> list[dict[str, object]]:
    """The author's face boxes of the colour set, in pixels."""
    out: list[dict[str, object]] = []
    for file, boxes in sorted(_boxes(folder).items()):
        if source_of(file) != "nell" or file in _NELL_UNBOXED:
            continue
        img = np.asarray(cv2.imread(str(folder / file)), np.uint8)
        h, w = img.shape[:2]
        for b in boxes:
            size = (float(b["w"]) * w + float(b["h"]) * h) / 2
            out.append(
                {
                    "set": folder.name,
                    "file": file,
                    "source": "nell",
                    "cx": round(float(b["x_center"]) * w, 1),
                    "cy": round(float(b["y_center"]) * h, 1),
                    "size": round(size, 1),
                    "value": int(b["value"]),
                }
            )
    return out


def more_rows(folder: Path) -> list[dict[str, object]]:
    """The labeller's boxes of the CC BY 4.0 photos (whole dice: the face is the shorter
    side)."""
    out: list[dict[str, object]] = []
    for file, boxes in sorted(_boxes(folder).items()):
        img = np.asarray(cv2.imread(str(folder / file)), np.uint8)
        h, w = img.shape[:2]
        for b in boxes:
            out.append(
                {
                    "set": folder.name,
                    "file": file,
                    "source": source_of(file),
                    "cx": round(float(b["x_center"]) * w, 1),
                    "cy": round(float(b["y_center"]) * h, 1),
                    "size": round(min(float(b["w"]) * w, float(b["h"]) * h), 1),
                    "value": int(b["value"]),
                }
            )
    return out


def matteo_rows(folder: Path) -> list[dict[str, object]]:
    """Face boxes of the MIT photos, from the classical reader where it agrees with the author."""
    out: list[dict[str, object]] = []
    for file, boxes in sorted(_boxes(folder).items()):
        if source_of(file) != "matteo":
            continue
        img = np.asarray(cv2.imread(str(folder / file)), np.uint8)
        h, w = img.shape[:2]
        reading = read_classic(img)
        if list(reading.values) != sorted(int(b["value"]) for b in boxes):
            continue
        agreed = []
        for die in reading.dice:
            cx, cy = die.center
            on_box = [
                b
                for b in boxes
                if abs(float(b["x_center"]) * w - cx) <= max(die.size) / 2
                and abs(float(b["y_center"]) * h - cy) <= max(die.size) / 2
                and int(b["value"]) == die.value
            ]
            if not on_box:
                break
            agreed.append(die)
        else:
            for die in agreed:
                out.append(
                    {
                        "set": folder.name,
                        "file": file,
                        "source": "matteo",
                        "cx": round(die.center[0], 1),
                        "cy": round(die.center[1], 1),
                        "size": round(max(die.size), 1),
                        "value": die.value,
                    }
                )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dice_photos", type=Path)
    parser.add_argument("dice_photos_colour", type=Path)
    parser.add_argument("--more", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=DATA_LIST)
    args = parser.parse_args(argv)
    rows = matteo_rows(args.dice_photos) + nell_rows(args.dice_photos_colour)
    if args.more is not None:
        rows += more_rows(args.more)
    with open(args.out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    photos = len({(r["set"], r["file"]) for r in rows})
    print(f"{len(rows)} faces on {photos} photos -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
