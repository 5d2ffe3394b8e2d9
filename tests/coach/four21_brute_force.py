"""The 421 by brute force: every subset of dice positions to throw again and every face they
show, the hands compared by the rules' `hand_rank` alone. Dice are cached sorted (their order
does not change a hand). Plain floats: the tests allow 1e-12."""

from __future__ import annotations

from functools import cache
from itertools import product

from missdice_desktop.rules.four21 import hand_of, hand_rank

Dice = tuple[int, int, int]


def outcome(dice: Dice, to_beat: Dice) -> float:
    """1 above the hand to beat, ½ equal (the tie-break), 0 below."""
    mine, theirs = hand_rank(hand_of(dice)), hand_rank(hand_of(to_beat))
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def rethrows(dice: Dice) -> list[tuple[frozenset[int], list[Dice]]]:
    """Each non-empty set of positions to throw, with the 6^m dice it may give."""
    results = []
    for mask in range(1, 8):
        positions = frozenset(p for p in range(3) if mask >> p & 1)
        throws = []
        for faces in product(range(1, 7), repeat=len(positions)):
            new = list(dice)
            for position, face in zip(sorted(positions), faces, strict=True):
                new[position] = face
            throws.append((new[0], new[1], new[2]))
        results.append((positions, throws))
    return results


def beat(dice: Dice, left: int, to_beat: Dice) -> float:
    """The best chance to beat `to_beat` from `dice` with `left` throws."""
    return _beat(_sorted(dice), left, _sorted(to_beat))


def _sorted(dice: Dice) -> Dice:
    a, b, c = sorted(dice)
    return (a, b, c)


@cache
def _beat(dice: Dice, left: int, to_beat: Dice) -> float:
    best = outcome(dice, to_beat)
    if left:
        for _, throws in rethrows(dice):
            chance = sum((beat(d, left - 1, to_beat) for d in throws), 0.0) / len(throws)
            best = max(best, chance)
    return best


def first(dice: Dice, taken: int) -> float:
    """The round's first player against one opponent: not to be the worst."""
    return _first(_sorted(dice), taken)


@cache
def fresh(throws: int, to_beat: Dice) -> float:
    """A whole turn of `throws` throws, played at best."""
    firsts = list(product(range(1, 7), repeat=3))
    return sum((beat((a, b, c), throws - 1, to_beat) for a, b, c in firsts), 0.0) / 216


@cache
def _first(dice: Dice, taken: int) -> float:
    best = 1 - fresh(taken, dice)
    if taken < 3:
        for _, throws in rethrows(dice):
            chance = sum((first(d, taken + 1) for d in throws), 0.0) / len(throws)
            best = max(best, chance)
    return best
