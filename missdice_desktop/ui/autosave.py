"""The game saved after every action, so that closing the window or a crash loses nothing."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

from missdice_desktop.records import RecordError, load_record, save_record
from missdice_desktop.rules import DiceGame


class AutosaveError(OSError):
    """The autosave folder cannot be written."""


class Autosave:
    """One autosave file: written after each action, offered back at start."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.failed = False
        """True after a write failed (the user is told once, play goes on)."""

    def save(self, game: DiceGame[Any]) -> None:
        """Write `game`; AutosaveError (once per failure streak) when the folder is unwritable."""
        try:
            save_record(self.path, game)
        except OSError as error:
            first_failure = not self.failed
            self.failed = True
            if first_failure:
                raise AutosaveError(f"{self.path.parent}: {error.strerror or error}") from None
            return
        self.failed = False

    def load_unfinished(self) -> DiceGame[Any] | None:
        """The saved game if it is still being played; None when there is none or it ended.

        A file that cannot be read is moved aside (never overwritten) and RecordError raised.
        """
        if not self.path.exists():
            return None
        try:
            game = load_record(self.path)
        except RecordError:
            self.keep_aside()
            raise
        return None if game.finished else game

    def keep_aside(self) -> Path | None:
        """Rename a broken autosave so that the next save does not destroy it."""
        target = self.path.with_name(f"autosave-broken-{time.strftime('%Y%m%d-%H%M%S')}.json")
        with contextlib.suppress(OSError):
            self.path.replace(target)
            return target
        return None
