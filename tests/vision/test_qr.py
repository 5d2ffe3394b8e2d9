"""QR codes read in camera frames: the largest game's code, held up as a webcam sees it."""

import numpy as np
import pytest

from missdice_desktop.links import link_from_game
from missdice_desktop.share_bench import POSES, code_image, realistic_game, webcam_frame
from vision.qr import read_qr_texts

LINK = link_from_game(realistic_game("yahtzee", rolls=3))
CODE = code_image(LINK)


def test_the_largest_game_reads_back_at_400_px_blurred_and_jpeg_70() -> None:
    assert len(LINK) <= 1000
    frame = webcam_frame(CODE, 400, blur=1.0, quality=70)
    assert frame.shape == (720, 1280, 3)
    assert read_qr_texts(frame) == (LINK,)


def test_most_poses_read_back_at_400_px() -> None:
    read = sum(
        LINK in read_qr_texts(webcam_frame(CODE, 400, seed=seed, **pose))
        for seed, pose in enumerate(POSES)
    )
    assert read >= len(POSES) - 2


def test_a_code_too_small_to_see_is_not_misread() -> None:
    assert read_qr_texts(webcam_frame(CODE, 150, blur=1.5)) == ()


@pytest.mark.parametrize(
    "frame",
    [
        np.zeros((0, 0, 3), np.uint8),
        np.zeros((4, 4, 4), np.uint8),
        np.zeros((4,), np.uint8),
        np.full((720, 1280), 255, np.uint8),
    ],
)
def test_frames_without_a_code_give_nothing(frame: np.ndarray) -> None:
    assert read_qr_texts(frame) == ()


def test_a_grey_frame_is_read_too() -> None:
    grey = webcam_frame(CODE, 450, blur=0.8)[:, :, 1].copy()
    assert read_qr_texts(grey) == (LINK,)


def test_a_small_soft_code_reads_on_the_second_sharpened_look() -> None:
    frame = webcam_frame(CODE, 290, angle=7, blur=1.0, quality=70, seed=1)
    assert read_qr_texts(frame) == (LINK,)
    assert read_qr_texts(frame, second_look=False) == ()  # the plain look alone misses it
