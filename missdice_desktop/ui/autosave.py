"""The game saved after every action, so that closing the window or a crash loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from missdice_desktop.files import keep_aside, remove_stale_temporaries
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
        self.kept_as: Path | None = None
        """Where the last unreadable autosave was moved to (None when it could not be)."""
        self.keep_failure = ""
        """Why the last unreadable autosave could not be moved aside."""

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

        Temporary files that an interrupted save left behind are removed first. A file that
        cannot be read is moved aside (never overwritten) and RecordError raised; `kept_as`
        then says where it went, or `keep_failure` why it could not be moved.
        """
        remove_stale_temporaries(self.path)
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
        self.kept_as, self.keep_failure = None, ""
        try:
            self.kept_as = keep_aside(self.path, "autosave")
        except OSError as error:
            self.keep_failure = (error.strerror or str(error)).lower()
        return self.kept_as
