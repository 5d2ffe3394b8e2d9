"""The camera in the window: it reads the table, fills the turn, and survives a failing source."""

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.ui.settings import load_settings
from tests.ui.conftest import choice

FIRST = sorted(camera_demo_dir().glob("*.jpg"))[0]  # 1 2 4 4 6


def one_photo(folder: Path) -> str:
    folder.mkdir()
    shutil.copy(FIRST, folder / FIRST.name)
    return str(folder)


def test_camera_reads_the_table_and_fills_the_turn(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])  # virtual dice: the camera switches
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, one_photo(tmp_path / "table"))
    assert controller.table_mode
    assert window.camera_dock.isVisible()
    qtbot.waitUntil(window.use_camera_dice_action.isEnabled, timeout=8000)
    qtbot.keyClick(window.sheet, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    game = controller.game
    assert game.dice is not None and sorted(game.dice) == [1, 2, 4, 4, 6]
    assert window.use_camera_dice_action.shortcut() == QKeySequence("Ctrl+Return")
    settings = load_settings(controller.paths.settings_file)
    assert settings.camera_on and settings.camera == str(tmp_path / "table")
    controller.table_dice.set_camera(False)
    assert not window.camera_panel.running and not window.camera_dock.isVisible()
    assert not load_settings(controller.paths.settings_file).camera_on


def test_automatic_camera_fills_one_turn_per_roll(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    controller = parts.controller
    controller.start()
    controller.window.camera_panel.automatic.setChecked(True)
    controller.table_dice.set_camera(True, one_photo(tmp_path / "table"))
    qtbot.waitUntil(lambda: controller.game.dice is not None, timeout=8000)
    controller.score_row(controller.game.rules.box_ids.index("chance"))
    assert controller.game.current_player == 1
    qtbot.wait(800)  # the same dice still lie on the table: not Ben's roll
    assert controller.game.dice is None


def test_a_camera_that_fails_leaves_the_game_playable(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, str(tmp_path / "unplugged.avi"))
    qtbot.waitUntil(lambda: bool(window.camera_panel.error), timeout=5000)
    assert "Not found" in window.camera_panel.status.text()
    controller.enter_dice("12345")
    assert controller.game.dice == (1, 2, 3, 4, 5)


def test_the_new_game_dialog_offers_the_camera(make_app, qtbot, tmp_path: Path) -> None:
    from missdice_desktop.ui.dialogs.new_game import NewGameDialog
    from missdice_desktop.ui.settings import Settings

    dialog = NewGameDialog(Settings(dice_source="table", camera_on=True))
    qtbot.addWidget(dialog)
    assert dialog.camera_dice.isChecked()
    picked = dialog.choice()
    assert picked.camera and picked.dice_source == "table"

    parts, prompts = make_app()
    prompts.new_game_choice = picked
    controller = parts.controller
    controller.settings.camera = one_photo(tmp_path / "table")
    controller.start()
    assert controller.table_mode and parts.window.camera_panel.running
    assert parts.window.camera_panel.source_spec == str(tmp_path / "table")
    virtual = choice(["Anna"])
    controller.files.new_game(virtual)
    assert not controller.table_mode and not parts.window.camera_panel.running


def test_the_camera_stays_on_across_a_restart_and_a_floating_dock(
    make_app, qtbot, tmp_path: Path
) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, one_photo(tmp_path / "table"))
    window.camera_dock.setFloating(True)
    qtbot.wait(100)
    assert window.camera_action.isChecked() and window.camera_panel.running
    window.camera_dock.setFloating(False)
    window.close()
    assert load_settings(controller.paths.settings_file).camera_on
    assert not window.camera_panel.running


def test_closing_the_dock_turns_the_camera_off(make_app, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, one_photo(tmp_path / "table"))
    window.camera_dock.close()
    assert not window.camera_action.isChecked() and not window.camera_panel.running
    assert not load_settings(controller.paths.settings_file).camera_on


def test_camera_texts_follow_a_language_switch(make_app, qtbot, tmp_path: Path) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.table_dice.set_camera(True, str(tmp_path / "missing.avi"))
    qtbot.waitUntil(lambda: bool(window.camera_panel.error), timeout=5000)
    assert "Type the dice in the tray" in window.camera_panel.status.text()
    controller.window_settings.set_language("fr")
    assert "Tapez les dés" in window.camera_panel.status.text()
    controller.window_settings.set_language("en")
    assert "Type the dice in the tray" in window.camera_panel.status.text()
