"""Cochon (Pig): one die, roll as long as you dare, a 1 loses the turn, « Je garde » banks it.

The first player whose banked total reaches the target (100 by default) wins at once. Once
the turn's total would reach it, the player holds: there is nothing left to roll for. So
a turn has at most about target ÷ 2 rolls, and a game at most `MAX_TURNS` turns.

>>> from missdice_desktop.rules.engine import DiceGame, Roll
>>> game = DiceGame(PigRules(target=10), ["Anna", "Ben"])
>>> _ = game.apply(Roll((6,)))
>>> _ = game.apply(Roll((5,)))
>>> _ = game.apply(Bank())
>>> game.finished, game.winners()
(True, ('Anna',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from missdice_desktop.rules.dice import Dice, make_dice
from missdice_desktop.rules.engine import (
    EnterDice,
    GameRules,
    History,
    IllegalActionError,
    RecordedRoll,
    RefusalCode,
    Roll,
    TurnExtra,
)
from missdice_desktop.rules.options import PIG_TARGET

if TYPE_CHECKING:
    from missdice_desktop.rules.actions import Action

DEFAULT_TARGET = PIG_TARGET.default
MIN_TARGET = PIG_TARGET.low
MAX_TARGET = PIG_TARGET.high
LOSING_FACE = 1
MAX_TURNS = 10_000
"""No real game has this many turns (8 players rolling once a turn reach 1,000 in about
2,400); a game that reaches it cannot go on, and a record with more is refused."""
TURN_KEYS = frozenset({"player", "rolls", "hold"})
"""The keys of a recorded turn that Cochon reads; any other is kept as it was."""


@dataclass(frozen=True)
class Bank:
    """« Je garde »: add the turn total to the player's banked total, ending the turn."""

    extra: TurnExtra = field(default=(), compare=False)
    """The recorded turn's unknown keys, when the hold comes from a record."""


@dataclass(frozen=True)
class PigTurn:
    """A turn: whose it is, the faces rolled, and whether it ended by holding."""

    player: int
    rolls: tuple[int, ...] = ()
    held: bool = False
    extra: TurnExtra = ()
    """Keys of the recorded turn this program does not use, written back on save."""

    @property
    def lost(self) -> bool:
        """The turn ended on a 1."""
        return bool(self.rolls) and self.rolls[-1] == LOSING_FACE

    @property
    def total(self) -> int:
        """What the turn adds if held now (0 once lost)."""
        return 0 if self.lost else sum(self.rolls)


@dataclass(frozen=True)
class PigState:
    """Banked totals, the turn in progress and the turns played. Immutable."""

    banked: tuple[int, ...]
    turn: PigTurn
    turns: History[PigTurn] = field(default_factory=History)
    """The turns ended, oldest first; states share them (undo keeps every state)."""
    winner: int | None = None

    @property
    def last_roll(self) -> int | None:
        """The face on the table: this turn's last roll, or the one that ended the last turn."""
        if self.turn.rolls:
            return self.turn.rolls[-1]
        return self.turns[-1].rolls[-1] if self.turns and self.turns[-1].rolls else None


