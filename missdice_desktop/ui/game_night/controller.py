"""Game night: print the sheet or export it as PDF, the kept games and high scores as CSV,
the room's scoreboard, the games' notes, and the dice's roll animation setting.

A feature helper of the controller: it connects its own menu entries and works through the
controller's game, prompts and kept-games folder. Nothing here changes a score; a failure
(a path that cannot be written, a printer that fails) gives one message and nothing else
changes.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QApplication

from missdice_desktop.rules import DiceGame
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.settings import save_settings
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the export, the kept games and the notes load when first used
    from missdice_desktop.notes import NoteProblem
    from missdice_desktop.ui.dialogs.games_window import GamesWindow
    from missdice_desktop.ui.game_night.scoreboard import Scoreboard
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


def system_reduces_motion() -> bool:
    """Windows' "Show animations" switched off. Qt reports the desktop's choice reliably
    there only (elsewhere its "UI effects" are off unless a platform theme turns them on,
    which would stop the dice for everyone): View › Reduce motion covers the rest."""
    return sys.platform == "win32" and not QApplication.isEffectEnabled(Qt.UIEffect.UI_General)


def corrected_in(game: DiceGame[Any]) -> frozenset[tuple[int, str]]:
    """(player, box id) of the boxes whose dice were corrected after the fact."""
    return view_of(game).corrected_boxes(game)


def note_problem_text(problem: NoteProblem) -> str:
    """Why a note is not kept, in the user's language."""
    if problem.control:
        return translate(
            "GameNight",
            "The note holds a character that cannot be kept (a control character). "
            "Nothing was changed; your text is still in the note to edit.",
        )
    return fill(
        translate(
            "GameNight",
            "A note holds at most %1 characters; this one has %2. Nothing was changed; "
            "your text is still in the note to shorten.",
        ),
        f"{problem.limit:,}",
        f"{problem.length:,}",
    )


def write_error_text(path: str, error: OSError) -> str:
    """ "path: why", and that nothing else changed."""
    return fill(
        translate("GameNight", "%1: %2\n\nNothing else changed: the game is kept."),
        path,
        error.strerror or str(error),
    )


