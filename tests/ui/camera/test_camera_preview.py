"""The camera preview paints each frame cheaply: only the bands beside the picture are filled,
the dice's overlay covers only the dice, and the capture thread's shrunk frame is the frame's
nearest pixels."""

import cv2
import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QImage

from missdice_desktop.ui.camera.preview import BACKGROUND, SURE_COLOUR, CameraPreview
from missdice_desktop.ui.camera.worker import _preview_image
from vision.types import DieReading, Reading

RED = QColor(200, 30, 30)


@pytest.fixture
def preview(qtbot) -> CameraPreview:
    preview = CameraPreview()
    qtbot.addWidget(preview)
    preview.resize(400, 400)  # a 4:3 frame leaves bands above and below
    return preview


def red_frame(size: QSize) -> QImage:
    image = QImage(size, QImage.Format.Format_RGB32)
    image.fill(RED)
    return image


def test_the_preview_paints_every_pixel_itself(preview: CameraPreview) -> None:
    assert preview.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    preview.show_image(red_frame(QSize(400, 300)), QSize(1280, 960))
    assert preview.picture_rect().toRect() == QRect(0, 50, 400, 300)
    picture = preview.grab().toImage()
    for y in (0, 49, 350, 399):
        assert picture.pixelColor(200, y) == BACKGROUND, y
    for y in (50, 200, 349):
        assert picture.pixelColor(200, y) == RED, y


def test_the_picture_lies_on_whole_pixels_when_the_painter_scales_it(
    preview: CameraPreview,
) -> None:
    preview.resize(401, 377)
    preview.show_image(red_frame(QSize(64, 48)), QSize(64, 48))
    target = preview.picture_rect()
    assert target == QRectF(target.toRect())
    picture = preview.grab().toImage()
    inside, outside = target.toRect(), QRect(0, 0, 401, 377)
    for x, y in ((0, 0), (400, 376), (inside.left() - 1, 188), (200, inside.top() - 1)):
        if outside.contains(x, y) and not inside.contains(x, y):
            assert picture.pixelColor(x, y) == BACKGROUND, (x, y)
    for x, y in ((inside.left(), inside.top()), (inside.right(), inside.bottom())):
        assert picture.pixelColor(x, y) == RED, (x, y)


def test_the_dice_overlay_covers_only_the_dice(preview: CameraPreview) -> None:
    preview.show_image(red_frame(QSize(400, 300)), QSize(1280, 960))
    die = DieReading(3, (640.0, 480.0), (120.0, 120.0), 20.0, 0.9)
    preview.show_reading(Reading((die,)))
    picture = preview.grab().toImage()
    scale, left, top = preview._geometry()
    overlay, origin = preview._dice_overlay(scale, left, top)
    covered = QRect(origin.toPoint(), overlay.size())
    assert covered.width() < 400 // 2 and covered.height() < 300 // 2
    centre = preview.die_centres()[0]
    assert covered.contains(centre.toPoint())
    greens = [
        QPoint(x, y)
        for x in range(400)
        for y in range(400)
        if picture.pixelColor(x, y) == SURE_COLOUR
    ]
    assert len(greens) > 50
    assert all(covered.contains(point) for point in greens)
    # Drawn once for the scene, not again for each frame.
    preview.show_image(red_frame(QSize(400, 300)), QSize(1280, 960))
    preview.grab()
    assert preview._dice_overlay(scale, left, top)[0] is overlay
    assert preview.die_at(QPointF(centre)) == 0


@pytest.mark.parametrize("box", [(800, 497), (333, 250), (1279, 719)])
def test_the_shrunk_frame_holds_the_frame_s_nearest_pixels(box: tuple[int, int]) -> None:
    frame = np.random.default_rng(5).integers(0, 256, (720, 1280, 3), np.uint8)
    image = _preview_image(frame, box)
    assert image.format() == QImage.Format.Format_RGB32
    width, height = image.width(), image.height()
    assert width <= box[0] and height <= box[1]
    pixels = np.ndarray(
        (height, width, 4), np.uint8, buffer=image.constBits(), strides=(image.bytesPerLine(), 4, 1)
    )
    expected = cv2.resize(frame, (width, height), interpolation=cv2.INTER_NEAREST)
    assert np.array_equal(pixels[..., :3], expected)
    assert (pixels[..., 3] == 255).all()
