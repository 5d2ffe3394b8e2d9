"""The Games window's Charts page: one player's totals over time and their spread, per
scoresheet, painted with QPainter (no plotting library: two simple charts do not pay for
one).

Only finished games count, as in the high scores; a game decided by its loser (the 421) has
no score to chart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.library import KeptSummary
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
BINS = 10
"""Bars of the distribution."""


@dataclass(frozen=True)
class Point:
    """One finished game of one player: when, and the total."""

    when: float
    total: int


def player_points(games: Iterable[KeptSummary], sheet: str, player: str) -> list[Point]:
    """`player`'s totals on `sheet` (a `sheet_id`), oldest first."""
    points = []
    for kept in games:
        summary = kept.summary
        if not summary.finished or summary.has_losers or summary.sheet != sheet:
            continue
        for name, total in zip(summary.players, summary.totals, strict=True):
            if name == player:
                points.append(Point(kept.saved_at, total))
    return sorted(points, key=lambda point: point.when)


def histogram(totals: Sequence[int], bins: int = BINS) -> tuple[int, int, list[int]]:
    """(lowest, bin width, counts): `totals` in `bins` equal bins from the lowest up.

    >>> histogram([10, 20, 20, 55], bins=5)
    (10, 10, [1, 2, 0, 0, 1])
    """
    if not totals:
        return 0, 1, [0] * bins
    low, high = min(totals), max(totals)
    width = max(1, -(-(high - low + 1) // bins))
    counts = [0] * bins
    for total in totals:
        counts[min(bins - 1, (total - low) // width)] += 1
    return low, width, counts


class _Chart(QWidget):
    """A chart's frame: a title, axes in the palette's colours, room for the marks."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.points: list[Point] = []
        self.title = ""
        self.setMinimumSize(260, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_points(self, points: list[Point], title: str) -> None:
        """Chart these games."""
        self.points = points
        self.title = title
        self.setAccessibleName(title)
        self.update()

    def _frame(self, painter: QPainter) -> QRectF:
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        metrics = painter.fontMetrics()
        painter.drawText(
            QRectF(0, 0, self.width(), metrics.height() * 1.6),
            int(Qt.AlignmentFlag.AlignCenter),
            self.title,
        )
        left = metrics.horizontalAdvance("0000") + 10
        return QRectF(
            left,
            metrics.height() * 1.8,
            self.width() - left - 12,
            self.height() - metrics.height() * 3.6,
        )

    def _accent(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.Highlight)


class ScoresOverTime(_Chart):
    """Each game's total in order of play, joined by a line; the average dashed."""

    def paintEvent(self, event: QPaintEvent) -> None:
        """Axes, the line, a dot per game."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        plot = self._frame(painter)
        text = self.palette().color(QPalette.ColorRole.Text)
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        painter.drawLine(plot.bottomLeft(), plot.topLeft())
        if not self.points:
            painter.drawText(plot, int(Qt.AlignmentFlag.AlignCenter), _no_games())
            painter.end()
            return
        totals = [point.total for point in self.points]
        top = max(1, max(totals))
        low = min(0, min(totals))
        span = top - low or 1

        def at(i: int, total: int) -> QPointF:
            x = plot.left() + (plot.width() * (i + 0.5) / len(totals))
            return QPointF(x, plot.bottom() - plot.height() * (total - low) / span)

        for value in (low, top):
            y = at(0, value).y()
            painter.drawText(
                QRectF(0, y - 10, plot.left() - 4, 20),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                str(value),
            )
        average = sum(totals) / len(totals)
        dashed = QPen(text, 1, Qt.PenStyle.DashLine)
        painter.setPen(dashed)
        y = plot.bottom() - plot.height() * (average - low) / span
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        accent = self._accent()
        path = QPainterPath(at(0, totals[0]))
        for i, total in enumerate(totals[1:], start=1):
            path.lineTo(at(i, total))
        painter.setPen(QPen(accent, 2.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setBrush(accent)
        radius = 4.0 if len(totals) < 60 else 2.0
        for i, total in enumerate(totals):
            painter.drawEllipse(at(i, total), radius, radius)
        painter.setPen(text)
        first = QLocale().toString(
            QDateTime.fromSecsSinceEpoch(int(self.points[0].when)), QLocale.FormatType.ShortFormat
        )
        last = QLocale().toString(
            QDateTime.fromSecsSinceEpoch(int(self.points[-1].when)), QLocale.FormatType.ShortFormat
        )
        band = QRectF(plot.left(), plot.bottom() + 2, plot.width(), self.height() - plot.bottom())
        painter.drawText(band, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), first)
        painter.drawText(band, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop), last)
        painter.end()


class ScoreDistribution(_Chart):
    """How often each range of totals came up: ten bars."""

    def paintEvent(self, event: QPaintEvent) -> None:
        """Axes and bars, with the ranges' ends under them."""
        painter = QPainter(self)
        plot = self._frame(painter)
        text = self.palette().color(QPalette.ColorRole.Text)
        painter.setPen(QPen(text, 1))
        painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        if not self.points:
            painter.drawText(plot, int(Qt.AlignmentFlag.AlignCenter), _no_games())
            painter.end()
            return
        low, width, counts = histogram([point.total for point in self.points])
        most = max(counts) or 1
        bar = plot.width() / len(counts)
        accent = self._accent()
        for i, count in enumerate(counts):
            h = plot.height() * 0.9 * count / most  # room above for the count
            rect = QRectF(plot.left() + i * bar + 2, plot.bottom() - h, bar - 4, h)
            painter.fillRect(rect, accent)
            if count:
                painter.drawText(
                    QRectF(rect.left(), rect.top() - 18, rect.width(), 16),
                    int(Qt.AlignmentFlag.AlignCenter),
                    str(count),
                )
        band = QRectF(plot.left(), plot.bottom() + 2, plot.width(), self.height() - plot.bottom())
        painter.drawText(
            band, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), str(low)
        )
        painter.drawText(
            band,
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop),
            str(low + width * len(counts) - 1),
        )
        painter.end()


def _no_games() -> str:
    return translate("Charts", "No finished game yet")


class ChartsPage(QWidget):
    """Pick a scoresheet and a player; see their totals over time and their spread."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("charts")
        self.games: list[KeptSummary] = []
        self.sheet_names: dict[str, str] = {}
        self.sheet_box = QComboBox(self)
        self.player_box = QComboBox(self)
        self.sheet_label = QLabel(self)
        self.sheet_label.setBuddy(self.sheet_box)
        self.player_label = QLabel(self)
        self.player_label.setBuddy(self.player_box)
        self.summary = QLabel(self)
        self.over_time = ScoresOverTime(self)
        self.distribution = ScoreDistribution(self)
        pickers = QHBoxLayout()
        pickers.addWidget(self.sheet_label)
        pickers.addWidget(self.sheet_box, 1)
        pickers.addWidget(self.player_label)
        pickers.addWidget(self.player_box, 1)
        charts = QHBoxLayout()
        charts.addWidget(self.over_time, 3)
        charts.addWidget(self.distribution, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(pickers)
        layout.addWidget(self.summary)
        layout.addLayout(charts, 1)
        self.sheet_box.currentIndexChanged.connect(self._fill_players)
        self.player_box.currentIndexChanged.connect(self._draw)
        self.retranslate()

    def set_games(self, games: Iterable[KeptSummary], sheet_names: dict[str, str]) -> None:
        """The kept games to chart (finished ones count), and the scoresheets' shown names."""
        self.games = list(games)
        self.sheet_names = sheet_names
        sheets = sorted(
            {
                kept.summary.sheet
                for kept in self.games
                if kept.summary.finished and not kept.summary.has_losers
            },
            key=lambda sheet: sheet_names.get(sheet, sheet),
        )
        chosen = self.sheet_box.currentData()
        self.sheet_box.blockSignals(True)
        self.sheet_box.clear()
        for sheet in sheets:
            self.sheet_box.addItem(sheet_names.get(sheet, sheet), sheet)
        self.sheet_box.setCurrentIndex(max(0, self.sheet_box.findData(chosen)))
        self.sheet_box.blockSignals(False)
        self._fill_players()

    def _fill_players(self) -> None:
        sheet = self.sheet_box.currentData()
        counts: dict[str, int] = {}
        for kept in self.games:
            summary = kept.summary
            if summary.finished and not summary.has_losers and summary.sheet == sheet:
                for name in summary.players:
                    counts[name] = counts.get(name, 0) + 1
        chosen = self.player_box.currentText()
        self.player_box.blockSignals(True)
        self.player_box.clear()
        for name in sorted(counts, key=lambda name: (-counts[name], name.casefold())):
            self.player_box.addItem(name)
        index = self.player_box.findText(chosen)
        self.player_box.setCurrentIndex(max(0, index))
        self.player_box.blockSignals(False)
        self._draw()

    def _draw(self) -> None:
        sheet = self.sheet_box.currentData()
        player = self.player_box.currentText()
        points = player_points(self.games, sheet, player) if sheet and player else []
        self.over_time.set_points(points, translate("Charts", "Totals, game after game"))
        self.distribution.set_points(points, translate("Charts", "How often each total"))
        if points:
            totals = [point.total for point in points]
            self.summary.setText(
                fill(
                    translate("Charts", "%1: %2 games, best %3, average %4"),
                    player,
                    str(len(totals)),
                    str(max(totals)),
                    QLocale().toString(sum(totals) / len(totals), "f", 1),
                )
            )
        else:
            self.summary.setText(_no_games())

    def retranslate(self) -> None:
        """Every text in the current language."""
        self.sheet_label.setText(translate("Charts", "&Scoresheet:"))
        self.player_label.setText(translate("Charts", "&Player:"))
        self._draw()
