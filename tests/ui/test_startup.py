"""Start-up pays only for the first screen: the window's modules leave the coach, OpenCV, the
networks, QR codes and the package metadata to the first use of their feature."""

from __future__ import annotations

import json
import os
import subprocess
import sys

LATER = ("numpy", "cv2", "zxingcpp", "segno", "importlib.metadata", "urllib.request")
"""Modules the window must not import before a feature asks for them."""


def test_importing_the_window_loads_no_feature_module() -> None:
    code = (
        "import json, sys\n"
        "import missdice_desktop.ui.app\n"
        f"print(json.dumps([name for name in {LATER!r} if name in sys.modules]))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []


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
        "import json, sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from missdice_desktop.ui.app import build_app\n"
        "from missdice_desktop.ui.settings import AppPaths\n"
        "app = QApplication([])\n"
        f"parts = build_app(app, AppPaths(Path({str(tmp_path)!r}) / 'c', "
        f"Path({str(tmp_path)!r}) / 'd'))\n"
        "parts.window.show()\n"
        "app.processEvents()\n"
        f"print(json.dumps([name for name in {LATER_IN_THE_WINDOW!r} if name in sys.modules]))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert json.loads(result.stdout.strip().splitlines()[-1]) == []
