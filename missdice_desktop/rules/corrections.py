"""Fixing a past box of the Yahtzee family: `CorrectBox`, an action like any other.

At the table someone notices that a box three turns ago was scored with the wrong dice.
`CorrectBox(turn, dice)` replaces that turn's dice: the sheets are scored again from the
first turn, with the right dice in that one, so every total, the upper bonus, the Yahtzee
bonus and the joker's consequences follow. A correction that would make that box, or any
later entry, illegal is refused, naming the first turn it breaks. It goes through the
engine's one door (`game.apply`), so undo takes it back and the record keeps it: the turn
is written with the right dice and a `"corrected"` key holding the dice first written
(docs/game-record.md).

>>> from missdice_desktop.rules import Game, get_variant
>>> game = Game(get_variant("yahtzee").configure(), ["Anna", "Ben"])
>>> _ = game.enter_dice("44421"); _ = game.score("fours")
>>> _ = game.enter_dice("66666"); _ = game.score("yahtzee")
>>> _ = game.apply(CorrectBox(0, (4, 4, 4, 4, 1)))
>>> game.state.sheets[0].scores["fours"]
16
>>> corrected_boxes(game.state)
{(0, 'fours')}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from missdice_desktop.rules.dice import make_dice
from missdice_desktop.rules.refusals import IllegalActionError, RefusalCode
from missdice_desktop.rules.scoresheet import Scoresheet

if TYPE_CHECKING:
    from missdice_desktop.rules.game import GameState, YahtzeeRules

CORRECTED_KEY = "corrected"
"""Key of a recorded turn whose dice were corrected: `{"dice": [...], "rolls": [...]}`, the
dice (and rolls) first written."""


@dataclass(frozen=True)
class CorrectBox:
    """Replace the dice of scored turn `turn` (0 for the first turn played) by `dice`."""

    turn: int
    dice: tuple[int, ...]


def corrected_state(rules: YahtzeeRules, state: GameState, action: CorrectBox) -> GameState:
    """The game as if turn `action.turn` had been scored with `action.dice`.

    Raises IllegalActionError: NO_SUCH_TURN for a turn not played, BAD_DICE for dice that
    are not five faces, NOT_ALLOWED for the dice already written, and CORRECTION_BREAKS_TURN
    (value: the turn, 1 for the first) when that box or a later one could not be scored so.
    """
    turns = state.scored_turns
    if not 0 <= action.turn < len(turns):
        raise IllegalActionError(
            f"there is no turn {action.turn + 1} to correct ({len(turns)} played)",
            RefusalCode.NO_SUCH_TURN,
            value=action.turn + 1,
        )
    try:
        dice = make_dice(action.dice)
    except ValueError as error:
        raise IllegalActionError(str(error), RefusalCode.BAD_DICE) from None
    target = turns[action.turn]
    if tuple(dice) == tuple(target.dice):
        raise IllegalActionError("these are the dice already written", RefusalCode.NOT_ALLOWED)
    sheets = [Scoresheet(rules) for _ in state.sheets]
    rescored = []
    for index, scored in enumerate(turns):
        turn_dice = dice if index == action.turn else scored.dice
        try:
            sheet, points, bonus = sheets[scored.player].score(scored.box, turn_dice)
        except IllegalActionError as error:
            raise IllegalActionError(
                f"turn {index + 1}: {error}",
                RefusalCode.CORRECTION_BREAKS_TURN,
                value=index + 1,
                reason=error.refusal.reason,
            ) from None
        sheets[scored.player] = sheet
        if index == action.turn:
            first = scored.extra.get(CORRECTED_KEY) or {
                "dice": list(scored.dice),
                "rolls": [list(roll) for roll in scored.rolls],
            }
            extra = MappingProxyType({**scored.extra, CORRECTED_KEY: first})
            scored = replace(scored, dice=turn_dice, rolls=(), extra=extra)
        rescored.append(replace(scored, score=points, yahtzee_bonus=bonus))
    return replace(state, sheets=tuple(sheets), scored_turns=tuple(rescored))


def corrected_boxes(state: GameState) -> set[tuple[int, str]]:
    """(player, box id) of every box whose dice were corrected."""
    return {
        (scored.player, scored.box)
        for scored in state.scored_turns
        if scored.extra.get(CORRECTED_KEY)
    }


def first_dice(extra: Any) -> Sequence[int] | None:
    """The dice first written in a corrected turn (None when it was not corrected)."""
    corrected = extra.get(CORRECTED_KEY) if hasattr(extra, "get") else None
    dice = corrected.get("dice") if isinstance(corrected, dict) else None
    return dice if isinstance(dice, list) else None
