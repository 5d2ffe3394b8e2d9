"""The computed tables on disk, in the user's cache folder, keyed by the rules they solve.

A table is written atomically with the key of its rules and a checksum; a file that is
damaged, cut short, stored in another dtype than the solver's (`SolverSheet.dtype`) or built
from other rules is ignored (and replaced by the next build).

A cache file is read with bounds, since anything may sit at its path: a regular file only
(a named pipe or a device is refused without waiting), at most the table's own size plus
`MAX_OVERHEAD_BYTES`; each array's header (shape, dtype) is checked before its data is read,
and no more than the expected bytes are ever inflated (a deflate bomb costs nothing).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import struct
import tempfile
import zipfile
import zlib
from dataclasses import fields
from pathlib import Path
from typing import IO

import numpy as np
import platformdirs

from missdice_desktop.coach.solver import Progress, SolverSheet, Table
from missdice_desktop.rules.variants import Ruleset

SOLVER_VERSION = 2
"""Bump when the solver's results or the file layout change: old tables are rebuilt.
2: sheets with an Écart are solved (float32 tables with the pending Plus or Minus)."""
APP_NAME = "missdice"
MAX_OVERHEAD_BYTES = 1_000_000
"""What a cache file may hold beyond its table's values (headers, the key, the checksum)."""
MAX_TEXT_CHARS = 128
"""The longest key or checksum (both are 64 hex digits)."""


class DamagedCache(ValueError):
    """A cache file that is not a table this solver wrote."""


def default_cache_dir() -> Path:
    """Where tables are kept: the user's cache folder (~/.cache/missdice/coach on Linux)."""
    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / "coach"


def rules_key(rules: Ruleset) -> str:
    """A digest of everything in `rules` that the values depend on, and the solver version."""
    variant = rules.variant
    data = {
        "solver": SOLVER_VERSION,
        "boxes": [
            {f.name: _plain(getattr(box, f.name)) for f in fields(box) if f.name != "label"}
            for box in rules.boxes
        ],
        "upper_bonus": _plain(variant.upper_bonus),
        "yahtzee_box": variant.yahtzee_box,
        "yahtzee_bonus": variant.yahtzee_bonus,
        "joker": rules.joker.value if rules.joker else None,
        "ecart": variant.ecart,
    }
    text = json.dumps(data, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: object) -> object:
    if value is None or isinstance(value, int | str | bool):
        return value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    enum_value = getattr(value, "value", None)
    if enum_value is not None and not hasattr(value, "__dataclass_fields__"):
        return enum_value
    return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}  # type: ignore[arg-type]


def table_path(rules: Ruleset, cache_dir: Path | None = None) -> Path:
    """The file that holds the table for `rules`."""
    folder = cache_dir if cache_dir is not None else default_cache_dir()
    return folder / f"{rules.variant.id}-{rules_key(rules)[:20]}.npz"


def _checksum(values: Table) -> str:
    # Hashed in place: a copy of Yam's Écart's table would add 108 MB.
    return hashlib.sha256(np.ascontiguousarray(values).data).hexdigest()


def load_table(model: SolverSheet, cache_dir: Path | None = None) -> Table | None:
    """The cached table for `model`'s rules, or None when missing, damaged or stale."""
    path = table_path(model.rules, cache_dir)
    return load_array(path, model.shape, np.dtype(model.dtype), rules_key(model.rules))


def load_array(path: Path, shape: tuple[int, ...], dtype: np.dtype, key: str) -> Table | None:
    """The array cached at `path` if it has `shape`, `dtype`, `key`, its checksum and only
    finite values; None when missing, damaged or stale (read with the bounds above)."""
    try:
        values, found_key, checksum = _read_cache(path, shape, dtype)
    except (OSError, KeyError, ValueError, EOFError, MemoryError, zlib.error, struct.error):
        return None
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError):  # a method, encrypted
        return None
    if found_key != key or checksum != _checksum(values) or not np.isfinite(values).all():
        return None
    return values


