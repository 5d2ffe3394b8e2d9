"""Where the app's resources are: beside the package in a checkout, or inside a bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The `resources/` folder (PyInstaller unpacks it under sys._MEIPASS)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def camera_demo_dir() -> Path:
    """The demo sequence played by `missdice --camera demo`."""
    return resources_dir() / "camera-demo"
