"""The questions and messages the controller puts to the user, in one replaceable object.

The controller receives a `Prompts`; tests give it a scripted one, so that no modal box
blocks a test and every question asked is checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt

from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the dialogs (and Qt's message boxes) load when first opened
    from PySide6.QtWidgets import QWidget

    from missdice_desktop.ui.dialogs.new_game import NewGameChoice
    from missdice_desktop.ui.settings import Settings

translate = QCoreApplication.translate
RECORD_FILTER = "Miss Dice (*.json);;JSON (*.json);;All files (*)"
QR_FILTER = "PNG (*.png);;SVG (*.svg)"


class Prompts:
    """Message boxes and file dialogs, parented to the window."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def error(self, title: str, text: str) -> None:
        """One clear message: what went wrong and that nothing was lost."""
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.warning(self.parent, title, text)

    def confirm_zero(self, box: str, better_box: str, better_score: int) -> tuple[bool, bool]:
        """Ask before a 0 when another box scores more: (go on, never ask again)."""
        from PySide6.QtWidgets import QCheckBox, QMessageBox

        box_ = QMessageBox(self.parent)
        box_.setIcon(QMessageBox.Icon.Question)
        box_.setWindowTitle(translate("Prompts", "Score 0?"))
        box_.setText(
            fill(
                translate("Prompts", "Score 0 in %1? These dice would give %2 in %3."),
                box,
                str(better_score),
                better_box,
            )
        )
        box_.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box_.setDefaultButton(QMessageBox.StandardButton.No)
        never = QCheckBox(translate("Prompts", "Do not ask again"), box_)
        box_.setCheckBox(never)
        answer = box_.exec()
        return answer == QMessageBox.StandardButton.Yes, never.isChecked()

    def resume(self, summary: str) -> bool:
        """Offer back the unfinished game."""
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self.parent,
            translate("Prompts", "Resume the game?"),
            fill(translate("Prompts", "A game was not finished:\n%1\n\nResume it?"), summary),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def confirm_abandon(self, summary: str, *, opening: bool = False) -> bool:
        """Before another game takes the place of one still being played (it stays in Games)."""
        from PySide6.QtWidgets import QMessageBox

        question = (
            translate(
                "Prompts",
                "This game is not finished:\n%1\n\nOpen another game? This one is kept in Games.",
            )
            if opening
            else translate(
                "Prompts",
                "This game is not finished:\n%1\n\nStart a new game? This one is kept in Games.",
            )
        )
        answer = QMessageBox.question(
            self.parent,
            translate("Prompts", "Leave this game?"),
            fill(question, summary),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def confirm_delete(self, summary: str) -> bool:
        """Before a kept game is deleted for good."""
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self.parent,
            translate("Prompts", "Delete this game?"),
            fill(
                translate("Prompts", "%1\n\nDelete this game for good? It cannot be brought back."),
                summary,
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    def player_name(self, current: str) -> str | None:
        """A new name for a player (None: cancelled)."""
        from PySide6.QtWidgets import QInputDialog

        name, accepted = QInputDialog.getText(
            self.parent,
            translate("Prompts", "Rename a player"),
            fill(translate("Prompts", "New name for %1:"), current),
            text=current,
        )
        return name if accepted else None

    def new_game(self, settings: Settings) -> NewGameChoice | None:
        """The New game dialog."""
        from PySide6.QtWidgets import QDialog

        from missdice_desktop.ui.dialogs.new_game import NewGameDialog

        dialog = NewGameDialog(settings, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()

    def open_path(self) -> str | None:
        """A game record to open."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getOpenFileName(
            self.parent, translate("Prompts", "Open a game"), "", RECORD_FILTER
        )
        return path or None

    def save_path(self, suggested: str) -> str | None:
        """Where to save the game."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self.parent, translate("Prompts", "Save the game as"), suggested, RECORD_FILTER
        )
        return path or None

    def qr_save_path(self, suggested: str) -> str | None:
        """Where to save a game's QR code (PNG or SVG)."""
        from PySide6.QtWidgets import QFileDialog

        path, _ = QFileDialog.getSaveFileName(
            self.parent, translate("Prompts", "Save the QR code as"), suggested, QR_FILTER
        )
        return path or None

    def continue_shared(self, summary: str) -> bool:
        """A game's code was held up to the camera: open it? (the current game is kept)"""
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(
            self.parent,
            translate("Prompts", "Continue this game?"),
            fill(
                translate(
                    "Prompts",
                    "Continue this game? (%1)\n\nThe game on screen now is saved first.",
                ),
                summary,
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def about(self, text: str) -> None:
        """The About box (rich text: its links open, its folders can be selected and copied)."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(self.parent)
        box.setWindowTitle(translate("Prompts", "About Miss Dice"))
        from missdice_desktop.ui.dialogs.about import app_icon

        box.setIconPixmap(app_icon().pixmap(96, 96))
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(text)
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        box.exec()

    def export_path(self, kind: str, suggested: str) -> str | None:
        """Where to write an export: `kind` is "pdf" or "csv"."""
        from PySide6.QtWidgets import QFileDialog

        title, filter_ = {
            "pdf": (translate("Prompts", "Export the sheet as PDF"), "PDF (*.pdf)"),
            "csv": (translate("Prompts", "Export as CSV"), "CSV (*.csv)"),
        }[kind]
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, filter_)
        return path or None

    def print_setup(self, printer: object) -> bool:
        """The system's print dialog for `printer` (a QPrinter); False when cancelled."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter  # print support when asked
        from PySide6.QtWidgets import QDialog

        assert isinstance(printer, QPrinter)
        return QPrintDialog(printer, self.parent).exec() == QDialog.DialogCode.Accepted

    def edit_note(self, title: str, text: str) -> str | None:
        """A game's note, edited (None when cancelled)."""
        from PySide6.QtWidgets import QDialog

        from missdice_desktop.ui.dialogs.note import NoteDialog

        dialog = NoteDialog(title, text, self.parent)
        return dialog.text() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def fix_box(self, turns: list[str]) -> tuple[int, str] | None:
        """Which scored turn to correct (an index of `turns`) and its right dice ("44421")."""
        from PySide6.QtWidgets import QDialog

        from missdice_desktop.ui.dialogs.correction import CorrectionDialog

        dialog = CorrectionDialog(turns, self.parent)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None
