"""Edit › Fix a past box…: which scored turn, and the dice it should have had."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

translate = QCoreApplication.translate


class CorrectionDialog(QDialog):
    """The scored turns, the last one first chosen, and five faces to type."""

    def __init__(self, turns: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("correctionDialog")
        self.setWindowTitle(translate("CorrectionDialog", "Fix a past box"))
        self.turns = QComboBox(self)
        self.turns.addItems(turns)
        self.turns.setCurrentIndex(len(turns) - 1)
        self.dice = QLineEdit(self)
        self.dice.setValidator(QRegularExpressionValidator(QRegularExpression("[1-6]{5}"), self))
        self.dice.setPlaceholderText("44421")
        explain = QLabel(
            translate(
                "CorrectionDialog",
                "The game is scored again with these dice: totals, bonuses and the joker "
                "follow. Undo takes the correction back.",
            ),
            self,
        )
        explain.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.dice.textChanged.connect(lambda text: ok.setEnabled(len(text) == 5))
        ok.setEnabled(False)
        form = QFormLayout(self)
        form.addRow(translate("CorrectionDialog", "&Box:"), self.turns)
        form.addRow(translate("CorrectionDialog", "&Right dice:"), self.dice)
        form.addRow(explain)
        form.addRow(self.buttons)
        self.resize(520, 180)

    def answer(self) -> tuple[int, str]:
        """(turn index, the five faces typed)."""
        return self.turns.currentIndex(), self.dice.text()
