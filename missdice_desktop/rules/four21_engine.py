"""The 421 as a game of the engine: the shell's dice actions played by the 421's own rules.

The rules themselves (hands, rounds, the charge and the décharge) are `rules.four21`; this
module only answers the engine's questions with them, so that the window, undo/redo,
autosave and records treat the 421 like every other game.

>>> from missdice_desktop.rules.engine import DiceGame, Roll
>>> game = DiceGame(Four21Engine(), ["Anna", "Ben"])
>>> _ = game.apply(Roll((4, 2, 1)))
>>> _ = game.apply(Roll((2, 2, 1)))
>>> game.state.tokens, game.state.pot
((0, 10), 11)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from missdice_desktop.rules import four21
from missdice_desktop.rules.dice import Dice
from missdice_desktop.rules.engine import (
    EnterDice,
    GameRules,
    Hold,
    IllegalActionError,
    RecordedRoll,
    Refusal,
    RefusalCode,
    Roll,
    Standing,
)
from missdice_desktop.rules.four21 import Four21Rules, Four21State, Stop

_CODES = {
    four21.Four21ReasonCode.GAME_OVER: RefusalCode.GAME_OVER,
    four21.Four21ReasonCode.NO_THROWS_LEFT: RefusalCode.NO_THROWS_LEFT,
    four21.Four21ReasonCode.ALL_HELD: RefusalCode.ALL_HELD,
    four21.Four21ReasonCode.HELD_DIE_CHANGED: RefusalCode.HELD_DIE_CHANGED,
    four21.Four21ReasonCode.INVALID_DICE: RefusalCode.BAD_DICE,
    four21.Four21ReasonCode.THROW_FIRST: RefusalCode.NO_DICE_YET,
    four21.Four21ReasonCode.ONE_THROW: RefusalCode.ONE_THROW,
    four21.Four21ReasonCode.NO_SUCH_DIE: RefusalCode.NO_SUCH_DIE,
    four21.Four21ReasonCode.TOO_LONG: RefusalCode.TOO_LONG,
}
_TURN_KEYS = frozenset({"player", "rolls"})
"""The keys of a recorded turn that the 421 reads; any other is kept as it was."""


class Four21Engine(GameRules[Four21State]):
    """The 421 with its options (pot 11 or 21, 4-2-1 worth 8, 10 or 11) for the engine."""

    game_id = four21.GAME_ID
    min_players = four21.MIN_PLAYERS
    max_players = four21.MAX_PLAYERS
    total_key = "tokens"
    has_losers = True

    def __init__(self, rules: Four21Rules | None = None) -> None:
        self.rules = rules or Four21Rules()

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> Four21Engine:
        """The game for a record's options ({"pot": 21, "421": 10})."""
        return cls(Four21Rules.configure(options))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Four21Engine) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __repr__(self) -> str:
        return f"Four21Engine({self.rules!r})"

    @property
    def dice_count(self) -> int:
        """Three dice."""
        return four21.DICE_COUNT

    @property
    def option_values(self) -> dict[str, Any]:
        """The pot and the worth of 4-2-1."""
        return self.rules.options

    def initial_state(self, players: int) -> Four21State:
        """La charge, the first player to throw."""
        return self.rules.start([str(seat) for seat in range(players)])

    def current_player(self, state: Four21State) -> int:
        """The player throwing."""
        return state.current_player

    def is_finished(self, state: Four21State) -> bool:
        """Someone lost."""
        return state.finished

    def totals(self, state: Four21State) -> tuple[int, ...]:
        """The tokens each player holds."""
        return state.tokens

    def turns_played(self, state: Four21State) -> int:
        """Turns played (throws of the charge and tie-breaks count as turns)."""
        return len(state.turns)

    def dice(self, state: Four21State) -> Dice | None:
        """This turn's dice."""
        return state.turn.dice

    def details(self, state: Four21State, players: Sequence[str]) -> dict[str, Any]:
        """The phase, the pot, the players out and how the last round ended."""
        details: dict[str, Any] = {
            "phase": state.phase.value,
            "pot": state.pot,
            "out": [name for name, out in zip(players, state.out, strict=True) if out],
        }
        if state.payments:
            last = state.payments[-1]
            details["last_round"] = {
                "worst": players[last.worst],
                "best": players[last.best],
                "hand": four21.hand_text(last.best_hand),
                "tokens": last.tokens,
                "from": "pot" if last.payer is None else players[last.payer],
            }
        return details

    def shown_dice(self, state: Four21State) -> Dice | None:
        """This turn's dice, or the last turn's while the next player has not thrown."""
        if state.turn.dice is not None:
            return state.turn.dice
        return state.turns[-1].dice if state.turns else None

    def held(self, state: Four21State) -> tuple[bool, ...]:
        """The held dice."""
        return state.turn.held

    def rolls_left(self, state: Four21State) -> int:
        """Throws this turn still allows."""
        return max(0, state.turn.throws_left)

    def standings(self, state: Four21State, players: Sequence[str]) -> tuple[Standing, ...]:
        """Fewest tokens first (the loser last); equal counts share a place."""
        ordered = sorted(range(len(players)), key=lambda seat: (state.tokens[seat], seat))
        standings: list[Standing] = []
        for position, seat in enumerate(ordered):
            tokens = state.tokens[seat]
            tied = standings and standings[-1].total == tokens
            rank = standings[-1].rank if tied else position + 1
            standings.append(Standing(rank, seat, players[seat], tokens))
        return tuple(standings)

    def winners(self, state: Four21State, players: Sequence[str]) -> tuple[str, ...]:
        """No winner in the 421: only a loser."""
        return ()

    def losers(self, state: Four21State, players: Sequence[str]) -> tuple[str, ...]:
        """The one left holding tokens."""
        return () if state.loser is None else (players[state.loser],)

    def legal_actions(self, state: Four21State) -> tuple[Any, ...]:
        """Throw (or dice from the table), hold or release a die, stop the turn."""
        legal = self.rules.legal_actions(state)
        actions: list[Any] = [Roll(), EnterDice()] if legal.throw else []
        actions.extend(Hold(index, not state.turn.held[index]) for index in legal.hold)
        if legal.stop:
            actions.append(Stop())
        return tuple(actions)

    def why_not(self, state: Four21State, action: Any) -> Refusal | None:
        """Why `action` is refused now, or None; a throw without dice stands for any dice.

        Dice from the table stand for a throw that keeps the held dice, as a virtual one does.
        """
        if isinstance(action, EnterDice) and action.dice is None:
            action = Roll()
        return super().why_not(state, action)

    def next_state(self, state: Four21State, action: Any) -> Four21State:
        """The 421's next state for a throw, a hold or a stop."""
        match action:
            case Roll(dice=dice) | EnterDice(dice=dice):
                if dice is None:
                    raise IllegalActionError("a throw needs its dice", RefusalCode.BAD_DICE)
                extra = action.extra if isinstance(action, RecordedRoll) else ()
                move: four21.Four21Action = four21.Throw(tuple(dice), extra)
            case Hold(index=index, held=held):
                move = four21.Hold(index, held)
            case Stop():
                move = action
            case _:
                raise IllegalActionError(
                    f"not an action of the 421: {action!r}", RefusalCode.NOT_THIS_GAME
                )
        try:
            return self.rules.next_state(state, move)
        except four21.Four21Error as error:
            reason = error.reason
            raise IllegalActionError(
                reason.message(), _CODES[reason.code], value=reason.limit
            ) from None

    # The game record -----------------------------------------------------------------------

    def record_turns(self, state: Four21State) -> list[dict[str, Any]]:
        """Each played turn: its player and the dice after each throw."""
        turns: list[dict[str, Any]] = []
        for turn in state.turns:
            record: dict[str, Any] = {
                "player": turn.player,
                "rolls": [list(dice) for dice in turn.throws],
            }
            for key, value in turn.extra:
                record.setdefault(key, value)
            turns.append(record)
        return turns

    def record_current(self, state: Four21State) -> dict[str, Any] | None:
        """The turn in progress, if a throw was made."""
        turn = state.turn
        if not turn.throws or state.finished:
            return None
        current: dict[str, Any] = {
            "player": turn.player,
            "rolls": [list(dice) for dice in turn.throws],
        }
        if any(turn.held):
            current["held"] = list(turn.held)
        return current

    def turn_actions(self, state: Four21State, turn: Any, *, last: bool) -> list[Any]:
        """A played turn's throws, then a stop when it ended before its last throw."""
        player, throws = _player_and_throws(turn)
        four21.turn_actions(state, player, throws)  # order and count
        extra = tuple((key, value) for key, value in turn.items() if key not in _TURN_KEYS)
        # A recorded throw was seen: replayed as drawn, so that undo never takes it back.
        actions: list[Any] = [Roll(tuple(dice), drawn=True) for dice in throws]
        if len(throws) < state.turn.limit:
            actions.append(Stop(extra))
        elif extra:
            actions[-1] = RecordedRoll(tuple(throws[-1]), drawn=True, extra=extra)
        return actions

    def current_actions(self, state: Four21State, current: Any) -> list[Any]:
        """The throws of the turn in progress, then its held dice."""
        player, throws = _player_and_throws(current)
        if player != state.current_player:
            raise IllegalActionError(f"player {state.current_player} plays now")
        if len(throws) >= state.turn.limit:
            raise IllegalActionError(
                f"{len(throws)} throws: a turn in progress has fewer than its {state.turn.limit}"
            )
        actions: list[Any] = [Roll(tuple(dice), drawn=True) for dice in throws]
        held = current.get("held", [])
        if (
            not isinstance(held, list)
            or len(held) > four21.DICE_COUNT
            or not all(isinstance(flag, bool) for flag in held)
        ):
            raise IllegalActionError("held must be a list of true/false, one per die")
        actions.extend(Hold(index, True) for index, flag in enumerate(held) if flag)
        return actions


def _player_and_throws(turn: Any) -> tuple[int, list[list[int]]]:
    if not isinstance(turn, Mapping):
        raise IllegalActionError("a turn must be an object")
    player = turn.get("player")
    if type(player) is not int:
        raise IllegalActionError(f"player must be a number, not {player!r}")
    rolls = turn.get("rolls")
    if not isinstance(rolls, list) or not rolls:
        raise IllegalActionError("rolls must list the dice after each throw")
    if not all(isinstance(roll, list) for roll in rolls):
        raise IllegalActionError("each roll must be a list of 3 dice")
    return player, rolls
