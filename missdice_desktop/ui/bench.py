"""Benchmark of the window: start-up to first paint, and action → repaint with 8 players.

    python -m missdice_desktop.ui.bench [--runs 7] [--games 1]

Start-up is timed as a whole process (Python, imports, Qt, the window, its first paint),
paired with a bare PySide6 window showing a 20×8 QTableWidget started the same way, and
with the app's scoresheet alone in a window (the floor under the whole window): bare, app,
sheet, bare, app, sheet…; the medians of the ratios to the bare window are printed, with each
process's peak memory. Actions are timed from the call to the end of the repaint, and the
slowest five are named. Runs offscreen unless DISPLAY is set (then on that X server). It
measures, it does not judge: the numbers go to the terminal (and to --json FILE).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from missdice_desktop.rules import Game

CHILD_FLAG = "--startup-child"
BARE_FLAG = "--bare-child"
SHEET_FLAG = "--sheet-child"
PLAYERS = ["Anna", "Ben", "Chloé", "Dan", "Élise", "Farid", "Gus", "Hana"]
DEADLINE_S = 2.0
"""How long an action's repaint is waited for; a repaint not seen by then is an error."""
CHILD_TIMEOUT_S = 60.0
"""How long a start-up child may take to paint before it is stopped."""


def _platform_env() -> dict[str, str]:
    env = dict(os.environ)
    # As installed (a wheel, the bundle), the app starts from compiled bytecode: a session
    # that forbids writing it would time the compiler at every start-up instead.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not env.get("DISPLAY") and "QT_QPA_PLATFORM" not in env:
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


# Start-up ---------------------------------------------------------------------------------------


