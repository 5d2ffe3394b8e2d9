"""The camera panel fed from image folders: overlay, stability gate, "Use these dice", failures."""

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.camera_panel import CameraPanel
from vision.sources import ImageFolderSource

DEMO = sorted(camera_demo_dir().glob("*.jpg"))
FIRST_VALUES = (1, 2, 4, 4, 6)  # 01-…jpg, see resources/camera-demo/NOTICE.md


@pytest.fixture
def make_panel(qtbot):
    panels: list[CameraPanel] = []

    def make(folder: Path, seconds_each: float, hold_seconds: float = 0.3) -> CameraPanel:
        panel = CameraPanel(
            str(folder),
            open_source=lambda spec: ImageFolderSource(spec, seconds_each=seconds_each, fps=20),
            hold_seconds=hold_seconds,
        )
        qtbot.addWidget(panel)
        panel.resize(480, 420)
        panel.show()
        panels.append(panel)
        return panel

    yield make
    for panel in panels:
        panel.stop()


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


def test_moving_dice_are_held_back(make_panel, qtbot) -> None:
    panel = make_panel(camera_demo_dir(), seconds_each=0.05)  # a new roll every frame
    enabled: list[bool] = []
    poll = QTimer()
    poll.timeout.connect(lambda: enabled.append(panel.use_button.isEnabled()))
    poll.start(10)
    panel.start()
    qtbot.wait(1500)
    poll.stop()
    assert len(enabled) > 50
    assert not any(enabled)


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
    panel = make_panel(one_image_folder(tmp_path, DEMO[0]), seconds_each=10, hold_seconds=0.2)
    panel.automatic.setChecked(True)
    panel.dice_chosen.connect(chosen.append)
    panel.start()
    qtbot.waitUntil(lambda: len(chosen) == 1, timeout=5000)
    qtbot.wait(600)
    assert chosen == [FIRST_VALUES]


def test_a_source_failing_mid_stream_is_reported_and_can_reopen(
    make_panel, qtbot, tmp_path: Path
) -> None:
    folder = one_image_folder(tmp_path, DEMO[0])
    (folder / "99-broken.jpg").write_bytes(b"not a jpeg")
    game = Game(get_variant("yahtzee").configure(), ["Anna"])
    panel = make_panel(folder, seconds_each=0.3)
    panel.start()
    qtbot.waitUntil(lambda: panel.reading.values == FIRST_VALUES, timeout=5000)
    qtbot.waitUntil(lambda: bool(panel.error), timeout=5000)
    assert "Cannot read the pictures (Cannot read image 99-broken.jpg)" in panel.status.text()
    assert "Type the dice in the tray" in panel.status.text()
    assert not panel.running and not panel.use_button.isEnabled()
    game.enter_dice("12345")  # the game goes on by hand
    game.score("large_straight")
    (folder / "99-broken.jpg").unlink()
    panel.open_button.click()
    qtbot.waitUntil(lambda: panel.running and not panel.error, timeout=5000)


def test_a_missing_camera_says_so_without_stopping_the_game(qtbot) -> None:
    panel = CameraPanel("63")
    qtbot.addWidget(panel)
    panel.start()
    qtbot.waitUntil(lambda: bool(panel.error), timeout=5000)
    assert "No camera found." in panel.status.text() or "busy" in panel.status.text()
    assert panel.open_button.text() == "Reopen"
    panel.stop()
