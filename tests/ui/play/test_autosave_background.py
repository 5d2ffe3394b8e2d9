"""The autosave's background writer: the window never waits on the disk, nothing is lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from missdice_desktop.records import load_record
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.play import autosave as autosave_module
from missdice_desktop.ui.play.autosave import Autosave


@pytest.fixture
def background(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave_module, "WRITE_IN_BACKGROUND", True)


def test_saves_written_in_the_background_land_in_order(tmp_path: Path, background: None) -> None:
    autosave = Autosave(tmp_path / "games")
    game = Game(get_variant("yacht").configure(), ["Anna", "Ben"])
    for dice, box in (("66666", "yahtzee"), ("12345", "chance"), ("22233", "full_house")):
        game.enter_dice(dice)
        game.score(box)
        autosave.save(game)
    autosave.flush()
    assert load_record(autosave.path).state == game.state
    autosave.release()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_background_write_that_fails_is_told_once(
    qtbot, tmp_path: Path, background: None
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "games"
    autosave = Autosave(folder)
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("66666")
    folder.chmod(0o500)
    try:
        failures: list[str] = []
        autosave.signals.failed.connect(failures.append)
        autosave.save(game)
        autosave.save(game)
        autosave.flush()
        qtbot.waitUntil(lambda: len(failures) == 1)
        assert str(folder) in failures[0]
    finally:
        folder.chmod(0o700)


def test_a_failed_background_write_is_told_through_the_signal(
    qtbot, tmp_path: Path, background: None, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    autosave = Autosave(tmp_path / "games")
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("66666")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave.library, "write", full_disk)
    failures: list[str] = []
    autosave.signals.failed.connect(failures.append)
    with qtbot.waitSignal(autosave.signals.failed, timeout=5000):
        autosave.save(game)
        autosave.save(game)
        autosave.flush()
    qtbot.wait(50)
    assert len(failures) == 1 and "No space left on device" in failures[0]
