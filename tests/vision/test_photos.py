"""The reader on the shared development photos: a floor just under what it achieves."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import pytest

from vision.bench import VARIANTS, load_cases, run_case, summarise

REPO = Path(__file__).resolve().parents[2]


def photos_dir() -> Path:
    env = os.environ.get("MISSDICE_DICE_PHOTOS")
    return Path(env) if env else REPO.parent / "shared" / "dice-photos"


PHOTOS = photos_dir()

# Measured: 97.99% exact images, 99.09% of dice; the floors sit just under so a regression fails.
MIN_EXACT = 0.97
MIN_PER_DIE = 0.985
# Turned upside down, as if the camera stood across the table: 92.24% and 96.36% measured.
MIN_EXACT_TURNED = 0.91
MIN_PER_DIE_TURNED = 0.955


needs_photos = pytest.mark.skipif(
    not (PHOTOS / "manifest.csv").is_file(),
    reason=f"dice photos not found at {PHOTOS} (set MISSDICE_DICE_PHOTOS to their folder)",
)


@pytest.mark.slow
@needs_photos
def test_reader_on_shared_photos() -> None:
    cv2.setNumThreads(1)
    outcomes = [run_case(PHOTOS, c) for c in load_cases(PHOTOS)]
    exact = sum(o.exact for o in outcomes) / len(outcomes)
    truth = sum(len(o.case.values) for o in outcomes)
    per_die = sum(o.matched for o in outcomes) / truth
    report = "\n".join(summarise(outcomes))
    assert exact >= MIN_EXACT, report
    assert per_die >= MIN_PER_DIE, report


@pytest.mark.slow
@needs_photos
def test_reader_with_the_camera_across_the_table() -> None:
    # The reader first takes the camera to stand below the frame; turned photos check that it
    # finds the camera elsewhere from the dice's side faces.
    cv2.setNumThreads(1)
    turn = VARIANTS["turned 180 degrees"]
    outcomes = [run_case(PHOTOS, c, turn) for c in load_cases(PHOTOS)]
    exact = sum(o.exact for o in outcomes) / len(outcomes)
    truth = sum(len(o.case.values) for o in outcomes)
    per_die = sum(o.matched for o in outcomes) / truth
    report = "\n".join(summarise(outcomes))
    assert exact >= MIN_EXACT_TURNED, report
    assert per_die >= MIN_PER_DIE_TURNED, report
