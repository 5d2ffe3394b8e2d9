"""The sheet: what each box would score, the joker's order and its reasons, the totals."""

import random
from types import MappingProxyType

import pytest

from missdice_desktop.rules import ReasonCode, Scoresheet, get_variant
from tests.rules.support import LOWER, UPPER, new_game, play


def allowed_boxes(game) -> dict[str, int]:
    return {s.box.id: s.score for s in game.box_states() if s.allowed}


def test_preview_scores_for_the_current_dice() -> None:
    game = new_game()
    game.enter_dice("33356")
    scores = {s.box.id: s.score for s in game.box_states()}
    assert scores["threes"] == 9
    assert scores["three_of_a_kind"] == 20
    assert scores["chance"] == 20
    assert scores["full_house"] == 0
    assert all(s.allowed for s in game.box_states())


def test_a_zero_can_go_in_any_free_box() -> None:
    game = new_game()
    play(game, ("34522", "ones"))
    assert game.state.sheets[0].scores["ones"] == 0


def test_a_filled_box_is_closed_and_says_so() -> None:
    game = new_game(players=["Anna"])
    play(game, ("26266", "full_house"))
    game.enter_dice("26266")
    state = game.current_sheet.box_state("full_house", game.dice)
    assert not state.allowed
    assert state.reason is not None and state.reason.code is ReasonCode.FILLED
    assert state.score == 25


def test_first_yahtzee_is_free_to_go_anywhere() -> None:
    game = new_game()
    game.enter_dice("44444")
    assert len(allowed_boxes(game)) == 13


@pytest.mark.parametrize("policy", ["forced", "hasbro"])
def test_joker_must_use_the_upper_box_of_its_face_first(policy: str) -> None:
    game = new_game(joker=policy)
    play(game, ("44444", "yahtzee"))
    game.enter_dice("44444")
    assert allowed_boxes(game) == {"fours": 20}
    closed = game.current_sheet.box_state("chance", game.dice)
    assert closed.reason is not None
    assert closed.reason.code is ReasonCode.JOKER_FACE_FIRST
    assert closed.reason.message(game.current_sheet.labels) == (
        "five 4s must go in Fours while Fours is free"
    )


def test_forced_joker_then_opens_every_free_lower_box_at_full_value() -> None:
    game = new_game(joker="forced")
    play(game, ("44444", "yahtzee"), ("44441", "fours"))
    game.enter_dice("44444")
    assert allowed_boxes(game) == {
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 20,
    }
    ones = game.current_sheet.box_state("ones", game.dice)
    assert ones.reason is not None and ones.reason.code is ReasonCode.JOKER_LOWER_FIRST


def test_forced_joker_with_a_full_lower_section_scores_zero_in_an_upper_box() -> None:
    game = new_game(joker="forced")
    play(game, ("44444", "yahtzee"), ("44441", "fours"))
    for box in LOWER:
        play(game, ("12356", box))
    game.enter_dice("44444")
    assert allowed_boxes(game) == {box: 0 for box in UPPER if box != "fours"}


def test_hasbro_joker_takes_three_or_four_of_a_kind_before_other_lower_boxes() -> None:
    game = new_game(joker="hasbro")
    play(game, ("55555", "yahtzee"), ("55551", "fives"))
    game.enter_dice("55555")
    assert allowed_boxes(game) == {"three_of_a_kind": 25, "four_of_a_kind": 25}
    reason = game.current_sheet.box_state("full_house", game.dice).reason
    assert reason is not None and reason.code is ReasonCode.JOKER_KINDS_FIRST
    play(game, ("55555", "three_of_a_kind"), ("55555", "four_of_a_kind"))
    game.enter_dice("55555")
    assert allowed_boxes(game) == {
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
        "chance": 25,
    }


def test_free_joker_allows_every_free_box() -> None:
    game = new_game(joker="free")
    play(game, ("22222", "yahtzee"))
    game.enter_dice("22222")
    allowed = allowed_boxes(game)
    assert set(allowed) == set(UPPER) | set(LOWER)
    assert allowed["twos"] == 10
    assert allowed["large_straight"] == 40
    assert allowed["full_house"] == 25


