"""Cochon records: the issue's format, replay (text and JSON), and bad records in one line."""

import json
from pathlib import Path

import pytest

from missdice_desktop.cli import main
from missdice_desktop.records import RecordError, dumps_record, game_from_record, loads_record
from missdice_desktop.rules import Bank, DiceGame, PigRules, Roll

PIG = {
    "format": "missdice-game",
    "version": 1,
    "game": "pig",
    "options": {"target": 20},
    "players": ["Anna", "Ben"],
    "turns": [
        {"player": 0, "rolls": [4, 6, 3], "hold": True},
        {"player": 1, "rolls": [5, 1]},
        {"player": 0, "rolls": [6, 2], "hold": True},
    ],
}


def test_a_record_replays_to_its_totals_and_winner() -> None:
    game = game_from_record(PIG)
    assert game.rules == PigRules(target=20)
    assert game.state.banked == (21, 0)
    assert game.finished and game.winners() == ("Anna",)


def test_a_game_saves_as_the_issue_format_and_reads_back() -> None:
    game = DiceGame(PigRules(target=20), ["Anna", "Ben"])
    for action in (Roll((4,)), Roll((6,)), Roll((3,)), Bank(), Roll((5,)), Roll((1,)), Roll((3,))):
        game.apply(action)
    data = json.loads(dumps_record(game))
    assert data["turns"] == [
        {"player": 0, "rolls": [4, 6, 3], "hold": True},
        {"player": 1, "rolls": [5, 1]},
        {"player": 0, "rolls": [3]},
    ]
    again = loads_record(dumps_record(game))
    assert again.state == game.state


@pytest.mark.parametrize(
    ("turns", "message"),
    [
        ([{"player": 0, "rolls": [5, 1, 3]}], r"turn 1 \(Anna\): a roll after a 1"),
        ([{"player": 0, "rolls": [5, 7], "hold": True}], r"turn 1 \(Anna\): a roll must be a face"),
        ([{"player": 1, "rolls": [5], "hold": True}], r"turn 1 \(Anna\): out of order"),
        (
            [{"player": 0, "rolls": [4]}, {"player": 1, "rolls": [2], "hold": True}],
            r"turn 1 \(Anna\): the turn does not end",
        ),
        (
            [*PIG["turns"], {"player": 1, "rolls": [3], "hold": True}],
            r"turn 4 \(Ben\): a turn after the end",
        ),
        ([{"player": 0, "rolls": [3, 1], "hold": True}], "cannot be held"),
        ([{"player": 0, "rolls": []}], "rolls must be a list"),
        ([{"player": 0, "rolls": [True], "hold": True}], "a roll must be a face"),
    ],
)
def test_bad_records_are_refused_naming_the_turn(turns: list, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game_from_record({**PIG, "turns": turns})


@pytest.mark.parametrize(
    ("options", "message"), [({"target": 5}, "target"), ({"goal": 50}, "unknown option 'goal'")]
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game_from_record({**PIG, "options": options})


def test_replay_json_gives_totals_finished_and_winners(tmp_path: Path, capsys) -> None:
    path = tmp_path / "pig.json"
    path.write_text(json.dumps(PIG))
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "pig"
    assert result["finished"] is True
    assert result["players"] == [{"name": "Anna", "total": 21}, {"name": "Ben", "total": 0}]
    assert result["winners"] == ["Anna"]
    assert main(["replay", str(path)]) == 0
    assert "Winner: Anna" in capsys.readouterr().out


def test_replay_of_a_bad_record_is_one_line_and_status_2(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**PIG, "turns": [{"player": 0, "rolls": [2, 1, 4]}]}))
    assert main(["replay", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "turn 1 (Anna): a roll after a 1" in error


def test_unknown_keys_inside_turns_are_kept_on_save() -> None:
    data = {
        **PIG,
        "turns": [
            {"player": 0, "rolls": [4, 6, 3], "hold": True, "note": "bold"},
            {"player": 1, "rolls": [5, 1], "said": ["oh", "no"]},
            {"player": 0, "rolls": [2], "seen": 1},
        ],
        "table": "kitchen",
    }
    game = game_from_record(data)
    saved = json.loads(dumps_record(game))
    assert saved["turns"] == data["turns"] and saved["table"] == "kitchen"
    assert not game.can_undo  # the 2 was seen (issue 18)
    game.apply(Roll((3,)))
    game.undo()
    game.redo()
    assert json.loads(dumps_record(game))["turns"][2] == {"player": 0, "rolls": [2, 3], "seen": 1}


def test_a_record_that_rolls_past_the_target_is_refused() -> None:
    data = {**PIG, "turns": [{"player": 0, "rolls": [6, 6, 6, 2, 3], "hold": True}]}
    with pytest.raises(RecordError, match=r"turn 1 \(Anna\): the turn reaches the target of 20"):
        game_from_record(data)


def test_a_record_longer_than_any_game_is_refused_in_one_line() -> None:
    turns = [{"player": number % 2, "rolls": [1]} for number in range(10_001)]
    with pytest.raises(RecordError, match=r"turn 10001 \(Anna\): a game of Cochon has at most"):
        game_from_record({**PIG, "turns": turns})
