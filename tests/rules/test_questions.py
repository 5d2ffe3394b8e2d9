"""What the window asks of any game's rules: the joker's case, dice from the table, the turn,
who has won, the faces; and how the registry makes each game's rules from a record."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from missdice_desktop.rules import (
    GAMES,
    Bank,
    DiceGame,
    Four21Rules,
    Game,
    PigRules,
    Roll,
    Section,
    find_game,
    get_variant,
    new_game,
)
from missdice_desktop.rules.engine import JokerCase
from missdice_desktop.rules.game import YahtzeeRules
from missdice_desktop.rules.scoresheet import Scoresheet


def yahtzee() -> Game:
    return Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])


def test_dice_from_the_table_are_told_apart_from_rolled_dice() -> None:
    game = yahtzee()
    assert not game.rules.dice_entered(game.state)
    game.enter_dice("26266")
    assert game.rules.dice_entered(game.state)
    game.score("full_house")
    game.throw("12345")
    assert not game.rules.dice_entered(game.state)
    pig = DiceGame(PigRules(), ["Anna"])
    pig.enter_dice("4")
    assert not pig.rules.dice_entered(pig.state)  # no other game keeps them apart


def test_the_jokers_case_for_the_current_dice() -> None:
    game = yahtzee()
    game.enter_dice("66666")
    assert game.rules.joker_case(game.state) is JokerCase.NONE  # the Yahtzee box is free
    game.score("yahtzee")
    game.enter_dice("12345")
    game.score("chance")
    game.enter_dice("33333")
    assert game.rules.joker_case(game.state) is JokerCase.LOWER_FULL_VALUE
    rules = YahtzeeRules.of(get_variant("yahtzee").configure())
    lower = [box.id for box in rules.boxes if box.section is Section.LOWER]
    sheet = Scoresheet(rules, MappingProxyType(dict.fromkeys(lower, 0) | {"yahtzee": 50}))
    assert sheet.joker_case((3, 3, 3, 3, 3)) is JokerCase.UPPER_AT_ZERO
    assert sheet.joker_case((3, 3, 3, 3, 2)) is JokerCase.NONE
    assert sheet.joker_case(None) is JokerCase.NONE
    pig = DiceGame(PigRules(), ["Anna"])
    assert pig.rules.joker_case(pig.state) is JokerCase.NONE


def test_the_turn_number_and_the_number_of_turns() -> None:
    game = yahtzee()
    assert (game.rules.turn_number(game.state), game.rules.turn_count()) == (1, 13)
    game.enter_dice("12345")
    game.score("chance")
    assert game.rules.turn_number(game.state) == 1  # Ben's first turn
    game.enter_dice("12345")
    game.score("chance")
    assert game.rules.turn_number(game.state) == 2
    pig = DiceGame(PigRules(), ["Anna"])
    assert (pig.rules.turn_number(pig.state), pig.rules.turn_count()) == (None, None)


def test_who_has_won() -> None:
    pig = DiceGame(PigRules(target=10), ["Anna", "Ben"])
    assert pig.rules.winning_seats(pig.state) == ()
    pig.apply(Roll((6,)))
    pig.apply(Roll((5,)))
    pig.apply(Bank())
    assert pig.rules.winning_seats(pig.state) == (0,)
    four21 = DiceGame(Four21Rules(), ["Anna", "Ben"])
    assert four21.rules.winning_seats(four21.state) == ()
    game = Game(get_variant("yacht").configure(), ["Solo"])
    while not game.finished:
        game.enter_dice("12345")
        game.score(game.current_sheet.allowed_boxes(game.dice)[0])
    assert game.rules.winning_seats(game.state) == (0,)


def test_the_faces_of_a_die() -> None:
    assert list(PigRules().face_range) == [1, 2, 3, 4, 5, 6]
    assert Four21Rules().face_range == range(1, 7)


@pytest.mark.parametrize(
    ("record", "game_class"),
    [
        ({"game": "yams-ecart", "options": {}}, Game),
        ({"game": "pig", "options": {"target": 50}}, DiceGame),
        ({"game": "421", "options": {"pot": 11}}, DiceGame),
    ],
)
def test_every_row_makes_its_rules_from_a_records_options(
    record: dict[str, object], game_class: type
) -> None:
    kind = find_game(str(record["game"]))
    rules = kind.rules_from_options(record["options"], record=record)  # type: ignore[arg-type]
    assert rules.record_id == record["game"]
    game = new_game(rules, ["Anna", "Ben"])
    assert type(game) is game_class
    assert (
        rules.option_values
        == kind.rules_from_options(rules.option_values, record=record).option_values
    )


def test_a_configured_scoresheet_is_played_by_the_familys_shell() -> None:
    game = new_game(get_variant("yacht").configure(), ["Anna"])
    assert isinstance(game, Game) and game.game_id == "yahtzee"
    assert GAMES["yahtzee"].grids and not GAMES["pig"].grids
    assert find_game("yahtzee").rules_from_options({}).record_id == "yahtzee"
