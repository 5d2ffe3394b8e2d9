"""Reads one drawn die at random poses, sizes and places, and lists the misreads.

Run: python tests/vision/pose_sweep.py [COUNT] [SEED]
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from synth import Die, scene

from vision import read_dice


def main(count: int = 400, seed: int = 5) -> int:
    rng = np.random.default_rng(seed)
    wrong = 0
    for _ in range(count):
        value = int(rng.integers(1, 7))
        angle, side = float(rng.uniform(0, 360)), float(rng.uniform(30, 110))
        x, y = float(rng.uniform(150, 490)), float(rng.uniform(150, 330))
        got = read_dice(scene([Die(value, x, y, side, angle)])).values
        if got != (value,):
            wrong += 1
            print(f"a {value} at {angle:.0f} degrees, {side:.0f} px, ({x:.0f}, {y:.0f}): {got}")
    print(f"{count - wrong} of {count} read right")
    return 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    raise SystemExit(main(*args))
