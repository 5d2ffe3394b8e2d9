"""A computer player: it asks the coach what to do and acts through the game's one door.

Every step is an ordinary action (hold, roll, score), so undo, autosave and the record
work as for a person. The expert plays for the most points on average, and in the endgame
(`coach.endgame`) for the best chance to win.
"""

from __future__ import annotations

import functools
import math
import random

from missdice_desktop.coach.advice import Choice, ChoiceKind, Coach, holds_for, rolls_left
from missdice_desktop.coach.endgame import Endgame, endgame_for
from missdice_desktop.computers import Level
from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.game import Change, Game
from missdice_desktop.rules.scoresheet import Scoresheet

BEGINNER_SPREAD = 2.0
"""Points of expected score that make a choice e (≈2.7) times less likely for a beginner:
in Yahtzee a beginner then averages about 205 points (the expert 254.6)."""


class ComputerPlayer:
    """Plays the current player's turn in `game`, one action per `step`."""

    def __init__(self, coach: Coach, level: Level = Level.OPTIMAL, seed: int | None = None):
        self.coach = coach
        self.level = level
        self._random = random.Random(seed)
        self._plan: Choice | None = None
        self._plan_for: tuple[object, ...] = ()
        self._endgame: tuple[object, Endgame | None] = ((), None)

    def step(self, game: Game) -> Change:
        """Do the next action of the current turn: roll, hold or release a die, or score."""
        dice = game.dice
        if dice is None:
            self._plan = None
            return game.roll()
        context = (len(game.state.scored_turns), dice, rolls_left(game))
        if self._plan is None or self._plan_for != context:
            # A plan holds only for the dice it was made for (an undo may change them).
            self._plan = self.decide_in(game)
            self._plan_for = context
        plan = self._plan
        if plan.kind is ChoiceKind.SCORE:
            self._plan = None
            return game.score(plan.box)
        wanted = holds_for(dice, plan.keep)
        for index, (held, want) in enumerate(zip(game.held, wanted, strict=True)):
            if held != want:
                return game.hold(index, want)
        self._plan = None
        return game.roll()

    def play_turn(self, game: Game) -> None:
        """Play steps until the turn passes to the next player (or the game ends)."""
        player = game.current_player
        turns = len(game.state.scored_turns)
        while not game.finished and (
            game.current_player == player and len(game.state.scored_turns) == turns
        ):
            self.step(game)

    def decide_in(self, game: Game) -> Choice:
        """The choice this player makes now in `game` (its dice are down)."""
        sheet, dice, left = game.current_sheet, game.dice, rolls_left(game)
        assert dice is not None, "a choice needs dice"
        endgame = self.endgame(game) if self.level is Level.OPTIMAL else None
        if endgame is None:
            return self.decide(sheet, dice, left)
        best = endgame.choices(sheet, dice, left)[0]
        return next(c for c in self._choices(sheet, dice, left) if best.same_as(c))

    def endgame(self, game: Game) -> Endgame | None:
        """The current player's endgame played to win, None while it does not apply."""
        sheets, player = game.state.sheets, game.current_player
        others = tuple(
            (tuple(sorted(sheet.scores.items())), sheet.yahtzee_bonus)
            for i, sheet in enumerate(sheets)
            if i != player
        )
        key, endgame = self._endgame
        if key == (player, others) and endgame is not None and endgame.covers(sheets[player]):
            return endgame
        endgame = endgame_for(self.coach, sheets, player)
        self._endgame = ((player, others), endgame)
        return endgame

    def decide(self, sheet: Scoresheet, dice: Dice, left: int) -> Choice:
        """The choice this player makes with `dice` and `left` throws left."""
        choices = self._choices(sheet, dice, left)
        if self.level is Level.OPTIMAL or len(choices) == 1:
            return choices[0]
        best = choices[0].expected
        weights = [math.exp((c.expected - best) / BEGINNER_SPREAD) for c in choices]
        return self._random.choices(choices, weights)[0]

    def _choices(self, sheet: Scoresheet, dice: Dice, left: int) -> tuple[Choice, ...]:
        at = self.coach.position(sheet)
        found = _cached_choices(self.coach, at.mask, at.upper, at.flag, tuple(sorted(dice)), left)
        shift = sheet.total
        return tuple(Choice(c.kind, c.expected + shift, keep=c.keep, box=c.box) for c in found)


@functools.lru_cache(maxsize=4096)
def _cached_choices(
    coach: Coach, mask: int, upper: int, flag: int, dice: Dice, left: int
) -> tuple[Choice, ...]:
    """The coach's choices from a position, counted from a total of 0 (positions repeat a
    lot in simulations)."""
    return tuple(coach.choices_at(mask, upper, flag, dice, left))
