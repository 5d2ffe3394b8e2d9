"""Result types of the dice reader: plain frozen values, safe to hand across threads."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    flags: frozenset[str] = field(default_factory=frozenset)

    @property
    def values(self) -> tuple[int, ...]:
        """The face values of all dice in view, sorted."""
        return tuple(sorted(d.value for d in self.dice))
