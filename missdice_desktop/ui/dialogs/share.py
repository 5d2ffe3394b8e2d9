"""The Share dialog: the game's QR code, large, its `missdice:` link, copy and save buttons."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)
from segno import DataOverflowError

from missdice_desktop.links import make_qr, save_qr
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
QUIET_ZONE = 4
"""Light modules around the code, as the QR standard asks, so that cameras find its edge."""
MIN_SIDE = 480
"""The code's side on screen at least (px): a small code shown small is hard to scan."""


def code_image(link: str) -> QImage | None:
    """The QR code of `link`, one pixel a module with its quiet zone; None if too long."""
    try:
        matrix = make_qr(link).matrix
    except DataOverflowError:
        return None
    size = len(matrix) + 2 * QUIET_ZONE
    image = QImage(size, size, QImage.Format.Format_Grayscale8)
    image.fill(255)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                image.setPixel(x + QUIET_ZONE, y + QUIET_ZONE, 0)
    return image


class QrCodeView(QWidget):
    """A QR code drawn as large as the widget allows, dark on white in any theme, each
    module a whole number of pixels so that a camera reads it sharp."""

    def __init__(self, image: QImage, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = image
        self.setMinimumSize(image.width() * 3, image.height() * 3)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        """Five pixels a module (about 600 px for the largest game), 480 px at least."""
        side = self.image.width() * max(5, -(-MIN_SIDE // self.image.width()))
        return QSize(side, side)

    def module_pixels(self) -> int:
        """How many pixels a module takes at the current size."""
        return max(1, min(self.width(), self.height()) // self.image.width())

    def paintEvent(self, event: QPaintEvent) -> None:
        """The code, centred, on white."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        side = self.module_pixels() * self.image.width()
        target = QRectF((self.width() - side) // 2, (self.height() - side) // 2, side, side)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(target, self.image)
        painter.end()


class ShareDialog(QDialog):
    """Shows how to take the game elsewhere: scan the code, or send the link."""

    def __init__(
        self,
        link: str,
        ask_save_path: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shareDialog")
        self.link = link
        self._ask_save_path = ask_save_path
        self.image = code_image(link)
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.code: QrCodeView | None = None
        if self.image is not None:
            self.code = QrCodeView(self.image, self)
            self.code.setObjectName("qrCode")
        self.link_field = QLineEdit(link, self)
        self.link_field.setObjectName("link")
        self.link_field.setReadOnly(True)
        self.link_field.setCursorPosition(0)
        self.status = QLabel(self)
        self.status.setObjectName("shareStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = QPushButton(self)
        self.copy_button.setObjectName("copyLink")
        self.copy_button.setDefault(True)
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("saveCode")
        self.save_button.setEnabled(self.image is not None)
        self.close_button = QPushButton(self)
        self.copy_button.clicked.connect(self.copy_link)
        self.save_button.clicked.connect(self.save_code)
        self.close_button.clicked.connect(self.accept)

        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        if self.code is not None:
            layout.addWidget(self.code, 1)
        layout.addWidget(self.link_field)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self._status_text: Callable[[], str] = str
        self.retranslate_ui()
        self.resize(self.sizeHint())

    def retranslate_ui(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(translate("ShareDialog", "Share this game"))
        if self.image is None:
            intro = translate(
                "ShareDialog",
                "This game is too large for a QR code. Send the link below instead: "
                "Miss Dice opens it on another computer, the whole game included.",
            )
        else:
            intro = translate(
                "ShareDialog",
                "Hold this code up to the camera of another Miss Dice, or send it the link "
                "below: the game goes on there, every turn included.",
            )
        self.intro.setText(intro)
        if self.code is not None:
            self.code.setAccessibleName(translate("ShareDialog", "QR code of the game"))
        self.link_field.setAccessibleName(translate("ShareDialog", "Link of the game"))
        self.copy_button.setText(translate("ShareDialog", "&Copy the link"))
        self.save_button.setText(translate("ShareDialog", "&Save the code…"))
        self.close_button.setText(translate("ShareDialog", "Close"))
        self._show_status(self._status_text)

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def copy_link(self) -> None:
        """Put the link on the clipboard."""
        QGuiApplication.clipboard().setText(self.link)
        self._show_status(
            lambda: fill(
                translate("ShareDialog", "Link copied (%1 characters)."), str(len(self.link))
            )
        )

    def save_code(self) -> None:
        """Save the QR code as PNG or SVG where the player chooses."""
        path = self._ask_save_path()
        if not path:
            return
        if "." not in path.rsplit("/", 1)[-1]:
            path += ".png"
        try:
            save_qr(self.link, path)
        except ValueError:
            self._show_status(
                lambda: translate("ShareDialog", "The code is saved as .png or .svg: not saved.")
            )
            return
        except OSError as error:
            detail = error.strerror or str(error)
            self._show_status(
                lambda: fill(translate("ShareDialog", "Not saved: %1 (%2)"), path, detail)
            )
            return
        self._show_status(lambda: fill(translate("ShareDialog", "Code saved to %1"), path))

    def _show_status(self, make_text: Callable[[], str]) -> None:
        self._status_text = make_text
        self.status.setText(make_text())
