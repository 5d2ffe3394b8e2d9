"""The scoresheet table: draws scores, previews and closed boxes, and scales with the window."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
    Signal,
    SignalInstance,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFocusEvent,
    QFont,
    QFontMetrics,
    QKeyEvent,
    QPainter,
    QPalette,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from missdice_desktop.ui.colours import mix, readable
from missdice_desktop.ui.games.sheet_model import Cell, RowKind, SheetModel, SheetRole

QWIDGETSIZE_MAX = (1 << 24) - 1
translate = QCoreApplication.translate
MIN_FONT_PX = 13
MAX_FONT_PX = 40
MAX_CACHED_CELLS = 600
"""Cell pixmaps kept: a few hundred cover every different cell of a sheet at one size."""


class SheetDelegate(QStyledItemDelegate):
    """Scored boxes plain, previews in italic accent, closed boxes greyed and hatched.

    A cell is styled from its `Cell` alone, read from the model in one call. The style
    draws each different cell (its look, text, size and state) once into a pixmap, and a
    repaint copies pixmaps: a sheet shows few different cells, and the style's text layout
    is the dear part. The view calls `forget_looks` when its palette, font or style change.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._looks: dict[tuple[object, ...], tuple[QFont, QColor, QBrush]] = {}
        self._pixmaps: dict[tuple[object, ...], QPixmap] = {}

    def forget_looks(self) -> None:
        """The palette, the font or the style changed: draw every cell anew."""
        self._looks.clear()
        self._pixmaps.clear()

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """Fonts and colours from the cell and the palette."""
        cell = index.data(SheetRole.CELL)
        if not isinstance(cell, Cell):
            super().initStyleOption(option, index)
            return
        self._style_cell(option, index, cell)

    def _style_cell(
        self,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        cell: Cell,
    ) -> None:
        """What `QStyledItemDelegate.initStyleOption` reads from the model's roles, taken
        from `cell` instead, then the cell's own look."""
        if isinstance(index, QModelIndex):
            option.index = index
        else:
            option.index = index.sibling(index.row(), index.column())
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasDisplay
        option.text = cell.text
        option.displayAlignment = Qt.AlignmentFlag.AlignCenter
        option.styleObject = None  # type: ignore[assignment]  # no style animations, as Qt's
        selected = bool(option.state & SELECTED)
        if selected:
            # A soft tint for the selected row: its numbers stay as readable as the others.
            option.state &= ~SELECTED
        palette = option.palette
        font, ink, background = self._look(palette, option.font, cell, selected)
        palette.setColor(QPalette.ColorRole.Text, ink)
        option.font = font
        option.backgroundBrush = background
        option.palette = palette
        if cell.bonus_missing and not _fits(option, font, option.text):
            # A narrow column (many players, the camera beside): "(63)" instead of "63 to go",
            # never "−63", which would read as a penalty.
            option.text = f"({cell.bonus_missing})"

    def _look(
        self, palette: QPalette, base_font: QFont, cell: Cell, selected: bool
    ) -> tuple[QFont, QColor, QBrush]:
        """The font, ink and background of a kind of cell on `palette`."""
        key = (palette.cacheKey(), base_font.key(), *_look_key(cell), selected)
        look = self._looks.get(key)
        if look is None:
            if len(self._looks) >= MAX_CACHED_CELLS:
                self._looks.clear()
            look = self._looks[key] = _cell_look(palette, base_font, cell, selected)
        return look

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        """The standard cell, plus a hatch over boxes the joker closes."""
        cell = index.data(SheetRole.CELL)
        if not isinstance(cell, Cell):
            super().paint(painter, option, index)
            return
        rect = option.rect
        ratio = painter.device().devicePixelRatio()
        key = (
            cell.text,
            *_look_key(cell),
            cell.bonus_missing,
            rect.width(),
            rect.height(),
            ratio,
            option.state.value,
        )
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            if len(self._pixmaps) >= MAX_CACHED_CELLS:
                self._pixmaps.clear()
            pixmap = self._pixmaps[key] = self._draw_cell(option, index, cell, ratio)
        painter.drawPixmap(rect.topLeft(), pixmap)
        if cell.reason:
            color = option.palette.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Text)
            color.setAlpha(50)
            painter.fillRect(rect, QBrush(color, Qt.BrushStyle.BDiagPattern))

    def _draw_cell(
        self,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
        cell: Cell,
        ratio: float,
    ) -> QPixmap:
        """The cell as the style draws it, in a pixmap of its size."""
        styled = QStyleOptionViewItem(option)
        self._style_cell(styled, index, cell)
        size = styled.rect.size()
        pixmap = QPixmap(size * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(styled.backgroundBrush.color())
        styled.rect = QRect(QPoint(0, 0), size)
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        cell_painter = QPainter(pixmap)
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, styled, cell_painter, widget)
        cell_painter.end()
        return pixmap


SELECTED = QStyle.StateFlag.State_Selected
LOOK_CHANGES = frozenset(
    {
        QEvent.Type.PaletteChange,
        QEvent.Type.ApplicationPaletteChange,
        QEvent.Type.FontChange,
        QEvent.Type.ApplicationFontChange,
        QEvent.Type.StyleChange,
    }
)
"""What a view hears when its cells must be drawn anew."""


def _look_key(cell: Cell) -> tuple[bool, ...]:
    """What of a cell chooses its look (`_cell_look`)."""
    return (
        cell.kind is RowKind.GRAND_TOTAL,
        cell.kind is RowKind.BOX,
        cell.current,
        bool(cell.bonus_missing),
        cell.preview is not None,
        bool(cell.reason),
        bool(cell.preview),
    )


