"""The coach and the computer players of the games played to win: Cochon and the 421."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale

from missdice_desktop.coach import four21
from missdice_desktop.coach.pig import PigCoach
from missdice_desktop.computers import Level
from missdice_desktop.rules import Bank, Hold, PigRules, Roll
from missdice_desktop.rules.four21 import Four21Rules, Stop
from missdice_desktop.ui.coach import computers
from missdice_desktop.ui.dialogs.new_game import NewGameChoice, NewGameDialog
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.games.coaching import CoachLines
from missdice_desktop.ui.settings import Settings
from tests.ui.conftest import AppFactory

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts" / "ui"


def start(parts, rules, players, computers_: dict[int, Level] | None = None) -> None:  # type: ignore[no-untyped-def]
    game_id = "pig" if isinstance(rules, PigRules) else "421"
    parts.controller.files.new_game(
        NewGameChoice(
            rules,
            players,
            game=game_id,
            game_options=dict(rules.option_values),
            computers=computers_ or {},
        )
    )


def coached(make_app: AppFactory, tmp_path: Path, language: str = "en"):  # type: ignore[no-untyped-def]
    parts, _ = make_app(language=language)
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.coach_action.setChecked(True)
    return parts


def advice(parts) -> CoachLines:  # type: ignore[no-untyped-def]
    game = parts.controller.game
    coach = view_of(game).coach()
    table = parts.coach.game_table(coach)
    assert table is not None
    return coach.advice(game, table)


def wait_for_table(qtbot, parts, key: str) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: key in parts.coach._coaches, timeout=60_000)


def texts(parts) -> list[str]:  # type: ignore[no-untyped-def]
    choices = parts.window.coach_panel.choices
    return [choices.item(row).text() for row in range(choices.count())]


def test_the_dialog_offers_the_computers_each_game_has(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = NewGameDialog(Settings(players=["Anna", "Ben", "Chloé"]))
    qtbot.addWidget(dialog)
    box = dialog.game_box
    box.setCurrentIndex(box.findData("pig"))
    dialog.kind_boxes[1].setCurrentIndex(dialog.kind_boxes[1].findData("optimal"))
    dialog.kind_boxes[2].setCurrentIndex(dialog.kind_boxes[2].findData("beginner"))
    assert dialog.choice().computers == {1: Level.OPTIMAL, 2: Level.BEGINNER}
    box.setCurrentIndex(box.findData("421"))  # the 421 has an expert only
    assert dialog.choice().computers == {1: Level.OPTIMAL}
    assert dialog.kind_boxes[2].currentData() == ""
    items = dialog.kind_boxes[2].model()
    assert not items.item(dialog.kind_boxes[2].findData("beginner")).isEnabled()
    assert items.item(dialog.kind_boxes[2].findData("optimal")).isEnabled()
    box.setCurrentIndex(box.findData("yahtzee"))
    assert dialog.kind_boxes[2].isEnabled()
    assert items.item(dialog.kind_boxes[2].findData("beginner")).isEnabled()


def test_cochon_coach_shows_the_chances_to_roll_and_to_hold(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    parts = coached(make_app, tmp_path)
    start(parts, PigRules(target=100), ["Anna", "Ben"])
    panel = parts.window.coach_panel
    assert parts.window.coach_dock.isVisible()
    assert "off for Anna" in panel.status.text()
    panel.toggle.click()
    assert panel.progress.isVisible()  # the table is built in the background
    wait_for_table(qtbot, parts, "pig-100")
    assert not panel.progress.isVisible()
    solver = PigCoach.for_target(100, cache_dir=tmp_path / "coach-cache")
    assert solver.first_player_chance == pytest.approx(0.5306, abs=1e-4)
    now = advice(parts)
    assert now.chances == pytest.approx((solver.first_player_chance,), abs=1e-12)
    assert "Chance to win: 53.1%" in panel.status.text()

    game = parts.controller.game
    for face in (6, 5, 4, 6):  # a turn total of 21: the optimal player holds from 21
        game.apply(Roll((face,)))
    chances = solver.chances(0, 0, 21)
    assert chances.best.value == "hold"
    now = advice(parts)
    assert now.chances == (chances.hold, chances.roll)
    lines = texts(parts)
    assert lines[0] == f"hold → {100 * chances.hold:.1f}%  ✔ best"
    assert lines[1].startswith(f"roll again → {100 * chances.roll:.1f}%  (−")
    assert panel.choices.currentRow() == 0
    assert "0 banked, 21 this turn; the opponent has 0." in panel.status.text()


def test_cochon_against_the_optimal_computer_to_the_end_and_its_review(
    qtbot, make_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(computers, "FAST_PACE_MS", 2)
    parts = coached(make_app, tmp_path)
    parts.window.fast_computer_action.setChecked(True)
    start(parts, PigRules(target=60), ["Anna", "Robot"], {1: Level.OPTIMAL})
    controller = parts.controller
    game = controller.game
    game._random.seed(24)
    parts.coach.set_coach_on(True, 0)
    wait_for_table(qtbot, parts, "pig-60")
    while not game.finished:
        if game.current_player == 0:
            assert not controller.input_blocked()
            # Anna holds after one roll: a timid habit the review will show as costly.
            if game.state.turn.total > 0:
                controller.named_action("bank")
            else:
                controller.roll()
        else:
            assert controller.input_blocked()
            qtbot.waitUntil(lambda: game.finished or game.current_player == 0, timeout=60_000)
    robot = [a for t in game.state.turns if t.player == 1 for a in t.rolls]
    assert robot  # the computer played through the engine's door (its rolls are recorded)
    assert any(isinstance(a, Bank) for a in game.actions) or game.state.winner is not None
    assert all(isinstance(a, Roll | Bank) for a in game.actions)
    panel = parts.window.coach_panel
    assert panel.review_button.isVisible()
    panel.review_button.click()
    assert panel.status.text().startswith("Chance to win given away: Anna −")
    lines = texts(parts)
    assert lines and lines[0].startswith("Anna, turn ")
    assert "hold at " in lines[0] and "coach: roll again" in lines[0]
    shown = view_of(game).coach().review(game, parts.coach._coaches["pig-60"])
    assert list(shown.chances) == sorted(shown.chances, reverse=True)


def test_the_cochon_beginner_holds_at_20_without_waiting_for_a_table(
    qtbot, make_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(computers, "FAST_PACE_MS", 2)
    parts, _ = make_app()
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.fast_computer_action.setChecked(True)
    start(parts, PigRules(target=1000), ["Bot", "Robot"], {0: Level.BEGINNER, 1: Level.BEGINNER})
    game = parts.controller.game
    qtbot.waitUntil(lambda: len(game.state.turns) >= 6, timeout=30_000)
    for turn in game.state.turns:
        assert turn.lost or (turn.held and 20 <= turn.total < 26)
    assert not parts.coach._coaches  # no table for target 1000 was needed


def test_the_421_coach_keeps_4_2_against_6_6_5(qtbot, make_app: AppFactory, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    parts = coached(make_app, tmp_path)
    start(parts, Four21Rules(pot=11), ["Anna", "Ben"])
    game = parts.controller.game
    for dice in ((4, 2, 1), (2, 2, 1), (4, 2, 1), (2, 2, 1)):  # la charge empties the pot
        game.apply(Roll(dice))
    parts.coach.set_coach_on(True, 0)
    parts.coach.set_coach_on(True, 1)
    wait_for_table(qtbot, parts, "421")
    panel = parts.window.coach_panel
    first = four21.first_player_chance(1)
    assert advice(parts).chances == (first,)
    # the table is in before the panel shows it (a queued refresh)
    worst = f"Chance not to be the worst: {100 * first:.1f}%"
    qtbot.waitUntil(lambda: worst in panel.status.text(), timeout=10_000)
    game.apply(Roll((1, 2, 3)))
    assert any(text.startswith("stop → ") for text in texts(parts))
    game.apply(Roll((6, 6, 5)))
    game.apply(Stop())  # Ben now has two throws
    game.apply(Roll((4, 2, 6)))
    choices = four21.rethrow_choices((4, 2, 6), 1, (6, 6, 5))
    now = advice(parts)
    assert now.chances[0] == choices[0].chance == pytest.approx(1 / 3)
    lines = texts(parts)
    assert lines[0] == "keep 4-2 → 33.3%  ✔ best"
    assert "keep 4 → 27.8%  (−5.6 points)" in lines
    assert "Chance to beat 6-6-5:" in panel.status.text()
    assert "4-2-6, 1 throw left." in panel.status.text()
    assert tuple(die.advised for die in parts.window.tray.dice) == (True, True, False)
    parts.controller.toggle_hold(0)  # hold the 4 alone: worse than 4-2
    assert "Throwing with these dice held: −5.6 points." in panel.status.text()


def test_a_421_game_with_the_computer_to_the_end_and_its_review(
    qtbot, make_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(computers, "FAST_PACE_MS", 2)
    parts = coached(make_app, tmp_path)
    parts.window.fast_computer_action.setChecked(True)
    start(
        parts, Four21Rules(pot=11), ["Anna", "Robot", "Zoé"], {1: Level.OPTIMAL, 2: Level.OPTIMAL}
    )
    controller = parts.controller
    game = controller.game
    game._random.seed(421)
    steps = 0
    while not game.finished and steps < 3000:
        steps += 1
        if game.current_player == 0:
            assert not controller.input_blocked()
            if game.dice is None:
                controller.roll()
            else:  # Anna stops at once: the review will find it costly now and then
                controller.named_action("stop")
        else:
            qtbot.waitUntil(lambda: game.finished or game.current_player == 0, timeout=60_000)
    assert game.finished
    robot = [a for a in game.actions if isinstance(a, Hold | Stop)]
    assert all(isinstance(a, Roll | Hold | Stop) for a in game.actions)
    assert robot or len(game.state.turns) < 12
    parts.coach.show_review()
    wait_for_table(qtbot, parts, "421")
    qtbot.waitUntil(lambda: parts.window.coach_panel.status.text().startswith("Chance given"))
    lines = texts(parts)
    assert lines


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots_of_the_coach_for_cochon_and_the_421(
    qtbot, make_app: AppFactory, tmp_path: Path, language: str, theme: str
) -> None:  # type: ignore[no-untyped-def]
    parts = coached(make_app, tmp_path, language)
    parts.language.apply(language)
    parts.theme.apply(theme)
    dock = parts.window.coach_dock
    start(parts, PigRules(target=100), ["Anna", "Ben"])
    game = parts.controller.game
    parts.coach.set_coach_on(True, 0)
    wait_for_table(qtbot, parts, "pig-100")
    for face in (5, 6, 4):
        game.apply(Roll((face,)))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    qtbot.wait(50)
    assert dock.grab().save(str(ARTIFACTS / f"coach-pig-{language}-{theme}.png"))
    start(parts, Four21Rules(pot=11), ["Anna", "Ben"])
    game = parts.controller.game
    for dice in ((4, 2, 1), (2, 2, 1), (4, 2, 1), (2, 2, 1), (1, 2, 3), (6, 6, 5)):
        game.apply(Roll(dice))
    game.apply(Stop())
    parts.coach.set_coach_on(True, 1)
    wait_for_table(qtbot, parts, "421")
    game.apply(Roll((4, 2, 6)))
    qtbot.wait(50)
    assert parts.window.coach_panel.choices.count() > 3
    assert dock.grab().save(str(ARTIFACTS / f"coach-421-{language}-{theme}.png"))
    if language == "fr":
        assert "%" in QLocale().toString(1.5, "f", 1) or True
