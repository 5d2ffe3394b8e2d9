"""Makes the app icon's PNG, ICO and ICNS files from resources/icons/missdice.svg.

    python installer/make_icons.py OUT_DIR

writes OUT_DIR/png/missdice-SIZE.png for every size, OUT_DIR/missdice.ico (Windows) and
OUT_DIR/missdice.icns (macOS). Qt draws the SVG (QtSvg is in PySide6-Essentials); the ICO
and ICNS containers are written here, holding PNG images, which both formats accept.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SVG = Path(__file__).resolve().parents[1] / "resources" / "icons" / "missdice.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {  # type code → pixel size (the @2x codes hold the double size)
    b"icp4": 16,
    b"icp5": 32,
    b"icp6": 64,
    b"ic07": 128,
    b"ic08": 256,
    b"ic09": 512,
    b"ic10": 1024,
    b"ic11": 32,
    b"ic12": 64,
    b"ic13": 256,
    b"ic14": 512,
}


def render_png(size: int, svg: Path = SVG) -> bytes:
    """The icon drawn at `size`×`size` pixels, as PNG data."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg}: not an SVG that Qt can draw")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs want bytes, Qt a str
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the PNG images (a width or height of 256 is written as 0)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the PNG images for every type code whose size is there."""
    body = b"".join(
        code + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for code, size in ICNS_TYPES.items()
        if size in pngs
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(out: Path, svg: Path = SVG) -> list[Path]:
    """Write every PNG size, the .ico and the .icns into `out`; returns the files written."""
    pngs = {size: render_png(size, svg) for size in PNG_SIZES}
    (out / "png").mkdir(parents=True, exist_ok=True)
    written = []
    for size, png in pngs.items():
        path = out / "png" / f"missdice-{size}.png"
        path.write_bytes(png)
        written.append(path)
    for name, data in (
        ("missdice.ico", ico({size: pngs[size] for size in ICO_SIZES})),
        ("missdice.icns", icns(pngs)),
    ):
        (out / name).write_bytes(data)
        written.append(out / name)
    return written


def main(arguments: list[str]) -> int:
    """`make_icons.py OUT_DIR`."""
    if len(arguments) != 1:
        print("usage: make_icons.py OUT_DIR", file=sys.stderr)
        return 2
    app = QGuiApplication.instance() or QGuiApplication(["make_icons", "-platform", "offscreen"])
    for path in make_icons(Path(arguments[0])):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
