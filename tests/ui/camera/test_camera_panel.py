"""The camera panel fed from image folders: overlay, stability gate, "Use these dice", failures."""

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.camera.panel import CameraPanel
from vision.sources import ImageFolderSource

DEMO = sorted(camera_demo_dir().glob("*.jpg"))
FIRST_VALUES = (1, 2, 4, 4, 6)  # 01-…jpg, see resources/camera-demo/NOTICE.md


@pytest.fixture
def make_panel(qtbot):
    panels: list[CameraPanel] = []

    def make(folder: Path, seconds_each: float) -> CameraPanel:
        panel = CameraPanel(
            str(folder),
            open_source=lambda spec: ImageFolderSource(spec, seconds_each=seconds_each, fps=20),
        )
        qtbot.addWidget(panel)
        panel.resize(480, 420)
        panel.show()
        panels.append(panel)
        return panel

    yield make
    for panel in panels:
        panel.shut_down()


def one_image_folder(tmp_path: Path, *names: Path) -> Path:
    for index, path in enumerate(names):
        shutil.copy(path, tmp_path / f"{index:02d}{path.suffix}")
    return tmp_path


def test_overlay_outlines_and_labels_every_die(make_panel, qtbot, tmp_path: Path) -> None:
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10)
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    assert len(panel.preview.die_centres()) == 5
    picture = panel.preview.grab().toImage()
    overlay = QColor(60, 220, 90)
    greens = sum(
        1
        for x in range(0, picture.width(), 2)
        for y in range(0, picture.height(), 2)
        if picture.pixelColor(x, y) == overlay
    )
    assert greens > 50
    assert "1 2 4 4 6" in panel.status.text()


def use_enabled_while_running(panel, qtbot, milliseconds: int = 1500) -> list[bool]:
    """Start the panel and note every 10 ms whether "Use these dice" is enabled."""
    enabled: list[bool] = []
    poll = QTimer()
    poll.timeout.connect(lambda: enabled.append(panel.use_button.isEnabled()))
    poll.start(10)
    panel.start()
    qtbot.wait(milliseconds)
    poll.stop()
    return enabled


def test_moving_dice_are_held_back(make_panel, qtbot) -> None:
    panel = make_panel(camera_demo_dir(), seconds_each=0.05)  # a new roll every frame
    enabled = use_enabled_while_running(panel, qtbot)
    assert len(enabled) > 50
    assert not any(enabled)


def test_dice_that_pause_for_a_frame_and_roll_on_are_never_offered(make_panel, qtbot) -> None:
    panel = make_panel(camera_demo_dir(), seconds_each=0.1)  # two frames of each roll
    enabled = use_enabled_while_running(panel, qtbot)
    assert len(enabled) > 50 and not any(enabled)
    assert panel.scene.dice == ()


def test_the_preview_gets_frames_at_the_size_it_paints(make_panel, qtbot, tmp_path: Path) -> None:
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10)
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    preview = panel.preview

    def fits() -> bool:
        painted = preview.device_size()
        image = preview.image
        return image.width() <= painted.width() and image.height() <= painted.height()

    qtbot.waitUntil(fits, timeout=2000)
    assert preview.frame_size.width() > preview.image.width()  # shrunk, not the whole frame
    assert len(preview.die_centres()) == 5
    panel.resize(300, 300)
    qtbot.waitUntil(lambda: preview.image.width() <= 300 and fits(), timeout=2000)


def test_opencv_calls_stay_on_their_thread_while_a_camera_is_open(
    make_panel, qtbot, tmp_path: Path
) -> None:
    import cv2

    before = cv2.getNumThreads()
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10)
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    assert cv2.getNumThreads() == 1
    panel.shut_down()
    assert cv2.getNumThreads() == before


def test_use_these_dice_fills_the_turn(make_panel, qtbot, tmp_path: Path) -> None:
    game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10)
    panel.dice_chosen.connect(game.enter_dice)
    panel.start()
    qtbot.waitUntil(panel.use_button.isEnabled, timeout=5000)
    assert "Ready" in panel.status.text()
    panel.use_button.click()
    assert game.dice is not None and tuple(sorted(game.dice)) == FIRST_VALUES
    game.score("chance")
    assert game.state.sheets[0].scores["chance"] == 17


def test_automatic_mode_uses_steady_dice_once(make_panel, qtbot, tmp_path: Path) -> None:
    chosen: list[tuple[int, ...]] = []
    panel = make_panel(
        one_image_folder(tmp_path, DEMO[0]),
        seconds_each=10,
    )
    panel.automatic.setChecked(True)
    panel.dice_chosen.connect(chosen.append)
    panel.start()
    qtbot.waitUntil(lambda: len(chosen) == 1, timeout=5000)
    qtbot.wait(600)
    assert chosen == [FIRST_VALUES]


