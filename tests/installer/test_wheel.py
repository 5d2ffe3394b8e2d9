"""The wheel carries the resources: built from the sources, installed into a fresh venv, the
French catalogue, the demo camera photos and the grids load from the installed package.

The fresh venv gets only the wheel; the libraries it needs (PySide6, OpenCV, numpy…) are
borrowed from the test venv by a .pth line, which adds their folder without running the test
venv's own .pth files, so the checkout's editable install stays out of sight.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from missdice_desktop import __version__
from missdice_desktop.rules import BUILT_IN_VARIANTS
from tests.test_records import EXAMPLE

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "missdice_desktop", "vision",
           "resources")  # fmt: skip

CHECK = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QTranslator
import missdice_desktop
from missdice_desktop.resources import grids_dir, resources_dir
from missdice_desktop.rules import BUILT_IN_VARIANTS, load_grid_file
from missdice_desktop.ui.app import TRANSLATIONS_DIR
from missdice_desktop.ui.camera.sources import open_source
from vision import read_dice

app = QCoreApplication([])
translator = QTranslator()
loaded = translator.load("missdice_fr", str(TRANSLATIONS_DIR))
app.installTranslator(translator)
source = open_source("demo")
source.open()
grids = {p.name: load_grid_file(p).name for p in sorted(grids_dir().glob("*.toml"))}
print(json.dumps({
    "package": missdice_desktop.__file__,
    "resources": str(resources_dir()),
    "version": missdice_desktop.__version__,
    "french": loaded and QCoreApplication.translate("MainWindow", "&Game"),
    "demo": list(read_dice(source.read()).values),
    "built_in": sorted(v.configure().variant.id for v in BUILT_IN_VARIANTS.values()),
    "grids": grids,
}))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built by pip from a copy of the sources (the checkout stays clean)."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            skip = shutil.ignore_patterns("__pycache__")
            shutil.copytree(ROOT / name, source / name, ignore=skip)
        else:
            shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work), str(source)])
    (built,) = work.glob("missdice_desktop-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_carries_every_resource(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if n.startswith("missdice_desktop/resources/")}
    # Every file the wheel was built from (no git: a CI checkout may be an export), but the
    # translations' sources (the .qm ships) and Python's caches.
    expected = {
        "missdice_desktop/" + path.relative_to(ROOT).as_posix()
        for path in (ROOT / "resources").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".ts"
    }
    assert expected - shipped == set(), "add their pattern to pyproject.toml's package-data"
    assert len(expected) > 10


@pytest.fixture(scope="module")
def venv(wheel: Path) -> Path:
    """A fresh venv holding only the wheel (and the borrowed libraries)."""
    venv = wheel.parent / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", str(wheel)])  # fmt: skip
    purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
    Path(purelib.strip(), "borrowed-libraries.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return venv


def run(command: list[str], cwd: Path | None = None) -> str:
    result = subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.mark.slow
def test_the_installed_wheel_finds_its_resources(venv: Path) -> None:
    # -I: neither the checkout (the current folder) nor PYTHONPATH is on the path.
    found = json.loads(run([str(venv / "bin" / "python"), "-I", "-c", CHECK], cwd=venv))
    assert found["package"].startswith(str(venv))
    assert found["resources"].startswith(str(venv))
    assert found["version"] == __version__ != "0.0.0+source"
    assert found["french"] == "&Partie"
    assert found["demo"] == [1, 2, 4, 4, 6]  # 01-…jpg, see resources/camera-demo/NOTICE.md
    assert found["built_in"] == sorted(BUILT_IN_VARIANTS) != []
    assert found["grids"] == {"yams-famille.toml": "Yam's de la famille"}


@pytest.mark.slow
def test_the_installed_command_runs(venv: Path, tmp_path: Path) -> None:
    missdice = venv / "bin" / "missdice"
    assert run([str(missdice), "--version"]).strip() == f"missdice {__version__}"
    record = tmp_path / "game.json"
    record.write_text(json.dumps(EXAMPLE))
    assert "Anna" in run([str(missdice), "replay", str(record)], cwd=tmp_path)
