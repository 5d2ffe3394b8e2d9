"""Benchmark of the coach: building each table from scratch, the cache, and one hint.

Run on one core, politely: scripts/coach-bench (OPENBLAS_NUM_THREADS=1 nice -n 10 …).
It prints the expected score of a new game for every sheet the coach plays, the build's
CPU time and peak memory, the cached table's load time, and the time of one hint.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from missdice_desktop.coach import cache
from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.solver import SolverSheet, expected_score
from missdice_desktop.rules import Scoresheet, get_variant
from missdice_desktop.rules.variants import Ruleset

SHEETS: tuple[tuple[str, dict[str, object]], ...] = (
    ("yahtzee", {"joker": "forced"}),
    ("yahtzee", {"joker": "hasbro"}),
    ("yahtzee", {"joker": "free"}),
    ("yahtzee", {"joker": "forced", "rigole": True}),
    ("yacht", {}),
    ("yams-chances", {}),
    ("yams-ecart", {}),
)


def describe(rules: Ruleset) -> str:
    """The sheet and its options in a few words."""
    options = ", ".join(f"{k}={v}" for k, v in rules.options)
    return f"{rules.variant.id}" + (f" ({options})" if options else "")


def bench(rules: Ruleset, folder: Path) -> None:
    """Build, save, load and advise once for `rules`, printing the measurements."""
    model = SolverSheet(rules)
    started = time.process_time()
    wall = time.perf_counter()
    table = model.solve()
    cpu = time.process_time() - started
    wall = time.perf_counter() - wall
    cache.save_table(model, table, folder)
    loaded = time.perf_counter()
    assert cache.load_table(model, folder) is not None
    loaded = time.perf_counter() - loaded
    coach = Coach(model, table)
    hint = time.perf_counter()
    coach.choices(Scoresheet(rules), (6, 6, 5, 2, 1), 2)
    hint = time.perf_counter() - hint
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{describe(rules):40} {expected_score(table):9.4f}  positions {model.position_count():>9}"
        f"  build {cpu:6.1f} s CPU ({wall:.1f} s wall)  load {loaded * 1000:5.0f} ms"
        f"  hint {hint * 1000:5.1f} ms  peak memory {peak:5.0f} MB",
        flush=True,
    )


def main() -> None:
    """Run the benchmark for the sheets named on the command line (default: all)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="variant ids (default: every sheet)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for variant_id, chosen in SHEETS:
            if options.games and variant_id not in options.games:
                continue
            bench(get_variant(variant_id).configure(chosen), Path(folder))


if __name__ == "__main__":
    main()