def test_joker_applies_after_a_zero_in_yahtzee_but_without_bonus() -> None:
    game = new_game()
    play(game, ("12345", "yahtzee"))
    game.enter_dice("33333")
    assert allowed_boxes(game) == {"threes": 15}
    game.score("threes")
    assert game.state.sheets[0].yahtzee_bonus == 0


def test_each_further_yahtzee_earns_100_when_the_box_holds_50() -> None:
    game = new_game()
    play(game, ("66666", "yahtzee"), ("66666", "sixes"), ("66666", "large_straight"))
    sheet = game.state.sheets[0]
    assert sheet.yahtzee_bonus == 200
    assert sheet.scores["large_straight"] == 40
    assert sheet.total == 50 + 30 + 40 + 200


def test_rigole_is_a_full_value_lower_box_under_the_joker() -> None:
    game = new_game(rigole=True)
    play(game, ("11111", "yahtzee"), ("11116", "ones"))
    game.enter_dice("11111")
    assert allowed_boxes(game)["rigole"] == 50


def test_upper_bonus_and_what_is_missing() -> None:
    game = new_game()
    play(game, ("11122", "ones"), ("22211", "twos"), ("33311", "threes"))
    sheet = game.state.sheets[0]
    assert sheet.upper_total == 18
    assert sheet.upper_bonus == 0
    assert sheet.upper_bonus_missing == 45
    play(game, ("44441", "fours"), ("55551", "fives"), ("66611", "sixes"))
    sheet = game.state.sheets[0]
    assert sheet.upper_total == 18 + 16 + 20 + 18
    assert sheet.upper_bonus == 35
    assert sheet.upper_bonus_missing == 0


def test_yams_ecart_bonus_and_ecart() -> None:
    game = new_game("yams-ecart")
    play(game, ("66666", "sixes"), ("55555", "fives"), ("44444", "fours"))
    sheet = game.state.sheets[0]
    assert sheet.upper_total == 75
    assert sheet.upper_bonus == 30 + (75 - 60)
    play(game, ("66654", "plus"))
    assert game.state.sheets[0].ecart == 0
    assert game.state.sheets[0].total == 75 + 45
    play(game, ("11213", "minus"))
    sheet = game.state.sheets[0]
    assert sheet.ecart == 27 - 8
    assert sheet.total == 75 + 45 + 19
    assert sheet.yahtzee_bonus == 0


def test_yams_ecart_negative_difference_counts_zero() -> None:
    game = new_game("yams-ecart")
    play(game, ("11111", "plus"), ("66666", "minus"))
    assert game.state.sheets[0].ecart == 0
    assert game.state.sheets[0].total == 0


@pytest.mark.parametrize("variant", ["yams-ecart", "yams-chances", "yacht"])
def test_grids_without_joker_leave_five_of_a_kind_free(variant: str) -> None:
    game = new_game(variant)
    play(game, ("33333", "yahtzee"))
    game.enter_dice("33333")
    assert len(allowed_boxes(game)) == len(game.rules.boxes) - 1
    game.score(
        "chance_plus"
        if variant == "yams-chances"
        else "plus"
        if variant == "yams-ecart"
        else "chance"
    )
    assert game.state.sheets[0].yahtzee_bonus == 0


def test_yacht_has_no_bonus_of_any_kind() -> None:
    game = new_game("yacht")
    play(game, ("66666", "sixes"), ("55555", "fives"), ("44444", "fours"))
    sheet = game.state.sheets[0]
    assert sheet.upper_bonus == 0
    assert sheet.upper_bonus_missing is None
    assert sheet.total == 30 + 25 + 20


@pytest.mark.parametrize("joker", ["forced", "hasbro", "free"])
def test_allowed_boxes_are_those_box_states_allows(joker: str) -> None:
    rules = get_variant("yahtzee").configure({"joker": joker})
    chance = random.Random(11)
    rolls = [(face,) * 5 for face in range(1, 7)] + [(1, 2, 3, 4, 6), (2, 2, 5, 5, 5)]
    for _ in range(60):
        filled = [box_id for box_id in rules.box_ids if chance.random() < 0.5]
        sheet = Scoresheet(rules, MappingProxyType(dict.fromkeys(filled, 0)))
        for dice in rolls:
            expected = tuple(s.box.id for s in sheet.box_states(dice) if s.allowed)
            assert sheet.allowed_boxes(dice) == expected
