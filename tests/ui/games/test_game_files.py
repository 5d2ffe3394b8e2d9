"""Every game with players, in the window: undo, redo, autosave, resume, Save as and Open."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from missdice_desktop.records import load_record
from tests.ui.games.test_four21_window import four21_choice
from tests.ui.games.test_pig_window import pig_choice

SEED = 3


@pytest.mark.parametrize(
    ("choice", "keys"),
    [
        (pig_choice(["Anna", "Ben"], target=200), [Qt.Key.Key_Space] * 3 + [Qt.Key.Key_H] * 2),
        (four21_choice(["Anna", "Ben", "Chloé"]), [Qt.Key.Key_Space] * 7),
    ],
    ids=["pig", "421"],
)
def test_undo_redo_autosave_resume_save_as_and_open(qtbot, make_app, tmp_path, choice, keys):
    parts, prompts = make_app()
    prompts.new_game_choice = choice
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    game._random.seed(SEED)  # a fixed draw: some draws end the turn or the game too soon
    for key in keys:
        qtbot.keyClick(window, key)
    played = game.state
    assert len(game.actions) >= 4
    undone = 0
    while game.can_undo and undone < 2:
        window.undo_action.trigger()
        undone += 1
    if undone:
        assert game.state != played and window.redo_action.isEnabled()
    else:  # only virtual throws: once seen they stay, undo never draws dice again
        assert not window.undo_action.isEnabled() and game.actions[-1].drawn
    assert load_record(controller.autosave.path).state == game.state
    for _ in range(undone):
        window.redo_action.trigger()
    assert game.state == played and not window.redo_action.isEnabled()
    saved = tmp_path / "saved.json"
    prompts.save_answer = str(saved)
    window.save_as_action.trigger()
    assert load_record(saved).state == played and prompts.errors == []

    window.close()  # one window per kept game: the next one resumes it once this one is gone
    again, again_prompts = make_app(start=True)
    assert again_prompts.resume_questions
    assert again.controller.game.state == played
    again.controller.game.apply(again.controller.game.legal_actions()[0])
    again_prompts.open_answer = str(saved)
    again.controller.files.open_file()
    assert again.controller.game.state == played and again_prompts.errors == []
