"""A link passes exactly the checks a file passes (issue 22): no NaN, no key given twice, no
lone surrogate, the same nesting limit; and the length limit counts what is given."""

from __future__ import annotations

import base64
import json
import math
import zlib
from pathlib import Path
from typing import Any

import pytest

from missdice_desktop import links
from missdice_desktop.links import (
    MAX_LINK_CHARS,
    PREFIX,
    LinkError,
    game_from_link,
    link_from_game,
    link_from_record,
    record_from_link,
)
from missdice_desktop.records import (
    MAX_NESTING,
    RecordError,
    dumps_record,
    load_record,
    loads_record,
    record_from_game,
)
from missdice_desktop.rules import DiceGame, PigRules, Roll
from tests.test_pig_records import PIG
from tests.test_records import EXAMPLE


def z_link(text: bytes) -> str:
    """A zlib link holding `text` as it is (no canonical form made)."""
    payload = b"Z" + zlib.compress(text, 9)
    return PREFIX + base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


def canonical(record: dict[str, Any], *, ensure_ascii: bool = False) -> bytes:
    text = json.dumps(record, ensure_ascii=ensure_ascii, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def packed_link(record: dict[str, Any], extra: bytes, checked: dict[str, Any]) -> str:
    """A packed link of `record` whose unknown keys are the JSON text `extra`, its checksum
    made for `checked` (the record as a reader that merges twin keys would see it)."""
    game = record["game"]
    keys, write, _read = links._PACKERS[game]
    writer = links._Writer()
    writer.put(links._GAME_CODES.index(game), links._GAME_RADIX)
    write(writer, {key: value for key, value in record.items() if key in keys})
    writer.put_bytes(zlib.compress(extra, 9), links.MAX_EXTRA_BYTES)
    writer.put(links._checksum(checked), links._CHECKSUM)
    payload = b"P" + writer.to_bytes()
    return PREFIX + base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


def refused_as_a_file(text: str, tmp_path: Path) -> str:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        load_record(path)
    return refused.value.detail


def refused_as_a_link(link: str) -> str:
    with pytest.raises(LinkError) as refused:
        game_from_link(link)
    message = str(refused.value)
    assert "\n" not in message
    with pytest.raises(LinkError):
        record_from_link(link)
    return message


# Item 1: what a file refuses, a link refuses --------------------------------------------------


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_zlib_link_holding_nan_is_refused_like_a_file(value: float, tmp_path: Path) -> None:
    record = {**PIG, "note": value}
    text = canonical(record)
    assert "not standard JSON" in refused_as_a_file(text.decode(), tmp_path)
    assert "not standard JSON" in refused_as_a_link(z_link(text))


def test_a_packed_link_holding_nan_is_refused() -> None:
    record = {**PIG, "note": math.nan}
    link = packed_link(record, b'{"note":NaN}', record)
    assert "not standard JSON" in refused_as_a_link(link)


def test_packed_links_refuse_a_key_given_twice(tmp_path: Path) -> None:
    twice = b'{"note":1,"note":2}'
    link = packed_link(PIG, twice, {**PIG, "note": 2})
    assert "appears twice" in refused_as_a_link(link)
    text = json.dumps(PIG)[:-1] + ', "note": 1, "note": 2}'
    assert "appears twice" in refused_as_a_file(text, tmp_path)


# Item 4: lone surrogates --------------------------------------------------------------------


@pytest.mark.parametrize(
    "record",
    [
        {**PIG, "players": ["Anna", "B\ud83d"]},
        {**PIG, "\ud83d": 1},
        {**PIG, "note": ["\ud83d"]},
    ],
    ids=["name", "key", "value"],
)
def test_lone_surrogates_in_a_link_give_one_clear_error(record: dict[str, Any]) -> None:
    message = refused_as_a_link(z_link(canonical(record, ensure_ascii=True)))
    assert "lone surrogate" in message or "a key that cannot be saved" in message


def test_lone_surrogates_among_a_packed_links_unknown_keys() -> None:
    link = packed_link(PIG, b'{"\\ud83d":1}', PIG)
    assert "a key that cannot be saved" in refused_as_a_link(link)


# Item 10: one nesting limit for files and links ------------------------------------------------


def nested(depth: int) -> dict[str, Any]:
    """The Cochon example with an unknown key nesting lists so that the record is `depth` deep."""
    value: Any = 0
    for _ in range(depth - 1):
        value = [value]
    return {**PIG, "note": value}


def test_files_and_links_share_one_nesting_limit(tmp_path: Path) -> None:
    deepest = nested(MAX_NESTING)
    game = loads_record(json.dumps(deepest))
    assert dumps_record(game_from_link(link_from_game(game))) == dumps_record(game)
    too_deep = nested(MAX_NESTING + 1)
    assert "nested too deeply" in refused_as_a_file(json.dumps(too_deep), tmp_path)
    assert "nested too deeply" in refused_as_a_link(z_link(canonical(too_deep)))


def test_a_record_988_deep_is_refused_before_share_can_fail(tmp_path: Path) -> None:
    deep = json.dumps(PIG)[:-1] + ', "note": ' + "[" * 987 + "0" + "]" * 987 + "}"
    assert "nested too deeply" in refused_as_a_file(deep, tmp_path)
    assert "nested too deeply" in refused_as_a_link(z_link(deep.encode()))
    with pytest.raises(RecordError, match="nested too deeply"):
        loads_record("[" * 100_000 + "]" * 100_000)


# Item 11: the length limit ---------------------------------------------------------------------


def test_the_length_limit_counts_the_spaces_around_a_link() -> None:
    link = link_from_record(PIG)
    assert record_from_link(f"  {link}\n") == PIG
    padded = " " * (MAX_LINK_CHARS - len(link) + 1) + link
    with pytest.raises(LinkError, match="longer than"):
        record_from_link(padded)
    with pytest.raises(LinkError, match="longer than"):
        record_from_link(link + " " * 50_000_000)


def test_a_link_that_passes_is_saved_again() -> None:
    game = DiceGame(PigRules(target=20), ["Anna", "Ben"])
    game.apply(Roll((4,), drawn=True))
    again = game_from_link(link_from_record({**record_from_game(game), "note": {"a": [1.5]}}))
    assert json.loads(dumps_record(again))["note"] == {"a": [1.5]}
    assert loads_record(dumps_record(again)).state == again.state


def test_an_example_yahtzee_record_still_travels() -> None:
    assert record_from_link(link_from_record(EXAMPLE)) == EXAMPLE
