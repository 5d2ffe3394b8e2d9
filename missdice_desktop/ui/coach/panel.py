"""The coach's panel: a per-player switch, the table's progress, the best choices, and the
chart of the chances to win."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.ui.coach.chances_chart import WinChancesChart
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class CoachPanel(QWidget):
    """Shows what the coach says; the coach controller decides what that is."""

    coach_toggled = Signal(bool)
    review_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.toggle = QCheckBox(self)
        self.toggle.setObjectName("coachToggle")
        self.status = QLabel(self)
        self.status.setObjectName("coachStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("coachProgress")
        self.progress.hide()
        self.choices = QListWidget(self)
        self.choices.setObjectName("coachChoices")
        self.choices.setWordWrap(True)
        self.choices.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.chart = WinChancesChart(self)
        self.chart.hide()
        self.review_button = QPushButton(self)
        self.review_button.setObjectName("coachReview")
        self.review_button.hide()
        self.note = QLabel(self)
        self.note.setObjectName("coachNote")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.toggle)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addWidget(self.choices, 1)
        layout.addWidget(self.chart)
        layout.addWidget(self.review_button)
        layout.addWidget(self.note)
        self.toggle.toggled.connect(self.coach_toggled)
        self.review_button.clicked.connect(self.review_requested)
        self.setMinimumWidth(260)
        self._player = ""
        self.plays_to_win = False
        """The game is played for the chance to win (Cochon, the 421), not for points."""
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Set the fixed texts in the current language."""
        self.toggle.setText(fill(translate("CoachPanel", "&Coach for %1"), self._player))
        if self.plays_to_win:
            tip = translate(
                "CoachPanel",
                "After each roll the coach shows the best choice and the others, with the "
                "chance to win each leaves",
            )
        else:
            tip = translate(
                "CoachPanel",
                "After each roll the coach shows the dice to keep and the best choices, "
                "with the final score each leads to on average",
            )
        self.toggle.setToolTip(tip)
        self.review_button.setText(translate("CoachPanel", "&Review the game"))
        self.choices.setAccessibleName(translate("CoachPanel", "The coach's choices"))
        self.chart.retranslate_ui()

    def show_player(self, name: str, on: bool, *, can_coach: bool) -> None:
        """Whose turn it is and whether the coach is on for them."""
        self._player = name
        self.toggle.blockSignals(True)
        self.toggle.setChecked(on)
        self.toggle.blockSignals(False)
        self.toggle.setEnabled(can_coach)
        self.retranslate_ui()

    def show_progress(self, done: int, total: int, text: str) -> None:
        """The table is being computed: `text` says which."""
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.show()
        self.status.setText(text)
        self.choices.clear()

    def show_message(self, text: str) -> None:
        """A line of text instead of choices."""
        self.progress.hide()
        self.status.setText(text)
        self.choices.clear()

    def show_lines(self, status: str, lines: list[str], best_first: bool = True) -> None:
        """A status line and a list (the best choice first, selected)."""
        self.progress.hide()
        self.status.setText(status)
        self.choices.clear()
        self.choices.addItems(lines)
        if lines and best_first:
            self.choices.setCurrentRow(0)
