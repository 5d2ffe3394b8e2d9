"""The camera reads a still scene a bounded number of times, marks unsure dice, and lets the
player fix a die (click or keys) before "Use these dice" sends the corrected set to the game."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest
from PySide6.QtCore import Qt

import missdice_desktop.ui.camera.worker as camera_worker
from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.ui.camera.panel import CameraPanel
from vision.types import DieReading, Reading
from vision.vote import vote

DEMO = sorted(camera_demo_dir().glob("*.jpg"))
FIRST_VALUES = (1, 2, 4, 4, 6)  # 01-…jpg, see resources/camera-demo/NOTICE.md


class Photos:
    """A scripted camera showing one photo, then another when the test says so."""

    name = "scripted"
    frame_interval = 1 / 30

    def __init__(self, *paths: Path) -> None:
        self.frames = [cv2.imread(str(p)) for p in paths]
        self.current = 0

    def open(self) -> None:
        """Nothing to open."""

    def read(self):  # type: ignore[no-untyped-def]
        """The photo of the moment."""
        return self.frames[self.current]

    def close(self) -> None:
        """Nothing to release."""


@pytest.fixture
def panel(qtbot):  # type: ignore[no-untyped-def]
    made: list[CameraPanel] = []

    def make(source: object) -> CameraPanel:
        panel = CameraPanel("scripted", open_source=lambda spec: source)
        qtbot.addWidget(panel)
        panel.resize(520, 520)
        panel.show()
        made.append(panel)
        return panel

    yield make
    for p in made:
        p.shut_down()


def test_a_still_scene_is_read_a_bounded_number_of_times_and_a_change_reads_again(
    panel, qtbot
) -> None:
    source = Photos(DEMO[0], DEMO[1])
    p = panel(source)
    p.start()
    qtbot.waitUntil(p.use_button.isEnabled, timeout=8000)
    assert p.reading.values == FIRST_VALUES
    qtbot.wait(2000)  # two seconds of a still table: 60 frames
    assert 2 <= p.reads <= 3
    before = p.reads
    source.current = 1
    qtbot.waitUntil(lambda: p.reading.values == (3, 4, 4, 4, 6), timeout=8000)
    qtbot.wait(1000)
    assert 2 <= p.reads - before <= 3


def flaky_reader(monkeypatch):  # type: ignore[no-untyped-def]
    """The real reader, but the leftmost die reads 5 and 3 in turn."""
    real = camera_worker.read_for_camera
    calls = [0]

    def read(frame):  # type: ignore[no-untyped-def]
        reading = real(frame)
        calls[0] += 1
        dice = sorted(reading.dice, key=lambda d: d.center)
        first = dice[0]
        changed = DieReading(
            5 if calls[0] % 2 else 3, first.center, first.size, first.angle, first.confidence
        )
        return Reading((changed, *dice[1:]), reading.flags)

    monkeypatch.setattr(camera_worker, "read_for_camera", read)


def test_a_disagreeing_die_is_marked_unsure_and_use_asks_once_naming_it(
    panel, qtbot, monkeypatch
) -> None:
    flaky_reader(monkeypatch)
    p = panel(Photos(DEMO[0]))
    chosen: list[tuple[int, ...]] = []
    p.dice_chosen.connect(chosen.append)
    questions: list[str] = []
    answers = [False, True]
    p.ask_unsure = lambda text: questions.append(text) or answers.pop(0)  # type: ignore[method-assign]
    p.start()
    qtbot.waitUntil(p.use_button.isEnabled, timeout=8000)
    assert p.scene.unsure == (0,)
    assert p.dice_buttons[0].text().endswith("?")
    assert "unsure" in p.dice_buttons[0].accessibleName()
    assert "Unsure: die 1" in p.status.text()
    p.use_button.click()
    assert chosen == [] and len(questions) == 1 and "die 1" in questions[0]
    p.use_button.click()
    assert len(chosen) == 1 and len(questions) == 2


def test_a_die_is_fixed_by_keys_on_the_preview(panel, qtbot, monkeypatch) -> None:
    flaky_reader(monkeypatch)
    p = panel(Photos(DEMO[0]))
    chosen: list[tuple[int, ...]] = []
    p.dice_chosen.connect(chosen.append)
    p.ask_unsure = lambda text: pytest.fail("asked although the die was fixed")  # type: ignore[method-assign]
    p.start()
    qtbot.waitUntil(p.use_button.isEnabled, timeout=8000)
    p.preview.setFocus()
    qtbot.keyClick(p.preview, Qt.Key.Key_1)  # die 1 ...
    qtbot.keyClick(p.preview, Qt.Key.Key_6)  # ... is a 6
    assert p.scene.dice[0].value == 6 and p.scene.dice[0].fixed and not p.scene.unsure
    assert "set by you" in p.dice_buttons[0].accessibleName()
    p.use_button.click()
    assert chosen == [tuple(sorted((6, *(d.value for d in p.scene.dice[1:]))))]


def test_a_die_is_fixed_by_a_click_and_its_menu(panel, qtbot, monkeypatch) -> None:
    flaky_reader(monkeypatch)
    p = panel(Photos(DEMO[0]))
    p.start()
    qtbot.waitUntil(p.use_button.isEnabled, timeout=8000)
    clicked: list[int] = []
    p.preview.die_clicked.connect(lambda index, where: clicked.append(index))
    centre = p.preview.die_centres()[0].toPoint()
    qtbot.mouseClick(p.preview, Qt.MouseButton.LeftButton, pos=centre)
    assert clicked == [0]
    for popup in p.findChildren(type(p.dice_buttons[0].menu())):
        popup.close()
    p.dice_buttons[0].menu().actions()[1].trigger()  # "2"
    assert p.scene.dice[0].value == 2 and not p.scene.unsure


def scene_of(values: tuple[int, ...]):  # type: ignore[no-untyped-def]
    dice = tuple(
        DieReading(v, (100.0 + 80 * n, 200.0), (50.0, 50.0), 0.0, 1.0) for n, v in enumerate(values)
    )
    return vote([Reading(dice), Reading(dice)])


def test_six_dice_for_a_five_dice_game_let_the_player_set_one_aside(panel, qtbot) -> None:
    p = panel(Photos(DEMO[0]))
    p._show_scene(scene_of((1, 2, 3, 4, 5, 6)), None)
    qtbot.wait(100)
    assert not p.use_button.isEnabled()
    assert "6 dice in view" in p.status.text() and "Click the die that is not in play" in (
        p.status.text()
    )
    p.fix_die(5, 0)
    qtbot.waitUntil(p.use_button.isEnabled, timeout=1000)
    assert p.scene.values == (1, 2, 3, 4, 5)
    assert "not in play" in p.dice_buttons[5].accessibleName()


def test_the_corrected_dice_are_what_the_game_receives(make_app, qtbot) -> None:
    parts, _prompts = make_app()
    controller, window = parts.controller, parts.window
    controller.table_dice.set_table_dice(True)
    panel = window.camera_panel
    panel._show_scene(scene_of((1, 1, 2, 3, 3)), None)
    qtbot.waitUntil(window.use_camera_dice_action.isEnabled, timeout=1000)
    panel.fix_die(0, 6)
    window.use_camera_dice_action.trigger()  # through the controller to the game's own action
    assert controller.game.dice is not None
    assert tuple(sorted(controller.game.dice)) == (1, 2, 3, 3, 6)
    assert controller.game.can_undo  # it went through the engine: undo takes it back


def test_used_dice_are_kept_bounded_and_forgotten_on_request(panel, qtbot, tmp_path) -> None:
    import numpy as np

    p = panel(Photos(DEMO[0]))
    path = tmp_path / "learned-dice.npz"
    p.set_learned_file(path)
    crops = np.full((5, 32, 32, 3), 128, np.uint8)
    for _ in range(12):
        p._show_scene(scene_of((1, 1, 1, 1, 1)), crops)
        qtbot.waitUntil(p.use_button.isEnabled, timeout=1000)
        p.use_dice()
    assert path.is_file() and p.learned is not None and p.learned.count() == 50
    assert p.forget_button.isEnabled() and "50" in p.forget_button.text()
    p.forget_learned_dice()
    assert p.learned.count() == 0 and not path.exists()
    assert not p.forget_button.isEnabled()


def test_a_damaged_store_is_said_once_and_learning_starts_again(panel, qtbot, tmp_path) -> None:
    path = tmp_path / "learned-dice.npz"
    path.write_bytes(b"PK\x03\x04 half a zip")
    p = panel(Photos(DEMO[0]))
    p.set_learned_file(path)
    p.start()
    assert "could not be read" in p.learned_note.text() and p.learned_note.isVisible()
    qtbot.waitUntil(p.use_button.isEnabled, timeout=8000)
    assert p.reading.values == FIRST_VALUES  # the camera reads as ever
    p.use_dice()
    assert p.learned is not None and p.learned.count() == 5
    p.shut_down()
    other = panel(Photos(DEMO[0]))
    other.set_learned_file(path)
    other.start()
    assert other.learned_note.isHidden()  # said once, not at every start
    assert other.learned is not None and other.learned.count() == 5
