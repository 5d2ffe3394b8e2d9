"""A game in progress: players, turns, dice, and the one door every action goes through.

Every user action (roll, hold, enter dice, score) is an `Action` given to `Game.apply`,
which checks it, records it and derives the next immutable `GameState`. Undo and redo
move along that record, so they restore everything (sheets, bonuses, joker state, dice,
holds) by construction, across turns and players.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from missdice_desktop.rules.dice import DICE_COUNT, FACES, Dice, make_dice
from missdice_desktop.rules.scoresheet import BoxState, IllegalActionError, Scoresheet
from missdice_desktop.rules.variants import Ruleset

MAX_ROLLS = 3
MAX_PLAYERS = 8
NO_HOLDS: tuple[bool, ...] = (False,) * DICE_COUNT


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held; `dice` is the result.

    `drawn` when the game drew the dice (a virtual roll): once seen it cannot be undone.
    Otherwise it is a throw of real dice read from the table, which counts as a roll.
    """

    dice: Dice
    drawn: bool = False


@dataclass(frozen=True)
class Hold:
    """Hold (or release) die `index` (0–4) before the next roll."""

    index: int
    held: bool


@dataclass(frozen=True)
class EnterDice:
    """Dice read from the table (typed in or seen by the camera), replacing the current dice.

    After a virtual roll it corrects that roll, which still counts.
    """

    dice: Dice


@dataclass(frozen=True)
class Score:
    """Write the current dice in box `box`, ending the turn.

    `extra` carries keys of a saved turn that this program does not use, kept on save.
    """

    box: str
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), compare=False)


Action = Roll | Hold | EnterDice | Score


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


@dataclass(frozen=True)
class Change:
    """What an action did, for views to redraw and autosave to react."""

    action: Action | None
    undone: bool = False
    redone: bool = False
    previous: GameState | None = None
    state: GameState | None = None

    @property
    def turn_ended(self) -> bool:
        """True when the current player changed (a score, or undoing one)."""
        if self.previous is None or self.state is None:
            return False
        return len(self.previous.scored_turns) != len(self.state.scored_turns)


@dataclass(frozen=True)
class Standing:
    """A player's place at the end (or so far): ties share a rank."""

    rank: int
    player: int
    name: str
    total: int


Listener = Callable[[Change], None]
MAX_NAME_LENGTH = 40


def check_player_name(name: str) -> None:
    """Raise IllegalActionError unless `name` is a printable name of 1 to 40 characters."""
    if not name.strip():
        raise IllegalActionError("every player needs a name")
    if len(name) > MAX_NAME_LENGTH:
        raise IllegalActionError(f"player names have at most {MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Cn", "Zl", "Zp") for ch in name):
        raise IllegalActionError(f"player name {name!r} has a character that cannot be shown")


