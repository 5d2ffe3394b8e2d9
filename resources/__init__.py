"""The app's resource files, shipped inside the package as `missdice_desktop.resources`.

The top-level `resources/` folder is mapped onto that package (pyproject.toml's
`package-dir`), so a source checkout (installed editable), an installed wheel and a frozen
bundle all find the files through `importlib.resources`, the same way.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def resources_dir() -> Path:
    """The folder holding the resource files (a real folder: Qt and OpenCV need paths)."""
    root = files(__name__)
    if not isinstance(root, Path):  # a zipped install, which the app does not support
        raise RuntimeError(f"Miss Dice's resources are not in a folder: {root}")
    return root


def camera_demo_dir() -> Path:
    """The demo sequence played by `missdice --camera demo`."""
    return resources_dir() / "camera-demo"


def translations_dir() -> Path:
    """The compiled translations (`missdice_fr.qm`…)."""
    return resources_dir() / "translations"


def grids_dir() -> Path:
    """The house grids shipped as examples (TOML, see docs/grid-file.md)."""
    return resources_dir() / "grids"


def icons_dir() -> Path:
    """The app icon: `missdice.svg` and the PNG sizes made from it."""
    return resources_dir() / "icons"
