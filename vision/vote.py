"""The vote of a still scene: two or three readings of it, die by die, and which dice are unsure.

Dice are matched from one reading to the next by position. A die keeps the value most of its
readings gave; it is *unsure* when its readings disagree, when a reading missed it, or when the
die reader was not sure of its value in one of them (how near is the same die, how sure is
sure, how many reads: `vision.fusion.FusionPolicy`). No Qt: the camera panel draws the result.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from vision.fusion import DEFAULT_FUSION, FusionPolicy
from vision.types import DieReading, Reading, ReadingFlag


@dataclass(frozen=True)
class VotedDie:
    """One die of a still scene after the vote."""

    value: int
    center: tuple[float, float]
    size: tuple[float, float]
    angle: float
    confidence: float
    """The lowest confidence of the readings that gave this value."""
    values_seen: tuple[int, ...]
    """The value each reading gave (readings that missed the die give none)."""
    unsure: bool
    fixed: bool = False
    """The player set the value (then the die is sure)."""
    in_play: bool = True
    """False when the player said this die is not part of the throw."""

    def as_die(self) -> DieReading:
        """The die as a plain reading."""
        return DieReading(self.value, self.center, self.size, self.angle, self.confidence)


@dataclass(frozen=True)
class SceneReading:
    """A still scene's dice after the vote, numbered from left to right."""

    dice: tuple[VotedDie, ...] = ()
    flags: frozenset[ReadingFlag] = field(default_factory=frozenset)
    reads: int = 0

    @property
    def in_play(self) -> tuple[VotedDie, ...]:
        """The dice the player has not set aside."""
        return tuple(d for d in self.dice if d.in_play)

    @property
    def values(self) -> tuple[int, ...]:
        """The values of the dice in play, sorted."""
        return tuple(sorted(d.value for d in self.in_play))

    @property
    def unsure(self) -> tuple[int, ...]:
        """Indexes (0-based) of the dice in play still unsure."""
        return tuple(i for i, d in enumerate(self.dice) if d.in_play and d.unsure)

    def as_reading(self) -> Reading:
        """The dice in play as a plain `Reading`."""
        return Reading(tuple(d.as_die() for d in self.in_play), self.flags)

    def fixed(self, index: int, value: int) -> SceneReading:
        """The scene with die `index` set to `value` by the player (sure, and in play)."""
        die = replace(self.dice[index], value=value, unsure=False, fixed=True, in_play=True)
        return replace(self, dice=(*self.dice[:index], die, *self.dice[index + 1 :]))

    def set_aside(self, index: int, aside: bool = True) -> SceneReading:
        """The scene with die `index` out of the throw (or back in)."""
        die = replace(self.dice[index], in_play=not aside)
        return replace(self, dice=(*self.dice[:index], die, *self.dice[index + 1 :]))


def _side(die: DieReading) -> float:
    return max(1.0, 0.5 * (die.size[0] + die.size[1]))


def vote(readings: Sequence[Reading], policy: FusionPolicy = DEFAULT_FUSION) -> SceneReading:
    """The dice of a still scene from its readings, die by die.

    A die seen by fewer than half the readings is dropped (a glint read once); one seen by
    at least half but not all is kept, unsure.

    >>> a = DieReading(3, (10.0, 10.0), (20.0, 20.0), 0.0, 1.0)
    >>> b = DieReading(5, (60.0, 10.0), (20.0, 20.0), 0.0, 1.0)
    >>> scene = vote([Reading((a, b)), Reading((replace(b, value=6), a))])
    >>> [(d.value, d.unsure) for d in scene.dice]
    [(3, False), (5, True)]
    """
    groups: list[list[DieReading | None]] = []
    for n, reading in enumerate(readings):
        taken: set[int] = set()
        for die in sorted(reading.dice, key=lambda d: -d.confidence):
            best, best_distance = -1, math.inf
            for g, group in enumerate(groups):
                if g in taken:
                    continue
                last = next(d for d in reversed(group) if d is not None)
                distance = math.dist(die.center, last.center)
                near = policy.same_die * max(_side(die), _side(last))
                if distance < near and distance < best_distance:
                    best, best_distance = g, distance
            if best < 0:
                groups.append([None] * n)
                best = len(groups) - 1
            groups[best].append(die)
            taken.add(best)
        for g, group in enumerate(groups):
            if g not in taken:
                group.append(None)
    count = len(readings)
    dice = []
    for group in groups:
        seen = [d for d in group if d is not None]
        if 2 * len(seen) < count or not seen:
            continue
        tally = Counter(d.value for d in seen)
        ranked = tally.most_common()
        value = max(
            (v for v, c in ranked if c == ranked[0][1]),
            key=lambda v: sum(d.confidence for d in seen if d.value == v),
        )
        agreeing = [d for d in seen if d.value == value]
        confidence = min(d.confidence for d in agreeing)
        unsure = len(tally) > 1 or len(seen) < count or confidence < policy.low_confidence
        last = agreeing[-1]
        dice.append(
            VotedDie(
                value,
                last.center,
                last.size,
                last.angle,
                confidence,
                tuple(d.value for d in seen),
                unsure,
            )
        )
    dice.sort(key=lambda d: d.center)
    flags = frozenset().union(*(r.flags for r in readings)) if readings else frozenset()
    return SceneReading(tuple(dice), flags, count)


def needs_another_read(readings: Sequence[Reading], policy: FusionPolicy = DEFAULT_FUSION) -> bool:
    """Whether the readings so far leave the scene open: a third read may settle it."""
    fewest, most = policy.reads
    if len(readings) < fewest:
        return True
    if len(readings) >= most:
        return False
    return bool(vote(readings, policy).unsure)
