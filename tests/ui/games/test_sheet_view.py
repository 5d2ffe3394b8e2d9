"""The sheet's view: how its cells are drawn from the model."""

from __future__ import annotations

from PySide6.QtCore import Qt
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


def test_a_new_palette_draws_the_cells_anew(qtbot, make_app) -> None:  # type: ignore[no-untyped-def]
    """The cells drawn once and copied are drawn again in the colours of the new theme."""
    parts, _prompts = make_app(game=Game(get_variant("yahtzee").configure({}), NAMES[:2]))
    view = parts.window.sheet
    model = view.model()
    first_box = model.index(0, 1)  # the second player's: no turn highlight
    centre = view.visualRect(first_box).center()

    def base_at_the_cell() -> int:
        return view.viewport().grab().toImage().pixelColor(centre).lightness()

    light = base_at_the_cell()
    parts.theme.apply("dark")
    qtbot.wait(10)
    dark = base_at_the_cell()
    assert light > 200 and dark < 80, (light, dark)


def test_the_turn_mark_moves_to_the_next_player_in_the_header(qtbot, make_app) -> None:  # type: ignore[no-untyped-def]
    """Passing the turn repaints the two names concerned, the ▶ with the player to play."""
    game = Game(get_variant("yahtzee").configure({}), NAMES[:3])
    parts, _prompts = make_app(game=game)
    header = parts.window.sheet.horizontalHeader()
    model = parts.window.sheet.model()
    game.enter_dice("12345")
    game.score("chance")
    qtbot.wait(10)
    shown = [model.headerData(column, Qt.Orientation.Horizontal) for column in range(3)]
    assert shown == [NAMES[0], f"▶ {NAMES[1]}", NAMES[2]]
    assert header.sectionSize(0) == header.sectionSize(1)  # nothing resized for the mark
