"""Game records: round trips, the documented example, every kind of bad record, atomic save."""

import json
import os
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
from missdice_desktop.rules import IllegalActionError
from tests.rules.support import new_game, play

EXAMPLE = {
    "format": "missdice-game",
    "version": 1,
    "game": "yahtzee",
    "options": {"joker": "forced"},
    "players": ["Anna", "Ben"],
    "turns": [
        {"player": 0, "dice": [2, 6, 2, 6, 6], "box": "full_house"},
        {
            "player": 1,
            "rolls": [[1, 1, 2, 3, 4], [1, 1, 1, 5, 6], [1, 1, 1, 1, 6]],
            "dice": [1, 1, 1, 1, 6],
            "box": "ones",
        },
    ],
}


def test_the_documented_example_replays() -> None:
    game = game_from_record(EXAMPLE)
    assert game.state.sheets[0].scores == {"full_house": 25}
    assert game.state.sheets[1].scores == {"ones": 4}
    assert game.state.scored_turns[1].rolls[0] == (1, 1, 2, 3, 4)
    assert game.current_player == 0


def test_round_trip_keeps_rolls_options_and_unknown_keys() -> None:
    data = json.loads(json.dumps(EXAMPLE))
    data["table"] = "kitchen"
    data["turns"][0]["comment"] = "nice"
    saved = record_from_game(game_from_record(data))
    assert saved["table"] == "kitchen"
    assert saved["turns"][0]["comment"] == "nice"
    assert saved["turns"][1]["rolls"] == EXAMPLE["turns"][1]["rolls"]
    assert saved["options"] == {"joker": "forced", "rigole": False}
    assert record_from_game(game_from_record(saved)) == saved


def test_the_turn_in_progress_is_kept() -> None:
    game = new_game(players=["Anna", "Ben"])
    play(game, ("12345", "large_straight"))
    game.roll()
    game.hold(3)
    game.roll()
    again = loads_record(dumps_record(game))
    assert again.state == game.state
    assert again.rolls_left == 1


def test_a_house_grid_travels_inside_its_record() -> None:
    from missdice_desktop.rules import Game, grid_from_mapping

    grid = {
        "id": "mamie",
        "name": "Mamie",
        "boxes": [
            {"id": "sixes", "kind": "face", "face": 6},
            {"id": "yams", "kind": "of_a_kind", "count": 5, "points": 60},
        ],
    }
    game = Game(grid_from_mapping(grid).configure(), ["Anna"])
    play(game, ("66666", "yams"))
    record = record_from_game(game)
    assert record["game"] == "house" and record["grid"]["id"] == "mamie"
    assert loads_record(json.dumps(record)).state.sheets[0].scores == {"yams": 60}


def bad(**changes: object) -> dict[str, object]:
    data = json.loads(json.dumps(EXAMPLE))
    data.update(changes)
    return data


