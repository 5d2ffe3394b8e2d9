"""The camera panel: live preview with what was read, a stability gate, and "Use these dice".

The preview, the dice buttons, the sources, the reading thread and the words live beside it
in `ui/camera/`; this module holds the gate and what the player does with the dice read.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFont, QImage
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules import DICE_COUNT
from missdice_desktop.ui.camera.dice_row import CameraDiceRow
from missdice_desktop.ui.camera.feed import CameraFeed
from missdice_desktop.ui.camera.learned_controls import LearnedDiceControls
from missdice_desktop.ui.camera.preview import CameraPreview
from missdice_desktop.ui.camera.sources import DEMO, SourceFactory, SourcePicker, open_source
from missdice_desktop.ui.camera.words import count_text, dice_names, problem_text, scene_text
from missdice_desktop.ui.texts import fill
from vision.problems import SourceProblem
from vision.types import Reading, ReadingFlag
from vision.vote import SceneReading

if TYPE_CHECKING:  # OpenCV (and numpy) load when the camera first opens, not with the window
    import numpy as np
    import numpy.typing as npt

    from missdice_desktop.ui.camera.learned import LearnedDiceKeeper

translate = QCoreApplication.translate
CODE_FORGET_SECONDS = 3.0

SEEN_SECONDS = 0.05
"""A new reading is offered this long after it is shown: a click already on its way (the window
was busy) cannot take dice the player never saw."""


class CameraPanel(QWidget):
    """Reads the dice on the table once they rest and offers them to the current turn; an
    unsure die is marked and fixed in one click (or two keys) before the dice are used."""

    dice_chosen = Signal(tuple)
    """The player (or the automatic mode) chose these dice for the turn."""
    source_chosen = Signal(str)
    """The player picked another source (a settings value to remember)."""
    ready_changed = Signal(bool)
    """Whether steady dice are on offer ("Use these dice" can be pressed)."""
    code_seen = Signal(str)
    """A QR code came into view (its text; once, until it has been out of view a while)."""

    def __init__(
        self,
        source_spec: str = DEMO,
        *,
        open_source: SourceFactory = open_source,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._open_source = open_source
        self.feed = CameraFeed(self)
        """The reading thread of the source open now."""
        self._status_text: Callable[[], str] = str
        self._stable: tuple[int, ...] | None = None
        self._last_used: tuple[int, ...] | None = None
        self._stale = False
        """The reading was forgotten (turn over): not offered again until the dice move."""
        self.expected_count = DICE_COUNT
        """How many dice a throw of the game in play has; other counts are refused."""
        self.scene = SceneReading()
        self._crops: npt.NDArray[np.uint8] | None = None
        self._moving = False
        self.error = ""
        self._code_shown: str | None = None
        self._code_last_seen = 0.0
        self.learned_dice = LearnedDiceControls(self)
        """The family's learned dice, "Forget my dice" and the note about them."""
        self.ask_unsure: Callable[[str], bool] = self._ask_unsure
        """Asks the player whether to use dice with an unsure die (replaced in tests)."""
        self._seen_timer = QTimer(self)
        self._seen_timer.setSingleShot(True)
        self._seen_timer.setInterval(round(SEEN_SECONDS * 1000))
        self._seen_timer.timeout.connect(self._offer)

        self.sources = SourcePicker(source_spec)
        self.open_button = QPushButton()
        self.preview = CameraPreview()
        self.preview.die_clicked.connect(self._offer_values)
        self.preview.die_fixed.connect(self.fix_die)
        self.dice_row = CameraDiceRow()
        self.dice_row.die_fixed.connect(self.fix_die)
        self.status = QLabel()
        self.status.setWordWrap(True)
        status_font = QFont(self.status.font())
        status_font.setPointSizeF(status_font.pointSizeF() * 1.2)
        self.status.setFont(status_font)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.use_button = QPushButton()
        self.use_button.setEnabled(False)
        self.automatic = QCheckBox()
        self.forget_button = self.learned_dice.forget_button
        self.learned_note = self.learned_dice.note
        self.code_note = QLabel()
        self.code_note.setObjectName("codeNote")
        self.code_note.setWordWrap(True)
        self.code_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_note.hide()
        self._code_note_text: Callable[[], str] = str

        top = QHBoxLayout()
        top.addWidget(self.sources, 1)
        top.addWidget(self.open_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.use_button)
        buttons.addStretch(1)
        buttons.addWidget(self.forget_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.preview)
        layout.addLayout(self.dice_row)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        layout.addWidget(self.automatic)
        layout.addWidget(self.learned_note)
        layout.addWidget(self.code_note)
        layout.addStretch(1)
        self.setMinimumWidth(260)

        self.sources.show_spec(source_spec)
        self.sources.spec_picked.connect(self._on_source_picked)
        self.feed.opened.connect(self._on_opened)
        self.feed.frame_captured.connect(self._on_frame)
        self.preview.paint_size_changed.connect(self.feed.set_preview_size)
        self.feed.motion_changed.connect(self._on_motion)
        self.feed.scene_read.connect(self._on_scene)
        self.feed.failed.connect(self._on_failed)
        self.feed.codes_read.connect(self.show_codes)
        self.open_button.clicked.connect(self.restart)
        self.use_button.clicked.connect(self.use_dice)
        self.retranslate_ui()

    @property
    def reading(self) -> Reading:
        """The dice in play of the scene shown, as a plain reading."""
        return self.scene.as_reading()

    # Sources -----------------------------------------------------------------------------------

    @property
    def source_spec(self) -> str:
        """The source read from (a settings value: "demo", a camera index, a file, a folder)."""
        return self.sources.spec

    @property
    def dice_buttons(self) -> list[QToolButton]:
        """One button per die in view, to fix it."""
        return self.dice_row.buttons

    def _on_source_picked(self, spec: str) -> None:
        self.source_chosen.emit(spec)
        self.restart()

    def set_source(self, spec: str) -> None:
        """Read from `spec` ("demo", a camera index, a video file or a folder) from now on."""
        self.sources.show_spec(spec)
        if self.running:
            self.restart()

    @property
    def learned(self) -> LearnedDiceKeeper | None:
        """The family's learned dice (None: none are kept)."""
        return self.learned_dice.store()

    def set_learned_file(self, path: Path | None) -> None:
        """Keep the family's learned dice in `path` (None: keep none)."""
        self.learned_dice.set_file(path)

    def start(self) -> None:
        """Open the current source in a worker thread (a slow camera never blocks the window)."""
        self.stop()
        self.error = ""
        self._code_shown = None
        self.show_code_note(None)
        try:
            source = self._open_source(self.source_spec)
        except Exception as error:  # a bad settings value: say it, keep the game going
            self._on_failed(SourceProblem.UNREADABLE.value, str(error))
            return
        self._show_status(lambda: fill(translate("CameraPanel", "Opening %1…"), source.name))
        self.learned_dice.load()
        learned = self.learned
        self.feed.start(source, None if learned is None else learned.refine)
        self._name_open_button()

    def restart(self) -> None:
        """Open the source again (after an error, or another source was picked)."""
        self.start()

    def stop(self) -> None:
        """Stop reading and release the camera, without waiting for a camera still opening.

        The last reading goes with it: it belongs to the frames it came from.
        """
        self.feed.stop()
        self._last_used = None
        self._stale = False
        self._show_scene(SceneReading(), None)
        self._name_open_button()

    def shut_down(self, seconds: float = 5.0) -> None:
        """Stop, and give threads still opening a camera a few seconds to let it go."""
        self.stop()
        self.feed.wait_for_stopped(seconds)

    @property
    def running(self) -> bool:
        """Whether a source is being read."""
        return self.feed.running

    @property
    def reads(self) -> int:
        """Frames read by the current source's reader (0 when none is open)."""
        return self.feed.reads

    # Frames ------------------------------------------------------------------------------------

    def _on_opened(self, name: str) -> None:
        self._show_status(
            lambda: fill(translate("CameraPanel", "%1: roll the dice in view."), name)
        )

    def _on_frame(self, image: QImage, frame_size: QSize) -> None:
        self.preview.show_image(image, frame_size)

    def _on_motion(self, moving: bool) -> None:
        self._moving = moving
        if moving:
            # The dice shown belong to a scene that is going: withdraw them.
            self._stale = False
            self._show_scene(SceneReading(), None)
            self._show_status(lambda: translate("CameraPanel", "Waiting for the dice to stop…"))

    def _on_scene(self, scene: SceneReading, crops: object, rest: float) -> None:
        self._stale = False
        if not scene.dice:
            self._last_used = None  # the dice were picked up: the next roll is new
        self._show_scene(scene, crops if hasattr(crops, "shape") else None)  # type: ignore[arg-type]

    def _show_scene(self, scene: SceneReading, crops: npt.NDArray[np.uint8] | None) -> None:
        self.scene = scene
        self._crops = crops
        self.preview.show_scene(scene)
        self.dice_row.show_scene(scene)
        self._set_stable(None)
        self._update_offer(new=True)

    def _update_offer(self, *, new: bool = False) -> None:
        """Say what the scene shows, and offer it (after SEEN_SECONDS) when it may be used."""
        scene = self.scene
        usable = bool(scene.dice) and not self._stale and len(scene.in_play) == self.expected_count
        if not usable:
            self._seen_timer.stop()
            self._set_stable(None)
        elif new or self._stable is None:
            self._seen_timer.start()
        else:
            self._set_stable(scene.values)
        self._show_status(self._scene_text)

    def _offer(self) -> None:
        scene = self.scene
        if not scene.dice or self._stale or len(scene.in_play) != self.expected_count:
            return
        self._set_stable(scene.values)
        self._show_status(self._scene_text)
        if self.automatic.isChecked() and not scene.unsure and self._stable != self._last_used:
            self.use_dice()

    # Fixing dice -------------------------------------------------------------------------------

    def _offer_values(self, index: int, where: QPoint) -> None:
        self.dice_row.offer_values(index, where, self)

    def fix_die(self, index: int, value: int) -> None:
        """Set die `index` (0-based) to `value` (1..6); 0 sets it aside, -1 puts it back."""
        if not 0 <= index < len(self.scene.dice):
            return
        if value == 0:
            scene = self.scene.set_aside(index, self.scene.dice[index].in_play)
        elif value == -1:
            scene = self.scene.set_aside(index, False)
        else:
            scene = self.scene.fixed(index, value)
            if self._crops is not None:
                self.learned_dice.keep(self._crops[index : index + 1], [value])
        self.scene = scene
        self.preview.show_scene(scene)
        self.dice_row.show_fixed(scene)
        self._update_offer()

    # Codes -------------------------------------------------------------------------------------

    def show_codes(self, texts: tuple[str, ...], now: float | None = None) -> None:
        """The QR codes in the latest frame: a new one is announced by `code_seen`, once.

        A code stays announced until it has been out of view for `CODE_FORGET_SECONDS`, so
        that a code held up, declined and held up again is offered again.
        """
        now = time.monotonic() if now is None else now
        if not texts:
            if self._code_shown is not None and now - self._code_last_seen > CODE_FORGET_SECONDS:
                self._code_shown = None
                self.show_code_note(None)
            return
        self._code_last_seen = now
        if texts[0] != self._code_shown:
            self._code_shown = texts[0]
            self.code_seen.emit(texts[0])

    def show_code_note(self, make_text: Callable[[], str] | None) -> None:
        """Say something about the QR code in view (None: nothing to say)."""
        self._code_note_text = make_text or str
        self.code_note.setText(self._code_note_text())
        self.code_note.setVisible(make_text is not None)

    # Words -------------------------------------------------------------------------------------

    def _scene_text(self) -> str:
        return scene_text(self.scene, self._stable, self.expected_count, moving=self._moving)

    def _describe(
        self,
        values: tuple[int, ...],
        stable: tuple[int, ...] | None,
        flags: frozenset[ReadingFlag] = frozenset(),
    ) -> str:
        return count_text(values, stable, self.expected_count, flags)

    def _set_stable(self, values: tuple[int, ...] | None) -> None:
        was_ready = self._stable is not None
        self._stable = values
        self.use_button.setEnabled(values is not None)
        if was_ready != (values is not None):
            self.ready_changed.emit(values is not None)

    def forget_reading(self) -> None:
        """The turn changed: the dice still lying there are not offered until they move."""
        self._stale = True
        self._last_used = None
        self._update_offer()

    def set_expected_count(self, count: int) -> None:
        """Expect `count` dice from now on (the game's number)."""
        if count != self.expected_count:
            self.expected_count = count
            self._last_used = None
            self._update_offer()

    def use_dice(self) -> None:
        """Put the dice on offer into the turn, once any unsure die was confirmed or fixed.

        The dice used (their crops and values) are kept as the family's learned dice.
        """
        if self._stable is None:
            return
        unsure = self.scene.unsure
        if unsure:
            question = fill(
                translate("CameraPanel", "The camera is not sure of %1. Use the dice as read?"),
                dice_names(self.scene, unsure),
            )
            if not self.ask_unsure(question):
                self.dice_buttons[unsure[0]].setFocus()
                return
            for index in unsure:
                self.scene = self.scene.fixed(index, self.scene.dice[index].value)
            self.preview.show_scene(self.scene)
            self.dice_row.name_buttons(self.scene)
        if self.learned is not None and self._crops is not None:
            # dice fixed by hand were kept when fixed (those confirmed just now were not)
            kept = [
                i
                for i, d in enumerate(self.scene.dice)
                if d.in_play and (not d.fixed or i in unsure)
            ]
            self.learned_dice.keep(self._crops[kept], [self.scene.dice[i].value for i in kept])
        self._last_used = self._stable
        self.dice_chosen.emit(self._stable)

    def _ask_unsure(self, question: str) -> bool:
        answer = QMessageBox.question(
            self,
            translate("CameraPanel", "Unsure die"),
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        )
        return answer == QMessageBox.StandardButton.Yes

    # Learned dice ------------------------------------------------------------------------------

    def forget_learned_dice(self) -> None:
        """Forget the family's learned dice ("Forget my dice")."""
        self.learned_dice.forget()

    def _on_failed(self, problem: str, message: str) -> None:
        self.stop()
        self.error = message
        self._set_stable(None)
        self.preview.clear()
        self.dice_row.show_scene(self.scene)
        self._name_open_button()
        self._show_status(
            lambda: (
                f"{problem_text(problem, message)} "
                + fill(
                    translate(
                        "CameraPanel", "Type the dice in the tray, or press %1 to try again."
                    ),
                    self.open_button.text().replace("&", ""),
                )
            )
        )

    def _show_status(self, make_text: Callable[[], str]) -> None:
        """Show a status, and keep how it was made so a language switch can redo it."""
        self._status_text = make_text
        text = make_text()
        self.status.setText(text)
        self.status.setAccessibleName(text)

    # Text --------------------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        """Set every visible text in the current language."""
        self.sources.retranslate_ui()
        self._show_status(self._status_text)
        self._name_open_button()
        self.use_button.setText(translate("CameraPanel", "Use these dice"))
        self.use_button.setToolTip(
            translate("CameraPanel", "Put the dice read into the turn (Ctrl+Enter)")
        )
        self.code_note.setText(self._code_note_text())
        self.preview.retranslate_ui()
        self.dice_row.name_buttons(self.scene)
        self.learned_dice.retranslate_ui()
        self.automatic.setText(translate("CameraPanel", "Automatic"))
        self.automatic.setToolTip(
            translate("CameraPanel", "Put the dice into the turn by themselves once they stop")
        )

    def _name_open_button(self) -> None:
        """ "Open" only while nothing is open; "Reopen" after an error or while reading."""
        again = bool(self.error) or self.feed.active
        self.open_button.setText(
            translate("CameraPanel", "Reopen") if again else translate("CameraPanel", "Open")
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        """Release the camera with the panel."""
        self.shut_down()
        super().closeEvent(event)
