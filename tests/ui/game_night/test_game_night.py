"""Game night: print and PDF, CSV exports, the scoreboard, notes, charts, rolling dice."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter

from missdice_desktop.export import GAME_COLUMNS, HIGH_SCORE_COLUMNS
from missdice_desktop.notes import MAX_NOTE_CHARS
from missdice_desktop.records import load_record, save_record
from missdice_desktop.rules import Game, get_variant, new_game
from missdice_desktop.rules.registry import find_game
from missdice_desktop.ui.game_night.charts import histogram, player_points
from missdice_desktop.ui.game_night.printing import pdf_bytes, sheet_document
from tests.ui.conftest import ScriptedPrompts, choice

pdftotext = shutil.which("pdftotext")


@dataclass
class NightPrompts(ScriptedPrompts):
    """Also answers where to export, the print dialog and the note editor."""

    export_answers: list[str | None] = field(default_factory=list)
    fix_answers: list[tuple[int, str] | None] = field(default_factory=list)
    note_answers: list[str | None] = field(default_factory=list)
    notes_offered: list[str] = field(default_factory=list)

    def export_path(self, kind: str, suggested: str) -> str | None:
        return self.export_answers.pop(0) if self.export_answers else None

    def fix_box(self, turns: list[str]) -> tuple[int, str] | None:
        return self.fix_answers.pop(0) if self.fix_answers else None

    def print_setup(self, printer: object) -> bool:
        return True

    def edit_note(self, title: str, text: str) -> str | None:
        self.notes_offered.append(text)
        return self.note_answers.pop(0) if self.note_answers else None


def finished_yacht(players: list[str], faces: tuple[str, ...] = ("66666", "11111")) -> Game:
    game = Game(get_variant("yacht").configure(), players)
    for box in game.rules.box_ids:
        for face in faces[: len(players)]:
            game.enter_dice(face)
            game.score(box)
    return game


def pdf_text(data: bytes, tmp_path: Path) -> str:
    assert pdftotext is not None
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    return subprocess.run(
        [pdftotext, "-layout", str(source), "-"], capture_output=True, text=True, check=True
    ).stdout


needs_pdftotext = pytest.mark.skipif(pdftotext is None, reason="poppler-utils not installed")


@needs_pdftotext
def test_the_pdf_of_a_finished_sheet_holds_its_grid_totals_and_options(qtbot, tmp_path) -> None:
    game = finished_yacht(["Anna", "Ben"])
    text = pdf_text(pdf_bytes(sheet_document(game)), tmp_path)
    assert "Miss Dice" in text and "Yacht" in text
    assert "Anna" in text and "Ben" in text
    anna, ben = game.rules.totals(game.state)
    total_line = next(line for line in text.splitlines() if line.strip().startswith("Total"))
    assert total_line.split()[1:] == [str(anna), str(ben)]
    # the line under the title holds the date and time, so where it wraps depends on the clock
    flat = " ".join(text.split())
    assert "Game over" in flat and "Anna wins" in flat


@needs_pdftotext
def test_the_pdf_of_cochon_and_the_421_gives_totals_and_tokens(qtbot, tmp_path) -> None:
    pig = new_game(find_game("pig").rules_from_options({"target": 50}), ["Zoé", "Malo"])
    pig.throw((6,))
    pig.throw((5,))
    text = pdf_text(pdf_bytes(sheet_document(pig)), tmp_path)
    assert "Points to reach: 50" in text and "Zoé" in text and "Total" in text
    four21 = new_game(find_game("421").rules_from_options({}), ["Anna", "Ben", "Chloé"])
    text = pdf_text(pdf_bytes(sheet_document(four21)), tmp_path)
    assert "Tokens" in text and "Chloé" in text


@needs_pdftotext
def test_the_pdf_speaks_french(qtbot, make_app, tmp_path) -> None:
    parts, _prompts = make_app(language="fr", game=finished_yacht(["Anna", "Ben"]))
    text = pdf_text(pdf_bytes(sheet_document(parts.controller.game)), tmp_path)
    flat = " ".join(text.split())  # the date line wraps where the clock puts it
    assert "feuille de marque" in flat and "Partie terminée" in flat


def test_export_as_pdf_writes_the_file_and_an_unwritable_path_gives_one_message(
    qtbot, make_app, tmp_path
) -> None:
    prompts = NightPrompts()
    parts, _ = make_app(prompts=prompts, game=finished_yacht(["Anna", "Ben"]))
    target = tmp_path / "out" / "sheet.pdf"
    target.parent.mkdir()
    prompts.export_answers = [str(target), str(tmp_path / "missing" / "sheet.pdf")]
    parts.window.pdf_action.trigger()
    assert target.read_bytes().startswith(b"%PDF")
    parts.window.pdf_action.trigger()
    assert len(prompts.errors) == 1
    title, text = prompts.errors[0]
    assert title == "The PDF was not written" and "missing" in text and "the game is kept" in text
    assert parts.controller.game.finished  # nothing lost


def test_a_printer_that_fails_gives_one_message(qtbot, make_app, tmp_path) -> None:
    prompts = NightPrompts()
    parts, _ = make_app(prompts=prompts, game=finished_yacht(["Anna", "Ben"]))
    printer = QPrinter()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "no-such-folder" / "printed.pdf"))
    assert not parts.controller.game_night.print_sheet(printer)
    assert [title for title, _text in prompts.errors] == ["The sheet was not printed"]
    good = QPrinter()
    good.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    good.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert parts.controller.game_night.print_sheet(good)
    assert (tmp_path / "printed.pdf").stat().st_size > 1000


def test_games_and_high_scores_export_as_csv_with_the_documented_columns(
    qtbot, make_app, paths, tmp_path
) -> None:
    paths.games_dir.mkdir(parents=True)
    game = finished_yacht(["Anna", "=Ben"])
    game.extra["note"] = "At the lake, with Grandma"
    save_record(paths.games_dir / "game-20260101-120000-1.json", game)
    prompts = NightPrompts()
    parts, _ = make_app(prompts=prompts)
    parts.window.games_action.trigger()
    games = parts.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    prompts.export_answers = [str(tmp_path / "games.csv"), str(tmp_path / "scores.csv")]
    games.export_button.click()
    games.tabs.setCurrentIndex(1)
    games.export_button.click()
    rows = list(csv.reader(io.StringIO((tmp_path / "games.csv").read_text("utf-8-sig"))))
    assert tuple(rows[0]) == GAME_COLUMNS
    anna, ben = game.rules.totals(game.state)
    by_player = {row[5]: dict(zip(GAME_COLUMNS, row, strict=True)) for row in rows[1:]}
    assert by_player["Anna"]["score"] == str(anna) and by_player["Anna"]["rank"] == "1"
    assert by_player["'=Ben"]["score"] == str(ben)  # not a formula in a spreadsheet
    assert by_player["Anna"]["sheet"] == "yacht" and by_player["Anna"]["finished"] == "yes"
    assert by_player["Anna"]["note"] == "At the lake, with Grandma"
    scores = list(csv.reader(io.StringIO((tmp_path / "scores.csv").read_text("utf-8-sig"))))
    assert tuple(scores[0]) == HIGH_SCORE_COLUMNS and scores[1][1] == "Anna"
    prompts.export_answers = [str(tmp_path)]  # a folder: cannot be written
    games.export_button.click()
    assert [title for title, _ in prompts.errors] == ["The CSV file was not written"]


def test_a_note_is_kept_shown_searchable_and_a_1_mb_note_gets_one_message(
    qtbot, make_app, paths
) -> None:
    paths.games_dir.mkdir(parents=True)
    kept = paths.games_dir / "game-20260101-120000-1.json"
    save_record(kept, finished_yacht(["Anna", "Ben"]))
    save_record(paths.games_dir / "game-20260101-120000-2.json", finished_yacht(["Zoé", "Malo"]))
    prompts = NightPrompts()
    parts, _ = make_app(prompts=prompts)
    parts.window.games_action.trigger()
    games = parts.controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    games.select_path(kept)
    huge = "x" * 1_000_000
    prompts.note_answers = [huge, "Chez Mamie, à Lyon"]
    games.note_button.click()
    assert len(prompts.errors) == 1 and "1,000,000" in prompts.errors[0][1]
    assert prompts.notes_offered == ["", huge]  # the long note was offered back, not lost
    assert load_record(kept).extra["note"] == "Chez Mamie, à Lyon"
    qtbot.waitUntil(lambda: games.listing_done)
    row = next(r for r in range(games.games.rowCount()) if "Anna" in games.games.item(r, 2).text())
    assert games.games.item(row, 5).text() == "Chez Mamie, à Lyon"
    games.search.setText("mamie")
    shown = [r for r in range(games.games.rowCount()) if not games.games.isRowHidden(r)]
    assert shown == [row]
    games.search.setText("")
    assert MAX_NOTE_CHARS == 2000


def test_the_scoreboard_shows_totals_and_who_plays_and_escape_leaves(qtbot, make_app) -> None:
    players = [f"Player {n}" for n in range(1, 9)]
    game = Game(get_variant("yahtzee").configure(), players)
    game.enter_dice("66666")
    game.score("yahtzee")
    parts, _ = make_app(game=game)
    window = parts.window
    window.scoreboard_action.trigger()
    board = parts.controller.game_night.scoreboard
    assert board is not None and board.isVisible() and board.isFullScreen()
    assert board.rows[0] == ("Player 1", 50, False) and board.rows[1][2]
    parts.controller.game.enter_dice("11111")
    parts.controller.game.score("ones")
    assert board.rows[1][1] == 5 and board.rows[2][2]
    qtbot.keyClick(board, Qt.Key.Key_Escape)
    assert not board.isVisible() and not window.scoreboard_action.isChecked()


def test_rolled_dice_tumble_briefly_unless_motion_is_reduced(qtbot, make_app) -> None:
    from missdice_desktop.ui.dice_tray import ROLL_ANIMATION_MS

    assert ROLL_ANIMATION_MS <= 400
    parts, _ = make_app(game=Game(get_variant("yahtzee").configure(), ["Anna"]))
    controller, window = parts.controller, parts.window
    controller.roll()
    assert window.tray.animating
    controller.toggle_hold(0)  # the next key shows the dice at once
    assert not window.tray.animating
    window.reduce_motion_action.trigger()
    assert controller.settings.reduce_motion
    controller.roll()
    assert not window.tray.animating


def test_charts_data_per_player_and_sheet() -> None:
    assert histogram([10, 20, 20, 55], bins=5) == (10, 10, [1, 2, 0, 0, 1])
    assert histogram([]) == (0, 1, [0] * 10)
    assert player_points([], "yacht", "Anna") == []


def test_fix_a_past_box_rescores_marks_the_sheet_and_undoes(qtbot, make_app, tmp_path) -> None:
    game = Game(get_variant("yahtzee").configure({"joker": "forced"}), ["Anna", "Ben"])
    for dice, box in (("66666", "yahtzee"), ("44421", "fours"), ("44444", "fours")):
        game.enter_dice(dice)
        game.score(box)
    prompts = NightPrompts()
    parts, _ = make_app(prompts=prompts, game=game)
    controller, window = parts.controller, parts.window
    prompts.fix_answers = [(1, "44441"), (2, "55555")]
    window.fix_box_action.trigger()
    assert controller.game.state.sheets[1].scores["fours"] == 16
    model = controller.model
    assert model.index(model.row_of_box("fours"), 1).data() == "16 ✎"
    assert "correction of turn 2" in window.undo_action.text()
    window.fix_box_action.trigger()  # Anna's joker 4s as 5s: Fives is free, so refused
    title, text = prompts.errors[-1]
    assert title == "Box not corrected" and "turn 3" in text and "Fives" in text
    assert controller.game.state.sheets[0].scores["fours"] == 20  # nothing changed
    controller.history.undo()
    assert controller.game.state.sheets[1].scores["fours"] == 12
    assert model.index(model.row_of_box("fours"), 1).data() == "12"


def test_a_note_on_the_game_in_the_window_shows_in_the_list_at_once(
    qtbot, make_app, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The autosave writes in the background: the list is read only once the note is on disk."""
    import missdice_desktop.ui.play.autosave as autosave_module

    monkeypatch.setattr(autosave_module, "WRITE_IN_BACKGROUND", True)
    prompts = NightPrompts()
    prompts.new_game_choice = choice(["Anna", "Ben"])
    parts, _ = make_app(prompts=prompts, start=True)
    controller = parts.controller
    controller.roll()
    parts.window.games_action.trigger()
    games = controller.files.games_window
    assert games is not None
    qtbot.waitUntil(lambda: games.listing_done)
    games.select_path(controller.autosave.path)
    prompts.note_answers = ["Chez Mamie"]
    games.note_button.click()
    qtbot.waitUntil(lambda: games.listing_done)
    row = next(r for r in range(games.games.rowCount()) if "Anna" in games.games.item(r, 2).text())
    assert games.games.item(row, 5).text() == "Chez Mamie"
