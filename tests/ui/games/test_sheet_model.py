"""The sheet model: Qt's model checks, the custom roles, and the computed rows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.games.sheet_model import RowKind, SheetModel, SheetRole, sheet_rows

NAMES = ["Anna", "Ben", "Chloé", "Dan", "Élise", "Farid", "Gus", "Hana"]


def play(game: Game, turns: list[tuple[str, str]]) -> None:
    for dice, box in turns:
        game.enter_dice(dice)
        game.score(box)


@pytest.mark.parametrize("variant", ["yahtzee", "yams-ecart", "yams-chances", "yacht"])
def test_the_model_passes_qt_model_checks_with_eight_players(qtmodeltester, variant):
    game = Game(get_variant(variant).configure(), NAMES)
    model = SheetModel(game)
    qtmodeltester.check(model)
    game.enter_dice("66666")
    model.refresh()
    qtmodeltester.check(model, force_py=True)
    assert model.columnCount() == 8
    assert model.rowCount() == len(sheet_rows(game))


def test_rows_follow_the_paper_sheet_with_totals_where_they_belong(qapp):
    game = Game(get_variant("yams-ecart").configure(), ["Anna"])
    kinds = [row.kind for row in sheet_rows(game)]
    assert kinds[:6] == [RowKind.BOX] * 6
    assert kinds[6:8] == [RowKind.UPPER_TOTAL, RowKind.UPPER_BONUS]
    assert kinds[-3:] == [RowKind.ECART, RowKind.LOWER_TOTAL, RowKind.GRAND_TOTAL]
    yacht = [row.kind for row in sheet_rows(Game(get_variant("yacht").configure(), ["A"]))]
    assert RowKind.UPPER_BONUS not in yacht and RowKind.YAHTZEE_BONUS not in yacht


def test_previews_scores_and_joker_reasons_come_from_the_engine(qapp):
    game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])
    model = SheetModel(game)
    play(game, [("33333", "yahtzee"), ("12345", "chance")])
    game.enter_dice("33333")
    model.refresh()
    threes = model.index(model.row_of_box("threes"), 0)
    full = model.index(model.row_of_box("full_house"), 0)
    yahtzee = model.index(model.row_of_box("yahtzee"), 0)
    assert threes.data(SheetRole.PREVIEW_SCORE) == 15
    assert threes.data(SheetRole.SCORABLE) is True
    assert threes.data() == "15"
    assert full.data(SheetRole.PREVIEW_SCORE) == 25  # full value through the joker
    assert full.data(SheetRole.SCORABLE) is False
    assert "Threes" in full.data(SheetRole.DISABLED_REASON)
    assert yahtzee.data(SheetRole.FILLED) is True
    assert yahtzee.data(SheetRole.PREVIEW_SCORE) is None
    assert yahtzee.data() == "50"
    ben_chance = model.index(model.row_of_box("chance"), 1)
    assert ben_chance.data() == "15"
    assert ben_chance.data(SheetRole.CURRENT_PLAYER) is False
    assert threes.data(SheetRole.CURRENT_PLAYER) is True
    assert model.headerData(0, Qt.Orientation.Horizontal) == "▶ Anna"
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Ben"
    assert threes.data(Qt.ItemDataRole.AccessibleTextRole) == (
        "Anna, Threes: free, these dice would score 15"
    )
    assert ben_chance.data(Qt.ItemDataRole.AccessibleTextRole) == "Ben, Chance: 15"


def test_the_upper_bonus_row_says_how_many_points_are_missing(qapp):
    game = Game(get_variant("yahtzee").configure(), ["Anna"])
    model = SheetModel(game)
    play(game, [("66612", "sixes"), ("55512", "fives")])
    model.refresh()
    bonus = model.index(model.row_of_kind(RowKind.UPPER_BONUS), 0)
    assert bonus.data(SheetRole.BONUS_MISSING) == 63 - 33
    assert bonus.data() == "30 to go"
    assert bonus.data(Qt.ItemDataRole.ToolTipRole) == "30 points still missing for the bonus."
    play(game, [("66663", "fours"), ("44443", "threes"), ("22221", "twos"), ("11112", "ones")])
    model.refresh()
    assert game.state.sheets[0].upper_bonus == 0
    assert bonus.data() == "0"  # the upper section is full: nothing can be missing any more
    total = model.index(model.row_of_kind(RowKind.GRAND_TOTAL), 0)
    assert total.data() == str(game.state.sheets[0].total)


def test_house_grid_labels_are_shown_as_written(qapp, tmp_path):
    from missdice_desktop.rules import load_grid_file

    grid = tmp_path / "mamie.toml"
    grid.write_text(
        'id = "mamie"\nname = "Grille de Mamie"\n'
        '[[boxes]]\nid = "sixes"\nkind = "face"\nface = 6\nlabel = "Les six de Mamie"\n'
        '[[boxes]]\nid = "chance"\nkind = "chance"\nlabel = "La chance"\n',
        encoding="utf-8",
    )
    game = Game(load_grid_file(grid).configure(), ["Anna"])
    model = SheetModel(game)
    assert model.headerData(0, Qt.Orientation.Vertical) == "Les six de Mamie"
    assert model.box_name("chance") == "La chance"
