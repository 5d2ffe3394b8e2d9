"""Cochon's board: each player's banked total toward the target, the turn total, « Je garde ».

The die and the Roll button are the window's dice tray (one die); this board shows the rest
and asks for a hold by signal. It draws what the engine's state says and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules import PigState
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class PigBoard(QWidget):
    """The banked totals, the turn in progress and the Hold button."""

    bank_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pigBoard")
        self.turn_total = QLabel(self)
        self.turn_total.setObjectName("pigTurnTotal")
        self.turn_rolls = QLabel(self)
        self.turn_rolls.setObjectName("pigTurnRolls")
        self.turn_rolls.setWordWrap(True)
        self.target = QLabel(self)
        self.target.setObjectName("pigTarget")
        self.hold_button = QPushButton(self)
        self.hold_button.setObjectName("pigHold")
        self.hold_button.clicked.connect(self.bank_requested)
        self.hold_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        big = QFont(self.turn_total.font())
        big.setPixelSize(22)
        big.setBold(True)
        self.turn_total.setFont(big)
        self.hold_button.setFont(big)
        self.hold_button.setMinimumHeight(44)
        self.rules_card = QLabel(self)
        self.rules_card.setObjectName("pigRules")
        self.rules_card.setWordWrap(True)
        self._rows = QGridLayout()
        self._rows.setHorizontalSpacing(12)
        self._names: list[QLabel] = []
        self._bars: list[QProgressBar] = []

        turn = QHBoxLayout()
        turn.addWidget(self.turn_total)
        turn.addSpacing(16)
        turn.addWidget(self.hold_button)
        turn.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addLayout(turn)
        layout.addWidget(self.turn_rolls)
        layout.addSpacing(8)
        layout.addWidget(self.target)
        layout.addLayout(self._rows)
        layout.addSpacing(8)
        layout.addWidget(self.rules_card)
        layout.addStretch(1)
        self._state: tuple[Sequence[str], PigState, int, bool] | None = None
        self.retranslate()

    def retranslate(self) -> None:
        """Take the new language."""
        self.hold_button.setText(translate("PigBoard", "&Hold (H)"))
        self.hold_button.setToolTip(
            translate("PigBoard", "Bank the turn total and pass the die (H)")
        )
        self.hold_button.setAccessibleName(translate("PigBoard", "Hold"))
        if self._state is not None:
            self.show_game(*self._state)

    def show_game(
        self, players: Sequence[str], state: PigState, target: int, can_bank: bool
    ) -> None:
        """Show the engine's state."""
        self._state = (players, state, target, can_bank)
        self._ensure_rows(len(players))
        turn = state.turn
        self.turn_total.setText(fill(translate("PigBoard", "Turn total: %1"), str(turn.total)))
        if turn.rolls:
            rolls = " + ".join(str(face) for face in turn.rolls)
            self.turn_rolls.setText(fill(translate("PigBoard", "This turn: %1"), rolls))
        elif state.turns and state.turns[-1].lost:
            lost = state.turns[-1]
            self.turn_rolls.setText(
                fill(
                    translate("PigBoard", "%1 rolled a 1 and lost %2."),
                    players[lost.player],
                    str(sum(lost.rolls[:-1])),
                )
            )
        elif state.turns and state.turns[-1].held:
            held = state.turns[-1]
            self.turn_rolls.setText(
                fill(
                    translate("PigBoard", "%1 banked %2."),
                    players[held.player],
                    str(sum(held.rolls)),
                )
            )
        else:
            self.turn_rolls.setText(translate("PigBoard", "Roll the die to start the turn."))
        self.hold_button.setEnabled(can_bank)
        self.target.setText(fill(translate("PigBoard", "First to %1 points wins."), str(target)))
        for index, (name, total) in enumerate(zip(players, state.banked, strict=True)):
            label, bar = self._names[index], self._bars[index]
            playing = index == turn.player and state.winner is None
            label.setText(("▶ " if playing else "   ") + name)
            font = QFont(label.font())
            font.setBold(playing or index == state.winner)
            label.setFont(font)
            bar.setRange(0, target)
            bar.setValue(min(total, target))
            bar.setFormat(str(total))
            bar.setAccessibleName(fill(translate("PigBoard", "%1: %2 points"), name, str(total)))
        self.rules_card.setText(
            translate(
                "PigBoard",
                "Cochon: roll as often as you like; each roll adds to the turn total. A 1 "
                "loses the turn total and passes the die. Hold banks it.",
            )
        )

    def _ensure_rows(self, count: int) -> None:
        while len(self._names) < count:
            row = len(self._names)
            label = QLabel(self)
            label.setObjectName(f"pigName{row + 1}")
            bar = QProgressBar(self)
            bar.setObjectName(f"pigBar{row + 1}")
            bar.setTextVisible(True)
            bar.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._rows.addWidget(label, row, 0)
            self._rows.addWidget(bar, row, 1)
            self._names.append(label)
            self._bars.append(bar)
        for row, (label, bar) in enumerate(zip(self._names, self._bars, strict=True)):
            label.setVisible(row < count)
            bar.setVisible(row < count)
