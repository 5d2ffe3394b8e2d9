"""The end of a game: the ranking (ties share a place), each total, and a rematch button."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules import DiceGame, Standing
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


def winners_text(standings: Sequence[Standing]) -> str:
    """'Anna wins!' or 'Anna and Ben share the win!'."""
    winners = [standing.name for standing in standings if standing.rank == 1]
    if len(standings) == 1:
        return fill(translate("EndOfGame", "Well played, %1!"), winners[0])
    if len(winners) == 1:
        return fill(translate("EndOfGame", "%1 wins!"), winners[0])
    names = translate("EndOfGame", ", ").join(winners[:-1])
    return fill(translate("EndOfGame", "%1 and %2 share the win!"), names, winners[-1])


class EndOfGameDialog(QDialog):
    """The final ranking; offers a new game with the same players."""

    same_players_requested = Signal()
    new_game_requested = Signal()

    def __init__(
        self,
        standings: Sequence[Standing],
        parent: QWidget | None = None,
        *,
        loser: str | None = None,
    ) -> None:
        """`loser` for a game decided by who loses (the 421): the ranking counts tokens."""
        super().__init__(parent)
        self.setObjectName("endOfGameDialog")
        self.setWindowTitle(translate("EndOfGame", "End of the game"))
        title = (
            winners_text(standings)
            if loser is None
            else fill(translate("EndOfGame", "%1 loses the game!"), loser)
        )
        self.title = QLabel(title, self)
        self.title.setObjectName("winners")
        title_font = QFont(self.font())
        title_font.setPointSizeF(title_font.pointSizeF() * 1.6)
        title_font.setBold(True)
        self.title.setFont(title_font)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)

        self.ranking = QTableWidget(len(standings), 3, self)
        self.ranking.setObjectName("ranking")
        self.ranking.setAccessibleName(translate("EndOfGame", "Ranking"))
        self.ranking.setHorizontalHeaderLabels(
            [
                translate("EndOfGame", "Place"),
                translate("EndOfGame", "Player"),
                translate("EndOfGame", "Total")
                if loser is None
                else translate("EndOfGame", "Tokens"),
            ]
        )
        self.ranking.verticalHeader().setVisible(False)
        self.ranking.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.ranking.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.ranking.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for row, standing in enumerate(standings):
            tied = sum(1 for other in standings if other.rank == standing.rank) > 1
            place = str(standing.rank)
            if tied:
                place = fill(translate("EndOfGame", "%1 (tie)"), place)
            if standing.rank == 1:
                place = "★ " + place
            cells = (place, standing.name, str(standing.total))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if standing.rank == 1:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.ranking.setItem(row, column, item)
        rows_height = sum(self.ranking.rowHeight(r) for r in range(len(standings)))
        frame = 2 * self.ranking.frameWidth()
        self.ranking.setFixedHeight(min(420, rows_height + header.sizeHint().height() + frame))
        self.ranking.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.ranking.setCurrentCell(-1, -1)

        self.same_players_button = QPushButton(
            translate("EndOfGame", "New game with the &same players"), self
        )
        self.same_players_button.setObjectName("samePlayers")
        self.new_game_button = QPushButton(translate("EndOfGame", "&New game…"), self)
        self.close_button = QPushButton(translate("EndOfGame", "&Close"), self)
        # Space or Enter still meant for the dice (a throw that ended the game) must not
        # start a new one before anyone has read the ranking: those keys only close.
        for button in (self.same_players_button, self.new_game_button):
            button.setAutoDefault(False)
        self.close_button.setDefault(True)
        self.same_players_button.clicked.connect(self._on_same_players)
        self.new_game_button.clicked.connect(self._on_new_game)
        self.close_button.clicked.connect(self.reject)

        buttons = QHBoxLayout()
        buttons.addWidget(self.same_players_button)
        buttons.addWidget(self.new_game_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.ranking)
        layout.addLayout(buttons)
        self.resize(460, self.sizeHint().height())
        self.close_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_same_players(self) -> None:
        self.accept()
        self.same_players_requested.emit()

    def _on_new_game(self) -> None:
        self.accept()
        self.new_game_requested.emit()


def game_over_text(game: DiceGame[Any]) -> str:
    """The status line at the end: who won, with how many points (or who lost the 421)."""
    if game.losers():
        return fill(translate("Controller", "Game over: %1 loses."), game.losers()[0])
    standings = game.standings()
    top = [s for s in standings if s.rank == 1]
    names = ", ".join(s.name for s in top)
    if len(top) > 1:
        return fill(
            translate("Controller", "Game over: %1 share the win with %2 points."),
            names,
            str(top[0].total),
        )
    return fill(
        translate("Controller", "Game over: %1 wins with %2 points."), names, str(top[0].total)
    )
