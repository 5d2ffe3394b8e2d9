"""A game's note: a few lines of text (who was there, where), edited in a small dialog."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.notes import MAX_NOTE_CHARS
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class NoteDialog(QDialog):
    """The note's text, with OK and Cancel; the length limit is said under it."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("noteDialog")
        self.setWindowTitle(title)
        self.editor = QPlainTextEdit(self)
        self.editor.setPlainText(text)
        self.editor.setPlaceholderText(
            translate("NoteDialog", "Who was there, where, what happened…")
        )
        self.editor.setAccessibleName(translate("NoteDialog", "Note"))
        hint = QLabel(
            fill(
                translate("NoteDialog", "At most %1 characters."),
                f"{MAX_NOTE_CHARS:,}",
            ),
            self,
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor)
        layout.addWidget(hint)
        layout.addWidget(buttons)
        self.resize(480, 260)

    def text(self) -> str:
        """The note as typed."""
        return self.editor.toPlainText()
