"""Where the camera panel reads from: the demo photos, a camera, a video file or a folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from missdice_desktop.resources import camera_demo_dir
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # OpenCV (and numpy) load when the camera first opens, not with the window
    from vision.sources import FrameSource

translate = QCoreApplication.translate
DEMO = "demo"
CAMERA_INDICES = range(4)

SourceFactory = Callable[[str], "FrameSource"]


def open_source(spec: str) -> FrameSource:
    """The frame source for a settings value: "demo", a camera index, a video or a folder."""
    from vision.sources import ImageFolderSource, source_for

    if spec == DEMO:
        return ImageFolderSource(camera_demo_dir(), seconds_each=4.0)
    return source_for(spec)


class SourcePicker(QComboBox):
    """The sources on offer; "Video file…" and "Folder of photos…" ask for one."""

    spec_picked = Signal(str)
    """The player picked another source (its settings value)."""

    def __init__(self, spec: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        """The source shown (a settings value)."""
        self.setAccessibleName(translate("CameraPanel", "Camera"))
        self.activated.connect(self._on_activated)

    def show_spec(self, spec: str) -> None:
        """List the sources, `spec` among them (a video or folder of its own), and pick it."""
        self.spec = spec
        self.clear()
        self.addItem("", DEMO)
        for index in CAMERA_INDICES:
            self.addItem("", str(index))
        self.addItem("", "file")
        self.addItem("", "folder")
        if self.findData(spec) < 0:
            self.insertItem(self.count() - 2, Path(spec).name, spec)
        self.setCurrentIndex(self.findData(spec))
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        """Name the sources in the current language."""
        names = {
            DEMO: translate("CameraPanel", "Demo (photos of dice)"),
            "file": translate("CameraPanel", "Video file…"),
            "folder": translate("CameraPanel", "Folder of photos…"),
        }
        for index in CAMERA_INDICES:
            names[str(index)] = fill(translate("CameraPanel", "Camera %1"), str(index))
        for spec, name in names.items():
            self.setItemText(self.findData(spec), name)

    def _on_activated(self, index: int) -> None:
        spec = self.itemData(index)
        if spec == "file":
            path, _ = QFileDialog.getOpenFileName(
                self.parentWidget(),
                translate("CameraPanel", "Play a video of dice"),
                "",
                translate("CameraPanel", "Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)"),
            )
            spec = path
        elif spec == "folder":
            spec = QFileDialog.getExistingDirectory(
                self.parentWidget(), translate("CameraPanel", "Play a folder of photos of dice")
            )
        if not spec:
            self.setCurrentIndex(self.findData(self.spec))
            return
        self.show_spec(spec)
        self.spec_picked.emit(spec)
