"""Renders the camera panel offscreen for a look: English and French, light and dark; a reading
with one unsure die, the same die fixed, and six dice for a five-dice game.

Run: python tests/ui/camera/camera_screenshots.py OUT_FOLDER
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main() -> None:
    """Write one PNG per language, theme and state."""
    import cv2
    from PySide6.QtCore import QLocale, QTranslator
    from PySide6.QtGui import QColor, QPalette
    from PySide6.QtWidgets import QApplication

    from missdice_desktop.resources import camera_demo_dir
    from missdice_desktop.ui.camera.panel import CameraPanel
    from missdice_desktop.ui.camera.worker import _to_qimage
    from vision import read_dice
    from vision.types import DieReading, Reading
    from vision.vote import vote

    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    frame = cv2.imread(str(sorted(camera_demo_dir().glob("*.jpg"))[0]))
    dice = sorted(read_dice(frame).dice, key=lambda d: d.center)
    odd = dice[2]
    other = DieReading(3, odd.center, odd.size, odd.angle, odd.confidence)
    unsure = vote([Reading(tuple(dice)), Reading((*dice[:2], other, *dice[3:]))])
    extra = DieReading(5, (600.0, 420.0), odd.size, 0.0, 1.0)
    six = vote([Reading((*dice, extra))] * 2)
    for language in ("en", "fr"):
        translator = QTranslator()
        if language == "fr":
            translator.load(str(Path("resources/translations/missdice_fr.qm")))
            app.installTranslator(translator)
            QLocale.setDefault(QLocale(QLocale.Language.French))
        for theme in ("light", "dark"):
            palette = QPalette()
            if theme == "dark":
                palette.setColor(QPalette.ColorRole.Window, QColor(40, 40, 44))
                palette.setColor(QPalette.ColorRole.WindowText, QColor(230, 230, 230))
                palette.setColor(QPalette.ColorRole.Button, QColor(60, 60, 66))
                palette.setColor(QPalette.ColorRole.ButtonText, QColor(230, 230, 230))
                palette.setColor(QPalette.ColorRole.Base, QColor(30, 30, 34))
                palette.setColor(QPalette.ColorRole.Text, QColor(230, 230, 230))
            app.setPalette(palette)
            for state in ("unsure", "fixed", "count"):
                panel = CameraPanel("demo")
                panel.set_learned_file(Path("/nonexistent/learned-dice.npz"))
                panel.resize(460, 640)
                panel.show()
                panel.preview.show_image(_to_qimage(frame))
                panel._show_scene(six if state == "count" else unsure, None)
                if state == "fixed":
                    panel.fix_die(2, 4)
                app.processEvents()
                panel._offer()
                panel.retranslate_ui()
                app.processEvents()
                panel.grab().save(str(out / f"camera-{state}-{language}-{theme}.png"))
                panel.close()
        app.removeTranslator(translator)


if __name__ == "__main__":
    main()
