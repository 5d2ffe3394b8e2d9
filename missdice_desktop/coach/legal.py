"""The one place the coach asks the rules about a roll: where it may be scored (the
scoresheet's `allowed_boxes`, behind the engine's `legal_actions()`), what each box would
score, and the Yahtzee bonus."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.scoresheet import Scoresheet
from missdice_desktop.rules.variants import Ruleset


def open_boxes(rules: Ruleset, filled: Iterable[str], dice: Dice) -> set[str]:
    """The boxes `dice` may go in on a sheet where `filled` are filled.

    Which boxes are open does not depend on the points already written, only on which
    boxes hold some.
    """
    return open_boxes_each(rules, filled, (dice,))[0]


def open_boxes_each(rules: Ruleset, filled: Iterable[str], rolls: Iterable[Dice]) -> list[set[str]]:
    """`open_boxes` for several rolls on one sheet, which is built once: the scoresheet's
    `allowed_boxes`, which the engine's `legal_actions()` offers as its `Score` actions."""
    sheet = Scoresheet(rules, MappingProxyType(dict.fromkeys(filled, 0)))
    return [set(sheet.allowed_boxes(dice)) for dice in rolls]


def box_points(rules: Ruleset, filled: Iterable[str], dice: Dice) -> dict[str, int]:
    """What `dice` would score in each free box of a sheet where `filled` are filled
    (through the joker where it applies), whether or not the box may take them."""
    sheet = Scoresheet(rules, MappingProxyType(dict.fromkeys(filled, 0)))
    return {s.box.id: s.score or 0 for s in sheet.box_states(dice) if not s.filled}


def yahtzee_bonus(rules: Ruleset, scores: Mapping[str, int], dice: Dice) -> int:
    """The Yahtzee bonus `dice` earn on a sheet holding `scores`, wherever they go."""
    sheet = Scoresheet(rules, MappingProxyType(dict(scores)))
    allowed = [state.box.id for state in sheet.box_states(dice) if state.allowed]
    return sheet.score(allowed[0], dice)[2] if allowed else 0
