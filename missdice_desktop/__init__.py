"""Miss Dice Desktop: a scoresheet for Yahtzee, Yam's and Yacht, with virtual or real dice."""

from __future__ import annotations

import functools


@functools.cache
def _version() -> str:
    """The installed version, read from the package metadata the first time it is asked."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("missdice-desktop")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0+source"


def __getattr__(name: str) -> str:
    """`__version__`, read only when asked (the metadata costs start-up time)."""
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
