"""No path drops a game: the command line, a declined resume, new and opened games."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from missdice_desktop.links import link_from_game
from missdice_desktop.records import load_record, save_record
from missdice_desktop.rules import Game, get_variant
from tests.ui.conftest import ScriptedPrompts, choice


def _unfinished_game_left_by_a_first_run(make_app, players: list[str]) -> Game:  # type: ignore[no-untyped-def]
    parts, prompts = make_app()
    prompts.new_game_choice = choice(players)
    parts.controller.start()
    parts.controller.roll()
    parts.controller.score_row(parts.controller.model.row_of_box("chance"))
    parts.controller.roll()
    game = parts.controller.game
    parts.window.close()
    QApplication.processEvents()
    return game


def _kept_players(parts) -> list[tuple[str, ...]]:  # type: ignore[no-untyped-def]
    kept, _broken = parts.controller.autosave.kept_games()
    return [k.game.players for k in kept]


def test_a_file_on_the_command_line_keeps_the_unfinished_game(qtbot, make_app, tmp_path):
    _unfinished_game_left_by_a_first_run(make_app, ["Anna", "Ben"])
    record = tmp_path / "other.json"
    save_record(record, Game(get_variant("yacht").configure(), ["Zoé"]))
    parts, prompts = make_app(record=str(record))
    assert parts.controller.game.players == ("Zoé",)
    assert prompts.resume_questions == []
    parts.controller.roll()
    parts.window.close()
    QApplication.processEvents()
    assert sorted(_kept_players(parts)) == [("Anna", "Ben"), ("Zoé",)]
    again, prompts_again = make_app(start=True)
    # The last game played (Zoé's) is offered back; Anna and Ben's is still there.
    assert "Zoé" in prompts_again.resume_questions[0]
    assert again.controller.game.players == ("Zoé",)


def test_declining_resume_then_cancelling_never_deletes_the_game(qtbot, make_app):
    first = _unfinished_game_left_by_a_first_run(make_app, ["Anna", "Ben"])
    # Answer No to "Resume the game?", then cancel the New game dialog, then close.
    again, prompts_again = make_app(
        start=True, prompts=ScriptedPrompts(resume_answer=False, new_game_choice=None)
    )
    assert len(prompts_again.resume_questions) == 1 and prompts_again.new_game_asked == 1
    again.window.close()
    QApplication.processEvents()
    third, prompts_third = make_app(start=True)
    assert len(prompts_third.resume_questions) == 1
    resumed = third.controller.game
    assert resumed.players == ("Anna", "Ben")
    assert resumed.dice == first.dice and resumed.state.sheets[0].scores == (
        first.state.sheets[0].scores
    )
    assert _kept_players(third) == [("Anna", "Ben")]


def test_a_new_game_and_an_opened_file_each_keep_the_game_left(qtbot, make_app, tmp_path):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"])
    parts.controller.start()
    parts.controller.roll()
    prompts.new_game_choice = choice(["Ben"])
    parts.controller.files.ask_new_game()
    assert prompts.abandon_openings == [False]
    assert "kept" not in prompts.abandon_questions[0]  # the summary; the question says it
    parts.controller.roll()
    record = tmp_path / "zoe.json"
    save_record(record, Game(get_variant("yacht").configure(), ["Zoé"]))
    prompts.open_answer = str(record)
    parts.window.open_action.trigger()
    assert prompts.abandon_openings == [False, True]
    parts.controller.roll()
    assert sorted(_kept_players(parts)) == [("Anna",), ("Ben",), ("Zoé",)]
    assert load_record(record).dice is None  # the file opened is not written to


def test_an_old_single_autosave_moves_into_the_games_folder(qtbot, make_app, paths):
    game = Game(get_variant("yacht").configure(), ["Anna"])
    game.enter_dice("12345")
    paths.data_dir.mkdir(parents=True)
    save_record(paths.autosave_file, game)
    parts, prompts = make_app(start=True)
    assert not paths.autosave_file.exists()
    assert prompts.resume_questions and parts.controller.game.dice == (1, 2, 3, 4, 5)
    assert parts.controller.autosave.path.parent == paths.games_dir


def test_an_empty_game_is_not_kept(qtbot, make_app):
    parts, prompts = make_app()
    prompts.new_game_choice = choice(["Anna"], table=True)
    parts.controller.start()
    parts.controller.enter_dice("12345")
    assert parts.controller.autosave.path.exists()
    parts.controller.history.undo()
    assert not parts.controller.autosave.path.exists()


def test_opening_a_kept_games_own_file_resumes_it_without_a_copy(qtbot, make_app, tmp_path):
    first = _unfinished_game_left_by_a_first_run(make_app, ["Anna", "Ben"])
    # From the command line: the kept file itself is the game resumed, in its own file.
    parts, _prompts = make_app()
    [kept] = parts.controller.autosave.kept_games()[0]
    again, prompts_again = make_app(record=str(kept.path))
    assert again.controller.game.dice == first.dice
    assert again.controller.autosave.path == kept.path
    again.controller.score_row(again.controller.model.row_of_box("yahtzee"))
    assert [k.path for k in again.controller.autosave.kept_games()[0]] == [kept.path]
    assert load_record(kept.path).actions == again.controller.game.actions
    # With Game › Open…, after another game: the same row again, and a file from elsewhere
    # still gets its own.
    prompts_again.new_game_choice = choice(["Zoé"])
    again.controller.files.ask_new_game()
    again.controller.roll()
    prompts_again.open_answer = str(kept.path)
    again.window.open_action.trigger()
    assert again.controller.autosave.path == kept.path
    assert sorted(_kept_players(again)) == [("Anna", "Ben"), ("Zoé",)]
    record = tmp_path / "elsewhere.json"
    save_record(record, load_record(kept.path))
    prompts_again.open_answer = str(record)
    again.window.open_action.trigger()
    assert again.controller.autosave.path not in (kept.path, record)
    again.controller.roll()
    assert sorted(_kept_players(again)) == [("Anna", "Ben"), ("Anna", "Ben"), ("Zoé",)]


def test_a_link_to_a_kept_game_is_a_copy(qtbot, make_app):
    _unfinished_game_left_by_a_first_run(make_app, ["Anna", "Ben"])
    parts, _prompts = make_app()
    [kept] = parts.controller.autosave.kept_games()[0]
    link = link_from_game(kept.game)
    again, _again_prompts = make_app(record=link)
    assert again.controller.autosave.path != kept.path
    again.controller.roll()
    assert _kept_players(again) == [("Anna", "Ben"), ("Anna", "Ben")]


def test_a_kept_game_with_players_and_no_turn_stays_kept_when_resumed(make_app, paths) -> None:  # type: ignore[no-untyped-def]
    from missdice_desktop.records import save_record
    from missdice_desktop.rules import Game, get_variant

    paths.games_dir.mkdir(parents=True)
    kept = paths.games_dir / "game-20261201-100000-1.json"
    save_record(kept, Game(get_variant("yacht").configure(), ["Anna", "Ben"]))
    parts, _prompts = make_app()
    parts.controller.files.open_kept(kept)
    assert parts.controller.game.players == ("Anna", "Ben")
    parts.window.close()
    assert kept.exists()
