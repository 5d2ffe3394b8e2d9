"""The game saved after every action, so that closing the window or a crash loses nothing.

Each game has its own file in the games folder (`GameLibrary`): starting or opening another
game never overwrites one still being played. The game's file is locked while this window
plays it, so that another window never plays the same file.

The record is taken on the window's thread at each action and written by one background
thread, in order, so that the window never waits on the disk (an atomic write with its
fsyncs takes several milliseconds); a save that comes while the previous one still waits
for the writer replaces it, so the writer never falls behind quick play. `flush` waits for
the writes, and closing flushes. The writer's module is imported once the window has painted
(`start_writer`), or by the first save that has something to write if that comes sooner; its
thread starts with the first write.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from missdice_desktop.files import keep_aside, remove_stale_temporaries
from missdice_desktop.library import GameLibrary, GameSnapshot, KeptGame
from missdice_desktop.records import RecordError, load_record
from missdice_desktop.rules import DiceGame

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

WRITE_IN_BACKGROUND = True
"""Whether saves are written by the background thread (the window's tests write at once)."""


class AutosaveSignals(QObject):
    """What the background writer tells the window: a write failed (after its first
    failure of a streak, with the reason)."""

    failed = Signal(str)


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
        self.signals = AutosaveSignals()
        self._background = WRITE_IN_BACKGROUND
        self._writer: ThreadPoolExecutor | None = None
        self._pending: list[Future[None]] = []
        self._kept = False
        """The file is a kept game resumed: it is never removed for having no turn yet."""
        self._failure_lock = threading.Lock()
        self._waiting: tuple[Path, GameSnapshot | None] | None = None
        """The newest save of a file whose write is asked for and not yet begun."""
        self._waiting_lock = threading.Lock()

    def follow(self, path: Path | None) -> bool:
        """From now on save to `path` (a kept game resumed), or to a new file (None).

        False when another window plays `path`: the game is then saved to a new file (a copy).
        """
        self.flush()  # the last writes of the game left go to its own file first
        old = self.path
        target = path if path is not None else self.library.new_path()
        free = self.library.lock(target)
        if not free:
            target = self.library.new_path()
            self.library.lock(target)
        self.path = target
        self._kept = free and path is not None
        if old != target:
            self.library.unlock(old)
        return free

    def open_elsewhere(self, path: Path) -> bool:
        """True while another window plays the kept game at `path`."""
        return self.library.locked_elsewhere(path)

    def release(self) -> None:
        """Write what is pending, then give back the lock of the game shown (the window
        closes)."""
        self.flush()
        self.library.unlock(self.path)

    def save(self, game: DiceGame[Any]) -> None:
        """Keep `game` as it is now. Written at once, AutosaveError (once per failure
        streak) when the folder is unwritable; written in the background, such a failure
        is told by `signals.failed` instead."""
        snapshot = self.library.snapshot(game, keep_empty=self._kept)
        path = self.path
        if not self._background:
            message = self._write(path, snapshot)
            if message:
                raise AutosaveError(message)
            return
        self._pending = [future for future in self._pending if not future.done()]
        if snapshot is None and not self._pending and not path.exists():
            return  # nothing to keep, no file to remove, no write before it
        with self._waiting_lock:
            waiting = self._waiting
            if waiting is not None and waiting[0] == path:
                # A write of this file not yet begun takes the newer snapshot instead: the
                # file ends the same, and is never older than it would have been.
                self._waiting = (path, snapshot)
                return
            if waiting is None:
                self._waiting = (path, snapshot)
        writer = self.start_writer()
        if waiting is None:
            self._pending.append(writer.submit(self._write_waiting))
        else:  # another file's write is waiting: this one follows it
            self._pending.append(writer.submit(self._write_in_background, path, snapshot))

    def start_writer(self) -> ThreadPoolExecutor:
        """The background writer, made (and its module imported) on the first call: the window
        calls it once it has painted, so that the first save never waits for it."""
        if self._writer is None:
            from concurrent.futures import ThreadPoolExecutor

            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        return self._writer

    def flush(self) -> None:
        """Wait until every save asked for is on disk (or has failed and said so)."""
        for future in self._pending:
            with contextlib.suppress(Exception):
                future.result()
        self._pending = []

    def _write_waiting(self) -> None:
        with self._waiting_lock:
            waiting, self._waiting = self._waiting, None
        if waiting is not None:
            self._write_in_background(*waiting)

    def _write_in_background(self, path: Path, snapshot: GameSnapshot | None) -> None:
        message = self._write(path, snapshot)
        if message:
            self.signals.failed.emit(message)

    def _write(self, path: Path, snapshot: GameSnapshot | None) -> str:
        """Write; the message of a first failure in a row, else ""."""
        try:
            self.library.write(path, snapshot)
        except OSError as error:
            with self._failure_lock:
                first_failure = not self.failed
                self.failed = True
            return f"{path.parent}: {error.strerror or error}" if first_failure else ""
        with self._failure_lock:
            self.failed = False
        return ""

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
