"""Bounded reading: regular files only, never more than the cap, a BOM dropped."""

import os
import time
from pathlib import Path

import pytest

from missdice_desktop.files import (
    FileReadError,
    decode_text,
    keep_aside,
    read_regular_file,
    remove_stale_temporaries,
)


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"12345")
    assert read_regular_file(path, 5) == b"12345"


def test_a_file_over_the_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"123456")
    with pytest.raises(FileReadError) as caught:
        read_regular_file(path, 5)
    assert caught.value.too_large


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    with pytest.raises(FileReadError, match="not a regular file"):
        read_regular_file(pipe, 100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused() -> None:
    with pytest.raises(FileReadError, match="not a regular file"):
        read_regular_file("/dev/zero", 100)


def test_a_folder_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match="folder"):
        read_regular_file(tmp_path, 100)
    with pytest.raises(FileReadError, match="no such file"):
        read_regular_file(tmp_path / "none", 100)


def test_the_byte_order_mark_is_dropped() -> None:
    assert decode_text(b"\xef\xbb\xbf{}") == "{}"
    assert decode_text(b"{}") == "{}"


def test_only_stale_temporaries_of_that_file_are_removed(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    stale = tmp_path / ".autosave.json.abc.tmp"
    fresh = tmp_path / ".autosave.json.def.tmp"
    other = tmp_path / ".settings.json.abc.tmp"
    for path in (stale, fresh, other):
        path.write_text("{")
    long_ago = time.time() - 30
    os.utime(stale, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    assert remove_stale_temporaries(target) == 1
    assert not stale.exists() and fresh.exists() and other.exists()


def test_files_kept_aside_never_overwrite_each_other(tmp_path: Path) -> None:
    target = tmp_path / "autosave.json"
    kept = []
    for content in ("one", "two", "three"):
        target.write_text(content)
        kept.append(keep_aside(target, "autosave"))
    assert [path.read_text() for path in kept] == ["one", "two", "three"]
    assert not target.exists()
