"""Benchmark of the camera panel: preview frame rate, CPU and reading delay at 1280×720.

Plays a scripted 30 fps 1280×720 video through the real panel (worker thread, motion test,
reader, preview paint): for each demo photo, dice rolling for 1 s (the dice shaken about and
blurred), still for 4 s; after every second roll, a hand passing over the table (0.7 s, the
dice untouched); and an empty table once. It reports what a player would see: the preview's
frame rate, the process's CPU as a share of one core while the table is still and while it
moves, how many frames were read, and how long after the dice come to rest the panel offers
its reading ("Use these dice" enabled).

The video's still frames repeat exactly, as a video file's and the demo photos' do; with
`--noise 3` every frame carries a camera's sensor noise (a Gaussian of 3 grey levels), so that
no two frames are alike, as with a webcam.

Run: python -m missdice_desktop.ui.camera.bench [--seconds 40] [--noise 3]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

FPS = 30.0
ROLL_SECONDS = 1.0
STILL_SECONDS = 4.0
HAND_SECONDS = 0.7
SIZE = (1280, 720)


@dataclass(frozen=True)
class Span:
    """A stretch of the video: what the table does from frame `start` on."""

    start: int
    kind: str
    """"rolling", "still" (dice at rest), "hand" (a hand over still dice) or "empty"."""


def _canvas(photo: np.ndarray) -> np.ndarray:
    canvas = np.zeros((SIZE[1], SIZE[0], 3), np.uint8)
    canvas[:, 160:1120] = cv2.resize(photo, (960, 720), interpolation=cv2.INTER_LINEAR)
    return canvas


def _rolling(still: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A frame of dice in motion: the photo shifted and turned a little, motion-blurred."""
    angle, dx, dy = rng.uniform(-8, 8), rng.uniform(-40, 40), rng.uniform(-30, 30)
    m = np.asarray(cv2.getRotationMatrix2D((SIZE[0] / 2, SIZE[1] / 2), angle, 1.0), np.float64)
    m[:, 2] += np.array([dx, dy])
    moved = cv2.warpAffine(still, m, SIZE, borderMode=cv2.BORDER_REFLECT)
    return np.asarray(cv2.blur(moved, (int(rng.integers(9, 25)), 3)), np.uint8)


def _hand(still: np.ndarray, progress: float) -> np.ndarray:
    """A skin-coloured hand (an ellipse and fingers) crossing the frame."""
    frame = still.copy()
    x = int(-300 + progress * (SIZE[0] + 600))
    cv2.ellipse(frame, (x, 420), (170, 120), 10, 0, 360, (120, 150, 205), -1)
    for finger in range(4):
        cv2.ellipse(frame, (x + 160, 330 + finger * 55), (90, 22), 0, 0, 360, (115, 145, 200), -1)
    return frame


def _sensor_noise(sigma: float, rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray]]:
    """A few frames of a camera's sensor noise, as what it adds and what it takes away."""
    fields = []
    for _ in range(8 if sigma > 0 else 0):
        noise = rng.normal(0.0, sigma, (SIZE[1], SIZE[0], 3))
        fields.append(
            (
                np.clip(noise, 0, 255).astype(np.uint8),
                np.clip(-noise, 0, 255).astype(np.uint8),
            )
        )
    return fields


def make_video(path: Path, fps: float = FPS, noise: float = 0.0) -> list[Span]:
    """The scripted video of rolls with pauses (every frame with sensor noise of `noise`
    grey levels); returns what each stretch shows."""
    from missdice_desktop.resources import camera_demo_dir

    rng = np.random.default_rng(7)
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, SIZE)
    spans: list[Span] = []
    frame_number = 0
    fields = _sensor_noise(noise, np.random.default_rng(11))

    def write(frame: np.ndarray, kind: str) -> None:
        nonlocal frame_number
        if not spans or spans[-1].kind != kind:
            spans.append(Span(frame_number, kind))
        if fields:
            # each frame its own noise: the fields in turn, moved by a pixel or two
            up, down = fields[frame_number % len(fields)]
            shift = frame_number // len(fields) % 3
            frame = cv2.subtract(cv2.add(frame, np.roll(up, shift, 1)), np.roll(down, shift, 0))
        writer.write(frame)
        frame_number += 1

    photos = sorted(camera_demo_dir().glob("*.jpg"))
    for number, photo in enumerate(photos):
        image = cv2.imread(str(photo))
        assert image is not None, photo
        still = _canvas(image)
        for _ in range(round(ROLL_SECONDS * fps)):
            write(_rolling(still, rng), "rolling")
        for _ in range(round(STILL_SECONDS * fps)):
            write(still, "still")
        if number % 2 == 1:
            steps = round(HAND_SECONDS * fps)
            for step in range(steps):
                write(_hand(still, step / steps), "hand")
            for _ in range(round(1.0 * fps)):
                write(still, "after hand")
        if number == 3:
            empty = _canvas(np.full_like(image, (60, 90, 40)))
            for step in range(round(HAND_SECONDS * fps)):
                write(_hand(empty, step / HAND_SECONDS / fps), "hand")
            for _ in range(round(2.0 * fps)):
                write(empty, "empty")
    writer.release()
    spans.append(Span(frame_number, "end"))
    return spans


