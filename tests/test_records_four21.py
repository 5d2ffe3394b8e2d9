"""421 records: the documented example, round trips, the turn in progress, bad records."""

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.records import (
    RecordError,
    dumps_record,
    game_from_record,
    load_record,
    loads_record,
    record_from_game,
    save_record,
)
from missdice_desktop.rules import DiceGame, Hold, Roll
from missdice_desktop.rules.four21 import Four21Rules, Phase, Stop

FOUR21_EXAMPLE = {
    "format": "missdice-game",
    "version": 1,
    "game": "421",
    "options": {"pot": 11, "421": 10},
    "players": ["Anna", "Ben"],
    "turns": [
        {"player": 0, "rolls": [[4, 2, 1]]},
        {"player": 1, "rolls": [[6, 5, 3]]},
        {"player": 1, "rolls": [[1, 1, 1]]},
        {"player": 0, "rolls": [[2, 2, 1]]},
        {"player": 0, "rolls": [[6, 5, 3], [6, 5, 5]]},
        {"player": 1, "rolls": [[2, 2, 1], [4, 2, 1]]},
    ],
}
"""La charge in two rounds (Ben takes 10, then Anna the last token), then one décharge round
in which Ben gives his 10 tokens to Anna and is out: Anna holds them all and loses."""


def example(**changes: object) -> dict[str, object]:
    data = json.loads(json.dumps(FOUR21_EXAMPLE))
    data.update(changes)
    return data


def test_the_documented_example_replays_to_its_loser() -> None:
    game = game_from_record(FOUR21_EXAMPLE)
    assert isinstance(game.rules, Four21Rules)
    state = game.state
    assert [p.tokens for p in state.payments] == [10, 1, 10]
    assert [p.phase for p in state.payments] == [Phase.CHARGE, Phase.CHARGE, Phase.DECHARGE]
    assert state.tokens == (11, 0) and state.pot == 0
    assert game.finished and game.losers() == ("Anna",)


def test_round_trip_keeps_turns_options_and_unknown_keys() -> None:
    data = example(table="kitchen")
    saved = record_from_game(game_from_record(data))
    assert saved == data
    assert json.loads(dumps_record(game_from_record(data))) == data


def test_options_take_their_defaults() -> None:
    game = game_from_record(example(options={}, turns=[]))
    assert record_from_game(game)["options"] == {"pot": 21, "421": 10}


def test_the_turn_in_progress_is_kept_with_its_held_dice(tmp_path: Path) -> None:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1)]:
        game.apply(Roll(dice))
    game.apply(Roll((6, 5, 3)))
    game.apply(Hold(1, True))
    record = record_from_game(game)
    assert record["current"] == {"player": 0, "rolls": [[6, 5, 3]], "held": [False, True, False]}
    save_record(tmp_path / "421.json", game)
    again = load_record(tmp_path / "421.json")
    assert again.state == game.state
    assert again.why_not(Roll((6, 4, 4))) is not None  # the held 5 stays held