class PigRules(GameRules[PigState]):
    """Cochon with a target total (an option)."""

    game_id = "pig"

    def __init__(self, target: int = DEFAULT_TARGET) -> None:
        if type(target) is not int or not MIN_TARGET <= target <= MAX_TARGET:
            raise IllegalActionError(
                f"the target must be a whole number from {MIN_TARGET} to {MAX_TARGET}, "
                f"got {target!r}"
            )
        self.target = target

    @classmethod
    def from_options(
        cls, options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> PigRules:
        """The rules for a record's options ({"target": 100}); IllegalActionError if bad."""
        if not isinstance(options, Mapping):
            raise IllegalActionError("options must be an object")
        unknown = set(options) - {"target"}
        if unknown:
            raise IllegalActionError(f"unknown option {sorted(unknown)[0]!r} (Cochon has: target)")
        return cls(options.get("target", DEFAULT_TARGET))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PigRules) and other.target == self.target

    def __hash__(self) -> int:
        return hash(("pig", self.target))

    def __repr__(self) -> str:
        return f"PigRules(target={self.target})"

    @property
    def dice_count(self) -> int:
        """One die."""
        return 1

    @property
    def option_values(self) -> dict[str, Any]:
        """The target."""
        return {"target": self.target}

    def initial_state(self, players: int) -> PigState:
        """Nothing banked, the first player to roll."""
        return PigState((0,) * players, PigTurn(0))

    def current_player(self, state: PigState) -> int:
        """The player rolling."""
        return state.turn.player

    def is_finished(self, state: PigState) -> bool:
        """Someone reached the target."""
        return state.winner is not None

    def totals(self, state: PigState) -> tuple[int, ...]:
        """Banked totals."""
        return state.banked

    def turns_played(self, state: PigState) -> int:
        """Turns ended."""
        return len(state.turns)

    def dice(self, state: PigState) -> Dice | None:
        """The die of this turn's last roll, None before the turn's first roll."""
        return (state.turn.rolls[-1],) if state.turn.rolls else None

    def shown_dice(self, state: PigState) -> Dice | None:
        """The die on the table: this turn's last roll, or the 1 that ended the last turn."""
        return None if state.last_roll is None else (state.last_roll,)

    def winners(self, state: PigState, players: Sequence[str]) -> tuple[str, ...]:
        """The one who reached the target."""
        return () if state.winner is None else (players[state.winner],)

    def winning_seats(self, state: PigState) -> tuple[int, ...]:
        """The seat of the one who reached the target."""
        return () if state.winner is None else (state.winner,)

    def legal_actions(self, state: PigState) -> tuple[Action, ...]:
        """Roll (or a die from the table) at any time; hold once the turn has a roll.

        >>> rules = PigRules()
        >>> rules.legal_actions(rules.initial_state(2))
        (Roll(dice=None, drawn=False), EnterDice(dice=None))
        """
        if state.winner is not None:
            return ()
        actions: list[Action] = [] if self._roll_refusal(state) else [Roll(), EnterDice()]
        if state.turn.rolls:
            actions.append(Bank())
        return tuple(actions)

    def target_reached(self, state: PigState) -> bool:
        """Whether holding now wins: the banked total and the turn's reach the target."""
        turn = state.turn
        return bool(turn.rolls) and state.banked[turn.player] + turn.total >= self.target

    def _roll_refusal(self, state: PigState) -> IllegalActionError | None:
        if self.target_reached(state):
            return IllegalActionError(
                f"the turn reaches the target of {self.target}: hold to win",
                RefusalCode.TARGET_REACHED,
                value=self.target,
            )
        if len(state.turns) >= MAX_TURNS:
            return IllegalActionError(
                f"a game of Cochon has at most {MAX_TURNS} turns",
                RefusalCode.TOO_LONG,
                value=MAX_TURNS,
            )
        return None

    def next_state(self, state: PigState, action: Action) -> PigState:
        """A roll adds to the turn (a 1 loses it); holding banks it and may win the game."""
        if state.winner is not None:
            raise IllegalActionError("the game is over", RefusalCode.GAME_OVER)
        match action:
            case Roll(dice=dice) | EnterDice(dice=dice):
                refusal = self._roll_refusal(state)
                if refusal is not None:
                    raise refusal
                if dice is None:
                    raise IllegalActionError("a roll needs its die", RefusalCode.BAD_DICE)
                (face,) = make_dice(dice, count=1)
                turn = replace(
                    state.turn,
                    rolls=(*state.turn.rolls, face),
                    extra=state.turn.extra + getattr(action, "extra", ()),
                )
                if face == LOSING_FACE:
                    return self._next_turn(state, turn, state.banked)
                return replace(state, turn=turn)
            case Bank():
                turn = state.turn
                if not turn.rolls:
                    raise IllegalActionError(
                        "roll at least once before holding", RefusalCode.NOTHING_TO_BANK
                    )
                banked = list(state.banked)
                banked[turn.player] += turn.total
                ended = replace(turn, held=True, extra=turn.extra + action.extra)
                return self._next_turn(state, ended, tuple(banked))
        raise IllegalActionError(f"not an action of Cochon: {action!r}", RefusalCode.NOT_THIS_GAME)

    def _next_turn(self, state: PigState, ended: PigTurn, banked: tuple[int, ...]) -> PigState:
        winner = ended.player if banked[ended.player] >= self.target else None
        following = (ended.player + 1) % len(banked)
        return PigState(banked, PigTurn(following), state.turns.plus(ended), winner)

    # The game record -----------------------------------------------------------------------

    def record_turns(self, state: PigState) -> list[dict[str, Any]]:
        """The record's turns: each with its rolls, `"hold": true` if held; the open one last."""
        turns = [*state.turns, state.turn] if state.turn.rolls else list(state.turns)
        records: list[dict[str, Any]] = []
        for turn in turns:
            record: dict[str, Any] = {"player": turn.player, "rolls": list(turn.rolls)}
            if turn.held:
                record["hold"] = True
            for key, value in turn.extra:
                record.setdefault(key, value)
            records.append(record)
        return records

    def turn_actions(
        self, state: PigState, turn: Any, *, last: bool, players: Sequence[str] = ()
    ) -> list[Action]:
        """The actions of one recorded turn, checked for shape; IllegalActionError if bad.

        A turn ends with its 1 or with `"hold": true`; only the last may still be open.
        """
        if not isinstance(turn, Mapping):
            raise IllegalActionError("a turn must be an object")
        expected = state.turn.player
        if type(turn.get("player")) is not int or turn.get("player") != expected:
            raise IllegalActionError(
                f"out of order: player {expected} plays this turn, "
                f"the record says {turn.get('player')!r}"
            )
        rolls = turn.get("rolls")
        if not isinstance(rolls, list) or not rolls:
            raise IllegalActionError("rolls must be a list of the faces rolled")
        hold = turn.get("hold", False)
        if not isinstance(hold, bool):
            raise IllegalActionError("hold must be true or false")
        for index, face in enumerate(rolls):
            if not _is_face(face):
                raise IllegalActionError(f"a roll must be a face from 1 to 6, got {face!r}")
            if face == LOSING_FACE and index < len(rolls) - 1:
                raise IllegalActionError("a roll after a 1: the 1 ended the turn")
        lost = rolls[-1] == LOSING_FACE
        if lost and hold:
            raise IllegalActionError("a turn that ended on a 1 cannot be held")
        if not (lost or hold or last):
            raise IllegalActionError('the turn does not end: it needs a 1 or "hold": true')
        extra = tuple((key, value) for key, value in turn.items() if key not in TURN_KEYS)
        # A recorded roll was seen: replayed as drawn, so that undo never takes it back.
        actions: list[Action] = [Roll((face,), drawn=True) for face in rolls]
        if hold:
            actions.append(Bank(extra))
        elif extra:
            actions[-1] = RecordedRoll((rolls[-1],), drawn=True, extra=extra)
        return actions


def _is_face(value: Any) -> bool:
    return type(value) is int and 1 <= value <= 6
