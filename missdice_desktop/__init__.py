"""Miss Dice Desktop: a scoresheet for Yahtzee, Yam's and Yacht, with virtual or real dice."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("missdice-desktop")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
