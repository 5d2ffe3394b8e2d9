"""Reading the app's own files with bounds: regular files only, never more than a cap.

A named pipe, a device (/dev/zero) or a folder given where a file is expected would block
or exhaust memory; they are refused before a byte is read. The file is opened without
blocking and checked on the open descriptor, so that nothing can swap it in between.
"""

from __future__ import annotations

import itertools
import os
import stat
import time
from pathlib import Path

UTF8_BOM = b"\xef\xbb\xbf"


class FileReadError(OSError):
    """A file that cannot be read, or should not be: `reason` says why in a few words."""

    def __init__(self, reason: str, *, too_large: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.too_large = too_large


def read_regular_file(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of `path`: FileReadError when it is not a regular file or exceeds `max_bytes`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as error:
        raise FileReadError((error.strerror or str(error)).lower()) from None
    except ValueError:  # a NUL in the name
        raise FileReadError("not a valid file name") from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise FileReadError("it is a folder, not a file")
        if not stat.S_ISREG(mode):
            raise FileReadError("not a regular file: a pipe or a device")
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(max_bytes + 1)
    except FileReadError:
        raise
    except OSError as error:
        raise FileReadError((error.strerror or str(error)).lower()) from None
    finally:
        os.close(descriptor)
    if len(data) > max_bytes:
        raise FileReadError(f"more than {_size(max_bytes)}", too_large=True)
    return data


def decode_text(data: bytes) -> str:
    """UTF-8 text, a leading byte-order mark dropped; UnicodeDecodeError otherwise."""
    if data.startswith(UTF8_BOM):
        data = data[len(UTF8_BOM) :]
    return data.decode("utf-8")


def _size(count: int) -> str:
    if count >= 1_000_000:
        return f"{count / 1_000_000:g} MB"
    return f"{count / 1000:g} kB"


def keep_aside(path: Path, stem: str) -> Path:
    """Rename `path` to a name of its own beside it (`STEM-broken-DATE-TIME[-N].json`).

    Two files set aside within the same second get different names; OSError when the
    folder cannot be written.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in itertools.count(1):
        suffix = "" if number == 1 else f"-{number}"
        target = path.with_name(f"{stem}-broken-{stamp}{suffix}.json")
        if not os.path.lexists(target):
            path.rename(target)
            return target
    raise AssertionError("unreachable")  # pragma: no cover


def remove_stale_temporaries(path: Path, *, older_than: float = 10.0) -> int:
    """Delete the temporary files an interrupted atomic write of `path` left beside it.

    Only `.NAME.*.tmp` files older than `older_than` seconds go: a write in progress in
    another window is younger than that. Returns how many were removed.
    """
    removed = 0
    limit = time.time() - older_than
    try:
        candidates = list(path.parent.glob(f".{glob_escape(path.name)}.*.tmp"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if candidate.is_file() and candidate.stat().st_mtime < limit:
                candidate.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def glob_escape(name: str) -> str:
    """`name` with the glob pattern characters taken literally."""
    return "".join(f"[{char}]" if char in "*?[" else char for char in name)
