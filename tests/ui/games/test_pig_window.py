"""Cochon in the window: a whole game by clicks and keys, table dice, the camera's count."""

from __future__ import annotations

from PySide6.QtCore import Qt

from missdice_desktop.records import load_record
from missdice_desktop.rules import Bank, PigRules, Roll
from missdice_desktop.ui.dialogs.new_game import NewGameChoice, NewGameDialog
from missdice_desktop.ui.settings import DICE_TABLE, DICE_VIRTUAL, Settings


def pig_choice(players: list[str], *, target: int = 30, table: bool = False) -> NewGameChoice:
    return NewGameChoice(
        PigRules(target=target),
        players,
        DICE_TABLE if table else DICE_VIRTUAL,
        game="pig",
        game_options={"target": target},
    )


def test_two_players_play_a_whole_game_of_cochon_by_clicks_and_keys(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna", "Ben"])
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    assert isinstance(game.rules, PigRules) and game.rules.target == 30
    assert len(window.tray.dice) == 1
    assert window.boards.currentWidget() is window.pig_board
    assert not window.pig_board.hold_button.isEnabled()

    turns = 0
    while not game.finished and turns < 400:
        player = game.current_player
        if turns % 2:
            window.tray.roll_button.click()
        else:
            qtbot.keyClick(window, Qt.Key.Key_Space)
        assert game.state.turns or game.state.turn.rolls
        reached = game.why_not(Roll()) is not None  # the target: hold to win
        if game.current_player == player and (game.state.turn.total >= 8 or reached):
            assert window.pig_board.hold_button.isEnabled()
            if turns % 3:
                qtbot.keyClick(window, Qt.Key.Key_H)
            else:
                window.pig_board.hold_button.click()
            assert game.state.turns[-1].held
        turns += 1

    assert game.finished
    winner = game.state.winner
    assert game.state.banked[winner] >= 30
    assert game.winners() == (game.players[winner],)
    assert controller.end_dialog is not None and controller.end_dialog.isVisible()
    assert "Game over" in window.status_label.text()
    assert all(isinstance(action, Roll | Bank) for action in game.actions)
    saved = load_record(controller.autosave.path)
    assert saved.state == game.state


def test_holding_is_refused_before_a_roll_with_the_engines_reason(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna"])
    parts.controller.start()
    qtbot.keyClick(parts.window, Qt.Key.Key_H)
    assert parts.controller.game.actions == ()
    parts.controller.bank()
    assert parts.window.status_label.text() == "Roll at least once before holding."


def test_dice_from_the_table_are_typed_one_face_at_a_time_and_undo(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna", "Ben"], table=True)
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    assert window.tray.entry.isVisible() and window.tray.entry.maxLength() == 1
    for key in (Qt.Key.Key_5, Qt.Key.Key_Return, Qt.Key.Key_4, Qt.Key.Key_Return):
        qtbot.keyClick(window.tray.entry if key == Qt.Key.Key_Return else window, key)
    assert game.state.turn.rolls == (5, 4)
    qtbot.keyClick(window, Qt.Key.Key_1)
    qtbot.keyClick(window.tray.entry, Qt.Key.Key_Return)
    assert game.current_player == 1 and game.state.banked == (0, 0)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert game.current_player == 0 and game.state.turn.rolls == (5, 4)


def test_the_camera_expects_one_die_and_says_so(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna"], table=True)
    parts.controller.start()
    panel = parts.window.camera_panel
    assert panel.expected_count == 1
    assert "this game uses 1" in panel._describe((3, 4), None)
    parts.controller.table_dice.use_camera_dice((6,))
    assert parts.controller.game.state.turn.rolls == (6,)


def test_the_new_game_dialog_offers_the_games_and_cochons_target(qtbot):
    dialog = NewGameDialog(Settings(players=["Anna", "Ben"], game="pig"))
    qtbot.addWidget(dialog)
    assert [dialog.game_box.itemData(i) for i in range(dialog.game_box.count())][:2] == [
        "yahtzee",
        "pig",
    ]
    assert dialog.selected_game() == "pig"
    spin = dialog.findChild(type(dialog.player_count), "option_target")
    assert spin is not None and spin.value() == 100
    spin.setValue(250)
    chosen = dialog.choice()
    assert chosen.rules == PigRules(target=250) and chosen.players == ["Anna", "Ben"]
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("roller"))
    assert dialog.choice().rules is None and dialog.choice().game == "roller"
    assert not dialog.players_box.isVisibleTo(dialog)
    dialog.game_box.setCurrentIndex(dialog.game_box.findData("yahtzee"))
    assert dialog.choice().rules.variant.id == "yahtzee"


def test_an_unfinished_game_of_cochon_is_offered_back_and_resumes(qtbot, make_app, paths):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(PigRules(target=40), ["Anna", "Ben"])
    for action in (Roll((6,)), Roll((4,)), Bank(), Roll((3,))):
        game.apply(action)
    save_record(paths.autosave_file, game)
    parts, prompts = make_app(start=True)
    assert prompts.resume_questions and "Cochon" in prompts.resume_questions[0]
    resumed = parts.controller.game
    assert resumed.state == game.state
    assert parts.window.boards.currentWidget() is parts.window.pig_board
    assert parts.window.pig_board.turn_total.text() == "Turn total: 3"


def test_the_same_face_read_twice_by_the_camera_is_two_rolls(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna"], table=True)
    parts.controller.start()
    parts.controller.table_dice.use_camera_dice((4,))
    parts.controller.table_dice.use_camera_dice((4,))
    assert parts.controller.game.state.turn.rolls == (4, 4)


def test_the_board_shows_the_turn_at_risk_and_what_holding_gives(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna", "Ben"], target=20)
    parts.controller.start()
    game, board = parts.controller.game, parts.window.pig_board
    for face in (6, 5, 3):
        game.apply(Roll((face,)))
    assert board._bars[0].total == 0 and board._bars[0].at_risk == 14
    assert board._totals[0].text() == "0 (+14)" and board._totals[1].text() == "0"
    assert board.if_held.text() == "Hold now: 14 points, 6 to go."
    game.apply(Roll((6,)))
    assert board.if_held.text() == "Hold now: 20 points, and Anna wins!"
    qtbot.keyClick(parts.window, Qt.Key.Key_H)
    assert game.finished and board.if_held.text() == "Anna wins!"
    assert board._bars[0].total == 20 and board._bars[0].at_risk == 0


def test_eight_players_fit_at_1024x700_and_the_text_grows_with_the_window(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice([f"Player {n}" for n in range(1, 9)])
    parts.controller.start()
    parts.window.resize(1024, 700)
    board = parts.window.pig_board
    qtbot.waitUntil(lambda: board.height() < 600)
    last = board._totals[7]
    assert last.isVisible() and last.mapTo(board, last.rect().bottomLeft()).y() <= board.height()
    small = last.font().pixelSize()
    assert small >= 17 and board.rules_card.font().pixelSize() < small
    parts.window.resize(1600, 1000)
    qtbot.waitUntil(lambda: last.font().pixelSize() > small)


def test_undo_names_the_hold_and_the_player_whose_throw_ended_the_turn(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna", "Bruno"])
    parts.controller.start()
    controller, window = parts.controller, parts.window
    game = controller.game
    game.apply(Roll((5,)))  # a throw of real dice on the table: it may be undone
    controller.bank()
    assert window.undo_action.text() == "&Undo: Anna's hold"
    controller.history.undo()
    assert window.status_label.text() == "Undone: Anna's hold"
    controller.history.redo()
    game.apply(Roll((1,)))  # Bruno's 1 ends his turn: Anna plays next
    assert game.current_player == 0
    assert window.undo_action.text() == "&Undo: Bruno's throw"
    controller.history.undo()
    assert window.status_label.text() == "Undone: Bruno's throw"
    assert window.redo_action.text() == "&Redo: Bruno's throw"


def test_a_turn_that_reaches_the_target_says_hold_to_win(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = pig_choice(["Anna", "Bruno"], target=10)
    parts.controller.start()
    controller, window = parts.controller, parts.window
    game = controller.game
    game.apply(Roll((6,)))
    game.apply(Roll((5,)))
    controller.roll()
    assert window.status_label.text() == "This turn reaches 10: hold (H) to win."
    assert len(game.state.turn.rolls) == 2
