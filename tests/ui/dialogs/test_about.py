"""Help › About and the app icon: what ships under which licence, where files are kept."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QMessageBox

from missdice_desktop import __version__
from missdice_desktop.ui.dialogs.about import app_icon
from missdice_desktop.ui.dialogs.prompts import Prompts


def about_shown(make_app, language: str = "en") -> tuple[str, object]:  # type: ignore[no-untyped-def]
    parts, prompts = make_app(language=language)
    parts.window.about_action.trigger()
    (shown,) = [text for title, text in prompts.errors if title == "about"]
    return shown, parts


def test_about_names_the_version_the_licences_and_the_folders(make_app, paths) -> None:  # type: ignore[no-untyped-def]
    text, _parts = about_shown(make_app)
    assert f"Miss Dice {__version__}" in text
    assert "MIT licence" in text
    assert "421, Cochon" in text
    for shipped in ("PySide6</a>: LGPL-3.0", "OpenCV</a>: Apache-2.0", "NumPy</a>: BSD-3-Clause"):
        assert shipped in text
    assert "Matteo Anthony Penlington" in text  # the demo photos' notice
    assert f"Games are kept in <code>{paths.data_dir}</code>" in text
    assert f"Settings are kept in <code>{paths.config_dir}</code>" in text


def test_about_speaks_french(make_app, paths) -> None:  # type: ignore[no-untyped-def]
    text, _parts = about_shown(make_app, language="fr")
    assert "Logiciel libre sous licence MIT" in text
    assert "PySide6</a> : LGPL-3.0" in text  # French puts a space before the colon
    assert f"Les parties sont gardées dans <code>{paths.data_dir}</code>" in text


def test_the_about_box_shows_the_icon_and_live_links(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[QMessageBox] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box) or 0)
    Prompts(None).about('<p><a href="https://opencv.org/">OpenCV</a></p>')
    (box,) = shown
    assert box.textFormat().name == "RichText"
    assert not box.iconPixmap().isNull()


def test_the_window_wears_the_die_icon(make_app) -> None:  # type: ignore[no-untyped-def]
    make_app()
    icon = QApplication.windowIcon()
    assert not icon.isNull()
    image = icon.pixmap(64, 64).toImage()
    centre_left = QColor(image.pixel(20, 32))  # the red face between the pips
    assert centre_left.red() > 150 > centre_left.green()
    assert not app_icon().pixmap(16, 16).isNull()
