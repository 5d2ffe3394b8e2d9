"""Plain value iteration over every (i, j, k) of Cochon, as Neller & Presser describe it:
slow and obvious, to check the layered solver on small targets."""

from __future__ import annotations


def value_iteration(goal: int, tolerance: float = 1e-14) -> dict[tuple[int, int, int], float]:
    """P(i, j, k) for every i, j < goal and i + k < goal."""
    states = [(i, j, k) for i in range(goal) for j in range(goal) for k in range(goal - i)]
    p = dict.fromkeys(states, 0.0)

    def value(i: int, j: int, k: int) -> float:
        return 1.0 if i + k >= goal else p[(i, j, k)]

    while True:
        delta = 0.0
        for i, j, k in states:
            roll = (1.0 - p[(j, i, 0)] + sum(value(i, j, k + r) for r in range(2, 7))) / 6
            new = roll
            if k > 0:
                hold = 1.0 - (p[(j, i + k, 0)] if i + k < goal else 0.0)
                new = max(roll, hold)
            delta = max(delta, abs(new - p[(i, j, k)]))
            p[(i, j, k)] = new
        if delta < tolerance:
            return p
