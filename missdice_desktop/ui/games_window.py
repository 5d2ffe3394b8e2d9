"""The Games window: every kept game (finished or not) and the high scores drawn from them."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QDateTime, QEvent, QLocale, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.library import KeptGame, high_scores, sheet_id
from missdice_desktop.rules import Game
from missdice_desktop.ui import texts
from missdice_desktop.ui.end_of_game_dialog import winners_text
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
PATH_ROLE = Qt.ItemDataRole.UserRole


def game_date(kept: KeptGame) -> str:
    """When the game was last played, in the language of the moment."""
    moment = QDateTime.fromSecsSinceEpoch(int(kept.saved_at))
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def sheet_name(kept: KeptGame) -> str:
    """The scoresheet of a Yahtzee-family game, else the game's name."""
    game = kept.game
    if isinstance(game, Game):
        return texts.variant_name(game.rules.variant)
    return texts.game_name(game.game_id)


def scores_text(kept: KeptGame) -> str:
    """ "Anna 212, Ben 187": every player's total, in playing order."""
    totals = kept.game.rules.totals(kept.game.state)
    return ", ".join(
        f"{name} {total}" for name, total in zip(kept.game.players, totals, strict=True)
    )


def state_text(kept: KeptGame) -> str:
    """The winner of a finished game, or how far an unfinished one went."""
    game = kept.game
    if game.finished:
        losers = game.losers()
        if losers:
            return fill(translate("GamesWindow", "%1 loses"), ", ".join(losers))
        return winners_text(game.standings())
    if not isinstance(game, Game):
        return translate("GamesWindow", "Unfinished")
    turn = len(game.state.scored_turns) // max(1, len(game.players)) + 1
    return fill(
        translate("GamesWindow", "Unfinished: turn %1 of %2"), str(turn), str(len(game.rules.boxes))
    )


class GamesWindow(QDialog):
    """The kept games, newest first, with Open and Delete; and the high scores."""

    open_requested = Signal(Path)
    """Show this game (resume it if unfinished)."""
    delete_requested = Signal(Path)
    """Delete this game (the controller asks first)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gamesWindow")
        self.resize(860, 480)
        self.kept: list[KeptGame] = []
        self.current_path: Path | None = None
        self.tabs = QTabWidget(self)
        self.games = QTableWidget(0, 5, self)
        self.games.setObjectName("gamesList")
        self.scores = QTableWidget(0, 6, self)
        self.scores.setObjectName("highScores")
        for table in (self.games, self.scores):
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            table.verticalHeader().hide()
            table.setAlternatingRowColors(True)
            table.horizontalHeader().setStretchLastSection(True)
        self.scores.horizontalHeader().setStretchLastSection(False)
        self.scores.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.empty_label = QLabel(self)
        self.empty_label.setWordWrap(True)
        games_page = QWidget(self)
        games_layout = QVBoxLayout(games_page)
        games_layout.addWidget(self.games)
        games_layout.addWidget(self.empty_label)
        self.tabs.addTab(games_page, "")
        self.tabs.addTab(self.scores, "")
        self.buttons = QDialogButtonBox(self)
        self.open_button = QPushButton(self)
        self.delete_button = QPushButton(self)
        self.buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.delete_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)
        self.open_button.clicked.connect(self.open_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.close_button.clicked.connect(self.close)
        self.games.itemDoubleClicked.connect(lambda _item: self.open_selected())
        self.games.itemSelectionChanged.connect(self._update_buttons)
        self.tabs.currentChanged.connect(self._update_buttons)
        self.retranslate_ui()

    # Content ---------------------------------------------------------------------------------

    def show_games(self, kept: Sequence[KeptGame], current: Path | None) -> None:
        """Fill both pages from the kept games; `current` is the game in the window."""
        self.kept = list(kept)
        self.current_path = current
        self._fill_games()
        self._fill_scores()

    def _fill_games(self) -> None:
        table = self.games
        table.setRowCount(len(self.kept))
        for row, kept in enumerate(self.kept):
            cells = [
                game_date(kept),
                sheet_name(kept),
                ", ".join(kept.game.players),
                scores_text(kept),
                state_text(kept),
            ]
            if kept.path == self.current_path:
                cells[4] = fill(translate("GamesWindow", "%1 (in the window)"), cells[4])
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(PATH_ROLE, str(kept.path))
                item.setToolTip(text)
                table.setItem(row, column, item)
        table.resizeColumnsToContents()
        self.empty_label.setVisible(not self.kept)
        if self.kept:
            table.selectRow(0)
        self._update_buttons()

    def _fill_scores(self) -> None:
        names: dict[str, str] = {}
        for kept in self.kept:
            names[sheet_id(kept.game)] = sheet_name(kept)
        rows = high_scores(self.kept, names)
        table = self.scores
        table.setRowCount(len(rows))
        locale = QLocale()
        for row, score in enumerate(rows):
            cells = [
                score.sheet,
                score.player,
                str(score.best),
                locale.toString(score.average, "f", 1),
                str(score.played),
                str(score.won),
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                table.setItem(row, column, item)
        table.resizeColumnsToContents()

    def selected_path(self) -> Path | None:
        """The game selected in the list."""
        items = self.games.selectedItems()
        return Path(items[0].data(PATH_ROLE)) if items else None

    def select_path(self, path: Path) -> None:
        """Select the row of `path`."""
        for row, kept in enumerate(self.kept):
            if kept.path == path:
                self.games.selectRow(row)

    def open_selected(self) -> None:
        """Open the selected game in the window."""
        path = self.selected_path()
        if path is not None:
            self.open_requested.emit(path)

    def delete_selected(self) -> None:
        """Ask to delete the selected game (not the one in the window)."""
        path = self.selected_path()
        if path is not None and path != self.current_path:
            self.delete_requested.emit(path)

    def _update_buttons(self) -> None:
        on_list = self.tabs.currentIndex() == 0
        self.open_button.setVisible(on_list)
        self.delete_button.setVisible(on_list)
        path = self.selected_path()
        kept = next((k for k in self.kept if k.path == path), None)
        self.open_button.setEnabled(kept is not None and path != self.current_path)
        self.delete_button.setEnabled(kept is not None and path != self.current_path)
        if kept is not None and not kept.finished:
            self.open_button.setText(translate("GamesWindow", "&Resume"))
        else:
            self.open_button.setText(translate("GamesWindow", "&Open"))

    # Text ------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Every text in the current language."""
        self.setWindowTitle(translate("GamesWindow", "Games"))
        self.tabs.setTabText(0, translate("GamesWindow", "&Games"))
        self.tabs.setTabText(1, translate("GamesWindow", "&High scores"))
        self.games.setHorizontalHeaderLabels(
            [
                translate("GamesWindow", "Date"),
                translate("GamesWindow", "Scoresheet"),
                translate("GamesWindow", "Players"),
                translate("GamesWindow", "Scores"),
                translate("GamesWindow", "Winner"),
            ]
        )
        self.scores.setHorizontalHeaderLabels(
            [
                translate("GamesWindow", "Scoresheet"),
                translate("GamesWindow", "Player"),
                translate("GamesWindow", "Best"),
                translate("GamesWindow", "Average"),
                translate("GamesWindow", "Games"),
                translate("GamesWindow", "Won"),
            ]
        )
        self.empty_label.setText(
            translate(
                "GamesWindow",
                "No game kept yet: every game played here is kept, finished or not, until "
                "you delete it.",
            )
        )
        self.delete_button.setText(translate("GamesWindow", "&Delete…"))
        self._update_buttons()
        if self.kept:
            self._fill_games()
            self._fill_scores()

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
