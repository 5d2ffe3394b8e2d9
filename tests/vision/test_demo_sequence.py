"""The shipped demo camera sequence reads as its notice says (it is what new users see first)."""

import cv2
import numpy as np
import pytest

from missdice_desktop.resources import camera_demo_dir
from vision import read_dice

DEMO = camera_demo_dir()


def expected_values() -> list[tuple[str, tuple[int, ...]]]:
    rows = []
    for line in (DEMO / "NOTICE.md").read_text().splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 2 and cells[0].endswith(".jpg"):
            rows.append((cells[0], tuple(int(v) for v in cells[1].split())))
    return rows


def test_every_demo_image_is_listed_in_the_notice() -> None:
    assert sorted(name for name, _ in expected_values()) == sorted(
        p.name for p in DEMO.glob("*.jpg")
    )


@pytest.mark.parametrize(("name", "values"), expected_values())
def test_demo_image_reads_right(name: str, values: tuple[int, ...]) -> None:
    image = cv2.imread(str(DEMO / name))
    assert image is not None, name
    assert read_dice(np.asarray(image, dtype=np.uint8)).values == values
