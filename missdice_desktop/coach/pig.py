"""Cochon (Pig) played to win: the optimal two-player policy and the computer players.

Neller & Presser ("Optimal Play of Pig", 2004): for the player about to act with banked
score i, the opponent's banked score j and the turn's total k, P(i, j, k) is the chance to
win under optimal play by both,

    hold:  1 − P(j, i + k, 0)                  (1 once i + k reaches the target)
    roll:  (1 − P(j, i, 0)) / 6 + Σ_{r=2..6} P(i, j, k + r) / 6

and P is the larger (a turn's first roll is forced). The table keeps X[i, j] = P(i, j, 0)
only (target² values); a position within a turn is worked out from it on demand by one pass
over the turn totals.

The solver takes the positions by layers of equal i + j, highest first: a layer needs only
higher layers, except through the bust term, which links (i, j) with (j, i) in the same
layer. Each pass runs every pair of the layer's turn at once (numpy vectors over the pairs),
carrying each value's slope in that bust term, then solves the linear pair of equations
(policy iteration: exact once the decisions stop changing, usually the second pass).

With 3 to 8 players the coach plays against the leading opponent as if the game had two
players (docs/coach.md measures it).
"""

from __future__ import annotations

import enum
import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from missdice_desktop.coach.solver import Progress
from missdice_desktop.rules.pig import DEFAULT_TARGET, LOSING_FACE, MAX_TARGET, MIN_TARGET

PigTable = npt.NDArray[np.float64]
"""X[i, j]: the chance to win of the player about to start a turn with i banked against j."""

PIG_SOLVER_VERSION = 1
"""Bump when the table's values or layout change: cached tables are rebuilt."""
FACES = 6
GAINS = tuple(face for face in range(1, FACES + 1) if face != LOSING_FACE)
"""The faces that add to the turn (2 to 6)."""
_MAX_PASSES = 60
_NEWTON_PASSES = 12
"""Passes of policy iteration before falling back to plain value iteration (a contraction)."""
_TOLERANCE = 1e-15


class PigMove(enum.Enum):
    """What a Cochon player does now."""

    ROLL = "roll"
    """Roll the die again."""
    HOLD = "hold"
    """« Je garde »: bank the turn's total (the engine's `Bank`)."""


def check_target(target: int) -> int:
    """`target` if the app allows it (MIN_TARGET to MAX_TARGET), ValueError otherwise."""
    if type(target) is not int or not MIN_TARGET <= target <= MAX_TARGET:
        raise ValueError(f"the target must be from {MIN_TARGET} to {MAX_TARGET}, got {target!r}")
    return target


def solve_pig(target: int = DEFAULT_TARGET, progress: Progress | None = None) -> PigTable:
    """X[i, j] for every banked i, j below `target`: the chance to win of the player to roll.

    >>> round(float(solve_pig(10)[0, 0]), 4)
    0.7094
    """
    goal = check_target(target)
    table = np.zeros((goal, goal), dtype=np.float64)
    # X[j, t] for t ≥ goal is 0: the other player already won.
    padded = np.zeros((goal, goal + FACES + 1), dtype=np.float64)
    layers = range(2 * goal - 2, -1, -1)
    for done, layer in enumerate(layers):
        low = max(0, layer - goal + 1)
        mine = np.arange(low, layer - low + 1)
        theirs = layer - mine
        values = _solve_layer(mine, theirs, padded, goal)
        table[mine, theirs] = values
        padded[mine, theirs] = values
        if progress is not None:
            progress(done + 1, len(layers))
    return table


