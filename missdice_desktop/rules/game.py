"""The Yahtzee family (Yahtzee, Yam's, Yacht, house grids) as rules of the engine.

`YahtzeeRules` is a configured scoresheet (`Ruleset`) that also answers the engine's
questions: five dice, three rolls, one box scored per turn, the game over once every sheet
is full. `Game` is the engine's shell with the family's own readings (the sheets, the boxes)
and its one extra action, `score`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from missdice_desktop.rules.corrections import CorrectBox, corrected_state
from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice, make_dice
from missdice_desktop.rules.engine import (
    MAX_PLAYERS,
    Change,
    DiceGame,
    EnterDice,
    GameRules,
    Hold,
    IllegalActionError,
    RefusalCode,
    Roll,
    Standing,
    check_player_name,
)
from missdice_desktop.rules.scoresheet import BoxState, Scoresheet
from missdice_desktop.rules.variants import Ruleset

if TYPE_CHECKING:
    from missdice_desktop.rules.actions import Action

__all__ = [
    "MAX_PLAYERS",
    "MAX_ROLLS",
    "Change",
    "EnterDice",
    "Game",
    "GameState",
    "Hold",
    "Roll",
    "Score",
    "ScoredTurn",
    "Standing",
    "TurnState",
    "YahtzeeRules",
    "check_player_name",
]

MAX_ROLLS = 3
NO_HOLDS: tuple[bool, ...] = (False,) * DICE_COUNT


@dataclass(frozen=True)
class Score:
    """Write the current dice in box `box`, ending the turn.

    `extra` carries keys of a saved turn that this program does not use, kept on save.
    """

    box: str
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), compare=False)


@dataclass(frozen=True)
class TurnState:
    """The turn in progress: whose it is, the dice, which are held, and each roll's dice."""

    player: int
    dice: Dice | None = None
    held: tuple[bool, ...] = NO_HOLDS
    rolls: tuple[Dice, ...] = ()
    roll_holds: tuple[tuple[bool, ...], ...] = ()
    """The dice held when each roll was made (so a resumed turn undoes like the original)."""


@dataclass(frozen=True)
class ScoredTurn:
    """A finished turn as it goes into the game record."""

    player: int
    dice: Dice
    box: str
    score: int
    yahtzee_bonus: int
    rolls: tuple[Dice, ...]
    extra: Mapping[str, Any]


@dataclass(frozen=True)
class GameState:
    """Everything about a game at one moment. Immutable."""

    sheets: tuple[Scoresheet, ...]
    turn: TurnState
    scored_turns: tuple[ScoredTurn, ...] = ()

    @property
    def finished(self) -> bool:
        """True once every player's sheet is full."""
        return all(sheet.is_full for sheet in self.sheets)


