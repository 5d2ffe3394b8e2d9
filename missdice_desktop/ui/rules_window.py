"""Help › Rules: the rules of the game in play, and of every built-in scoresheet."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from missdice_desktop.rules import BUILT_IN_VARIANTS, Ruleset
from missdice_desktop.ui import texts
from missdice_desktop.ui.rules_text import rules_page
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


class RulesWindow(QDialog):
    """One page per scoresheet, the game in play first, in the language of the moment."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesWindow")
        self.resize(720, 640)
        self.game_rules: Ruleset | None = None
        self.sheets = QComboBox(self)
        self.sheets.setObjectName("rulesSheet")
        self.sheet_label = QLabel(self)
        self.sheet_label.setBuddy(self.sheets)
        self.page = QTextBrowser(self)
        self.page.setObjectName("rulesPage")
        self.page.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(self.sheet_label)
        top.addWidget(self.sheets, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.page, 1)
        layout.addWidget(buttons)
        self.sheets.currentIndexChanged.connect(lambda _index: self._show_page())
        self.retranslate_ui()

    def show_rules(self, rules: object) -> None:
        """Offer the rules of the game in play first, and show them; Cochon and the 421 have
        no scoresheet, so their players get the built-in scoresheets' pages."""
        self.game_rules = rules if isinstance(rules, Ruleset) else None
        self._fill_sheets()
        self.sheets.setCurrentIndex(0)
        self._show_page()

    def _choices(self) -> list[tuple[str, Ruleset]]:
        choices: list[tuple[str, Ruleset]] = []
        if self.game_rules is not None:
            summary = texts.rules_summary(self.game_rules, table_dice=None)
            this_game = fill(translate("RulesWindow", "This game: %1"), summary)
            choices.append((this_game, self.game_rules))
        for variant in BUILT_IN_VARIANTS.values():
            choices.append((texts.variant_name(variant), variant.configure()))
        return choices

    def _fill_sheets(self) -> None:
        index = max(0, self.sheets.currentIndex())
        self.sheets.blockSignals(True)
        self.sheets.clear()
        for name, _rules in self._choices():
            self.sheets.addItem(name)
        self.sheets.setCurrentIndex(min(index, self.sheets.count() - 1))
        self.sheets.blockSignals(False)

    def current_rules(self) -> Ruleset:
        """The rules shown."""
        return self._choices()[max(0, self.sheets.currentIndex())][1]

    def _show_page(self) -> None:
        self.page.setHtml(rules_page(self.current_rules()))

    def retranslate_ui(self) -> None:
        """Every text in the current language."""
        self.setWindowTitle(translate("RulesWindow", "Rules"))
        self.sheet_label.setText(translate("RulesWindow", "&Scoresheet:"))
        self._fill_sheets()
        self._show_page()

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
