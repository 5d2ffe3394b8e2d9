"""The coach in the window: built in the background, advice after each roll, the review."""

from __future__ import annotations

from pathlib import Path

from missdice_desktop.coach.advice import ChoiceKind, Coach, holds_for
from missdice_desktop.rules import Game, get_variant
from missdice_desktop.session_meta import COACH_KEY
from tests.ui.conftest import AppFactory


def coached_app(make_app: AppFactory, tmp_path: Path, game: Game):  # type: ignore[no-untyped-def]
    parts, _ = make_app(game=game)
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.coach_action.setChecked(True)
    return parts


def wait_for_coach(qtbot, parts) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: bool(parts.coach._coaches), timeout=120_000)


def test_the_coach_builds_in_the_background_then_advises(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    game = Game(get_variant("yacht").configure(), ["Anna", "Ben"])
    parts = coached_app(make_app, tmp_path, game)
    panel = parts.window.coach_panel
    assert not panel.toggle.isChecked()
    assert "off for Anna" in panel.status.text()
    panel.toggle.click()
    assert game.extra[COACH_KEY] == [0]
    assert panel.progress.isVisible()  # the window is free while the table is computed
    game.throw((6, 6, 5, 2, 1))  # and the game goes on meanwhile (dice from the table)
    wait_for_coach(qtbot, parts)
    assert not panel.progress.isVisible()
    coach = Coach.for_rules(game.rules, cache_dir=tmp_path / "coach-cache")
    best = coach.choices(game.current_sheet, (6, 6, 5, 2, 1), 2)[0]
    assert best.kind is ChoiceKind.KEEP
    first = panel.choices.item(0).text()
    assert first == f"keep 6-6 → {best.expected:.1f}"
    assert "(−" in panel.choices.item(1).text()
    advised = tuple(die.advised for die in parts.window.tray.dice)
    assert advised == holds_for((6, 6, 5, 2, 1), best.keep)
    assert "several players" in panel.note.text()
    parts.controller.toggle_hold(4)  # hold the 1: worse than the coach's choice
    assert "Rolling with these dice held: −" in panel.status.text()


def test_the_coach_is_per_player(qtbot, make_app: AppFactory, tmp_path: Path) -> None:
    game = Game(get_variant("yacht").configure(), ["Child", "Parent"])
    parts = coached_app(make_app, tmp_path, game)
    parts.coach.set_coach_on(True)
    wait_for_coach(qtbot, parts)
    game.enter_dice("66666")
    assert parts.window.coach_panel.choices.count() > 0
    game.score("yahtzee")
    panel = parts.window.coach_panel
    assert not panel.toggle.isChecked()
    assert panel.choices.count() == 0
    assert not any(die.advised for die in parts.window.tray.dice)
    assert "Parent" in panel.toggle.text()


def test_the_review_after_the_game(qtbot, make_app: AppFactory, tmp_path: Path) -> None:
    rules = get_variant("yacht").configure()
    game = Game(rules, ["Anna"])
    for box in rules.box_ids:
        game.enter_dice("66666")
        game.score(box)
    parts = coached_app(make_app, tmp_path, game)
    parts.controller.close_end_of_game()
    panel = parts.window.coach_panel
    assert panel.review_button.isVisible()
    panel.review_button.click()
    wait_for_coach(qtbot, parts)
    lines = [panel.choices.item(i).text() for i in range(panel.choices.count())]
    assert len(lines) == len(rules.box_ids)
    assert lines[0].startswith("Anna, turn 1: 6-6-6-6-6 in Ones — coach: score ")
    assert panel.status.text().startswith("Expected points lost: Anna −")


def test_yams_ecart_builds_in_the_background_with_progress(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    # Its table (9.4 M positions) takes a minute or more: watch it start, then stop it.
    game = Game(get_variant("yams-ecart").configure(), ["Anna"])
    parts = coached_app(make_app, tmp_path, game)
    panel = parts.window.coach_panel
    assert panel.toggle.isEnabled()
    with qtbot.waitSignal(parts.coach.build_progressed, timeout=60_000) as progressed:
        panel.toggle.click()
    done, total = progressed.args
    assert 0 < done < total
    assert panel.progress.isVisible()
    game.throw((6, 6, 5, 2, 1))  # the game goes on meanwhile
    parts.coach.shut_down()
    assert not parts.coach._coaches


def test_the_box_about_to_be_scored_shows_its_cost(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    game = Game(get_variant("yacht").configure(), ["Anna"])
    parts = coached_app(make_app, tmp_path, game)
    parts.coach.set_coach_on(True)
    wait_for_coach(qtbot, parts)
    game.enter_dice("66666")
    window = parts.window
    window.sheet.setFocus()
    row = parts.controller.model.row_of_box("ones")
    window.sheet.setCurrentIndex(window.sheet.model().index(row, 0))
    assert "Scoring Ones now: −" in window.coach_panel.status.text()
