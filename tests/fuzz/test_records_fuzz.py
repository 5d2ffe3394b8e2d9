"""Game records: mutated records and mangled bytes are refused in one line or accepted, and
every record accepted is saved again and reads back the same."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from missdice_desktop.records import (
    RecordError,
    dumps_record,
    load_record,
    loads_record,
    record_from_game,
)
from missdice_desktop.rules import DiceGame, Game, load_grid_file
from tests.fuzz import count, fuzz, json_values, mutate, mutate_bytes
from tests.test_pig_records import PIG
from tests.test_records import EXAMPLE
from tests.test_records_four21 import FOUR21_EXAMPLE

GRID = Path(__file__).parents[2] / "resources" / "grids" / "yams-famille.toml"
HOUSE = record_from_game(Game(load_grid_file(GRID).configure(), ["Anna", "Ben"]))
IN_PROGRESS = {
    **EXAMPLE,
    "current": {"player": 0, "rolls": [[1, 2, 3, 4, 5]], "dice": [1, 2, 3, 4, 5]},
}
SEEDS = [EXAMPLE, HOUSE, IN_PROGRESS, FOUR21_EXAMPLE, PIG]
TOKENS = [
    b"NaN",
    b"Infinity",
    b"1e999",
    b'"\\ud800"',
    b"\xef\xbb\xbf",
    b'"format": 1, ',
    b"[",
    b"{",
]


def check_accepted(game: DiceGame[Any]) -> None:
    """A record accepted saves as standard UTF-8 JSON that reads back to the same game."""
    text = dumps_record(game)
    text.encode("utf-8")
    json.loads(text, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    again = loads_record(text)
    assert dumps_record(again) == text


def outcome(text: str) -> None:
    try:
        game = loads_record(text, source="fuzz.json")
    except RecordError as error:
        assert "\n" not in str(error)
        count("records", accepted=False)
        return
    check_accepted(game)
    count("records", accepted=True)


@fuzz(150)
@given(st.data())
def test_mutated_records(data: st.DataObject) -> None:
    record: Any = mutate(data, data.draw(st.sampled_from(SEEDS)), json_values)
    outcome(json.dumps(record, ensure_ascii=data.draw(st.booleans())))


@fuzz(100)
@given(st.data())
def test_mangled_record_files(data: st.DataObject) -> None:
    raw = json.dumps(data.draw(st.sampled_from(SEEDS))).encode()
    mangled = mutate_bytes(data, raw, TOKENS)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(mangled)
        try:
            game = load_record(path)
        except RecordError as error:
            assert "\n" not in str(error)
            count("record files", accepted=False)
            return
    check_accepted(game)
    count("record files", accepted=True)
