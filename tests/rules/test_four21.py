"""The 421: the order of its 56 hands and their worths, and every rule of its rounds."""

import random
from dataclasses import replace
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from missdice_desktop.rules import EnterDice, Hold, IllegalActionError, RefusalCode, Roll
from missdice_desktop.rules.four21 import (
    ALL_HANDS,
    Four21Rules,
    Four21State,
    HandKind,
    Phase,
    Stop,
    hand_kind,
    hand_of,
    hand_rank,
    hand_worth,
    play_turn,
)

# Hands ------------------------------------------------------------------------------------------

BEST_FIRST = [
    ("421", 10),
    ("111", 7),
    ("611", 6),
    ("666", 6),
    ("511", 5),
    ("555", 5),
    ("411", 4),
    ("444", 4),
    ("311", 3),
    ("333", 3),
    ("211", 2),
    ("222", 2),
    ("654", 2),
    ("543", 2),
    ("432", 2),
    ("321", 2),
    ("665", 1),
    ("664", 1),
]
"""The top of the order as the issue gives it, then the first of the hands worth 1."""


def hand(text: str) -> tuple[int, int, int]:
    """A hand from its digits, e.g. "421"."""
    return hand_of([int(ch) for ch in text])


def test_there_are_56_hands_each_once() -> None:
    assert len(ALL_HANDS) == 56
    assert len(set(ALL_HANDS)) == 56
    assert set(ALL_HANDS) == {hand_of(dice) for dice in product(range(1, 7), repeat=3)}


def test_the_order_starts_as_the_rules_say_and_nenette_is_last() -> None:
    assert [hand_worth(h) for h in ALL_HANDS[: len(BEST_FIRST)]] == [w for _, w in BEST_FIRST]
    assert list(ALL_HANDS[: len(BEST_FIRST)]) == [hand(text) for text, _ in BEST_FIRST]
    assert ALL_HANDS[-1] == (2, 2, 1)
    assert hand_kind((2, 2, 1)) is HandKind.NENETTE
    assert [hand_rank(h) for h in ALL_HANDS] == list(range(56, 0, -1))


@pytest.mark.parametrize(
    ("text", "kind", "worth"),
    [
        ("421", HandKind.FOUR21, 10),
        ("124", HandKind.FOUR21, 10),
        ("111", HandKind.THREE_ACES, 7),
        ("161", HandKind.ACES_PAIR, 6),
        ("112", HandKind.ACES_PAIR, 2),
        ("666", HandKind.THREE_OF_A_KIND, 6),
        ("222", HandKind.THREE_OF_A_KIND, 2),
        ("456", HandKind.STRAIGHT, 2),
        ("213", HandKind.STRAIGHT, 2),
        ("221", HandKind.NENETTE, 1),
        ("122", HandKind.NENETTE, 1),
        ("665", HandKind.OTHER, 1),
        ("331", HandKind.OTHER, 1),
        ("641", HandKind.OTHER, 1),
        ("431", HandKind.OTHER, 1),
    ],
)
def test_kinds_and_worths(text: str, kind: HandKind, worth: int) -> None:
    assert hand_kind(hand(text)) is kind
    assert hand_worth(hand(text)) == worth


@pytest.mark.parametrize("four21", [8, 10, 11])
def test_the_worth_of_421_is_an_option(four21: int) -> None:
    assert hand_worth((4, 2, 1), four21) == four21
    assert Four21Rules(four21=four21).worth((4, 2, 1)) == four21
    assert Four21Rules(four21=four21).worth((1, 1, 1)) == 7


@pytest.mark.parametrize("x", range(2, 7))
def test_a_pair_of_aces_with_x_beats_x_x_x_which_beats_the_next_pair(x: int) -> None:
    assert hand_rank((x, 1, 1)) == hand_rank((x, x, x)) + 1
    if x > 2:
        assert hand_rank((x, x, x)) == hand_rank((x - 1, 1, 1)) + 1


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("665", "664"),
        ("655", "653"),
        ("651", "644"),
        ("332", "331"),
        ("331", "221"),
        ("411", "444"),
    ],
)
def test_pairs_of_hands(better: str, worse: str) -> None:
    assert hand_rank(hand(better)) > hand_rank(hand(worse))


