"""A throw once seen stays seen after a reload, whatever path the game took (issue 18, item 1):
a record file, a kept game, a share link; for Cochon, the 421 and the Yahtzee family."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from missdice_desktop.library import GameLibrary
from missdice_desktop.links import game_from_link, link_from_game
from missdice_desktop.records import load_record, save_record
from missdice_desktop.rules import DiceGame, Four21Rules, Game, PigRules, Roll, get_variant
from tests.test_records_four21 import FOUR21_EXAMPLE

Reload = Callable[[DiceGame[Any], Path], DiceGame[Any]]


def through_a_file(game: DiceGame[Any], folder: Path) -> DiceGame[Any]:
    path = folder / "game.json"
    save_record(path, game)
    return load_record(path)


def through_kept_games(game: DiceGame[Any], folder: Path) -> DiceGame[Any]:
    library = GameLibrary(folder / "games")
    library.save(library.new_path(), game)
    (kept,), problems = library.games()
    assert not problems
    return kept.game


def through_a_link(game: DiceGame[Any], _folder: Path) -> DiceGame[Any]:
    return game_from_link(link_from_game(game))


PATHS = [through_a_file, through_kept_games, through_a_link]


def pig() -> DiceGame[Any]:
    game = DiceGame(PigRules(target=50), ["Anna", "Ben"], seed=3)
    while game.current_player == 0:  # Anna rolls until her 1
        game.roll()
    game.roll()
    return game


def four21() -> DiceGame[Any]:
    game = DiceGame(Four21Rules(), ["Anna", "Ben", "Chloé"], seed=5)
    for _ in range(4):
        game.roll()
    return game


def yahtzee() -> DiceGame[Any]:
    game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"], seed=7)
    game.roll()
    game.hold(0, True)
    game.roll()
    return game


@pytest.mark.parametrize("reload", PATHS)
@pytest.mark.parametrize("make", [pig, four21, yahtzee])
def test_a_virtual_throw_is_not_undoable_after_a_reload(
    make: Callable[[], DiceGame[Any]], reload: Reload, tmp_path: Path
) -> None:
    game = make()
    assert isinstance(game.actions[-1], Roll) and not game.can_undo
    again = reload(game, tmp_path)
    assert again.state == game.state
    assert not again.can_undo


@pytest.mark.parametrize("reload", PATHS)
def test_a_lost_cochon_turn_stays_lost_after_a_reload(reload: Reload, tmp_path: Path) -> None:
    game = DiceGame(PigRules(target=50), ["Anna", "Ben"])
    for face in (6, 6, 1):
        game.apply(Roll((face,), drawn=True))
    again = reload(game, tmp_path)
    assert again.state.banked == (0, 0) and again.current_player == 1
    assert not again.can_undo


@pytest.mark.parametrize("reload", PATHS)
def test_a_finished_421_cannot_be_undone_into_another_throw(reload: Reload, tmp_path: Path) -> None:
    played = load_record_data(FOUR21_EXAMPLE, tmp_path)
    assert played.finished
    again = reload(played, tmp_path)
    throws = [action for action in again.actions if isinstance(action, Roll)]
    while again.can_undo:  # a Stop or a hold may be taken back, never a throw
        again.undo()
    assert [action for action in again.actions if isinstance(action, Roll)] == throws
    assert not again.can_undo


def load_record_data(data: dict[str, Any], folder: Path) -> DiceGame[Any]:
    path = folder / "played.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_record(path)
