"""The 421 played to win: which dice to throw again, and when the round's first player stops.

Exact over the 56 hands (the order is the rules' `hand_rank`). A keep of 0 to 2 dice leads
to a known chance over the hands after the rethrow (`_KEEP_ODDS`, 28 keeps × 56 hands), so
the chance to beat a hand with r throws left is, for every hand to beat at once,

    V₀[h] = win[h]        V_r[h] = max(win[h], max over the keeps of h of odds(keep) · V_{r−1})

where win[h] is 1 above the hand to beat, `tie_share` (½) on it and 0 below: two tied worst
hands throw again to break the tie, even odds. Keeping all three dice is stopping.

The round's first player in la décharge has no hand to beat: the others may throw no more
times than they did. After n throws, stopping leaves each opponent B(h, n), the chance to
beat h from a fresh start with n throws; the first player is worst only if every opponent
beats them, so they play for 1 − B(h, n)^opponents (exact for one opponent; with more, as if
each opponent played to beat them alone).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Protocol

import numpy as np
import numpy.typing as npt

from missdice_desktop.rules.four21 import ALL_HANDS, MAX_THROWS, Hand, hand_of, hand_rank

Matrix = npt.NDArray[np.float64]

TIE_SHARE = 0.5
"""What a tie with the hand to beat is worth: the tie-break throw is even between two."""
_HANDS: tuple[Hand, ...] = tuple(sorted(ALL_HANDS, key=hand_rank))
"""The 56 hands, worst first: index = hand_rank − 1."""
_FACES = range(1, 7)


def _keeps_of(hand: Hand) -> set[tuple[int, ...]]:
    """The dice of `hand` that may be kept for a rethrow (none to two), high to low."""
    return {
        tuple(sorted(chosen, reverse=True))
        for size in range(3)
        for chosen in combinations(hand, size)
    }


_KEEPS: tuple[tuple[int, ...], ...] = tuple(
    sorted({keep for hand in _HANDS for keep in _keeps_of(hand)}, key=lambda k: (len(k), k))
)
_KEEP_INDEX = {keep: index for index, keep in enumerate(_KEEPS)}


def _keep_odds() -> Matrix:
    odds = np.zeros((len(_KEEPS), len(_HANDS)))
    for index, keep in enumerate(_KEEPS):
        outcomes = list(product(_FACES, repeat=3 - len(keep)))
        for thrown in outcomes:
            odds[index, hand_rank(hand_of((*keep, *thrown))) - 1] += 1 / len(outcomes)
    return odds


_KEEP_ODDS = _keep_odds()
"""_KEEP_ODDS[k, h]: the chance that keeping _KEEPS[k] and throwing the rest makes hand h."""
_HAND_KEEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(_KEEP_INDEX[keep] for keep in _keeps_of(hand))) for hand in _HANDS
)
_FRESH = _KEEP_INDEX[()]


@dataclass(frozen=True)
class Rethrow:
    """A choice after a throw: the dice to keep (all three: stop) and its chance."""

    keep: tuple[int, ...]
    """The faces kept, high to low; the others are thrown again."""
    chance: float
    """The chance to beat the hand (or, for the round's first player, not to be the worst)."""

    @property
    def stop(self) -> bool:
        """Whether this choice stops the turn with the dice as they are."""
        return len(self.keep) == 3

    @property
    def thrown(self) -> int:
        """How many dice are thrown again."""
        return 3 - len(self.keep)


def _best_over_keeps(values: Matrix) -> Matrix:
    """For each hand (row) and column, the best of its keeps: max over them of odds · values."""
    by_keep = _KEEP_ODDS @ values
    return np.stack([by_keep[list(keeps)].max(axis=0) for keeps in _HAND_KEEPS])


@cache
def _beat_tables(tie_share: float) -> tuple[Matrix, ...]:
    """V_r[h, t] for r = 0 to MAX_THROWS − 1: the chance that hand h with r throws left ends
    above hand t (ties worth `tie_share`), under the best rethrows."""
    ranks = np.arange(len(_HANDS))
    win = (ranks[:, None] > ranks[None, :]).astype(np.float64)
    win[ranks, ranks] = tie_share
    tables = [win]
    for _ in range(1, MAX_THROWS):
        tables.append(np.maximum(win, _best_over_keeps(tables[-1])))
    return tuple(tables)


@cache
def _first_tables(opponents: int, tie_share: float) -> tuple[list[Matrix], list[Matrix]]:
    """U_n[h] and S_n[h] for n = 1 to MAX_THROWS throws taken (index n − 1): the round's
    first player's chance not to be the worst holding h after n throws, under the best
    stops and rethrows (U), and if they stop there (S)."""
    beat = _beat_tables(tie_share)
    stops = [
        1.0 - (_KEEP_ODDS[_FRESH] @ beat[n - 1]) ** opponents for n in range(1, MAX_THROWS + 1)
    ]
    tables = [stops[-1]]
    for n in range(MAX_THROWS - 1, 0, -1):
        later = _best_over_keeps(tables[0][:, None])[:, 0]
        tables.insert(0, np.maximum(stops[n - 1], later))
    return tables, stops


def _index(hand: Sequence[int]) -> int:
    """The hand's row: any order of its dice (1-1-6 is the hand 6-1-1)."""
    return hand_rank(hand_of(hand)) - 1


def chance_to_beat(
    dice: Sequence[int], throws_left: int, to_beat: Hand, *, tie_share: float = TIE_SHARE
) -> float:
    """The chance that `dice`, with `throws_left` and the best rethrows, beat `to_beat`.

    >>> round(chance_to_beat((6, 5, 3), 0, (6, 5, 2)), 3)
    1.0
    """
    _check_throws(throws_left)
    table = _beat_tables(tie_share)[throws_left]
    return float(table[_index(hand_of(dice)), _index(to_beat)])


def fresh_chance_to_beat(throws: int, to_beat: Hand, *, tie_share: float = TIE_SHARE) -> float:
    """The chance that a turn of `throws` throws (1 to 3), played at best, beats `to_beat`."""
    if not 1 <= throws <= MAX_THROWS:
        raise ValueError(f"a turn has 1 to {MAX_THROWS} throws, not {throws}")
    beat = _beat_tables(tie_share)[throws - 1]
    return float(_KEEP_ODDS[_FRESH] @ beat[:, _index(to_beat)])


def first_player_chance(opponents: int = 1, *, tie_share: float = TIE_SHARE) -> float:
    """The round's first player's chance not to be the worst in a décharge, all at best."""
    _check_opponents(opponents)
    tables, _ = _first_tables(opponents, tie_share)
    return float(_KEEP_ODDS[_FRESH] @ tables[0])


def rethrow_choices(
    dice: Sequence[int],
    throws_left: int,
    to_beat: Hand | None,
    *,
    opponents: int = 1,
    tie_share: float = TIE_SHARE,
) -> list[Rethrow]:
    """Every choice after a throw, best first: stop (keep all three) or keep some and throw.

    `to_beat` None: the round's first player (la décharge, `MAX_THROWS` − `throws_left`
    throws taken), who plays not to be the worst of `opponents` + 1 players.

    >>> [(c.keep, round(c.chance, 3)) for c in rethrow_choices((4, 2, 6), 1, (6, 6, 5))][:2]
    [((4, 2), 0.333), ((4,), 0.278)]
    """
    _check_throws(throws_left)
    hand = hand_of(dice)
    if to_beat is None:
        _check_opponents(opponents)
        taken = MAX_THROWS - throws_left
        if taken < 1:
            raise ValueError("the first player has thrown at least once")
        tables, stops = _first_tables(opponents, tie_share)
        stop = float(stops[taken - 1][_index(hand)])
        later = tables[taken] if throws_left else None
    else:
        beat = _beat_tables(tie_share)
        stop = float(beat[0][_index(hand), _index(to_beat)])
        later = beat[throws_left - 1][:, _index(to_beat)] if throws_left else None
    choices = [Rethrow(hand, stop)]
    if later is not None:
        for keep in sorted(_keeps_of(hand), key=lambda k: (-len(k), k)):
            chance = float(_KEEP_ODDS[_KEEP_INDEX[keep]] @ later)
            choices.append(Rethrow(keep, chance))
    # Best first; on equal chances, keep more dice (fewer to throw).
    return sorted(choices, key=lambda choice: (-round(choice.chance, 12), choice.thrown))


def _check_throws(throws_left: int) -> None:
    if not 0 <= throws_left < MAX_THROWS:
        raise ValueError(f"throws left must be from 0 to {MAX_THROWS - 1}, not {throws_left}")


def _check_opponents(opponents: int) -> None:
    if not 1 <= opponents <= 7:
        raise ValueError(f"1 to 7 opponents, not {opponents}")


# The computer player ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Four21Move:
    """What a computer player does after a throw: stop, or hold `hold` and throw again."""

    stop: bool
    hold: tuple[bool, ...] = (False, False, False)
    """Which dice (by position) to hold for the next throw."""
    chance: float | None = None
    """The chance of the choice (None for a throw with no choice: the turn's first)."""


def held_positions(dice: Sequence[int], keep: Sequence[int]) -> tuple[bool, ...]:
    """Which positions of `dice` to hold so that the faces `keep` stay.

    >>> held_positions((2, 6, 6), (6,))
    (False, True, False)
    """
    wanted = list(keep)
    held = []
    for face in dice:
        held.append(face in wanted)
        if face in wanted:
            wanted.remove(face)
    if wanted:
        raise ValueError(f"{tuple(keep)} are not among the dice {tuple(dice)}")
    return tuple(held)


def decide_four21(
    dice: Sequence[int] | None,
    throws_left: int,
    to_beat: Hand | None,
    *,
    opponents: int = 1,
) -> Four21Move:
    """The expert's move: throw (before the turn's first throw), or the best rethrow or stop.

    `to_beat`: the hand to beat (`hand_to_beat`), None for the round's first player.
    """
    if dice is None:
        return Four21Move(stop=False)
    if throws_left == 0:
        return Four21Move(stop=True)
    best = rethrow_choices(dice, throws_left, to_beat, opponents=opponents)[0]
    if best.stop:
        return Four21Move(stop=True, hold=(True, True, True), chance=best.chance)
    return Four21Move(stop=False, hold=held_positions(dice, best.keep), chance=best.chance)


class Four21StateLike(Protocol):
    """What the computer player reads of a game (`rules.four21.Four21State` is one)."""

    @property
    def turn(self) -> Four21TurnNow: ...

    @property
    def hands(self) -> tuple[tuple[int, Hand], ...]: ...

    @property
    def order(self) -> tuple[int, ...]: ...


class Four21TurnNow(Protocol):
    """The turn in progress as the computer player reads it."""

    @property
    def dice(self) -> tuple[int, ...] | None: ...

    @property
    def throws_left(self) -> int: ...


def four21_move(state: Four21StateLike) -> Four21Move:
    """The expert's move in a game's state: the hand to beat is the round's worst so far
    (none for the round's first player, who plays against the others of the round)."""
    turn = state.turn
    opponents = max(1, len(state.order) - 1)
    return decide_four21(
        turn.dice, turn.throws_left, hand_to_beat(state.hands), opponents=opponents
    )


def hand_to_beat(hands: Sequence[tuple[int, Hand]]) -> Hand | None:
    """The worst hand thrown so far this round (`Four21State.hands`), None for the first player.

    >>> hand_to_beat([(0, (6, 5, 3)), (1, (2, 2, 1))])
    (2, 2, 1)
    """
    if not hands:
        return None
    return min((hand for _, hand in hands), key=hand_rank)


# The review ------------------------------------------------------------------------------------


class Four21TurnLike(Protocol):
    """What the review reads of a played turn (`rules.four21.Turn` is one)."""

    @property
    def player(self) -> int: ...

    @property
    def throws(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def limit(self) -> int: ...

    @property
    def tie_break(self) -> bool: ...


class Four21RoundLike(Protocol):
    """What the review reads of a finished round (`rules.four21.Payment` is one)."""

    @property
    def hands(self) -> tuple[tuple[int, Hand], ...]: ...

    @property
    def tie_breaks(self) -> tuple[tuple[tuple[int, Hand], ...], ...]: ...


@dataclass(frozen=True)
class Four21Decision:
    """A choice made after a throw that had throws left, with what it cost."""

    turn: int
    """The turn's index in the game (tie-break throws count), from 0."""
    player: int
    throw: int
    """After which throw of the turn (1 or 2)."""
    dice: tuple[int, ...]
    to_beat: Hand | None
    """The worst hand of the round before this turn; None for the round's first player."""
    chosen: Rethrow
    """The choice made: a stop, or the best keep that the next throw's dice allow (the holds
    are not recorded: a die thrown again may show the same face)."""
    best: Rethrow

    @property
    def cost(self) -> float:
        """The chance the choice gave away (0 for the best)."""
        return max(0.0, self.best.chance - self.chosen.chance)


def review_four21(
    turns: Sequence[Four21TurnLike],
    rounds: Sequence[Four21RoundLike],
    players_now: int,
    hands_now: Sequence[tuple[int, Hand]] = (),
) -> list[Four21Decision]:
    """Every choice made with throws left, in a game's `turns` (`Four21State.turns`) and its
    finished `rounds` (`Four21State.payments`); `players_now` plays the round in progress
    (`len(state.order)`), whose hands so far are `hands_now`."""
    decisions: list[Four21Decision] = []
    for index, (turn, hands_before, players) in enumerate(
        _turns_in_rounds(turns, rounds, players_now, hands_now)
    ):
        if turn.tie_break or turn.limit < 2:
            continue
        to_beat = hand_to_beat(hands_before)
        for number, dice in enumerate(turn.throws[:-1], start=1):
            decisions.append(
                _judge(index, turn, number, dice, turn.throws[number], to_beat, players - 1)
            )
        last = len(turn.throws)
        if last < turn.limit:  # stopped with throws left
            dice = turn.throws[-1]
            choices = rethrow_choices(dice, turn.limit - last, to_beat, opponents=players - 1)
            stop = next(choice for choice in choices if choice.stop)
            decisions.append(
                Four21Decision(index, turn.player, last, tuple(dice), to_beat, stop, choices[0])
            )
    return decisions


def _judge(
    index: int,
    turn: Four21TurnLike,
    number: int,
    dice: Sequence[int],
    after: Sequence[int],
    to_beat: Hand | None,
    opponents: int,
) -> Four21Decision:
    choices = rethrow_choices(dice, turn.limit - number, to_beat, opponents=opponents)
    unchanged = [face for face, new in zip(dice, after, strict=True) if face == new]
    allowed = {
        tuple(sorted(keep, reverse=True))
        for size in range(min(len(unchanged), 2) + 1)
        for keep in combinations(unchanged, size)
    }
    chosen = max(
        (choice for choice in choices if not choice.stop and choice.keep in allowed),
        key=lambda choice: choice.chance,
    )
    return Four21Decision(index, turn.player, number, tuple(dice), to_beat, chosen, choices[0])


def _turns_in_rounds(
    turns: Sequence[Four21TurnLike],
    rounds: Sequence[Four21RoundLike],
    players_now: int,
    hands_now: Sequence[tuple[int, Hand]],
) -> Iterator[tuple[Four21TurnLike, tuple[tuple[int, Hand], ...], int]]:
    """Each turn with the round's hands before it and the round's number of players."""
    position = 0
    for finished in rounds:
        hands = tuple(finished.hands)
        for place in range(len(hands)):
            yield turns[position], hands[:place], len(hands)
            position += 1
        position += sum(len(passes) for passes in finished.tie_breaks)
    current = tuple(hands_now)
    for place, turn in enumerate(turns[position:]):
        yield turn, current[: min(place, len(current))], players_now


def costliest(decisions: Sequence[Four21Decision], count: int = 5) -> list[Four21Decision]:
    """The `count` choices that cost the most chance, costliest first (none free)."""
    costly = [decision for decision in decisions if decision.cost > 1e-12]
    return sorted(costly, key=lambda decision: -decision.cost)[:count]