class GameNight(QObject):
    """Print, PDF, CSV, scoreboard, notes: connected once, for the controller's window."""

    def __init__(self, controller: GameController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.scoreboard: Scoreboard | None = None
        window = controller.window
        window.print_action.triggered.connect(self.print_sheet)
        window.pdf_action.triggered.connect(self.export_pdf)
        window.scoreboard_action.triggered.connect(self.set_scoreboard)
        window.fix_box_action.triggered.connect(self.fix_past_box)
        window.reduce_motion_action.setChecked(controller.settings.reduce_motion)
        window.reduce_motion_action.toggled.connect(self.set_reduce_motion)
        controller.view_refreshed.connect(self._refresh_scoreboard)
        self._apply_motion()

    # Print and PDF ------------------------------------------------------------------------------

    def _document(self) -> Any:
        from missdice_desktop.ui.game_night.printing import (
            sheet_document,  # print support when asked
        )

        game = self.controller.game
        return sheet_document(game, corrected=corrected_in(game))

    def export_pdf(self) -> None:
        """Game › Export as PDF…"""
        from missdice_desktop.export import write_bytes_atomically
        from missdice_desktop.ui.game_night.printing import pdf_bytes

        path = self.controller.prompts.export_path("pdf", str(Path.home() / "missdice-sheet.pdf"))
        if not path:
            return
        try:
            write_bytes_atomically(Path(path), pdf_bytes(self._document()))
        except OSError as error:
            self.controller.prompts.error(
                translate("GameNight", "The PDF was not written"), write_error_text(path, error)
            )
            return
        self.controller.note(fill(translate("GameNight", "Sheet exported to %1"), path))

    def print_sheet(self, printer: Any = None) -> bool:
        """Game › Print…: the print dialog, then the sheet; True when it printed."""
        from PySide6.QtPrintSupport import QPrinter

        if printer is None:
            printer = QPrinter(QPrinter.PrinterMode.HighResolution)
            if not self.controller.prompts.print_setup(printer):
                return False
        self._document().print_(printer)
        if printer.printerState() in (QPrinter.PrinterState.Error, QPrinter.PrinterState.Aborted):
            self.controller.prompts.error(
                translate("GameNight", "The sheet was not printed"),
                translate(
                    "GameNight",
                    "The printer reported an error. Nothing else changed: the game is kept; "
                    "try again, or use Game › Export as PDF….",
                ),
            )
            return False
        self.controller.note(translate("GameNight", "The sheet went to the printer."))
        return True

    # CSV ----------------------------------------------------------------------------------------

    def export_csv(self, games_window: GamesWindow, page: int) -> None:
        """The Games window's page (0: the kept games, 1: the high scores) as CSV."""
        from missdice_desktop.export import write_games_csv, write_high_scores_csv
        from missdice_desktop.library import KeptSummary, high_scores
        from missdice_desktop.ui.dialogs.kept_games import sheet_name

        readable = [entry for entry in games_window.kept if isinstance(entry, KeptSummary)]
        name = "missdice-games.csv" if page == 0 else "missdice-high-scores.csv"
        path = self.controller.prompts.export_path("csv", str(Path.home() / name))
        if not path:
            return
        try:
            if page == 0:
                rows = write_games_csv(Path(path), readable)
            else:
                names = {entry.summary.sheet: sheet_name(entry) for entry in readable}
                rows = write_high_scores_csv(Path(path), high_scores(readable, names))
        except OSError as error:
            self.controller.prompts.error(
                translate("GameNight", "The CSV file was not written"),
                write_error_text(path, error),
            )
            return
        self.controller.note(
            fill(translate("GameNight", "%1 rows exported to %2"), str(rows), os.fspath(path))
        )

    # Notes --------------------------------------------------------------------------------------

    def attach(self, games_window: GamesWindow) -> None:
        """Connect the Games window's Note… and Export as CSV… buttons."""
        games_window.note_requested.connect(lambda path: self.edit_note(games_window, path))
        games_window.export_requested.connect(lambda page: self.export_csv(games_window, page))

    def edit_note(self, games_window: GamesWindow, path: Path) -> bool:
        """Edit a kept game's note; a note refused (too long) is offered again as typed, so
        nothing is lost. True when a note was kept."""
        from missdice_desktop.library import KeptSummary
        from missdice_desktop.notes import note_problem
        from missdice_desktop.records import RecordError, load_record, session_meta
        from missdice_desktop.session_meta import write_meta

        controller = self.controller
        entry = next((e for e in games_window.kept if e.path == path), None)
        if not isinstance(entry, KeptSummary):
            return False
        title = translate("GameNight", "Note on this game")
        text = entry.summary.note
        while True:
            answer = controller.prompts.edit_note(title, text)
            if answer is None:
                return False
            problem = note_problem(answer)
            if problem is None:
                break
            controller.prompts.error(
                translate("GameNight", "Note not kept"), note_problem_text(problem)
            )
            text = answer
        try:
            if path == controller.autosave.path:
                session = controller.session
                session.update_meta(replace(session.meta, note=answer))
            else:
                game = load_record(path)
                before = session_meta(game)
                write_meta(game.extra, replace(before, note=answer), before)
                controller.autosave.library.save(path, game)
        except (OSError, RecordError) as error:
            why = error.strerror if isinstance(error, OSError) else str(error)
            controller.prompts.error(
                translate("GameNight", "Note not kept"),
                fill(
                    translate("GameNight", "%1: %2\n\nThe game is as it was."), str(path), str(why)
                ),
            )
            return False
        controller.autosave.flush()  # the note is on disk before the list is read again
        games_window.list_games(controller.autosave.library, controller.autosave.path)
        games_window.select_path(path)
        return True

    # Fix a past box -----------------------------------------------------------------------------

    def fix_past_box(self) -> bool:
        """Edit › Fix a past box… (the scoresheet games'): see `games.yahtzee.fix_past_box`."""
        from missdice_desktop.ui.games.yahtzee import fix_past_box

        return fix_past_box(self.controller)

    # The scoreboard -----------------------------------------------------------------------------

    def set_scoreboard(self, on: bool) -> None:
        """View › Scoreboard (F11): full screen over the window, or gone."""
        window = self.controller.window
        if not on:
            if self.scoreboard is not None:
                self.scoreboard.close()
            return
        if self.scoreboard is None:
            from missdice_desktop.ui.game_night.scoreboard import Scoreboard

            self.scoreboard = Scoreboard(window)
            self.scoreboard.closed.connect(lambda: window.scoreboard_action.setChecked(False))
        self.scoreboard.show_game(self.controller.game)
        self.scoreboard.showFullScreen()
        self.scoreboard.raise_()
        self.scoreboard.activateWindow()
        self.scoreboard.setFocus()
        window.scoreboard_action.setChecked(True)

    def _refresh_scoreboard(self) -> None:
        if self.scoreboard is not None and self.scoreboard.isVisible():
            self.scoreboard.show_game(self.controller.game)

    # Motion -------------------------------------------------------------------------------------

    def set_reduce_motion(self, on: bool) -> None:
        """View › Reduce motion: the dice show their faces at once."""
        settings = self.controller.settings
        settings.reduce_motion = on
        save_settings(self.controller.paths.settings_file, settings)
        self._apply_motion()

    def _apply_motion(self) -> None:
        self.controller.window.tray.set_animated(
            not self.controller.settings.reduce_motion and not system_reduces_motion()
        )
