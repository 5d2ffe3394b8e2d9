"""The games folder: one file per game, broken files set aside, high scores."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from missdice_desktop.computers import COMPUTERS_KEY, Level, record_computers
from missdice_desktop.library import (
    GameLibrary,
    KeptSummary,
    UnreadableGame,
    high_scores,
    summarize,
)
from missdice_desktop.records import dumps_record
from missdice_desktop.rules import Game, get_variant


def finished_yacht(players: list[str], faces: list[str]) -> Game:
    game = Game(get_variant("yacht").configure(), players)
    boxes = game.rules.box_ids
    for box in boxes:
        for face in faces:
            game.enter_dice(face)
            game.score(box)
    return game


def test_each_game_gets_its_own_file_and_empty_games_are_not_kept(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path / "games")
    first, second = library.new_path(), None
    game = Game(get_variant("yacht").configure(), ["Anna"])
    library.save(first, game)
    assert not first.exists()  # nothing to lose yet
    game.enter_dice("12345")
    library.save(first, game)
    second = library.new_path()
    assert second != first and first.exists()
    game.undo()
    library.save(first, game)
    assert not first.exists()


def test_a_game_that_cannot_be_read_stays_where_it_is_and_is_listed(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    good = library.new_path()
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("12345")
    library.save(good, game)
    broken = tmp_path / "game-19990101-000000-1.json"
    broken.write_text("{ nope", "utf-8")
    newer = tmp_path / "game-19990101-000000-2.json"
    newer.write_text(good.read_text("utf-8").replace('"version": 1', '"version": 7'), "utf-8")
    kept, problems = library.games()
    assert [k.path for k in kept] == [good]
    assert len(problems) == 2 and "game-19990101" in str(problems[0])
    assert broken.read_text("utf-8") == "{ nope" and newer.exists()  # both untouched
    assert not list(tmp_path.glob("*.broken"))
    entries = {path.name: library.entry(path) for path in library.paths()}
    assert isinstance(entries[broken.name], UnreadableGame)
    assert "not JSON" in entries[broken.name].reason  # type: ignore[union-attr]
    assert not entries[broken.name].newer  # type: ignore[union-attr]
    assert entries[newer.name].newer  # type: ignore[union-attr]
    assert library.latest_unfinished()[0].path == good  # type: ignore[union-attr]
    assert broken.exists() and newer.exists()

    with pytest.raises(ValueError, match="newer version"):
        library.set_aside(newer)  # never, even when asked
    assert library.set_aside(broken) == tmp_path / (broken.name + ".broken")
    assert not broken.exists() and newer.exists()


def test_a_game_unreadable_for_a_moment_comes_back(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    path = library.new_path()
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("12345")
    library.save(path, game)
    (tmp_path / ".summaries" / path.name).unlink()
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who reads every file")
        assert isinstance(library.entry(path), UnreadableGame)
        assert library.games()[0] == []
    finally:
        path.chmod(0o644)
    assert path.exists() and [k.path for k in library.games()[0]] == [path]


def test_the_latest_unfinished_game_is_the_one_saved_last(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    paths = []
    for index, name in enumerate(["Anna", "Ben"]):
        game = Game(get_variant("yacht").configure(), [name])
        game.enter_dice("12345")
        path = tmp_path / f"game-2026-{index}.json"
        library.save(path, game)
        os.utime(path, (1000 + index, 1000 + index))
        paths.append(path)
    latest, problems = library.latest_unfinished()
    assert latest is not None and latest.game.players == ("Ben",) and problems == []
    assert library.latest_unfinished(lambda game: game.players != ("Ben",))[0] is not None
    assert library.latest_unfinished(scan=0)[0] is None
    text = library.delete(paths[1])
    assert library.latest_unfinished()[0].game.players == ("Anna",)  # type: ignore[union-attr]
    library.restore(paths[1], text)
    assert len(library.games()[0]) == 2


def test_high_scores_per_sheet_and_player(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    games = [
        finished_yacht(["Anna", "Ben"], ["66666", "11111"]),
        finished_yacht(["Ben", "Anna"], ["66666", "22222"]),
        finished_yacht(["Anna"], ["12345"]),
    ]
    unfinished = Game(get_variant("yacht").configure(), ["Zoé"])
    unfinished.enter_dice("66666")
    for index, game in enumerate([*games, unfinished]):
        library.save(tmp_path / f"game-{index}.json", game)
    scores = {(s.player, s.played): s for s in high_scores(library.games()[0])}
    anna = scores[("Anna", 3)]
    ben = scores[("Ben", 2)]
    assert anna.best == max(
        sheet.total
        for g in games
        for name, sheet in zip(g.players, g.state.sheets, strict=True)
        if name == "Anna"
    )
    assert anna.won == 2 and ben.won == 1
    assert (
        ben.sheet == "yacht"
        and ben.average
        == sum(
            sheet.total
            for g in games
            for name, sheet in zip(g.players, g.state.sheets, strict=True)
            if name == "Ben"
        )
        / 2
    )
    assert all(s.player != "Zoé" for s in scores.values())  # unfinished games do not count


def test_a_summary_is_kept_beside_each_game_and_read_again_when_the_game_changed(
    tmp_path: Path,
) -> None:
    library = GameLibrary(tmp_path)
    path = library.new_path()
    game = Game(get_variant("yacht").configure(), ["Anna", "Ben"])
    game.enter_dice("12345")
    library.save(path, game)
    entry = library.entry(path)
    assert isinstance(entry, KeptSummary) and entry.summary == summarize(game)
    assert entry.summary.players == ("Anna", "Ben") and entry.summary.turn == 1
    # Changed behind the library's back (another program): the summary is not trusted.
    game.score("chance")
    path.write_text(dumps_record(game), "utf-8")
    os.utime(path, (5000, 5000))
    again = library.entry(path)
    assert isinstance(again, KeptSummary) and again.summary.totals == (15, 0)
    # A damaged summary is no harm either.
    (tmp_path / ".summaries" / path.name).write_text('{"stamp": 1, "summary": [', "utf-8")
    assert library.entry(path) == again
    library.delete(path)
    assert not (tmp_path / ".summaries" / path.name).exists()


def test_one_process_per_game_and_a_crashed_ones_lock_is_taken_over(tmp_path: Path) -> None:
    mine, theirs = GameLibrary(tmp_path), GameLibrary(tmp_path)
    path = tmp_path / "game-20260101-120000-1.json"
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("12345")
    mine.save(path, game)
    # Another process that is still running holds it.
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        lock = tmp_path / f".{path.name}.lock"
        lock.write_text(json.dumps({"pid": child.pid, "host": socket.gethostname()}))
        assert mine.locked_elsewhere(path) and not mine.lock(path)
        assert mine.latest_unfinished()[0] is None  # start-up offers it to no one else
    finally:
        child.kill()
        child.wait()
    # Its process is gone: the lock is stale.
    assert not mine.locked_elsewhere(path)
    assert mine.lock(path) and mine.latest_unfinished()[0] is not None
    assert theirs.locked_elsewhere(path) and not theirs.lock(path)  # another window
    mine.unlock(path)
    assert theirs.lock(path)
    theirs.unlock(path)
    assert not (tmp_path / f".{path.name}.lock").exists()


def test_what_interrupted_saves_left_is_removed_once_it_is_old(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    old = tmp_path / ".game-20260101-120000-1.json.abc.tmp"
    fresh = tmp_path / ".game-20260101-120000-2.json.def.tmp"
    other = tmp_path / ".notes.txt.tmp"
    for path in (old, fresh, other):
        path.write_text("{", "utf-8")
    os.utime(old, (1000, 1000))
    os.utime(other, (1000, 1000))
    library.latest_unfinished()
    assert not old.exists() and fresh.exists() and other.exists()


def test_a_file_of_the_folder_is_known_by_any_of_its_names(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path / "games")
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("12345")
    kept = library.new_path()
    library.save(kept, game)
    roundabout = tmp_path / "games" / ".." / "games" / kept.name
    assert library.kept_path(roundabout) == kept
    assert library.kept_path(os.path.relpath(kept)) == kept
    elsewhere = tmp_path / kept.name
    elsewhere.write_text(kept.read_text("utf-8"), "utf-8")
    assert library.kept_path(elsewhere) is None
    assert library.kept_path(tmp_path / "games" / "notes.json") is None


def test_a_computer_and_a_person_of_one_name_keep_their_own_high_scores(tmp_path: Path) -> None:
    library = GameLibrary(tmp_path)
    person = finished_yacht(["Anna", "Player 2"], ["11111", "66666"])
    computer = finished_yacht(["Anna", "Player 2"], ["11111", "22222"])
    computer.extra[COMPUTERS_KEY] = record_computers({1: Level.OPTIMAL})
    library.save(tmp_path / "game-1.json", person)
    library.save(tmp_path / "game-2.json", computer)
    kept = library.games()[0]
    assert sorted(k.summary.computers for k in kept) == [(False, False), (False, True)]
    rows = {(s.player, s.computer): s for s in high_scores(kept)}
    assert rows[("Player 2", False)].played == 1 and rows[("Player 2", True)].played == 1
    assert rows[("Anna", False)].played == 2
    assert rows[("Player 2", True)].best == computer.state.sheets[1].total
