"""Loads the scripts of installer/ (not a package) for their tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

INSTALLER = Path(__file__).resolve().parents[2] / "installer"


def load(name: str) -> ModuleType:
    """installer/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(f"installer_{name}", INSTALLER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
