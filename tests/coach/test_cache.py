"""The coach's table cache read with bounds: what sits at its path cannot crash, hang or
exhaust memory, and a damaged table is replaced by the next build."""

from __future__ import annotations

import io
import os
import struct
import threading
import zipfile
from pathlib import Path

import numpy as np
import pytest

from missdice_desktop.coach import cache
from missdice_desktop.coach.solver import SolverSheet
from tests.coach.test_solver import CHANCE, SIXES, sheet

MODEL = SolverSheet(sheet(SIXES, CHANCE))


def npy_header(shape: tuple[int, ...], descr: str = "<f8") -> bytes:
    """An .npy version 1.0 header announcing `shape` and `descr`."""
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape!r}, }}"
    text += " " * (-(len(text) + 11) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1")


def npz(members: dict[str, bytes], compression: int = zipfile.ZIP_STORED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(f"{name}.npy", data)
    return out.getvalue()


def text_member(value: str) -> bytes:
    out = io.BytesIO()
    np.save(out, np.array(value))
    return out.getvalue()


def good_members() -> dict[str, bytes]:
    values = MODEL.solve()
    out = io.BytesIO()
    np.save(out, values)
    return {
        "values": out.getvalue(),
        "key": text_member(cache.rules_key(MODEL.rules)),
        "checksum": text_member(cache._checksum(values)),
    }


def test_a_header_claiming_a_huge_array_is_refused_unread_and_replaced(tmp_path: Path) -> None:
    members = good_members()
    members["values"] = npy_header((400_000_000_000, 1000))  # 3.2 PB claimed, none given
    path = cache.table_path(MODEL.rules, tmp_path)
    path.write_bytes(npz(members))
    assert cache.load_table(MODEL, tmp_path) is None
    built = cache.load_or_build(MODEL, tmp_path)
    assert np.array_equal(cache.load_table(MODEL, tmp_path), built)  # replaced


@pytest.mark.parametrize("descr", ["<f4", "<i8", "|O"])
def test_a_header_with_another_dtype_is_refused(tmp_path: Path, descr: str) -> None:
    members = good_members()
    members["values"] = npy_header(MODEL.shape, descr) + members["values"][128:]
    cache.table_path(MODEL.rules, tmp_path).write_bytes(npz(members))
    assert cache.load_table(MODEL, tmp_path) is None


def test_a_deflate_bomb_is_not_inflated(tmp_path: Path) -> None:
    members = good_members()
    # The right header, then far more data than the table: only the table's bytes are read.
    members["values"] += bytes(50_000_000)
    data = npz(members, zipfile.ZIP_DEFLATED)
    assert len(data) < 200_000
    path = cache.table_path(MODEL.rules, tmp_path)
    path.write_bytes(data)
    assert cache.load_table(MODEL, tmp_path) is None


def test_a_file_larger_than_any_table_is_not_read(tmp_path: Path) -> None:
    path = cache.table_path(MODEL.rules, tmp_path)
    with path.open("wb") as file:
        file.truncate(cache.MAX_OVERHEAD_BYTES + 10_000_000)
    assert cache.load_table(MODEL, tmp_path) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_named_pipe_at_the_cache_path_does_not_hang_and_is_replaced(tmp_path: Path) -> None:
    path = cache.table_path(MODEL.rules, tmp_path)
    os.mkfifo(path)
    result: list[object] = []
    reader = threading.Thread(target=lambda: result.append(cache.load_or_build(MODEL, tmp_path)))
    reader.daemon = True
    reader.start()
    reader.join(20)
    assert not reader.is_alive(), "reading the cache waits on a pipe"
    assert isinstance(result[0], np.ndarray)
    assert path.is_file() and cache.load_table(MODEL, tmp_path) is not None


def test_a_table_with_the_right_header_still_checks_its_sum(tmp_path: Path) -> None:
    members = good_members()
    members["values"] = members["values"][:-8] + struct.pack("<d", 1.5)
    cache.table_path(MODEL.rules, tmp_path).write_bytes(npz(members))
    assert cache.load_table(MODEL, tmp_path) is None
    members = good_members()
    cache.table_path(MODEL.rules, tmp_path).write_bytes(npz(members, zipfile.ZIP_DEFLATED))
    assert cache.load_table(MODEL, tmp_path) is not None
