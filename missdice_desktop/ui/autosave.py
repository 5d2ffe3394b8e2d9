"""The game saved after every action, so that closing the window or a crash loses nothing.

Each game has its own file in the games folder (`GameLibrary`): starting or opening another
game never overwrites one still being played.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

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
        self.failed = False
        """True after a write failed (the user is told once, play goes on)."""

    def follow(self, path: Path | None) -> None:
        """From now on save to `path` (a kept game resumed), or to a new file (None)."""
        self.path = path if path is not None else self.library.new_path()

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

        A file that cannot be read is moved aside (never overwritten) and RecordError raised.
        """
        legacy = self.legacy_file
        if legacy is None or not legacy.exists():
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
        if self.legacy_file is None:
            return None
        target = self.legacy_file.with_name(
            f"autosave-broken-{time.strftime('%Y%m%d-%H%M%S')}.json"
        )
        with contextlib.suppress(OSError):
            self.legacy_file.replace(target)
            return target
        return None
