"""The one place the coach asks the rules where a roll may be scored.

Today it asks the scoresheet (`Scoresheet.box_states`); when the engine offers
`legal_actions()` this function is the only one to switch over.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.scoresheet import Scoresheet
from missdice_desktop.rules.variants import Ruleset


def legal_scores(
    rules: Ruleset, scores: Mapping[str, int], dice: Dice
) -> tuple[dict[str, int], int]:
    """The boxes `dice` may go in on a sheet holding `scores`, with their points, and the
    Yahtzee bonus the dice earn wherever they go."""
    sheet = Scoresheet(rules, MappingProxyType(dict(scores)))
    allowed = {
        state.box.id: state.score or 0 for state in sheet.box_states(dice) if state.allowed
    }
    bonus = 0
    if allowed:
        bonus = sheet.score(next(iter(allowed)), dice)[2]
    return allowed, bonus
