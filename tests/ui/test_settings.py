"""The settings file: a hand-edited, corrupt, huge or unreadable file never stops the window,
each bad value falls back to its default and is said once, and what the user did not change
stays as the file has it."""

import json
import os
from pathlib import Path

import pytest

from missdice_desktop.ui.settings import (
    Settings,
    SettingsProblems,
    load_settings,
    read_settings,
    save_settings,
)

HAND_EDITED = {
    "players": ["A" * 41, "Ben"],
    "language": "fr",
    "theme": "dark",
    "window_geometry": "AdnQywADAAAAAAé",
    "camera": "1",
    "some_future_key": [1, 2],
}


def write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), "utf-8")


@pytest.mark.parametrize(
    ("players", "geometry"),
    [(["A" * 41], "AdnQ"), (["Anna\x07"], "AdnQ"), (["Anna"], "AdnQé"), (["\u202eannA"], "x\ny")],
)
def test_each_bad_value_falls_back_alone(tmp_path: Path, players: list[str], geometry: str) -> None:
    path = tmp_path / "settings.json"
    write(path, {"players": players, "window_geometry": geometry, "theme": "dark"})
    settings, problems = read_settings(path)
    assert settings.theme == "dark"
    bad_names = players != ["Anna"]
    assert settings.players == ([] if bad_names else ["Anna"])
    assert settings.window_geometry == ("AdnQ" if geometry == "AdnQ" else "")
    expected = (["players"] if bad_names else []) + (
        [] if geometry == "AdnQ" else ["window_geometry"]
    )
    assert problems == SettingsProblems("", tuple(expected))


def test_saving_keeps_what_the_user_did_not_change(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write(path, HAND_EDITED)
    settings = load_settings(path)
    settings.theme = "light"
    assert save_settings(path, settings)
    saved = json.loads(path.read_text("utf-8"))
    assert saved["theme"] == "light"
    for key in ("players", "window_geometry", "some_future_key", "language", "camera"):
        assert saved[key] == HAND_EDITED[key]
    settings.players = ["Zoé"]
    assert save_settings(path, settings)
    assert load_settings(path).players == ["Zoé"]


def test_a_lone_surrogate_is_refused_and_never_breaks_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"camera": "\\ud800", "grid_file": "a\\u0000b"}', "utf-8")
    settings, problems = read_settings(path)
    assert problems.reset == ("grid_file", "camera")
    settings.language = "en"
    assert save_settings(path, settings)
    assert json.loads(path.read_text("utf-8"))["language"] == "en"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{ not json", "the file is not JSON"),
        (b"[1, 2]", "the file holds no settings"),
        (b'{"theme": NaN}', "the file is not JSON"),
        (b"\xff\xfe", "the file is not JSON"),
        (b" " * 1_000_001, "the file is too large (more than 1 MB)"),
    ],
)
def test_a_corrupt_file_gives_defaults_and_is_kept_aside_before_a_save(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, problems = read_settings(path)
    assert settings == Settings() and problems.file == problem
    assert path.read_bytes() == content
    settings.theme = "dark"
    assert save_settings(path, settings)
    kept = list(tmp_path.glob("settings-broken-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert load_settings(path).theme == "dark"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_an_unreadable_file_is_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, problems = read_settings(path)
    assert settings == Settings()
    assert problems.file == "the file cannot be read (not a regular file: a pipe or a device)"
    assert not save_settings(path, Settings(theme="dark"))
    assert Path(path).is_fifo()


def test_the_window_starts_on_a_hand_edited_file_and_says_so_once(qtbot, make_app, paths) -> None:
    write(paths.settings_file, {**HAND_EDITED, "language": "en", "camera_on": "yes"})
    parts, prompts = make_app()
    note = parts.window.status_label.text()
    assert note == (
        "Settings back to their defaults (unusable values): player names, window size, camera on"
    )
    assert parts.controller.settings.theme == "dark"
    assert prompts.errors == []


def test_the_window_starts_on_a_corrupt_file(qtbot, make_app, paths) -> None:
    paths.config_dir.mkdir(parents=True)
    paths.settings_file.write_bytes(b"\x00" * 100)
    parts, _prompts = make_app()
    assert parts.window.status_label.text() == (
        "The settings file was not used (the file is not JSON): defaults apply."
    )


def test_every_setting_has_a_label_in_messages() -> None:
    from dataclasses import fields

    from missdice_desktop.ui.play.window_settings import setting_labels

    assert set(setting_labels()) == {spec.name for spec in fields(Settings)}


@pytest.mark.parametrize("blank", [" ", "\t", "\u3000", " \u3000\t "])
def test_a_blank_name_stands_for_a_default_and_the_app_starts(tmp_path: Path, blank: str) -> None:
    from missdice_desktop.ui.app import starting_game

    path = tmp_path / "settings.json"
    write(path, {"players": ["Anna", blank, " Chloé "]})
    settings, problems = read_settings(path)
    assert settings.players == ["Anna", "", "Chloé"] and not problems.reset
    assert starting_game(settings).players[::2] == ("Anna", "Chloé")


def test_names_are_judged_by_the_rules_one_rule() -> None:
    from missdice_desktop.rules.engine import player_name_problem

    for name in ("Anna", " Anna ", "A" * 40, "\u3000Anna\u3000"):
        assert player_name_problem(name) is None
    for name in ("A" * 41, "Anna\x07", "\u200b", "\u3000"):
        assert player_name_problem(name) is not None
