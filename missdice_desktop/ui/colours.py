"""Colours drawn from the palette: one colour moved part of the way towards another, and
the contrast between two (WCAG 2.1), so that softer text never drops below AA."""

from __future__ import annotations

import functools

from PySide6.QtGui import QColor

AA_CONTRAST = 4.5
"""WCAG 2.1 AA: the least contrast of normal-size text against its background."""


def mix(a: QColor, b: QColor, amount: float) -> QColor:
    """`a` moved `amount` (0–1) of the way towards `b`."""
    return QColor(
        round(a.red() + (b.red() - a.red()) * amount),
        round(a.green() + (b.green() - a.green()) * amount),
        round(a.blue() + (b.blue() - a.blue()) * amount),
    )


def luminance(colour: QColor) -> float:
    """The relative luminance of `colour` (0 black to 1 white), as WCAG defines it."""

    def channel(value: int) -> float:
        level = value / 255
        return level / 12.92 if level <= 0.04045 else ((level + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * channel(colour.blue())
    )


def contrast(a: QColor, b: QColor) -> float:
    """The contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast(QColor("#000000"), QColor("#ffffff")), 1)
    21.0
    """
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(text: QColor, background: QColor, amount: float) -> QColor:
    """`text` softened up to `amount` of the way towards `background`, but never so far
    that it reads at less than AA contrast on it.

    >>> readable(QColor("#000000"), QColor("#ffffff"), 0.9).name()
    '#767676'
    """
    if amount <= 0:
        return QColor(text)
    return QColor.fromRgb(_readable_rgb(text.rgb(), background.rgb(), amount))


@functools.lru_cache(maxsize=1024)
def _readable_rgb(text_rgb: int, background_rgb: int, amount: float) -> int:
    """`readable` on packed RGB values: a sheet repaints its cells with a few colours, so
    each is worked out once."""
    text, background = QColor.fromRgb(text_rgb), QColor.fromRgb(background_rgb)
    return _soften(text, background, amount).rgb()


def _soften(text: QColor, background: QColor, amount: float) -> QColor:
    low, high = 0.0, amount
    if contrast(mix(text, background, high), background) >= AA_CONTRAST:
        return mix(text, background, high)
    for _ in range(12):
        middle = (low + high) / 2
        if contrast(mix(text, background, middle), background) >= AA_CONTRAST:
            low = middle
        else:
            high = middle
    return mix(text, background, low)
