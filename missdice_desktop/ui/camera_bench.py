"""Benchmark of the camera panel: preview frame rate and reading latency at 1280×720.

Plays a 30 fps 1280×720 video made from the demo photos through the real panel (worker
thread, reader, preview paint) for a few seconds and reports what a player would see: the
preview's frame rate, the reader's time per frame, and how long after a new roll comes to rest
(a new photo in the video) the panel offers its reading ("Use these dice" enabled; the
stability gate alone holds a reading `camera_panel.HOLD_SECONDS`).

Run: python -m missdice_desktop.ui.camera_bench [--seconds 5]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import cv2
import numpy as np

HOLD = 1.0
"""Seconds each demo photo (a roll at rest) holds in the video."""
FPS = 30.0


def make_video(path: Path, seconds_each: float = HOLD, fps: float = FPS) -> None:
    """A 1280×720 video of the demo photos (upscaled), each held for `seconds_each`."""
    from missdice_desktop.resources import camera_demo_dir

    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, (1280, 720))
    for photo in sorted(camera_demo_dir().glob("*.jpg")):
        image = cv2.imread(str(photo))
        assert image is not None, photo
        frame = cv2.resize(image, (960, 720), interpolation=cv2.INTER_LINEAR)
        canvas = np.zeros((720, 1280, 3), np.uint8)
        canvas[:, 160:1120] = frame
        for _ in range(round(seconds_each * fps)):
            writer.write(canvas)
    writer.release()


def main() -> None:
    """Print preview fps and per-frame reading time."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    options = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from missdice_desktop.ui.camera_panel import CameraPanel
    from missdice_desktop.ui.camera_worker import read_for_camera
    from vision.sources import VideoFileSource

    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "dice-1280x720.avi"
        make_video(video)
        shown: list[float] = []
        captured: list[float] = []

        class TimedVideo(VideoFileSource):
            """The video, noting when each frame is captured (a new roll every HOLD s)."""

            def read(self):  # type: ignore[no-untyped-def]
                frame = super().read()
                captured.append(time.perf_counter())
                return frame

        panel = CameraPanel(str(video), open_source=lambda spec: TimedVideo(spec))
        panel.resize(800, 600)
        panel.show()
        panel.preview.show_image = _counting(panel.preview.show_image, shown)  # type: ignore[method-assign]
        offered: list[float] = []
        panel.ready_changed.connect(lambda ready: _stamp(offered) if ready else None)
        panel.start()
        QTimer.singleShot(round(options.seconds * 1000), app.quit)
        app.exec()
        panel.shut_down()
        frames = [VideoFileSource(video)]
        frames[0].open()
        sample = [frames[0].read() for _ in range(30)]
        frames[0].close()
    timings = []
    for frame in sample:
        start = time.perf_counter()
        read_for_camera(frame)
        timings.append((time.perf_counter() - start) * 1000)
    steady = [t for t in shown if t > shown[0] + 0.5] if shown else []
    fps = (len(steady) - 1) / (steady[-1] - steady[0]) if len(steady) > 2 else 0.0
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(steady)]
    print(
        f"preview: {fps:.1f} fps at 1280x720 while reading (source 30 fps), "
        f"worst gap {max(gaps, default=0):.0f} ms"
    )
    print(
        f"reader: median {statistics.median(timings):.1f} ms per 1280x720 frame "
        f"(cv2 threads: {cv2.getNumThreads()})"
    )
    # A roll comes to rest when the first frame of its photo is captured.
    per_photo = round(HOLD * FPS)
    rests = captured[::per_photo]
    waits = [at - max(r for r in rests if r <= at) for at in offered if rests and rests[0] <= at]
    if waits:
        print(
            f"reading offered after the roll came to rest: median {statistics.median(waits):.2f} s"
            f", worst {max(waits):.2f} s ({len(waits)} rolls)"
        )


def _stamp(times: list[float]) -> None:
    times.append(time.perf_counter())


def _counting(show, shown: list[float]):  # type: ignore[no-untyped-def]
    def wrapper(*args: object) -> None:
        shown.append(time.perf_counter())
        show(*args)

    return wrapper


if __name__ == "__main__":
    main()
