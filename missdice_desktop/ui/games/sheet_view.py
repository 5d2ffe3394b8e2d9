"""The scoresheet table: draws scores, previews and closed boxes, and scales with the window."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QMenu,
    QTableView,
    QWidget,
)

from missdice_desktop.ui.games.sheet_cells import LOOK_CHANGES, SheetDelegate
from missdice_desktop.ui.games.sheet_headers import (
    RELAYOUT_EVENTS,
    MarkedHeader,
    MarkerRelayout,
    SheetHeader,
)
from missdice_desktop.ui.games.sheet_model import RowKind, SheetModel, SheetRole

QWIDGETSIZE_MAX = (1 << 24) - 1
translate = QCoreApplication.translate
MIN_FONT_PX = 13
MAX_FONT_PX = 40


def box_key_of(event: QKeyEvent) -> str | None:
    """The box key an unmodified key press names: a letter "A"–"Z", never a digit.

    Digits belong to the dice (hold a die, or type a face from the table) wherever the
    focus is, so that one key keeps one meaning.
    """
    if event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier:
        return None
    key = event.key()
    if Qt.Key.Key_A <= key <= Qt.Key.Key_Z:
        return chr(key)
    return None


class SheetView(QTableView):
    """The scoresheet: a click on the current player's free box, or Enter on a row, scores."""

    box_chosen = Signal(int)
    """The row whose box the current player wants to score."""
    row_focused = Signal(int)
    """The keyboard moved to a row (the status line explains a closed box)."""
    player_rename_requested = Signal(int)
    """A double-click on a player's column header: rename that player."""
    player_moved = Signal(int, int)
    """Move the player of column `from` to column `to` (before the first turn)."""
    player_first = Signal(int)
    """Let the player of this column start (before the first turn)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._relayout = MarkerRelayout()
        players = MarkedHeader(Qt.Orientation.Horizontal, self)
        players.setSectionsClickable(True)  # as a table view's own header
        players.setHighlightSections(True)
        self.setHorizontalHeader(players)
        self.setVerticalHeader(SheetHeader(Qt.Orientation.Vertical, self))
        self.setItemDelegate(SheetDelegate(self))
        self.viewport().setObjectName("sheetViewport")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setTabKeyNavigation(False)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setMouseTracking(True)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setMinimumSectionSize(18)
        self.horizontalHeader().setHighlightSections(False)
        self.verticalHeader().setHighlightSections(True)
        self.clicked.connect(self._on_clicked)
        self.horizontalHeader().sectionDoubleClicked.connect(self.player_rename_requested)
        self.seats_movable = False
        """Whether the order of play may still change (nothing played yet)."""
        header = self.horizontalHeader()
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(
            lambda at: self.player_menu(header.logicalIndexAt(at)).popup(header.mapToGlobal(at))
        )

    def player_menu(self, column: int) -> QMenu:
        """The menu of a player's column: rename, and before the first turn move or start."""
        menu = QMenu(self)
        count = self.model().columnCount() if self.model() is not None else 0
        rename = menu.addAction(translate("SheetView", "&Rename…"))
        rename.triggered.connect(lambda: self.player_rename_requested.emit(column))
        left = menu.addAction(translate("SheetView", "Move &left"))
        left.setEnabled(self.seats_movable and column > 0)
        left.triggered.connect(lambda: self.player_moved.emit(column, column - 1))
        right = menu.addAction(translate("SheetView", "Move &right"))
        right.setEnabled(self.seats_movable and 0 <= column < count - 1)
        right.triggered.connect(lambda: self.player_moved.emit(column, column + 1))
        first = menu.addAction(translate("SheetView", "&Plays first"))
        first.setEnabled(self.seats_movable and column > 0)
        first.triggered.connect(lambda: self.player_first.emit(column))
        for action in (rename, left, right, first):
            action.setEnabled(action.isEnabled() and 0 <= column < count)
        return menu

    def current_player_column(self) -> int:
        """The column of the player whose turn it is (-1 when the game is over)."""
        model = self.model()
        if model is None:
            return -1
        for column in range(model.columnCount()):
            if model.index(0, column).data(SheetRole.CURRENT_PLAYER):
                return column
        return -1

    def _on_clicked(self, index: QModelIndex) -> None:
        if (
            index.isValid()
            and index.column() == self.current_player_column()
            and index.data(SheetRole.ROW_KIND) is RowKind.BOX
        ):
            self.box_chosen.emit(index.row())

    def setModel(self, model: QAbstractItemModel | None) -> None:
        """Show `model`; a turn passing then repaints two columns, not the whole sheet."""
        super().setModel(model)
        self._relayout.watch(model)
        for header in (self.horizontalHeader(), self.verticalHeader()):
            if isinstance(header, MarkedHeader):
                header.relayout.watch(model)

    def dataChanged(
        self,
        topLeft: QModelIndex | QPersistentModelIndex,
        bottomRight: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        """Repaint the cells that changed: a run of cells in one column (`SheetModel.refresh`)
        repaints that run only, not a pixel of the next column and row with their cells, as
        Qt's rectangle for a range would."""
        if (
            topLeft.column() != bottomRight.column()
            or topLeft.row() == bottomRight.row()
            or QAccessible.isActive()  # then Qt also tells screen readers of the change
        ):
            super().dataChanged(topLeft, bottomRight, list(roles))
            return
        if self.isVisible():
            self.viewport().update(self.visualRect(topLeft).united(self.visualRect(bottomRight)))

    def doItemsLayout(self) -> None:
        """Lay the sheet out again, unless only the players' markers moved (then no header
        changes its size: see `MarkerRelayout`)."""
        if not self._relayout.light():
            super().doItemsLayout()

    def event(self, event: QEvent) -> bool:
        """Box keys typed in the sheet choose boxes, before the window's digit shortcuts."""
        if event.type() in RELAYOUT_EVENTS:
            self._relayout.reshaped()
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self._row_of_key(event) is not None
        ):
            event.accept()
            return True
        return super().event(event)

    def _row_of_key(self, event: QKeyEvent) -> int | None:
        model = self.model()
        key = box_key_of(event)
        if key is None or not isinstance(model, SheetModel):
            return None
        if not model.dice_to_score():
            return None  # before the dice: digits hold dice or type table dice, as elsewhere
        return model.row_of_key(key)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter scores the current player's box in the selected row; a box key scores its box."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            index = self.currentIndex()
            if index.isValid():
                self.box_chosen.emit(index.row())
                event.accept()
                return
        if self.score_by_key(event):
            return
        super().keyPressEvent(event)

    def score_by_key(self, event: QKeyEvent) -> bool:
        """Score the box whose letter `event` is, once there are dice; True when it did."""
        row = self._row_of_key(event)
        if row is None:
            return False
        column = self.current_player_column()
        if column >= 0:
            self.setCurrentIndex(self.model().index(row, column))
        self.box_chosen.emit(row)
        event.accept()
        return True

    def moveCursor(
        self, cursorAction: QAbstractItemView.CursorAction, modifiers: Qt.KeyboardModifier
    ) -> QModelIndex:
        """The arrows stop only on the current player's free boxes, never on totals."""
        column = self.current_player_column()
        model = self.model()
        rows = model.free_rows(column) if isinstance(model, SheetModel) and column >= 0 else []
        if not rows:
            return super().moveCursor(cursorAction, modifiers)
        current = self.currentIndex().row() if self.currentIndex().isValid() else -1
        action = QAbstractItemView.CursorAction
        if cursorAction in (action.MoveUp, action.MovePrevious):
            earlier = [row for row in rows if row < current]
            row = earlier[-1] if earlier else rows[-1]
        elif cursorAction in (action.MoveDown, action.MoveNext):
            later = [row for row in rows if row > current]
            row = later[0] if later else rows[0]
        elif cursorAction in (action.MoveHome, action.MovePageUp):
            row = rows[0]
        elif cursorAction in (action.MoveEnd, action.MovePageDown):
            row = rows[-1]
        else:  # left and right stay in the current player's column
            row = current if current in rows else rows[0]
        return model.index(row, column)

    def follow_current_player(self) -> None:
        """Put the keyboard's place on a free box of the current player (a new turn)."""
        column = self.current_player_column()
        model = self.model()
        if column < 0 or not isinstance(model, SheetModel):
            return
        rows = model.free_rows(column)
        current = self.currentIndex()
        if not rows or (current.isValid() and current.column() == column and current.row() in rows):
            return
        self.setCurrentIndex(model.index(rows[0], column))

    def focusInEvent(self, event: QFocusEvent) -> None:
        """The focus starts in the current player's column."""
        self.follow_current_player()
        super().focusInEvent(event)

    def currentChanged(
        self,
        current: QModelIndex | QPersistentModelIndex,
        previous: QModelIndex | QPersistentModelIndex,
    ) -> None:
        """Tell the status line which row the keyboard is on."""
        super().currentChanged(current, previous)
        if current.isValid():
            self.row_focused.emit(current.row())

    def changeEvent(self, event: QEvent) -> None:
        """A new palette, font or style: the cells are drawn anew."""
        if event.type() in LOOK_CHANGES:
            delegate = self.itemDelegate()
            if isinstance(delegate, SheetDelegate):
                delegate.forget_looks()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Grow the text with the rows, so that a big window shows a big, readable sheet."""
        super().resizeEvent(event)
        self.fit_font()

    def fit_font(self) -> None:
        """Choose the font size that fills the rows without clipping."""
        model = self.model()
        rows = model.rowCount() if model is not None else 0
        if rows == 0:
            return
        header = self.horizontalHeader().height()
        row_height = (self.height() - header - 4) / rows
        pixels = int(max(MIN_FONT_PX, min(MAX_FONT_PX, row_height * 0.55)))
        font = self.font()
        if font.pixelSize() != pixels:
            font.setPixelSize(pixels)
            self.setFont(font)
            self.horizontalHeader().setFont(font)
            self.verticalHeader().setFont(font)
            self.verticalHeader().setMinimumSectionSize(int(pixels * 1.35))
        self._fit_row_titles(font)
        self._fit_columns(pixels)

    def _fit_columns(self, pixels: int) -> None:
        """Share the width between players; a lone player's sheet stays as narrow as paper."""
        model = self.model()
        header = self.horizontalHeader()
        widest = pixels * 20
        titles = max(self.verticalHeader().minimumWidth(), self.verticalHeader().width())
        parent = self.parentWidget()
        room = (parent.width() if parent is not None else self.width()) - titles - 40
        if model.columnCount() == 1 and room > widest:
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.resizeSection(0, widest)
            self.setMaximumWidth(titles + widest + 2 * self.frameWidth() + 2)
        else:
            self.setMaximumWidth(QWIDGETSIZE_MAX)
            if header.sectionResizeMode(0) != QHeaderView.ResizeMode.Stretch:
                header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)

    def _fit_row_titles(self, font: QFont) -> None:
        """Make the row titles column wide enough for the longest title, in bold."""
        model = self.model()
        bold = QFont(font)
        bold.setBold(True)
        metrics = QFontMetrics(bold)
        widest = max(
            (
                metrics.horizontalAdvance(str(model.headerData(row, Qt.Orientation.Vertical)))
                for row in range(model.rowCount())
            ),
            default=0,
        )
        width = widest + metrics.averageCharWidth() * 2
        if any(
            model.headerData(row, Qt.Orientation.Vertical, SheetRole.BOX_KEY)
            for row in range(model.rowCount())
        ):
            width += metrics.horizontalAdvance("W") + metrics.averageCharWidth() * 2
        if self.verticalHeader().minimumWidth() != width:
            self.verticalHeader().setMinimumWidth(width)
            self.updateGeometries()
