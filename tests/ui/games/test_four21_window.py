"""The 421 in the window: a whole game (charge and décharge) by clicks and keys."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt

from missdice_desktop.records import load_record
from missdice_desktop.rules import Hold, Roll
from missdice_desktop.rules.four21 import Four21Rules, Phase, Stop, hand_of
from missdice_desktop.ui.dialogs.new_game import NewGameChoice, NewGameDialog
from missdice_desktop.ui.games.four21_board import hand_name
from missdice_desktop.ui.settings import DICE_TABLE, DICE_VIRTUAL, Settings

SEED = 1


def four21_choice(players: list[str], *, table: bool = False) -> NewGameChoice:
    return NewGameChoice(
        Four21Rules(pot=11),
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
    # A fixed draw: with some draws one player holds every token when the pot runs out, and
    # the game ends in la charge; this one goes on to la décharge.
    game._random.seed(SEED)
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
    assert board.pot_box.isHidden() and loser in board.throws.text()
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
    parts.controller.table_dice.use_camera_dice((2, 2, 1))
    assert game.state.tokens == (0, 10)
    assert "this game uses 3" in window.camera_panel._describe((2, 2), None)


def test_the_new_game_dialog_offers_the_421_options(qtbot):
    dialog = NewGameDialog(Settings(players=["Anna"], game="421"))
    qtbot.addWidget(dialog)
    assert dialog.selected_game() == "421" and dialog.player_count.minimum() == 2
    pot = dialog.findChild(type(dialog.variant_box), "option_pot")
    pot.setCurrentIndex(pot.findData(11))
    chosen = dialog.choice()
    assert chosen.rules == Four21Rules(pot=11, four21=10)
    assert len(chosen.players) == 2


def test_a_saved_421_opens_in_the_window_and_keeps_its_seen_throws(qtbot, make_app, tmp_path):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1), (6, 5, 3)]:
        game.apply(Roll(dice))
    path = tmp_path / "421.json"
    save_record(path, game)
    parts, prompts = make_app()
    prompts.open_answer = str(path)
    parts.controller.files.open_file()
    opened = parts.controller.game
    assert opened.state == game.state and prompts.errors == []
    board = parts.window.four21_board
    assert "La décharge" in board.phase.text() and board.stop_button.isEnabled()
    qtbot.keyClick(parts.window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert opened.state.turn.throws == ((6, 5, 3),)  # a throw once seen stays (issue 18)


def test_the_new_game_dialog_leaves_no_gap_where_rows_are_hidden(qtbot):
    dialog = NewGameDialog(Settings(players=["Anna", "Ben"], game="421"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() == dialog.sizeHint().height()
    count_bottom = dialog.player_count.geometry().bottom()
    assert dialog.options_box.geometry().top() - count_bottom < 20


def test_the_tray_counts_the_421_throws_as_throws(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Ben"])
    parts.controller.start()
    window, game = parts.window, parts.controller.game
    for dice in [(4, 2, 1), (2, 2, 1)] * 2:  # the charge: Ben takes 10, then 1 from the pot
        game.apply(Roll(dice))
    while game.state.phase is Phase.CHARGE:
        game.apply(Roll((6, 5, 3)))
        game.apply(Roll((2, 2, 1)))
    assert game.state.phase is Phase.DECHARGE
    game.apply(Roll((6, 5, 3)))
    tray = window.tray
    assert tray.rolls_left_label.text() == "Throws left: 2"
    assert tray.roll_button.text() == "&Throw (Space)"


def _decharge_with_eight(qtbot, make_app, size, tmp_path):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Rules(pot=21), [f"Player {n}" for n in range(1, 9)], seed=7)
    while game.state.phase is not Phase.DECHARGE:
        game.apply(Roll())
    game.apply(Roll())
    save_record(tmp_path / "421.json", game)
    parts, _prompts = make_app(record=str(tmp_path / "421.json"))
    game = parts.controller.game
    parts.window.resize(*size)
    qtbot.waitUntil(lambda: parts.window.size().width() == size[0])
    return parts, game


def test_the_421_board_fits_eight_players_at_1024x700_and_reads_across_the_table(
    qtbot, make_app, tmp_path
):
    parts, game = _decharge_with_eight(qtbot, make_app, (1024, 700), tmp_path)
    board = parts.window.four21_board
    assert parts.window.boards.currentWidget() is board
    tokens = board._cells[7][2]
    bottom = tokens.mapTo(board, tokens.rect().bottomLeft()).y()
    assert tokens.isVisible() and bottom <= board.height()
    default = parts.window.font().pixelSize() if parts.window.font().pixelSize() > 0 else 13
    assert tokens.font().pixelSize() >= 1.5 * default
    assert board.phase.font().pixelSize() > tokens.font().pixelSize()
    assert board.rules_card.font().pixelSize() < tokens.font().pixelSize()
    seat = game.state.turn.player
    assert board._cells[seat][3].text() == hand_name(hand_of(game.state.turn.dice))
    for seat, (_, chips, tokens, _, _) in enumerate(board._cells):
        assert chips.count == game.state.tokens[seat] and tokens.text() == str(chips.count)
    assert board.pot_count.isHidden() and board.pot_chips.isHidden()  # the pot is empty
    small = tokens.font().pixelSize()
    parts.window.resize(1600, 1000)
    qtbot.waitUntil(lambda: board._cells[7][2].font().pixelSize() > small)


def test_the_last_round_shows_its_ranking_and_who_paid_whom(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Ben", "Chloé"])
    parts.controller.start()
    game = parts.controller.game
    for dice in [(6, 5, 3), (4, 2, 1), (2, 2, 1)]:
        game.apply(Roll(dice))
    board = parts.window.four21_board
    assert board.payment.text() == "Chloé takes 10 from the pot."
    assert board.last_ranking.text().replace("\u00a0", " ") == (
        "Best: Ben's 4-2-1, worth 10. Worst: Chloé.\n"
        "1. Ben 4-2-1 · 2. Anna 6-5-3 · 3. Chloé 2-2-1 (nénette)"
    )
    assert board.pot_count.text() == "1" and board.pot_chips.count == 1


def test_no_name_or_chip_is_cut_when_players_hold_many_tokens(qtbot, make_app, tmp_path):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Rules(pot=21), ["Player 1", "Player 2", "Player 3"])
    for dice in [(4, 2, 1), (6, 5, 3), (2, 2, 1), (4, 2, 1), (6, 5, 3), (2, 2, 1)]:
        game.apply(Roll(dice))  # Player 3, then Player 2, take 10
    game.apply(Roll((6, 5, 4)))
    save_record(tmp_path / "421.json", game)
    parts, _prompts = make_app(record=str(tmp_path / "421.json"))
    parts.window.resize(1200, 800)
    board = parts.window.four21_board
    qtbot.waitUntil(lambda: board.width() > 1000)
    qtbot.wait(100)
    for name, chips, tokens, hand, place in board._cells[:3]:
        for widget in (name, chips, tokens, hand, place):
            assert widget.width() >= widget.sizeHint().width(), widget.objectName()
    assert [cells[1].count for cells in board._cells[:3]] == [0, 10, 10]


def test_a_tie_for_the_worst_reads_in_full_at_1024x700(qtbot, make_app, tmp_path):
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Rules(pot=21), ["Anna", "Ben", "Chloé", "Dédé"])
    for dice in [(4, 2, 1), (2, 2, 1), (6, 5, 3), (2, 2, 1), (2, 3, 6)]:
        game.apply(Roll(dice))  # Ben and Dédé tie with 2-2-1; Ben throws 6-3-2 again
    save_record(tmp_path / "421.json", game)
    parts, _prompts = make_app(record=str(tmp_path / "421.json"))
    parts.window.resize(1024, 700)
    board = parts.window.four21_board
    qtbot.waitUntil(lambda: parts.window.width() == 1024)
    qtbot.wait(100)
    _, _, _, hand, place = board._cells[1]
    nb = "\u00a0"
    assert (hand.text(), place.text()) == ("2-2-1", f"place{nb}3{nb}· nénette{nb}· tie:{nb}6-3-2")
    assert board._cells[3][4].text() == f"place{nb}3{nb}· nénette{nb}· tied"  # a shared place
    for cells in board._cells[:4]:
        for widget in cells[:4]:
            assert widget.width() >= widget.sizeHint().width(), widget.objectName()
        wrapped = cells[4]
        assert wrapped.height() >= wrapped.heightForWidth(wrapped.width())
        assert wrapped.height() <= 2.6 * wrapped.fontMetrics().height()  # two lines at most
    bottom = board._cells[3][2].mapTo(board, board._cells[3][2].rect().bottomLeft()).y()
    assert bottom <= board.height()


def test_after_a_tie_break_the_last_round_puts_the_worst_last_and_shows_the_throws(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = four21_choice(["Anna", "Bruno", "Chloé"])
    parts.controller.start()
    game = parts.controller.game
    for dice in [(4, 2, 1), (2, 2, 1), (2, 2, 1), (6, 5, 4), (3, 2, 2)]:
        game.apply(Roll(dice))  # Bruno and Chloé tie; Bruno's 6-5-4 beats Chloé's 3-2-2
    board = parts.window.four21_board
    assert board.last_ranking.text().replace("\u00a0", " ") == (
        "Best: Anna's 4-2-1, worth 10. Worst: Chloé.\n"
        "1. Anna 4-2-1 · 2. Bruno 2-2-1 (nénette) · 3. Chloé 2-2-1 (nénette)\n"
        "Tie-break: Bruno 6-5-4, Chloé 3-2-2"
    )


def test_eight_players_at_1024x700_rows_apart_and_the_band_on_the_player_throwing(
    qtbot, make_app, tmp_path
):
    parts, game = _decharge_with_eight(qtbot, make_app, (1024, 700), tmp_path)
    window, board = parts.window, parts.window.four21_board
    window.coach_action.setChecked(True)  # the coach's dock takes room beside the board
    qtbot.wait(50)
    assert window.coach_action.isEnabled() and window.coach_dock.isVisible()
    panel = board.players
    bands = [panel.row_band(row) for row in range(8)]
    for upper, lower in itertools.pairwise(bands):
        assert upper.bottom() < lower.top() + 2, "rows overlap"
    seat = game.state.turn.player
    name = board._cells[seat][0]
    assert name.text().startswith("▶")
    assert panel.playing_row == seat
    assert bands[seat].contains(name.geometry().center())
    for cells in board._cells:
        place = cells[4]
        if place.text():
            first_note = place.text().split("\u00a0·")[0]
            assert place.fontMetrics().horizontalAdvance(first_note) <= place.width()
    if board.rules_card.isVisible():
        card_top = board.rules_card.geometry().top()
        assert board.last_box.geometry().bottom() < card_top


def test_undo_names_a_stop_and_whose_it_was(qtbot, make_app, tmp_path):
    parts, game = _decharge_with_eight(qtbot, make_app, (1024, 700), tmp_path)
    controller, window = parts.controller, parts.window
    name = game.players[game.current_player]
    controller.stop_turn()
    assert game.players[game.current_player] != name
    assert window.undo_action.text() == f"&Undo: {name} stopping"
    controller.history.undo()
    assert window.status_label.text() == f"Undone: {name} stopping"
