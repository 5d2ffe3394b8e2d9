"""The end-of-game review: for each turn, what was chosen, what the coach would have chosen,
and the expected points the choice cost."""

from __future__ import annotations

from dataclasses import dataclass

from missdice_desktop.coach.advice import Choice, ChoiceKind, Coach
from missdice_desktop.rules.game import MAX_ROLLS, Game
from missdice_desktop.rules.scoresheet import Scoresheet


@dataclass(frozen=True)
class TurnReview:
    """One scored turn seen by the coach."""

    player: int
    round: int
    """1 for each player's first turn, and so on."""
    dice: tuple[int, ...]
    box: str
    """The box chosen."""
    best: Choice
    """What the coach would have done with these dice at that point of the turn."""
    lost: float
    """Expected final points the choice gave away (0 for the best choice)."""


def review_game(game: Game, coach: Coach) -> list[TurnReview]:
    """Every scored turn of `game`, in order, judged at the moment the box was chosen.

    With virtual dice a turn scored before its third throw could also have thrown again;
    dice entered from the table count as the last throw.
    """
    sheets = [Scoresheet(game.rules) for _ in game.players]
    rounds = [0] * len(game.players)
    reviews = []
    for turn in game.state.scored_turns:
        sheet = sheets[turn.player]
        left = MAX_ROLLS - len(turn.rolls) if turn.rolls else 0
        choices = coach.choices(sheet, turn.dice, left)
        chosen = next(c for c in choices if c.kind is ChoiceKind.SCORE and c.box == turn.box)
        rounds[turn.player] += 1
        lost = max(0.0, choices[0].expected - chosen.expected)
        reviews.append(
            TurnReview(turn.player, rounds[turn.player], turn.dice, turn.box, choices[0], lost)
        )
        sheets[turn.player] = sheet.score(turn.box, turn.dice)[0]
    return reviews
