"""Advice for a position: every choice a player has, with its expected final score.

>>> from missdice_desktop.rules import get_variant
>>> from missdice_desktop.rules.variants import Variant
>>> rules = Variant("only-chance", "Only Chance", get_variant("yacht").boxes[10:11]).configure()
>>> coach = Coach.for_rules(rules, cache_dir=None, use_cache=False)
>>> round(coach.expected_final(Scoresheet(rules)), 4)
23.3333
>>> coach.choices(Scoresheet(rules), (6, 6, 5, 2, 1), rolls_left=2)[0].keep
(5, 6, 6)
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from missdice_desktop.coach.cache import load_or_build
from missdice_desktop.coach.dice_sets import Keep
from missdice_desktop.coach.solver import NEG, Position, Progress, SolverSheet, Table
from missdice_desktop.rules.dice import DICE_COUNT, Dice
from missdice_desktop.rules.game import MAX_ROLLS, Game
from missdice_desktop.rules.scoresheet import Scoresheet
from missdice_desktop.rules.variants import Ruleset


class ChoiceKind(enum.Enum):
    """What a choice does."""

    KEEP = "keep"
    """Hold `keep` and throw the other dice."""
    SCORE = "score"
    """Write the dice in `box` now."""


@dataclass(frozen=True)
class Choice:
    """One thing the player may do, and the final total it leads to on average."""

    kind: ChoiceKind
    expected: float
    keep: Keep = ()
    box: str = ""


class Coach:
    """Optimal play for one ruleset, from its solved table."""

    def __init__(self, model: SolverSheet, table: Table) -> None:
        self.model = model
        self.table = table

    @classmethod
    def for_rules(
        cls,
        rules: Ruleset,
        *,
        cache_dir: Path | None = None,
        use_cache: bool = True,
        progress: Progress | None = None,
    ) -> Coach:
        """The coach for `rules`, its table loaded from the cache or built (and cached)."""
        model = SolverSheet(rules)
        if use_cache:
            return cls(model, load_or_build(model, cache_dir, progress))
        return cls(model, model.solve(progress))

    @property
    def rules(self) -> Ruleset:
        """The rules this coach plays."""
        return self.model.rules

    def position(self, sheet: Scoresheet) -> Position:
        """Where `sheet` stands between turns, as the table numbers it."""
        model = self.model
        mask = sum(1 << i for i, box in enumerate(model.boxes) if sheet.is_filled(box.id))
        points = sum(sheet.scores.get(model.boxes[i].id, 0) for i in model.upper)
        upper = min(model.threshold, points)
        flag = 0
        if model.bonus_flag and sheet.scores.get(model.boxes[model.yahtzee].id, 0) > 0:
            flag = 1
        if model.ecart is not None:
            written = [sheet.scores.get(model.boxes[i].id) for i in model.ecart]
            if written.count(None) == 1:
                points = next(value for value in written if value is not None)
                flag = int(model.ecart_flag_of(points))
        return Position(mask, upper, flag)

    def expected_final(self, sheet: Scoresheet) -> float:
        """The final total `sheet` reaches on average under optimal play from here."""
        at = self.position(sheet)
        return sheet.total + float(self.table[at.mask, at.upper, at.flag])

    def choices(self, sheet: Scoresheet, dice: Dice, rolls_left: int) -> list[Choice]:
        """Every choice with `dice` on the table and `rolls_left` throws left, best first,
        with the final total each leads to on average.

        Keeps list the dice held (never all five: keeping them all is scoring them).
        """
        at = self.position(sheet)
        return [
            Choice(c.kind, sheet.total + c.expected, keep=c.keep, box=c.box)
            for c in self.choices_at(at.mask, at.upper, at.flag, dice, rolls_left)
        ]

    def choices_at(
        self, mask: int, upper: int, flag: int, dice: Dice, rolls_left: int
    ) -> list[Choice]:
        """As `choices`, from a table position, counting only the points still to come."""
        model = self.model
        uppers = np.array([upper], dtype=np.intp)
        roll = model.sets.roll_index(dice)
        scores, allowed, bonus = model.roll_options(mask, flag)
        found = []
        for i, box in enumerate(model.boxes):
            if mask >> i & 1 or not allowed[i, roll]:
                continue
            points = scores[i, roll : roll + 1]
            value = model.box_values(self.table, i, mask, uppers, flag, points)[0, 0]
            found.append(Choice(ChoiceKind.SCORE, float(value + bonus[roll]), box=box.id))
        if rolls_left > 0:
            final = model.final_values(self.table, mask, uppers, flag).T
            keeps = model.keep_values(final)
            for _ in range(min(rolls_left, MAX_ROLLS - 1) - 1):
                keeps = model.keep_values(model.best_keeps(keeps))
            for keep in model.sets.sub_keeps(dice):
                if len(keep) < DICE_COUNT:
                    value = keeps[model.sets.index[keep], 0]
                    found.append(Choice(ChoiceKind.KEEP, float(value), keep=keep))
        found = [choice for choice in found if choice.expected > NEG / 2]
        return sorted(found, key=lambda choice: -choice.expected)


def rolls_left(game: Game) -> int:
    """Throws left in the turn; dice put in by hand count as a first throw."""
    if game.dice is None:
        return MAX_ROLLS
    if game.rules.dice_entered(game.state):
        return MAX_ROLLS - 1
    return game.rolls_left


def holds_for(dice: Dice, keep: Keep) -> tuple[bool, ...]:
    """Which of `dice` (in table order) to hold so that the held ones are `keep`."""
    wanted = Counter(keep)
    holds = []
    for value in dice:
        hold = wanted[value] > 0
        wanted[value] -= hold
        holds.append(hold)
    return tuple(holds)
