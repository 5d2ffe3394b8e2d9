"""Undo and Redo say what they take back or apply again, in the menu and the status line."""

from __future__ import annotations

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
    controller.set_language("fr")
    assert window.undo_action.text() == "&Annuler : Les 4 de Anna (12)"
    controller.set_language("en")


def test_undo_names_holds_and_virtual_rolls_are_not_undone(qtbot, make_app) -> None:
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"])
    controller, window = parts.controller, parts.window
    controller.start()
    controller.roll()
    assert not window.undo_action.isEnabled() and window.undo_action.text() == "&Undo"
    controller.toggle_hold(2)
    assert window.undo_action.text() == "&Undo: holding die 3"
