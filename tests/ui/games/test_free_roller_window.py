"""The free roller in the window: chosen from New game, rolled by Space, remembered."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.ui.dialogs.new_game import FREE_ROLLER, NewGameChoice
from missdice_desktop.ui.settings import load_settings


def test_the_free_roller_rolls_holds_and_remembers_its_dice(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = NewGameChoice(None, [], game=FREE_ROLLER)
    parts.controller.start()
    window, controller = parts.window, parts.controller
    roller = window.roller
    assert controller.roller.shown
    roller.notation.setText("2d6+d20")
    qtbot.keyClick(roller.notation, Qt.Key.Key_Return)
    assert roller.roller.faces == (6, 6, 20)
    roller.add_buttons[8].click()
    assert [die.shape for die in roller.dice] == [6, 6, 20, 8]
    qtbot.keyClick(window, Qt.Key.Key_Space)
    first = roller.roller.values
    assert len(first) == 4
    assert roller.total_label.text() == f"Total: {sum(first)}"
    qtbot.mouseClick(roller.dice[2], Qt.MouseButton.LeftButton)
    roller.roll_button.click()
    assert roller.roller.values[2] == first[2]
    assert roller.history.count() == 2
    roller.notation.setText("3d7")
    roller.use_notation()
    assert "Not dice notation" in roller.message.text() and roller.roller.faces == (6, 6, 20, 8)
    assert load_settings(controller.paths.settings_file).roller_dice == "2d6+d20+d8"
    assert not window.undo_action.isEnabled()
    roller.back_button.click()
    assert not controller.roller.shown
    controller.roller.show()
    assert roller.roller.faces == (6, 6, 20, 8)


def test_enter_in_the_notation_then_space_rolls_with_the_modifier(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = NewGameChoice(None, [], game=FREE_ROLLER)
    parts.controller.start()
    window, controller = parts.window, parts.controller
    window.show()
    qtbot.waitExposed(window)
    roller = window.roller
    roller.notation.setFocus()
    roller.notation.selectAll()
    qtbot.keyClicks(roller.notation, "2d6+3")
    qtbot.keyClick(roller.notation, Qt.Key.Key_Return)
    assert roller.roller.faces == (6, 6) and roller.roller.modifier == 3
    assert roller.roll_button.hasFocus()
    qtbot.keyClick(roller.roll_button, Qt.Key.Key_Space)
    values = roller.roller.values
    assert len(values) == 2
    assert roller.total_label.text() == f"Total: {sum(values) + 3}"
    assert roller.history.item(0).text().endswith("(2d6+3)")
    assert load_settings(controller.paths.settings_file).roller_dice == "2d6+3"
    qtbot.mouseClick(roller.dice[1], Qt.MouseButton.LeftButton)
    assert roller.dice[1].caption() == "d6 held" and roller.dice[0].caption() == "d6"
