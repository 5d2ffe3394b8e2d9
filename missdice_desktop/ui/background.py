"""One small helper for every long job: run it on a pool thread, report progress and the
result by signal, so the window never freezes (in the spirit of Anki's QueryOp)."""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

log = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]


class Cancelled(Exception):
    """Raised inside a job's progress callback once the job was cancelled."""


class BackgroundTask(QObject):
    """`work(progress)` run off the GUI thread; `progress(done, total)` may be called often.

    The signals arrive on the GUI thread. `cancel()` makes the next progress call raise
    Cancelled, which ends the job quietly. A job that fails says why in one line (`failed`);
    its exception and traceback are kept (`error`, `error_traceback`) and logged.
    """

    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(str)

    def __init__(self, work: Callable[[ProgressCallback], object], parent: QObject | None = None):
        super().__init__(parent)
        self._work = work
        self._cancelled = False
        self.running = False
        self.error: BaseException | None = None
        """The exception the job failed with, None while it has not failed."""
        self.error_traceback = ""
        """Its traceback, as text, for the log and a bug report."""

    def start(self, pool: QThreadPool | None = None) -> None:
        """Queue the job on `pool` (the global one by default)."""
        self.running = True
        (pool or QThreadPool.globalInstance()).start(_Runner(self))

    def cancel(self) -> None:
        """Ask the job to stop at its next progress report."""
        self._cancelled = True

    def _progress(self, done: int, total: int) -> None:
        if self._cancelled:
            raise Cancelled
        self.progressed.emit(done, total)

    def _run(self) -> None:
        try:
            result = self._work(self._progress)
        except Cancelled:
            self.running = False
            return
        except Exception as error:  # a failed job is reported, never a crash
            self.running = False
            self.error = error
            self.error_traceback = traceback.format_exc()
            log.warning("background job failed:\n%s", self.error_traceback)
            self.failed.emit(str(error) or type(error).__name__)
            return
        self.running = False
        self.succeeded.emit(result)


class _Runner(QRunnable):
    def __init__(self, task: BackgroundTask) -> None:
        super().__init__()
        self._task = task

    def run(self) -> None:
        self._task._run()
