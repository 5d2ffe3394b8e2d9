"""Games handed over by the desktop while the app runs (macOS's QFileOpenEvent)."""

from __future__ import annotations

from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

from missdice_desktop.records import save_record
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.app import DesktopOpenFilter


def test_a_file_opened_from_the_desktop_replaces_the_game_after_asking(qtbot, make_app, tmp_path):  # type: ignore[no-untyped-def]
    record = tmp_path / "partie.missdice"
    save_record(record, Game(get_variant("yacht").configure(), ["Zoé"]))
    parts, prompts = make_app(start=True)
    parts.controller.enter_dice("26266")
    parts.controller.score_row(0)  # a game in progress: leaving it is asked first
    app = QApplication.instance()
    opener = DesktopOpenFilter(parts.controller)
    app.installEventFilter(opener)
    try:
        assert QApplication.sendEvent(app, QFileOpenEvent(str(record)))
        qtbot.waitUntil(lambda: parts.controller.game.rules.variant.id == "yacht")
    finally:
        app.removeEventFilter(opener)
    assert list(parts.controller.game.players) == ["Zoé"]
    assert len(prompts.abandon_questions) == 1


def test_a_refused_handover_keeps_the_game(qtbot, make_app, tmp_path):  # type: ignore[no-untyped-def]
    record = tmp_path / "partie.missdice"
    save_record(record, Game(get_variant("yacht").configure(), ["Zoé"]))
    parts, prompts = make_app(start=True)
    parts.controller.enter_dice("26266")
    parts.controller.score_row(0)
    prompts.abandon_answer = False
    before = parts.controller.game
    opener = DesktopOpenFilter(parts.controller)
    QApplication.instance().installEventFilter(opener)
    try:
        QApplication.sendEvent(QApplication.instance(), QFileOpenEvent(str(record)))
        qtbot.waitUntil(lambda: len(prompts.abandon_questions) == 1)
    finally:
        QApplication.instance().removeEventFilter(opener)
    assert parts.controller.game is before
