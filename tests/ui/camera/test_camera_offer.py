""" "Use these dice" takes exactly the reading on screen, even when the window falls behind."""

import time

import cv2
from PySide6.QtCore import QCoreApplication

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.ui.camera.panel import CameraPanel
from vision.sources import Frame

DEMO = sorted(camera_demo_dir().glob("*.jpg"))
SHOWN, NEXT = DEMO[1], DEMO[2]  # 3 4 4 4 6, then 2 3 3 3 6 (resources/camera-demo/NOTICE.md)


class SwitchedPhotos:
    """A scripted camera: one photo, then another from the moment the test says so."""

    name = "scripted"
    frame_interval = 0.02

    def __init__(self) -> None:
        self.frames = [cv2.imread(str(SHOWN)), cv2.imread(str(NEXT))]
        self.current = 0

    def open(self) -> None:
        """Nothing to open."""

    def read(self) -> Frame:
        """The photo of the moment."""
        return self.frames[self.current]

    def close(self) -> None:
        """Nothing to release."""


def test_dice_that_arrive_while_the_window_is_busy_are_not_taken_unseen(qtbot) -> None:
    source = SwitchedPhotos()
    panel = CameraPanel("scripted", open_source=lambda spec: source)
    qtbot.addWidget(panel)
    panel.show()
    chosen: list[tuple[int, ...]] = []
    panel.dice_chosen.connect(chosen.append)
    try:
        panel.start()
        qtbot.waitUntil(panel.use_button.isEnabled, timeout=8000)
        assert "3 4 4 4 6" in panel.status.text()
        qtbot.wait(50)  # painted: the player sees « Ready: 3 4 4 4 6 »
        source.current = 1  # the dice change while the window is busy (no events handled)
        time.sleep(2.5)  # long enough to read the new photo many times over the hold
        # The window catches up with what arrived meanwhile, then the click it was sent.
        QCoreApplication.sendPostedEvents()
        panel.use_button.click()
        assert chosen in ([], [(3, 4, 4, 4, 6)])
    finally:
        panel.shut_down()


def test_a_reading_forgotten_at_a_new_turn_is_no_longer_said_ready(qtbot) -> None:
    source = SwitchedPhotos()
    panel = CameraPanel("scripted", open_source=lambda spec: source)
    qtbot.addWidget(panel)
    chosen: list[tuple[int, ...]] = []
    panel.dice_chosen.connect(chosen.append)
    try:
        panel.start()
        qtbot.waitUntil(panel.use_button.isEnabled, timeout=8000)
        panel.forget_reading()
        assert "Ready" not in panel.status.text()
        panel.use_dice()
        assert chosen == []
    finally:
        panel.shut_down()
