"""Bad input never costs a game: broken records, unwritable folders, unexpected errors."""

from __future__ import annotations

import errno
import json
import os
import time

import pytest
from PySide6.QtWidgets import QMessageBox

from missdice_desktop.records import RecordError, load_record, save_record
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.app import install_excepthook
from missdice_desktop.ui.play.autosave import Autosave
from missdice_desktop.ui.settings import AppPaths, Settings, load_settings, save_settings
from tests.ui.conftest import choice


def test_open_and_save_as_round_trip_a_game(qtbot, make_app, tmp_path):
    game = Game(get_variant("yams-ecart").configure(), ["Anna", "Ben"])
    game.enter_dice("11116")
    game.score("rigole")
    record = tmp_path / "partie.json"
    save_record(record, game)
    parts, prompts = make_app()
    prompts.open_answer = str(record)
    parts.window.open_action.trigger()
    opened = parts.controller.game
    assert opened.rules.variant.id == "yams-ecart"
    assert opened.state.sheets[0].scores == {"rigole": 50}
    assert parts.window.windowTitle() == "Miss Dice"
    assert parts.window.game_label.text().startswith("Yam's Écart")
    parts.controller.roll()
    prompts.save_answer = str(tmp_path / "copy.json")
    parts.window.save_as_action.trigger()
    assert load_record(tmp_path / "copy.json").dice == opened.dice
    assert prompts.errors == []


