"""Each player's chance to win a scoresheet game, turn by turn.

From the sheets after a turn, every player's rest of the game is played `PLAYOUTS` times as
the coach plays it (for the most points on average: `playouts.play_out`, vectorised with
numpy), and the k-th game of each player is set against the k-th of the others: the best
total wins, a tie shares the win. With n games a chance p is known to within its standard
error √(p(1 − p)/n): ±1.1 points at 50% for 2,000 games.

Each player's games from a sheet are drawn from a seed of their own (the player, the sheet's
boxes and points), so an estimate is the same however often it is made, and the games of a
sheet serve every turn until that player's next one.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from missdice_desktop.coach.advice import Coach
from missdice_desktop.coach.playouts import play_out
from missdice_desktop.coach.solver import FloatArray, IntArray
from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.scoresheet import Scoresheet
from missdice_desktop.rules.variants import Ruleset

PLAYOUTS = 2_000
"""Games played from each sheet."""


class ScoredTurnLike(Protocol):
    """What a chance-to-win estimate reads of a scored turn."""

    @property
    def player(self) -> int: ...

    @property
    def box(self) -> str: ...

    @property
    def dice(self) -> Dice: ...


def sheets_by_turn(
    rules: Ruleset, players: int, turns: Sequence[ScoredTurnLike]
) -> list[tuple[Scoresheet, ...]]:
    """Every player's sheet before the first turn and after each scored turn."""
    sheets = tuple(Scoresheet(rules) for _ in range(players))
    found = [sheets]
    for turn in turns:
        changed = list(sheets)
        changed[turn.player] = sheets[turn.player].score(turn.box, turn.dice)[0]
        sheets = tuple(changed)
        found.append(sheets)
    return found


def win_shares(finals: Sequence[IntArray]) -> FloatArray:
    """Each player's share of the wins over games set side by side (the k-th total of each
    player's games against the k-th of the others), a tie sharing the win."""
    totals = np.stack([np.asarray(f) for f in finals])
    top = totals == totals.max(axis=0)
    shares: FloatArray = (top / top.sum(axis=0)).mean(axis=1)
    return shares


def standard_error(chance: float, playouts: int = PLAYOUTS) -> float:
    """The standard error of a chance estimated from `playouts` games."""
    return float(np.sqrt(chance * (1 - chance) / playouts))


class WinChances:
    """Chances to win from a game's sheets; each sheet's games are played once."""

    def __init__(self, coach: Coach, playouts: int = PLAYOUTS, seed: int = 0) -> None:
        self.coach = coach
        self.playouts = playouts
        self.seed = seed
        self._finals: dict[tuple[object, ...], IntArray] = {}

    def _key(self, player: int, sheet: Scoresheet) -> tuple[object, ...]:
        return (player, tuple(sorted(sheet.scores.items())), sheet.yahtzee_bonus)

    def finals(self, player: int, sheet: Scoresheet) -> IntArray:
        """`player`'s final totals over the games from `sheet`."""
        key = self._key(player, sheet)
        found = self._finals.get(key)
        if found is None:
            if sheet.is_full:
                found = np.full(self.playouts, sheet.total, dtype=np.intp)
            else:
                digest = zlib.crc32(repr(key).encode())
                rng = np.random.default_rng([self.seed, player, digest])
                found = play_out(self.coach, sheet, self.playouts, rng)
            self._finals[key] = found
        return found

    def chances(self, sheets: Sequence[Scoresheet]) -> FloatArray:
        """Each player's chance to win from `sheets`."""
        return win_shares([self.finals(i, sheet) for i, sheet in enumerate(sheets)])

    def by_turn(
        self,
        moments: Sequence[Sequence[Scoresheet]],
        progress: Callable[[int, int], None] | None = None,
    ) -> list[FloatArray]:
        """The chances at each of `moments` (every player's sheets); `progress(done, total)`
        after each sheet's games."""
        missing = {
            self._key(i, sheet): (i, sheet)
            for sheets in moments
            for i, sheet in enumerate(sheets)
            if self._key(i, sheet) not in self._finals and not sheet.is_full
        }
        for done, (player, sheet) in enumerate(missing.values(), start=1):
            self.finals(player, sheet)
            if progress is not None:
                progress(done, len(missing))
        return [self.chances(sheets) for sheets in moments]
