"""The one place the coach asks the rules where a roll may be scored: the engine's
`legal_actions()`, and the scoresheet for what each open box would score."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.game import GameState, Score, TurnState, YahtzeeRules
from missdice_desktop.rules.scoresheet import Scoresheet
from missdice_desktop.rules.variants import Ruleset


def legal_scores(rules: Ruleset, filled: Iterable[str], dice: Dice) -> dict[str, int]:
    """The boxes `dice` may go in, with their points, on a sheet where `filled` are filled.

    Which boxes are open does not depend on the points already written, only on which
    boxes hold some.
    """
    sheet = Scoresheet(rules, MappingProxyType(dict.fromkeys(filled, 0)))
    state = GameState((sheet,), TurnState(player=0, dice=dice, rolls=(dice,)))
    open_boxes = {
        action.box
        for action in YahtzeeRules.of(rules).legal_actions(state)
        if isinstance(action, Score)
    }
    return {
        state.box.id: state.score or 0
        for state in sheet.box_states(dice)
        if state.box.id in open_boxes
    }


def yahtzee_bonus(rules: Ruleset, scores: Mapping[str, int], dice: Dice) -> int:
    """The Yahtzee bonus `dice` earn on a sheet holding `scores`, wherever they go."""
    sheet = Scoresheet(rules, MappingProxyType(dict(scores)))
    allowed = [state.box.id for state in sheet.box_states(dice) if state.allowed]
    return sheet.score(allowed[0], dice)[2] if allowed else 0
