"""Whole games played through the window, by mouse and keyboard, checked on the engine."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QHelpEvent, QPalette
from PySide6.QtWidgets import QApplication, QToolTip

from missdice_desktop.records import load_record
from missdice_desktop.ui.games.sheet_model import RowKind, SheetRole
from tests.ui.conftest import choice, click_cell, click_die, scorable_rows


def test_two_players_play_a_whole_virtual_game_by_clicks_and_keys(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    assert prompts.new_game_asked == 1
    assert game.players == ("Anna", "Ben")

    turns = 0
    while not game.finished:
        player = game.current_player
        qtbot.keyClick(window, Qt.Key.Key_Space)
        assert game.dice is not None and game.rolls_left == 2
        click_die(qtbot, window, 0)
        qtbot.keyClick(window, Qt.Key.Key_2)
        assert game.held[:2] == (True, True)
        click_die(qtbot, window, 0)
        assert game.held[:2] == (False, True)
        window.tray.roll_button.click()
        assert game.rolls_left == 1
        rows = scorable_rows(window)
        assert rows, "a free box is always open"
        scored_before = len(game.state.sheets[player].scores)
        if turns % 2:
            click_cell(qtbot, window, rows[-1], window.sheet.current_player_column())
        else:
            window.sheet.setFocus()
            window.sheet.setCurrentIndex(window.sheet.model().index(rows[0], 0))
            qtbot.keyClick(window.sheet, Qt.Key.Key_Return)
        assert len(game.state.sheets[player].scores) == scored_before + 1
        assert game.current_player == (player + 1) % 2 or game.finished
        turns += 1

    assert turns == 26
    model = window.sheet.model()
    total_row = model.row_of_kind(RowKind.GRAND_TOTAL)
    for player, sheet in enumerate(game.state.sheets):
        assert model.index(total_row, player).data() == str(sheet.total)
    dialog = controller.end_dialog
    assert dialog is not None and dialog.isVisible()
    standings = game.standings()
    assert dialog.ranking.rowCount() == 2
    assert dialog.ranking.item(0, 1).text() == standings[0].name
    assert dialog.ranking.item(0, 2).text() == str(standings[0].total)
    assert "Game over" in window.status_label.text()

    qtbot.mouseClick(dialog.same_players_button, Qt.MouseButton.LeftButton)
    assert controller.game is not game
    assert controller.game.players == ("Ben", "Anna")  # the next player starts
    assert not controller.game.state.scored_turns
    kept, _broken = controller.autosave.kept_games()
    assert [k.game.finished for k in kept] == [True]
    assert controller.end_dialog is None


def test_table_dice_a_joker_turn_and_undo_across_a_turn(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    tray = window.tray
    assert tray.entry.isVisible() and not tray.roll_button.isVisible()
    model = window.sheet.model()

    # Anna types her Yahtzee; Ben sets his dice one click at a time.
    qtbot.keyClicks(tray.entry, "66666")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    assert game.dice == (6, 6, 6, 6, 6)
    click_cell(qtbot, window, model.row_of_box("yahtzee"), 0)
    assert game.state.sheets[0].scores["yahtzee"] == 50
    faces = iter([2, 3, 4, 5, 6])
    tray.choose_face = lambda _index: next(faces)
    for index in range(5):
        click_die(qtbot, window, index)
    assert game.dice == (2, 3, 4, 5, 6)
    click_cell(qtbot, window, model.row_of_box("large_straight"), 1)
    assert game.state.sheets[1].scores["large_straight"] == 40

    # Anna's second Yahtzee: the forced joker leaves only Sixes open, and says why.
    tray.entry.setFocus()
    qtbot.keyClicks(tray.entry, "66666")
    qtbot.keyClick(tray.entry, Qt.Key.Key_Return)
    chance = model.index(model.row_of_box("chance"), 0)
    sixes = model.index(model.row_of_box("sixes"), 0)
    assert sixes.data(SheetRole.SCORABLE)
    assert not chance.data(SheetRole.SCORABLE)
    reason = chance.data(SheetRole.DISABLED_REASON)
    assert reason == "Joker: five 6s must go in Sixes while it is free."
    assert chance.data(Qt.ItemDataRole.ToolTipRole) == reason
    assert window.status_label.text() == reason
    click_cell(qtbot, window, chance.row(), 0)
    assert "chance" not in game.state.sheets[0].scores
    assert game.current_player == 0
    click_cell(qtbot, window, sixes.row(), 0)
    assert game.state.sheets[0].scores["sixes"] == 30
    assert game.state.sheets[0].yahtzee_bonus == 100
    bonus_row = model.row_of_kind(RowKind.YAHTZEE_BONUS)
    assert model.index(bonus_row, 0).data() == "100"
    assert window.status_label.text() == "Yahtzee bonus for Anna: +100!"
    assert game.current_player == 1

    # Undo across the turn: Anna's dice come back, her Sixes are free again; redo restores it.
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.current_player == 0
    assert game.dice == (6, 6, 6, 6, 6)
    assert "sixes" not in game.state.sheets[0].scores
    assert model.index(sixes.row(), 0).data(SheetRole.PREVIEW_SCORE) == 30
    qtbot.keyClick(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert game.state.sheets[0].scores["sixes"] == 30
    window.undo_button.click()
    window.undo_button.click()
    assert game.dice == (2, 3, 4, 5, 6) or game.dice is None
    assert game.current_player == 0


def test_scoring_zero_asks_once_when_a_better_box_exists(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Solo"], table=True)
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    model = window.sheet.model()
    parts.controller.enter_dice("12346")
    prompts.zero_answers = [(False, False)]
    click_cell(qtbot, window, model.row_of_box("yahtzee"), 0)
    assert prompts.zero_questions == [("Yahtzee", "Small straight", 30)]
    assert "yahtzee" not in game.state.sheets[0].scores
    prompts.zero_answers = [(True, True)]
    click_cell(qtbot, window, model.row_of_box("yahtzee"), 0)
    assert game.state.sheets[0].scores["yahtzee"] == 0
    assert parts.controller.settings.confirm_zero is False
    parts.controller.enter_dice("12346")
    click_cell(qtbot, window, model.row_of_box("ones"), 0)
    assert game.state.sheets[0].scores["ones"] == 1
    parts.controller.enter_dice("22345")
    click_cell(qtbot, window, model.row_of_box("sixes"), 0)
    assert game.state.sheets[0].scores["sixes"] == 0
    assert len(prompts.zero_questions) == 2  # never asked again once told so


def test_closing_mid_game_loses_nothing_and_the_game_is_offered_back(qtbot, make_app, paths):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    qtbot.keyClick(window, Qt.Key.Key_Space)
    click_cell(qtbot, window, scorable_rows(window)[0], 0)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.keyClick(window, Qt.Key.Key_3)
    expected = (game.state.sheets[0].scores, game.dice, game.held, game.rolls_left)
    window.close()
    QApplication.processEvents()
    assert load_record(parts.controller.autosave.path).dice == game.dice

    again, prompts_again = make_app(start=True)
    resumed = again.controller.game
    assert prompts_again.resume_questions and "Anna, Ben" in prompts_again.resume_questions[0]
    assert prompts_again.new_game_asked == 0
    assert (
        resumed.state.sheets[0].scores,
        resumed.dice,
        resumed.held,
        resumed.rolls_left,
    ) == expected
    assert resumed.current_player == 1
    assert again.window.tray.dice[2].held
    # The undo history of the record comes back too.
    assert resumed.can_undo


def test_declining_the_resume_starts_a_new_game_and_keeps_names(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Zoé", "Malo", "Inès"])
    parts.controller.start()
    parts.controller.roll()
    parts.window.close()
    again, prompts_again = make_app(
        start=True,
        prompts=type(prompts)(resume_answer=False, new_game_choice=None),
    )
    assert prompts_again.new_game_asked == 1
    assert again.controller.settings.players == ["Zoé", "Malo", "Inès"]


def test_keyboard_only_play_follows_the_tab_order(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    tray = window.tray
    qtbot.keyClick(window, Qt.Key.Key_Space)
    qtbot.keyClick(window, Qt.Key.Key_2)  # a hold: something to undo (a roll seen stays)
    tray.dice[0].setFocus()
    order = [QApplication.focusWidget()]
    for _ in range(7):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    # Redo is skipped while there is nothing to redo.
    assert order == [*tray.dice, tray.roll_button, window.undo_button, window.sheet]
    qtbot.keyClick(window.undo_button, Qt.Key.Key_Space)  # a focused button takes Space
    assert game.dice is not None and not any(game.held)

    qtbot.keyClick(window, Qt.Key.Key_1)
    tray.dice[4].setFocus()
    qtbot.keyClick(tray.dice[4], Qt.Key.Key_Return)  # Enter on a focused die holds it too
    assert game.held == (True, False, False, False, True)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert game.rolls_left == 1
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.sheet
    target = scorable_rows(window)[0]
    window.sheet.setCurrentIndex(window.sheet.model().index(0, 0))
    for _ in range(target):
        qtbot.keyClick(window.sheet, Qt.Key.Key_Down)
    assert window.sheet.currentIndex().row() == target
    qtbot.keyClick(window.sheet, Qt.Key.Key_Enter)
    assert game.current_player == 1
    assert len(game.state.sheets[0].scores) == 1


def test_the_palette_follows_the_choice_in_the_menu(qtbot, make_app):
    parts, _prompts = make_app()
    window = parts.window
    window.theme_actions["dark"].trigger()
    base = QApplication.palette().color(QPalette.ColorRole.Base)
    assert base.lightness() < 80
    assert parts.controller.settings.theme == "dark"
    window.theme_actions["light"].trigger()
    assert QApplication.palette().color(QPalette.ColorRole.Base).lightness() > 200


def test_table_dice_typed_anywhere_in_the_window_go_to_the_dice_entry(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"], table=True)
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    window.sheet.setFocus()
    for digit in "26266":
        qtbot.keyClick(QApplication.focusWidget(), digit)
    assert window.tray.entry.hasFocus()
    qtbot.keyClick(window.tray.entry, Qt.Key.Key_Return)
    assert game.dice == (2, 6, 2, 6, 6)
    # A focused die still takes its own digit: one die corrected is one engine action.
    window.tray.dice[0].setFocus()
    qtbot.keyClick(window.tray.dice[0], "6")
    assert game.dice == (6, 6, 2, 6, 6)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.dice == (2, 6, 2, 6, 6)


def test_a_new_game_asks_before_leaving_one_in_progress(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    game = parts.controller.game
    assert prompts.abandon_questions == []  # nothing was played yet
    parts.controller.roll()
    prompts.abandon_answer = False
    parts.window.new_game_action.trigger()
    assert len(prompts.abandon_questions) == 1
    assert prompts.new_game_asked == 1
    assert parts.controller.game is game
    prompts.abandon_answer = True
    parts.window.new_game_action.trigger()
    assert parts.controller.game is not game


def test_boxes_the_joker_closes_are_disabled_and_explain_themselves(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    model = window.sheet.model()
    parts.controller.enter_dice("33333")
    click_cell(qtbot, window, model.row_of_box("yahtzee"), 0)
    parts.controller.enter_dice("33333")
    chance = model.index(model.row_of_box("chance"), 0)
    threes = model.index(model.row_of_box("threes"), 0)
    assert not model.flags(chance) & Qt.ItemFlag.ItemIsEnabled
    assert model.flags(threes) & Qt.ItemFlag.ItemIsEnabled
    # The tooltip still tells why, on the disabled cell itself.
    rect = window.sheet.visualRect(chance)
    QToolTip.hideText()
    event = QHelpEvent(
        QEvent.Type.ToolTip, rect.center(), window.sheet.viewport().mapToGlobal(rect.center())
    )
    QApplication.sendEvent(window.sheet.viewport(), event)
    assert QToolTip.text() == "Joker: five 3s must go in Threes while it is free."
    # The keyboard passes over closed boxes: Up from the upper total skips Sixes to Fours.
    window.sheet.setFocus()
    window.sheet.setCurrentIndex(model.index(model.row_of_kind(RowKind.UPPER_TOTAL), 0))
    qtbot.keyClick(window.sheet, Qt.Key.Key_Up)
    assert window.sheet.currentIndex().row() == threes.row()
    qtbot.keyClick(window.sheet, Qt.Key.Key_Return)
    assert game.state.sheets[0].scores["threes"] == 15


def test_the_dice_source_can_change_between_turns_and_is_kept_in_the_record(qtbot, make_app, paths):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    assert not window.table_dice_action.isChecked()
    window.table_dice_action.trigger()
    assert window.tray.entry.isVisible() and not window.tray.roll_button.isVisible()
    parts.controller.enter_dice("26266")
    assert game.dice == (2, 6, 2, 6, 6)
    assert load_record(parts.controller.autosave.path).extra["dice_source"] == "table"
    window.table_dice_action.trigger()
    assert window.tray.roll_button.isVisible()
    assert parts.controller.settings.dice_source == "virtual"
