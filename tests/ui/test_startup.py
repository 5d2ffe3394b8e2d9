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
