"""The 421's board: tokens and pot, whose throw and how many, the round's hands ranked, who
paid whom, and a short rules card with the options chosen.

The three dice and the Throw button are the window's dice tray; this board draws what the
engine's state says and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules.four21 import (
    Four21Rules,
    Four21State,
    Hand,
    Phase,
    hand_of,
    hand_rank,
    hand_text,
)
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
NENETTE: Hand = (2, 2, 1)


def hand_name(hand: Hand) -> str:
    """A hand as players say it ("4-2-1", or « nénette » for 2-2-1)."""
    if hand == NENETTE:
        return fill(translate("Four21Board", "%1 (nénette)"), hand_text(hand))
    return hand_text(hand)


class Four21Board(QWidget):
    """Tokens, pot, the throw in progress, the round's ranking, the last payment, the rules."""

    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("four21Board")
        self.phase = QLabel(self)
        self.phase.setObjectName("four21Phase")
        big = QFont(self.phase.font())
        big.setPixelSize(22)
        big.setBold(True)
        self.phase.setFont(big)
        self.throws = QLabel(self)
        self.throws.setObjectName("four21Throws")
        self.stop_button = QPushButton(self)
        self.stop_button.setObjectName("four21Stop")
        self.stop_button.setFont(big)
        self.stop_button.setMinimumHeight(44)
        self.stop_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.stop_button.clicked.connect(self.stop_requested)
        self.payment = QLabel(self)
        self.payment.setObjectName("four21Payment")
        self.payment.setWordWrap(True)
        self.rules_card = QLabel(self)
        self.rules_card.setObjectName("four21Rules")
        self.rules_card.setWordWrap(True)
        self._grid = QGridLayout()
        self._grid.setHorizontalSpacing(18)
        self._headers = [QLabel(self) for _ in range(3)]
        for column, header in enumerate(self._headers):
            font = QFont(header.font())
            font.setBold(True)
            header.setFont(font)
            self._grid.addWidget(header, 0, column)
        self._cells: list[list[QLabel]] = []

        top = QHBoxLayout()
        top.addWidget(self.phase)
        top.addSpacing(16)
        top.addWidget(self.stop_button)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.throws)
        layout.addSpacing(6)
        layout.addLayout(self._grid)
        layout.addSpacing(6)
        layout.addWidget(self.payment)
        layout.addSpacing(6)
        layout.addWidget(self.rules_card)
        layout.addStretch(1)
        self._shown: tuple[Sequence[str], Four21State, Four21Rules, bool] | None = None
        self.retranslate()

    def retranslate(self) -> None:
        """Take the new language."""
        self.stop_button.setText(translate("Four21Board", "&Stop here (S)"))
        self.stop_button.setToolTip(
            translate("Four21Board", "Keep these dice and end the turn (S)")
        )
        headers = (
            translate("Four21Board", "Player"),
            translate("Four21Board", "Tokens"),
            translate("Four21Board", "This round"),
        )
        for header, text in zip(self._headers, headers, strict=True):
            header.setText(text)
        if self._shown is not None:
            self.show_game(*self._shown)

    def show_game(
        self, players: Sequence[str], state: Four21State, rules: Four21Rules, can_stop: bool
    ) -> None:
        """Show the engine's state."""
        self._shown = (players, state, rules, can_stop)
        self.stop_button.setEnabled(can_stop)
        self.stop_button.setVisible(state.phase is Phase.DECHARGE)
        if state.phase is Phase.CHARGE:
            self.phase.setText(
                fill(translate("Four21Board", "La charge — pot: %1 tokens"), str(state.pot))
            )
        elif state.phase is Phase.DECHARGE:
            self.phase.setText(translate("Four21Board", "La décharge"))
        else:
            self.phase.setText(translate("Four21Board", "Game over"))
        self.throws.setText(self._throws_text(players, state))
        self._show_rows(players, state)
        self.payment.setText(self._payment_text(players, state))
        self.rules_card.setText(
            fill(
                translate(
                    "Four21Board",
                    "421 — pot of %1 tokens, 4-2-1 worth %2. La charge: each round everyone "
                    "throws once; the worst hand takes from the pot what the best hand is "
                    "worth. La décharge: the first player throws up to 3 times, the others no "
                    "more; the worst hand takes the worth from the best hand's player. No "
                    "token left: you are out. The last one holding tokens loses.",
                ),
                str(rules.pot),
                str(rules.four21),
            )
        )

    def _throws_text(self, players: Sequence[str], state: Four21State) -> str:
        if state.finished:
            loser = "" if state.loser is None else players[state.loser]
            return fill(translate("Four21Board", "%1 loses the game."), loser)
        turn = state.turn
        name = players[turn.player]
        if state.tied:
            tied = ", ".join(players[seat] for seat in state.tied)
            return fill(
                translate("Four21Board", "Tie for the worst hand: %1 throw again. %2 throws."),
                tied,
                name,
            )
        return fill(
            translate("Four21Board", "%1 throws: throw %2 of %3."),
            name,
            str(len(turn.throws) + 1 if turn.throws_left else len(turn.throws)),
            str(turn.limit),
        )

    def _show_rows(self, players: Sequence[str], state: Four21State) -> None:
        while len(self._cells) < len(players):
            row = [QLabel(self) for _ in range(3)]
            for column, label in enumerate(row):
                label.setObjectName(f"four21Cell{len(self._cells) + 1}_{column}")
                self._grid.addWidget(label, len(self._cells) + 1, column)
            self._cells.append(row)
        hands = dict(state.hands)
        ranked = sorted(hands, key=lambda seat: -hand_rank(hands[seat]))
        for seat, row in enumerate(self._cells):
            visible = seat < len(players)
            for label in row:
                label.setVisible(visible)
            if not visible:
                continue
            playing = seat == state.turn.player and not state.finished
            row[0].setText(("▶ " if playing else "   ") + players[seat])
            font = QFont(row[0].font())
            font.setBold(playing)
            row[0].setFont(font)
            if state.out and state.out[seat]:
                row[1].setText(translate("Four21Board", "out (safe)"))
            else:
                row[1].setText(str(state.tokens[seat]))
            if seat in hands:
                row[2].setText(
                    fill(
                        translate("Four21Board", "%1 — place %2"),
                        hand_name(hands[seat]),
                        str(ranked.index(seat) + 1),
                    )
                )
            elif playing and state.turn.dice is not None:
                row[2].setText(
                    fill(
                        translate("Four21Board", "%1 (throwing)"),
                        hand_name(hand_of(state.turn.dice)),
                    )
                )
            else:
                row[2].setText("")

    def _payment_text(self, players: Sequence[str], state: Four21State) -> str:
        if not state.payments:
            return translate("Four21Board", "No token has moved yet.")
        last = state.payments[-1]
        best = fill(
            translate("Four21Board", "%1's %2 is worth %3"),
            players[last.best],
            hand_name(last.best_hand),
            str(last.worth),
        )
        if last.payer is None:
            return fill(
                translate("Four21Board", "Last round: %1; %2 takes %3 from the pot."),
                best,
                players[last.worst],
                str(last.tokens),
            )
        return fill(
            translate("Four21Board", "Last round: %1; %2 pays %3 to %4."),
            best,
            players[last.payer],
            str(last.tokens),
            players[last.worst],
        )
