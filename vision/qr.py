"""Reading QR codes in camera frames (a shared game held up to the webcam).

zxing-cpp decodes; OpenCV's own detectors were measured first and found too weak for the
large codes a whole game makes (a version-22 code, 105 modules, 400 px wide in a 720p frame
with a little blur and JPEG at 70: OpenCV 0 of 8 frames, zxing-cpp 7 of 8; the figures are
in docs/game-record.md and `python -m missdice_desktop.share_bench`). A frame where nothing
is found is read once more, sharpened: a soft webcam picture of a small code then reads
far more often (280 px: 2 of 8 poses plain, 5 of 8 with the second look).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

MAX_FRAME_PIXELS = 4096 * 4096
"""Larger frames are not searched (no camera sends them; a file might)."""
SHARPEN_SIGMA = 1.5
SHARPEN_AMOUNT = 0.8


def read_qr_texts(frame: npt.NDArray[np.uint8], *, second_look: bool = True) -> tuple[str, ...]:
    """The texts of the QR codes readable in a BGR or grey frame, in the order found;
    `second_look`: read a frame without a code once more, sharpened."""
    if (
        frame.ndim not in (2, 3)
        or frame.size == 0
        or frame.shape[0] * frame.shape[1] > (MAX_FRAME_PIXELS)
    ):
        return ()
    if frame.ndim == 3 and frame.shape[2] != 3:
        return ()
    found = _decode(np.ascontiguousarray(frame))
    if found or not second_look:
        return found
    return _decode(sharpened(frame))


def sharpened(frame: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The frame in grey with its edges pushed (an unsharp mask), for a second look."""
    import cv2

    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    soft = cv2.GaussianBlur(grey, (0, 0), SHARPEN_SIGMA)
    pushed = cv2.addWeighted(grey, 1 + SHARPEN_AMOUNT, soft, -SHARPEN_AMOUNT, 0)
    return np.ascontiguousarray(pushed, dtype=np.uint8)


def _decode(image: npt.NDArray[np.uint8]) -> tuple[str, ...]:
    import zxingcpp  # loaded with the first frame searched, not with the window

    codes = zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    )
    return tuple(code.text for code in codes if code.valid and code.text)
