"""Why the rules refuse an action: a code for the window, a message in plain English."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class RefusalCode(enum.Enum):
    """Why the rules refuse an action; the window turns each code into translated text."""

    NOT_ALLOWED = "not_allowed"
    """Any other refusal; the message says why."""
    GAME_OVER = "game_over"
    """The game is over: nothing more can be played."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """No action to take back."""
    NOTHING_TO_REDO = "nothing_to_redo"
    """No undone action to apply again."""
    BAD_PLAYERS = "bad_players"
    """Too few or too many players, or a name that cannot be used."""
    BAD_DICE = "bad_dice"
    """Dice of the wrong count or with a face the dice do not have."""
    NO_ROLLS_LEFT = "no_rolls_left"
    """Every roll of the turn is used."""
    ALL_HELD = "all_held"
    """Every die is held: there is nothing to roll."""
    HELD_DIE_CHANGED = "held_die_changed"
    """A roll that changes a held die."""
    NO_DICE_YET = "no_dice_yet"
    """The action needs dice on the table: roll or enter them first."""
    NO_SUCH_DIE = "no_such_die"
    """A die number the game does not have."""
    NOT_THIS_GAME = "not_this_game"
    """An action this game does not have (e.g. scoring a box in Cochon)."""
    UNKNOWN_BOX = "unknown_box"
    """A box the sheet does not have."""
    BOX_FILLED = "box_filled"
    """The box already holds a score."""
    BOX_CLOSED = "box_closed"
    """The joker rule closes the box for these dice; `reason` says which must be used."""
    NOTHING_TO_BANK = "nothing_to_bank"
    """Cochon: holding needs at least one roll this turn."""
    NO_THROWS_LEFT = "no_throws_left"
    """421: this player has thrown as many times as they may this round."""
    ROLL_SEEN = "roll_seen"
    """Undo of a virtual roll already seen: undo may release holds, never draw other dice."""
    TABLE_DICE_ENTERED = "table_dice_entered"
    """A virtual roll after the turn's dice were entered from the table."""
    ONE_THROW = "one_throw"
    """421: this turn has a single throw (la charge, a tie-break): no holding, no stopping."""
    TARGET_REACHED = "target_reached"
    """Cochon: the turn already reaches the target (`value`): holding wins, no more rolls."""
    TOO_LONG = "too_long"
    """The game has had as many turns (or tie-breaks) as any game may (`value`)."""
    NO_SUCH_TURN = "no_such_turn"
    """A correction names a turn not played yet (`value`: the turn, 1 for the first)."""
    CORRECTION_BREAKS_TURN = "correction_breaks_turn"
    """A correction would make that box or a later entry illegal (`value`: the first turn
    it breaks, 1 for the first; `reason`: why that box refuses the dice)."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: a code for the window, a message in plain English."""

    code: RefusalCode
    message: str
    value: int = 0
    """A number the text needs (the rolls per turn, the die…), 0 when none."""
    reason: Any = None
    """Game-specific detail, e.g. the scoresheet's `Reason` for BOX_CLOSED."""


class IllegalActionError(ValueError):
    """An action the rules do not allow at this point of the game; `refusal` says why."""

    def __init__(
        self,
        message: str,
        code: RefusalCode = RefusalCode.NOT_ALLOWED,
        *,
        value: int = 0,
        reason: Any = None,
    ) -> None:
        super().__init__(message)
        self.refusal = Refusal(code, message, value, reason)

    @property
    def code(self) -> RefusalCode:
        """The refusal's code."""
        return self.refusal.code
