"""Turns, rolls, holds, the end of the game, and undo/redo through the one door."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.rules import (
    EnterDice,
    Game,
    Hold,
    IllegalActionError,
    IllegalMoveError,
    Roll,
    Score,
    get_variant,
)
from tests.rules.support import LOWER, UPPER, new_game, play


def test_players_take_turns_in_order() -> None:
    game = new_game(players=["Anna", "Ben", "Chloé"])
    assert game.current_player == 0
    play(game, ("26266", "full_house"))
    assert game.current_player == 1
    play(game, ("11116", "ones"), ("12345", "large_straight"))
    assert game.current_player == 0


def test_three_rolls_per_turn_and_holds_keep_their_dice() -> None:
    game = new_game()
    game.roll()
    assert game.rolls_left == 2
    first = game.dice
    assert first is not None
    game.hold(0)
    game.hold(2)
    game.roll()
    game.roll()
    assert game.rolls_left == 0
    assert game.dice is not None
    assert game.dice[0] == first[0] and game.dice[2] == first[2]
    with pytest.raises(IllegalActionError, match="no rolls left"):
        game.roll()


def test_holds_are_released_at_the_next_turn() -> None:
    game = new_game(players=["Anna", "Ben"])
    game.roll()
    game.hold(1)
    game.score("chance")
    assert game.held == (False,) * 5
    assert game.dice is None
    assert game.rolls_left == 3


@pytest.mark.parametrize(
    ("setup", "action", "message"),
    [
        ([], Score("chance"), "roll or enter the dice before scoring"),
        ([], Hold(0, True), "roll the dice before holding"),
        ([EnterDice((1, 2, 3, 4, 5))], Hold(5, True), "there is no die 6"),
        ([EnterDice((1, 2, 3, 4, 5))], Score("sevens"), "unknown box 'sevens'"),
        ([Roll((1, 2, 3, 4, 5)), Hold(0, True)], Roll((2, 2, 3, 4, 5)), "held die"),
        (
            [Roll((1, 2, 3, 4, 5))] + [Hold(i, True) for i in range(5)],
            Roll((1, 2, 3, 4, 5)),
            "every die is held",
        ),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(setup, action, message) -> None:
    game = new_game()
    for earlier in setup:
        game.apply(earlier)
    before = game.state
    with pytest.raises(IllegalActionError, match=message):
        game.apply(action)
    assert game.state is before


def test_entering_dice_corrects_the_last_roll_which_still_counts() -> None:
    game = new_game()
    for _ in range(3):
        game.roll()
    game.enter_dice("26266")
    assert game.dice == (2, 6, 2, 6, 6)
    assert len(game.state.turn.rolls) == 3
    assert game.state.turn.rolls[-1] == (2, 6, 2, 6, 6)
    with pytest.raises(IllegalActionError, match="no rolls left"):
        game.roll()


def test_dice_from_the_table_have_no_roll_count() -> None:
    game = new_game()
    game.enter_dice("11111")
    game.enter_dice("26266")
    assert game.state.turn.rolls == ()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Anna\nEvil", "cannot be shown"),
        ("A\ud800", "cannot be shown"),
        ("\u200b", "shows nothing"),
        ("\ufeff", "shows nothing"),
        ("\u3164", "shows nothing"),
        ("\u202eannA", r"cannot be shown \(U\+202E\)"),
        ("Anna\u2066", r"cannot be shown \(U\+2066\)"),
        ("Ann\u200ba", r"cannot be shown \(U\+200B\)"),
        ("A" * 41, "at most 40 characters"),
        ("   ", "every player needs a name"),
    ],
)
def test_player_names_must_be_printable(name: str, message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        Game(get_variant("yahtzee").configure(), ["Ben", name])


def test_french_and_accented_names_are_fine() -> None:
    game = Game(get_variant("yahtzee").configure(), ["Chloé", "Grand-mère Josette", "Zoë 🎲"])
    assert game.players[1] == "Grand-mère Josette"


def test_the_game_ends_when_every_sheet_is_full() -> None:
    game = new_game("yacht", players=["Anna", "Ben"])
    for box in game.rules.box_ids:
        play(game, ("66666", box), ("11111", box))
    assert game.finished
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.enter_dice("12345")
    assert game.winners() == ("Anna",)


def test_equal_top_totals_all_win() -> None:
    game = new_game("yacht", players=["Anna", "Ben", "Chloé"])
    for box in game.rules.box_ids:
        play(game, ("66666", box), ("11111", box), ("66666", box))
    assert game.winners() == ("Anna", "Chloé")
    ranks = [(s.name, s.rank) for s in game.standings()]
    assert ranks == [("Anna", 1), ("Chloé", 1), ("Ben", 3)]


def test_player_count_is_checked() -> None:
    rules = get_variant("yahtzee").configure()
    with pytest.raises(IllegalActionError, match="1 to 8 players"):
        Game(rules, [])
    with pytest.raises(IllegalActionError, match="1 to 8 players"):
        Game(rules, [f"P{i}" for i in range(9)])
    with pytest.raises(IllegalActionError, match="every player needs a name"):
        Game(rules, ["Anna", "  "])


def test_undo_across_turns_restores_the_yahtzee_bonus_and_joker() -> None:
    game = new_game(players=["Anna", "Ben"])
    play(game, ("44444", "yahtzee"), ("12345", "chance"))
    game.enter_dice("44444")
    before_joker = game.state
    game.score("fours")
    assert game.state.sheets[0].yahtzee_bonus == 100
    play(game, ("66612", "sixes"))
    game.undo()  # Ben's score
    game.undo()  # Ben's dice
    game.undo()  # Anna's joker score
    assert game.state == before_joker
    assert game.state.sheets[0].yahtzee_bonus == 0
    assert game.current_player == 0
    assert {s.box.id for s in game.box_states() if s.allowed} == {"fours"}
    game.redo()
    assert game.state.sheets[0].yahtzee_bonus == 100
    assert game.current_player == 1


def test_a_new_action_clears_redo() -> None:
    game = new_game()
    game.enter_dice("12345")
    game.undo()
    assert game.can_redo
    game.enter_dice("11111")
    assert not game.can_redo
    with pytest.raises(IllegalActionError, match="nothing to redo"):
        game.redo()


def test_a_virtual_roll_once_seen_cannot_be_undone_but_holds_can() -> None:
    game = new_game()
    game.roll()
    rolled = game.dice
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="once seen"):
        game.undo()
    game.hold(0)
    game.undo()  # releasing a hold is fine
    assert game.dice == rolled and not any(game.held)
    assert not game.can_undo


def test_a_score_can_be_undone_until_the_next_player_rolls() -> None:
    game = new_game()
    game.roll()
    game.score("chance")
    game.undo()
    assert game.current_player == 0 and game.dice is not None
    game.redo()
    game.roll()
    assert not game.can_undo


def test_throws_from_the_table_count_as_rolls_and_each_undoes() -> None:
    game = new_game()
    game.throw("12345")
    game.throw("66612")
    assert game.rolls_left == 1 and game.state.turn.rolls == ((1, 2, 3, 4, 5), (6, 6, 6, 1, 2))
    game.undo()
    assert game.dice == (1, 2, 3, 4, 5) and game.rolls_left == 2
    game.throw("66612")
    game.throw("66666")
    with pytest.raises(IllegalActionError, match="no rolls left"):
        game.throw("12346")


def test_dice_entered_from_the_table_cannot_be_rolled_again_virtually() -> None:
    game = new_game()
    game.enter_dice("12345")
    with pytest.raises(IllegalActionError, match="entered from the table"):
        game.roll()
    assert game.dice == (1, 2, 3, 4, 5) and game.rolls_left == 3


def test_listeners_hear_every_action_undo_and_redo() -> None:
    game = new_game()
    heard = []
    game.add_listener(heard.append)
    game.enter_dice("12345")
    game.score("large_straight")
    game.undo()
    game.redo()
    assert [(type(c.action).__name__, c.undone, c.redone) for c in heard] == [
        ("EnterDice", False, False),
        ("Score", False, False),
        ("Score", True, False),
        ("Score", False, True),
    ]
    assert heard[1].turn_ended and heard[2].turn_ended and not heard[0].turn_ended


def test_same_seed_same_rolls() -> None:
    first, second = new_game(), new_game()
    for game in (first, second):
        game.roll()
        game.hold(0)
        game.roll()
    assert first.dice == second.dice


dice_strategy = st.tuples(*[st.integers(1, 6)] * 5)
variant_strategy = st.sampled_from(["yahtzee", "yams-ecart", "yams-chances", "yacht"])
joker_strategy = st.sampled_from(["forced", "hasbro", "free"])


@settings(max_examples=60, deadline=None)
@given(
    variant=variant_strategy,
    choices=st.lists(st.tuples(dice_strategy, st.integers(0, 99)), min_size=1, max_size=30),
)
def test_every_score_is_non_negative_and_undo_restores_each_state(variant, choices) -> None:
    game = new_game(variant, players=["Anna", "Ben"])
    for dice, pick in choices:
        if game.finished:
            break
        game.apply(EnterDice(dice))
        allowed = [s for s in game.box_states() if s.allowed]
        assert all((s.score or 0) >= 0 for s in game.box_states())
        before = game.state
        game.score(allowed[pick % len(allowed)].box.id)
        assert all(score >= 0 for sheet in game.state.sheets for score in sheet.scores.values())
        game.undo()
        assert game.state == before
        game.redo()


@settings(max_examples=200, deadline=None)
@given(
    joker=joker_strategy,
    face=st.integers(1, 6),
    filled=st.sets(st.sampled_from(UPPER + LOWER)),
)
def test_the_joker_never_opens_a_box_outside_its_policy(joker, face, filled) -> None:
    game = new_game(joker=joker)
    play(game, ((str(face) * 5), "yahtzee"))
    for box in sorted(filled):
        play(game, ("12356", box))
    if game.finished:
        return
    game.enter_dice(str(face) * 5)
    allowed = {s.box.id for s in game.box_states() if s.allowed}
    free = {b.id for b in game.rules.boxes if not game.current_sheet.is_filled(b.id)}
    face_box = UPPER[face - 1]
    free_lower = free - set(UPPER)
    kinds = free & {"three_of_a_kind", "four_of_a_kind"}
    if joker == "free":
        expected = free
    elif face_box in free:
        expected = {face_box}
    elif joker == "hasbro" and kinds:
        expected = kinds
    elif free_lower:
        expected = free_lower
    else:
        expected = free
    assert allowed == expected
    for box in free - allowed:
        with pytest.raises(IllegalMoveError):
            game.score(box)
