"""The app's resource files, shipped inside the package as `missdice_desktop.resources`.

The top-level `resources/` folder is mapped onto that package (pyproject.toml's
`package-dir`), so a source checkout (installed editable), an installed wheel and a frozen
bundle all find the files beside this module, the same way. They are always a real folder
(Qt and OpenCV need paths; a zipped install is not supported), so the folder is this file's:
`importlib.resources` would answer the same, at 5 to 10 ms of the window's start-up.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def resources_dir() -> Path:
    """The folder holding the resource files (a real folder: Qt and OpenCV need paths)."""
    return _HERE


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
