"""The 421's board: tokens and pot, whose throw and how many, the round's hands ranked, who
paid whom, and a short rules card with the options chosen.

The three dice and the Throw button are the window's dice tray; this board draws what the
engine's state says and decides nothing. Its text grows with the window so that it reads
across the table: the players' tokens and hands first, the pot and the last round beside them,
the rules card last and small.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen, QResizeEvent
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

from missdice_desktop.rules.four21 import (
    Four21Rules,
    Four21State,
    Hand,
    Payment,
    Phase,
    hand_of,
    hand_text,
    places,
)
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
NENETTE: Hand = (2, 2, 1)
CHIPS_PER_ROW = 7
CHIP_FILL = QColor(232, 176, 48)
CHIP_EDGE = QColor(150, 98, 12)
NO_BREAK = "\u00a0"
"""Keeps a name or a ranked hand on one line when the text wraps."""


def hand_name(hand: Hand) -> str:
    """A hand as players say it ("4-2-1", or « nénette » for 2-2-1)."""
    if hand == NENETTE:
        return fill(translate("Four21Board", "%1 (nénette)"), hand_text(hand))
    return hand_text(hand)


class TokenChips(QWidget):
    """Tokens drawn as chips, in rows of seven, so that a glance tells who holds many."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = 0
        self.chip = 14
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def show_count(self, count: int, chip: int) -> None:
        """Draw `count` chips of `chip` pixels."""
        if (count, chip) != (self.count, self.chip):
            self.count, self.chip = count, chip
            self.updateGeometry()
            self.update()

    def sizeHint(self) -> QSize:
        """Room for a full row of chips, and as many rows as the count needs."""
        step = self.chip * 0.62
        rows = max(1, -(-self.count // CHIPS_PER_ROW))
        width = round(self.chip + step * (CHIPS_PER_ROW - 1)) + 2
        height = round(self.chip + (rows - 1) * self.chip * 0.55) + 2
        return QSize(width, height)

    def minimumSizeHint(self) -> QSize:
        """Never squeezed: every chip stays in sight."""
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        """Each chip a gold disc with a darker rim, overlapping the one before."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self.chip
        step = size * 0.62
        for index in range(self.count):
            row, column = divmod(index, CHIPS_PER_ROW)
            left = 1 + column * step
            top = 1 + row * size * 0.55 + (self.height() - self.sizeHint().height()) / 2
            painter.setPen(QPen(CHIP_EDGE, max(1.0, size / 10)))
            painter.setBrush(CHIP_FILL)
            painter.drawEllipse(QPointF(left + size / 2, top + size / 2), size / 2.2, size / 2.2)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(left + size / 2, top + size / 2), size / 4, size / 4)
        painter.end()


class _PlayersPanel(QFrame):
    """The players' rows, with the player throwing shown by a highlighted band."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(8, 4, 8, 4)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(2)
        self.rows: list[Sequence[QWidget]] = []
        """Each shown player's widgets, in seat order: a row's band covers them all."""
        self.playing_row: int | None = None

    def row_band(self, row: int) -> QRect:
        """Where a player's row is drawn: from the top of its highest widget to the bottom of
        its lowest, across the panel (read from the widgets, so always where they are)."""
        widgets = [widget for widget in self.rows[row] if not widget.isHidden()]
        if not widgets:
            return QRect()
        top = min(widget.geometry().top() for widget in widgets)
        bottom = max(widget.geometry().bottom() for widget in widgets)
        return QRect(0, top - 1, self.width(), bottom - top + 3)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Bands behind the rows: every other one shaded, the player throwing highlighted."""
        painter = QPainter(self)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Window)
        text = palette.color(QPalette.ColorRole.WindowText)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        for row in range(len(self.rows)):
            band = self.row_band(row)
            if row == self.playing_row:
                painter.fillRect(band, mix(base, highlight, 0.28))
            elif row % 2 == 1:
                painter.fillRect(band, mix(base, text, 0.05))
        painter.end()


class Four21Board(QWidget):
    """Tokens, pot, the throw in progress, the round's ranking, the last payment, the rules."""

    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("four21Board")
        self.phase = QLabel(self)
        self.phase.setObjectName("four21Phase")
        self.throws = QLabel(self)
        self.throws.setObjectName("four21Throws")
        self.throws.setWordWrap(True)
        self.stop_button = QPushButton(self)
        self.stop_button.setObjectName("four21Stop")
        self.stop_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.stop_button.clicked.connect(self.stop_requested)

        self.players = _PlayersPanel(self)
        self.players.setObjectName("four21Players")
        self._headers = [QLabel(self.players) for _ in range(4)]
        for header, column, span in zip(self._headers, (0, 1, 3, 5), (1, 2, 2, 1), strict=True):
            self.players.grid.addWidget(header, 0, column, 1, span)
        self.players.grid.setColumnStretch(4, 1)
        self._cells: list[tuple[QLabel, TokenChips, QLabel, QLabel, QLabel]] = []

        self.pot_caption = QLabel(self)
        self.pot_caption.setWordWrap(True)
        self.pot_count = QLabel(self)
        self.pot_count.setObjectName("four21Pot")
        self.pot_chips = TokenChips(self)
        self.payment = QLabel(self)
        self.payment.setObjectName("four21Payment")
        self.payment.setWordWrap(True)
        self.last_ranking = QLabel(self)
        self.last_ranking.setObjectName("four21LastRanking")
        self.last_ranking.setWordWrap(True)
        self.last_caption = QLabel(self)
        self.rules_card = QLabel(self)
        self.rules_card.setObjectName("four21Rules")
        self.rules_card.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.phase)
        top.addSpacing(16)
        top.addWidget(self.stop_button)
        top.addStretch(1)
        left = QVBoxLayout()
        left.addLayout(top)
        left.addWidget(self.throws)
        left.addSpacing(4)
        left.addWidget(self.players)
        left.addStretch(1)

        self.pot_box = pot_box = QFrame(self)
        pot_box.setFrameShape(QFrame.Shape.StyledPanel)
        pot_layout = QVBoxLayout(pot_box)
        pot_row = QHBoxLayout()
        pot_row.addWidget(self.pot_count)
        pot_row.addSpacing(10)
        pot_row.addWidget(self.pot_chips)
        pot_row.addStretch(1)
        pot_layout.addWidget(self.pot_caption)
        pot_layout.addLayout(pot_row)
        last_box = QFrame(self)
        last_box.setFrameShape(QFrame.Shape.StyledPanel)
        last_layout = QVBoxLayout(last_box)
        last_layout.addWidget(self.last_caption)
        last_layout.addWidget(self.payment)
        last_layout.addWidget(self.last_ranking)
        self.last_box = last_box
        self.right = right = QVBoxLayout()
        right.addWidget(pot_box)
        right.addWidget(last_box)
        right.addWidget(self.rules_card)
        right.addStretch(1)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(20)
        layout.addLayout(left, 5)
        layout.addLayout(right, 3)
        self._shown: tuple[Sequence[str], Four21State, Four21Rules, bool] | None = None
        self._text_px = 0
        self.retranslate()
        self._fit()

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
            "",
        )
        for header, text in zip(self._headers, headers, strict=True):
            header.setText(text)
        self.last_caption.setText(translate("Four21Board", "Last round"))
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
            self.phase.setText(translate("Four21Board", "La charge"))
            self.pot_caption.setText(
                translate("Four21Board", "The pot: the worst hand of each round takes from it")
            )
        elif state.phase is Phase.DECHARGE:
            self.phase.setText(translate("Four21Board", "La décharge"))
            self.pot_caption.setText(
                translate("Four21Board", "The pot is empty: the best hand pays the worst")
            )
        else:
            self.phase.setText(translate("Four21Board", "Game over"))
        self.pot_box.setVisible(not state.finished)
        self.pot_count.setText(str(state.pot))
        self.pot_count.setVisible(state.phase is Phase.CHARGE)
        self.pot_chips.setVisible(state.phase is Phase.CHARGE)
        self.throws.setText(self._throws_text(players, state))
        self._show_rows(players, state)
        self.payment.setText(self._payment_text(players, state))
        self.last_ranking.setText(self._last_ranking_text(players, state))
        self.last_ranking.setVisible(bool(state.payments))
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
        self._fit()
        self._fit_rules_card()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Grow or shrink the text with the room there is."""
        super().resizeEvent(event)
        self._fit()
        self._fit_rules_card()

    def _fit_rules_card(self) -> None:
        """The rules card goes when the pot and the last round need its room (Help › Rules
        has the same text): nothing in the column is ever squeezed over its neighbour."""
        width = self.pot_box.width()
        if width <= 0:
            return
        spacing = self.right.spacing()
        needed = sum(
            box.heightForWidth(width) if box.hasHeightForWidth() else box.sizeHint().height()
            for box in (self.pot_box, self.last_box)
            if not box.isHidden()
        )
        card = self.rules_card.heightForWidth(width)
        layout = self.layout()
        top = layout.contentsMargins().top() if layout is not None else 0
        room = self.height() - top
        self.rules_card.setVisible(needed + 2 * spacing + card <= room)

    def _fit(self) -> None:
        count = len(self._shown[0]) if self._shown is not None else 2
        px = text_size(self.width(), self.height(), count)
        chips = self._shown[1].pot if self._shown is not None else 0
        self.pot_chips.show_count(chips, round(px * 1.1))
        for (_, chips_widget, *_rest), held in zip(
            self._cells, self._shown[1].tokens if self._shown else (), strict=False
        ):
            chips_widget.show_count(held, round(px * 0.85))
        if px == self._text_px:
            return
        self._text_px = px
        set_font(self.phase, round(px * 1.45), bold=True)
        set_font(self.stop_button, round(px * 1.1), bold=True)
        self.stop_button.setMinimumHeight(round(px * 2.2))
        set_font(self.throws, round(px * 1.05))
        for header in self._headers:
            set_font(header, max(MIN_TEXT_PX - 1, round(px * 0.75)), bold=True)
        for name, _chips, tokens, hand, place in self._cells:
            set_font(name, round(px * 1.1))
            set_font(tokens, round(px * 1.3), bold=True)
            set_font(hand, round(px * 1.3), bold=True)
            set_font(place, max(MIN_TEXT_PX, round(px * 0.8)))
        set_font(self.pot_caption, max(MIN_TEXT_PX - 1, round(px * 0.8)))
        set_font(self.pot_count, round(px * 2.4), bold=True)
        set_font(self.last_caption, max(MIN_TEXT_PX - 1, round(px * 0.8)), bold=True)
        set_font(self.payment, round(px * 1.0), bold=True)
        set_font(self.last_ranking, max(MIN_TEXT_PX - 1, round(px * 0.85)))
        set_font(self.rules_card, max(MIN_TEXT_PX - 1, round(px * 0.7)))
        self._colour_small_print()

    def _colour_small_print(self) -> None:
        colour_small_print(
            self, (self.rules_card, self.pot_caption, self.last_caption, *self._headers)
        )

    def changeEvent(self, event: QEvent) -> None:
        """After a theme switch the small print takes the new colours."""
        super().changeEvent(event)
        if is_palette_change(event):
            self._colour_small_print()

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
        grid = self.players.grid
        while len(self._cells) < len(players):
            row = len(self._cells) + 1
            name, tokens, hand, place = (QLabel(self.players) for _ in range(4))
            chips = TokenChips(self.players)
            for column, label in enumerate((name, tokens, hand, place)):
                label.setObjectName(f"four21Cell{row}_{column}")
            tokens.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            place.setWordWrap(True)
            grid.addWidget(name, row, 0)
            grid.addWidget(tokens, row, 1)
            grid.addWidget(chips, row, 2)
            grid.addWidget(hand, row, 3)
            grid.addWidget(place, row, 4)
            self._cells.append((name, chips, tokens, hand, place))
            self._text_px = 0  # the new row takes the board's text size
        self.players.rows = [cells for cells in self._cells[: len(players)]]
        self.players.playing_row = None if state.finished else state.turn.player
        hands = dict(state.hands)
        place_of = places(state.hands)
        tie_hands = dict(state.tie_hands)
        for seat, (name, chips, tokens, hand, place) in enumerate(self._cells):
            visible = seat < len(players)
            for widget in (name, chips, tokens, hand, place):
                widget.setVisible(visible)
            if not visible:
                continue
            playing = seat == state.turn.player and not state.finished
            out = bool(state.out) and state.out[seat]
            name.setText(("▶ " if playing else "") + players[seat])
            tokens.setText("0" if out else str(state.tokens[seat]))
            name.setEnabled(not out)
            tokens.setEnabled(not out)
            shown: Hand | None = None
            notes: list[str] = []
            if seat in hands:
                shown = hands[seat]
                notes.append(fill(translate("Four21Board", "place %1"), str(place_of[seat])))
            elif playing and state.turn.dice is not None:
                shown = hand_of(state.turn.dice)
                notes.append(translate("Four21Board", "throwing"))
            elif out:
                notes.append(translate("Four21Board", "out (safe)"))
            if shown == NENETTE:
                notes.append(translate("Four21Board", "nénette"))
            if seat in state.tied:
                notes.append(
                    fill(translate("Four21Board", "tie: %1"), hand_text(tie_hands[seat]))
                    if seat in tie_hands
                    else translate("Four21Board", "tied")
                )
            hand.setText("" if shown is None else hand_text(shown))
            # A note never breaks inside ("place 1"); the line may break between notes.
            place.setText(f"{NO_BREAK}· ".join(note.replace(" ", NO_BREAK) for note in notes))
            state_tokens = 0 if out else state.tokens[seat]
            chips.show_count(state_tokens, chips.chip)
        self.players.update()

    def _payment_text(self, players: Sequence[str], state: Four21State) -> str:
        if not state.payments:
            return translate("Four21Board", "No token has moved yet.")
        last = state.payments[-1]
        if last.payer is None:
            return fill(
                translate("Four21Board", "%1 takes %2 from the pot."),
                players[last.worst],
                str(last.tokens),
            )
        return fill(
            translate("Four21Board", "%1 pays %2 to %3."),
            players[last.payer],
            str(last.tokens),
            players[last.worst],
        )

    def _last_ranking_text(self, players: Sequence[str], state: Four21State) -> str:
        if not state.payments:
            return ""
        last: Payment = state.payments[-1]
        names = [name.replace(" ", NO_BREAK) for name in players]
        ranking = [
            fill(
                translate("Four21Board", "%1. %2 %3"), str(place), names[seat], hand_name(hand)
            ).replace(" ", NO_BREAK)
            for seat, hand, place in last.final_places
        ]
        best = fill(
            translate("Four21Board", "Best: %1's %2, worth %3. Worst: %4."),
            names[last.best],
            hand_name(last.best_hand),
            str(last.worth),
            names[last.worst],
        )
        lines = [best, " · ".join(ranking)]
        for tie_break in last.tie_breaks:
            throws = ", ".join(
                f"{names[seat]}{NO_BREAK}{hand_name(hand)}".replace(" ", NO_BREAK)
                for seat, hand in tie_break
            )
            lines.append(fill(translate("Four21Board", "Tie-break: %1"), throws))
        return "\n".join(lines)