dice = st.tuples(*[st.integers(1, 6)] * 3)


@given(dice, dice)
def test_the_order_is_total_and_follows_the_worths(a: tuple[int, ...], b: tuple[int, ...]) -> None:
    first, second = hand_of(a), hand_of(b)
    assert (hand_rank(first) == hand_rank(second)) == (first == second)
    if hand_rank(first) > hand_rank(second):
        for four21 in (8, 10, 11):
            assert hand_worth(first, four21) >= hand_worth(second, four21)


@given(dice)
def test_a_hand_does_not_depend_on_the_order_of_the_dice(values: tuple[int, ...]) -> None:
    hands = {hand_of(order) for order in permutations(values)}
    assert len(hands) == 1
    (only,) = hands
    assert list(only) == sorted(values, reverse=True)


@given(dice)
def test_hands_worth_1_are_ranked_by_their_dice_read_high_to_low(values: tuple[int, ...]) -> None:
    mine = hand_of(values)
    if hand_kind(mine) is not HandKind.OTHER:
        return
    for other in ALL_HANDS:
        if hand_kind(other) is HandKind.OTHER:
            assert (hand_rank(mine) > hand_rank(other)) == (mine > other)
        elif hand_kind(other) is HandKind.NENETTE:
            assert hand_rank(mine) > hand_rank(other)
        else:
            assert hand_rank(mine) < hand_rank(other)


# Rounds ------------------------------------------------------------------------------------------


def start(players: int = 2, **options: int) -> tuple[Four21Rules, Four21State]:
    rules = Four21Rules.configure(options)
    return rules, rules.initial_state(players)


def turns(rules: Four21Rules, state: Four21State, *played: str) -> Four21State:
    """Play whole turns: "421" is one throw, "653 421" two throws (then a stop if short)."""
    for text in played:
        throws = [[int(ch) for ch in word] for word in text.split()]
        state = play_turn(rules, state, state.current_player, throws)
    return state


def decharge(rules: Four21Rules, tokens: tuple[int, ...], first: int) -> Four21State:
    """A décharge round about to start with player `first`, the pot empty."""
    count = len(tokens)
    out = tuple(held == 0 for held in tokens)
    order = tuple(p for p in ((first + s) % count for s in range(count)) if not out[p])
    state = rules.initial_state(count)
    return replace(
        state,
        tokens=tokens,
        pot=0,
        phase=Phase.DECHARGE,
        out=out,
        order=order,
        turn=replace(state.turn, player=first, limit=3),
    )


def test_a_charge_round_the_worst_takes_what_the_best_is_worth_from_the_pot() -> None:
    rules, state = start(3)
    state = turns(rules, state, "421", "653", "665")
    assert state.tokens == (0, 10, 0)
    assert state.pot == 11
    payment = state.payments[-1]
    assert payment.ranking == ((0, (4, 2, 1)), (2, (6, 6, 5)), (1, (6, 5, 3)))
    assert (payment.worst, payment.best, payment.tokens, payment.payer) == (1, 0, 10, None)
    assert state.order == (1, 2, 0)  # the receiver starts the next round
    assert state.current_player == 1


def test_in_the_charge_each_player_throws_once() -> None:
    rules, state = start(2)
    state = rules.next_state(state, Roll((6, 5, 3)))
    assert state.current_player == 1
    assert state.turns[-1].throws == ((6, 5, 3),)
    with pytest.raises(IllegalActionError, match="allows 1"):
        play_turn(rules, state, 1, [[6, 5, 3], [4, 2, 1]])


def test_the_pot_gives_what_it_has_left_and_whoever_holds_it_all_loses_at_once() -> None:
    rules, state = start(2, pot=11)
    state = turns(rules, state, "421", "221")  # Ben takes 10, 1 left
    state = turns(rules, state, "653", "421")  # Ben again: the pot gives its last token
    assert state.payments[-1].tokens == 1
    assert (state.tokens, state.pot) == ((0, 11), 0)
    assert state.finished and state.loser == 1 and state.phase is Phase.OVER
    assert rules.legal_actions(state) == ()
    with pytest.raises(IllegalActionError, match="the game is over"):
        rules.next_state(state, Roll((1, 2, 3)))