def test_a_broken_record_gives_one_message_and_keeps_the_game(qtbot, make_app, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "missdice-game", "version": 1, "game": "yahtzee"', "utf-8")
    parts, prompts = make_app()
    before = parts.controller.game
    parts.controller.roll()
    prompts.open_answer = str(broken)
    parts.window.open_action.trigger()
    assert parts.controller.game is before
    assert len(prompts.errors) == 1
    assert "broken.json" in prompts.errors[0][1] and "unchanged" in prompts.errors[0][1]
    assert broken.read_text("utf-8").endswith('"yahtzee"')


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_opened_as_a_game_is_refused_at_once(qtbot, make_app, tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    parts, prompts = make_app()
    before = parts.controller.game
    prompts.open_answer = str(pipe)
    parts.window.open_action.trigger()
    assert parts.controller.game is before
    assert len(prompts.errors) == 1 and "not a regular file" in prompts.errors[0][1]


def test_open_asks_before_leaving_a_game_in_progress(qtbot, make_app, tmp_path):
    record = tmp_path / "other.json"
    save_record(record, Game(get_variant("yacht").configure(), ["Zoé"]))
    parts, prompts = make_app()
    before = parts.controller.game
    parts.controller.roll()
    prompts.abandon_answer = False
    prompts.open_answer = str(record)
    parts.window.open_action.trigger()
    assert parts.controller.game is before
    assert len(prompts.abandon_questions) == 1
    prompts.abandon_answer = True
    parts.window.open_action.trigger()
    assert parts.controller.game.players == ("Zoé",)


def test_a_record_given_on_the_command_line_opens_without_questions(qtbot, make_app, tmp_path):
    game = Game(get_variant("yacht").configure(), ["Anna"])
    record = tmp_path / "g.json"
    save_record(record, game)
    parts, prompts = make_app(record=str(record))
    assert parts.controller.game.rules.variant.id == "yacht"
    assert prompts.new_game_asked == 0 and prompts.resume_questions == []


def test_an_unwritable_autosave_folder_is_said_once_and_play_goes_on(qtbot, tmp_path, make_app):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be", "utf-8")
    paths = AppPaths(tmp_path / "config", blocked)
    parts, prompts = make_app(app_paths=paths)
    prompts.new_game_choice = choice(["Anna"])
    parts.controller.files.ask_new_game()
    parts.controller.roll()
    parts.controller.roll()
    assert len(prompts.errors) == 1
    assert prompts.errors[0][0] == "Autosave is not working"
    assert parts.controller.game.rolls_left == 1


def test_a_broken_autosave_is_kept_aside_and_said_once(qtbot, make_app, paths):
    paths.data_dir.mkdir(parents=True)
    paths.autosave_file.write_text("{ not json", "utf-8")
    _parts, prompts = make_app(start=True)
    assert len(prompts.errors) == 1
    assert prompts.new_game_asked == 1
    kept = list(paths.data_dir.glob("autosave-broken-*.json"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == "{ not json"


def test_a_finished_autosave_is_not_offered_back(qtbot, make_app, paths):
    game = Game(get_variant("yacht").configure(), ["Anna"])
    for box in game.rules.box_ids:
        game.enter_dice("12345")
        game.score(box)
    save_record(paths.autosave_file, game)
    _parts, prompts = make_app(start=True)
    assert prompts.resume_questions == []
    assert prompts.new_game_asked == 1


def test_an_unexpected_error_shows_a_message_and_keeps_the_game(qtbot, make_app, monkeypatch):
    shown: list[str] = []
    monkeypatch.setattr(
        QMessageBox, "critical", staticmethod(lambda _parent, _title, text: shown.append(text))
    )
    parts, _prompts = make_app()
    monkeypatch.setattr("sys.excepthook", lambda *args: None)
    install_excepthook(parts)
    import sys

    parts.controller.roll()
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    assert len(shown) == 1 and "RuntimeError: boom" in shown[0]
    assert parts.controller.game.dice is not None
    assert parts.window.isVisible()


def test_settings_keep_their_defaults_for_bad_values(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"players": [], "language": "klingon", "dice_source": "table", "theme": 3}),
        "utf-8",
    )
    settings = load_settings(path)
    assert settings.players == Settings().players
    assert settings.language == "system"
    assert settings.dice_source == "table"
    assert settings.theme == "system"
    settings.players = ["Zoé"]
    assert save_settings(path, settings)
    assert load_settings(path).players == ["Zoé"]
    assert load_settings(tmp_path / "missing.json") == Settings()


@pytest.mark.parametrize("content", ["[1, 2]", "\u0000\u0001", ""])
def test_settings_survive_any_file(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content, "utf-8")
    assert load_settings(path) == Settings()


def test_save_as_into_an_unwritable_place_says_so_once(qtbot, make_app, tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", "utf-8")
    parts, prompts = make_app()
    parts.controller.roll()
    prompts.save_answer = str(blocked / "game.json")
    parts.window.save_as_action.trigger()
    assert len(prompts.errors) == 1 and prompts.errors[0][0] == "The game was not saved"
    assert blocked.read_text("utf-8") == "not a folder"
    assert parts.controller.game.dice is not None


def test_temporary_files_of_an_interrupted_save_are_removed_at_start(qtbot, make_app, paths):
    paths.data_dir.mkdir(parents=True)
    stale = paths.data_dir / ".autosave.json.k1ll3d.tmp"
    fresh = paths.data_dir / ".autosave.json.wr1t1ng.tmp"
    for leftover in (stale, fresh):
        leftover.write_text('{"format": "missdice-game", "ver', "utf-8")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    make_app(start=True)
    assert not stale.exists()
    assert fresh.exists()


def test_two_broken_autosaves_in_one_second_are_both_kept(paths, monkeypatch):
    monkeypatch.setattr("missdice_desktop.files.time.strftime", lambda _format: "20261130-2200")
    autosave = Autosave(paths.games_dir, paths.autosave_file)
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    for content in ("{ first", "{ second"):
        paths.autosave_file.write_text(content, "utf-8")
        with pytest.raises(RecordError):
            autosave.adopt_legacy()
    kept = {path.name: path.read_text("utf-8") for path in paths.data_dir.glob("autosave-*")}
    assert kept == {
        "autosave-broken-20261130-2200.json": "{ first",
        "autosave-broken-20261130-2200-2.json": "{ second",
    }


def test_a_broken_autosave_that_cannot_be_moved_is_said_truly(qtbot, make_app, paths, monkeypatch):
    paths.data_dir.mkdir(parents=True)
    paths.autosave_file.write_text("{ not json", "utf-8")

    def read_only(_path, _stem):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("missdice_desktop.ui.play.autosave.keep_aside", read_only)
    _parts, prompts = make_app(start=True)
    assert len(prompts.errors) == 1
    text = prompts.errors[0][1]
    assert "could not be moved aside (read-only file system)" in text
    assert "kept aside" not in text
    assert paths.autosave_file.read_text("utf-8") == "{ not json"
