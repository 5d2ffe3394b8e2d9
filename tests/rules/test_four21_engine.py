"""The 421 as a game of the engine: what the shell asks of it, answered by the 421's rules."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.rules import DiceGame, EnterDice, Hold, RefusalCode, Roll
from missdice_desktop.rules.four21 import Four21Rules, Stop

CHARGE_OF_11 = [(4, 2, 1), (6, 5, 3), (1, 1, 1), (2, 2, 1)]
"""Two charge rounds that empty a pot of 11: Ben takes 10, then Anna the last token."""


def decharge_game() -> DiceGame[Four21Rules]:
    game = DiceGame(Four21Rules(pot=11), ["Anna", "Ben"])
    for dice in CHARGE_OF_11:
        game.apply(Roll(dice))
    return game


def test_dice_from_the_table_may_follow_held_dice_as_a_throw_does() -> None:
    game = decharge_game()
    game.apply(Roll((6, 5, 3)))
    game.apply(Hold(0, True))
    assert EnterDice() in game.legal_actions()
    assert game.why_not(EnterDice()) is None  # any dice: the held 6 is read again
    assert game.is_legal(Roll())
    refusal = game.why_not(EnterDice((5, 5, 3)))
    assert refusal is not None and refusal.code is RefusalCode.HELD_DIE_CHANGED
    game.enter_dice("631")
    assert game.state.turn.throws == ((6, 5, 3), (6, 3, 1))


def test_refusals_carry_the_engines_codes() -> None:
    game = DiceGame(Four21Rules(), ["Anna", "Ben"])
    for action, code in [
        (Stop(), RefusalCode.ONE_THROW),
        (Hold(0, True), RefusalCode.ONE_THROW),
        (Roll((1, 2, 7)), RefusalCode.BAD_DICE),
    ]:
        refusal = game.why_not(action)
        assert refusal is not None and refusal.code is code
    game = decharge_game()
    refusal = game.why_not(Stop())
    assert refusal is not None and refusal.code is RefusalCode.NO_DICE_YET


def test_details_for_replay() -> None:
    game = decharge_game()
    assert game.rules.details(game.state, game.players) == {
        "phase": "decharge",
        "pot": 0,
        "out": [],
        "last_round": {"worst": "Anna", "best": "Ben", "hand": "1-1-1", "tokens": 1, "from": "pot"},
    }


CANDIDATES = [
    Roll(),
    EnterDice(),
    Stop(),
    *(Hold(index, held) for index in range(3) for held in (True, False)),
]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**32))
def test_legal_actions_and_why_not_agree_all_game_long(players: int, seed: int) -> None:
    """What legal_actions() lists is allowed, and the usual actions it leaves out are refused."""
    chance = random.Random(seed)
    game = DiceGame(Four21Rules(pot=11), [f"P{n}" for n in range(players)], seed=seed)
    for _ in range(3000):
        legal = game.legal_actions()
        for action in CANDIDATES:
            listed = action in legal or (
                isinstance(action, Hold) and Hold(action.index, not action.held) in legal
            )
            assert (game.why_not(action) is None) == listed, (action, game.state.turn)
        if game.finished:
            break
        action = chance.choice(legal)
        if action == EnterDice():  # dice from the table: the held ones read again
            old = game.dice or (1, 1, 1)
            pairs = zip(old, game.held, strict=True)
            action = EnterDice(tuple(die if hold else chance.randint(1, 6) for die, hold in pairs))
        game.apply(action)
    assert game.finished
