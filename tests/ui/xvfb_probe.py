"""Run the real app on the X display in $DISPLAY, screenshot it with Qt, and quit.

Used by test_real_window.py: `python tests/ui/xvfb_probe.py RECORD OUT.png CONFIG DATA`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from missdice_desktop.ui import app as ui_app
from missdice_desktop.ui.settings import AppPaths

SETTLE_MS = 1500


def main(record: str, out: str, config: str, data: str) -> int:
    """Start the app as `missdice RECORD` would, then save the screen and the window."""
    qapp = QApplication([sys.argv[0]])
    if qapp.platformName() != "xcb":
        print(f"expected the xcb platform, got {qapp.platformName()}", file=sys.stderr)
        return 3

    def shoot() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
        if not windows or not windows[0].isVisible():
            print("the main window is not shown", file=sys.stderr)
            qapp.exit(4)
            return
        window = windows[0]
        screen = window.screen()
        screen.grabWindow(0).save(out)
        window.grab().save(str(Path(out).with_name(Path(out).stem + "-window.png")))
        print(f"title={window.windowTitle()}")
        print(f"geometry={window.width()}x{window.height()}")
        qapp.exit(0)

    QTimer.singleShot(SETTLE_MS, shoot)
    return ui_app.run(record, paths=AppPaths(Path(config), Path(data)))


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:5]))
