"""View › Scoreboard (F11): the running totals in large type, for a TV or a projector.

A window of its own, full screen, that reads the engine after every change: each player's
total (tokens in the 421), who is to play, and how far the game is. Its colours are the
application's palette, so it follows light and dark; Escape (or F11 again) leaves it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QWidget

from missdice_desktop.rules import DiceGame
from missdice_desktop.ui.dialogs.end_of_game import winners_text
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class Scoreboard(QWidget):
    """Every player's total, large; the player to play marked ▶ and tinted."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("scoreboard")
        self.setAutoFillBackground(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.title = ""
        self.subtitle = ""
        self.rows: list[tuple[str, int, bool]] = []
        """(name, total, to play) in seating order."""
        self.resize(1280, 720)

    def show_game(self, game: DiceGame[Any]) -> None:
        """Read the game again (after every change, and when shown)."""
        totals = game.rules.totals(game.state)
        playing = -1 if game.finished else game.current_player
        self.rows = [
            (name, int(total), seat == playing)
            for seat, (name, total) in enumerate(zip(game.players, totals, strict=True))
        ]
        view = view_of(game)
        self.title = view.name(game)
        if game.finished and game.losers():
            self.subtitle = fill(translate("Scoreboard", "Game over — %1 loses"), game.losers()[0])
        elif game.finished:
            self.subtitle = fill(
                translate("Scoreboard", "Game over — %1"), winners_text(game.standings())
            )
        else:
            self.subtitle = view.turn_text(game)
        tokens = getattr(game.rules, "total_key", "total") == "tokens"
        self.setWindowTitle(translate("Scoreboard", "Scoreboard"))
        self.setAccessibleName(translate("Scoreboard", "Scoreboard"))
        self.setAccessibleDescription(
            "; ".join(
                fill(
                    translate("Scoreboard", "%1: %2 tokens")
                    if tokens
                    else translate("Scoreboard", "%1: %2 points"),
                    name,
                    str(total),
                )
                for name, total, _playing in self.rows
            )
        )
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Escape or F11 leaves."""
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F11):
            self.close()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: Any) -> None:
        """Tell the window (its menu entry unchecks)."""
        self.closed.emit()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Follow the colours (light or dark) when they change."""
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self.update()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Title, then one band per player: the name at the left, the total at the right."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        highlight = palette.color(QPalette.ColorRole.Highlight)
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        width, height = self.width(), self.height()
        margin = width * 0.04
        title_h = height * 0.16
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(12, int(title_h * 0.42)))
        painter.setFont(font)
        painter.setPen(text)
        painter.drawText(
            QRectF(margin, height * 0.02, width - 2 * margin, title_h * 0.55),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self.title,
        )
        font.setBold(False)
        font.setPixelSize(max(10, int(title_h * 0.26)))
        painter.setFont(font)
        painter.drawText(
            QRectF(margin, height * 0.02 + title_h * 0.55, width - 2 * margin, title_h * 0.4),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            self.subtitle,
        )
        if not self.rows:
            painter.end()
            return
        top = height * 0.02 + title_h + height * 0.02
        band = (height - top - height * 0.03) / len(self.rows)
        size = max(12, int(min(band * 0.62, height * 0.14)))
        best = max(total for _name, total, _playing in self.rows)
        for i, (name, total, playing) in enumerate(self.rows):
            y = top + i * band
            rect = QRectF(margin, y + band * 0.06, width - 2 * margin, band * 0.88)
            if playing:
                tint = QColor(highlight)
                tint.setAlpha(70)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(tint)
                painter.drawRoundedRect(rect, band * 0.12, band * 0.12)
            font.setPixelSize(size)
            font.setBold(playing or total == best)
            painter.setFont(font)
            painter.setPen(text)
            inner = rect.adjusted(rect.height() * 0.2, 0, -rect.height() * 0.2, 0)
            shown = f"▶ {name}" if playing else name
            metrics = painter.fontMetrics()
            total_text = str(total)
            room = inner.width() - metrics.horizontalAdvance(total_text + "  0")
            shown = metrics.elidedText(shown, Qt.TextElideMode.ElideMiddle, int(room))
            painter.drawText(
                inner, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), shown
            )
            painter.drawText(
                inner, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), total_text
            )
        painter.end()