def turns(*entries: object) -> list[object]:
    return list(entries)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (example(players=["Anna"]), "f.json: a game needs 2 to 8 players, got 1"),
        (example(players=["A"] * 9), "players must be a list of 1 to 8 names"),
        (example(players=["Anna", " "]), "every player needs a name"),
        (example(options={"pot": 15}), "f.json: the pot holds 11 or 21 tokens"),
        (example(options={"421": 12}), "4-2-1 is worth 8, 10 or 11"),
        (example(options={"pot": "21"}), "the 421 options pot and 421 are whole numbers"),
        (example(options=[21]), "options must be an object"),
        (example(options={"joker": "free"}), "unknown 421 option 'joker'"),
        (example(turns={}), "turns must be a list"),
        (example(turns=[[4, 2, 1]]), "f.json: turn 1 (Anna): a turn must be an object"),
        (
            example(turns=turns({"player": 0, "rolls": [[4, 2, 6], [4, 2, 1]]})),
            "f.json: turn 1 (Anna): 2 throws: this turn allows 1",
        ),
        (
            example(turns=turns({"player": 1, "rolls": [[4, 2, 1]]})),
            "f.json: turn 1 (Anna): out of order: player 0 throws now, not player 1",
        ),
        (
            example(turns=turns({"player": "0", "rolls": [[4, 2, 1]]})),
            "turn 1 (Anna): player must be a number",
        ),
        (
            example(turns=turns({"player": 0, "rolls": [[4, 2, 7]]})),
            "f.json: turn 1 (Anna): a throw is 3 dice from 1 to 6",
        ),
        (
            example(turns=turns({"player": 0, "rolls": [[4, 2]]})),
            "turn 1 (Anna): a throw is 3 dice from 1 to 6",
        ),
        (
            example(turns=turns({"player": 0, "rolls": [[4, 2, True]]})),
            "turn 1 (Anna): a throw is 3 dice from 1 to 6",
        ),
        (example(turns=turns({"player": 0})), "turn 1 (Anna): rolls must list the dice"),
        (example(turns=turns({"player": 0, "rolls": []})), "rolls must list the dice"),
        (example(turns=turns({"player": 0, "rolls": [421]})), "each roll must be a list"),
        (
            example(
                turns=[
                    *FOUR21_EXAMPLE["turns"][:5],  # type: ignore[index]
                    {"player": 1, "rolls": [[2, 2, 1], [4, 2, 1], [1, 1, 1]]},
                ]
            ),
            "f.json: turn 6 (Ben): 3 throws: this turn allows 2",
        ),
        (
            example(
                turns=[
                    *FOUR21_EXAMPLE["turns"],  # type: ignore[misc]
                    {"player": 0, "rolls": [[1, 2, 3]]},
                ]
            ),
            "f.json: turn 7 (Anna): a turn after the end: the game was already over",
        ),
        (
            example(current={"player": 0, "rolls": [[1, 2, 3]]}),
            "f.json: current turn (Anna): the game is over",
        ),
        (
            example(turns=[], current={"player": 1, "rolls": [[1, 2, 3]]}),
            "current turn (Anna): player 0 plays now",
        ),
        (
            example(turns=[], current={"player": 0, "rolls": [[1, 2, 3]]}),
            "current turn (Anna): 1 throws: a turn in progress has fewer than its 1",
        ),
        (
            example(
                turns=FOUR21_EXAMPLE["turns"][:4],  # type: ignore[index]
                current={"player": 0, "rolls": [[6, 5, 3]], "held": ["yes"]},
            ),
            "current turn (Anna): held must be a list of true/false, one per die",
        ),
    ],
)
def test_bad_records_are_refused_in_one_line(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        game_from_record(data, source="f.json")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_record_text_that_is_not_json() -> None:
    with pytest.raises(RecordError, match="not JSON"):
        loads_record("{421", source="x.json")


def test_the_example_in_the_docs_is_the_one_tested() -> None:
    text = (Path(__file__).parents[1] / "docs" / "game-record.md").read_text(encoding="utf-8")
    block = text.split("## 421 records", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == FOUR21_EXAMPLE


@settings(max_examples=30, deadline=None)
@given(
    st.integers(2, 8),
    st.sampled_from([11, 21]),
    st.integers(0, 2**32),
    st.integers(0, 400),
)
def test_any_game_saved_at_any_moment_loads_to_the_same_state(
    players: int, pot: int, seed: int, stop_after: int
) -> None:
    chance = random.Random(seed)
    game = DiceGame(Four21Rules(pot=pot), [f"P{n}" for n in range(players)], seed=seed)
    for _ in range(stop_after):
        if game.finished:
            break
        legal = game.legal_actions()
        if Stop() in legal and chance.random() < 0.3:
            game.apply(Stop())
        elif any(isinstance(action, Hold) for action in legal) and chance.random() < 0.4:
            index = chance.randrange(3)
            game.apply(Hold(index, not game.held[index]))
        elif Roll() in legal:
            game.roll()
        else:
            game.apply(Hold(0, False))
    again = loads_record(dumps_record(game))
    assert again.state == game.state
    assert record_from_game(again) == record_from_game(game)


def test_a_record_of_endless_tie_breaks_is_refused_in_one_line() -> None:
    throws = [{"player": number % 2, "rolls": [[5, 3, 1]]} for number in range(2 + 2 * 101)]
    with pytest.raises(RecordError, match=r"turn 203 \(Anna\): no game goes on this long"):
        game_from_record(example(players=["Anna", "Ben"], turns=throws))