def _solve_layer(
    mine: npt.NDArray[np.int_],
    theirs: npt.NDArray[np.int_],
    padded: PigTable,
    goal: int,
) -> npt.NDArray[np.float64]:
    """X for the pairs (mine[p], theirs[p]) of one layer; `padded` holds the higher layers."""
    pairs = len(mine)
    partner = pairs - 1 - np.arange(pairs)  # (j, i) sits mirrored in the layer
    lowest = int(mine.min())
    rows = goal + FACES - lowest  # turn totals t = i + k from `lowest` to goal + 5
    totals = np.arange(lowest, goal + FACES)
    # Holding at t: 1 − X[j, t]; 1 from the goal up; not allowed before the turn's first roll.
    hold = 1.0 - padded[theirs[None, :], totals[:, None]]
    hold[totals[:, None] <= mine[None, :]] = -np.inf
    value = np.ones((rows, pairs))
    slope = np.zeros((rows, pairs))
    start = mine - lowest
    first = goal - lowest - 1  # the highest row below the goal
    guess = _initial_guess(mine, theirs, padded, goal)
    previous: npt.NDArray[np.bool_] | None = None
    # Rows below a pair's own score are never read: pairs come by rising i, so at row t only
    # the first t − lowest + 1 pairs are worked out.
    active = np.minimum(np.arange(rows) + 1, pairs)
    for passes in range(_MAX_PASSES):
        bust = guess[partner]
        kept = 1.0 - bust
        rolled = np.zeros((rows, pairs), dtype=np.bool_)
        for row in range(first, -1, -1):
            n = int(active[row])
            roll = value[row + 2 : row + FACES + 1, :n].sum(axis=0)
            roll += kept[:n]
            roll /= FACES
            roll_slope = slope[row + 2 : row + FACES + 1, :n].sum(axis=0)
            roll_slope -= 1.0
            roll_slope /= FACES
            chosen = np.greater(roll, hold[row, :n], out=rolled[row, :n])
            np.maximum(roll, hold[row, :n], out=value[row, :n])
            np.multiply(roll_slope, chosen, out=slope[row, :n])
        at_start = value[start, np.arange(pairs)]
        gradient = slope[start, np.arange(pairs)]
        if passes < _NEWTON_PASSES:
            intercept = at_start - gradient * bust
            other = intercept[partner]
            solved = (intercept + gradient * other) / (1.0 - gradient * gradient[partner])
        else:
            solved = at_start
        change = float(np.max(np.abs(solved - guess)))
        guess = solved
        if (previous is not None and np.array_equal(previous, rolled)) or change < _TOLERANCE:
            break
        previous = rolled
    return np.clip(guess, 0.0, 1.0)


def _initial_guess(
    mine: npt.NDArray[np.int_], theirs: npt.NDArray[np.int_], padded: PigTable, goal: int
) -> npt.NDArray[np.float64]:
    """A neighbour in the layer above: X[i, j + 1], or X[i + 1, j] at the opponent's last point."""
    above = np.where(theirs + 1 < goal, padded[mine, np.minimum(theirs + 1, goal - 1)], 0.0)
    beside = np.where(mine + 1 < goal, padded[np.minimum(mine + 1, goal - 1), theirs], 1.0)
    return np.where(theirs + 1 < goal, above, beside)


# Positions within a turn ---------------------------------------------------------------------


@dataclass(frozen=True)
class PigChances:
    """The chance to win now of each choice (None where the rules forbid it)."""

    roll: float | None
    """Rolling again (None once the turn reaches the target: the player must hold)."""
    hold: float | None
    """Holding now (None before the turn's first roll)."""

    @property
    def best(self) -> PigMove:
        """The better choice (rolling when the two are equal)."""
        if self.hold is None:
            return PigMove.ROLL
        if self.roll is None or self.hold > self.roll:
            return PigMove.HOLD
        return PigMove.ROLL

    @property
    def chance(self) -> float:
        """The chance to win with the better choice."""
        return max(c for c in (self.roll, self.hold) if c is not None)

    def cost(self, move: PigMove) -> float:
        """The chance to win that `move` gives away against the better choice."""
        chosen = self.roll if move is PigMove.ROLL else self.hold
        if chosen is None:
            raise ValueError(f"{move.value} is not allowed here")
        return max(0.0, self.chance - chosen)


