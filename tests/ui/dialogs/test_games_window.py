"""The Games window: kept games listed, opened, resumed, deleted; the high scores."""

from __future__ import annotations

import time

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
    games = controller.files.games_window
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
    games = parts.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    assert games.windowTitle() == "Parties"
    assert games.games.horizontalHeaderItem(4).text() == "Gagnant"
    assert games.scores.horizontalHeaderItem(2).text() == "Meilleur"
    assert "Anna" in games.games.item(0, 4).text()
    QApplication.processEvents()


def test_a_game_that_cannot_be_opened_is_listed_and_set_aside_only_when_asked(
    qtbot, make_app, paths
) -> None:
    paths.games_dir.mkdir(parents=True)
    broken = paths.games_dir / "game-20260101-120000-1.json"
    broken.write_text("{ nope", "utf-8")
    newer = paths.games_dir / "game-20260101-120000-2.json"
    save_record(newer, finished_yacht(["Anna"]))
    newer.write_text(newer.read_text("utf-8").replace('"version": 1', '"version": 9'), "utf-8")
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Zoé"])
    parts.controller.start()
    assert broken.exists() and newer.exists()  # start-up moves nothing
    parts.window.games_action.trigger()
    games = parts.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    texts = {games.games.item(row, 1).text(): row for row in range(games.games.rowCount())}
    assert "Cannot be opened: not JSON" in games.games.item(texts[broken.name], 4).text()
    assert "newer version" in games.games.item(texts[newer.name], 4).text()
    games.select_path(newer)
    assert not games.open_button.isVisible() and not games.set_aside_button.isEnabled()
    games.set_aside_button.click()
    assert newer.exists()
    games.select_path(broken)
    assert games.set_aside_button.isEnabled()
    games.set_aside_button.click()
    qtbot.waitUntil(lambda: games.listing_done)
    assert not broken.exists() and broken.with_name(broken.name + ".broken").exists()
    assert newer.exists() and games.games.rowCount() == 1


def test_a_game_played_in_one_window_is_a_copy_in_another(qtbot, make_app, paths) -> None:
    first, first_prompts = make_app()
    first_prompts.new_game_choice = choice(["Anna", "Ben"])
    first.controller.start()
    first.controller.roll()
    playing = first.controller.autosave.path
    assert playing.exists()
    second, second_prompts = make_app()
    second_prompts.new_game_choice = choice(["Zoé"])
    second.controller.start()
    assert second_prompts.resume_questions == []  # not offered the game being played
    second.window.games_action.trigger()
    games = second.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    games.select_path(playing)
    row = games.games.currentRow()
    assert "(open in another window)" in games.games.item(row, 4).text()
    assert games.open_button.text() == "Open a &copy" and not games.delete_button.isEnabled()
    games.open_button.click()
    assert second.controller.game.players == ("Anna", "Ben")
    assert second.controller.autosave.path != playing
    assert "open in another window" in second.window.status_label.text()
    second.controller.roll()
    first.controller.roll()  # each window saves to its own file
    assert first.controller.autosave.path == playing
    # The first window closes: its game is free again.
    first.controller.window_settings.on_close()
    assert not second.controller.autosave.open_elsewhere(playing)


def test_the_games_window_opens_at_once_and_fills_in(qtbot, make_app, paths) -> None:
    paths.games_dir.mkdir(parents=True)
    text = save_record(
        paths.games_dir / "game-20250101-000000-0.json", finished_yacht(["A", "B"])
    ) or (paths.games_dir / "game-20250101-000000-0.json").read_text("utf-8")
    for number in range(1, 400):
        (paths.games_dir / f"game-20250101-000000-{number}.json").write_text(text, "utf-8")
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Zoé"])
    parts.controller.start()
    started = time.perf_counter()
    parts.window.games_action.trigger()
    blocked = time.perf_counter() - started
    games = parts.controller.files.games_window
    assert games is not None and games.isVisible()
    assert blocked < 0.3, f"the window blocked {blocked:.2f} s"  # replaying took ~2 s
    qtbot.waitUntil(lambda: games.listing_done, timeout=60_000)
    assert games.games.rowCount() == 400
    assert games.scores.item(0, 4).text() == "400"
    # Read again, the summaries kept beside the games are used: no replay.
    started = time.perf_counter()
    games.list_games(parts.controller.autosave.library, None)
    qtbot.waitUntil(lambda: games.listing_done, timeout=60_000)
    assert time.perf_counter() - started < 2.0


def test_computer_players_are_marked_in_the_games_and_the_high_scores(qtbot, make_app, paths):
    from missdice_desktop.computers import COMPUTERS_KEY, Level, record_computers

    against = finished_yacht(["Anna", "Robot"])
    against.extra[COMPUTERS_KEY] = record_computers({1: Level.BEGINNER})
    paths.games_dir.mkdir(parents=True)
    save_record(paths.games_dir / "game-20260101-120000-1.json", against)
    parts, _prompts = make_app()
    parts.controller.files.show_games()
    games = parts.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    assert games.games.item(0, 2).text() == "Anna, Robot (cpu)"
    named = {games.scores.item(row, 1).text() for row in range(games.scores.rowCount())}
    assert named == {"Anna", "Robot (cpu)"}


def test_two_thousand_kept_games_fill_in_with_a_count(qtbot, make_app, paths) -> None:  # type: ignore[no-untyped-def]
    """The window opens before the list is read, says how many games it has found so far,
    and lists every game once the background reading ends (from the kept summaries)."""
    import os
    import shutil

    from missdice_desktop.library import GameLibrary

    library = GameLibrary(paths.games_dir)
    first = paths.games_dir / "game-20250101-000000-0.json"
    library.save(first, finished_yacht(["A", "B"]))
    text = first.read_text("utf-8")
    stamp = first.stat().st_mtime_ns
    summaries = paths.games_dir / ".summaries"
    for number in range(1, 2000):
        path = paths.games_dir / f"game-20250101-000000-{number}.json"
        path.write_text(text, "utf-8")
        os.utime(path, ns=(stamp, stamp))
        shutil.copyfile(summaries / first.name, summaries / path.name)
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Zoé"])
    parts.controller.start()
    parts.window.games_action.trigger()
    games = parts.controller.files.games_window
    assert games is not None and games.isVisible() and not games.listing_done
    qtbot.waitUntil(lambda: 0 < len(games.kept) < 2000 or games.listing_done, timeout=60_000)
    if not games.listing_done:
        assert games.empty_label.text().endswith("so far")
    qtbot.waitUntil(lambda: games.listing_done, timeout=120_000)
    assert games.games.rowCount() == 2000
    assert not games.empty_label.isVisible()
