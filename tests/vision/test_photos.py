"""The reader on the shared development photos: a floor just under what it achieves."""

from __future__ import annotations

import os
from pathlib import Path

import cv2
import pytest

from vision.bench import VARIANTS, Tally, in_camera_frame, load_cases, run_case, summarise

REPO = Path(__file__).resolve().parents[2]


def photos_dir() -> Path:
    env = os.environ.get("MISSDICE_DICE_PHOTOS")
    return Path(env) if env else REPO.parent / "shared" / "dice-photos"


PHOTOS = photos_dir()


def colour_photos_dir() -> Path:
    env = os.environ.get("MISSDICE_DICE_PHOTOS_COLOUR")
    return Path(env) if env else REPO.parent / "shared" / "dice-photos-colour"


COLOUR_PHOTOS = colour_photos_dir()

# Measured with the networks and the pip counter together: 98.28% exact images (342/348),
# 99.49% of dice (983/988); the floors sit a photo and a die under, so a regression fails.
MIN_EXACT = 0.979
MIN_PER_DIE = 0.9939
# Turned, as if the camera stood beside the table (97.13% exact images and 99.49% of dice
# measured) or across it (97.41% and 99.29%); the floors sit a photo and a die under.
TURNED = {
    "turned 90 degrees": (0.968, 0.9939),
    "turned 180 degrees": (0.971, 0.9919),
}


# The coloured, translucent and crowded dice (150 photos, 1,090 dice), which the networks learnt
# from: measured 89.33% exact photos (134/150) and 98.17% of dice (1070/1090) since doubtful
# faces are read turned too (86.00% and 97.43% before); the floors sit a photo and two dice
# under.
COLOUR_MIN_EXACT = 0.886
COLOUR_MIN_PER_DIE = 0.9798
# The same photos as the camera gives them: each in a 1280x720 frame (`in_camera_frame`),
# measured 97.99% exact (341/348) and 99.29% of dice (981/988); a photo and a die under.
CAMERA_MIN_EXACT = 0.977
CAMERA_MIN_PER_DIE = 0.9919

needs_photos = pytest.mark.skipif(
    not (PHOTOS / "manifest.csv").is_file(),
    reason=f"dice photos not found at {PHOTOS} (set MISSDICE_DICE_PHOTOS to their folder)",
)


@pytest.mark.slow
@needs_photos
def test_reader_on_shared_photos() -> None:
    cv2.setNumThreads(1)
    outcomes = [run_case(PHOTOS, c) for c in load_cases(PHOTOS)]
    tally = Tally.of(outcomes)
    exact, per_die = tally.exact_share, tally.per_die_share
    report = "\n".join(summarise(outcomes))
    assert exact >= MIN_EXACT, report
    assert per_die >= MIN_PER_DIE, report


@pytest.mark.slow
@pytest.mark.skipif(
    not (COLOUR_PHOTOS / "manifest.csv").is_file(),
    reason=f"colour dice photos not found at {COLOUR_PHOTOS} "
    "(set MISSDICE_DICE_PHOTOS_COLOUR to their folder)",
)
def test_reader_on_coloured_and_crowded_dice() -> None:
    cv2.setNumThreads(1)
    outcomes = [run_case(COLOUR_PHOTOS, c) for c in load_cases(COLOUR_PHOTOS)]
    tally = Tally.of(outcomes)
    report = "\n".join(summarise(outcomes))
    assert tally.exact_share >= COLOUR_MIN_EXACT, report
    assert tally.per_die_share >= COLOUR_MIN_PER_DIE, report


@pytest.mark.slow
@needs_photos
def test_reader_on_camera_frames() -> None:
    cv2.setNumThreads(1)
    outcomes = [run_case(PHOTOS, c, in_camera_frame) for c in load_cases(PHOTOS)]
    tally = Tally.of(outcomes)
    report = "\n".join(summarise(outcomes))
    assert tally.exact_share >= CAMERA_MIN_EXACT, report
    assert tally.per_die_share >= CAMERA_MIN_PER_DIE, report


@pytest.mark.slow
@needs_photos
@pytest.mark.parametrize("turn", list(TURNED))
def test_reader_with_the_camera_elsewhere(turn: str) -> None:
    # The reader first takes the camera to stand below the frame; turned photos check that it
    # finds the camera elsewhere from the dice's side faces.
    cv2.setNumThreads(1)
    outcomes = [run_case(PHOTOS, c, VARIANTS[turn]) for c in load_cases(PHOTOS)]
    tally = Tally.of(outcomes)
    exact, per_die = tally.exact_share, tally.per_die_share
    report = "\n".join(summarise(outcomes))
    min_exact, min_per_die = TURNED[turn]
    assert exact >= min_exact, report
    assert per_die >= min_per_die, report


@needs_photos
def test_a_face_cut_short_by_its_fill_gets_a_looser_fill() -> None:
    # Upside down, the tight fill of this photo's small 6 stops short of two of its pips; the
    # four it holds read as a 2 beside two round pips, which sends the reader to a looser fill.
    case = next(c for c in load_cases(PHOTOS) if c.file.endswith("burak_34.jpg"))
    assert run_case(PHOTOS, case, VARIANTS["turned 180 degrees"]).got == (1, 3, 6)
