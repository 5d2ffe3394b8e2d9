"""Dice from the table: the camera's reading lifecycle, automatic throws, switching sources."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from missdice_desktop.records import load_record
from missdice_desktop.resources import camera_demo_dir
from tests.ui.conftest import choice, click_die
from vision.sources import ImageFolderSource

DEMO = sorted(camera_demo_dir().glob("*.jpg"))  # 12446, 34446, 23336, 11122, …


def photos(folder: Path, count: int) -> str:
    folder.mkdir()
    for path in DEMO[:count]:
        shutil.copy(path, folder / path.name)
    return str(folder)


def test_turning_the_camera_off_forgets_its_reading(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"])
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, photos(tmp_path / "table", 1))
    qtbot.waitUntil(window.use_camera_dice_action.isEnabled, timeout=8000)
    window.camera_action.trigger()  # Ctrl+Shift+C: the camera goes off
    assert not window.camera_panel.running
    assert not window.use_camera_dice_action.isEnabled()
    assert not window.camera_panel.use_button.isEnabled()
    window.table_dice_action.trigger()  # back to virtual dice
    controller.roll()
    rolled = controller.game.dice
    window.use_camera_dice_action.trigger()
    window.camera_panel.use_dice()
    assert controller.game.dice == rolled


def test_a_new_turn_forgets_the_reading_until_the_dice_move(make_app, qtbot, tmp_path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, photos(tmp_path / "table", 1))
    qtbot.waitUntil(window.use_camera_dice_action.isEnabled, timeout=8000)
    window.use_camera_dice_action.trigger()
    controller.score_row(controller.model.row_of_box("chance"))
    assert controller.game.current_player == 1
    assert not window.use_camera_dice_action.isEnabled()
    qtbot.wait(800)  # the same dice still lie there: not Ben's
    assert not window.use_camera_dice_action.isEnabled()
    window.camera_panel.use_dice()
    assert controller.game.dice is None
    assert window.camera_panel.open_button.text() == "Reopen"  # something is open


def test_automatic_camera_readings_are_the_turns_throws(make_app, qtbot, tmp_path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    panel = window.camera_panel
    controller.start()
    panel._open_source = lambda spec: ImageFolderSource(spec, seconds_each=1.2, fps=20)
    controller.settings.camera_automatic = True
    controller.table_dice.set_camera(True, photos(tmp_path / "table", 4))
    game = controller.game
    qtbot.waitUntil(lambda: len(game.state.turn.rolls) == 3, timeout=15000)
    assert [sorted(roll) for roll in game.state.turn.rolls] == [
        [1, 2, 4, 4, 6],
        [3, 4, 4, 4, 6],
        [2, 3, 3, 3, 6],
    ]
    assert window.tray.rolls_left_label.isVisible()
    assert window.tray.rolls_left_label.text() == "Throw 3 of 3"
    qtbot.waitUntil(lambda: "No throws left" in window.status_label.text(), timeout=8000)
    assert len(game.state.turn.rolls) == 3  # the fourth throw is refused
    controller.table_dice.set_camera(False)
    controller.history.undo()
    assert sorted(game.dice or ()) == [3, 4, 4, 4, 6] and game.rolls_left == 1
    assert window.tray.rolls_left_label.text() == "Throw 2 of 3"


def test_switching_to_virtual_dice_mid_turn_keeps_the_turn(make_app, qtbot) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.enter_dice("26266")
    window.table_dice_action.trigger()  # virtual dice now
    assert not controller.table_mode
    assert not window.tray.roll_button.isEnabled()
    controller.roll()
    assert controller.game.dice == (2, 6, 2, 6, 6)
    assert controller.game.rolls_left == 3 and not controller.game.state.turn.rolls
    assert "table" in window.status_label.text()


def test_faces_set_for_some_table_dice_are_autosaved(make_app, qtbot) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    faces = iter([2, 6, 5])
    window.tray.choose_face = lambda _index: next(faces)
    for index in range(3):
        click_die(qtbot, window, index)
    assert controller.game.dice is None
    assert load_record(controller.autosave.path).extra["table_draft"] == [2, 6, 5, None, None]
    window.table_dice_action.trigger()
    window.table_dice_action.trigger()  # and back: the faces are still there
    assert window.tray.draft == [2, 6, 5, None, None]
    window.close()
    QApplication.processEvents()
    again, _ = make_app(start=True)
    assert again.window.tray.draft == [2, 6, 5, None, None]
    faces = iter([1, 1])
    again.window.tray.choose_face = lambda _index: next(faces)
    click_die(qtbot, again.window, 3)
    click_die(qtbot, again.window, 4)
    assert again.controller.game.dice == (2, 6, 5, 1, 1)
    assert "table_draft" not in load_record(again.controller.autosave.path).extra


def test_ctrl_z_in_the_dice_entry_undoes_the_game_not_the_text(qtbot, make_app) -> None:  # type: ignore[no-untyped-def]
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    parts.controller.start()
    controller, window = parts.controller, parts.window
    game = controller.game
    controller.enter_dice("22233")
    controller.score_row(controller.model.row_of_box("full_house"))
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    entry = window.tray.entry
    entry.setFocus()
    qtbot.keyClicks(entry, "12")
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not game.state.scored_turns  # the first Ctrl+Z took back Anna's Full house
