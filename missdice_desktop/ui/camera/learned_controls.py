"""The camera panel's side of the learned dice: "Forget my dice" and a note about the store.

The store itself (`learned.LearnedDiceKeeper`, with numpy) loads only when a file is given.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QLabel, QPushButton

from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # numpy loads with the learned dice, not with the window
    import numpy as np
    import numpy.typing as npt

    from missdice_desktop.ui.camera.learned import LearnedDiceKeeper

translate = QCoreApplication.translate


class LearnedDiceControls(QObject):
    """The family's learned dice, the button that forgets them and the note that says so."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.keeper: LearnedDiceKeeper | None = None
        """The family's learned dice (None: none kept, or not loaded yet)."""
        self._path: Path | None = None
        self.forget_button = QPushButton()
        self.forget_button.hide()
        self.forget_button.clicked.connect(self.forget)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.hide()
        self._note_text: Callable[[], str] = str

    def set_file(self, path: Path | None) -> None:
        """Keep the family's learned dice in `path` (None: keep none). The store (numpy and
        the die reader's features) loads when the camera first opens, not with the window."""
        self._path = path
        self.keeper = None
        self.forget_button.setVisible(path is not None)
        self._name_button()

    def store(self) -> LearnedDiceKeeper | None:
        """The learned dice, made when first asked for (None: none are kept)."""
        if self.keeper is None and self._path is not None:
            from missdice_desktop.ui.camera.learned import LearnedDiceKeeper

            self.keeper = LearnedDiceKeeper(self._path)
        return self.keeper

    def load(self) -> None:
        """Read the store (the camera opens); a store that cannot be read is said once."""
        keeper = self.store()
        if keeper is None:
            return
        keeper.load()
        self._name_button()
        if not keeper.problem:
            return
        detail = keeper.problem
        keeper.problem = ""  # said once
        self._show_note(
            lambda: fill(
                translate(
                    "CameraPanel", "The learned dice could not be read (%1): learning again."
                ),
                detail,
            )
        )

    def keep(self, crops: npt.NDArray[np.uint8], values: list[int]) -> None:
        """Learn these dice's crops with their values."""
        keeper = self.store()
        if keeper is None:
            return
        keeper.keep(crops, values)
        self._name_button()

    def forget(self) -> None:
        """Forget the family's learned dice ("Forget my dice")."""
        keeper = self.store()
        if keeper is None:
            return
        keeper.forget()
        self._name_button()
        self._show_note(lambda: translate("CameraPanel", "Your dice were forgotten."))

    def retranslate_ui(self) -> None:
        """The button and the note in the current language."""
        if self._path is not None:
            self._name_button()
        if self.note.isVisible():
            self.note.setText(self._note_text())

    def _show_note(self, make_text: Callable[[], str]) -> None:
        self._note_text = make_text
        self.note.setText(make_text())
        self.note.show()

    def _name_button(self) -> None:
        count = 0 if self.keeper is None else self.keeper.count()
        self.forget_button.setText(fill(translate("CameraPanel", "Forget my dice (%1)"), count))
        self.forget_button.setToolTip(
            translate(
                "CameraPanel",
                "Forget the dice the camera learned from your games (kept on this computer only)",
            )
        )
        self.forget_button.setEnabled(count > 0)