def turns(*entries: dict[str, object]) -> list[dict[str, object]]:
    return list(entries)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "f.json: not a game record (expected a JSON object)"),
        (bad(format="other"), "f.json: not a game record"),
        (bad(version=2), "f.json: unsupported record version 2"),
        (bad(game="poker"), "f.json: unknown game 'poker'"),
        (bad(options={"joker": "never"}), "option 'joker' of yahtzee cannot be 'never'"),
        (bad(options={"colour": "red"}), "unknown option 'colour'"),
        (bad(players=[]), "players must be a list of 1 to 8 names"),
        (bad(players=["A"] * 9), "players must be a list of 1 to 8 names"),
        (
            bad(turns=turns({"player": 0, "dice": [1, 2, 3, 4], "box": "chance"})),
            "f.json: turn 1 (Anna): dice must be 5 values, got 4",
        ),
        (
            bad(turns=turns({"player": 0, "dice": [1, 2, 3, 4, 9], "box": "chance"})),
            "f.json: turn 1 (Anna): dice values must be whole numbers from 1 to 6, got 9",
        ),
        (
            bad(turns=turns({"player": 0, "dice": [1, 2, 3, 4, 5], "box": "sevens"})),
            "f.json: turn 1 (Anna): unknown box 'sevens'",
        ),
        (
            bad(turns=turns({"player": 1, "dice": [1, 2, 3, 4, 5], "box": "chance"})),
            "f.json: turn 1 (Anna): out of order: player 0 (Anna) plays this turn",
        ),
        (
            bad(
                turns=turns(
                    {"player": 0, "dice": [1, 2, 3, 4, 5], "box": "chance"},
                    {"player": 1, "dice": [1, 2, 3, 4, 5], "box": "chance"},
                    {"player": 0, "dice": [1, 2, 3, 4, 6], "box": "chance"},
                )
            ),
            "f.json: turn 3 (Anna): Chance: this box is already filled",
        ),
        (
            bad(
                turns=turns(
                    {"player": 0, "dice": [5, 5, 5, 5, 5], "box": "yahtzee"},
                    {"player": 1, "dice": [1, 2, 3, 4, 5], "box": "chance"},
                    {"player": 0, "dice": [5, 5, 5, 5, 5], "box": "chance"},
                )
            ),
            "f.json: turn 3 (Anna): Chance: five 5s must go in Fives while Fives is free",
        ),
        (
            bad(
                turns=turns(
                    {
                        "player": 0,
                        "rolls": [[1, 1, 1, 1, 1]] * 4,
                        "dice": [1, 1, 1, 1, 1],
                        "box": "ones",
                    }
                )
            ),
            "turn 1 (Anna): 4 rolls: at most 3 per turn",
        ),
        (
            bad(
                turns=turns(
                    {
                        "player": 0,
                        "rolls": [[1, 1, 1, 1, 2]],
                        "dice": [1, 1, 1, 1, 1],
                        "box": "ones",
                    }
                )
            ),
            "the last roll must equal the dice scored",
        ),
        (bad(turns=turns({"player": 0, "box": "ones"})), "turn 1 (Anna): dice are missing"),
        (bad(turns=turns({"player": 0, "dice": [1, 1, 1, 1, 1]})), "box is missing"),
        (bad(turns="none"), "turns must be a list"),
        ({k: v for k, v in EXAMPLE.items() if k != "turns"}, "turns must be a list"),
        (bad(version=True), "unsupported record version True"),
        (bad(version=1.0), "unsupported record version 1.0"),
        (bad(players=["Anna\nEvil", "Ben"]), "player name 'Anna\\nEvil' has a character"),
        (bad(players=["A\ud800"]), "players[1]: a text holds a lone surrogate"),
        (
            bad(turns=turns({"player": 0.0, "dice": [1, 2, 3, 4, 5], "box": "chance"})),
            "out of order",
        ),
        (
            bad(turns=turns({"player": False, "dice": [1, 2, 3, 4, 5], "box": "chance"})),
            "out of order",
        ),
        (
            bad(turns=[], current={"player": False, "dice": [1, 2, 3, 4, 5]}),
            "current turn (Anna): player 0 plays now",
        ),
        (
            bad(game="house", grid={"id": "x", "boxes": [{"id": "a", "kind": "pyramid"}]}),
            "f.json: grid: boxes[1].kind",
        ),
    ],
)
def test_bad_records_name_file_turn_player_and_problem(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        game_from_record(data, source="f.json")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_more_turns_than_boxes() -> None:
    game = new_game("yacht")
    for box in game.rules.box_ids:
        play(game, ("12345", box))
    data = record_from_game(game)
    data["turns"].append({"player": 0, "dice": [1, 2, 3, 4, 5], "box": "chance"})
    with pytest.raises(RecordError, match=r"turn 13 .*more turns than boxes"):
        game_from_record(data)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"format": "missdice-game", "version": ' + b"9" * 5000 + b"}", "not a game record"),
        (b"{not json", r"not JSON \(Expecting property name enclosed in double quotes at line 1"),
        (b"\xff\xfe\x00", "not a text file"),
        (b"", "not JSON"),
        (b'{"format": "missdice-game", "note": NaN}', "NaN is not standard JSON"),
        (b'{"format": "missdice-game", "note": -Infinity}', "-Infinity is not standard"),
        (b'{"format": "missdice-game", "note": 1e400}', "note: NaN and infinite numbers"),
        (b'{"format": "missdice-game", "format": "x"}', "the key 'format' appears twice"),
        (b'{"format": "missdice-game", "t": [{"a": 1, "a": 2}]}', "'a' appears twice"),
        (b'{"format": "missdice-game", "note": "\\ud800"}', r"note: a text holds a lone surr"),
        (b'{"format": "missdice-game", "\\udfff": 1}', "a key that cannot be saved"),
    ],
)
def test_unreadable_files(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=message):
        load_record(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read the file"):
        load_record(tmp_path / "nowhere.json")


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "game.json"
    game = game_from_record(EXAMPLE)
    save_record(path, game)
    assert load_record(path).state == game.state
    assert os.listdir(path.parent) == ["game.json"]


def test_a_failed_save_keeps_the_previous_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "game.json"
    save_record(path, game_from_record(EXAMPLE))
    before = path.read_text()

    def broken_replace(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        save_record(path, new_game())
    assert path.read_text() == before
    assert os.listdir(tmp_path) == ["game.json"]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    picks=st.lists(st.integers(0, 99), max_size=40),
    variant=st.sampled_from(["yahtzee", "yams-ecart", "yams-chances", "yacht"]),
)
def test_replaying_a_saved_record_reproduces_the_sheets(seed, picks, variant) -> None:
    from missdice_desktop.rules import Game, get_variant

    game = Game(get_variant(variant).configure(), ["Anna", "Ben", "Chloé"], seed=seed)
    for pick in picks:
        if game.finished:
            break
        game.roll()
        if pick % 3:
            game.hold(pick % 5)
            game.roll()
        allowed = [s.box.id for s in game.box_states() if s.allowed]
        game.score(allowed[pick % len(allowed)])
    again = loads_record(dumps_record(game))
    assert again.state == game.state
    assert [s.total for s in again.state.sheets] == [s.total for s in game.state.sheets]


@pytest.mark.parametrize("variant", ["yahtzee", "yams-ecart", "yams-chances", "yacht"])
def test_a_full_8_player_game_replays_in_well_under_a_second(variant: str) -> None:
    import time

    from missdice_desktop.bench import full_game

    game = full_game(variant)
    text = dumps_record(game)
    start = time.perf_counter()
    again = loads_record(text)
    elapsed = time.perf_counter() - start
    assert again.finished and again.state == game.state
    assert elapsed < 0.5, f"replay took {elapsed:.3f} s"


def test_saving_keeps_permissions_and_follows_links(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    save_record(target, new_game())
    os.chmod(target, 0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    save_record(link, game_from_record(EXAMPLE))
    assert link.is_symlink()
    assert os.stat(target).st_mode & 0o777 == 0o640
    assert load_record(target).players == ("Anna", "Ben")


def test_a_resumed_turn_undoes_like_the_original() -> None:
    game = new_game(players=["Anna"])
    game.roll()
    game.hold(1)
    game.roll()
    after_first_roll_and_hold = game.state
    game.hold(3)
    game.roll()
    game.hold(4)
    resumed = loads_record(dumps_record(game))
    assert resumed.state == game.state
    game.undo()  # the hold; the rolls seen stay
    resumed.undo()
    assert resumed.state == game.state
    assert not resumed.can_undo and not game.can_undo
    assert resumed.rolls_left == 0
    assert after_first_roll_and_hold.turn.held == (False, True, False, False, False)


def test_throws_from_the_table_stay_undoable_after_a_resume() -> None:
    game = new_game(players=["Anna"])
    game.throw("12345")
    game.throw("66612")
    resumed = loads_record(dumps_record(game))
    assert '"thrown": [true, true]' in dumps_record(game)
    resumed.undo()
    assert resumed.dice == (1, 2, 3, 4, 5) and resumed.rolls_left == 2


def test_roll_holds_must_match_the_rolls() -> None:
    data = bad(
        turns=[],
        current={
            "player": 0,
            "dice": [1, 2, 3, 4, 5],
            "rolls": [[1, 2, 3, 4, 5]],
            "roll_holds": [[], []],
        },
    )
    with pytest.raises(RecordError, match="roll_holds must list the held dice of each roll"):
        game_from_record(data)


def test_a_turn_in_progress_whose_held_die_was_corrected_reloads() -> None:
    game = new_game(players=["Anna"])
    game.roll()
    game.hold(0)
    game.roll()
    held_face = game.dice[0] if game.dice else 1
    game.enter_dice([held_face % 6 + 1, 2, 3, 4, 5])  # the table showed another face
    again = loads_record(dumps_record(game))
    assert again.state.turn == game.state.turn
    assert record_from_game(again) == record_from_game(game)


def test_a_turn_in_progress_typed_in_then_held_and_rolled_reloads() -> None:
    game = new_game(players=["Anna"])
    game.enter_dice("66123")
    game.hold(0)
    game.hold(1)
    with pytest.raises(IllegalActionError, match="entered from the table"):
        game.roll()  # a virtual roll after dice typed in: never again (issue 12)
    game.throw("66456")  # the dice thrown again at the table, read by the camera
    again = loads_record(dumps_record(game))
    assert again.state.turn == game.state.turn
    assert record_from_game(again) == record_from_game(game)


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(EXAMPLE).encode())
    assert load_record(path).players == ("Anna", "Ben")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    with pytest.raises(RecordError, match=r"cannot read the file \(not a regular file"):
        load_record(pipe)


def test_a_record_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b" " * 5_000_001)
    with pytest.raises(RecordError, match=r"file too large for a game record \(more than 5 MB"):
        load_record(path)


def test_a_house_grid_with_a_surrogate_label_is_refused() -> None:
    grid = {"id": "x", "boxes": [{"id": "a", "kind": "chance", "label": "Chance\ud800"}]}
    data = {**EXAMPLE, "game": "house", "grid": grid, "turns": []}
    with pytest.raises(RecordError, match=r"grid.boxes\[1\].label: a text holds a lone surr"):
        loads_record(json.dumps(data))
    with pytest.raises(RecordError, match=r"grid.boxes\[1\].label: a text holds a lone surr"):
        game_from_record(data)  # the same check for parsed data as for a file


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    )
)
def test_any_kept_value_accepted_is_saved_again(value: object) -> None:
    text = json.dumps({**EXAMPLE, "note": value}, allow_nan=True)
    try:
        game = loads_record(text)
    except RecordError:
        return
    again = dumps_record(game)
    again.encode("utf-8")
    assert json.loads(again)["note"] == value


def test_dice_released_after_the_last_roll_stay_released_on_reload() -> None:
    game = new_game(players=["Anna"])
    game.roll()
    game.hold(2)
    game.roll()
    game.hold(2, False)  # nothing held now: the record writes no "held"
    again = loads_record(dumps_record(game))
    assert again.held == game.held == (False,) * 5
    assert record_from_game(again) == record_from_game(game)
