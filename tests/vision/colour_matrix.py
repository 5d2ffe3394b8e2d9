"""How the reader does on one synthetic die per colour of die, pip and table.

Usage: python tests/vision/colour_matrix.py [--poses N]

For each pairing of die and pip colour with each table, N dice at random value, size, turn and
place (the same N for every pairing) are drawn one per frame and read. Prints the count read
right per pairing and the total. Not part of the test run: `test_reader.py` pins a few cases.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from synth import BLACK, WHITE, Die, scene

from vision import read_dice

FACES = {
    "white": (238, 240, 242),
    "yellow": (40, 220, 230),
    "red": (40, 40, 200),
    "green": (60, 180, 40),
    "blue": (180, 90, 30),
    "black": (30, 30, 30),
}
PAIRINGS = [(face, "black") for face in ("white", "yellow", "red", "green", "blue")] + [
    (face, "white") for face in ("red", "green", "blue", "black")
]
TABLES = ("paper", "wood", "cloth", "dark")


def read_right(face: str, pip: str, table: str, poses: int) -> int:
    """How many of the random poses read as the die drawn."""
    right = 0
    for seed in range(poses):
        rng = random.Random(seed)
        value = rng.randint(1, 6)
        side, angle = rng.uniform(30, 90), rng.uniform(0, 90)
        x, y = rng.uniform(100, 540), rng.uniform(100, 380)
        die = Die(value, x, y, side, angle, FACES[face], BLACK if pip == "black" else WHITE)
        right += read_dice(scene([die], table=table, seed=seed)).values == (value,)
    return right


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--poses", type=int, default=40, help="dice per pairing")
    args = parser.parse_args()
    total = 0
    for face, pip in PAIRINGS:
        counts = {table: read_right(face, pip, table, args.poses) for table in TABLES}
        total += sum(counts.values())
        cells = "  ".join(f"{table} {n:>3}" for table, n in counts.items())
        print(f"{face:>6} die, {pip} pips:  {cells}")
    print(f"total: {total} of {len(PAIRINGS) * len(TABLES) * args.poses}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
