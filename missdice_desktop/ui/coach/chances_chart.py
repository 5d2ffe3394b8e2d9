"""A small chart of each player's chance to win, turn by turn, painted with QPainter."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QLocale, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from missdice_desktop.ui.colours import contrast, mix
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
LINE_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#F0E442")
"""Okabe and Ito's colours, told apart with most kinds of colour blindness."""
LEAST_CONTRAST = 3.0
"""WCAG 2.1's least contrast for the parts of a graphic against their background."""


def line_colours(count: int, background: QColor, text: QColor) -> list[QColor]:
    """A colour per player, each drawn towards the text colour until it stands out on the
    background."""
    colours = []
    for n in range(count):
        colour = QColor(LINE_COLOURS[n % len(LINE_COLOURS)]) if n < len(LINE_COLOURS) else text
        amount = 0.0
        while contrast(mix(colour, text, amount), background) < LEAST_CONTRAST and amount < 1:
            amount += 0.1
        colours.append(mix(colour, text, min(amount, 1.0)))
    return colours


class WinChancesChart(QWidget):
    """Each player's chance to win after every turn so far, out of the game's turns."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("winChancesChart")
        self.names: list[str] = []
        self.points: list[tuple[float, ...]] = []
        """The chances before the first turn and after each one."""
        self.turns = 1
        """The turns of the whole game (the width of the chart)."""
        self.players_per_round = 1
        self.message = ""
        """Shown instead of the lines (the chances are being worked out)."""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """The fixed texts in the current language."""
        self.setToolTip(
            translate(
                "CoachPanel",
                "Each player's chance to win after each turn: the rest of the game played "
                "2,000 times from every sheet as the coach plays (within about 1 point at 50%)",
            )
        )
        self.setAccessibleName(translate("CoachPanel", "Chances to win, turn by turn"))
        self.update()

    def sizeHint(self) -> QSize:
        """Room for the title, the plot and a legend line per two players."""
        line = self.fontMetrics().height()
        return QSize(260, int(line * (2.2 + (len(self.names) + 1) // 2 * 1.3)) + 110)

    def minimumSizeHint(self) -> QSize:
        """As tall as the size hint: the chart does not shrink into its legend."""
        return QSize(200, self.sizeHint().height())

    def set_chances(
        self, names: Sequence[str], points: Sequence[Sequence[float]], turns: int
    ) -> None:
        """Chart `points` (each player's chance before the first turn, then after each)
        out of a game of `turns` turns."""
        self.names = list(names)
        self.points = [tuple(p) for p in points]
        self.turns = max(1, turns)
        self.players_per_round = max(1, len(names))
        self.message = ""
        self.updateGeometry()
        self.update()

    def show_message(self, names: Sequence[str], text: str) -> None:
        """Say `text` where the lines go (keeping the legend's room)."""
        self.names = list(names)
        self.points = []
        self.message = text
        self.updateGeometry()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        """The title, the 0–100% frame with its 50% line, a line per player, the legend."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        soft = mix(text, base, 0.55)
        painter.fillRect(self.rect(), base)
        metrics = painter.fontMetrics()
        line = metrics.height()
        title = translate("CoachPanel", "Chances to win")
        painter.setPen(text)
        painter.drawText(QRectF(6, 2, self.width() - 12, line * 1.3), title)
        legend_rows = (len(self.names) + 1) // 2
        legend_top = self.height() - legend_rows * line * 1.3 - 4
        left = metrics.horizontalAdvance(self._percent(1.0)) + 10
        plot = QRectF(left, line * 1.6, self.width() - left - 10, legend_top - line * 2.9)
        painter.setPen(QPen(soft, 1))
        painter.drawRect(plot)
        painter.setPen(QPen(soft, 1, Qt.PenStyle.DashLine))
        middle = plot.center().y()
        painter.drawLine(QPointF(plot.left(), middle), QPointF(plot.right(), middle))
        painter.setPen(text)
        for chance in (0.0, 0.5, 1.0):
            y = plot.bottom() - plot.height() * chance
            painter.drawText(
                QRectF(0, y - line / 2, left - 4, line),
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
                self._percent(chance),
            )
        rounds = max(1, -(-self.turns // self.players_per_round))
        band = QRectF(plot.left(), plot.bottom() + 2, plot.width(), line * 1.2)
        painter.drawText(band, int(Qt.AlignmentFlag.AlignLeft), translate("CoachPanel", "Start"))
        painter.drawText(
            band,
            int(Qt.AlignmentFlag.AlignRight),
            fill(translate("CoachPanel", "Round %1"), str(rounds)),
        )
        colours = line_colours(len(self.names), base, text)
        if self.message or not self.points:
            painter.setPen(soft)
            painter.drawText(
                plot.adjusted(4, 4, -4, -4),
                int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                self.message,
            )
        else:
            self._draw_lines(painter, plot, colours)
        self._draw_legend(painter, colours, legend_top, line)
        painter.end()

    def _draw_lines(self, painter: QPainter, plot: QRectF, colours: list[QColor]) -> None:
        def at(turn: int, chance: float) -> QPointF:
            return QPointF(
                plot.left() + plot.width() * turn / self.turns,
                plot.bottom() - plot.height() * chance,
            )

        # Round boundaries, faintly, so that a round reads as a step.
        palette = self.palette()
        grid = mix(
            palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base), 0.85
        )
        painter.setPen(QPen(grid, 1))
        for turn in range(self.players_per_round, self.turns, self.players_per_round):
            x = at(turn, 0).x()
            painter.drawLine(QPointF(x, plot.top() + 1), QPointF(x, plot.bottom() - 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for player, colour in enumerate(colours):
            path = QPainterPath(at(0, self.points[0][player]))
            for turn, chances in enumerate(self.points[1:], start=1):
                path.lineTo(at(turn, chances[player]))
            painter.setPen(QPen(colour, 2.2))
            painter.drawPath(path)
            painter.setBrush(colour)
            painter.drawEllipse(at(len(self.points) - 1, self.points[-1][player]), 3.0, 3.0)
            painter.setBrush(Qt.BrushStyle.NoBrush)

    def _draw_legend(
        self, painter: QPainter, colours: list[QColor], top: float, line: float
    ) -> None:
        text = self.palette().color(QPalette.ColorRole.Text)
        width = (self.width() - 12) / 2
        metrics = painter.fontMetrics()
        for player, (name, colour) in enumerate(zip(self.names, colours, strict=True)):
            x = 6 + (player % 2) * width
            y = top + (player // 2) * line * 1.3
            painter.fillRect(QRectF(x, y + line * 0.35, 14, line * 0.35), colour)
            label = name
            if self.points and not self.message:
                label = f"{name} {self._percent(self.points[-1][player])}"
            label = metrics.elidedText(label, Qt.TextElideMode.ElideMiddle, int(width - 24))
            painter.setPen(text)
            painter.drawText(QRectF(x + 20, y, width - 22, line * 1.2), label)

    @staticmethod
    def _percent(chance: float) -> str:
        return fill(
            translate("GameCoach", "%1%", "a percentage"), QLocale().toString(100 * chance, "f", 0)
        )
