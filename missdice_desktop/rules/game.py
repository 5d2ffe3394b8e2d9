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
from typing import TYPE_CHECKING, Any, ClassVar

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
    JokerCase,
    RefusalCode,
    Roll,
    Standing,
    check_player_name,
)
from missdice_desktop.rules.gridfile import grid_from_mapping
from missdice_desktop.rules.scoresheet import BoxState, Scoresheet
from missdice_desktop.rules.variants import DEFAULT_VARIANT, RulesError, Ruleset, get_variant

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
HOUSE_GAME = "house"
"""A record's `game` for a house grid, which the record carries."""
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
    thrown: tuple[bool, ...] = ()
    """For each roll: thrown on the table (True, it undoes) or drawn by the game (False)."""


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

    def dice_entered(self, state: GameState) -> bool:
        """This turn's dice were entered from the table, not rolled: score or correct them."""
        return state.turn.dice is not None and not state.turn.rolls

    def joker_case(self, state: GameState) -> JokerCase:
        """What the joker does with the current dice on the current player's sheet."""
        if state.finished:
            return JokerCase.NONE
        return state.sheets[state.turn.player].joker_case(state.turn.dice)

    def turn_number(self, state: GameState) -> int:
        """The round the current player is in: one box a turn, from 1 to `turn_count`."""
        return len(state.scored_turns) // max(1, len(state.sheets)) + 1

    def turn_count(self) -> int:
        """One turn a box."""
        return len(self.boxes)

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
        if (
            len(turn.rolls) < MAX_ROLLS
            and not self.dice_entered(state)
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
                if drawn and self.dice_entered(state):
                    raise IllegalActionError(
                        "these dice were entered from the table: score them or correct them",
                        RefusalCode.TABLE_DICE_ENTERED,
                    )
                return replace(state, turn=self._rolled(turn, make_dice(dice), drawn))
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
    def _rolled(turn: TurnState, dice: Dice, drawn: bool) -> TurnState:
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
            turn,
            dice=dice,
            rolls=(*turn.rolls, dice),
            roll_holds=(*turn.roll_holds, turn.held),
            thrown=(*turn.thrown, not drawn),
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

    # The game record ---------------------------------------------------------------------------

    record_past_end: ClassVar[str] = "more turns than boxes: the game was already over"

    @classmethod
    def from_options(
        cls, options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> YahtzeeRules:
        """The rules of a record's grid (its `game`: a built-in grid's id, or "house" with its
        `grid`) with its `options`; the default grid without a record. RulesError (GridError
        for a house grid) when they cannot be made."""
        record = record or {}
        game_id = record.get("game", DEFAULT_VARIANT)
        if not isinstance(game_id, str):
            raise RulesError('game must name a scoresheet, e.g. "yahtzee"')
        if game_id == HOUSE_GAME:
            if "grid" not in record:
                raise RulesError("a house game needs its grid")
            variant = grid_from_mapping(record["grid"])
        else:
            variant = get_variant(game_id)
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object")
        return cls.of(variant.configure(options))

    @property
    def record_id(self) -> str:
        """The built-in grid's id, "house" for a house grid."""
        return HOUSE_GAME if self.variant.grid is not None else self.variant.id

    def record_definition(self) -> dict[str, Any]:
        """A house grid travels inside its record."""
        return {} if self.variant.grid is None else {"grid": dict(self.variant.grid)}

    def record_turns(self, state: GameState) -> list[dict[str, Any]]:
        """Each scored turn: its player, dice, rolls and box, unknown keys kept."""
        turns: list[dict[str, Any]] = []
        for scored in state.scored_turns:
            turn: dict[str, Any] = {"player": scored.player, "dice": list(scored.dice)}
            if scored.rolls:
                turn["rolls"] = [list(roll) for roll in scored.rolls]
            turn["box"] = scored.box
            turn.update(scored.extra)
            turns.append(turn)
        return turns

    def record_current(self, state: GameState) -> dict[str, Any] | None:
        """The turn in progress once it has dice: its rolls, the dice held at each, which were
        thrown on the table."""
        turn = state.turn
        if turn.dice is None or state.finished:
            return None
        current: dict[str, Any] = {"player": turn.player, "dice": list(turn.dice)}
        if turn.rolls:
            current["rolls"] = [list(roll) for roll in turn.rolls]
        if any(any(holds) for holds in turn.roll_holds):
            current["roll_holds"] = [list(holds) for holds in turn.roll_holds]
        if any(turn.held):
            current["held"] = list(turn.held)
        if any(turn.thrown):
            current["thrown"] = list(turn.thrown)
        return current

    def turn_actions(
        self, state: GameState, turn: Any, *, last: bool, players: Sequence[str] = ()
    ) -> list[Action]:
        """A scored turn: its dice (entered, or each roll, seen), then the box."""
        if not isinstance(turn, Mapping):
            raise IllegalActionError("a turn must be an object")
        expected = state.turn.player
        if type(turn.get("player")) is not int or turn.get("player") != expected:
            name = f" ({players[expected]})" if expected < len(players) else ""
            raise IllegalActionError(
                f"out of order: player {expected}{name} plays "
                f"this turn, the record says {turn.get('player')!r}"
            )
        if "dice" not in turn:
            raise IllegalActionError("dice are missing")
        dice = make_dice(_list(turn["dice"], "dice"))
        rolls = _checked_rolls(turn.get("rolls"), dice)
        actions: list[Action] = [] if rolls else [EnterDice(dice)]
        actions.extend(Roll(roll, drawn=True) for roll in rolls)
        box = turn.get("box")
        if not isinstance(box, str):
            raise IllegalActionError("box is missing")
        extra = {key: value for key, value in turn.items() if key not in _TURN_KEYS}
        actions.append(Score(box, extra))
        return actions

    def current_actions(self, state: GameState, current: Any) -> list[Action]:
        """The turn in progress as it was played: dice entered, held, rolled, corrected."""
        if not isinstance(current, Mapping):
            raise IllegalActionError("must be an object")
        if type(current.get("player")) is not int or current.get("player") != state.turn.player:
            raise IllegalActionError(f"player {state.turn.player} plays now")
        if current.get("dice") is None:
            return []
        dice = make_dice(_list(current["dice"], "dice"))
        rolls = _checked_rolls(current.get("rolls"), dice)
        roll_holds = current.get("roll_holds", [[False] * DICE_COUNT] * len(rolls))
        if not isinstance(roll_holds, list) or len(roll_holds) != len(rolls):
            raise IllegalActionError("roll_holds must list the held dice of each roll")
        thrown = current.get("thrown", [False] * len(rolls))
        if (
            not isinstance(thrown, list)
            or len(thrown) != len(rolls)
            or not all(isinstance(flag, bool) for flag in thrown)
        ):
            raise IllegalActionError(
                "thrown must say of each roll whether it was thrown on the table"
            )
        # The actions are checked as they are found, on a state of their own.
        replay = _Replay(self, state)
        if not rolls:
            replay.apply(EnterDice(dice))
        entered = False
        for roll, holds, on_table in zip(rolls, roll_holds, thrown, strict=True):
            if replay.state.turn.dice is None and isinstance(holds, list) and any(holds):
                replay.apply(EnterDice(roll))  # typed in, then dice held and rolled
                entered = True  # rolls after dice typed in: kept as throws (records before 12/2026)
            replay.hold_exactly(holds, "roll_holds")
            before = replay.state.turn.dice
            held = replay.state.turn.held
            if before is not None and any(
                hold and new != old for hold, new, old in zip(held, roll, before, strict=True)
            ):
                # Dice corrected after this roll (EnterDice): a held die changed with the
                # correction, not with the roll. Replay both, as they were played.
                rolled = tuple(
                    old if hold else new for hold, new, old in zip(held, roll, before, strict=True)
                )
                replay.apply(Roll(rolled, drawn=not (on_table or entered)))
                replay.apply(EnterDice(roll))
            else:
                replay.apply(Roll(roll, drawn=not (on_table or entered)))
        replay.hold_exactly(current.get("held", [False] * DICE_COUNT), "held")
        return replay.actions


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


_TURN_KEYS = frozenset({"player", "dice", "rolls", "box"})
"""The keys of a recorded turn that the family reads; any other is kept as it was."""


class _Replay:
    """Actions of a recorded turn in progress, each checked on the state it leads to."""

    def __init__(self, rules: YahtzeeRules, state: GameState) -> None:
        self.rules = rules
        self.state = state
        self.actions: list[Action] = []

    def apply(self, action: Action) -> None:
        self.state = self.rules.next_state(self.state, action)
        self.actions.append(action)

    def hold_exactly(self, flags: Any, name: str) -> None:
        """The Hold actions that make the held dice `flags` (a list of true/false)."""
        held = self.state.turn.held
        if (
            not isinstance(flags, list)
            or len(flags) > len(held)
            or not all(isinstance(flag, bool) for flag in flags)
        ):
            raise IllegalActionError(f"{name} must be lists of true/false, one per die")
        for index, flag in enumerate(flags):
            if self.state.turn.held[index] != flag:
                self.apply(Hold(index, flag))


def _checked_rolls(rolls: Any, dice: Dice) -> list[Dice]:
    if rolls is None or rolls == []:
        return []
    rolls = _list(rolls, "rolls")
    if len(rolls) > MAX_ROLLS:
        raise IllegalActionError(f"{len(rolls)} rolls: at most {MAX_ROLLS} per turn")
    checked = [make_dice(_list(roll, "each roll")) for roll in rolls]
    if checked[-1] != dice:
        raise IllegalActionError("the last roll must equal the dice scored")
    return checked


def _list(value: Any, name: str) -> Sequence[Any]:
    if not isinstance(value, list):
        raise IllegalActionError(f"{name} must be a list")
    return value