def test_players_without_a_token_when_the_charge_ends_are_out_at_once() -> None:
    rules, state = start(3, pot=11)
    state = turns(rules, state, "421", "653", "221")  # Chloé takes 10, 1 left
    state = turns(rules, state, "111", "665", "664")  # Ben takes the last token
    assert state.tokens == (0, 1, 10)
    assert state.phase is Phase.DECHARGE
    assert state.out == (True, False, False)
    assert state.order == (1, 2)  # Ben received, Anna is out
    assert state.turn.limit == 3


def test_in_the_decharge_the_others_throw_no_more_times_than_the_first() -> None:
    rules = Four21Rules()
    state = decharge(rules, (0, 5, 6, 10), first=1)
    assert rules.legal_actions(state) == (Roll(), EnterDice())
    state = rules.next_state(state, Roll((6, 5, 3)))
    assert rules.legal_actions(state) == (
        Roll(),
        EnterDice(),
        Hold(0, True),
        Hold(1, True),
        Hold(2, True),
        Stop(),
    )
    state = rules.next_state(state, Hold(0, True))
    with pytest.raises(IllegalActionError, match="held die") as refused:
        rules.next_state(state, Roll((5, 5, 5)))
    assert refused.value.code is RefusalCode.HELD_DIE_CHANGED
    state = rules.next_state(state, Roll((6, 1, 1)))
    state = rules.next_state(state, Stop())
    assert state.current_player == 2
    assert state.turn.limit == 2
    with pytest.raises(IllegalActionError, match="3 throws: this turn allows 2"):
        play_turn(rules, state, 2, [[1, 2, 3], [1, 2, 3], [1, 2, 3]])
    state = turns(rules, state, "653 654")  # two throws end the turn by themselves
    assert state.current_player == 3
    state = turns(rules, state, "221")
    payment = state.payments[-1]
    assert (payment.worst, payment.best, payment.payer, payment.tokens) == (
        3,
        1,
        1,
        5,
    )  # Ben gives all he holds
    assert state.tokens == (0, 0, 6, 15)
    assert state.out == (True, True, False, False)
    assert state.order == (3, 2)


def test_a_player_who_must_give_more_than_they_hold_gives_all_and_the_last_holder_loses() -> None:
    rules = Four21Rules()
    state = decharge(rules, (2, 19), first=0)
    state = turns(rules, state, "421", "653")
    assert state.payments[-1].tokens == 2
    assert state.tokens == (0, 21)
    assert state.finished and state.loser == 1


def test_a_tie_for_the_worst_is_thrown_again_until_one_is_worst() -> None:
    rules, state = start(3)
    state = turns(rules, state, "632", "531", "531")
    assert state.tied == (1, 2)
    assert state.turn.tie_break and state.current_player == 1
    assert rules.legal_actions(state) == (Roll(), EnterDice())
    state = turns(rules, state, "332", "332")  # tied again
    assert state.tied == (1, 2) and not state.payments
    state = turns(rules, state, "421", "221")
    payment = state.payments[-1]
    assert payment.worst == 2
    # The best is the best of the others' hands of the round: Anna's 6-3-2, not Ben's re-throw.
    assert (payment.best, payment.best_hand, payment.tokens) == (0, (6, 3, 2), 1)
    assert len(payment.tie_breaks) == 2
    assert state.tokens == (0, 0, 1)
    assert state.order == (2, 0, 1)


def test_a_tie_among_three_narrows_to_the_tied_worst() -> None:
    rules, state = start(4)
    state = turns(rules, state, "421", "221", "221", "221")
    assert state.tied == (1, 2, 3)
    state = turns(rules, state, "654", "431", "431")
    assert state.tied == (2, 3)
    state = turns(rules, state, "111", "432")
    assert state.payments[-1].worst == 3
    assert state.tokens == (0, 0, 0, 10)


def test_the_first_thrown_wins_a_tie_for_the_best_and_pays() -> None:
    rules = Four21Rules()
    state = decharge(rules, (4, 7, 10), first=1)
    state = turns(rules, state, "611", "221", "116")  # Ben and Anna both 1-1-6; Ben threw first
    payment = state.payments[-1]
    assert (payment.worst, payment.best, payment.payer, payment.tokens) == (2, 1, 1, 6)
    assert state.tokens == (4, 1, 16)


