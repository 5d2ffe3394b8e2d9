"""The face picker of a table die: a popup row of the faces, big enough to hit at a glance."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEventLoop, QPoint, QSize, Qt
from PySide6.QtGui import QHideEvent, QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget

from missdice_desktop.ui.dice_tray.die import die_icon
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class FacePicker(QFrame):
    """A popup row of the six faces, big enough to hit at a glance; keys 1–6 pick too."""

    def __init__(
        self, index: int, icon_size: int, parent: QWidget | None = None, *, faces: int = 6
    ) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(fill(translate("DiceTray", "Face of die %1"), str(index + 1)))
        self.chosen: int | None = None
        self._loop = QEventLoop(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.buttons: list[QToolButton] = []
        for face in range(1, faces + 1):
            button = QToolButton(self)
            button.setIcon(die_icon(face, icon_size * 2))
            button.setIconSize(QSize(icon_size, icon_size))
            button.setAutoRaise(True)
            button.setAccessibleName(str(face))
            button.setToolTip(str(face))
            button.clicked.connect(lambda _=False, f=face: self._choose(f))
            layout.addWidget(button)
            self.buttons.append(button)

    def pick(self, at: QPoint) -> int | None:
        """Show the faces at `at` and wait for a choice (None when dismissed)."""
        self.move(at)
        self.show()
        self.buttons[0].setFocus()
        self._loop.exec()
        return self.chosen

    def _choose(self, face: int) -> None:
        self.chosen = face
        self.close()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """1–6 pick a face; Escape closes."""
        if event.text() in tuple(str(face) for face in range(1, len(self.buttons) + 1)):
            self._choose(int(event.text()))
            return
        super().keyPressEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        """Stop waiting once the popup goes (chosen or dismissed)."""
        self._loop.quit()
        super().hideEvent(event)
