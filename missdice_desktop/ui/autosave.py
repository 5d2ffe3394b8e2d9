"""The game saved after every action, so that closing the window or a crash loses nothing.

Each game has its own file in the games folder (`GameLibrary`): starting or opening another
game never overwrites one still being played. The game's file is locked while this window
plays it, so that another window never plays the same file.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from missdice_desktop.files import keep_aside, remove_stale_temporaries
from missdice_desktop.library import GameLibrary, KeptGame
from missdice_desktop.records import RecordError, load_record
from missdice_desktop.rules import DiceGame


class AutosaveError(OSError):
    """The autosave folder cannot be written."""


class Autosave:
    """Writes the game shown to its own file in the games folder after each action."""

    def __init__(self, games_dir: Path, legacy_file: Path | None = None) -> None:
        self.library = GameLibrary(games_dir)
        self.legacy_file = legacy_file
        """The single autosave file of earlier versions, moved into the folder at start."""
        self.path = self.library.new_path()
        """The file of the game shown."""
        self.library.lock(self.path)
        self.failed = False
        """True after a write failed (the user is told once, play goes on)."""
        self.kept_as: Path | None = None
        """Where the last unreadable old autosave was moved to (None when it could not be)."""
        self.keep_failure = ""
        """Why the last unreadable old autosave could not be moved aside."""

    def follow(self, path: Path | None) -> bool:
        """From now on save to `path` (a kept game resumed), or to a new file (None).

        False when another window plays `path`: the game is then saved to a new file (a copy).
        """
        old = self.path
        target = path if path is not None else self.library.new_path()
        free = self.library.lock(target)
        if not free:
            target = self.library.new_path()
            self.library.lock(target)
        self.path = target
        if old != target:
            self.library.unlock(old)
        return free

    def open_elsewhere(self, path: Path) -> bool:
        """True while another window plays the kept game at `path`."""
        return self.library.locked_elsewhere(path)

    def release(self) -> None:
        """Give back the lock of the game shown (the window closes)."""
        self.library.unlock(self.path)

    def save(self, game: DiceGame[Any]) -> None:
        """Write `game`; AutosaveError (once per failure streak) when the folder is unwritable."""
        try:
            self.library.save(self.path, game)
        except OSError as error:
            first_failure = not self.failed
            self.failed = True
            if first_failure:
                raise AutosaveError(f"{self.path.parent}: {error.strerror or error}") from None
            return
        self.failed = False

    def adopt_legacy(self) -> None:
        """Move the old single autosave into the games folder, finished or not.

        Temporary files that an interrupted save left behind are removed first. A file that
        cannot be read is moved aside (never overwritten) and RecordError raised; `kept_as`
        then says where it went, or `keep_failure` why it could not be moved.
        """
        legacy = self.legacy_file
        if legacy is None:
            return
        remove_stale_temporaries(legacy)
        if not legacy.exists():
            return
        try:
            load_record(legacy)
        except RecordError:
            self.keep_aside()
            raise
        with contextlib.suppress(OSError):
            self.library.adopt(legacy)

    def kept_games(self) -> tuple[list[KeptGame], list[RecordError]]:
        """The games of the folder (newest first), and the files that could not be read."""
        return self.library.games()

    def keep_aside(self) -> Path | None:
        """Rename a broken old autosave so that nothing destroys it."""
        self.kept_as, self.keep_failure = None, ""
        if self.legacy_file is None:
            return None
        try:
            self.kept_as = keep_aside(self.legacy_file, "autosave")
        except OSError as error:
            self.keep_failure = (error.strerror or str(error)).lower()
        return self.kept_as
