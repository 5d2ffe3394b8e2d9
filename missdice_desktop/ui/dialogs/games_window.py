"""The Games window: every kept game (finished or not) and the high scores drawn from them.

The window opens at once and the list fills in: each game's summary is read on a pool thread
(`GameLibrary.entry`: the summary kept beside the game, or the game replayed once), in
batches, so that thousands of kept games never freeze it. What a game's row says is worded in
`kept_games`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QLocale,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QHideEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.library import GameLibrary, KeptSummary, UnreadableGame, high_scores
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.kept_games import (
    Entry,
    game_date,
    players_named,
    scores_text,
    sheet_name,
    state_text,
    unreadable_text,
)
from missdice_desktop.ui.game_night.charts import ChartsPage
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
PATH_ROLE = Qt.ItemDataRole.UserRole
BATCH_SECONDS = 0.05
"""How often the list grows while the games are read."""


class _Listing(QObject):
    """Carries the entries read on a pool thread back to the window."""

    found = Signal(int, object)
    """(listing number, list of entries) in the folder's order, newest first."""
    finished = Signal(int)


class _ListRunner(QRunnable):
    def __init__(
        self, library: GameLibrary, listing: _Listing, number: int, wanted: Callable[[], int]
    ) -> None:
        super().__init__()
        self.library, self.listing, self.number, self.wanted = library, listing, number, wanted

    def run(self) -> None:
        batch: list[tuple[Entry, bool]] = []
        sent = time.monotonic()
        for path in self.library.paths():
            if self.wanted() != self.number:
                return  # the window closed or lists again
            batch.append((self.library.entry(path), self.library.locked_elsewhere(path)))
            if time.monotonic() - sent >= BATCH_SECONDS:
                self.listing.found.emit(self.number, batch)
                batch, sent = [], time.monotonic()
        if batch:
            self.listing.found.emit(self.number, batch)
        self.listing.finished.emit(self.number)


