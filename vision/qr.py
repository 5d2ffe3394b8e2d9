"""Reading QR codes in camera frames (a shared game held up to the webcam).

zxing-cpp decodes; OpenCV's own detectors were measured first and found too weak for the
large codes a whole game makes (a version-23 code, 109 modules, 400 px wide in a 720p frame
with a little blur and JPEG at 70: OpenCV 0 of 8 frames, zxing-cpp 7 of 8; the figures are
in docs/game-record.md and `python -m missdice_desktop.share_bench`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

MAX_FRAME_PIXELS = 4096 * 4096
"""Larger frames are not searched (no camera sends them; a file might)."""


def read_qr_texts(frame: npt.NDArray[np.uint8]) -> tuple[str, ...]:
    """The texts of the QR codes readable in a BGR or grey frame, in the order found."""
    import zxingcpp  # loaded with the first frame searched, not with the window

    if (
        frame.ndim not in (2, 3)
        or frame.size == 0
        or frame.shape[0] * frame.shape[1] > (MAX_FRAME_PIXELS)
    ):
        return ()
    if frame.ndim == 3 and frame.shape[2] != 3:
        return ()
    codes = zxingcpp.read_barcodes(
        np.ascontiguousarray(frame), formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    )
    return tuple(code.text for code in codes if code.valid and code.text)
