"""Fixing a past box: a corrected game is the game replayed with the right dice."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.records import dumps_record, loads_record
from missdice_desktop.rules import Game, IllegalActionError, RefusalCode, get_variant
from missdice_desktop.rules.corrections import CORRECTED_KEY, CorrectBox, corrected_boxes

dice_st = st.tuples(*[st.integers(1, 6)] * 5)


def play(variant: str, players: int, turns: list[tuple[tuple[int, ...], int]]) -> Game:
    """Enter each turn's dice and score the box picked (by index among those allowed)."""
    game = Game(get_variant(variant).configure(), [f"P{n}" for n in range(players)])
    for dice, pick in turns:
        if game.finished:
            break
        game.enter_dice("".join(map(str, dice)))
        allowed = game.current_sheet.allowed_boxes(game.dice)
        game.score(allowed[pick % len(allowed)])
    return game


def replay(game: Game, turn: int, dice: tuple[int, ...]) -> Game | int:
    """The game played again with `dice` in `turn` and the same boxes; or the 1-based turn
    that cannot be played so."""
    again = Game(game.rules, game.players)
    for index, scored in enumerate(game.state.scored_turns):
        again.enter_dice("".join(map(str, dice if index == turn else scored.dice)))
        try:
            again.score(scored.box)
        except IllegalActionError:
            return index + 1
    return again


@settings(max_examples=150, deadline=None)
@given(
    variant=st.sampled_from(["yahtzee", "yacht", "yams-ecart", "yams-chances"]),
    players=st.integers(1, 3),
    turns=st.lists(st.tuples(dice_st, st.integers(0, 20)), min_size=1, max_size=30),
    pick=st.integers(0, 1000),
    dice=dice_st,
)
def test_a_corrected_game_equals_the_game_replayed_with_the_right_dice(
    variant: str, players: int, turns: list[tuple[tuple[int, ...], int]], pick: int, dice
) -> None:
    game = play(variant, players, turns)
    turn = pick % len(game.state.scored_turns)
    if tuple(game.state.scored_turns[turn].dice) == dice:
        return
    expected = replay(game, turn, dice)
    before = game.state
    if isinstance(expected, int):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(CorrectBox(turn, dice))
        assert refused.value.refusal.code is RefusalCode.CORRECTION_BREAKS_TURN
        assert refused.value.refusal.value == expected
        assert game.state is before  # nothing changed
        return
    game.apply(CorrectBox(turn, dice))
    for mine, theirs in zip(game.state.sheets, expected.state.sheets, strict=True):
        assert mine.scores == theirs.scores
        assert mine.total == theirs.total
        assert mine.upper_bonus == theirs.upper_bonus
    assert game.rules.totals(game.state) == expected.rules.totals(expected.state)
    assert [(t.box, t.score, t.yahtzee_bonus) for t in game.state.scored_turns] == [
        (t.box, t.score, t.yahtzee_bonus) for t in expected.state.scored_turns
    ]
    assert corrected_boxes(game.state) == {
        (before.scored_turns[turn].player, game.state.scored_turns[turn].box)
    }
    # undo takes the correction back whole
    game.undo()
    assert game.state is before
    game.redo()
    # the record keeps it, as a correction, and reads back to the same game
    again = loads_record(dumps_record(game))
    assert isinstance(again, Game)
    assert [s.scores for s in again.state.sheets] == [s.scores for s in game.state.sheets]
    assert again.state.scored_turns[turn].extra[CORRECTED_KEY]["dice"] == list(
        before.scored_turns[turn].dice
    )
    assert corrected_boxes(again.state) == corrected_boxes(game.state)


def test_a_correction_that_makes_a_later_joker_illegal_is_refused_naming_the_turn() -> None:
    game = Game(get_variant("yahtzee").configure({"joker": "forced"}), ["Anna"])
    game.enter_dice("66666")
    game.score("yahtzee")
    game.enter_dice("44444")  # a joker: Fours is free, so it must go there
    game.score("fours")
    game.enter_dice("12345")
    game.score("chance")
    # Correcting turn 2 to 5s would have forced Fives, not Fours: refused at turn 2.
    with pytest.raises(IllegalActionError) as refused:
        game.apply(CorrectBox(1, (5, 5, 5, 5, 5)))
    assert refused.value.refusal.value == 2
    assert "Fives" in str(refused.value)
    # The Yahtzee itself corrected to a non-Yahtzee: the later joker rules fall away.
    game.apply(CorrectBox(0, (6, 6, 6, 6, 1)))
    assert game.state.sheets[0].scores["yahtzee"] == 0
    assert game.state.sheets[0].scores["fours"] == 20


def test_a_correction_after_the_end_and_of_an_unplayed_turn() -> None:
    game = play("yacht", 1, [((6, 6, 6, 6, 6), 0)] * 12)
    assert game.finished
    with pytest.raises(IllegalActionError) as refused:
        game.apply(CorrectBox(12, (1, 1, 1, 1, 1)))
    assert refused.value.refusal.code is RefusalCode.NO_SUCH_TURN
    with pytest.raises(IllegalActionError) as same:
        game.apply(CorrectBox(0, tuple(game.state.scored_turns[0].dice)))
    assert same.value.refusal.code is RefusalCode.NOT_ALLOWED
    box = game.state.scored_turns[0].box
    game.apply(CorrectBox(0, (1, 2, 3, 4, 6)))
    assert game.finished and corrected_boxes(game.state) == {(0, box)}