class PigCoach:
    """Chances to win and the best move in any Cochon position, from a solved table."""

    def __init__(self, target: int, table: PigTable) -> None:
        check_target(target)
        if table.shape != (target, target):
            raise ValueError(f"a table for target {target} is {target}×{target}")
        self.target = target
        self.table = table
        self._padded = np.zeros((target, target + FACES + 1))
        self._padded[:, :target] = table
        self._rolls: dict[tuple[int, int], tuple[bool, ...]] = {}

    @classmethod
    def for_target(
        cls,
        target: int = DEFAULT_TARGET,
        *,
        cache_dir: Path | None = None,
        progress: Progress | None = None,
        use_cache: bool = True,
    ) -> PigCoach:
        """The coach for `target`: its table from the cache, or solved now (and cached)."""
        check_target(target)
        if not use_cache:
            return cls(target, solve_pig(target, progress))
        from missdice_desktop.coach import cache

        path = pig_table_path(target, cache_dir)
        key = pig_key(target)
        found = cache.load_array(path, (target, target), np.dtype(np.float64), key)
        if found is not None and ((found >= 0.0) & (found <= 1.0)).all():
            return cls(target, found.astype(np.float64, copy=False))
        table = solve_pig(target, progress)
        cache.save_array_quietly(path, table, key)
        return cls(target, table)

    @property
    def first_player_chance(self) -> float:
        """The first player's chance to win a new two-player game under optimal play."""
        return float(self.table[0, 0])

    def start_chance(self, mine: int, theirs: int) -> float:
        """X[mine, theirs]: the chance of the player about to start a turn."""
        return float(self._padded[mine, theirs]) if mine < self.target else 1.0

    def turn_values(self, mine: int, theirs: int) -> list[float]:
        """P(mine, theirs, k) for k = 0 to the target − mine + 5 (1 from the target up)."""
        self._check_scores(mine, theirs)
        bust = 1.0 - float(self._padded[theirs, mine])
        hold_row = self._padded[theirs]
        span = self.target - mine
        values = [1.0] * (span + FACES)
        for k in range(span - 1, -1, -1):
            roll = (bust + sum(values[k + gain] for gain in GAINS)) / FACES
            values[k] = roll if k == 0 else max(roll, 1.0 - float(hold_row[mine + k]))
        return values

    def chances(self, mine: int, theirs: int, turn_total: int) -> PigChances:
        """The chance to win if the player rolls and if they hold, two players."""
        self._check_scores(mine, theirs)
        if turn_total < 0 or turn_total == 1:
            raise ValueError(f"a turn cannot total {turn_total}")
        if mine + turn_total >= self.target:
            return PigChances(roll=None, hold=1.0)
        values = self.turn_values(mine, theirs)
        bust = 1.0 - float(self._padded[theirs, mine])
        roll = (bust + sum(values[turn_total + gain] for gain in GAINS)) / FACES
        hold = None if turn_total == 0 else 1.0 - float(self._padded[theirs, mine + turn_total])
        return PigChances(roll=roll, hold=hold)

    def best_move(self, mine: int, theirs: int, turn_total: int) -> PigMove:
        """The move with the better chance to win (the same as `chances(...).best`), with the
        decisions of a pair of scores kept for the next turn totals (the computer player)."""
        if mine + turn_total >= self.target:
            return PigMove.HOLD
        rolls = self._rolls.get((mine, theirs))
        if rolls is None:
            values = self.turn_values(mine, theirs)
            bust = 1.0 - float(self._padded[theirs, mine])
            rolls = tuple(
                k == 0
                or (bust + sum(values[k + gain] for gain in GAINS)) / FACES
                >= 1.0 - float(self._padded[theirs, mine + k])
                for k in range(self.target - mine)
            )
            if len(self._rolls) > 100_000:
                self._rolls.clear()
            self._rolls[(mine, theirs)] = rolls
        return PigMove.ROLL if rolls[turn_total] else PigMove.HOLD

    def chances_among(self, banked: Sequence[int], player: int, turn_total: int) -> PigChances:
        """`player`'s chances against the leading opponent (exact for two players)."""
        return self.chances(banked[player], leading_opponent(banked, player), turn_total)

    def _check_scores(self, mine: int, theirs: int) -> None:
        if not (0 <= mine < self.target and 0 <= theirs < self.target):
            raise ValueError(f"banked scores must be from 0 to {self.target - 1}")


def leading_opponent(banked: Sequence[int], player: int) -> int:
    """The highest banked total among `player`'s opponents.

    >>> leading_opponent([30, 55, 12], 0)
    55
    """
    return max(score for index, score in enumerate(banked) if index != player)


def pig_key(target: int) -> str:
    """A digest of what a table's values depend on."""
    text = json.dumps({"game": "pig", "target": target, "solver": PIG_SOLVER_VERSION})
    return hashlib.sha256(text.encode()).hexdigest()


