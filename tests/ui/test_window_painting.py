"""The window's own painting (dice, sheet) can run all evening without draining None.

Some PySide6 releases drop a reference to None in QPainter.save/restore/setTransform;
on Python 3.11 an evening of repaints then aborts the app. Our painting code avoids those
calls; this checks it on the dice (rolling too) and on the whole sheet.
"""

from __future__ import annotations

import sys

import pytest

from missdice_desktop.rules import Game, get_variant
from missdice_desktop.ui.dice_tray import DiceTray

PAINTS = 200
NAMES = ["Anna", "Ben", "Chloé", "Dan", "Élise", "Farid", "Gus", "Hana"]

pytestmark = pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="None is immortal from Python 3.12"
)


def test_painting_the_dice_keeps_none_alive(qtbot):
    tray = DiceTray()
    qtbot.addWidget(tray)
    tray.resize(700, 140)
    tray.show_turn(
        (1, 2, 3, 4, 5),
        (True, False, True, False, False),
        2,
        table_mode=False,
        can_roll=True,
        rolled=True,
    )
    for die in tray.dice:
        die._tumble = 0.6  # mid-roll: tilted dice
    tray.grab()
    before = sys.getrefcount(None)
    for _ in range(PAINTS):
        tray.grab()
    assert abs(sys.getrefcount(None) - before) < PAINTS // 2


def test_painting_the_sheet_keeps_none_alive(qtbot, make_app):
    game = Game(get_variant("yahtzee").configure({"rigole": True}), NAMES)
    game.enter_dice("55555")
    game.score("yahtzee")
    game.enter_dice("12345")
    parts, _prompts = make_app(game=game)
    window = parts.window
    window.grab()
    before = sys.getrefcount(None)
    for _ in range(PAINTS // 4):
        window.grab()
    assert abs(sys.getrefcount(None) - before) < PAINTS // 2