class Game:
    """A game of a scoresheet variant for 1 to 8 named players."""

    def __init__(
        self,
        rules: Ruleset,
        players: Sequence[str],
        *,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        names = tuple(str(name).strip() for name in players)
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise IllegalActionError(f"a game needs 1 to {MAX_PLAYERS} players, got {len(names)}")
        for name in names:
            check_player_name(name)
        self.rules = rules
        self.players = names
        self.extra: dict[str, Any] = dict(extra or {})
        """Keys of a loaded record that this program does not use, kept on save."""
        self._random = random.Random(seed)
        self._states: list[GameState] = [
            GameState(tuple(Scoresheet(rules) for _ in names), TurnState(player=0))
        ]
        self._actions: list[Action] = []
        self._redo: list[Action] = []
        self._listeners: list[Listener] = []

    # Reading the game -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, oldest first."""
        return tuple(self._actions)

    @property
    def current_player(self) -> int:
        """Index of the player whose turn it is."""
        return self.state.turn.player

    @property
    def current_sheet(self) -> Scoresheet:
        """The sheet of the player whose turn it is."""
        return self.state.sheets[self.current_player]

    @property
    def dice(self) -> Dice | None:
        """The dice on the table this turn, None before the first roll or entry."""
        return self.state.turn.dice

    @property
    def held(self) -> tuple[bool, ...]:
        """Which dice are held."""
        return self.state.turn.held

    @property
    def rolls_left(self) -> int:
        """Virtual rolls left this turn."""
        return MAX_ROLLS - len(self.state.turn.rolls)

    @property
    def finished(self) -> bool:
        """True once every sheet is full."""
        return self.state.finished

    def box_states(self, player: int | None = None) -> tuple[BoxState, ...]:
        """Every box of `player` (default: the current one) for the current dice.

        Other players' boxes are shown without dice: their sheets cannot take these dice.
        """
        if player is None or player == self.current_player:
            return self.current_sheet.box_states(None if self.finished else self.dice)
        return self.state.sheets[player].box_states(None)

    def standings(self) -> tuple[Standing, ...]:
        """Players ranked by total, highest first; equal totals share a rank."""
        totals = [(sheet.total, index) for index, sheet in enumerate(self.state.sheets)]
        ordered = sorted(totals, key=lambda item: (-item[0], item[1]))
        standings: list[Standing] = []
        for position, (total, index) in enumerate(ordered):
            rank = (
                standings[-1].rank if standings and standings[-1].total == total else position + 1
            )
            standings.append(Standing(rank, index, self.players[index], total))
        return tuple(standings)

    def winners(self) -> tuple[str, ...]:
        """The names of the players with the highest total (several on a tie)."""
        return tuple(s.name for s in self.standings() if s.rank == 1)

    # The one door -----------------------------------------------------------------------------

    def apply(self, action: Action) -> Change:
        """Check `action`, apply it and record it; IllegalActionError if the rules forbid it."""
        previous = self.state
        state = self._next_state(previous, action)
        self._states.append(state)
        self._actions.append(action)
        self._redo.clear()
        return self._notify(Change(action, previous=previous, state=state))

    def roll(self) -> Change:
        """Roll every die that is not held."""
        turn = self.state.turn
        current = turn.dice or (1,) * DICE_COUNT
        dice = tuple(
            current[i] if turn.held[i] else self._random.randint(1, FACES)
            for i in range(DICE_COUNT)
        )
        return self.apply(Roll(dice, drawn=True))

    def throw(self, dice: Sequence[int] | str) -> Change:
        """Real dice thrown on the table (e.g. read by the camera): the turn's next roll."""
        return self.apply(Roll(make_dice(dice)))

    def hold(self, index: int, held: bool | None = None) -> Change:
        """Hold or release die `index`; toggles when `held` is None."""
        if not 0 <= index < DICE_COUNT:
            raise IllegalActionError(f"there is no die {index + 1}")
        return self.apply(Hold(index, not self.held[index] if held is None else held))

    def enter_dice(self, dice: Sequence[int] | str) -> Change:
        """Put dice from the table into the turn (e.g. "26266")."""
        return self.apply(EnterDice(make_dice(dice)))

    def score(self, box_id: str) -> Change:
        """Write the current dice in `box_id`, ending the turn."""
        return self.apply(Score(box_id))

    # Undo and redo -----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether there is an action to undo: anything but a virtual roll already seen.

        Undo may release holds or take back a score, never draw other dice.
        """
        if not self._actions:
            return False
        last = self._actions[-1]
        return not (isinstance(last, Roll) and last.drawn)

    @property
    def can_redo(self) -> bool:
        """Whether there is an undone action to redo."""
        return bool(self._redo)

    @property
    def next_redo(self) -> Action | None:
        """The action `redo` would apply again."""
        return self._redo[-1] if self._redo else None

    def undo(self) -> Change:
        """Take back the last action, whoever's turn it was."""
        if not self._actions:
            raise IllegalActionError("nothing to undo")
        if not self.can_undo:
            raise IllegalActionError("a virtual roll, once seen, stays: it cannot be undone")
        previous = self._states.pop()
        action = self._actions.pop()
        self._redo.append(action)
        return self._notify(Change(action, undone=True, previous=previous, state=self.state))

    def redo(self) -> Change:
        """Apply again the last undone action."""
        if not self._redo:
            raise IllegalActionError("nothing to redo")
        action = self._redo.pop()
        previous = self.state
        state = self._next_state(previous, action)
        self._states.append(state)
        self._actions.append(action)
        return self._notify(Change(action, redone=True, previous=previous, state=state))

    # Listeners -----------------------------------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        """Call `listener` after every action, undo and redo (autosave, views)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        """Stop calling `listener`."""
        self._listeners.remove(listener)

    def _notify(self, change: Change) -> Change:
        for listener in tuple(self._listeners):
            listener(change)
        return change

    # The rules of a turn -------------------------------------------------------------------------

    def _next_state(self, state: GameState, action: Action) -> GameState:
        if state.finished:
            raise IllegalActionError("the game is over")
        turn = state.turn
        match action:
            case Roll(dice=dice, drawn=drawn):
                if drawn and turn.dice is not None and not turn.rolls:
                    raise IllegalActionError(
                        "these dice were entered from the table: score them or correct them"
                    )
                return replace(state, turn=self._rolled(turn, make_dice(dice)))
            case Hold(index=index, held=held):
                if turn.dice is None:
                    raise IllegalActionError("roll the dice before holding any")
                if not 0 <= index < DICE_COUNT:
                    raise IllegalActionError(f"there is no die {index + 1}")
                holds = list(turn.held)
                holds[index] = held
                return replace(state, turn=replace(turn, held=tuple(holds)))
            case EnterDice(dice=dice):
                entered = make_dice(dice)
                # A correction after a roll replaces that roll: the roll count stands.
                rolls = (*turn.rolls[:-1], entered) if turn.rolls else ()
                return replace(state, turn=replace(turn, dice=entered, rolls=rolls))
            case Score(box=box_id, extra=extra):
                return self._scored(state, box_id, extra)
        raise TypeError(f"not an action: {action!r}")

    @staticmethod
    def _rolled(turn: TurnState, dice: Dice) -> TurnState:
        if len(turn.rolls) >= MAX_ROLLS:
            raise IllegalActionError(f"no rolls left: {MAX_ROLLS} rolls per turn")
        if turn.dice is not None:
            if all(turn.held):
                raise IllegalActionError("every die is held: release one to roll")
            if any(
                h and new != old for h, new, old in zip(turn.held, dice, turn.dice, strict=True)
            ):
                raise IllegalActionError("a held die cannot change when rolling")
        return replace(
            turn, dice=dice, rolls=(*turn.rolls, dice), roll_holds=(*turn.roll_holds, turn.held)
        )

    def _scored(self, state: GameState, box_id: str, extra: Mapping[str, Any]) -> GameState:
        turn = state.turn
        if turn.dice is None:
            raise IllegalActionError("roll or enter the dice before scoring")
        sheet = state.sheets[turn.player]
        if not sheet.rules.has_box(box_id):
            known = ", ".join(sheet.rules.box_ids)
            raise IllegalActionError(f"unknown box {box_id!r} (this sheet has: {known})")
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
