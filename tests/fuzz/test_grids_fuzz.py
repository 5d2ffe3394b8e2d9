"""Grid files: mutated grids (dates, NaN, hidden characters…) and mangled TOML are refused
with the file and key, or accepted, and a game on an accepted grid is saved and read back."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from missdice_desktop.records import dumps_record, loads_record
from missdice_desktop.rules import Game, GridError, Variant, grid_from_mapping, load_grid_file
from tests.fuzz import count, fuzz, json_values, mutate, mutate_bytes

GRID_TEXT = (Path(__file__).parents[2] / "resources" / "grids" / "yams-famille.toml").read_bytes()
GRID = tomllib.loads(GRID_TEXT.decode())
TOML_VALUES = (
    json_values
    | st.dates()
    | st.times()
    | st.datetimes()
    | st.sampled_from(
        ["chance", "face", "of_a_kind", "straight", "sum", "matched", 5, 30, [1, 2, 3, 4, 5]]
    )
)
TOKENS = [
    b"1979-05-27",
    b"07:32:00",
    b"nan",
    b"inf",
    b"\xef\xbb\xbf",
    b'"\\u202e"',
    b'"\\u0000"',
    b"\n[[boxes]]\nid = 'x'\nkind = 'chance'\n",
    b"label = 'a\\nb'\n",
    b"[",
]


def check_accepted(variant: Variant) -> None:
    """A game on an accepted grid saves as UTF-8 JSON and reads back the same."""
    text = dumps_record(Game(variant.configure(), ["Anna"]))
    text.encode("utf-8")
    assert dumps_record(loads_record(text)) == text


@fuzz(150)
@given(st.data())
def test_mutated_grids(data: st.DataObject) -> None:
    grid: Any = mutate(data, GRID, TOML_VALUES)
    try:
        variant = grid_from_mapping(grid)
    except GridError as error:
        assert "\n" not in str(error)
        count("grids", accepted=False)
        return
    check_accepted(variant)
    count("grids", accepted=True)


@fuzz(100)
@given(st.data())
def test_mangled_grid_files(data: st.DataObject) -> None:
    mangled = mutate_bytes(data, GRID_TEXT, TOKENS)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "grid.toml"
        path.write_bytes(mangled)
        try:
            variant = load_grid_file(path)
        except GridError:
            count("grid files", accepted=False)
            return
    check_accepted(variant)
    count("grid files", accepted=True)
