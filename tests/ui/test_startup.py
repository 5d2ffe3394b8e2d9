"""Start-up pays only for the first screen: the window's modules leave the coach, OpenCV, the
networks, QR codes and the package metadata to the first use of their feature."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def _last_json_line(code: str) -> object:
    """The JSON of the last line `code` prints, run in a fresh offscreen Python."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,  # a window that never quits fails the test instead of hanging it
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def _shown_window(folder: object) -> str:
    """Code that builds the app with its folders under `folder` and shows its window."""
    return (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from missdice_desktop.ui.app import build_app\n"
        "from missdice_desktop.ui.settings import AppPaths\n"
        "app = QApplication([])\n"
        f"parts = build_app(app, AppPaths(Path({str(folder)!r}) / 'c', "
        f"Path({str(folder)!r}) / 'd'))\n"
        "parts.window.show()\n"
        "app.processEvents()\n"
    )


LATER = ("numpy", "cv2", "zxingcpp", "segno", "importlib.metadata", "urllib.request")
"""Modules the window must not import before a feature asks for them."""


def test_importing_the_window_loads_no_feature_module() -> None:
    code = (
        "import json, sys\n"
        "import missdice_desktop.ui.app\n"
        f"print(json.dumps([name for name in {LATER!r} if name in sys.modules]))\n"
    )
    assert _last_json_line(code) == []


def test_the_version_is_still_there_when_asked() -> None:
    import missdice_desktop

    assert missdice_desktop.__version__


LATER_IN_THE_WINDOW = (
    "missdice_desktop.ui.games.pig",
    "missdice_desktop.ui.games.pig_board",
    "missdice_desktop.ui.games.four21",
    "missdice_desktop.ui.games.four21_board",
    "missdice_desktop.ui.games.rules_text",
    "missdice_desktop.ui.dialogs.new_game_dialog",
)
"""What a window showing a scoresheet loads only when first asked: the other games' views
and boards, the rules pages' words, the New game dialog."""


def test_a_window_on_a_scoresheet_loads_no_other_game_nor_dialog(tmp_path) -> None:  # type: ignore[no-untyped-def]
    code = (
        _shown_window(tmp_path)
        + f"print(json.dumps([name for name in {LATER_IN_THE_WINDOW!r} if name in sys.modules]))\n"
    )
    assert _last_json_line(code) == []


MADE_LATER = (
    "missdice_desktop.rules.pig",
    "missdice_desktop.rules.four21",
    "missdice_desktop.ui.camera.panel",
    "missdice_desktop.ui.coach.panel",
    "missdice_desktop.ui.coach.win_chances",
    "missdice_desktop.ui.games.free_roller",
    "missdice_desktop.ui.dialogs.end_of_game",
    "concurrent.futures",
)
"""What a window on a new scoresheet neither loads nor makes before its hidden parts are
asked for: the other games' rules, the docks, the free roller, the ranking, the autosave's
writer thread."""


def test_a_window_on_a_scoresheet_makes_its_hidden_parts_when_asked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    code = (
        _shown_window(tmp_path)
        + f"loaded = [name for name in {MADE_LATER!r} if name in sys.modules]\n"
        "made = parts.window.has_hidden_parts\n"
        "panel = parts.window.coach_panel\n"
        "print(json.dumps([loaded, made, parts.window.has_hidden_parts]))\n"
    )
    assert _last_json_line(code) == [[], False, True]


def test_after_the_first_paint_the_hidden_parts_and_the_autosave_writer_are_ready(tmp_path) -> None:  # type: ignore[no-untyped-def]
    code = (
        _shown_window(tmp_path) + "before = 'concurrent.futures' in sys.modules\n"
        "from missdice_desktop.ui.app import after_first_paint\n"
        "after_first_paint(parts)\n"
        "writer = parts.controller.session.autosave.start_writer()\n"
        "print(json.dumps([before, 'concurrent.futures' in sys.modules, "
        "parts.window.has_hidden_parts, "
        "writer is parts.controller.session.autosave.start_writer()]))\n"
    )
    assert _last_json_line(code) == [False, True, True, True]


def test_the_app_makes_what_waits_for_the_first_paint_once_its_window_has_painted(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "game.json"
    code = (
        "import json, sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from missdice_desktop.records import save_record\n"
        "from missdice_desktop.rules import Game, get_variant\n"
        "import missdice_desktop.ui.app as app\n"
        "from missdice_desktop.ui.settings import AppPaths\n"
        "game = Game(get_variant('yahtzee').configure(), ['A', 'B'])\n"
        f"save_record(Path({str(record)!r}), game)\n"
        "made = app.after_first_paint\n"
        "def report(parts):\n"
        "    made(parts)\n"
        "    writer = 'concurrent.futures' in sys.modules\n"
        "    print(json.dumps([parts.window.has_hidden_parts, writer]))\n"
        "    QApplication.instance().quit()\n"
        "app.after_first_paint = report\n"
        f"app.run({str(record)!r}, paths=AppPaths(Path({str(tmp_path)!r}) / 'c', "
        f"Path({str(tmp_path)!r}) / 'd'))\n"
    )
    assert _last_json_line(code) == [True, True]


def test_the_hidden_parts_are_made_together_in_one_order(make_app) -> None:  # type: ignore[no-untyped-def]
    parts, _prompts = make_app()
    window = parts.window
    assert not window.has_hidden_parts and not window.roller_shown
    camera_dock = window.camera_dock
    assert window.has_hidden_parts
    assert window.pages.indexOf(window.roller) == 1
    assert window.dockWidgetArea(camera_dock) == window.dockWidgetArea(window.coach_dock)
    assert not camera_dock.isVisible() and not window.coach_dock.isVisible()
    children = window.findChildren(type(camera_dock))
    assert children.index(camera_dock) < children.index(window.coach_dock)


def test_after_first_paint_runs_once_the_window_has_painted(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QLabel

    from missdice_desktop.ui.app import AfterFirstPaint

    label = QLabel("Miss Dice")
    qtbot.addWidget(label)
    done: list[bool] = []
    AfterFirstPaint(label, lambda: done.append(label.isVisible()))
    qtbot.wait(50)
    assert done == []
    label.show()
    qtbot.waitUntil(lambda: done == [True])
    label.update()
    qtbot.wait(50)
    assert done == [True]
