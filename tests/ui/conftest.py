"""Shared set-up of the window tests: offscreen Qt, folders under tmp_path, scripted prompts."""

from __future__ import annotations

import os

# Before any QApplication exists: no window reaches a real screen (the Xvfb test runs its
# own app in a subprocess).
os.environ["QT_QPA_PLATFORM"] = "offscreen"

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget

import missdice_desktop.ui.play.autosave
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.app import AppParts, build_app
from missdice_desktop.ui.dialogs.new_game import NewGameChoice
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.games.sheet_model import SheetRole
from missdice_desktop.ui.main_window import MainWindow
from missdice_desktop.ui.settings import (
    DICE_TABLE,
    DICE_VIRTUAL,
    AppPaths,
    Settings,
    save_settings,
)

# Saves are written at once, so that a test reads the file an action has just saved (the
# background writer has its own tests in test_autosave_background.py).
missdice_desktop.ui.play.autosave.WRITE_IN_BACKGROUND = False


@dataclass
class ScriptedPrompts(Prompts):
    """Answers the controller's questions from a script and records what was asked."""

    parent: QWidget | None = None
    zero_answers: list[tuple[bool, bool]] = field(default_factory=list)
    resume_answer: bool = True
    new_game_choice: NewGameChoice | None = None
    open_answer: str | None = None
    save_answer: str | None = None
    errors: list[tuple[str, str]] = field(default_factory=list)
    zero_questions: list[tuple[str, str, int]] = field(default_factory=list)
    resume_questions: list[str] = field(default_factory=list)
    new_game_asked: int = 0
    abandon_answer: bool = True
    abandon_questions: list[str] = field(default_factory=list)
    abandon_openings: list[bool] = field(default_factory=list)
    delete_answer: bool = True
    rename_answer: str | None = None
    rename_questions: list[str] = field(default_factory=list)
    delete_questions: list[str] = field(default_factory=list)
    qr_save_answer: str | None = None
    continue_answer: bool = True
    continue_questions: list[str] = field(default_factory=list)

    def error(self, title: str, text: str) -> None:
        self.errors.append((title, text))

    def confirm_zero(self, box: str, better_box: str, better_score: int) -> tuple[bool, bool]:
        self.zero_questions.append((box, better_box, better_score))
        return self.zero_answers.pop(0) if self.zero_answers else (True, False)

    def resume(self, summary: str) -> bool:
        self.resume_questions.append(summary)
        return self.resume_answer

    def confirm_abandon(self, summary: str, *, opening: bool = False) -> bool:
        self.abandon_questions.append(summary)
        self.abandon_openings.append(opening)
        return self.abandon_answer

    def player_name(self, current: str) -> str | None:
        self.rename_questions.append(current)
        return self.rename_answer

    def confirm_delete(self, summary: str) -> bool:
        self.delete_questions.append(summary)
        return self.delete_answer

    def new_game(self, settings: Settings) -> NewGameChoice | None:
        self.new_game_asked += 1
        return self.new_game_choice

    def open_path(self) -> str | None:
        return self.open_answer

    def save_path(self, suggested: str) -> str | None:
        return self.save_answer

    def qr_save_path(self, suggested: str) -> str | None:
        return self.qr_save_answer

    def continue_shared(self, summary: str) -> bool:
        self.continue_questions.append(summary)
        return self.continue_answer

    def about(self, text: str) -> None:
        self.errors.append(("about", text))


@pytest.fixture
def paths(tmp_path: Path) -> AppPaths:
    """Config and data folders inside the test's own tmp_path."""
    return AppPaths(tmp_path / "config", tmp_path / "data")


def choice(
    players: list[str],
    *,
    variant: str = "yahtzee",
    table: bool = False,
    options: dict[str, str | bool] | None = None,
) -> NewGameChoice:
    """A New game dialog answer."""
    return NewGameChoice(
        get_variant(variant).configure(options or {}),
        players,
        DICE_TABLE if table else DICE_VIRTUAL,
        "",
        dict(options or {}),
    )


AppFactory = Callable[..., tuple[AppParts, ScriptedPrompts]]


@pytest.fixture
def make_app(qtbot, paths: AppPaths) -> Iterator[AppFactory]:  # type: ignore[no-untyped-def]
    """Build the real window and controller with scripted prompts; English unless asked."""
    built: list[AppParts] = []

    def make(
        *,
        language: str = "en",
        start: bool = False,
        record: str | None = None,
        prompts: ScriptedPrompts | None = None,
        game: Game | None = None,
        app_paths: AppPaths | None = None,
    ) -> tuple[AppParts, ScriptedPrompts]:
        where = app_paths or paths
        if not where.settings_file.exists():
            save_settings(where.settings_file, Settings(language=language, theme="light"))
        scripted = prompts or ScriptedPrompts()

        def factory(window: MainWindow) -> Prompts:
            scripted.parent = window
            return scripted

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        parts = build_app(app, where, prompts_factory=factory, game=game)
        built.append(parts)
        qtbot.addWidget(parts.window)
        parts.window.resize(1100, 760)
        parts.window.show()
        qtbot.waitExposed(parts.window)
        with qtbot.waitActive(parts.window):
            parts.window.activateWindow()
        if start or record:
            parts.controller.start(record)
        return parts, scripted

    yield make
    for parts in built:
        parts.controller.window.tray.choose_face = lambda _index: None
        parts.coach.shut_down()  # no coach's table still being built after the test
    if built:
        built[-1].language.apply("en")


def click_cell(qtbot, window: MainWindow, row: int, column: int) -> None:  # type: ignore[no-untyped-def]
    """Click one cell of the sheet."""
    sheet = window.sheet
    rect = sheet.visualRect(sheet.model().index(row, column))
    qtbot.mouseClick(sheet.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def click_die(qtbot, window: MainWindow, index: int) -> None:  # type: ignore[no-untyped-def]
    """Click one die of the tray."""
    die = window.tray.dice[index]
    qtbot.mouseClick(die, Qt.MouseButton.LeftButton, pos=QPoint(die.width() // 2, 10))


def scorable_rows(window: MainWindow) -> list[int]:
    """Rows where a click would score for the current player."""
    sheet = window.sheet
    model = sheet.model()
    column = sheet.current_player_column()
    return [
        row for row in range(model.rowCount()) if model.index(row, column).data(SheetRole.SCORABLE)
    ]
