"""The coach's chart of the chances to win and its endgame played to win, in the window."""

from __future__ import annotations

from pathlib import Path

import pytest

from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.endgame import endgame_for
from missdice_desktop.coach.win_chances import WinChances, sheets_by_turn
from missdice_desktop.rules import Game, get_variant
from tests.ui.conftest import AppFactory

ARTIFACTS = Path(__file__).resolve().parents[3] / "artifacts" / "ui"
RULES = get_variant("yacht").configure()
# Both sheets alike but for Chance: Anna's 23 there leaves Ben, Chance left, needing 24.
ALIKE = (
    ("ones", "11234"),
    ("twos", "22345"),
    ("threes", "33312"),
    ("fours", "44412"),
    ("fives", "55512"),
    ("sixes", "66612"),
    ("full_house", "22333"),
    ("four_of_a_kind", "44441"),
    ("small_straight", "12345"),
    ("large_straight", "23456"),
    ("yahtzee", "12346"),
)


def coached_app(make_app: AppFactory, tmp_path: Path, game: Game, language: str = "en"):  # type: ignore[no-untyped-def]
    parts, _ = make_app(game=game, language=language)
    parts.coach.cache_dir = tmp_path / "coach-cache"
    parts.window.coach_action.setChecked(True)
    return parts


def last_round(game: Game) -> None:
    for box, dice in ALIKE:
        for _ in range(2):
            game.enter_dice(dice)
            game.score(box)
    game.enter_dice("66641")
    game.score("chance")  # Anna has finished with 23 in Chance


def test_the_chart_shows_each_players_chances_turn_by_turn(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    game = Game(RULES, ["Anna", "Ben"])
    parts = coached_app(make_app, tmp_path, game)
    chart = parts.window.coach_panel.chart
    assert not chart.isVisible()  # no table yet: nothing to play the games with
    parts.coach.set_coach_on(True, 0)
    qtbot.waitUntil(lambda: bool(parts.coach.built_tables), timeout=60_000)
    for box, dice in ALIKE[:3]:
        game.enter_dice(dice)
        game.score(box)
    qtbot.waitUntil(lambda: chart.isVisible() and not chart.message, timeout=60_000)
    coach = Coach.for_rules(RULES, cache_dir=tmp_path / "coach-cache")
    moments = sheets_by_turn(RULES, 2, game.state.scored_turns)
    expected = WinChances(coach).by_turn(moments)
    assert chart.names == ["Anna", "Ben"]
    assert chart.turns == 24
    assert len(chart.points) == 4
    for shown, exact in zip(chart.points, expected, strict=True):
        assert shown == pytest.approx(tuple(exact))
    game.enter_dice("55512")
    game.score("fives")
    qtbot.waitUntil(lambda: len(chart.points) == 5 and not chart.message, timeout=60_000)


def test_the_endgame_plays_to_win_and_says_what_points_would_cost(
    qtbot, make_app: AppFactory, tmp_path: Path
) -> None:
    game = Game(RULES, ["Anna", "Ben"])
    parts = coached_app(make_app, tmp_path, game)
    last_round(game)
    parts.coach.set_coach_on(True, 1)
    qtbot.waitUntil(lambda: bool(parts.coach.built_tables), timeout=60_000)
    game.enter_dice("44466")  # 24 in Chance wins at once; for points, keep 6-6 and throw
    panel = parts.window.coach_panel
    qtbot.waitUntil(lambda: panel.status.text().startswith("Endgame"), timeout=30_000)
    coach = Coach.for_rules(RULES, cache_dir=tmp_path / "coach-cache")
    endgame = endgame_for(coach, game.state.sheets, 1)
    assert endgame is not None
    choices = endgame.choices(game.current_sheet, (4, 4, 4, 6, 6), 2)
    points_keep = next(c for c in choices if c.keep == (6, 6))
    assert choices[0].box == "chance" and choices[0].chance == 1.0
    status = panel.status.text()
    assert "Chance to win: 100.0%" in status
    assert f"keep 6-6) would leave {100 * points_keep.chance:.1f}%" in status
    first = panel.choices.item(0).text()
    assert first.startswith("score ") and "100.0%" in first and "best" in first
    lines = [panel.choices.item(row).text() for row in range(panel.choices.count())]
    assert any(line.startswith("keep 6-6 (most points) → ") for line in lines)
    assert not any(die.advised for die in parts.window.tray.dice)  # scoring: nothing to keep


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots_of_the_chances_and_the_endgame(
    qtbot, make_app: AppFactory, tmp_path: Path, language: str, theme: str
) -> None:
    game = Game(RULES, ["Anna", "Ben"])
    parts = coached_app(make_app, tmp_path, game, language)
    parts.language.apply(language)
    parts.theme.apply(theme)
    last_round(game)
    parts.coach.set_coach_on(True, 1)
    qtbot.waitUntil(lambda: bool(parts.coach.built_tables), timeout=60_000)
    game.enter_dice("44466")
    chart = parts.window.coach_panel.chart
    qtbot.waitUntil(lambda: chart.isVisible() and not chart.message, timeout=60_000)
    qtbot.waitUntil(lambda: "6-6" in parts.window.coach_panel.status.text(), timeout=30_000)
    qtbot.wait(50)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    dock = parts.window.coach_dock
    assert dock.grab().save(str(ARTIFACTS / f"coach-chances-{language}-{theme}.png"))
