"""Images: mangled photos and headers claiming any size are decoded within the pixel cap or
refused with a reason; nothing else escapes (no cv2.error, no MemoryError)."""

from __future__ import annotations

import struct

import cv2
import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import count, fuzz, mutate_bytes
from vision.images import MAX_IMAGE_PIXELS, ImageRefused, read_image

_RANDOM = np.random.default_rng(14)
_PICTURE = _RANDOM.integers(0, 255, (24, 32, 3), dtype=np.uint8)
SEEDS = {
    extension: cv2.imencode(extension, _PICTURE)[1].tobytes()
    for extension in (".png", ".jpg", ".bmp", ".webp")
}
TOKENS = [b"\xff\xd8", b"\xff\xc0\x00\x11\x08\xff\xff\xff\xff", b"IHDR", b"\x00" * 16, b"\xff" * 8]
SIZES = st.integers(0, 70_000)


def claim(data: bytes, extension: str, width: int, height: int) -> bytes:
    """`data` with its header rewritten to claim `width` × `height` (where the format allows)."""
    raw = bytearray(data)
    if extension == ".png":
        raw[16:24] = struct.pack(">II", width, height)
    elif extension == ".jpg":
        frame = raw.find(b"\xff\xc0")
        if frame >= 0:
            raw[frame + 5 : frame + 9] = struct.pack(">HH", min(height, 65535), min(width, 65535))
    elif extension == ".bmp":
        raw[18:26] = struct.pack("<ii", width, height)
    return bytes(raw)


def outcome(data: bytes) -> None:
    try:
        image = read_image(data)
    except ImageRefused as error:
        assert "\n" not in str(error)
        count("images", accepted=False)
        return
    assert image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] * image.shape[1] <= MAX_IMAGE_PIXELS
    count("images", accepted=True)


@fuzz(120)
@given(st.data())
def test_mangled_images(data: st.DataObject) -> None:
    extension = data.draw(st.sampled_from(sorted(SEEDS)))
    outcome(mutate_bytes(data, SEEDS[extension], TOKENS))


@fuzz(60)
@given(st.sampled_from([".png", ".jpg", ".bmp"]), SIZES, SIZES)
def test_headers_claiming_any_size(extension: str, width: int, height: int) -> None:
    outcome(claim(SEEDS[extension], extension, width, height))
