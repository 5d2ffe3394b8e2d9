"""`missdice advise` for Cochon and the 421: chances to win."""

from __future__ import annotations

from pathlib import Path

import pytest

from missdice_desktop.cli import main
from missdice_desktop.coach import cache
from missdice_desktop.records import save_record
from missdice_desktop.rules.engine import DiceGame, Roll
from missdice_desktop.rules.four21 import Four21Rules
from missdice_desktop.rules.pig import Bank, PigRules


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(cache, "default_cache_dir", lambda: tmp_path / "cache" / "coach")
    return tmp_path / "cache"


def test_cochon_first_player_chance(capsys: pytest.CaptureFixture[str], own_cache: Path) -> None:
    assert main(["advise", "--game", "pig", "--expected"]) == 0
    assert capsys.readouterr().out == "0.5306\n"
    assert any(own_cache.rglob("pig-100-*.npz"))
    assert main(["advise", "--game", "pig", "--target", "10", "--expected"]) == 0
    assert capsys.readouterr().out == "0.7094\n"
    assert main(["advise", "--game", "pig", "--target", "5", "--expected"]) == 2
    assert "target must be from 10 to 1000" in capsys.readouterr().err


def test_421_first_player_chance(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "--game", "421", "--expected"]) == 0
    assert capsys.readouterr().out == "0.6000\n"
    assert main(["advise", "--game", "421", "--expected", "--players", "9"]) == 2


def test_cochon_turn_and_review(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = DiceGame(PigRules(target=30), ["Anna", "Ben"])
    for action in (Roll((3,)), Bank(), Roll((6,)), Roll((4,))):
        game.apply(action)
    path = tmp_path / "pig.json"
    save_record(path, game)
    assert main(["advise", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Ben to play: 0 banked, turn total 10, against 3."
    assert out[1].startswith("  roll → ") and out[2].startswith("  hold → ")
    assert main(["advise", str(path), "--review"]) == 0
    assert capsys.readouterr().out.startswith("Anna, turn 1: hold at 3 with 0 banked (coach: roll")


def test_421_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in [(2, 2, 1), (4, 2, 1), (1, 1, 1), (2, 2, 1), (4, 2, 6)]:
        game.apply(Roll(dice))
    path = tmp_path / "421.json"
    save_record(path, game)
    assert main(["advise", str(path), "--top", "2"]) == 0
    assert capsys.readouterr().out == (
        "Ben: 4-2-6, 2 throw(s) left, not to be the worst (first player: the others throw no "
        "more times).\n  stop → 54.2%\n  keep 4-2 → 41.5%\n"
    )
