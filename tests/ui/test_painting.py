"""Painting the app's custom widgets many times leaves the interpreter intact.

PySide6 6.12.0 released a reference to None on every QPainter.save()/restore()/
setTransform(); on Python 3.11, where None is not immortal, a long evening of play then
aborts the app. This guards the pinned Qt version and our own painting code.
"""

import sys

import pytest
from PySide6.QtGui import QImage

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.ui.camera.preview import CameraPreview
from vision import read_dice
from vision.images import decode_image

PAINTS = 300


def none_references() -> int:
    return sys.getrefcount(None)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None is immortal from Python 3.12")
def test_repainting_the_camera_preview_keeps_none_alive(qtbot) -> None:
    photo = sorted(camera_demo_dir().glob("*.jpg"))[0]
    frame = decode_image(photo.read_bytes())
    assert frame is not None
    preview = CameraPreview()
    qtbot.addWidget(preview)
    preview.resize(400, 300)
    height, width = frame.shape[:2]
    preview.show_image(
        QImage(frame.data, width, height, frame.strides[0], QImage.Format.Format_BGR888).copy()
    )
    preview.show_reading(read_dice(frame))
    preview.grab()
    before = none_references()
    for _ in range(PAINTS):
        preview.grab()
    assert abs(none_references() - before) < PAINTS // 2
