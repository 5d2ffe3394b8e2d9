"""Help › Rules: the rules of the game in play, then of every game and built-in scoresheet."""

from __future__ import annotations

from typing import Any

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

from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.new_game import FREE_ROLLER
from missdice_desktop.ui.games import playable, views
from missdice_desktop.ui.games.rules_pages import free_roller_page
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate

Subject = Any
"""What a page explains: a game's rules (with their options), or `FREE_ROLLER`."""


def _subject_of(rules: object) -> Subject | None:
    """The page subject of the game in play (None when there is nothing to explain)."""
    if rules == FREE_ROLLER:
        return FREE_ROLLER
    game_id = getattr(rules, "game_id", None)
    if isinstance(game_id, str) and playable(game_id):
        return rules
    return None


def _name(subject: Subject) -> str:
    """The subject's name in the list, with its options."""
    if isinstance(subject, str):
        return texts.game_name(FREE_ROLLER)
    return views()[subject.game_id].rules_title(subject)


def page_of(subject: Subject) -> str:
    """The subject's Rules page, as HTML."""
    if isinstance(subject, str):
        return free_roller_page()
    return views()[subject.game_id].rules_page(subject)


class RulesWindow(QDialog):
    """One page per game and scoresheet, the game in play first, in the language of the moment."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rulesWindow")
        self.resize(720, 640)
        self.game_rules: Subject | None = None
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
        """Offer the rules of the game in play first (a scoresheet's rules, Cochon's, the
        421's engine or `FREE_ROLLER`), with its options, and show them."""
        self.game_rules = _subject_of(rules)
        self._fill_sheets()
        self.sheets.setCurrentIndex(0)
        self._show_page()

    def _choices(self) -> list[tuple[str, Subject]]:
        choices: list[tuple[str, Subject]] = []
        if self.game_rules is not None:
            this_game = fill(translate("RulesWindow", "This game: %1"), _name(self.game_rules))
            choices.append((this_game, self.game_rules))
        for view in views().values():
            choices.extend(view.rules_examples())
        choices.append((texts.game_name(FREE_ROLLER), FREE_ROLLER))
        return choices

    def _fill_sheets(self) -> None:
        index = max(0, self.sheets.currentIndex())
        self.sheets.blockSignals(True)
        self.sheets.clear()
        for name, _rules in self._choices():
            self.sheets.addItem(name)
        self.sheets.setCurrentIndex(min(index, self.sheets.count() - 1))
        self.sheets.blockSignals(False)

    def current_rules(self) -> Subject:
        """The rules shown."""
        return self._choices()[max(0, self.sheets.currentIndex())][1]

    def _show_page(self) -> None:
        self.page.setHtml(page_of(self.current_rules()))

    def retranslate_ui(self) -> None:
        """Every text in the current language."""
        self.setWindowTitle(translate("RulesWindow", "Rules"))
        self.sheet_label.setText(translate("RulesWindow", "&Game:"))
        self._fill_sheets()
        self._show_page()

    def changeEvent(self, event: QEvent) -> None:
        """Follow a language switch."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
