"""The 421's coach against a brute force over every hand, hand to beat and rethrow."""

from __future__ import annotations

import random

import pytest

from missdice_desktop.coach.four21 import (
    Four21Move,
    chance_to_beat,
    costliest,
    decide_four21,
    first_player_chance,
    four21_move,
    fresh_chance_to_beat,
    hand_to_beat,
    held_positions,
    rethrow_choices,
    review_four21,
)
from missdice_desktop.rules.engine import DiceGame, Hold, Roll
from missdice_desktop.rules.four21 import ALL_HANDS, Four21Rules, Four21State, Phase, Stop
from tests.coach import four21_brute_force as brute


@pytest.mark.parametrize("left", [0, 1, 2])
def test_chance_to_beat_matches_the_brute_force_for_every_hand(left: int) -> None:
    for hand in ALL_HANDS:
        for to_beat in ALL_HANDS:
            assert chance_to_beat(hand, left, to_beat) == pytest.approx(
                brute.beat(hand, left, to_beat), abs=1e-12
            )


def test_every_rethrow_is_worth_what_the_brute_force_says() -> None:
    rng = random.Random(421)
    for hand in ALL_HANDS:
        to_beat = rng.choice(ALL_HANDS)
        left = rng.choice([1, 2])
        choices = rethrow_choices(hand, left, to_beat)
        by_keep = {choice.keep: choice.chance for choice in choices}
        for positions, throws in brute.rethrows(hand):
            keep = tuple(sorted((hand[p] for p in range(3) if p not in positions), reverse=True))
            chance = sum(brute.beat(d, left - 1, to_beat) for d in throws) / len(throws)
            assert by_keep[keep] == pytest.approx(chance, abs=1e-12)
        assert choices[0].chance == pytest.approx(brute.beat(hand, left, to_beat), abs=1e-12)


def test_a_fresh_turn_matches_the_brute_force() -> None:
    for throws in (1, 2, 3):
        for to_beat in ALL_HANDS[::7]:
            assert fresh_chance_to_beat(throws, to_beat) == pytest.approx(
                brute.fresh(throws, to_beat), abs=1e-12
            )


def test_the_first_player_matches_the_brute_force() -> None:
    for hand in ALL_HANDS:
        for taken in (1, 2):
            best = rethrow_choices(hand, 3 - taken, None)[0]
            assert best.chance == pytest.approx(brute.first(hand, taken), abs=1e-12)
    assert first_player_chance(1) == pytest.approx(
        sum(
            brute.first((a, b, c), 1) for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)
        )
        / 216,
        abs=1e-12,
    )


def test_examples() -> None:
    # 4-2-6 with one throw left against 6-6-5: keep 4-2 and hope for a 1 or a 3.
    best = rethrow_choices((4, 2, 6), 1, (6, 6, 5))[0]
    assert best.keep == (4, 2) and best.chance == pytest.approx(2 / 6)
    # The first player stops on 6-4-2 after one throw: the other then has a single throw.
    first = rethrow_choices((6, 4, 2), 2, None)[0]
    assert first.stop and first.chance == pytest.approx(13 / 24)
    # Dice in any order: 1-1-5 against 1-1-6 keeps the aces: a 1 wins, a 6 ties.
    aces = rethrow_choices((1, 5, 1), 1, (1, 1, 6))[0]
    assert aces.keep == (1, 1) and aces.chance == pytest.approx(1 / 6 + 1 / 2 * 1 / 6)
    # With nothing to beat but nénette a 6-5-3 stops.
    assert rethrow_choices((6, 5, 3), 2, (2, 2, 1))[0].stop
    # More opponents: the first player is less often the worst.
    assert first_player_chance(1) < first_player_chance(2) < first_player_chance(7)


def test_the_computer_player_holds_the_dice_it_keeps() -> None:
    assert held_positions((2, 6, 6), (6,)) == (False, True, False)
    assert decide_four21(None, 3, None) == Four21Move(stop=False)
    move = decide_four21((2, 4, 6), 1, (6, 6, 5))
    assert not move.stop and move.hold == (True, True, False)
    assert decide_four21((4, 2, 1), 2, (6, 6, 5)).stop
    assert hand_to_beat([(0, (6, 5, 3)), (1, (2, 2, 1)), (2, (4, 2, 1))]) == (2, 2, 1)
    assert hand_to_beat([]) is None


def _play(seed: int, players: int = 3) -> Four21State:
    """A whole game played by the expert through the engine's door, the game drawing the dice."""
    game = DiceGame(Four21Rules(pot=11), [f"P{n}" for n in range(players)], seed=seed)
    while not game.finished:
        state = game.state
        move = four21_move(state)
        if state.turn.dice is not None and move.stop:
            game.apply(Stop())
            continue
        if state.turn.dice is not None:
            for index, held in enumerate(move.hold):
                if held != state.turn.held[index]:
                    game.apply(Hold(index, held))
        game.apply(Roll())
    return game.state


def test_the_expert_plays_whole_games_and_its_review_finds_nothing_to_fault() -> None:
    for seed in range(3):
        state = _play(seed)
        decisions = review_four21(state.turns, state.payments, len(state.order), state.hands)
        assert decisions, "a décharge has choices"
        assert costliest(decisions) == []
        assert any(p.phase is Phase.DECHARGE for p in state.payments)


def test_the_review_marks_a_costly_stop_and_a_costly_rethrow() -> None:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    # La charge: Anna's nénette takes 10 tokens for 4-2-1, then Ben's the pot's last.
    for dice in [(2, 2, 1), (4, 2, 1), (1, 1, 1), (2, 2, 1)]:
        game.apply(Roll(dice))
    assert game.state.phase is Phase.DECHARGE
    first = game.state.turn.player
    # The first player throws 6-4-2, worth stopping on, but throws the lot again: 5-3-3, stop.
    for action in (Roll((6, 4, 2)), Roll((5, 3, 3)), Stop()):
        game.apply(action)
    # The other (two throws) beats it at once with 6-5-3, yet throws the lot again: 1-2-1.
    game.apply(Roll((6, 5, 3)))
    game.apply(Roll((1, 2, 1)))
    state = game.state
    decisions = review_four21(state.turns, state.payments, len(state.order), state.hands)
    mine = [d for d in decisions if d.player == first]
    assert [(d.throw, d.chosen.keep, d.to_beat) for d in mine] == [
        (1, (), None),
        (2, (5, 3, 3), None),
    ]
    assert mine[0].best.stop and mine[0].cost > 0.05
    theirs = [d for d in decisions if d.player != first]
    assert [(d.throw, d.to_beat, d.chosen.keep) for d in theirs] == [(1, (5, 3, 3), ())]
    assert theirs[0].best.stop and theirs[0].cost == pytest.approx(
        1 - fresh_chance_to_beat(1, (5, 3, 3))
    )
    assert costliest(decisions, 1) == [max(decisions, key=lambda d: d.cost)]
