"""Playing the sheet without a mouse: arrows among free boxes, box keys, the focus follows."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.ui.sheet_model import RowKind, SheetRole
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


def test_box_keys_score_from_the_sheet_in_english_and_french_layouts(qtbot, make_app) -> None:
    parts = start(make_app)
    controller, sheet = parts.controller, parts.window.sheet
    model = controller.model
    game = controller.game
    header = [
        model.headerData(row, Qt.Orientation.Vertical, SheetRole.BOX_KEY)
        for row in range(model.rowCount())
    ]
    assert header[:6] == ["1", "2", "3", "4", "5", "6"]
    full_house = model.row_of_box("full_house")
    assert model.headerData(full_house, Qt.Orientation.Vertical, SheetRole.BOX_KEY) == "C"
    assert "key C" in model.headerData(
        model.row_of_box("full_house"), Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole
    )
    sheet.setFocus()
    qtbot.keyClick(sheet, Qt.Key.Key_4)  # no dice yet: a table die's face, not a box
    assert not game.state.scored_turns
    parts.window.tray.entry.clear()
    controller.enter_dice("44412")
    sheet.setFocus()
    qtbot.keyClick(sheet, Qt.Key.Key_4)
    assert game.state.sheets[0].scores == {"fours": 12}
    controller.enter_dice("22233")
    sheet.setFocus()
    qtbot.keyClick(sheet, Qt.Key.Key_C)
    assert game.state.sheets[1].scores == {"full_house": 25}
    controller.enter_dice("33312")
    sheet.setFocus()
    qtbot.keyClick(sheet, Qt.Key.Key_QuoteDbl)  # the 3 key of a French keyboard
    assert game.state.sheets[0].scores["threes"] == 9
