"""Cochon's board: each player's banked total toward the target, the turn total, « Je garde ».

The die and the Roll button are the window's dice tray (one die); this board shows the rest
and asks for a hold by signal. It draws what the engine's state says and decides nothing.
Its text grows with the window so that it reads across the table: the turn total and the
players' totals first, what holding now would give beside them, the rules card last and small.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPainter, QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules import PigRules, PigState
from missdice_desktop.ui.colours import mix
from missdice_desktop.ui.games.board_text import (
    MIN_TEXT_PX,
    colour_small_print,
    is_palette_change,
    set_font,
    text_size,
)
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class ScoreBar(QWidget):
    """A player's banked total toward the target, with the turn total at risk striped after it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.total = 0
        self.at_risk = 0
        self.target = 100
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(120)

    def show_total(self, total: int, at_risk: int, target: int) -> None:
        """Draw `total` banked and `at_risk` on the turn, out of `target`."""
        self.total, self.at_risk, self.target = total, at_risk, target
        self.update()

    def sizeHint(self) -> QSize:
        """As tall as the row's text."""
        return QSize(240, max(14, self.fontMetrics().height()))

    def paintEvent(self, event: QPaintEvent) -> None:
        """The track, the banked part, the striped part at risk, the target's end."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        window = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.WindowText)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        height = self.height() * 0.7
        track = QRectF(1, (self.height() - height) / 2, self.width() - 2, height)
        radius = height / 3
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(mix(window, text, 0.12))
        painter.drawRoundedRect(track, radius, radius)
        scale = track.width() / max(1, self.target)
        banked = min(self.total, self.target) * scale
        if banked > 0:
            painter.setBrush(highlight)
            painter.drawRoundedRect(
                QRectF(track.left(), track.top(), banked, height), radius, radius
            )
        risk = min(self.at_risk, max(0, self.target - self.total)) * scale
        if risk > 0:
            part = QRectF(track.left() + banked, track.top(), risk, height)
            painter.setBrush(mix(window, highlight, 0.45))
            painter.drawRoundedRect(part, radius, radius)
            painter.setBrush(QBrush(highlight, Qt.BrushStyle.BDiagPattern))
            painter.drawRoundedRect(part, radius, radius)
        painter.end()


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
        self.if_held = QLabel(self)
        self.if_held.setObjectName("pigIfHeld")
        self.if_held.setWordWrap(True)
        self.target = QLabel(self)
        self.target.setObjectName("pigTarget")
        self.target.setWordWrap(True)
        self.hold_button = QPushButton(self)
        self.hold_button.setObjectName("pigHold")
        self.hold_button.clicked.connect(self.bank_requested)
        self.hold_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.rules_card = QLabel(self)
        self.rules_card.setObjectName("pigRules")
        self.rules_card.setWordWrap(True)
        self._rows = QGridLayout()
        self._rows.setHorizontalSpacing(14)
        self._rows.setVerticalSpacing(4)
        self._names: list[QLabel] = []
        self._bars: list[ScoreBar] = []
        self._totals: list[QLabel] = []

        turn = QHBoxLayout()
        turn.addWidget(self.turn_total)
        turn.addSpacing(16)
        turn.addWidget(self.hold_button)
        turn.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(turn)
        left.addWidget(self.turn_rolls)
        left.addSpacing(8)
        left.addLayout(self._rows)
        left.addStretch(1)

        aside = QFrame(self)
        aside.setFrameShape(QFrame.Shape.StyledPanel)
        aside_layout = QVBoxLayout(aside)
        aside_layout.addWidget(self.target)
        aside_layout.addWidget(self.if_held)
        right = QVBoxLayout()
        right.addWidget(aside)
        right.addWidget(self.rules_card)
        right.addStretch(1)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(20)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)
        self._state: tuple[Sequence[str], PigState, PigRules, bool] | None = None
        self._text_px = 0
        self.retranslate()
        self._fit()

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
        self, players: Sequence[str], state: PigState, rules: PigRules, can_bank: bool
    ) -> None:
        """Show the engine's state (the rules say the target and when holding wins)."""
        target = rules.target
        self._state = (players, state, rules, can_bank)
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
        self.if_held.setText(self._if_held_text(players, state, rules, can_bank))
        for index, (name, total) in enumerate(zip(players, state.banked, strict=True)):
            label, bar, number = self._names[index], self._bars[index], self._totals[index]
            playing = index == turn.player and state.winner is None
            label.setText(("▶ " if playing else "") + name)
            at_risk = turn.total if playing else 0
            bar.show_total(total, at_risk, target)
            number.setText(
                fill(translate("PigBoard", "%1 (+%2)"), str(total), str(at_risk))
                if at_risk
                else str(total)
            )
            bar.setAccessibleName(fill(translate("PigBoard", "%1: %2 points"), name, str(total)))
            bold = playing or index == state.winner
            for widget in (label, number):
                font = QFont(widget.font())
                font.setBold(bold or widget is number)
                widget.setFont(font)
        self.rules_card.setText(
            translate(
                "PigBoard",
                "Cochon: roll as often as you like; each roll adds to the turn total. A 1 "
                "loses the turn total and passes the die. Hold banks it.",
            )
        )
        self._fit()

    def _if_held_text(
        self, players: Sequence[str], state: PigState, rules: PigRules, can_bank: bool
    ) -> str:
        if state.winner is not None:
            return fill(translate("PigBoard", "%1 wins!"), players[state.winner])
        turn = state.turn
        if not can_bank:
            return ""
        banked = state.banked[turn.player] + turn.total
        if rules.target_reached(state):
            return fill(
                translate("PigBoard", "Hold now: %1 points, and %2 wins!"),
                str(banked),
                players[turn.player],
            )
        return fill(
            translate("PigBoard", "Hold now: %1 points, %2 to go."),
            str(banked),
            str(rules.target - banked),
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Grow or shrink the text with the room there is."""
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        count = len(self._state[0]) if self._state is not None else 2
        px = text_size(self.width(), self.height(), count)
        if px == self._text_px:
            return
        self._text_px = px
        set_font(self.turn_total, round(px * 1.6), bold=True)
        set_font(self.hold_button, round(px * 1.2), bold=True)
        self.hold_button.setMinimumHeight(round(px * 2.3))
        set_font(self.turn_rolls, round(px * 1.05))
        set_font(self.target, round(px * 1.1), bold=True)
        set_font(self.if_held, px)
        for label, bar, number in zip(self._names, self._bars, self._totals, strict=True):
            set_font(label, round(px * 1.1), bold=label.font().bold())
            set_font(bar, round(px * 1.3))
            bar.updateGeometry()
            set_font(number, round(px * 1.3), bold=True)
        set_font(self.rules_card, max(MIN_TEXT_PX - 1, round(px * 0.7)))
        colour_small_print(self, (self.rules_card,))

    def changeEvent(self, event: QEvent) -> None:
        """After a theme switch the small print takes the new colours."""
        super().changeEvent(event)
        if is_palette_change(event):
            colour_small_print(self, (self.rules_card,))

    def _ensure_rows(self, count: int) -> None:
        while len(self._names) < count:
            row = len(self._names)
            label = QLabel(self)
            label.setObjectName(f"pigName{row + 1}")
            bar = ScoreBar(self)
            bar.setObjectName(f"pigBar{row + 1}")
            number = QLabel(self)
            number.setObjectName(f"pigTotal{row + 1}")
            number.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._rows.addWidget(label, row, 0)
            self._rows.addWidget(bar, row, 1)
            self._rows.addWidget(number, row, 2)
            self._names.append(label)
            self._bars.append(bar)
            self._totals.append(number)
            self._text_px = 0  # the new row takes the board's text size
        self._rows.setColumnStretch(1, 1)
        for row, widgets in enumerate(zip(self._names, self._bars, self._totals, strict=True)):
            for widget in widgets:
                widget.setVisible(row < count)