def _exit_at_first_paint() -> Any:
    """Make a QApplication and a filter that prints "painted" and quits at the first paint of
    the widget it is installed on (returned: keep it alive, install it on the viewport).

    The filter watches that one widget, never the whole application: a Python filter on the
    application sees every object's events, and the Qt bindings then make the Python enums
    of each class they meet (from 51 to 227 enum types for the bare window, about 70 ms),
    which would be timed as start-up."""
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    qapp = QApplication.instance() or QApplication([sys.argv[0]])

    class FirstPaint(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                QTimer.singleShot(0, self.report)
                watched.removeEventFilter(self)
            return False

        def report(self) -> None:
            print("painted", flush=True)
            qapp.exit(0)

    return FirstPaint()


def startup_child(record: str, config: str, data: str) -> int:
    """In a fresh process: start the app on `record`, print when the sheet first paints."""
    from missdice_desktop.ui import app as ui_app
    from missdice_desktop.ui.games.sheet_view import SheetView
    from missdice_desktop.ui.settings import AppPaths

    first_paint = _exit_at_first_paint()
    made = SheetView.__init__

    def watched(view: SheetView, *args: Any, **kwargs: Any) -> None:
        made(view, *args, **kwargs)
        view.viewport().installEventFilter(first_paint)

    SheetView.__init__ = watched  # type: ignore[method-assign, assignment]
    return ui_app.run(record, paths=AppPaths(Path(config), Path(data)))


def bare_child() -> int:
    """In a fresh process: a bare PySide6 window with a 20×8 table; print at its first paint.

    The yardstick for start-up: what any Qt window with a table costs on this machine.
    """
    from PySide6.QtWidgets import QMainWindow, QTableWidget

    first_paint = _exit_at_first_paint()
    window = QMainWindow()
    return _shown_until_first_paint(window, QTableWidget(20, 8, window), first_paint)


def sheet_child(record: str) -> int:
    """In a fresh process: the game of `record` on the app's own sheet, alone in a window (no
    dice, menus nor controller); print at its first paint.

    What the scoresheet alone costs to start: the floor under the whole window's start-up.
    """
    from PySide6.QtWidgets import QMainWindow

    from missdice_desktop.records import load_record
    from missdice_desktop.ui.games.sheet_model import SheetModel
    from missdice_desktop.ui.games.sheet_view import SheetView

    first_paint = _exit_at_first_paint()
    window = QMainWindow()
    sheet = SheetView(window)
    game = cast("Game", load_record(Path(record)))  # the benchmark's own 8-player Yahtzee
    sheet.setModel(SheetModel(game, sheet))
    return _shown_until_first_paint(window, sheet, first_paint)


def _shown_until_first_paint(window: Any, view: Any, first_paint: Any) -> int:
    """Show `view` in `window` at the benchmark's size; run until its viewport first paints."""
    from PySide6.QtWidgets import QApplication

    view.viewport().installEventFilter(first_paint)
    window.setCentralWidget(view)
    window.resize(1200, 800)
    window.show()
    return QApplication.exec()


def _time_child(arguments: list[str]) -> tuple[float, float]:
    """(seconds to the first paint, peak memory in MiB) of one fresh process."""
    import threading

    command = [sys.executable, "-m", "missdice_desktop.ui.bench", *arguments]
    start = time.perf_counter()
    child = subprocess.Popen(command, env=_platform_env(), stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    stopper = threading.Timer(CHILD_TIMEOUT_S, child.kill)  # a child that never paints
    stopper.start()
    line = child.stdout.readline()
    elapsed = time.perf_counter() - start
    stopper.cancel()
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if line.strip() != "painted":
        raise RuntimeError(f"the window never painted: {' '.join(arguments)}")
    return elapsed, usage.ru_maxrss / 1024


def measure_startup(runs: int) -> dict[str, list[float]]:
    """Start-up of the app (an 8-player game), of a bare window and of the app's sheet alone,
    in turn, `runs` times: seconds to the first paint and peak MiB of each."""
    from missdice_desktop.records import save_record

    measured: dict[str, list[float]] = {
        "bare_s": [],
        "app_s": [],
        "sheet_s": [],
        "bare_mib": [],
        "app_mib": [],
        "sheet_mib": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.json"
        save_record(record, _eight_player_game())
        warm = Path(folder) / "warm"
        _time_child([CHILD_FLAG, str(record), str(warm / "c"), str(warm / "d")])  # not counted:
        # it writes the bytecode and warms the disk cache, as any second start finds them
        for run in range(runs):
            config, data = Path(folder) / f"c{run}", Path(folder) / f"d{run}"
            seconds, mib = _time_child([BARE_FLAG])
            measured["bare_s"].append(seconds)
            measured["bare_mib"].append(mib)
            seconds, mib = _time_child([CHILD_FLAG, str(record), str(config), str(data)])
            measured["app_s"].append(seconds)
            measured["app_mib"].append(mib)
            seconds, mib = _time_child([SHEET_FLAG, str(record)])
            measured["sheet_s"].append(seconds)
            measured["sheet_mib"].append(mib)
    return measured


def _eight_player_game() -> Game:
    from missdice_desktop.rules import Game, get_variant

    return Game(get_variant("yahtzee").configure({"rigole": True}), PLAYERS)


# Action → repaint -------------------------------------------------------------------------------


def measure_actions(games: int, size: tuple[int, int]) -> list[tuple[float, str]]:
    """Seconds from each user action to the end of the window's repaint, over whole games.

    The clock stops once the window has handled its update request: Qt then paints, in that
    one event, every widget the action left dirty (the sheet, the dice, the labels). What
    the action leaves for later (a frame of the dice tumbling) is not waited for. A repaint
    not seen within DEADLINE_S raises RuntimeError.
    """
    os.environ.update({k: v for k, v in _platform_env().items() if k == "QT_QPA_PLATFORM"})
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication

    from missdice_desktop.ui.app import after_first_paint, build_app
    from missdice_desktop.ui.dialogs.new_game import NewGameChoice
    from missdice_desktop.ui.dialogs.prompts import Prompts
    from missdice_desktop.ui.games.sheet_model import SheetRole
    from missdice_desktop.ui.settings import AppPaths, Settings, save_settings

    class Quiet(Prompts):
        def confirm_zero(self, box: str, better_box: str, better_score: int) -> tuple[bool, bool]:
            return True, False

    qapp = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(qapp, QApplication)
    timings: list[tuple[float, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        paths = AppPaths(Path(folder) / "config", Path(folder) / "data")
        save_settings(paths.settings_file, Settings(language="en", confirm_zero=False))
        parts = build_app(qapp, paths, prompts_factory=Quiet)
        window, controller = parts.window, parts.controller
        window.resize(*size)
        window.show()
        painted = [False]

        class RepaintSeen(QObject):
            """Sees the window's update request while the window is on screen: the repaint
            is over once `processEvents` returns. One filter on the window, not on the
            application: a Python filter there would see every event of every widget and
            time itself."""

            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.UpdateRequest and _exposed(window):
                    painted[0] = True
                return False

        seen = RepaintSeen()
        window.installEventFilter(seen)
        _settle(qapp, lambda: _exposed(window) and painted[0], "the window was never shown")
        after_first_paint(parts)  # as the app does once its window has painted
        _settle(qapp)

        def timed(name: str, action: Callable[[], None]) -> None:
            painted[0] = False
            start = time.perf_counter()
            action()
            deadline = start + DEADLINE_S
            while not painted[0]:
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"no repaint seen within {DEADLINE_S} s of {name}")
                qapp.processEvents()
            game = controller.game
            where = f"turn {len(game.state.scored_turns) // len(PLAYERS) + 1}"
            timings.append((time.perf_counter() - start, f"{name} ({where})"))
            if os.environ.get("MISSDICE_BENCH_TRACE"):
                print(f"{timings[-1][0] * 1000:8.2f} ms  {timings[-1][1]}", file=sys.stderr)

        for _ in range(games):
            rules = controller.game.rules
            controller.files.new_game(
                NewGameChoice(rules, PLAYERS, "virtual", "", {"rigole": True})
            )
            _settle(qapp)  # the new game's first paint is not the first roll's
            while not controller.game.finished:
                timed("roll", controller.roll)
                timed("hold die 1", lambda: controller.toggle_hold(0))
                timed("hold die 2", lambda: controller.toggle_hold(1))
                if (len(timings) + 1) % 7 == 0:
                    # Undo takes back the second hold and redo holds the die again: after
                    # the next roll there would be nothing to undo (a roll seen stays), and
                    # the clock would stop at some other repaint (a frame of the dice tumbling).
                    timed("undo", controller.history.undo)
                    timed("redo", controller.history.redo)
                timed("roll again", controller.roll)
                model = controller.model
                column = window.sheet.current_player_column()
                rows = [
                    row
                    for row in range(model.rowCount())
                    if model.index(row, column).data(SheetRole.SCORABLE)
                ]
                box = model.box_id_at(rows[0])
                timed(f"score {box}", functools.partial(controller.score_row, rows[0]))
            controller.close_end_of_game()
        window.close()
    return timings


def _exposed(window: Any) -> bool:
    """Whether `window` is on screen (Qt paints only windows that are)."""
    handle = window.windowHandle()
    return handle is not None and bool(handle.isExposed())


def _settle(qapp: Any, ready: Callable[[], bool] = lambda: True, failure: str = "") -> None:
    """Handle what the event loop has waiting, until `ready` says so (or fail with `failure`
    after DEADLINE_S)."""
    deadline = time.perf_counter() + DEADLINE_S
    while True:
        for _ in range(20):
            qapp.processEvents()
        if ready():
            return
        if time.perf_counter() > deadline:
            raise RuntimeError(failure)


def _summary(name: str, seconds: list[float]) -> dict[str, float | int | str]:
    millis = sorted(value * 1000 for value in seconds)
    p95 = millis[min(len(millis) - 1, int(len(millis) * 0.95))]
    return {
        "name": name,
        "count": len(millis),
        "median_ms": round(statistics.median(millis), 2),
        "p95_ms": round(p95, 2),
        "worst_ms": round(millis[-1], 2),
    }


def _startup_summary(measured: dict[str, list[float]]) -> dict[str, float | int | str]:
    ratios = [app / bare for app, bare in zip(measured["app_s"], measured["bare_s"], strict=True)]
    sheet_ratios = [
        sheet / bare for sheet, bare in zip(measured["sheet_s"], measured["bare_s"], strict=True)
    ]
    return {
        "name": "start-up to first paint, 8 players, against a bare window",
        "count": len(ratios),
        "ratio_median": round(statistics.median(ratios), 2),
        "sheet_alone_ratio_median": round(statistics.median(sheet_ratios), 2),
        "app_median_ms": round(statistics.median(measured["app_s"]) * 1000, 1),
        "bare_median_ms": round(statistics.median(measured["bare_s"]) * 1000, 1),
        "sheet_median_ms": round(statistics.median(measured["sheet_s"]) * 1000, 1),
        "app_peak_mib": round(statistics.median(measured["app_mib"]), 1),
        "bare_peak_mib": round(statistics.median(measured["bare_mib"]), 1),
        "sheet_peak_mib": round(statistics.median(measured["sheet_mib"]), 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Run both measurements and print them."""
    arguments = sys.argv[1:] if argv is None else argv
    if arguments and arguments[0] == CHILD_FLAG:
        return startup_child(*arguments[1:4])
    if arguments and arguments[0] == BARE_FLAG:
        return bare_child()
    if arguments and arguments[0] == SHEET_FLAG:
        return sheet_child(arguments[1])
    parser = argparse.ArgumentParser(prog="python -m missdice_desktop.ui.bench")
    parser.add_argument("--runs", type=int, default=7, help="start-up pairs to time")
    parser.add_argument("--games", type=int, default=1, help="8-player games to play")
    parser.add_argument("--json", metavar="FILE", help="also write the numbers as JSON")
    options = parser.parse_args(arguments)
    platform = "xcb " + os.environ["DISPLAY"] if os.environ.get("DISPLAY") else "offscreen"
    startup = _startup_summary(measure_startup(options.runs))
    print(f"Miss Dice window benchmark ({platform}, Python {sys.version.split()[0]})")
    print(
        f"  {startup['name']}: {startup['ratio_median']}× (median of {startup['count']} pairs; "
        f"app {startup['app_median_ms']} ms, bare {startup['bare_median_ms']} ms; "
        f"peak memory app {startup['app_peak_mib']} MiB, bare {startup['bare_peak_mib']} MiB)\n"
        f"    the sheet alone in a window (no dice, menus nor controller): "
        f"{startup['sheet_alone_ratio_median']}× the bare window "
        f"({startup['sheet_median_ms']} ms, {startup['sheet_peak_mib']} MiB)"
    )
    results: list[dict[str, float | int | str]] = [startup]
    for size in ((1024, 700), (1920, 1080)):
        label = f"action to repaint, 8 players, {size[0]}x{size[1]}"
        timed = measure_actions(options.games, size)
        result = _summary(label, [seconds for seconds, _name in timed])
        slowest = sorted(timed, reverse=True)[:5]
        result["slowest"] = "; ".join(
            f"{name} {seconds * 1000:.1f} ms" for seconds, name in slowest
        )
        results.append(result)
        print(
            f"  {result['name']}: median {result['median_ms']} ms, p95 {result['p95_ms']} ms, "
            f"worst {result['worst_ms']} ms over {result['count']}\n"
            f"    slowest: {result['slowest']}"
        )
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
