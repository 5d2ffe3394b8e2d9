"""The built Linux bundle, as a user gets it: unpacked from the .tar.gz, started under Xvfb on
a fresh HOME with no Python on PATH. It builds the bundle (minutes), so it runs only when
asked: `installer/smoke-test` (MISSDICE_BUNDLE_TEST=1); the build is removed afterwards.
The screenshot is kept as artifacts/installer/bundle-window.png.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from missdice_desktop import __version__
from tests.installer.support import INSTALLER
from tests.test_records import EXAMPLE
from tests.ui.test_real_window import distinct_colours, x_display  # noqa: F401 (a fixture)

ARTIFACTS = INSTALLER.parent / "artifacts" / "installer"
PROBE = Path(__file__).with_name("screen_probe.py")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("MISSDICE_BUNDLE_TEST") != "1",
        reason="builds the bundle for minutes: run installer/smoke-test",
    ),
]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The app folder unpacked from the built .tar.gz; the whole build goes afterwards."""
    pytest.importorskip("PyInstaller", reason="pip install -e '.[bundle]'")
    out = tmp_path_factory.mktemp("bundle")
    started = time.monotonic()
    subprocess.run([sys.executable, str(INSTALLER / "build.py"), "--out", str(out)], check=True)
    print(f"\nbuilt in {time.monotonic() - started:.0f} s")
    (archive,) = (out / "dist").glob("missdice-desktop-*-linux-*.tar.gz")
    print(f"{archive.name}: {archive.stat().st_size / 2**20:.0f} MiB")
    with tarfile.open(archive) as tar:
        tar.extractall(out / "unpacked", filter="tar")
    (folder,) = (out / "unpacked").iterdir()
    yield folder
    shutil.rmtree(out)


def bare_env(home: Path, **extra: str) -> dict[str, str]:
    """A fresh HOME, and a PATH with nothing on it (no Python)."""
    empty = home / "empty-path"
    empty.mkdir(parents=True, exist_ok=True)
    return {"HOME": str(home), "PATH": str(empty), "LANG": "C.UTF-8", **extra}


def test_the_bundle_answers_from_a_terminal(bundle: Path, tmp_path: Path) -> None:
    env = bare_env(tmp_path / "home")
    program = str(bundle / "missdice")
    version = subprocess.run([program, "--version"], env=env, capture_output=True, text=True)
    assert version.stdout.strip() == f"missdice {__version__}"
    record = tmp_path / "game.json"
    record.write_text(json.dumps(EXAMPLE))
    replay = subprocess.run(
        [program, "replay", str(record)], env=env, capture_output=True, text=True
    )
    assert replay.returncode == 0, replay.stderr
    assert "Anna" in replay.stdout
    (photo,) = bundle.rglob("01-matteo_valid_valid_61.jpg")  # the demo photos are inside
    gtk = [p.name for p in bundle.rglob("*.so*") if p.name.startswith(("libqgtk3", "libpango"))]
    assert gtk == [], "the GTK3 theme plugin and its libraries stay out (missdice.spec)"
    read = subprocess.run(
        [program, "read-dice", str(photo)], env=env, capture_output=True, text=True
    )
    assert "1 2 4 4 6" in read.stdout, read.stderr


def test_the_bundle_opens_its_window_on_a_fresh_home(
    bundle: Path,
    tmp_path: Path,
    x_display: str,  # noqa: F811 (the fixture imported above)
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "bundle-window.png"
    probe = subprocess.Popen(
        [sys.executable, str(PROBE), str(shot), "60"],
        env={**os.environ, "DISPLAY": x_display},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert probe.stdout is not None and probe.stdout.readline().strip() == "ready"
    home = tmp_path / "home"
    started = time.time()
    app = subprocess.Popen(
        [str(bundle / "missdice")],
        # A GNOME desktop: Qt would load the GTK3 theme plugin there, if the bundle had it.
        env=bare_env(home, DISPLAY=x_display, XDG_CURRENT_DESKTOP="GNOME"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        seen = probe.stdout.readline().strip()
        assert probe.wait(timeout=90) == 0, "no window appeared within a minute"
        print(f"\nfirst window {float(seen) - started:.2f} s after the start")
        assert app.poll() is None, app.stdout.read() if app.stdout else ""
    finally:
        app.terminate()
        output, _ = app.communicate(timeout=30)
    image = QImage(str(shot))
    assert distinct_colours(image) > 40, "the screenshot is nearly blank"
    assert "Traceback" not in output, output