def test_a_reading_of_another_count_is_not_offered_and_says_why(
    make_panel, qtbot, tmp_path: Path
) -> None:
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10)
    panel.set_expected_count(3)
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    qtbot.wait(700)
    assert not panel.use_button.isEnabled()
    assert panel.status.text() == (
        "5 dice in view (1 2 4 4 6), this game uses 3. Click the 2 dice that are not in play."
    )
    panel.set_expected_count(5)
    qtbot.waitUntil(panel.use_button.isEnabled, timeout=5000)


def altered_demo(tmp_path: Path, change) -> Path:
    import cv2

    frame = cv2.imread(str(DEMO[0]))
    cv2.imwrite(str(tmp_path / "00.png"), change(frame))
    return tmp_path


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda f: f // 10, "Too dark: light the table better."),
        (lambda f: __import__("cv2").GaussianBlur(f, (0, 0), 6), "Blurred: waiting"),
    ],
    ids=["dark", "blurred"],
)
def test_a_frame_that_cannot_be_read_says_why(
    make_panel, qtbot, tmp_path: Path, change, words: str
) -> None:
    panel = make_panel(altered_demo(tmp_path, change), seconds_each=10)
    panel.start()
    qtbot.waitUntil(lambda: words in panel.status.text(), timeout=5000)
    assert not panel.use_button.isEnabled()


class UnpluggedAfter(ImageFolderSource):
    """The demo photos, until the camera is pulled out after `frames` frames."""

    def __init__(self, folder: Path, frames: int) -> None:
        super().__init__(folder, seconds_each=10, fps=20)
        self.frames_left = frames

    def read(self):
        from vision.problems import FrameSourceError, SourceProblem

        self.frames_left -= 1
        if self.frames_left < 0:
            raise FrameSourceError(SourceProblem.DISCONNECTED, "gone")
        return super().read()


def test_a_camera_unplugged_mid_stream_is_reported_and_can_reopen(qtbot, tmp_path: Path) -> None:
    folder = one_image_folder(tmp_path, DEMO[0])
    sources = [UnpluggedAfter(folder, frames=20), UnpluggedAfter(folder, frames=10_000)]
    panel = CameraPanel(
        "camera",
        open_source=lambda _spec: sources.pop(0),
    )
    qtbot.addWidget(panel)
    game = Game(get_variant("yahtzee").configure(), ["Anna"])
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    qtbot.waitUntil(lambda: bool(panel.error), timeout=5000)
    assert "The camera stopped sending pictures (unplugged?)." in panel.status.text()
    assert "Type the dice in the tray, or press Reopen" in panel.status.text()
    assert not panel.running and not panel.use_button.isEnabled()
    game.enter_dice("12345")  # the game goes on by hand
    game.score("large_straight")
    panel.open_button.click()
    qtbot.waitUntil(lambda: panel.running and not panel.error, timeout=5000)
    qtbot.waitUntil(panel.use_button.isEnabled, timeout=5000)
    panel.shut_down()


def test_a_damaged_reader_says_so_once_and_stops(qtbot, tmp_path: Path, monkeypatch) -> None:
    import missdice_desktop.ui.camera.worker as camera_worker
    from vision.net import NetworksUnavailable

    calls = []

    def damaged(frame):
        calls.append(1)
        raise NetworksUnavailable("the dice reader's networks in X cannot be read")

    monkeypatch.setattr(camera_worker, "read_for_camera", damaged)
    folder = one_image_folder(tmp_path, DEMO[0])
    panel = CameraPanel("camera", open_source=lambda _spec: UnpluggedAfter(folder, 10_000))
    qtbot.addWidget(panel)
    panel.start()
    qtbot.waitUntil(lambda: bool(panel.error), timeout=5000)
    assert "The dice reader is missing files: install Miss Dice again." in panel.status.text()
    assert len(calls) == 1 and not panel.running
    panel.shut_down()


def test_a_missing_camera_says_so_without_stopping_the_game(qtbot) -> None:
    panel = CameraPanel("63")
    qtbot.addWidget(panel)
    panel.start()
    qtbot.waitUntil(lambda: bool(panel.error), timeout=5000)
    assert "No camera found." in panel.status.text() or "busy" in panel.status.text()
    assert panel.open_button.text() == "Reopen"
    panel.shut_down()


class SlowCamera:
    """A camera whose driver takes a while to open, as some webcams do."""

    name = "Slow camera"
    frame_interval = 0.05

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.closed = False

    def open(self) -> None:
        import time

        time.sleep(self.seconds)

    def read(self):
        import numpy as np

        return np.zeros((48, 64, 3), np.uint8)

    def close(self) -> None:
        self.closed = True


def test_stopping_a_camera_that_is_still_opening_never_blocks(qtbot) -> None:
    import time

    camera = SlowCamera(1.5)
    panel = CameraPanel("slow", open_source=lambda _spec: camera)
    qtbot.addWidget(panel)
    panel.start()
    qtbot.wait(100)
    started = time.monotonic()
    panel.stop()
    assert time.monotonic() - started < 0.5
    assert not panel.running
    panel.shut_down()
    assert camera.closed
