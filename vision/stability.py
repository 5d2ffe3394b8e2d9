"""The stability gate: offer a reading only once the dice have stopped moving."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class StabilityGate:
    """Passes values seen unchanged on consecutive frames for `hold_seconds` (and `min_frames`).

    >>> gate = StabilityGate(hold_seconds=0.5, min_frames=3)
    >>> [gate.update((1, 2, 3), t) for t in (0.0, 0.2, 0.4, 0.6)]
    [None, None, None, (1, 2, 3)]
    >>> gate.update((1, 2, 4), 0.7) is None
    True
    """

    hold_seconds: float = 0.5
    min_frames: int = 3
    _values: tuple[int, ...] | None = field(default=None, init=False)
    _since: float = field(default=0.0, init=False)
    _frames: int = field(default=0, init=False)

    def update(self, values: tuple[int, ...], timestamp: float) -> tuple[int, ...] | None:
        """Feed one frame's sorted values; returns them once they are stable, else None.

        A steady empty table returns (): the dice were picked up.
        """
        if values != self._values:
            self._values, self._since, self._frames = values, timestamp, 1
            return None
        self._frames += 1
        steady = timestamp - self._since >= self.hold_seconds and self._frames >= self.min_frames
        return values if steady else None

    def reset(self) -> None:
        """Forget what was seen (after the dice were used, or the source changed)."""
        self._values, self._since, self._frames = None, 0.0, 0
