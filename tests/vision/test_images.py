"""Decoding photos with bounds: the header's size is checked before a pixel is decoded."""

import struct
import zlib

import cv2
import numpy as np
import pytest

from vision.images import (
    MAX_IMAGE_PIXELS,
    ImageRefused,
    decode_image,
    image_header,
    read_image,
)


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims `width` × `height`, with one row of image data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    rows = zlib.compress(b"\x00" + bytes(width * 3))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows)


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header is rewritten to claim `width` × `height`."""
    _ok, encoded = cv2.imencode(".jpg", np.full((48, 64, 3), 128, np.uint8))
    data = bytearray(encoded.tobytes())
    frame = data.index(b"\xff\xc0")
    data[frame + 5 : frame + 9] = struct.pack(">HH", height, width)
    return bytes(data)


@pytest.mark.parametrize("extension", [".png", ".jpg", ".bmp", ".webp"])
@pytest.mark.parametrize(("width", "height"), [(1, 1), (64, 48), (33, 517)])
def test_the_header_gives_the_size_of_every_format_read(
    extension: str, width: int, height: int
) -> None:
    ok, encoded = cv2.imencode(extension, np.zeros((height, width, 3), np.uint8))
    assert ok
    _kind, found_width, found_height = image_header(encoded.tobytes())
    assert (found_width, found_height) == (width, height)
    image = read_image(encoded.tobytes())
    assert image.shape == (height, width, 3)


def test_a_png_claiming_a_huge_size_is_refused_before_decoding() -> None:
    data = png_claiming(20_000, 20_000)
    assert len(data) < 100_000
    with pytest.raises(ImageRefused, match="20000 × 20000 pixels, more than the 40 megapixels"):
        read_image(data)


def test_a_huge_jpeg_is_decoded_reduced() -> None:
    image = read_image(jpeg_claiming(30_000, 30_000))
    assert image.shape[0] * image.shape[1] <= MAX_IMAGE_PIXELS
    assert image.shape[:2] == (3750, 3750)


def test_a_jpeg_beyond_what_reducing_allows_is_refused_without_a_library_error() -> None:
    with pytest.raises(ImageRefused, match="65500 × 65500 pixels"):
        read_image(jpeg_claiming(65_500, 65_500))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "not an image"),
        (b"\x89PNG\r\n\x1a\n", "a PNG file cut short"),
        (b"\xff\xd8\xff\xd9", "a JPEG file without a frame header"),
        (b"II*\x00" + bytes(100), "not an image this program can decode"),
        (png_claiming(0, 5), "a PNG header with no size"),
        (jpeg_claiming(64, 48)[:300], "a damaged JPEG file"),
        (b"RIFF\x00\x00\x00\x00WEBPVP8 ", "a WebP file cut short"),
    ],
)
def test_bad_bytes_are_refused_with_a_reason(data: bytes, reason: str) -> None:
    with pytest.raises(ImageRefused, match=reason):
        read_image(data)
    assert decode_image(data) is None
