"""The icon's sizes made from the SVG: PNGs, an ICO and an ICNS that hold them."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from tests.installer.support import load

make_icons = load("make_icons")


def test_every_size_is_drawn_and_packed(tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    make_icons.make_icons(tmp_path)
    for size in make_icons.PNG_SIZES:
        image = QImage(str(tmp_path / "png" / f"missdice-{size}.png"))
        assert (image.width(), image.height()) == (size, size)
        face = QColor(image.pixel(size // 6, size // 2))  # left of the middle pip: red
        assert face.red() > 140 > face.green(), size
        assert QColor.fromRgba(image.pixel(0, size - 1)).alpha() < 128  # rounded corner

    ico = (tmp_path / "missdice.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(make_icons.ICO_SIZES))
    widths = [ico[6 + 16 * i] for i in range(count)]
    assert widths == [16, 24, 32, 48, 64, 128, 0]  # 0 stands for 256
    *_, length, offset = struct.unpack_from("<BBBBHHII", ico, 6 + 16 * (count - 1))
    assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length == len(ico)

    icns = (tmp_path / "missdice.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    position, codes = 8, []
    while position < len(icns):
        codes.append(icns[position : position + 4])
        position += struct.unpack(">I", icns[position + 4 : position + 8])[0]
    assert position == len(icns) and b"ic10" in codes and b"icp4" in codes


def test_an_svg_qt_cannot_draw_is_refused(tmp_path: Path, qapp) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.svg"
    bad.write_text("not svg")
    with pytest.raises(ValueError, match=r"bad\.svg: not an SVG"):
        make_icons.render_png(16, bad)
