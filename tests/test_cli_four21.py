"""`missdice replay` on 421 records: tokens, the loser, and one-line refusals."""

import json
from pathlib import Path

import pytest

from missdice_desktop.cli import main
from tests.test_records_four21 import FOUR21_EXAMPLE, example


@pytest.fixture
def four21_file(tmp_path: Path) -> Path:
    path = tmp_path / "421.json"
    path.write_text(json.dumps(FOUR21_EXAMPLE))
    return path


def test_replay_json_gives_tokens_finished_and_losers(four21_file: Path, capsys) -> None:
    assert main(["replay", str(four21_file), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "file": str(four21_file),
        "game": "421",
        "options": {"pot": 11, "421": 10},
        "finished": True,
        "players": [{"name": "Anna", "tokens": 11}, {"name": "Ben", "tokens": 0}],
        "losers": ["Anna"],
        "phase": "over",
        "pot": 0,
        "out": ["Ben"],
        "last_round": {
            "worst": "Anna",
            "best": "Ben",
            "hand": "4-2-1",
            "tokens": 10,
            "from": "Ben",
        },
    }


def test_replay_json_of_a_game_in_progress(tmp_path: Path, capsys) -> None:
    path = tmp_path / "charge.json"
    path.write_text(json.dumps(example(turns=FOUR21_EXAMPLE["turns"][:2])))  # type: ignore[index]
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["finished"], result["phase"], result["pot"], result["losers"]) == (
        False,
        "charge",
        1,
        [],
    )
    assert [p["tokens"] for p in result["players"]] == [0, 10]
    assert result["last_round"]["from"] == "pot"


def test_replay_prints_the_tokens_and_the_last_round(four21_file: Path, capsys) -> None:
    assert main(["replay", str(four21_file)]) == 0
    out = capsys.readouterr().out
    assert "421 (pot: 11, 421: 10)" in out
    assert "Anna     11" in out and "Ben       0" in out and "out: Ben" in out
    assert "last round: worst: Anna, best: Ben, hand: 4-2-1, tokens: 10, from: Ben" in out
    assert out.endswith("Lost: Anna\n")


def test_a_rule_breaking_421_record_exits_2_with_one_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(example(turns=[{"player": 0, "rolls": [[4, 2, 6], [4, 2, 1]]}])))
    assert main(["replay", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"missdice replay: {bad}: turn 1 (Anna): 2 throws: this turn allows 1\n"