class YahtzeeRules(Ruleset, GameRules[GameState]):
    """A configured scoresheet of the Yahtzee family, as the engine's rules object."""

    game_id = "yahtzee"

    @classmethod
    def of(cls, ruleset: Ruleset) -> YahtzeeRules:
        """The engine's rules for a configured scoresheet."""
        if isinstance(ruleset, YahtzeeRules):
            return ruleset
        return cls(ruleset.variant, ruleset.options, ruleset.boxes, ruleset.joker)

    @property
    def dice_count(self) -> int:
        """Five dice."""
        return DICE_COUNT

    @property
    def faces(self) -> int:
        """Six faces."""
        return FACES

    def initial_state(self, players: int) -> GameState:
        """Empty sheets, the first player to roll."""
        return GameState(tuple(Scoresheet(self) for _ in range(players)), TurnState(player=0))

    def current_player(self, state: GameState) -> int:
        """The player whose turn it is."""
        return state.turn.player

    def is_finished(self, state: GameState) -> bool:
        """Every sheet is full."""
        return state.finished

    def totals(self, state: GameState) -> tuple[int, ...]:
        """Each sheet's grand total."""
        return tuple(sheet.total for sheet in state.sheets)

    def turns_played(self, state: GameState) -> int:
        """Turns scored so far."""
        return len(state.scored_turns)

    def dice(self, state: GameState) -> Dice | None:
        """The turn's dice."""
        return state.turn.dice

    def held(self, state: GameState) -> tuple[bool, ...]:
        """The turn's held dice."""
        return state.turn.held

    def rolls_left(self, state: GameState) -> int:
        """Virtual rolls left this turn."""
        return MAX_ROLLS - len(state.turn.rolls)

    def legal_actions(self, state: GameState) -> tuple[Action, ...]:
        """Roll (while rolls are left and a die is free), enter dice, hold, score a box.

        >>> from missdice_desktop.rules.variants import get_variant
        >>> rules = YahtzeeRules.of(get_variant("yacht").configure())
        >>> rules.legal_actions(rules.initial_state(1))
        (Roll(dice=None, drawn=False), EnterDice(dice=None))
        """
        if state.finished:
            return ()
        turn = state.turn
        actions: list[Action] = []
        entered = turn.dice is not None and not turn.rolls
        if (
            len(turn.rolls) < MAX_ROLLS
            and not entered
            and not (turn.dice is not None and all(turn.held))
        ):
            actions.append(Roll())
        actions.append(EnterDice())
        if turn.dice is not None:
            actions.extend(Hold(i, not held) for i, held in enumerate(turn.held))
            sheet = state.sheets[turn.player]
            actions.extend(Score(box_id) for box_id in sheet.allowed_boxes(turn.dice))
        return tuple(actions)

    def next_state(self, state: GameState, action: Action) -> GameState:
        """The state after a roll, a hold, dice entered or a box scored."""
        if isinstance(action, CorrectBox):  # a past box's dice, even once the game is over
            return corrected_state(self, state, action)
        if state.finished:
            raise IllegalActionError("the game is over", RefusalCode.GAME_OVER)
        turn = state.turn
        match action:
            case Roll(dice=dice, drawn=drawn):
                if dice is None:
                    raise IllegalActionError("a roll needs its dice", RefusalCode.BAD_DICE)
                if drawn and turn.dice is not None and not turn.rolls:
                    raise IllegalActionError(
                        "these dice were entered from the table: score them or correct them",
                        RefusalCode.TABLE_DICE_ENTERED,
                    )
                return replace(state, turn=self._rolled(turn, make_dice(dice)))
            case Hold(index=index, held=held):
                if turn.dice is None:
                    raise IllegalActionError(
                        "roll the dice before holding any", RefusalCode.NO_DICE_YET
                    )
                if not 0 <= index < DICE_COUNT:
                    raise IllegalActionError(
                        f"there is no die {index + 1}", RefusalCode.NO_SUCH_DIE, value=index + 1
                    )
                holds = list(turn.held)
                holds[index] = held
                return replace(state, turn=replace(turn, held=tuple(holds)))
            case EnterDice(dice=dice):
                if dice is None:
                    raise IllegalActionError(
                        "dice from the table are missing", RefusalCode.BAD_DICE
                    )
                entered = make_dice(dice)
                # A correction after a roll replaces that roll: the roll count stands.
                rolls = (*turn.rolls[:-1], entered) if turn.rolls else ()
                return replace(state, turn=replace(turn, dice=entered, rolls=rolls))
            case Score(box=box_id, extra=extra):
                return self._scored(state, box_id, extra)
        raise IllegalActionError(
            f"not an action of this game: {action!r}", RefusalCode.NOT_THIS_GAME
        )

    @staticmethod
    def _rolled(turn: TurnState, dice: Dice) -> TurnState:
        if len(turn.rolls) >= MAX_ROLLS:
            raise IllegalActionError(
                f"no rolls left: {MAX_ROLLS} rolls per turn",
                RefusalCode.NO_ROLLS_LEFT,
                value=MAX_ROLLS,
            )
        if turn.dice is not None:
            if all(turn.held):
                raise IllegalActionError(
                    "every die is held: release one to roll", RefusalCode.ALL_HELD
                )
            if any(
                h and new != old for h, new, old in zip(turn.held, dice, turn.dice, strict=True)
            ):
                raise IllegalActionError(
                    "a held die cannot change when rolling", RefusalCode.HELD_DIE_CHANGED
                )
        return replace(
            turn, dice=dice, rolls=(*turn.rolls, dice), roll_holds=(*turn.roll_holds, turn.held)
        )

    def _scored(self, state: GameState, box_id: str, extra: Mapping[str, Any]) -> GameState:
        turn = state.turn
        sheet = state.sheets[turn.player]
        if not sheet.rules.has_box(box_id):
            known = ", ".join(sheet.rules.box_ids)
            raise IllegalActionError(
                f"unknown box {box_id!r} (this sheet has: {known})", RefusalCode.UNKNOWN_BOX
            )
        if sheet.is_filled(box_id):
            sheet.score(box_id, turn.dice or (1,) * DICE_COUNT)  # raises: the box is filled
        if turn.dice is None:
            raise IllegalActionError(
                "roll or enter the dice before scoring", RefusalCode.NO_DICE_YET
            )
        new_sheet, points, bonus = sheet.score(box_id, turn.dice)
        sheets = list(state.sheets)
        sheets[turn.player] = new_sheet
        record = ScoredTurn(
            turn.player, turn.dice, box_id, points, bonus, turn.rolls, MappingProxyType(dict(extra))
        )
        next_player = (turn.player + 1) % len(sheets)
        return GameState(
            tuple(sheets), TurnState(player=next_player), (*state.scored_turns, record)
        )


class Game(DiceGame[YahtzeeRules]):
    """A game of a Yahtzee-family scoresheet for 1 to 8 named players."""

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str],
        *,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(YahtzeeRules.of(rules), players, seed=seed, extra=extra)

    @property
    def state(self) -> GameState:
        """The current state."""
        state: GameState = self._states[-1]
        return state

    @property
    def rolls_left(self) -> int:
        """Virtual rolls left this turn."""
        return self.rules.rolls_left(self.state)

    @property
    def current_sheet(self) -> Scoresheet:
        """The sheet of the player whose turn it is."""
        return self.state.sheets[self.current_player]

    def box_states(self, player: int | None = None) -> tuple[BoxState, ...]:
        """Every box of `player` (default: the current one) for the current dice.

        Other players' boxes are shown without dice: their sheets cannot take these dice.
        """
        if player is None or player == self.current_player:
            return self.current_sheet.box_states(None if self.finished else self.dice)
        return self.state.sheets[player].box_states(None)

    def score(self, box_id: str) -> Change:
        """Write the current dice in `box_id`, ending the turn."""
        return self.apply(Score(box_id))
