"""The sheet's view: how its cells are drawn from the model."""

from __future__ import annotations

from PySide6.QtWidgets import QStyleOptionViewItem

from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.games.sheet_model import RowKind, SheetModel
from missdice_desktop.ui.games.sheet_view import SheetView

NAMES = ["Anna", "Ben", "Chloé", "Dan", "Élise", "Farid", "Gus", "Hana"]


def bonus_text_drawn(qtbot, players: int, width: int) -> str:  # type: ignore[no-untyped-def]
    """The text the view draws in the first player's upper-bonus cell."""
    view = SheetView()
    qtbot.addWidget(view)
    model = SheetModel(Game(get_variant("yahtzee").configure({}), NAMES[:players]))
    view.setModel(model)
    view.resize(width, 600)
    view.show()
    qtbot.waitExposed(view)
    index = model.index(model.row_of_kind(RowKind.UPPER_BONUS), 0)
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    option.rect = view.visualRect(index)
    option.widget = view
    view.itemDelegate().initStyleOption(option, index)
    return option.text


def test_the_bonus_hint_is_written_out_where_it_fits(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert bonus_text_drawn(qtbot, 2, 900) == "63 to go"


def test_a_narrow_column_shows_the_short_bonus_hint(qtbot) -> None:  # type: ignore[no-untyped-def]
    assert bonus_text_drawn(qtbot, 8, 560) == "(63)"  # points still to go, not a penalty
