"""Waits until the X screen shows a window, then saves a screenshot of it.

    DISPLAY=:N python screen_probe.py OUT.png TIMEOUT_S

Prints "ready" once connected, then the time.time() at which the screen first showed more
than a handful of colours (a painted window); exits 1 if it never did.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtGui import QGuiApplication, QImage


def colours(image: QImage, step: int = 9) -> int:
    """Distinct colours on a grid of pixels."""
    return len(
        {
            image.pixel(x, y)
            for y in range(0, image.height(), step)
            for x in range(0, image.width(), step)
        }
    )


def main(out: str, timeout: float) -> int:
    app = QGuiApplication(["screen_probe", "-platform", "xcb"])
    screen = app.primaryScreen()
    print("ready", flush=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        image = screen.grabWindow(0).toImage()
        if colours(image) > 20:
            seen = time.time()
            time.sleep(1.5)  # let the first dialog settle before the picture
            screen.grabWindow(0).toImage().save(out)
            print(seen, flush=True)
            return 0
        time.sleep(0.03)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], float(sys.argv[2])))