def main() -> None:
    """Print preview fps, CPU while still and moving, reads and reading delay."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=0.0, help="0: the whole video")
    parser.add_argument(
        "--noise", type=float, default=0.0, help="sensor noise on every frame (grey levels)"
    )
    options = parser.parse_args()
    load_before = os.getloadavg()[0]
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import missdice_desktop.ui.camera.worker as camera_worker
    from missdice_desktop.ui.camera.panel import CameraPanel
    from vision.sources import VideoFileSource

    reads: list[float] = []
    reader = camera_worker.read_for_camera

    def counted(frame: np.ndarray):  # type: ignore[no-untyped-def]
        reads.append(time.perf_counter())
        return reader(frame)

    camera_worker.read_for_camera = counted

    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "rolls-1280x720.avi"
        spans = make_video(video, noise=options.noise)
        total = spans[-1].start
        seconds = options.seconds or total / FPS + 1.0
        shown: list[float] = []
        captured: list[tuple[float, float]] = []  # wall time, process CPU time
        threads: set[int] = set()  # OpenCV's threads while the camera runs

        class TimedVideo(VideoFileSource):
            """The video, noting when each frame is captured and the CPU used so far."""

            def read(self):  # type: ignore[no-untyped-def]
                frame = super().read()
                captured.append((time.perf_counter(), time.process_time()))
                threads.add(cv2.getNumThreads())
                return frame

        panel = CameraPanel(str(video), open_source=lambda spec: TimedVideo(spec))
        panel.set_expected_count(5)
        panel.resize(800, 600)
        panel.show()
        panel.preview.show_image = _counting(panel.preview.show_image, shown)  # type: ignore[method-assign]
        offered: list[float] = []
        panel.ready_changed.connect(lambda ready: _stamp(offered) if ready else None)
        panel.start()
        QTimer.singleShot(round(seconds * 1000), app.quit)
        app.exec()
        panel.shut_down()
    load_after = os.getloadavg()[0]
    decode_share = _decode_share(video_frames=spans[-1].start, noise=options.noise)
    steady = [t for t in shown if t > shown[0] + 0.5] if shown else []
    fps = (len(steady) - 1) / (steady[-1] - steady[0]) if len(steady) > 2 else 0.0
    gaps = [(b - a) * 1000 for a, b in itertools.pairwise(steady)]
    print(f"machine load (1-minute average): {load_before:.2f} before, {load_after:.2f} after")
    print(
        f"preview: {fps:.1f} fps at 1280x720 (source 30 fps), "
        f"worst gap {max(gaps, default=0):.0f} ms"
    )
    # CPU by what the table does, frame by frame (the first second, opening, left out).
    cpu: dict[str, list[float]] = {"still": [0.0, 0.0], "moving": [0.0, 0.0]}
    kinds = _kinds(spans, len(captured))
    for n in range(int(FPS), len(captured) - 1):
        kind = "moving" if kinds[n] in ("rolling", "hand") else "still"
        wall = captured[n + 1][0] - captured[n][0]
        used = captured[n + 1][1] - captured[n][1]
        cpu[kind][0] += used
        cpu[kind][1] += wall
    all_used = sum(c[0] for c in cpu.values())
    all_wall = sum(c[1] for c in cpu.values())
    print(
        "CPU of the process, share of one core: "
        + ", ".join(f"{k} {u / max(w, 1e-9):.0%} ({w:.1f} s)" for k, (u, w) in cpu.items())
        + f", overall {all_used / max(all_wall, 1e-9):.0%}"
        + f" (decoding the MJPG video alone: {decode_share:.0%})"
    )
    print(
        f"frames read: {len(reads)} of {len(captured)} captured "
        f"(OpenCV threads while the camera runs: {', '.join(map(str, sorted(threads)))})"
    )
    # A roll comes to rest at the first captured frame of a "still" stretch.
    rests = [captured[s.start][0] for s in spans if s.kind == "still" and s.start < len(captured)]
    waits = []
    for rest in rests:
        after = [at - rest for at in offered if at >= rest]
        if after and after[0] < STILL_SECONDS:
            waits.append(after[0])
    if waits:
        print(
            f"reading offered after the dice came to rest: median {statistics.median(waits):.2f} s"
            f", worst {max(waits):.2f} s ({len(waits)} of {len(rests)} rolls)"
        )


def _decode_share(video_frames: int, noise: float) -> float:
    """CPU share of one core that decoding the video alone takes at 30 fps (the source's cost,
    paid by any camera sending MJPG): the panel's own share is what comes on top."""
    with tempfile.TemporaryDirectory() as folder:
        video = Path(folder) / "rolls.avi"
        make_video(video, noise=noise)
        capture = cv2.VideoCapture(str(video))
        start = time.process_time()
        count = 0
        while count < min(video_frames, 300) and capture.read()[0]:
            count += 1
        used = time.process_time() - start
        capture.release()
    return used / max(1, count) * FPS


def _kinds(spans: list[Span], count: int) -> list[str]:
    kinds = []
    for span, following in itertools.pairwise(spans):
        kinds.extend([span.kind] * (following.start - span.start))
    return (kinds + ["end"] * count)[:count]


def _stamp(times: list[float]) -> None:
    times.append(time.perf_counter())


def _counting(show, shown: list[float]):  # type: ignore[no-untyped-def]
    def wrapper(*args: object) -> None:
        shown.append(time.perf_counter())
        show(*args)

    return wrapper


if __name__ == "__main__":
    main()
