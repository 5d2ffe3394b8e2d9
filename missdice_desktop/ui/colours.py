"""Colours drawn from the palette: one colour moved part of the way towards another."""

from __future__ import annotations

from PySide6.QtGui import QColor


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """`a` moved `amount` (0–1) of the way towards `b`."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * amount),
        round(a.green() + (b.green() - a.green()) * amount),
        round(a.blue() + (b.blue() - a.blue()) * amount),
    )
