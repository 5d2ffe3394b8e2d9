"""The Games window: kept games listed, opened, resumed, deleted; the high scores."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from missdice_desktop.records import save_record
from missdice_desktop.rules import Game, get_variant
from tests.ui.conftest import choice


def finished_yacht(players: list[str]) -> Game:
    game = Game(get_variant("yacht").configure(), players)
    for box in game.rules.box_ids:
        for face in ("66666", "11111")[: len(players)]:
            game.enter_dice(face)
            game.score(box)
    return game


def test_the_games_window_lists_opens_resumes_and_deletes(qtbot, make_app, paths) -> None:
    finished = finished_yacht(["Anna", "Ben"])
    paths.games_dir.mkdir(parents=True)
    save_record(paths.games_dir / "game-20260101-120000-1.json", finished)
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Zoé", "Malo"])
    controller, window = parts.controller, parts.window
    controller.start()  # the finished game is not offered back
    assert prompts.resume_questions == []
    controller.roll()
    window.games_action.trigger()
    games = controller.games_window
    assert games is not None and games.isVisible()
    qtbot.waitUntil(lambda: games.listing_done)
    table = games.games
    assert table.rowCount() == 2
    rows = {table.item(row, 2).text(): row for row in range(2)}
    anna_row, zoe_row = rows["Anna, Ben"], rows["Zoé, Malo"]
    assert table.item(anna_row, 1).text() == "Yacht"
    anna, ben = (sheet.total for sheet in finished.state.sheets)
    assert table.item(anna_row, 3).text() == f"Anna {anna}, Ben {ben}"
    assert "Anna" in table.item(anna_row, 4).text()
    assert "(in the window)" in table.item(zoe_row, 4).text()
    assert "Unfinished" in table.item(zoe_row, 4).text()
    table.selectRow(zoe_row)
    assert not games.open_button.isEnabled() and not games.delete_button.isEnabled()
    scores = games.scores
    assert scores.rowCount() == 2 and scores.item(0, 1).text() == "Anna"

    table.selectRow(anna_row)
    assert games.open_button.text() == "&Open"
    games.open_button.click()
    assert controller.game.players == ("Anna", "Ben") and controller.game.finished
    assert not games.isVisible()
    controller.close_end_of_game()

    window.games_action.trigger()
    qtbot.waitUntil(lambda: games.listing_done)
    zoe_path = next(k.path for k in games.kept if k.summary.players == ("Zoé", "Malo"))
    games.select_path(zoe_path)
    assert games.open_button.text() == "&Resume"
    prompts.delete_answer = False
    games.delete_button.click()
    assert zoe_path.exists() and len(prompts.delete_questions) == 1
    prompts.delete_answer = True
    games.delete_button.click()
    qtbot.waitUntil(lambda: games.listing_done)
    assert not zoe_path.exists() and games.games.rowCount() == 1


def test_the_games_window_speaks_french(qtbot, make_app, paths) -> None:
    paths.games_dir.mkdir(parents=True)
    save_record(paths.games_dir / "game-20260101-120000-1.json", finished_yacht(["Anna"]))
    parts, _prompts = make_app(language="fr")
    parts.window.games_action.trigger()
    games = parts.controller.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    assert games.windowTitle() == "Parties"
    assert games.games.horizontalHeaderItem(4).text() == "Gagnant"
    assert games.scores.horizontalHeaderItem(2).text() == "Meilleur"
    assert "Anna" in games.games.item(0, 4).text()
    QApplication.processEvents()
