"""Cochon: rolls add up, a 1 loses the turn, holding banks it, the target wins at once."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.rules import (
    Bank,
    DiceGame,
    EnterDice,
    IllegalActionError,
    PigRules,
    RefusalCode,
    Roll,
)


def pig(*players: str, target: int = 100) -> DiceGame[PigRules]:
    return DiceGame(PigRules(target=target), list(players) or ["Anna", "Ben"], seed=5)


def roll(game: DiceGame[PigRules], *faces: int) -> None:
    for face in faces:
        game.apply(Roll((face,)))


def test_rolls_add_up_and_holding_banks_them() -> None:
    game = pig()
    roll(game, 4, 6, 3)
    assert game.state.turn.total == 13
    game.apply(Bank())
    assert game.state.banked == (13, 0)
    assert game.current_player == 1


def test_a_one_loses_the_turn_total_and_passes_the_turn() -> None:
    game = pig()
    roll(game, 5, 6, 1)
    assert game.state.banked == (0, 0)
    assert game.current_player == 1
    assert game.state.last_roll == 1


def test_the_first_to_reach_the_target_wins_at_once() -> None:
    game = pig("Anna", "Ben", "Chloé", target=20)
    roll(game, 6, 6, 6, 2)
    game.apply(Bank())
    assert game.finished
    assert game.winners() == ("Anna",)
    assert game.legal_actions() == ()
    assert game.why_not(Roll()).code is RefusalCode.GAME_OVER


def test_holding_needs_a_roll_first() -> None:
    game = pig()
    assert Bank() not in game.legal_actions()
    assert game.why_not(Bank()).code is RefusalCode.NOTHING_TO_BANK
    roll(game, 3)
    assert Bank() in game.legal_actions()


def test_a_die_from_the_table_counts_as_a_roll() -> None:
    game = pig()
    game.apply(EnterDice((5,)))
    game.enter_dice("4")
    assert game.state.turn.rolls == (5, 4)
    with pytest.raises(IllegalActionError, match="one value"):
        game.enter_dice("45")
    with pytest.raises(IllegalActionError, match="from 1 to 6"):
        game.apply(Roll((7,)))


def test_undo_takes_back_a_lost_turn() -> None:
    game = pig()
    roll(game, 5, 1)
    game.undo()
    assert game.current_player == 0
    assert game.state.turn.rolls == (5,)


@pytest.mark.parametrize("target", [0, 9, 1001, "100", 50.0, True])
def test_the_target_must_be_a_whole_number_in_range(target: object) -> None:
    with pytest.raises(IllegalActionError, match="target"):
        PigRules(target=target)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), max_size=200), st.lists(st.booleans(), max_size=200))
def test_banked_totals_are_the_sums_of_held_turns(faces: list[int], holds: list[bool]) -> None:
    game = pig("Anna", "Ben", target=60)
    for face, hold in zip(faces, holds + [False] * len(faces), strict=False):
        if game.finished:
            break
        if game.why_not(Roll()) is not None:  # the turn reaches the target: hold to win
            game.apply(Bank())
            break
        roll(game, face)
        if hold and Bank() in game.legal_actions():
            game.apply(Bank())
    held = [0, 0]
    for turn in game.state.turns:
        if turn.held:
            held[turn.player] += sum(turn.rolls)
    assert game.state.banked == tuple(held)
    assert game.finished == any(total >= 60 for total in held)


def test_a_turn_that_reaches_the_target_ends_by_holding() -> None:
    game = pig(target=20)
    roll(game, 6, 6, 6, 2)
    assert game.legal_actions() == (Bank(),)
    refusal = game.why_not(Roll())
    assert refusal is not None and "hold to win" in refusal.message
    with pytest.raises(IllegalActionError, match="reaches the target"):
        roll(game, 3)
    game.apply(Bank())
    assert game.finished and game.winners() == ("Anna",)


def test_the_target_counts_what_is_banked() -> None:
    game = pig(target=20)
    roll(game, 6, 6, 6)
    game.apply(Bank())
    roll(game, 3, 1, 2)  # Ben's 3 lost, then Anna's 2
    assert game.why_not(Roll()) is not None and game.legal_actions() == (Bank(),)


def test_a_game_stops_at_its_most_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    from missdice_desktop.rules import pig as module

    monkeypatch.setattr(module, "MAX_TURNS", 4)
    game = pig()
    roll(game, 1, 1, 1, 1)
    assert game.legal_actions() == ()
    with pytest.raises(IllegalActionError, match="at most 4 turns"):
        roll(game, 3)


def test_undo_memory_grows_with_the_game_not_its_square() -> None:
    import tracemalloc

    def size(turns: int) -> int:
        tracemalloc.start()
        game = pig()
        for _ in range(turns):
            game.apply(Roll((1,), drawn=True))
        used = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert len(game.state.turns) == turns
        return used

    small, large = size(1_500), size(6_000)
    assert large < 5 * small  # a tuple per state: 16 times as much
