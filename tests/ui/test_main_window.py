"""The main window's own widgets."""

from __future__ import annotations

from missdice_desktop.ui.main_window import ElidedLabel

LONG = "Marie-Christine Dupont-Durand to play — turn 12 of 13"


def test_a_long_turn_title_is_shortened_in_the_middle(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = ElidedLabel(LONG)
    qtbot.addWidget(label)
    label.resize(200, 30)
    label.show()
    qtbot.waitExposed(label)
    assert label.minimumSizeHint().width() < 100
    assert label.toolTip() == LONG


def test_a_title_that_fits_has_no_tooltip(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = ElidedLabel("Anna to play — turn 1 of 13")
    qtbot.addWidget(label)
    label.resize(600, 30)
    label.show()
    qtbot.waitExposed(label)
    assert label.toolTip() == ""