def test_receiver_starts_and_players_out_are_skipped() -> None:
    rules = Four21Rules()
    state = decharge(rules, (3, 0, 8, 10), first=3)
    assert state.order == (3, 0, 2)
    state = turns(rules, state, "421", "653", "654")
    assert state.payments[-1].worst == 0
    assert state.tokens == (13, 0, 8, 0)
    assert state.order == (0, 2)
    assert state.current_player == 0


@pytest.mark.parametrize(
    ("refused", "code"),
    [
        (Hold(0, True), RefusalCode.ONE_THROW),
        (Stop(), RefusalCode.ONE_THROW),
        (Roll((1, 2, 7)), RefusalCode.BAD_DICE),
        (Roll((1, 2)), RefusalCode.BAD_DICE),
    ],
)
def test_refusals_in_the_charge(refused: object, code: RefusalCode) -> None:
    rules, state = start(2)
    with pytest.raises(IllegalActionError) as error:
        rules.next_state(state, refused)  # type: ignore[arg-type]
    assert error.value.code is code
    assert rules.why_not(state, refused) == error.value.refusal  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("actions", "refused", "code"),
    [
        ([], Hold(0, True), RefusalCode.NO_DICE_YET),
        ([], Stop(), RefusalCode.NO_DICE_YET),
        ([Roll((1, 2, 3))], Hold(3, True), RefusalCode.NO_SUCH_DIE),
        (
            [Roll((1, 2, 3))] + [Hold(i, True) for i in range(3)],
            Roll((1, 2, 3)),
            RefusalCode.ALL_HELD,
        ),
        ([Roll((1, 2, 3)), Hold(2, True)], Roll((1, 2, 4)), RefusalCode.HELD_DIE_CHANGED),
    ],
)
def test_refusals_in_the_decharge(
    actions: list[object], refused: object, code: RefusalCode
) -> None:
    rules = Four21Rules()
    state = decharge(rules, (10, 11), first=0)
    for action in actions:
        state = rules.next_state(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as error:
        rules.next_state(state, refused)  # type: ignore[arg-type]
    assert error.value.code is code
    assert str(error.value) == error.value.refusal.message


def test_a_released_die_may_change_again() -> None:
    rules = Four21Rules()
    state = decharge(rules, (10, 11), first=0)
    for action in [Roll((1, 2, 3)), Hold(2, True), Hold(2, False), Roll((4, 5, 6))]:
        state = rules.next_state(state, action)
    assert state.turn.dice == (4, 5, 6)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"pot": 15}, "11 or 21"),
        ({"421": 9}, "8, 10 or 11"),
        ({"pot": "21"}, "whole numbers"),
        ({"jokers": 1}, "unknown 421 option 'jokers'"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(IllegalActionError, match=message):
        Four21Rules.configure(options)


@pytest.mark.parametrize("count", [0, 1, 9])
def test_two_to_eight_players(count: int) -> None:
    with pytest.raises(IllegalActionError, match="2 to 8 players"):
        Four21Rules().initial_state(count)


def test_turns_out_of_order_are_refused() -> None:
    rules, state = start(2)
    with pytest.raises(IllegalActionError, match="out of order"):
        play_turn(rules, state, 1, [[4, 2, 1]])


def virtual_throw(state: Four21State, chance: random.Random) -> Roll:
    """Random dice for the dice not held."""
    old = state.turn.dice or (1, 1, 1)
    pairs = zip(old, state.turn.held, strict=True)
    return Roll(tuple(die if held else chance.randint(1, 6) for die, held in pairs))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 8),
    st.sampled_from([11, 21]),
    st.sampled_from([8, 10, 11]),
    st.integers(0, 2**32),
)
def test_whole_random_games_keep_every_token_and_end_with_one_loser(
    players: int, pot: int, four21: int, seed: int
) -> None:
    rules = Four21Rules(pot=pot, four21=four21)
    chance = random.Random(seed)
    state = rules.initial_state(players)
    for _ in range(5000):
        if state.finished:
            break
        legal = rules.legal_actions(state)
        if Stop() in legal and chance.random() < 0.3:
            state = rules.next_state(state, Stop())
            continue
        for index in [action.index for action in legal if isinstance(action, Hold)]:
            state = rules.next_state(state, Hold(index, chance.random() < 0.3))
        if all(state.turn.held):
            state = rules.next_state(state, Hold(0, False))
        state = rules.next_state(state, virtual_throw(state, chance))
        assert sum(state.tokens) + state.pot == pot
        if state.phase is Phase.DECHARGE:
            assert all(
                (held == 0) == out for held, out in zip(state.tokens, state.out, strict=True)
            )
            assert state.current_player in state.in_play
    assert state.finished
    assert state.loser is not None
    assert state.tokens[state.loser] == pot
    replayed = rules.initial_state(players)
    for turn in state.turns:
        replayed = play_turn(rules, replayed, turn.player, turn.throws)
    assert replayed == state


