"""Result types of the dice reader: plain frozen values, safe to hand across threads."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class ReadingFlag(enum.StrEnum):
    """A condition that makes a reading doubtful. Each compares equal to its text
    (`ReadingFlag.GLARE == "glare"`), the word a reading's JSON gives."""

    CUT_BY_EDGE = "cut_by_edge"
    """A die's face runs off the frame."""
    TOUCHING = "touching"
    """Two dice touch: one was cut out of a fill that took in its neighbour, or read from its
    pips alone."""
    GLARE = "glare"
    """Part of a face is blown out: a pip under the highlight may be missed."""
    TOO_DARK = "too_dark"
    """Even the brightest things in view are too dim to read pips on."""
    TOO_SMALL = "too_small"
    """The dice read are mostly too small to trust."""
    BLURRED = "blurred"
    """The frame is too soft for pips to show apart (dice still rolling, camera out of focus);
    said only when the caller asks for the focus check."""


@dataclass(frozen=True)
class DieReading:
    """One die seen in a frame: its top-face value and where its top face lies."""

    value: int
    center: tuple[float, float]
    size: tuple[float, float]
    angle: float
    confidence: float

    def to_json(self) -> dict[str, int | float]:
        """The die as a JSON-ready dict; x, y is the top-left corner of its box in pixels."""
        w, h = self.size
        return {
            "value": self.value,
            "x": round(self.center[0] - w / 2),
            "y": round(self.center[1] - h / 2),
            "w": round(w),
            "h": round(h),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True)
class Reading:
    """Everything read from one frame: the dice and any conditions that make it doubtful."""

    dice: tuple[DieReading, ...] = ()
    flags: frozenset[ReadingFlag] = field(default_factory=frozenset)

    @property
    def values(self) -> tuple[int, ...]:
        """The face values of all dice in view, sorted."""
        return tuple(sorted(d.value for d in self.dice))
