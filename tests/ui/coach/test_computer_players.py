"""A game against computer players: chosen in the New game dialog, playing through the door."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from missdice_desktop.computers import COMPUTERS_KEY, Level, record_computers
from missdice_desktop.rules import Hold, Roll, Score, get_variant
from missdice_desktop.ui.coach.computers import FAST_PACE_MS
from missdice_desktop.ui.dialogs.new_game import NewGameChoice, NewGameDialog
from missdice_desktop.ui.settings import Settings
from tests.ui.conftest import AppFactory


def test_the_dialog_adds_computer_players(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = NewGameDialog(Settings(players=["Anna", "Ben", "Chloé"]))
    qtbot.addWidget(dialog)
    dialog.kind_boxes[1].setCurrentIndex(dialog.kind_boxes[1].findData("optimal"))
    dialog.kind_boxes[2].setCurrentIndex(dialog.kind_boxes[2].findData("beginner"))
    assert dialog.choice().computers == {1: Level.OPTIMAL, 2: Level.BEGINNER}
    dialog.player_count.setValue(2)
    assert dialog.choice().computers == {1: Level.OPTIMAL}
    assert not dialog.kind_boxes[2].isVisibleTo(dialog)


def test_a_game_against_the_computer(qtbot, make_app: AppFactory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    parts, _ = make_app()
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.fast_computer_action.setChecked(True)
    rules = get_variant("yacht").configure()
    parts.controller.files.new_game(
        NewGameChoice(rules, ["Anna", "Robot"], computers={1: Level.OPTIMAL})
    )
    game = parts.controller.game
    assert game.extra[COMPUTERS_KEY] == {"1": "optimal"}
    game.enter_dice("66666")
    game.score("yahtzee")
    assert parts.controller.input_blocked()
    parts.controller.roll()  # the person cannot play the computer's turn
    assert game.dice is None
    assert parts.computers.pace_ms == FAST_PACE_MS
    qtbot.waitUntil(lambda: game.current_player == 0, timeout=120_000)
    robot = game.actions[2:]
    assert isinstance(robot[0], Roll) and isinstance(robot[-1], Score)
    assert all(isinstance(action, Roll | Hold) for action in robot[1:-1])
    saved = json.loads(parts.controller.autosave.path.read_text())
    assert saved["turns"][-1]["player"] == 1
    assert saved[COMPUTERS_KEY] == {"1": "optimal"}
    assert not parts.controller.input_blocked()

    game.undo()  # back into the computer's turn: it waits instead of replaying at once
    assert parts.computers.paused
    qtbot.wait(3 * FAST_PACE_MS)
    assert game.current_player == 1 and len(game.state.scored_turns) == 1
    parts.window.play_computer_action.trigger()
    assert game.current_player == 0 and len(game.state.scored_turns) == 2


def test_the_computer_says_how_far_its_study_is(make_app: AppFactory, tmp_path: Path) -> None:
    parts, _ = make_app()
    parts.coach.cache_dir = tmp_path / "coach-cache"
    rules = get_variant("yacht").configure()
    parts.controller.files.new_game(NewGameChoice(rules, ["Robot"], computers={0: Level.BEGINNER}))
    parts.coach.build_progressed.emit(1, 4)
    assert parts.window.status_label.text() == "The computer is studying the scoresheet: 25%"


def test_after_an_undo_into_the_computers_turn_the_status_says_how_to_go_on(  # type: ignore[no-untyped-def]
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    parts, _ = make_app()
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.fast_computer_action.setChecked(True)
    controller, window = parts.controller, parts.window
    rules = get_variant("yacht").configure()
    controller.files.new_game(NewGameChoice(rules, ["Anna", "Robot"], computers={1: Level.OPTIMAL}))
    game = controller.game
    model = controller.model
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Robot (cpu)"
    assert "played by the computer" in model.headerData(
        1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole
    )
    assert model.headerData(0, Qt.Orientation.Horizontal) == "▶ Anna"
    controller.enter_dice("66666")
    controller.score_row(model.row_of_box("yahtzee"))
    qtbot.waitUntil(lambda: game.current_player == 0, timeout=120_000)
    assert "Robot" not in window.status_label.text()  # Anna's turn: the status is hers

    controller.history.undo()  # into the computer's turn: it waits
    text = window.status_label.text()
    assert text.startswith("Undone: Robot's") and "Ctrl+Shift+J" in text
    controller.score_row(model.row_of_box("chance"))  # a click on its box says it again
    assert "Ctrl+Shift+J" in window.status_label.text()
    assert game.current_player == 1
    window.play_computer_action.trigger()
    assert game.current_player == 0
    text = window.status_label.text()
    assert "Undone" not in text and "Robot" not in text


def test_a_box_clicked_on_the_computers_turn_asks_nothing(make_app: AppFactory) -> None:  # type: ignore[no-untyped-def]
    from missdice_desktop.rules import Game

    parts, prompts = make_app()
    controller = parts.controller
    game = Game(get_variant("yahtzee").configure(), ["Robot", "Anna"])
    game.extra[COMPUTERS_KEY] = record_computers({0: Level.OPTIMAL})
    game.enter_dice("12346")
    controller.replace_game(game)
    parts.computers.timer.stop()
    parts.computers.paused = True
    assert controller.input_blocked()
    controller.score_row(controller.model.row_of_box("yahtzee"))  # would score 0
    assert prompts.zero_questions == []
    assert not game.state.scored_turns
