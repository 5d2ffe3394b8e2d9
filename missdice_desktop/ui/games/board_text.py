"""What the game boards share: text that grows with the window, and muted small print."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QWidget

from missdice_desktop.ui.colours import readable

MIN_TEXT_PX = 13
MAX_TEXT_PX = 30


def text_size(width: int, height: int, players: int) -> int:
    """The board's base text size in pixels: as large as the rows and the width allow.

    >>> text_size(1024, 450, 8), text_size(1024, 450, 2), text_size(1600, 760, 2)
    (18, 23, 30)
    """
    rows = max(players, 2) + 3.5  # the player rows, the header, the phase and the throw lines
    by_height = (height - 40) / rows * 0.52
    by_width = width / 44
    return int(max(MIN_TEXT_PX, min(MAX_TEXT_PX, by_height, by_width)))


def set_font(widget: QWidget, px: int, *, bold: bool = False) -> None:
    """Give `widget` text of `px` pixels (never below the smallest readable size)."""
    font = QFont(widget.font())
    font.setPixelSize(max(MIN_TEXT_PX - 1, px))
    font.setBold(bold)
    widget.setFont(font)


def muted(widget: QWidget) -> QColor:
    """The colour of small print on `widget`: its text colour part way to its background,
    never below AA contrast."""
    palette = widget.palette()
    return readable(
        palette.color(QPalette.ColorRole.WindowText),
        palette.color(QPalette.ColorRole.Window),
        0.35,
    )


def colour_small_print(widget: QWidget, labels: Sequence[QWidget]) -> None:
    """Give `labels` the small-print colour of `widget`'s palette (again after a theme
    switch: a style sheet keeps the colour it was given)."""
    style = f"color: {muted(widget).name()}"
    for label in labels:
        if label.styleSheet() != style:
            label.setStyleSheet(style)


def is_palette_change(event: QEvent) -> bool:
    """Whether `event` tells a widget that its colours changed (a theme switch)."""
    return event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange)
