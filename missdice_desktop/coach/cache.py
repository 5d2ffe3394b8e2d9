"""The computed tables on disk, in the user's cache folder, keyed by the rules they solve.

A table is written atomically with the key of its rules and a checksum; a file that is
damaged, cut short, stored in another dtype than the solver's (`SheetModel.dtype`) or built
from other rules is ignored (and replaced by the next build).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import zipfile
from dataclasses import fields
from pathlib import Path

import numpy as np
import platformdirs

from missdice_desktop.coach.solver import Progress, SheetModel, Table
from missdice_desktop.rules.variants import Ruleset

SOLVER_VERSION = 2
"""Bump when the solver's results or the file layout change: old tables are rebuilt.
2: sheets with an Écart are solved (float32 tables with the pending Plus or Minus)."""
APP_NAME = "missdice"


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


def load_table(model: SheetModel, cache_dir: Path | None = None) -> Table | None:
    """The cached table for `model`'s rules, or None when missing, damaged or stale."""
    path = table_path(model.rules, cache_dir)
    try:
        with np.load(path, allow_pickle=False) as stored:
            values: Table = stored["values"]
            key = str(stored["key"])
            checksum = str(stored["checksum"])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, EOFError):
        return None
    if (
        key != rules_key(model.rules)
        or values.dtype != model.dtype
        or values.shape != model.shape
        or checksum != _checksum(values)
        or not np.isfinite(values).all()
    ):
        return None
    return values


def save_table(model: SheetModel, values: Table, cache_dir: Path | None = None) -> Path:
    """Write `values` for `model`'s rules atomically; returns the file."""
    path = table_path(model.rules, cache_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".coach-", suffix=".npz")
    try:
        with os.fdopen(handle, "wb") as file:
            np.savez(
                file,
                values=values,
                key=np.array(rules_key(model.rules)),
                checksum=np.array(_checksum(values)),
            )
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def load_or_build(
    model: SheetModel, cache_dir: Path | None = None, progress: Progress | None = None
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
