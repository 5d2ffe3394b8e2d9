"""How the sheet's cells look: each drawn once into a pixmap and copied after."""

from __future__ import annotations

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
)
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from missdice_desktop.ui.colours import mix, readable
from missdice_desktop.ui.games.sheet_model import Cell, RowKind, SheetModel, SheetRole

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
        model = index.model()
        if isinstance(model, SheetModel):
            cell: object = model.cell(index.row(), index.column())
        else:
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
