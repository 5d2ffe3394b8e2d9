"""Decoding photos from bytes, so that a bad file is an answer (None), never a library warning."""

from __future__ import annotations

import cv2
import numpy as np
import numpy.typing as npt


def decode_image(data: bytes) -> npt.NDArray[np.uint8] | None:
    """The BGR image encoded in `data` (JPEG, PNG…), or None when it is not one."""
    if not data:
        return None
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    return None if image is None else np.asarray(image, dtype=np.uint8)
