"""Decoding photos from bytes with bounds, so that a bad file is one answer, never a crash.

The size an image claims is read from its header before anything is decoded (as Pillow's
MAX_IMAGE_PIXELS does): a 1 MB PNG may claim 20000 × 20000 pixels and need gigabytes once
decoded. Up to MAX_IMAGE_PIXELS an image is decoded whole. A larger JPEG is decoded
reduced (libjpeg scales by 1/2, 1/4 or 1/8 while decoding, at little cost), since the
reader shrinks every photo to under a thousand pixels a side anyway; other formats are
refused above it. Only the formats the camera folder lists are read: JPEG, PNG, BMP, WebP.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np
import numpy.typing as npt

MAX_IMAGE_BYTES = 100_000_000
"""A photo file larger than this is refused unread."""
MAX_IMAGE_PIXELS = 40_000_000
"""Images are decoded at most this large (a 48-megapixel JPEG is decoded at half size)."""
_REDUCED = (
    (2, cv2.IMREAD_REDUCED_COLOR_2),
    (4, cv2.IMREAD_REDUCED_COLOR_4),
    (8, cv2.IMREAD_REDUCED_COLOR_8),
)
# Start-of-frame markers (baseline, progressive, lossless…), not DHT (C4), JPG (C8), DAC (CC).
_JPEG_FRAMES = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class ImageRefused(ValueError):
    """Bytes that are not an image this program decodes; the message says why."""


def read_image(data: bytes) -> npt.NDArray[np.uint8]:
    """The BGR image encoded in `data`; ImageRefused when it is not one or is too large."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(f"larger than {MAX_IMAGE_BYTES // 1_000_000} MB")
    kind, width, height = image_header(data)
    if width <= 0 or height <= 0:
        raise ImageRefused(f"a {kind} header with no size")
    flags = cv2.IMREAD_COLOR
    pixels = width * height
    if pixels > MAX_IMAGE_PIXELS:
        factors = [flag for factor, flag in _REDUCED if pixels <= MAX_IMAGE_PIXELS * factor**2]
        if kind != "JPEG" or not factors:
            limit = MAX_IMAGE_PIXELS * (64 if kind == "JPEG" else 1) // 1_000_000
            raise ImageRefused(
                f"{width} × {height} pixels, more than the {limit} megapixels this program "
                f"decodes from a {kind} file"
            )
        flags = factors[0]
    try:
        image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flags)
    except cv2.error:
        image = None
    if image is None or image.size == 0:
        raise ImageRefused(f"a damaged {kind} file")
    return np.asarray(image, dtype=np.uint8)


def decode_image(data: bytes) -> npt.NDArray[np.uint8] | None:
    """The BGR image encoded in `data` (JPEG, PNG…), or None when it is not one."""
    try:
        return read_image(data)
    except ImageRefused:
        return None


def image_header(data: bytes) -> tuple[str, int, int]:
    """The format and the width and height an image file claims, read from its header.

    >>> image_header(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + bytes(3) + b"\\x05"
    ...              + bytes(3) + b"\\x07")
    ('PNG', 5, 7)
    """
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        if len(data) < 24 or data[12:16] != b"IHDR":
            raise ImageRefused("a PNG file cut short")
        width, height = struct.unpack(">II", data[16:24])
        return "PNG", width, height
    if data.startswith(b"\xff\xd8"):
        return ("JPEG", *_jpeg_size(data))
    if data.startswith(b"BM") and len(data) >= 26:
        header_size = struct.unpack("<I", data[14:18])[0]
        if header_size == 12:
            width, height = struct.unpack("<HH", data[18:22])
        else:
            width, height = struct.unpack("<ii", data[18:26])
        return "BMP", abs(width), abs(height)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return ("WebP", *_webp_size(data))
    raise ImageRefused("not an image this program can decode (JPEG, PNG, BMP or WebP)")


def _jpeg_size(data: bytes) -> tuple[int, int]:
    position = 2
    while position + 4 <= len(data):
        if data[position] != 0xFF:
            break
        marker = data[position + 1]
        if marker == 0xFF:  # fill byte
            position += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:  # markers without a length
            position += 2
            continue
        length = struct.unpack(">H", data[position + 2 : position + 4])[0]
        if marker in _JPEG_FRAMES:
            if position + 9 > len(data):
                break
            height, width = struct.unpack(">HH", data[position + 5 : position + 9])
            return width, height
        if marker == 0xD9 or length < 2:
            break
        position += 2 + length
    raise ImageRefused("a JPEG file without a frame header")


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8X" and len(data) >= 30:
        width = int.from_bytes(data[24:27], "little") + 1
        height = int.from_bytes(data[27:30], "little") + 1
        return width, height
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    raise ImageRefused("a WebP file cut short")
