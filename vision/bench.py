"""Benchmark the reader on a folder of labelled photos.

Usage: python -m vision.bench PHOTOS [PHOTOS ...] [--limit N] [--show-failures] [--variants]
    [--no-frames] [--networks-only] [--networks FOLDER] [--left-out FOLDER]

Each folder of photos (a development set) is reported on its own, then a table gives every
source of photos across the sets, leave-one-source-out: a source the networks were trained on
(matteo, nell) is read again by networks trained without it (`vision/training/left-out/SOURCE`,
made by `vision.training.train --leave-out SOURCE`); the other sources were never trained on.
Accuracy is read on the photos as they are. Time is given three ways: per photo as it is, that
time scaled to a 1280x720 frame by pixel count (pessimistic: much of the reader's time goes per
pip and per die, not per pixel), and measured on real 1280x720 frames made from the photos
(each enlarged to cover 1280x720 and cut to it, best of three reads). `--variants` also reads
altered copies of the photos (mirrored, turned, scaled, recompressed, darkened) as a guess at
how unseen photos will read, and each photo as a camera frame (scaled to fit 1280x720 whole,
the rest its edges repeated), the size the camera reads at.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision import read_dice
from vision.net import DETECTOR_FILE, MODELS, READER_FILE, networks, use_networks

U8 = npt.NDArray[np.uint8]
HD = (1280, 720)
# The sources the shipped networks learnt from, and where networks trained without each lie.
TRAINED_ON = ("matteo", "nell")
LEFT_OUT = Path(__file__).parent / "training" / "left-out"
# Reads of each 1280x720 frame; the best is kept, as the machine's other work only adds time.
HD_REPEATS = 3
# The columns of a set's manifest that say what a rendered scene shows.
KINDS = ("body", "pips", "tilt")


@dataclass(frozen=True)
class Case:
    """One labelled photo."""

    file: str
    values: tuple[int, ...]
    kinds: tuple[tuple[str, str], ...] = ()
    """What a rendered scene shows (body, pips, tilt), for the tables by kind."""


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


@dataclass(frozen=True)
class Tally:
    """How many photos were read exactly, and how many dice right, of how many."""

    exact: int
    images: int
    matched: int
    dice: int

    @classmethod
    def of(cls, outcomes: list[Outcome]) -> Tally:
        """The tally of a run."""
        return cls(
            sum(o.exact for o in outcomes),
            len(outcomes),
            sum(o.matched for o in outcomes),
            sum(len(o.case.values) for o in outcomes),
        )

    @property
    def exact_share(self) -> float:
        return self.exact / max(self.images, 1)

    @property
    def per_die_share(self) -> float:
        return self.matched / max(self.dice, 1)


def load_cases(root: Path) -> list[Case]:
    """The photos listed in manifest.csv with their sorted face values."""
    with (root / "manifest.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    return [
        Case(
            row["file"],
            tuple(sorted(int(v) for v in row["values"].split())),
            tuple((k, row[k]) for k in KINDS if k in row),
        )
        for row in rows
    ]


def kind_table(outcomes: list[Outcome]) -> list[str]:
    """Per-die accuracy and exact scenes by body kind, pip kind and camera tilt, where the set
    says them (the synthetic set); the weak cells show."""
    lines: list[str] = []
    for kind in KINDS:
        groups: dict[str, list[Outcome]] = {}
        for o in outcomes:
            label = dict(o.case.kinds).get(kind)
            if label is not None:
                groups.setdefault(label, []).append(o)
        if not groups:
            continue
        lines.append(f"{'by ' + kind:<20} {'exact scenes':>22} {'dice':>22}  false dice")
        for label, part in sorted(groups.items(), key=lambda kv: _kind_order(kv[0])):
            tally = Tally.of(part)
            false = sum(max(0, len(o.got) - len(o.case.values)) for o in part)
            exact, per_die = _share(tally.exact, tally.images), _share(tally.matched, tally.dice)
            lines.append(f"{label:<20} {exact:>22} {per_die:>22}  {false}")
    return lines


def _kind_order(label: str) -> tuple[int, float | str]:
    try:
        return 0, float(label)
    except ValueError:
        return 1, label


def _decode(data: U8, name: str) -> U8:
    frame = cv2.imdecode(data, cv2.IMREAD_COLOR)
    if frame is None:
        raise OSError(f"cannot decode {name}")
    return np.asarray(frame, dtype=np.uint8)


# Whether the pip counter reads beside the networks (`--networks-only` measures without it).
PIP_COUNTER = [True]


def run_case(root: Path, case: Case, change: Callable[[U8], U8] | None = None) -> Outcome:
    """Decode one photo (altered by `change`, if given) and read it, timing both."""
    data = np.fromfile(str(root / case.file), dtype=np.uint8)
    t0 = time.perf_counter()
    frame = _decode(data, case.file)
    t1 = time.perf_counter()
    if change is not None:
        frame = change(frame)
        t1 = time.perf_counter()
    reading = read_dice(frame, pip_counter=PIP_COUNTER[0])
    t2 = time.perf_counter()
    h, w = frame.shape[:2]
    return Outcome(case, reading.values, (t2 - t1) * 1e3, (t1 - t0) * 1e3, h * w)


def hd_frame(frame: U8) -> U8:
    """A 1280x720 frame made from a photo: enlarged to cover it, and cut to it in the middle."""
    h, w = frame.shape[:2]
    scale = max(HD[0] / w, HD[1] / h)
    size = (max(HD[0], round(w * scale)), max(HD[1], round(h * scale)))
    big = cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR)
    y0, x0 = (size[1] - HD[1]) // 2, (size[0] - HD[0]) // 2
    return np.ascontiguousarray(big[y0 : y0 + HD[1], x0 : x0 + HD[0]])


def time_hd(root: Path, case: Case) -> tuple[float, float]:
    """Milliseconds to read a 1280x720 frame made from the photo, and to decode it as a JPEG."""
    frame = hd_frame(_decode(np.fromfile(str(root / case.file), dtype=np.uint8), case.file))
    jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 90])[1]
    read = decode = float("inf")
    for _ in range(HD_REPEATS):
        t0 = time.perf_counter()
        cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
        t1 = time.perf_counter()
        read_dice(frame, pip_counter=PIP_COUNTER[0])
        t2 = time.perf_counter()
        decode, read = min(decode, t1 - t0), min(read, t2 - t1)
    return read * 1e3, decode * 1e3


def _scaled(factor: float) -> Callable[[U8], U8]:
    method = cv2.INTER_LINEAR if factor > 1 else cv2.INTER_AREA
    return lambda f: np.asarray(cv2.resize(f, None, fx=factor, fy=factor, interpolation=method))


def _recompressed(quality: int) -> Callable[[U8], U8]:
    def change(frame: U8) -> U8:
        jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
        return _decode(jpeg, "recompressed frame")

    return change


def in_camera_frame(frame: U8) -> U8:
    """A 1280x720 camera frame holding the whole photo: scaled to fit in the middle, the rest
    its edges repeated (unlike `hd_frame`, no die is cut off, so the frame can be scored)."""
    h, w = frame.shape[:2]
    scale = min(HD[0] / w, HD[1] / h)
    size = (min(HD[0], max(1, round(w * scale))), min(HD[1], max(1, round(h * scale))))
    method = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    fitted = cv2.resize(frame, size, interpolation=method)
    w, h = size
    top, left = (HD[1] - h) // 2, (HD[0] - w) // 2
    bottom, right = HD[1] - h - top, HD[0] - w - left
    return np.asarray(
        cv2.copyMakeBorder(fitted, top, bottom, left, right, cv2.BORDER_REPLICATE), np.uint8
    )


VARIANTS: dict[str, Callable[[U8], U8]] = {
    "mirrored": lambda f: np.ascontiguousarray(cv2.flip(f, 1)),
    "turned 90 degrees": lambda f: np.ascontiguousarray(cv2.rotate(f, cv2.ROTATE_90_CLOCKWISE)),
    "turned 180 degrees": lambda f: np.ascontiguousarray(cv2.rotate(f, cv2.ROTATE_180)),
    "scaled to 200%": _scaled(2.0),
    "scaled to 75%": _scaled(0.75),
    "JPEG quality 30": _recompressed(30),
    "60% brightness": lambda f: np.asarray(cv2.convertScaleAbs(f, alpha=0.6)),
    "in a 1280x720 frame": in_camera_frame,
}


def _share(part: int, whole: int) -> str:
    # Two decimals: 978 of 988 is 98.99%, which one decimal would round up to the 99% target.
    return f"{100 * part / max(whole, 1):.2f}% ({part}/{whole})"


def source_of(case: Case) -> str:
    """The source a photo came from: its file name's prefix (matteo, burak, nell...)."""
    return Path(case.file).name.split("_")[0]