def _read_cache(path: Path, shape: tuple[int, ...], dtype: np.dtype) -> tuple[Table, str, str]:
    """The values, key and checksum of a cache file; DamagedCache (a ValueError) or OSError."""
    expected = int(np.prod(shape)) * dtype.itemsize
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)  # never waits for a writer, whatever the file is
    with os.fdopen(descriptor, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise DamagedCache("not a regular file")
        if status.st_size > expected + MAX_OVERHEAD_BYTES:
            raise DamagedCache("larger than the table")
        with zipfile.ZipFile(file) as archive:
            values = _read_array(archive, "values", shape, dtype)
            key = _read_text(archive, "key")
            checksum = _read_text(archive, "checksum")
    return values, key, checksum


def _read_array(
    archive: zipfile.ZipFile, name: str, shape: tuple[int, ...], dtype: np.dtype
) -> Table:
    """Member `name` of an .npz, only if its header says `shape` and `dtype`."""
    info = archive.getinfo(f"{name}.npy")
    size = int(np.prod(shape)) * dtype.itemsize
    if info.file_size > size + MAX_OVERHEAD_BYTES:
        raise DamagedCache(f"{name}: larger than expected")
    with archive.open(info) as member:
        found_shape, found_dtype = _header(member)
        if found_shape != tuple(shape) or found_dtype != dtype:
            raise DamagedCache(f"{name}: shape {found_shape} {found_dtype}, not {shape} {dtype}")
        values: Table = np.empty(shape, dtype)
        _read_exactly(member, memoryview(values.data).cast("B"))
        if member.read(1):
            raise DamagedCache(f"{name}: longer than its header says")
    return values


def _read_text(archive: zipfile.ZipFile, name: str) -> str:
    """A short text member (`np.array(str)`) of an .npz."""
    info = archive.getinfo(f"{name}.npy")
    if info.file_size > MAX_OVERHEAD_BYTES:
        raise DamagedCache(f"{name}: larger than expected")
    with archive.open(info) as member:
        shape, dtype = _header(member)
        if shape != () or dtype.kind != "U" or dtype.itemsize > 4 * MAX_TEXT_CHARS:
            raise DamagedCache(f"{name}: not a short text")
        buffer = bytearray(dtype.itemsize)
        _read_exactly(member, memoryview(buffer))
    return str(np.frombuffer(bytes(buffer), dtype)[0])


def _header(member: IO[bytes]) -> tuple[tuple[int, ...], np.dtype]:
    """The shape and dtype an .npy header announces (C order only)."""
    version = np.lib.format.read_magic(member)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(member)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(member)
    else:
        raise DamagedCache(f"unknown .npy version {version}")
    if fortran or dtype.hasobject:
        raise DamagedCache("not a plain C-ordered array")
    return tuple(shape), np.dtype(dtype)


def _read_exactly(member: IO[bytes], into: memoryview) -> None:
    done = 0
    while done < len(into):
        chunk = member.read(min(len(into) - done, 1 << 20))
        if not chunk:
            raise DamagedCache("cut short")
        into[done : done + len(chunk)] = chunk
        done += len(chunk)


def save_table(model: SolverSheet, values: Table, cache_dir: Path | None = None) -> Path:
    """Write `values` for `model`'s rules atomically; returns the file."""
    path = table_path(model.rules, cache_dir)
    save_array(path, values, rules_key(model.rules))
    return path


def save_array(path: Path, values: Table, key: str) -> None:
    """Write `values` with `key` and their checksum to `path` atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".coach-", suffix=".npz")
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(file, values=values, key=np.array(key), checksum=np.array(_checksum(values)))
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_array_quietly(path: Path, values: Table, key: str) -> None:
    """`save_array`, where a cache that cannot be written only costs the next start a build."""
    with contextlib.suppress(OSError):
        save_array(path, values, key)


def load_or_build(
    model: SolverSheet, cache_dir: Path | None = None, progress: Progress | None = None
) -> Table:
    """The table for `model`: from the cache, or solved now and cached (if the folder allows)."""
    values = load_table(model, cache_dir)
    if values is not None:
        return values
    values = model.solve(progress)
    # A cache that cannot be written only costs the next start the same build.
    with contextlib.suppress(OSError):
        save_table(model, values, cache_dir)
    return values
