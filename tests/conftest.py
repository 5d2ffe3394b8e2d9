"""Shared test hooks: the fuzzers' counts at the end of the run."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many inputs each fuzzer tried, refused and accepted."""
    from tests.fuzz import TALLY

    if not TALLY:
        return
    terminalreporter.section("fuzzers (tried / refused / accepted)")
    for kind, counts in sorted(TALLY.items()):
        terminalreporter.write_line(
            f"{kind}: {counts['tried']} / {counts['refused']} / {counts['accepted']}"
        )
