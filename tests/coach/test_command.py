"""`missdice advise`: expected scores, the turn in progress of a saved game, clear errors."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from missdice_desktop.cli import main
from missdice_desktop.coach import cache
from missdice_desktop.records import save_record
from missdice_desktop.rules import Game, get_variant
from tests.test_records_four21 import FOUR21_EXAMPLE


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "default_cache_dir", lambda: tmp_path / "cache" / "coach")
    return tmp_path / "cache"


def test_expected_score_of_a_new_game(capsys: pytest.CaptureFixture[str], own_cache: Path) -> None:
    assert main(["advise", "--game", "yacht", "--expected"]) == 0
    first = capsys.readouterr().out.strip()
    assert first == "166.9551"
    assert any(own_cache.rglob("yacht-*.npz"))
    assert main(["advise", "--game", "yacht", "--expected"]) == 0  # from the cache
    assert capsys.readouterr().out.strip() == first


def test_advice_for_the_turn_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(get_variant("yacht").configure(), ["Anna", "Ben"], seed=3)
    game.enter_dice("66612")
    game.score("sixes")
    game.roll()
    path = tmp_path / "game.json"
    save_record(path, game)
    assert main(["advise", str(path), "--top", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Ben to play. Expected final score: ")
    dice = "-".join(map(str, game.dice))
    assert lines[1] == f"Dice {dice}, throw 1 of 3."
    assert len(lines) == 5
    assert " → " in lines[2] and "(" not in lines[2]
    assert lines[3].endswith(")") and "(−" in lines[3]


def test_a_game_without_dice_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.json"
    save_record(path, Game(get_variant("yacht").configure(), ["Anna"]))
    assert main(["advise", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Anna to play. Expected final score: 167.0",
        "Roll the dice.",
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--expected"], "say which scoresheet with --game"),
        (["--game", "yacht", "--joker", "free", "--expected"], "unknown option 'joker'"),
        (["--game", "yahtzee", "--joker", "kind", "--expected"], "cannot be 'kind'"),
        (["--game", "poker", "--expected"], "unknown game 'poker'"),
        ([os.devnull], "missdice advise: "),
        ([], "give a saved game"),
    ],
)
def test_bad_input_gets_one_line(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["advise", *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error
    assert error.count("\n") == 1


def test_review_of_the_turns_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("66666")
    game.score("yahtzee")
    game.enter_dice("66666")
    game.score("ones")
    path = tmp_path / "game.json"
    save_record(path, game)
    assert main(["advise", str(path), "--review"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Anna 1: 6-6-6-6-6 in Yacht (best)"
    assert lines[1].startswith("Anna 2: 6-6-6-6-6 in Ones (coach: score ")
    assert lines[2].startswith("Anna: ") and lines[2].endswith(" expected points lost in all")


def test_a_game_of_421_is_reviewed_for_its_chances(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "421.json"
    path.write_text(json.dumps(FOUR21_EXAMPLE))
    assert main(["advise", str(path), "--review"]) == 0
    # Anna (first in the décharge) threw 6-5-3 again keeping 6-5 for 6-5-5: stopping was better.
    assert capsys.readouterr().out.startswith("Anna, turn 5, throw 1: 6-5-3, keep 6-5 (coach: stop")
    assert main(["advise", str(path)]) == 0
    assert capsys.readouterr().out == "The game is over: nothing to advise.\n"
