"""Reading the app's own files with bounds: regular files only, never more than a cap.

A named pipe, a device (/dev/zero) or a folder given where a file is expected would block
or exhaust memory; they are refused before a byte is read. The file is opened without
blocking and checked on the open descriptor, so that nothing can swap it in between.
"""

from __future__ import annotations

import os
import stat

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
            raise FileReadError("not a regular file (a pipe or a device)")
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
