"""421 records read by the engine (the window's loader): same states, same one-line refusals."""

import json

import pytest

from missdice_desktop.records import (
    RecordError,
    dumps_record,
    game_from_record,
    loads_record,
)
from missdice_desktop.rules import DiceGame, Hold, Roll
from missdice_desktop.rules.four21 import Four21Rules, Stop
from tests.test_records_four21 import FOUR21_EXAMPLE, example


def test_the_example_replays_through_the_engine_to_its_loser() -> None:
    game = game_from_record(FOUR21_EXAMPLE)
    assert isinstance(game.rules, Four21Rules)
    assert game.state.tokens == (11, 0) and game.finished
    assert game.losers() == ("Anna",) and game.winners() == ()
    assert [s.name for s in game.standings()] == ["Ben", "Anna"]
    assert json.loads(dumps_record(game)) == FOUR21_EXAMPLE


def test_a_turn_in_progress_round_trips_with_its_held_dice() -> None:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1), (6, 5, 3)]:
        game.apply(Roll(dice))
    game.apply(Hold(1, True))
    text = dumps_record(game)
    assert json.loads(text)["current"] == {
        "player": 0,
        "rolls": [[6, 5, 3]],
        "held": [False, True, False],
    }
    again = loads_record(text)
    assert again.state == game.state


def test_a_decharge_turn_stopped_early_is_recorded_and_replayed() -> None:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1), (6, 5, 3)]:
        game.apply(Roll(dice))
    assert Stop() in game.legal_actions()
    game.apply(Stop())
    assert json.loads(dumps_record(game))["turns"][-1] == {"player": 0, "rolls": [[6, 5, 3]]}
    assert loads_record(dumps_record(game)).state == game.state


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (example(players=["Anna"]), "2 to 8 players"),
        (example(options={"pot": 15}), "f.json: the pot holds 11 or 21 tokens"),
        (
            example(turns=[{"player": 0, "rolls": [[4, 2, 6], [4, 2, 1]]}]),
            "f.json: turn 1 (Anna): 2 throws: this turn allows 1",
        ),
        (
            example(turns=[{"player": 1, "rolls": [[4, 2, 1]]}]),
            "f.json: turn 1 (Anna): out of order",
        ),
        (
            example(turns=[{"player": 0, "rolls": [[4, 2, 7]]}]),
            "f.json: turn 1 (Anna): a throw is 3 dice from 1 to 6",
        ),
        (
            example(turns=[*FOUR21_EXAMPLE["turns"], {"player": 0, "rolls": [[1, 2, 3]]}]),
            "f.json: turn 7 (Anna): a turn after the end",
        ),
        (
            example(current={"player": 0, "rolls": [[1, 2, 3]]}),
            "f.json: current turn (Anna): the game is over",
        ),
        (
            example(turns=[], current={"player": 0, "rolls": [[1, 2, 3]]}),
            "current turn (Anna): 1 throws: a turn in progress has fewer than its 1",
        ),
    ],
)
def test_bad_records_are_refused_in_one_line(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        game_from_record(data, source="f.json")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_unknown_keys_inside_turns_are_kept_on_save() -> None:
    data = {
        "format": "missdice-game",
        "version": 1,
        "game": "421",
        "options": {"pot": 11, "421": 10},
        "players": ["Anna", "Ben"],
        "turns": [
            {"player": 0, "rolls": [[4, 2, 1]], "note": "lucky"},
            {"player": 1, "rolls": [[6, 5, 3]]},
            {"player": 1, "rolls": [[1, 1, 1]], "said": ["oh"]},
            {"player": 0, "rolls": [[2, 2, 1]]},
            {"player": 0, "rolls": [[6, 5, 3], [6, 5, 4]], "seen": 1},
        ],
    }
    game = game_from_record(data)
    assert json.loads(dumps_record(game))["turns"] == data["turns"]
    game.undo()
    game.redo()
    assert json.loads(dumps_record(game))["turns"] == data["turns"]
