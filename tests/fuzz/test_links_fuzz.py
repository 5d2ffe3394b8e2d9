"""Share links: mutated records in the zlib form, and mangled packed links with their checksum
bypassed, are refused in one line or accepted; every link accepted opens a game that is
saved again and shared again."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from missdice_desktop import links
from missdice_desktop.links import LinkError, game_from_link, link_from_game, link_from_record
from missdice_desktop.records import RecordError
from tests.fuzz import count, fuzz, json_values, mutate, mutate_bytes
from tests.fuzz.test_records_fuzz import SEEDS, check_accepted

TOKENS = [b"\x00", b"\xff", b"NaN", b'"\\ud83d"', b"[" * 80, b'"a":1,"a":2,']


def link_of(payload: bytes) -> str:
    return links.PREFIX + base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=")


def outcome(kind: str, link: str) -> None:
    try:
        game = game_from_link(link)
    except (LinkError, RecordError) as error:
        assert "\n" not in str(error)
        count(kind, accepted=False)
        return
    check_accepted(game)
    again = game_from_link(link_from_game(game))
    assert again.state == game.state
    count(kind, accepted=True)


@fuzz(120)
@given(st.data())
def test_mutated_records_in_zlib_links(data: st.DataObject) -> None:
    record: Any = mutate(data, data.draw(st.sampled_from(SEEDS)), json_values)
    canonical = data.draw(st.integers(0, 3)) > 0  # as the app writes it, most of the time
    text = json.dumps(
        record,
        ensure_ascii=not canonical or data.draw(st.booleans()),
        sort_keys=canonical or data.draw(st.booleans()),
        separators=(",", ":"),
    )
    raw = text.encode("utf-8", "surrogatepass")
    if data.draw(st.integers(0, 3)) == 0:
        raw = mutate_bytes(data, raw, TOKENS)
    outcome("zlib links", link_of(b"Z" + zlib.compress(raw)))


def packed_seeds() -> list[bytes]:
    payloads = []
    for seed in SEEDS:
        payload = links._packed_payload({**seed, "note": [1, "a"]})
        if payload is not None:
            payloads.append(payload)
    return payloads


PACKED = packed_seeds()


@fuzz(120)
@given(st.data())
def test_mangled_packed_links_past_their_checksum(data: st.DataObject) -> None:
    payload = data.draw(st.sampled_from(PACKED))
    mangled = b"P" + mutate_bytes(data, payload[1:], TOKENS)

    def any_checksum(_number: int, record: Any) -> bool:
        links._check(record)
        return True

    with mock.patch.object(links, "_checksum_matches", any_checksum):
        outcome("packed links", link_of(mangled))


def test_the_seeds_travel_and_most_have_a_packed_form() -> None:
    assert len(PACKED) >= 3
    for seed in SEEDS:
        assert links.record_from_link(link_from_record(seed)) == seed
