"""The 421 in the window: a whole game (charge and décharge) by clicks and keys."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.records import load_record
from missdice_desktop.rules import Hold, Roll
from missdice_desktop.rules.four21 import Four21Rules, Phase, Stop
from missdice_desktop.rules.four21_engine import Four21Engine
from missdice_desktop.ui.new_game_dialog import NewGameChoice, NewGameDialog
from missdice_desktop.ui.settings import DICE_TABLE, DICE_VIRTUAL, Settings


def four21_choice(players: list[str], *, table: bool = False) -> NewGameChoice:
    return NewGameChoice(
        Four21Engine(Four21Rules(pot=11)),
        players,
        DICE_TABLE if table else DICE_VIRTUAL,
        game="421",
        game_options={"pot": 11, "421": 10},
    )


def test_three_players_play_a_whole_421_by_clicks_and_keys(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Ben", "Chloé"])
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    board = window.four21_board
    assert window.boards.currentWidget() is board and len(window.tray.dice) == 3
    assert "La charge" in board.phase.text()
    phases = set()
    steps = 0
    while not game.finished and steps < 3000:
        phases.add(game.state.phase)
        legal = game.legal_actions()
        turn = game.state.turn
        if Stop() in legal and len(turn.throws) >= 2:
            if steps % 2:
                qtbot.keyClick(window, Qt.Key.Key_S)
            else:
                board.stop_button.click()
        elif Hold(0, True) in legal and not any(turn.held) and steps % 3 == 0:
            qtbot.keyClick(window, Qt.Key.Key_1)
            assert game.held[0]
        elif steps % 2:
            qtbot.keyClick(window, Qt.Key.Key_Space)
        else:
            window.tray.roll_button.click()
        steps += 1
    assert game.finished, steps
    assert phases >= {Phase.CHARGE, Phase.DECHARGE}
    assert any(isinstance(action, Stop) for action in game.actions)
    loser = game.losers()[0]
    assert game.state.tokens[game.players.index(loser)] > 0
    assert controller.end_dialog is not None and loser in controller.end_dialog.title.text()
    assert f"{loser} loses" in window.status_label.text()
    assert load_record(controller.autosave.path).state == game.state


def test_a_charge_throw_cannot_hold_and_the_reason_shows(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Ben"])
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    game.apply(Roll((6, 5, 3)))
    assert window.tray.dice[0].face == 6  # the last throw stays on the table
    qtbot.keyClick(window, Qt.Key.Key_1)
    assert window.status_label.text() == "This turn has a single throw: nothing to hold."


def test_table_dice_and_the_camera_expect_three(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Ben"], table=True)
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    assert window.camera_panel.expected_count == 3
    for key in (Qt.Key.Key_4, Qt.Key.Key_2, Qt.Key.Key_1):
        qtbot.keyClick(window, key)
    qtbot.keyClick(window.tray.entry, Qt.Key.Key_Return)
    assert game.state.turns[-1].throws == ((4, 2, 1),)
    parts.controller.use_camera_dice((2, 2, 1))
    assert game.state.tokens == (0, 10)
    assert "a turn needs 3" in window.camera_panel._describe((2, 2), None)


def test_the_new_game_dialog_offers_the_421_options(qtbot):
    dialog = NewGameDialog(Settings(players=["Anna"], game="421"))
    qtbot.addWidget(dialog)
    assert dialog.selected_game() == "421" and dialog.player_count.minimum() == 2
    pot = dialog.findChild(type(dialog.variant_box), "option_pot")
    pot.setCurrentIndex(pot.findData(11))
    chosen = dialog.choice()
    assert chosen.rules == Four21Engine(Four21Rules(pot=11, four21=10))
    assert len(chosen.players) == 2


def test_a_saved_421_opens_in_the_window_and_undoes(qtbot, make_app, tmp_path):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Engine(Four21Rules(pot=11)), ["Anna", "Ben"])
    for dice in [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1), (6, 5, 3)]:
        game.apply(Roll(dice))
    path = tmp_path / "421.json"
    save_record(path, game)
    parts, prompts = make_app()
    prompts.open_answer = str(path)
    parts.controller.open_file()
    opened = parts.controller.game
    assert opened.state == game.state and prompts.errors == []
    board = parts.window.four21_board
    assert "La décharge" in board.phase.text() and board.stop_button.isEnabled()
    qtbot.keyClick(parts.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert opened.state.turn.throws == ()


def test_the_new_game_dialog_leaves_no_gap_where_rows_are_hidden(qtbot):
    dialog = NewGameDialog(Settings(players=["Anna", "Ben"], game="421"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() == dialog.sizeHint().height()
    count_bottom = dialog.player_count.geometry().bottom()
    assert dialog.options_box.geometry().top() - count_bottom < 20
