"""The sheet's headers: the players' turn markers, repainted without a new layout."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QRect,
    Qt,
    SignalInstance,
)
from PySide6.QtGui import (
    QFontMetrics,
    QPainter,
    QPalette,
)
from PySide6.QtWidgets import (
    QHeaderView,
    QWidget,
)

from missdice_desktop.ui.colours import readable
from missdice_desktop.ui.games.sheet_model import SheetModel, SheetRole


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
