"""The real app in a real X window (Xvfb), screenshotted with Qt and kept under artifacts/."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from missdice_desktop.records import save_record
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.settings import AppPaths, Settings, save_settings

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "ui"
PROBE = Path(__file__).with_name("xvfb_probe.py")

pytestmark = pytest.mark.xvfb


@pytest.fixture
def x_display() -> Iterator[str]:
    """A fresh Xvfb on a free display number; skipped without Xvfb unless CI=true."""
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        message = "Xvfb is not installed (apt-get install xvfb; scripts/bootstrap test does it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " — CI must run the real-window test")
        pytest.skip(message)
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write_end)
    with os.fdopen(read_end) as reader:
        number = reader.readline().strip()
    if not number:
        server.kill()
        _, error = server.communicate(timeout=10)
        pytest.fail(f"Xvfb did not start: {error.decode(errors='replace')[-500:]}")
    try:
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def game_in_progress() -> Game:
    """Two players a few turns in, Anna with dice on the table, so the sheet shows previews."""
    game = Game(get_variant("yahtzee").configure({"rigole": True}), ["Anna", "Ben"])
    for dice, box in [("66612", "sixes"), ("12345", "large_straight"), ("33355", "full_house")]:
        game.enter_dice(dice)
        game.score(box)
    game.enter_dice("44432")
    game.score("chance")
    game.enter_dice("44423")
    return game


def distinct_colours(image: QImage, step: int = 7) -> int:
    colours = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            colours.add(image.pixel(x, y))
    return len(colours)


def test_the_real_window_shows_a_readable_sheet_under_x(x_display, tmp_path, qapp):
    paths = AppPaths(tmp_path / "config", tmp_path / "data")
    save_settings(paths.settings_file, Settings(language="en", theme="light"))
    record = tmp_path / "game.json"
    save_record(record, game_in_progress())
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "real-window.png"
    shot.unlink(missing_ok=True)
    env = dict(os.environ, DISPLAY=x_display, QT_QPA_PLATFORM="xcb")
    done = subprocess.run(
        [
            sys.executable,
            str(PROBE),
            str(record),
            str(shot),
            str(paths.config_dir),
            str(paths.data_dir),
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "title=Miss Dice\n" in done.stdout

    screen = QImage(str(shot))
    assert not screen.isNull()
    assert (screen.width(), screen.height()) == (1280, 800)
    assert distinct_colours(screen) > 12, "the screenshot is blank"
    window = QImage(str(shot.with_name("real-window-window.png")))
    assert window.width() >= 800 and window.height() >= 560
    assert distinct_colours(window) > 12
    # The window really reached the X server: the screen is not the black root everywhere.
    corner = screen.copy(0, 0, window.width(), window.height())
    assert distinct_colours(corner) > 12
