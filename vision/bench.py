"""Benchmark the reader on a folder of labelled photos.

Usage: python -m vision.bench ../shared/dice-photos [--limit N] [--show-failures]
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import read_dice


@dataclass(frozen=True)
class Case:
    """One labelled photo."""

    file: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Outcome:
    """What the reader made of one photo, and how long it took."""

    case: Case
    got: tuple[int, ...]
    ms: float
    decode_ms: float
    pixels: int

    @property
    def exact(self) -> bool:
        return self.got == self.case.values

    @property
    def matched(self) -> int:
        return sum((Counter(self.got) & Counter(self.case.values)).values())


def load_cases(root: Path) -> list[Case]:
    """The photos listed in manifest.csv with their sorted face values."""
    with (root / "manifest.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return [Case(row["file"], tuple(sorted(int(v) for v in row["values"].split()))) for row in rows]


def run_case(root: Path, case: Case) -> Outcome:
    """Decode one photo and read it, timing both."""
    data = np.fromfile(str(root / case.file), dtype=np.uint8)
    t0 = time.perf_counter()
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    t1 = time.perf_counter()
    if frame is None:
        raise OSError(f"cannot decode {case.file}")
    reading = read_dice(np.asarray(frame, dtype=np.uint8))
    t2 = time.perf_counter()
    h, w = frame.shape[:2]
    return Outcome(case, reading.values, (t2 - t1) * 1e3, (t1 - t0) * 1e3, h * w)


def summarise(outcomes: list[Outcome]) -> list[str]:
    """The benchmark report lines."""
    n = len(outcomes)
    truth = sum(len(o.case.values) for o in outcomes)
    got = sum(len(o.got) for o in outcomes)
    matched = sum(o.matched for o in outcomes)
    false = sum(max(0, len(o.got) - len(o.case.values)) for o in outcomes)
    missed = sum(max(0, len(o.case.values) - len(o.got)) for o in outcomes)
    wrong = sum(min(len(o.got), len(o.case.values)) - o.matched for o in outcomes)
    exact = sum(o.exact for o in outcomes)
    ms = [o.ms for o in outcomes]
    norm = [o.ms * (1280 * 720) / o.pixels for o in outcomes]
    ratio = sum(ms) / max(sum(o.decode_ms for o in outcomes), 1e-9)
    by_source: dict[str, list[int]] = {}
    for o in outcomes:
        source = Path(o.case.file).name.split("_")[0]
        tally = by_source.setdefault(source, [0, 0])
        tally[0] += o.exact
        tally[1] += 1
    sources = "  ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(by_source.items()))
    return [
        f"images: {n}  dice: {truth}  read: {got}",
        f"exact by source: {sources}",
        f"exact-image accuracy: {exact / n:.1%} ({exact}/{n})",
        f"per-die accuracy: {matched / max(truth, 1):.1%} ({matched}/{truth})",
        f"false dice: {false}  missed dice: {missed}  wrong value: {wrong}",
        f"ms per image: median {statistics.median(ms):.2f}  "
        f"normalised to 1280x720: median {statistics.median(norm):.2f}",
        f"reader time / imdecode time: {ratio:.2f}",
    ]


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m vision.bench", description=__doc__)
    parser.add_argument("photos", type=Path, help="folder with manifest.csv and images/")
    parser.add_argument("--limit", type=int, default=0, help="read only the first N photos")
    parser.add_argument("--show-failures", action="store_true", help="list every wrong photo")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    cases = load_cases(args.photos)
    if args.limit > 0:
        cases = cases[: args.limit]
    outcomes = [run_case(args.photos, c) for c in cases]
    if args.show_failures:
        for o in outcomes:
            if not o.exact:
                want = " ".join(map(str, o.case.values)) or "-"
                have = " ".join(map(str, o.got)) or "-"
                print(f"FAIL {o.case.file}: want {want}  got {have}")
    for line in summarise(outcomes):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
