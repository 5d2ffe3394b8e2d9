"""The coach's table cache: whatever sits at the table's path (mutated tables, forged .npy
headers, inflated members), loading gives the table or None, never another exception, never
more than the table's size in memory; and None is followed by a rebuild that replaces it."""

from __future__ import annotations

import io
import struct
import tempfile
import zipfile
from pathlib import Path

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from missdice_desktop.coach import cache
from missdice_desktop.coach.solver import SolverSheet
from tests.coach.test_solver import CHANCE, SIXES, sheet
from tests.fuzz import count, fuzz, mutate_bytes

MODEL = SolverSheet(sheet(SIXES, CHANCE))
VALUES = MODEL.solve()
SHAPES = st.lists(st.integers(0, 2**40), max_size=4).map(tuple) | st.just(MODEL.shape)
DESCRS = st.sampled_from(["<f8", "<f4", ">f8", "<i8", "|O", "<U64", "|V8", "<c16", "x"])


def npy(value: np.ndarray) -> bytes:
    out = io.BytesIO()
    np.save(out, value)
    return out.getvalue()


def header(shape: tuple[int, ...], descr: str, fortran: bool) -> bytes:
    text = f"{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape!r}, }}"
    text += " " * (-(len(text) + 11) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1")


MEMBERS = {
    "values": npy(VALUES),
    "key": npy(np.array(cache.rules_key(MODEL.rules))),
    "checksum": npy(np.array(cache._checksum(VALUES))),
}


def archive(members: dict[str, bytes], compression: int) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as zipped:
        for name, data in members.items():
            zipped.writestr(f"{name}.npy", data)
    return out.getvalue()


def check(data: bytes, kind: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = cache.table_path(MODEL.rules, Path(folder))
        path.write_bytes(data)
        loaded = cache.load_table(MODEL, Path(folder))
        count(kind, accepted=loaded is not None)
        if loaded is not None:
            assert np.array_equal(loaded, VALUES)
            return
        assert np.array_equal(cache.load_or_build(MODEL, Path(folder)), VALUES)
        assert cache.load_table(MODEL, Path(folder)) is not None  # replaced


@fuzz(60)
@given(st.data())
def test_forged_headers(data: st.DataObject) -> None:
    members = dict(MEMBERS)
    name = data.draw(st.sampled_from(sorted(members)))
    body = data.draw(st.sampled_from([b"", members[name][128:], bytes(4096)]))
    members[name] = header(data.draw(SHAPES), data.draw(DESCRS), data.draw(st.booleans())) + body
    compression = data.draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))
    check(archive(members, compression), "coach cache: forged header")


@fuzz(60)
@given(st.data())
def test_mutated_tables(data: st.DataObject) -> None:
    compression = data.draw(st.sampled_from([zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED]))
    tokens = [b"\x93NUMPY", b"PK\x03\x04", b"\xff" * 8, b"(999999999999,", b"<f4"]
    check(mutate_bytes(data, archive(MEMBERS, compression), tokens), "coach cache: mutated")


@fuzz(20)
@given(st.integers(1, 40_000_000), st.sampled_from(sorted(MEMBERS)))
def test_inflated_members(extra: int, name: str) -> None:
    members = dict(MEMBERS)
    members[name] += bytes(extra)
    check(archive(members, zipfile.ZIP_DEFLATED), "coach cache: inflated")
