"""Playing the sheet without a mouse: arrows among free boxes, box keys, the focus follows."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.ui.games.sheet_model import RowKind, SheetRole
from tests.ui.conftest import choice


def start(make_app, players=("Anna", "Ben")):  # type: ignore[no-untyped-def]
    parts, prompts = make_app()
    prompts.new_game_choice = choice(list(players), table=True)
    parts.controller.start()
    return parts


def test_arrows_stop_only_on_the_current_players_free_boxes(qtbot, make_app) -> None:
    parts = start(make_app)
    controller, sheet = parts.controller, parts.window.sheet
    model = controller.model
    controller.enter_dice("66666")
    controller.score_row(model.row_of_box("sixes"))  # Anna
    controller.enter_dice("11111")
    controller.score_row(model.row_of_box("ones"))  # Ben
    controller.enter_dice("12345")
    sheet.setFocus()
    assert sheet.currentIndex().column() == 0  # Anna plays: her column
    visited = []
    for _ in range(len(model.free_rows(0)) + 2):
        qtbot.keyClick(sheet, Qt.Key.Key_Down)
        visited.append(sheet.currentIndex().row())
        assert sheet.currentIndex().column() == 0
    kinds = {model.row_kind(row) for row in visited}
    assert kinds == {RowKind.BOX}
    assert model.row_of_box("sixes") not in visited
    assert set(visited) == set(model.free_rows(0))
    qtbot.keyClick(sheet, Qt.Key.Key_Right)
    assert sheet.currentIndex().column() == 0
    qtbot.keyClick(sheet, Qt.Key.Key_End)
    assert sheet.currentIndex().row() == model.free_rows(0)[-1]


def test_the_focus_follows_the_player_whose_turn_it_is(qtbot, make_app) -> None:
    parts = start(make_app)
    controller, sheet = parts.controller, parts.window.sheet
    sheet.setFocus()
    controller.enter_dice("12345")
    controller.score_row(controller.model.row_of_box("large_straight"))
    assert sheet.currentIndex().column() == 1
    assert controller.model.row_kind(sheet.currentIndex().row()) is RowKind.BOX


def test_box_keys_are_letters_and_score_from_the_sheet(qtbot, make_app) -> None:
    parts = start(make_app)
    controller, sheet = parts.controller, parts.window.sheet
    model = controller.model
    game = controller.game
    header = [
        model.headerData(row, Qt.Orientation.Vertical, SheetRole.BOX_KEY)
        for row in range(model.rowCount())
    ]
    keys = [key for key in header if key]
    assert keys[:6] == ["A", "B", "C", "D", "E", "F"]
    assert all(key.isalpha() for key in keys)
    full_house = model.row_of_box("full_house")
    assert model.headerData(full_house, Qt.Orientation.Vertical, SheetRole.BOX_KEY) == "I"
    assert "key I" in model.headerData(
        full_house, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole
    )
    controller.enter_dice("44412")
    sheet.setFocus()
    qtbot.keyClick(sheet, Qt.Key.Key_D)
    assert game.state.sheets[0].scores == {"fours": 12}
    controller.enter_dice("22233")
    parts.window.undo_button.setFocus()  # a letter scores wherever the focus is
    qtbot.keyClick(parts.window.undo_button, Qt.Key.Key_I)
    assert game.state.sheets[1].scores == {"full_house": 25}


def test_digits_in_the_sheet_type_table_dice_never_score(qtbot, make_app) -> None:
    parts = start(make_app)
    controller, sheet = parts.controller, parts.window.sheet
    game = controller.game
    controller.enter_dice("44412")
    sheet.setFocus()
    for key in (Qt.Key.Key_4, Qt.Key.Key_QuoteDbl):  # "4", and the 3 key of a French keyboard
        qtbot.keyClick(sheet, key)
    assert not game.state.scored_turns


def test_digits_hold_dice_after_a_turn_scored_from_the_sheet(qtbot, make_app) -> None:
    """The play-through: three rolls, the focus lands in the sheet, a box is scored there;
    on the next turn "1" holds die 1, as the status line says, and scores nothing."""
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    window, controller, sheet = parts.window, parts.controller, parts.window.sheet
    game = controller.game
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Space)
    assert game.rolls_left == 0
    sheet.setFocus()
    model = controller.model
    chance = model.headerData(
        model.row_of_box("chance"), Qt.Orientation.Vertical, SheetRole.BOX_KEY
    )
    qtbot.keyClicks(sheet, chance)  # always open
    assert game.state.sheets[0].scores.keys() == {"chance"}
    assert sheet.hasFocus()
    qtbot.keyClick(window, Qt.Key.Key_Space)  # Ben's first roll
    assert "hold dice (1–5)" in window.status_label.text()
    qtbot.keyClick(sheet, Qt.Key.Key_1)
    qtbot.keyClick(sheet, Qt.Key.Key_Ampersand)  # the 1 key of a French keyboard: released
    qtbot.keyClick(sheet, Qt.Key.Key_2)
    assert not game.state.sheets[1].scores
    assert game.held == (False, True, False, False, False)
    assert game.current_player == 1
