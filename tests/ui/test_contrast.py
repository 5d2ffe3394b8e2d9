"""Every text colour of both themes reads at WCAG AA (4.5:1) on the background it is drawn on."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QStyleOptionViewItem

from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.app import dark_palette, light_palette
from missdice_desktop.ui.colours import AA_CONTRAST, contrast
from missdice_desktop.ui.games.board_text import muted
from missdice_desktop.ui.games.sheet_model import SheetModel
from missdice_desktop.ui.games.sheet_view import SheetView

Role = QPalette.ColorRole
Group = QPalette.ColorGroup
TEXT_ON = {
    Role.WindowText: (Role.Window, Role.Button, Role.Base),
    Role.Text: (Role.Base, Role.AlternateBase, Role.Window),
    Role.ButtonText: (Role.Button, Role.Window),
    Role.PlaceholderText: (Role.Base,),
    Role.ToolTipText: (Role.ToolTipBase,),
    Role.HighlightedText: (Role.Highlight,),
    Role.Link: (Role.Base, Role.Window),
}
THEMES = {"light": light_palette, "dark": dark_palette}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("group", [Group.Active, Group.Disabled])
def test_the_palettes_text_reads_on_its_backgrounds(theme: str, group: QPalette.ColorGroup) -> None:
    palette = THEMES[theme]()
    for text, backgrounds in TEXT_ON.items():
        if group is Group.Disabled and text not in (Role.WindowText, Role.Text, Role.ButtonText):
            continue
        for background in backgrounds:
            ratio = contrast(palette.color(group, text), palette.color(Group.Active, background))
            assert ratio >= AA_CONTRAST, (theme, group.name, text.name, background.name, ratio)


@pytest.mark.parametrize("theme", THEMES)
def test_small_print_on_the_boards_reads(qtbot, theme: str) -> None:  # type: ignore[no-untyped-def]
    label = QLabel()
    qtbot.addWidget(label)
    label.setPalette(THEMES[theme]())
    window = label.palette().color(Role.Window)
    assert contrast(muted(label), window) >= AA_CONTRAST


@pytest.mark.parametrize("theme", THEMES)
def test_every_cell_of_the_sheet_reads_on_its_own_background(qtbot, theme: str) -> None:  # type: ignore[no-untyped-def]
    """Scores, previews, zero previews, boxes the joker closes, bonus hints, totals, the
    current player's column and the selected row, each on the background it is drawn on."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.palette()
    app.setPalette(THEMES[theme]())
    try:
        game = Game(get_variant("yahtzee").configure({"joker": "forced"}), ["Anna", "Ben"])
        game.enter_dice("66666")
        game.score("yahtzee")
        game.enter_dice("11111")
        game.score("ones")
        game.enter_dice("66666")  # a Yahtzee joker: boxes closed, previews and zeros
        view = SheetView()
        qtbot.addWidget(view)
        model = SheetModel(game)
        view.setModel(model)
        view.resize(700, 600)
        view.show()
        qtbot.waitExposed(view)
        view.setCurrentIndex(model.index(3, 0))
        delegate = view.itemDelegate()
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                index = model.index(row, column)
                option = QStyleOptionViewItem()
                option.initFrom(view.viewport())
                option.rect = view.visualRect(index)
                option.widget = view
                if view.selectionModel().isSelected(index):
                    option.state |= option.state.State_Selected
                delegate.initStyleOption(option, index)
                text = option.palette.color(Group.Active, Role.Text)
                background = option.backgroundBrush.color()
                ratio = contrast(text, background)
                assert ratio >= AA_CONTRAST, (theme, row, column, option.text, ratio)
    finally:
        app.setPalette(before)
