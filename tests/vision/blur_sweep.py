"""How the reader does on small soft dice: three white dice per frame, blurred and noisy.

Usage: python tests/vision/blur_sweep.py [--frames N]

For each blur (Gaussian sigma in pixels) and die size, N frames of three dice at random values,
turns and tables are read. Prints how many frames read exactly. Not part of the test run:
`test_reader.py` pins a few cases.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from synth import Die, scene

from vision import read_dice

BLURS = (1.0, 2.0, 3.0, 4.0)
SIDES = (40, 60, 90)


def frames_read_right(blur: float, side: int, frames: int) -> int:
    """How many of the random frames read exactly."""
    right = 0
    for seed in range(frames):
        rng = random.Random(seed)
        values = [rng.randint(1, 6) for _ in range(3)]
        dice = [
            Die(
                v,
                120 + 200 * i,
                240 + rng.uniform(-60, 60),
                side * rng.uniform(0.9, 1.1),
                rng.uniform(0, 90),
            )
            for i, v in enumerate(values)
        ]
        table = rng.choice(["wood", "cloth", "paper"])
        frame = scene(dice, table=table, blur=blur, noise=3, seed=seed)
        right += read_dice(frame).values == tuple(sorted(values))
    return right


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=24, help="frames per blur and size")
    args = parser.parse_args()
    for blur in BLURS:
        counts = "  ".join(
            f"{side} px {frames_read_right(blur, side, args.frames):>3}" for side in SIDES
        )
        print(f"blur {blur}:  {counts}  (of {args.frames})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