class GamesWindow(QDialog):
    """The kept games, newest first, with Open and Delete; and the high scores."""

    open_requested = Signal(Path)
    """Show this game (resume it if unfinished; a copy when another window plays it)."""
    delete_requested = Signal(Path)
    """Delete this game (the controller asks first)."""
    note_requested = Signal(Path)
    """Edit this game's note."""
    export_requested = Signal(int)
    """Export the page shown as CSV (0: the games, 1: the high scores)."""
    listed = Signal()
    """Every kept game is in the list (and the high scores are up to date)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("gamesWindow")
        self.resize(860, 480)
        self.kept: list[Entry] = []
        self.elsewhere: set[Path] = set()
        """The games another window plays."""
        self.current_path: Path | None = None
        self.library: GameLibrary | None = None
        self.listing_done = True
        self._listing = _Listing(self)
        self._listing.found.connect(self._on_found)
        self._listing.finished.connect(self._on_listed)
        self._number = 0
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.tabs = QTabWidget(self)
        self.games = QTableWidget(0, 6, self)
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
        self.search = QLineEdit(self)
        self.search.setObjectName("gamesSearch")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter_rows)
        games_page = QWidget(self)
        games_layout = QVBoxLayout(games_page)
        games_layout.addWidget(self.search)
        games_layout.addWidget(self.games)
        games_layout.addWidget(self.empty_label)
        self.tabs.addTab(games_page, "")
        self.tabs.addTab(self.scores, "")
        self.charts = ChartsPage(self)
        self.tabs.addTab(self.charts, "")
        self.buttons = QDialogButtonBox(self)
        self.open_button = QPushButton(self)
        self.delete_button = QPushButton(self)
        self.set_aside_button = QPushButton(self)
        self.note_button = QPushButton(self)
        self.export_button = QPushButton(self)
        self.buttons.addButton(self.note_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.delete_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.buttons.addButton(self.set_aside_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.buttons)
        self.open_button.clicked.connect(self.open_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.set_aside_button.clicked.connect(self.set_aside_selected)
        self.note_button.clicked.connect(self.note_selected)
        self.export_button.clicked.connect(
            lambda: self.export_requested.emit(self.tabs.currentIndex())
        )
        self.close_button.clicked.connect(self.close)
        self.games.itemDoubleClicked.connect(lambda _item: self.open_selected())
        self.games.itemSelectionChanged.connect(self._update_buttons)
        self.tabs.currentChanged.connect(self._update_buttons)
        self.retranslate_ui()

    # Content ---------------------------------------------------------------------------------

    def list_games(self, library: GameLibrary, current: Path | None) -> None:
        """Empty the list, then fill it in the background from `library`'s folder; `current`
        is the game in the window."""
        self.library = library
        self.current_path = current
        self.kept = []
        self.elsewhere = set()
        self.games.setRowCount(0)
        self.scores.setRowCount(0)
        self.listing_done = False
        self._number += 1
        number = self._number
        self._update_empty()
        self._update_buttons()
        self.pool.start(_ListRunner(library, self._listing, number, lambda: self._number))

    def stop_listing(self) -> None:
        """Stop reading the games (the window closes)."""
        self._number += 1

    def _on_found(self, number: int, found: list[tuple[Entry, bool]]) -> None:
        if number != self._number:
            return
        first = len(self.kept)
        for entry, elsewhere in found:
            self.kept.append(entry)
            if elsewhere:
                self.elsewhere.add(entry.path)
        table = self.games
        table.setUpdatesEnabled(False)
        table.setRowCount(len(self.kept))
        for row in range(first, len(self.kept)):
            self._fill_row(row)
        table.setUpdatesEnabled(True)
        if first == 0 and self.kept:
            table.resizeColumnsToContents()
            table.selectRow(0)
        self._update_empty()
        self._update_buttons()

    def _on_listed(self, number: int) -> None:
        if number != self._number:
            return
        self.listing_done = True
        self.games.resizeColumnsToContents()
        self._fill_scores()
        self._filter_rows()
        self._update_empty()
        self._update_buttons()
        self.listed.emit()

    def _fill_row(self, row: int) -> None:
        entry = self.kept[row]
        if isinstance(entry, UnreadableGame):
            cells = [game_date(entry), entry.path.name, "", "", unreadable_text(entry), ""]
        else:
            cells = [
                game_date(entry),
                sheet_name(entry),
                ", ".join(players_named(entry)),
                scores_text(entry),
                state_text(entry),
                entry.summary.note,
            ]
        if entry.path == self.current_path:
            cells[4] = fill(translate("GamesWindow", "%1 (in the window)"), cells[4])
        elif entry.path in self.elsewhere:
            cells[4] = fill(translate("GamesWindow", "%1 (open in another window)"), cells[4])
        for column, text in enumerate(cells):
            # a note of several lines shows its first line; the tooltip has it whole
            item = QTableWidgetItem(text.replace("\n", " ⏎ ") if column == 5 else text)
            item.setData(PATH_ROLE, str(entry.path))
            item.setToolTip(text)
            self.games.setItem(row, column, item)
        self.games.setRowHidden(row, not self._matches(row))

    def _matches(self, row: int) -> bool:
        """Whether the row holds every word of the search (any column, the note included)."""
        words = self.search.text().casefold().split()
        if not words:
            return True
        cells = " ".join(
            item.toolTip()
            for c in range(self.games.columnCount())
            if (item := self.games.item(row, c))
        ).casefold()
        return all(word in cells for word in words)

    def _filter_rows(self) -> None:
        for row in range(self.games.rowCount()):
            self.games.setRowHidden(row, not self._matches(row))

    def _fill_games(self) -> None:
        self.games.setRowCount(len(self.kept))
        for row in range(len(self.kept)):
            self._fill_row(row)
        self.games.resizeColumnsToContents()
        self._update_empty()
        self._update_buttons()

    def _update_empty(self) -> None:
        self.empty_label.setVisible(not self.kept or not self.listing_done)
        if self.kept and not self.listing_done:
            self.empty_label.setText(
                fill(
                    translate("GamesWindow", "Reading the kept games… %1 so far"),
                    str(len(self.kept)),
                )
            )
        elif self.listing_done:
            self.empty_label.setText(
                translate(
                    "GamesWindow",
                    "No game kept yet: every game played here is kept, finished or not, until "
                    "you delete it.",
                )
            )
        else:
            self.empty_label.setText(translate("GamesWindow", "Reading the kept games…"))

    def _fill_scores(self) -> None:
        readable = [entry for entry in self.kept if isinstance(entry, KeptSummary)]
        names = {entry.summary.sheet: sheet_name(entry) for entry in readable}
        rows = high_scores(readable, names)
        table = self.scores
        table.setRowCount(len(rows))
        locale = QLocale()
        for row, score in enumerate(rows):
            cells = [
                score.sheet,
                texts.computer_name(score.player) if score.computer else score.player,
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
        self.charts.set_games(readable, names)

    def selected_path(self) -> Path | None:
        """The game selected in the list."""
        items = self.games.selectedItems()
        return Path(items[0].data(PATH_ROLE)) if items else None

    def selected_entry(self) -> Entry | None:
        """What the list knows of the selected game."""
        path = self.selected_path()
        return next((entry for entry in self.kept if entry.path == path), None)

    def select_path(self, path: Path) -> None:
        """Select the row of `path`."""
        for row, kept in enumerate(self.kept):
            if kept.path == path:
                self.games.selectRow(row)

    def open_selected(self) -> None:
        """Open the selected game in the window."""
        entry = self.selected_entry()
        if isinstance(entry, KeptSummary) and entry.path != self.current_path:
            self.open_requested.emit(entry.path)

    def delete_selected(self) -> None:
        """Ask to delete the selected game (not the one in the window nor in another)."""
        entry = self.selected_entry()
        playing = entry is not None and (
            entry.path == self.current_path or entry.path in self.elsewhere
        )
        if isinstance(entry, KeptSummary) and not playing:
            self.delete_requested.emit(entry.path)

    def note_selected(self) -> None:
        """Edit the selected game's note (not a game another window plays)."""
        entry = self.selected_entry()
        if isinstance(entry, KeptSummary) and entry.path not in self.elsewhere:
            self.note_requested.emit(entry.path)

    def set_aside_selected(self) -> None:
        """Rename the selected game that cannot be opened to NAME.json.broken (the player's
        choice; never a newer version's game)."""
        entry = self.selected_entry()
        if not isinstance(entry, UnreadableGame) or entry.newer or self.library is None:
            return
        try:
            self.library.set_aside(entry.path)
        except (OSError, ValueError):
            return
        self.list_games(self.library, self.current_path)

    def _update_buttons(self) -> None:
        on_list = self.tabs.currentIndex() == 0
        entry = self.selected_entry()
        unreadable = isinstance(entry, UnreadableGame)
        self.open_button.setVisible(on_list and not unreadable)
        self.delete_button.setVisible(on_list and not unreadable)
        self.set_aside_button.setVisible(on_list and unreadable)
        self.note_button.setVisible(on_list and not unreadable)
        self.export_button.setVisible(self.tabs.currentIndex() in (0, 1))
        self.export_button.setEnabled(self.listing_done and bool(self.kept))
        readable = isinstance(entry, KeptSummary)
        path = entry.path if entry is not None else None
        elsewhere = path in self.elsewhere
        self.open_button.setEnabled(readable and path != self.current_path)
        self.delete_button.setEnabled(readable and path != self.current_path and not elsewhere)
        self.set_aside_button.setEnabled(isinstance(entry, UnreadableGame) and not entry.newer)
        self.note_button.setEnabled(readable and not elsewhere)
        if readable and elsewhere:
            self.open_button.setText(translate("GamesWindow", "Open a &copy"))
        elif isinstance(entry, KeptSummary) and not entry.finished:
            self.open_button.setText(translate("GamesWindow", "&Resume"))
        else:
            self.open_button.setText(translate("GamesWindow", "&Open"))

    def hideEvent(self, event: QHideEvent) -> None:
        """Stop reading the games once the window is gone."""
        self.stop_listing()
        super().hideEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Stop reading the games once the window is gone."""
        self.stop_listing()
        super().closeEvent(event)

    # Text ------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Every text in the current language."""
        self.setWindowTitle(translate("GamesWindow", "Games"))
        self.tabs.setTabText(0, translate("GamesWindow", "&Games"))
        self.tabs.setTabText(1, translate("GamesWindow", "&High scores"))
        self.tabs.setTabText(2, translate("GamesWindow", "&Charts"))
        self.search.setPlaceholderText(
            translate("GamesWindow", "Search the games: a player, a sheet, a word of a note…")
        )
        self.search.setAccessibleName(translate("GamesWindow", "Search the games"))
        self.note_button.setText(translate("GamesWindow", "&Note…"))
        self.export_button.setText(translate("GamesWindow", "E&xport as CSV…"))
        self.charts.retranslate()
        self.games.setHorizontalHeaderLabels(
            [
                translate("GamesWindow", "Date"),
                translate("GamesWindow", "Scoresheet"),
                translate("GamesWindow", "Players"),
                translate("GamesWindow", "Scores"),
                translate("GamesWindow", "Winner"),
                translate("GamesWindow", "Note"),
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
        self.delete_button.setText(translate("GamesWindow", "&Delete…"))
        self.set_aside_button.setText(translate("GamesWindow", "Set &aside"))
        self._update_empty()
        self._update_buttons()
        if self.kept:
            self._fill_games()
            if self.listing_done:
                self._fill_scores()

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
