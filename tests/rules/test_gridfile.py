"""House grids from TOML files: the shipped example, and every mistake named by its key."""

import os
from pathlib import Path

import pytest

from missdice_desktop.resources import grids_dir
from missdice_desktop.rules import Game, GridError, JokerPolicy, grid_from_mapping, load_grid_file
from tests.rules.support import play

EXAMPLE = grids_dir() / "yams-famille.toml"


def test_the_shipped_house_grid_plays() -> None:
    variant = load_grid_file(EXAMPLE)
    rules = variant.configure()
    assert variant.name == "Yam's de la famille"
    assert rules.joker is JokerPolicy.FREE
    assert rules.box("brelan").score((2, 2, 2, 2, 5)) == 6
    assert rules.box("carre").score((2, 2, 2, 2, 5)) == 33
    game = Game(rules, ["Anna"])
    play(game, ("66666", "yams"), ("66666", "full"), ("66654", "plus"), ("11112", "moins"))
    sheet = game.state.sheets[0]
    assert sheet.scores["full"] == 50
    assert sheet.yahtzee_bonus == 0
    assert sheet.ecart == 27 - 6
    assert sheet.total == 50 + 50 + 21


def grid(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "test",
        "boxes": [
            {"id": "sixes", "kind": "face", "face": 6},
            {"id": "yams", "kind": "of_a_kind", "count": 5, "points": 50},
        ],
    }
    data.update(changes)
    return data


def one_box(**box: object) -> dict[str, object]:
    return grid(boxes=[box])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (grid(colour="red"), "colour: unknown key"),
        (grid(format="other"), "format: expected 'missdice-grid'"),
        (grid(version=3), "version: this program reads version 1"),
        (grid(id="Bad Name"), "id: must be a short lower-case name"),
        (grid(boxes=[]), "boxes: a grid needs at least one"),
        (one_box(id="x", kind="pyramid"), r"boxes\[1\].kind: must be one of face"),
        (one_box(id="x", kind="face"), r"boxes\[1\].face: must be a whole number from 1 to 6"),
        (one_box(id="x", kind="face", face=7), r"boxes\[1\].face"),
        (one_box(id="x", kind="of_a_kind", count=6, points=1), r"boxes\[1\].count"),
        (one_box(id="x", kind="of_a_kind", count=3), r"boxes\[1\].points: a of_a_kind box"),
        (one_box(id="x", kind="straight", points=30), r"boxes\[1\].: a straight needs either"),
        (one_box(id="x", kind="straight", faces=[1, 2, 3], points=30), r"boxes\[1\].faces"),
        (one_box(id="x", kind="chance", section="middle"), r"boxes\[1\].section"),
        (one_box(id="x", kind="chance", counts="no"), r"boxes\[1\].counts"),
        (one_box(id="x", kind="chance", scoring="matched"), r"boxes\[1\].scoring: matched"),
        (one_box(id="x", kind="chance", wobble=1), r"boxes\[1\].wobble: unknown key"),
        (
            grid(boxes=[{"id": "a", "kind": "chance"}, {"id": "a", "kind": "chance"}]),
            r"boxes\[2\].id: 'a' is used twice",
        ),
        (grid(yahtzee_box="sixes"), "yahtzee_box: must name a box of kind of_a_kind"),
        (grid(joker="forced"), "yahtzee_bonus and joker need yahtzee_box"),
        (grid(yahtzee_box="yams", joker="sometimes"), "joker: must be one of"),
        (grid(ecart=["sixes"]), "ecart: must list two different boxes"),
        (grid(upper_bonus={"threshold": 63}), "upper_bonus.points"),
        (grid(upper_bonus=5), "upper_bonus: must be a table"),
    ],
)
def test_grid_mistakes_name_their_key(data: dict[str, object], message: str) -> None:
    with pytest.raises(GridError, match=message):
        grid_from_mapping(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("id = 'x'\n[[boxes]\n", r"grid.toml: not valid TOML: .*line 2"),
        ("id = 'x'\n", "grid.toml: boxes: a grid needs at least one"),
        ("id = 'x'\nversion = true\n", "grid.toml: version"),
        ("v = " + "[" * 90_000, "grid.toml: not"),
        ("id = 'x'\nyahtzee_bonus = " + "9" * 5000 + "\n", "grid.toml: not a grid file"),
    ],
)
def test_grid_file_errors_name_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "grid.toml"
    path.write_text(text)
    with pytest.raises(GridError, match=message):
        load_grid_file(path)


def test_missing_grid_file(tmp_path: Path) -> None:
    with pytest.raises(GridError, match="cannot read the file"):
        load_grid_file(tmp_path / "none.toml")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (grid(name="Yam\u202es"), r"name: has a character that cannot be shown \(U\+202E\)"),
        (grid(name="\u200b"), "name: is empty or shows nothing"),
        (one_box(id="x", kind="chance", label="a\x00b"), r"boxes\[1\].label: has a character"),
        (one_box(id="x", kind="chance", label="two\nlines"), r"boxes\[1\].label: has a char"),
        (one_box(id="x", kind="chance", label="x" * 61), "more than 60 characters"),
        (one_box(id="x", kind="chance", count=float("inf")), r"boxes\[1\].count: NaN"),
    ],
)
def test_names_and_labels_must_show_as_written(data: dict[str, object], message: str) -> None:
    with pytest.raises(GridError, match=message):
        grid_from_mapping(data)


def test_a_date_in_an_unused_parameter_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "grid.toml"
    path.write_text("id = 'x'\n[[boxes]]\nid = 'c'\nkind = 'chance'\ncount = 1979-05-27\n")
    with pytest.raises(GridError, match=r"boxes\[1\].count: date values .* cannot be kept"):
        load_grid_file(path)


def test_a_grid_over_the_size_cap_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "grid.toml"
    path.write_text("id = 'x'\n" + "# padding\n" * 10_000)
    with pytest.raises(GridError, match=r"file too large for a grid \(more than 100 kB\)"):
        load_grid_file(path)


def test_a_grid_file_may_start_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "grid.toml"
    path.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    assert load_grid_file(path).name == "Yam's de la famille"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_no_grid_file(tmp_path: Path) -> None:
    pipe = tmp_path / "grid.toml"
    os.mkfifo(pipe)
    with pytest.raises(GridError, match="not a regular file"):
        load_grid_file(pipe)


def test_an_unknown_key_with_a_new_line_is_named_on_one_line() -> None:
    with pytest.raises(GridError) as caught:
        grid_from_mapping(grid(**{"two\nlines": 1}))
    assert str(caught.value).startswith("'two\\nlines': unknown key")