def test_the_engine_shell_undoes_and_redoes_one_throw_at_a_time() -> None:
    from missdice_desktop.rules import DiceGame

    game = DiceGame(Four21Rules(), ["Anna", "Ben"], seed=3)
    start_state = game.state
    game.throw("421")  # throws read from the table: each undoes
    game.throw("653")
    assert game.state.payments  # one round played
    after_round = game.state
    game.undo()
    assert game.current_player == 1 and not game.state.payments
    game.redo()
    assert game.state == after_round
    game.undo()
    game.undo()
    assert game.state == start_state and not game.can_undo
    game.roll()  # a virtual throw, once seen, stays
    assert not game.can_undo


WHOLE_GAMES = [
    pytest.param(
        {"pot": 11, "421": 10},
        2,
        ["421", "653", "111", "221", "653 655", "221 421"],
        [10, 1, 10],
        (11, 0),
        0,
        id="two players: Anna takes the last token of the pot, then all of Ben's",
    ),
    pytest.param(
        {"pot": 11, "421": 8},
        3,
        [
            # La charge: Ben takes 8 (4-2-1 worth 8), Anna the last 3; Chloé, with none, is out.
            *("421", "665", "654", "111", "332", "331"),
            # La décharge: Anna throws 3 times, Ben's 1-1-2 pays her 2.
            *("652 655 654", "112"),
            # Both nénette in one throw each: the tie-break makes Anna worst, Ben's nénette pays 1.
            *("221", "221", "331", "332"),
            # Anna's 4-2-1 must pay 8 but Anna holds 6: she gives them all and is out; Ben loses.
            *("421", "666"),
        ],
        [8, 3, 2, 1, 6],
        (0, 11, 0),
        1,
        id="three players: a short pot, a tie-break, a payer short of tokens",
    ),
]


@pytest.mark.parametrize(("options", "players", "played", "moved", "tokens", "loser"), WHOLE_GAMES)
def test_whole_games(
    options: dict[str, int],
    players: int,
    played: list[str],
    moved: list[int],
    tokens: tuple[int, ...],
    loser: int,
) -> None:
    rules, state = start(players, **options)
    state = turns(rules, state, *played)
    assert [payment.tokens for payment in state.payments] == moved
    assert state.tokens == tokens
    assert state.finished and state.loser == loser
    assert len(state.turns) == len(played)


def test_a_round_has_at_most_its_tie_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    from missdice_desktop.rules import four21

    monkeypatch.setattr(four21, "MAX_TIE_BREAKS", 2)
    rules, state = start(2)
    state = turns(rules, state, "531", "531", "332", "332", "654", "654")
    assert len(state.tie_breaks) == 2 and state.turn.tie_break
    assert rules.legal_actions(state) == ()
    with pytest.raises(IllegalActionError) as refused:
        rules.next_state(state, Roll((4, 2, 1)))
    assert refused.value.code is RefusalCode.TOO_LONG


def test_a_game_has_at_most_its_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    from missdice_desktop.rules import four21

    monkeypatch.setattr(four21, "MAX_TURNS", 3)
    rules, state = start(2)
    state = turns(rules, state, "632", "531", "421")
    assert len(state.turns) == 3
    refusal = rules.why_not(state, Roll((6, 5, 4)))
    assert refusal is not None and refusal.code is RefusalCode.TOO_LONG
