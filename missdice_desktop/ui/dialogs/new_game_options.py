"""The New game dialog's options: the Yahtzee family's (from the sheet chosen) or another
game's whole-number options, each as a widget named `option_<name>`."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QWidget,
)

from missdice_desktop.rules import GameKind, Variant
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.new_game_players import with_colon

translate = QCoreApplication.translate


class OptionsBox(QGroupBox):
    """The options of the game or scoresheet chosen, and the values picked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("NewGameDialog", "Options"), parent)
        self.form = QFormLayout(self)
        self._widgets: dict[str, QComboBox | QCheckBox | QSpinBox] = {}

    def show_game_options(self, kind: GameKind, values: dict[str, int]) -> None:
        """A game's whole-number options, at `values` where given."""
        self._clear()
        for option in kind.options:
            chosen = values.get(option.name, option.default)
            label = QLabel(with_colon(texts.option_name(option.name)), self)
            widget: QComboBox | QSpinBox
            if option.choices:
                widget = QComboBox(self)
                for value in option.choices:
                    widget.addItem(str(value), value)
                widget.setCurrentIndex(max(0, widget.findData(chosen)))
            else:
                widget = QSpinBox(self)
                widget.setRange(option.low, option.high)
                widget.setValue(chosen if option.low <= chosen <= option.high else option.default)
            widget.setObjectName(f"option_{option.name}")
            label.setBuddy(widget)
            self.form.addRow(label, widget)
            self._widgets[option.name] = widget
        if not kind.options:
            self.form.addRow(QLabel(translate("NewGameDialog", "This game has no options."), self))

    def show_sheet_options(self, variant: Variant, values: dict[str, str | bool]) -> None:
        """A scoresheet's options, at `values` where given."""
        self._clear()
        defaults = variant.option_defaults()
        for name, default in defaults.items():
            chosen = values.get(name, default)
            if isinstance(default, bool):
                check = QCheckBox(texts.option_name(name), self)
                check.setObjectName(f"option_{name}")
                check.setChecked(bool(chosen))
                self.form.addRow(check)
                self._widgets[name] = check
            else:
                combo = QComboBox(self)
                combo.setObjectName(f"option_{name}")
                for choice in variant.option_choices(name):
                    combo.addItem(texts.joker_policy_name(str(choice)), choice)
                combo.setCurrentIndex(max(0, combo.findData(chosen)))
                label = QLabel(with_colon(texts.option_name(name)), self)
                label.setBuddy(combo)
                self.form.addRow(label, combo)
                self._widgets[name] = combo
        if not defaults:
            self.form.addRow(QLabel(translate("NewGameDialog", "This sheet has no options."), self))

    def _clear(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self._widgets.clear()

    def options(self) -> dict[str, str | bool]:
        """The option values chosen."""
        chosen: dict[str, str | bool] = {}
        for name, widget in self._widgets.items():
            if isinstance(widget, QCheckBox):
                chosen[name] = widget.isChecked()
            elif isinstance(widget, QComboBox):
                chosen[name] = str(widget.currentData())
        return chosen

    def game_options(self) -> dict[str, int]:
        """The whole-number options chosen (games other than the Yahtzee family)."""
        chosen: dict[str, int] = {}
        for name, widget in self._widgets.items():
            if isinstance(widget, QSpinBox):
                chosen[name] = widget.value()
            elif isinstance(widget, QComboBox) and isinstance(widget.currentData(), int):
                chosen[name] = int(widget.currentData())
        return chosen
