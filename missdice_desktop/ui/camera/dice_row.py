"""The row of dice buttons under the camera's preview: one per die read, each with a menu of
values to fix it or set it aside."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QMenu, QToolButton, QWidget

from missdice_desktop.ui.camera.words import die_text
from vision.vote import SceneReading

translate = QCoreApplication.translate


class CameraDiceRow(QHBoxLayout):
    """One button per die in view: its value, a "?" when unsure, a menu to fix it."""

    die_fixed = Signal(int, int)
    """A value was picked for a die: its index and value (0: set aside, -1: back in play)."""

    def __init__(self) -> None:
        super().__init__()
        self.setSpacing(4)
        self.buttons: list[QToolButton] = []
        self.scene = SceneReading()
        self.addStretch(1)

    def show_scene(self, scene: SceneReading) -> None:
        """New buttons for the dice of a new reading."""
        self.scene = scene
        for button in self.buttons:
            self.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        for index in range(len(scene.dice)):
            button = QToolButton()
            button.setObjectName(f"cameraDie{index + 1}")
            button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            button.setMenu(self.values_menu(index, button))
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.insertWidget(index, button)
            self.buttons.append(button)
        self.name_buttons(scene)

    def show_fixed(self, scene: SceneReading) -> None:
        """The same dice, one of them fixed: new names and menus, the same buttons."""
        self.name_buttons(scene)
        for number, button in enumerate(self.buttons):
            button.setMenu(self.values_menu(number, button))

    def name_buttons(self, scene: SceneReading) -> None:
        """Each button's text, name and tooltip for `scene`, in the current language."""
        self.scene = scene
        for index, (button, die) in enumerate(zip(self.buttons, self.scene.dice, strict=True)):
            mark = "?" if die.unsure and die.in_play else "✓" if die.fixed else ""
            button.setText(f"{index + 1}: {die.value}{mark}" if die.in_play else f"{index + 1}: ✗")
            text = die_text(index, die)
            button.setAccessibleName(text)
            button.setToolTip(text + " — " + translate("CameraPanel", "click to set its value"))
            font = button.font()
            font.setBold(die.unsure and die.in_play)
            button.setFont(font)

    def values_menu(self, index: int, parent: QWidget) -> QMenu:
        """The values 1..6 for die `index`, and "Not in play" (or "Back in play")."""
        menu = QMenu(parent)
        die = self.scene.dice[index]
        for value in range(1, 7):
            action = menu.addAction(str(value))
            action.setCheckable(True)
            action.setChecked(die.in_play and die.value == value)
            action.triggered.connect(lambda _=False, v=value: self.die_fixed.emit(index, v))
        menu.addSeparator()
        aside = menu.addAction(
            translate("CameraPanel", "Not in play")
            if die.in_play
            else translate("CameraPanel", "Back in play")
        )
        aside.triggered.connect(lambda: self.die_fixed.emit(index, 0 if die.in_play else -1))
        return menu

    def offer_values(self, index: int, where: QPoint, parent: QWidget) -> None:
        """Pop the values of die `index` up at `where` (a click on the preview)."""
        self.values_menu(index, parent).popup(where)
