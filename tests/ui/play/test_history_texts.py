"""Undo and Redo say what they take back or apply again, in the menu and the status line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.records import load_record
from tests.ui.conftest import choice


def test_undo_and_redo_name_the_action(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    assert window.undo_action.text() == "&Undo"
    controller.enter_dice("44412")
    assert window.undo_action.text() == "&Undo: the dice 44412"
    controller.score_row(controller.model.row_of_box("fours"))
    assert window.undo_action.text() == "&Undo: Anna's Fours (12)"
    assert "Anna's Fours (12)" in window.undo_action.toolTip()
    assert window.undo_button.text() == "&Undo"
    window.undo_action.trigger()
    assert window.status_label.text() == "Undone: Anna's Fours (12)"
    assert window.redo_action.text() == "&Redo: Anna's Fours"
    window.redo_action.trigger()
    assert window.status_label.text() == "Redone: Anna's Fours"
    assert controller.game.current_player == 1
    controller.window_settings.set_language("fr")
    assert window.undo_action.text() == "&Annuler : Les 4 de Anna (12)"
    controller.window_settings.set_language("en")


def test_undo_names_holds_and_virtual_rolls_are_not_undone(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"])
    controller, window = parts.controller, parts.window
    controller.start()
    controller.roll()
    assert not window.undo_action.isEnabled() and window.undo_action.text() == "&Undo"
    controller.toggle_hold(2)
    assert window.undo_action.text() == "&Undo: holding die 3"


def test_a_double_click_on_a_column_renames_the_player_and_undo_follows(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    controller, window = parts.controller, parts.window
    controller.start()
    controller.enter_dice("12345")
    header = window.sheet.horizontalHeader()
    prompts.rename_answer = "Benoît"
    header.sectionDoubleClicked.emit(1)
    assert prompts.rename_questions == ["Ben"]
    game = controller.game
    assert game.players == ("Anna", "Benoît") and game.dice == (1, 2, 3, 4, 5)
    assert window.sheet.model().headerData(1, Qt.Orientation.Horizontal) == "Benoît"
    assert load_record(controller.autosave.path).players == ("Anna", "Benoît")
    assert window.undo_action.text() == "&Undo: renaming the players"
    window.undo_action.trigger()
    assert game.players == ("Anna", "Ben")
    prompts.rename_answer = "   "
    header.sectionDoubleClicked.emit(0)
    assert game.players == ("Anna", "Ben")
    assert "1 to 40 printable characters" in window.status_label.text()


def test_the_order_of_play_changes_from_the_column_menu_until_the_game_begins(
    qtbot, make_app
) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben", "Chloé"], table=True)
    controller, sheet = parts.controller, parts.window.sheet
    controller.start()
    menu = sheet.player_menu(2)
    actions = {action.text().replace("&", ""): action for action in menu.actions()}
    assert actions["Plays first"].isEnabled() and not actions["Move right"].isEnabled()
    actions["Plays first"].trigger()
    assert controller.game.players == ("Chloé", "Anna", "Ben")
    sheet.player_menu(0).actions()[2].trigger()  # Move right
    assert controller.game.players == ("Anna", "Chloé", "Ben")
    controller.history.undo()
    assert controller.game.players == ("Chloé", "Anna", "Ben")
    controller.enter_dice("12345")
    assert not sheet.player_menu(1).actions()[1].isEnabled()  # Move left: the game began
    controller.seats.move_player(1, 0)
    assert controller.game.players == ("Chloé", "Anna", "Ben")
    assert "once the game has begun" in parts.window.status_label.text()