def pig_table_path(target: int, cache_dir: Path | None = None) -> Path:
    """The cache file of the table for `target`."""
    from missdice_desktop.coach.cache import default_cache_dir

    folder = cache_dir if cache_dir is not None else default_cache_dir()
    return folder / f"pig-{target}-{pig_key(target)[:20]}.npz"


# Computer players -----------------------------------------------------------------------------


class PigPlayer(Protocol):
    """A computer player of Cochon: roll or hold, from the banked totals and the turn's total."""

    def decide(self, banked: Sequence[int], player: int, turn_total: int) -> PigMove: ...


@dataclass(frozen=True)
class HoldAtPlayer:
    """The beginner: rolls until the turn's total reaches `threshold` (20), then holds."""

    threshold: int = 20
    target: int = DEFAULT_TARGET

    def decide(self, banked: Sequence[int], player: int, turn_total: int) -> PigMove:
        """Hold at the threshold or at the target, roll otherwise (always at a turn's start)."""
        if turn_total == 0:
            return PigMove.ROLL
        reached = banked[player] + turn_total >= self.target
        return PigMove.HOLD if turn_total >= self.threshold or reached else PigMove.ROLL


@dataclass(frozen=True)
class OptimalPigPlayer:
    """The expert: the coach's best move against the leading opponent (optimal for two)."""

    coach: PigCoach

    def decide(self, banked: Sequence[int], player: int, turn_total: int) -> PigMove:
        """The move with the better chance to win."""
        return self.coach.best_move(banked[player], leading_opponent(banked, player), turn_total)


def play_pig(players: Sequence[PigPlayer], target: int, rng: random.Random) -> int:
    """One game of Cochon between `players` (the first starts); the winner's index.

    A quick loop for simulations; the computer players play the same game through the
    engine's door in the window (the tests play both ways).
    """
    banked = [0] * len(players)
    player = 0
    while True:
        total = 0
        while True:
            reached = banked[player] + total >= target
            if reached or players[player].decide(banked, player, total) is PigMove.HOLD:
                banked[player] += total
                if reached:
                    return player
                break
            face = rng.randint(1, FACES)
            if face == LOSING_FACE:
                break
            total += face
        player = (player + 1) % len(players)


class PigTurnLike(Protocol):
    """What the review reads of a played turn (`rules.pig.PigTurn` is one)."""

    @property
    def player(self) -> int: ...

    @property
    def rolls(self) -> tuple[int, ...]: ...

    @property
    def held(self) -> bool: ...


@dataclass(frozen=True)
class PigDecision:
    """One choice to roll or hold in a played game, with its chances to win."""

    turn: int
    """The turn's index in the game, from 0."""
    player: int
    banked: tuple[int, ...]
    """Every player's banked total when the choice was made."""
    turn_total: int
    move: PigMove
    chances: PigChances

    @property
    def cost(self) -> float:
        """The chance to win the move gave away (0 for the best move)."""
        return self.chances.cost(self.move)


def review_pig(turns: Sequence[PigTurnLike], players: int, coach: PigCoach) -> list[PigDecision]:
    """Every choice made after a roll in `turns` (a game's turns in order), with its cost.

    A turn's first roll is forced and a turn that reached the target must hold, so only the
    other choices are listed. With more than two players the chances are those against the
    leading opponent.
    """
    banked = [0] * players
    decisions = []
    for index, turn in enumerate(turns):
        total = 0
        for position, face in enumerate(turn.rolls):
            if face == LOSING_FACE:
                break
            total += face
            last = position == len(turn.rolls) - 1
            if last and not turn.held:
                break  # a turn still open: nothing chosen yet
            if banked[turn.player] + total >= coach.target:
                break
            move = PigMove.HOLD if last else PigMove.ROLL
            chances = coach.chances_among(banked, turn.player, total)
            decisions.append(PigDecision(index, turn.player, tuple(banked), total, move, chances))
        if turn.held and turn.rolls and turn.rolls[-1] != LOSING_FACE:
            banked[turn.player] += sum(turn.rolls)
    return decisions


def costliest(decisions: Sequence[PigDecision], count: int = 5) -> list[PigDecision]:
    """The `count` choices that cost the most chance to win, costliest first (none free)."""
    costly = [decision for decision in decisions if decision.cost > 1e-12]
    return sorted(costly, key=lambda decision: -decision.cost)[:count]
