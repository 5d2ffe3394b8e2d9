"""The background-task helper: results, failures and progress arrive on the GUI thread."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread, QThreadPool

from missdice_desktop.ui.background import BackgroundTask, ProgressCallback


def test_progress_and_result_arrive_by_signal(qtbot) -> None:  # type: ignore[no-untyped-def]
    worker_threads = []

    def work(progress: ProgressCallback) -> object:
        worker_threads.append(threading.current_thread())
        for done in range(1, 4):
            progress(done, 3)
        return "built"

    task = BackgroundTask(work)
    seen: list[tuple[int, int]] = []
    gui = QThread.currentThread()
    on_gui: list[bool] = []
    task.progressed.connect(
        lambda d, t: (seen.append((d, t)), on_gui.append(QThread.currentThread() is gui))
    )
    with qtbot.waitSignal(task.succeeded, timeout=10_000) as result:
        task.start(QThreadPool())
    assert result.args == ["built"]
    assert worker_threads[0] is not threading.main_thread()
    qtbot.waitUntil(lambda: len(seen) == 3)
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert all(on_gui)
    assert not task.running


def test_a_failure_is_reported_not_raised(qtbot) -> None:  # type: ignore[no-untyped-def]
    def work(progress: ProgressCallback) -> object:
        raise OSError("disk full")

    task = BackgroundTask(work)
    with qtbot.waitSignal(task.failed, timeout=10_000) as failure:
        task.start(QThreadPool())
    assert failure.args == ["disk full"]


def test_a_failure_keeps_its_exception_and_traceback_for_the_log(qtbot, caplog) -> None:  # type: ignore[no-untyped-def]
    def load_table(progress: ProgressCallback) -> object:
        raise ValueError("table damaged")

    task = BackgroundTask(load_table)
    with qtbot.waitSignal(task.failed, timeout=10_000):
        task.start(QThreadPool())
    assert isinstance(task.error, ValueError)
    assert "load_table" in task.error_traceback and "table damaged" in task.error_traceback
    assert any("load_table" in record.getMessage() for record in caplog.records)


def test_a_cancelled_task_stops_at_its_next_progress(qtbot) -> None:  # type: ignore[no-untyped-def]
    started = threading.Event()
    release = threading.Event()
    reached: list[int] = []

    def work(progress: ProgressCallback) -> object:
        started.set()
        release.wait(5)
        for done in range(100):
            progress(done, 100)
            reached.append(done)
        return "never"

    task = BackgroundTask(work)
    finished: list[object] = []
    task.succeeded.connect(finished.append)
    pool = QThreadPool()
    task.start(pool)
    assert started.wait(5)
    task.cancel()
    release.set()
    assert pool.waitForDone(5_000)
    qtbot.wait(50)
    assert reached == [] and finished == [] and not task.running