def _cell_look(
    palette: QPalette, base_font: QFont, cell: Cell, selected: bool
) -> tuple[QFont, QColor, QBrush]:
    """The font, ink and background brush of `cell` on `palette`."""
    # Colours from the active group: a closed (disabled) cell chooses its own grey.
    active = QPalette.ColorGroup.Active
    base = palette.color(active, QPalette.ColorRole.Base)
    text = palette.color(active, QPalette.ColorRole.Text)
    background = base
    if cell.kind is not RowKind.BOX:
        background = mix(base, text, 0.08)
    if cell.current:
        background = mix(background, palette.color(active, QPalette.ColorRole.Highlight), 0.16)
    font = QFont(base_font)
    if cell.kind is RowKind.GRAND_TOTAL:
        font.setBold(True)
    # The text's colour and how far it is softened towards the background.
    ink, softened = text, 0.0
    if cell.bonus_missing:
        font.setItalic(True)
        softened = 0.35
    if cell.preview is not None:
        link = palette.color(active, QPalette.ColorRole.Link)
        if cell.reason:
            softened = 0.45
            font.setStrikeOut(True)
            background = mix(background, text, 0.1)
        elif cell.preview:
            font.setItalic(True)
            font.setBold(True)
            ink = link
        else:
            font.setItalic(True)
            ink, softened = link, 0.45
    if selected:
        background = mix(background, palette.color(active, QPalette.ColorRole.Highlight), 0.3)
    return font, readable(ink, background, softened), QBrush(background)


def _fits(option: QStyleOptionViewItem, font: QFont, text: str) -> bool:
    """Whether a text fits its cell without being shortened."""
    style = option.widget.style() if option.widget is not None else None
    margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1 if style else 4
    return QFontMetrics(font).horizontalAdvance(text) <= option.rect.width() - 2 * margin


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


class MarkerRelayout:
    """Whether an item view's coming relayout is only for markers moved in the headers.

    Qt lays a view out again, repainting every cell, after any change of the model's header
    data, in case a header changed size. When the sheet's model says that only the turn's ▶
    or a computer's mark moved (`SheetModel.markers_moving`), no header changes its size
    (Qt measures a section's height in bold whatever its font, and the columns share the
    width whatever the names say) and the headers repaint the sections concerned themselves.
    Anything else that asks for a relayout meanwhile (a reset, rows or columns, other header
    data, a font, a style) makes it a whole one, as Qt would.
    """

    def __init__(self) -> None:
        self._light = False
        self._whole_due = False
        self._model: QAbstractItemModel | None = None

    def watch(self, model: QAbstractItemModel | None) -> None:
        """Follow `model`'s changes (instead of the previous model's)."""
        if self._model is not None:
            self._model.headerDataChanged.disconnect(self._header_changed)
            for signal in _reshaping_signals(self._model):
                signal.disconnect(self.reshaped)
        self._model = model
        self.reshaped()
        if model is not None:
            model.headerDataChanged.connect(self._header_changed)
            for signal in _reshaping_signals(model):
                signal.connect(self.reshaped)

    def _header_changed(self, *_args: object) -> None:
        if isinstance(self._model, SheetModel) and self._model.markers_moving:
            if not self._whole_due:
                self._light = True
        else:
            self.reshaped()

    def reshaped(self, *_args: object) -> None:
        """Something that needs a whole relayout happened."""
        self._whole_due = True
        self._light = False

    def light(self) -> bool:
        """At the relayout: whether it is only for moved markers (then ready for the next)."""
        light = self._light
        self._light = self._whole_due = False
        return light


def _reshaping_signals(model: QAbstractItemModel) -> tuple[SignalInstance, ...]:
    return (
        model.modelReset,
        model.layoutChanged,
        model.rowsInserted,
        model.rowsRemoved,
        model.rowsMoved,
        model.columnsInserted,
        model.columnsRemoved,
        model.columnsMoved,
    )


RELAYOUT_EVENTS = frozenset(
    {
        QEvent.Type.FontChange,
        QEvent.Type.StyleChange,
        QEvent.Type.LayoutDirectionChange,
        QEvent.Type.ApplicationLayoutDirectionChange,
    }
)
"""Events after which an item view lays itself out again."""


class MarkedHeader(QHeaderView):
    """A header of the sheet: the players' markers moving repaint their sections only."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        self.relayout = MarkerRelayout()

    def event(self, event: QEvent) -> bool:
        """A new font or style lays the header out again."""
        if event.type() in RELAYOUT_EVENTS:
            self.relayout.reshaped()
        return super().event(event)

    def doItemsLayout(self) -> None:
        """Lay the sections out again, unless only the players' markers moved."""
        if not self.relayout.light():
            super().doItemsLayout()


class SheetHeader(MarkedHeader):
    """The row titles, with each box's key at the right in a softer colour."""

    def paintSection(self, painter: QPainter, rect: QRect, logicalIndex: int) -> None:
        """The title, then the key."""
        super().paintSection(painter, rect, logicalIndex)
        model = self.model()
        key = model.headerData(logicalIndex, Qt.Orientation.Vertical, SheetRole.BOX_KEY)
        if not key:
            return
        painter.save()
        text = self.palette().color(QPalette.ColorRole.ButtonText)
        base = self.palette().color(QPalette.ColorRole.Button)
        painter.setPen(readable(text, base, 0.45))
        painter.setFont(self.font())
        margin = QFontMetrics(self.font()).averageCharWidth()
        painter.drawText(
            rect.adjusted(0, 0, -margin, 0),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            str(key),
        )
        painter.restore()


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
