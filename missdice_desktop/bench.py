"""Benchmark of the engine: replaying a full 8-player game of each variant from its record.

Run: python -m missdice_desktop.bench [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from missdice_desktop.records import dumps_record, loads_record
from missdice_desktop.rules import BUILT_IN_VARIANTS, Game, get_variant

PLAYERS = [f"Player {n}" for n in range(1, 9)]


def full_game(variant_id: str, seed: int = 1) -> Game:
    """A finished 8-player game with virtual rolls, each turn scored in its best allowed box."""
    game = Game(get_variant(variant_id).configure(), PLAYERS, seed=seed)
    while not game.finished:
        game.roll()
        game.hold(0)
        game.roll()
        best = max((s for s in game.box_states() if s.allowed), key=lambda s: s.score or 0)
        game.score(best.box.id)
    return game


def main() -> None:
    """Print the median replay time of each variant's full 8-player record."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    options = parser.parse_args()
    for variant_id in BUILT_IN_VARIANTS:
        text = dumps_record(full_game(variant_id))
        timings = []
        for _ in range(options.repeat):
            start = time.perf_counter()
            loads_record(text)
            timings.append(time.perf_counter() - start)
        turns = 8 * len(get_variant(variant_id).boxes)
        median_ms = statistics.median(timings) * 1e3
        print(
            f"{variant_id:13} {turns:4} turns  replay median {median_ms:6.1f} ms"
            f"  worst {max(timings) * 1e3:6.1f} ms"
        )


if __name__ == "__main__":
    main()