def by_source(outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    """The outcomes grouped by the source of their photos."""
    groups: dict[str, list[Outcome]] = {}
    for o in outcomes:
        groups.setdefault(source_of(o.case), []).append(o)
    return groups


def source_table(
    sets: list[tuple[Path, list[Outcome]]], left_out: dict[str, Path] | None = None
) -> list[str]:
    """Exact photos and dice read right for each source of each set, one line per source: the
    leave-one-source-out figures. A source the networks learnt from is read again by the
    networks of `left_out` trained without it, where there are some."""
    left_out = left_out or {}
    shipped = networks().folder
    # other networks than the shipped ones (--networks) learnt from what their recipe says
    given = shipped.resolve() != MODELS.resolve()
    lines = [
        "leave-one-source-out",
        f"{'source':<10} {'set':<20} {'exact photos':>22} {'dice':>22}  read by",
    ]
    for root, outcomes in sets:
        for name, part in sorted(by_source(outcomes).items()):
            if name in TRAINED_ON and name in left_out:
                use_networks(left_out[name])
                try:
                    part = [run_case(root, o.case) for o in part]
                finally:
                    use_networks(shipped)
                how = f"networks trained without it ({left_out[name]})"
            elif given:
                how = f"the networks in {shipped} (trained on it or not, as their recipe says)"
            elif name in TRAINED_ON:
                how = "networks trained on it (no left-out networks)"
            else:
                how = "networks never trained on it"
            tally = Tally.of(part)
            exact, per_die = _share(tally.exact, tally.images), _share(tally.matched, tally.dice)
            lines.append(f"{name:<10} {root.name:<20} {exact:>22} {per_die:>22}  {how}")
    return lines


def left_out_networks(folder: Path = LEFT_OUT) -> dict[str, Path]:
    """The networks trained without each source, by source, found under `folder`."""
    if not folder.is_dir():
        return {}
    return {
        sub.name: sub
        for sub in sorted(folder.iterdir())
        if (sub / DETECTOR_FILE).is_file() and (sub / READER_FILE).is_file()
    }


def summarise(outcomes: list[Outcome], hd: list[tuple[float, float]] | None = None) -> list[str]:
    """The benchmark report lines (with the 1280x720 frame times, when measured)."""
    tally = Tally.of(outcomes)
    got = sum(len(o.got) for o in outcomes)
    false = sum(max(0, len(o.got) - len(o.case.values)) for o in outcomes)
    missed = sum(max(0, len(o.case.values) - len(o.got)) for o in outcomes)
    wrong = sum(min(len(o.got), len(o.case.values)) - o.matched for o in outcomes)
    ms = [o.ms for o in outcomes]
    norm = [o.ms * (HD[0] * HD[1]) / o.pixels for o in outcomes]
    ratio = sum(ms) / max(sum(o.decode_ms for o in outcomes), 1e-9)
    sources = "  ".join(
        f"{name} {Tally.of(part).exact}/{len(part)}"
        for name, part in sorted(by_source(outcomes).items())
    )
    lines = [
        f"images: {tally.images}  dice: {tally.dice}  read: {got}",
        f"exact by source: {sources}",
        f"exact-image accuracy: {_share(tally.exact, tally.images)}",
        f"per-die accuracy: {_share(tally.matched, tally.dice)}",
        f"false dice: {false}  missed dice: {missed}  wrong value: {wrong}",
        f"ms per image: median {statistics.median(ms):.2f}  "
        f"scaled to 1280x720 by pixel count: median {statistics.median(norm):.2f}",
        f"reader time / imdecode time: {ratio:.2f}",
    ]
    if hd:
        read = [r for r, _ in hd]
        lines += [
            "ms per 1280x720 frame (each photo enlarged and cut to 1280x720, best of "
            f"{HD_REPEATS} reads): median {statistics.median(read):.2f}  "
            f"90th percentile {float(np.percentile(read, 90)):.2f}  worst {max(read):.2f}",
            f"reader time / imdecode time at 1280x720: {sum(read) / sum(d for _, d in hd):.2f}",
        ]
    return lines


def variant_table(root: Path, cases: list[Case]) -> list[str]:
    """Accuracy on altered copies of the photos, one line per change."""
    lines = [f"{'change':<20} {'exact images':>22} {'dice':>22}"]
    for name, change in VARIANTS.items():
        outcomes = [run_case(root, c, change) for c in cases]
        tally = Tally.of(outcomes)
        exact, per_die = _share(tally.exact, tally.images), _share(tally.matched, tally.dice)
        lines.append(f"{name:<20} {exact:>22} {per_die:>22}")
    return lines


def pin_to_one_core() -> None:
    """Run on one CPU core, as the targets are stated for one."""
    cv2.setNumThreads(1)
    if hasattr(os, "sched_setaffinity"):
        cores = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cores[-1]})


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m vision.bench", description=__doc__)
    parser.add_argument(
        "photos", type=Path, nargs="+", help="folders with manifest.csv and images/"
    )
    parser.add_argument("--limit", type=int, default=0, help="read only the first N photos")
    parser.add_argument("--show-failures", action="store_true", help="list every wrong photo")
    parser.add_argument(
        "--variants", action="store_true", help="also read altered copies of the photos"
    )
    parser.add_argument(
        "--no-frames", action="store_true", help="skip the timing on 1280x720 frames"
    )
    parser.add_argument("--networks-only", action="store_true", help="read without the pip counter")
    parser.add_argument(
        "--networks", type=Path, default=None, help="a folder of other networks to measure"
    )
    parser.add_argument(
        "--left-out",
        type=Path,
        default=LEFT_OUT,
        help="a folder of networks trained without each source, one subfolder per source",
    )
    args = parser.parse_args(argv)
    PIP_COUNTER[0] = not args.networks_only
    if args.networks is not None:
        use_networks(args.networks)
    pin_to_one_core()
    sets: list[tuple[Path, list[Outcome]]] = []
    for root in args.photos:
        if not (root / "manifest.csv").is_file():
            parser.error(f"{root}: no manifest.csv (not a folder of labelled photos)")
    for root in args.photos:
        cases = load_cases(root)
        if args.limit > 0:
            cases = cases[: args.limit]
        print(f"== {root.name} ==", flush=True)
        outcomes = [run_case(root, c) for c in cases]
        if args.show_failures:
            for o in outcomes:
                if not o.exact:
                    want = " ".join(map(str, o.case.values)) or "-"
                    have = " ".join(map(str, o.got)) or "-"
                    print(f"FAIL {o.case.file}: want {want}  got {have}")
        hd = [] if args.no_frames else [time_hd(root, c) for c in cases]
        for line in summarise(outcomes, hd):
            print(line)
        for line in kind_table(outcomes):
            print(line)
        if args.variants:
            for line in variant_table(root, cases):
                print(line)
        sets.append((root, outcomes))
    for line in source_table(sets, left_out_networks(args.left_out)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
