"""The engine shell, the same for every dice game: players, the action log, undo/redo, listeners.

A game's rules are one `GameRules` object (Yahtzee family, Cochon, 421…), registered by id
in `missdice_desktop.rules.registry`. The shell `DiceGame` knows no rule: every action goes
through its one door, `apply`, which asks the rules for the next immutable state, records the
action and tells the listeners what changed. Undo and redo move along that record.

What may happen now is asked, never re-checked: `legal_actions()` lists the actions allowed
(a `Roll()` or `EnterDice()` without dice stands for any dice), and `why_not(action)` gives a
`Refusal` — a `RefusalCode` the window translates, and a plain English message.
"""

from __future__ import annotations

import enum
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, overload

from missdice_desktop.rules.dice import Dice, make_dice
from missdice_desktop.rules.refusals import IllegalActionError, Refusal, RefusalCode
from missdice_desktop.rules.text import shown_text_problem

if TYPE_CHECKING:
    from missdice_desktop.rules.actions import Action

MAX_PLAYERS = 8
MAX_NAME_LENGTH = 40
__all__ = [
    "MAX_PLAYERS",
    "Change",
    "DiceGame",
    "EnterDice",
    "GameRules",
    "History",
    "Hold",
    "IllegalActionError",
    "JokerCase",
    "RecordedRoll",
    "Refusal",
    "RefusalCode",
    "RenamePlayers",
    "Roll",
    "Standing",
    "TurnExtra",
    "check_player_name",
    "kept_player_name",
    "player_name_problem",
    "rank_players",
]


ItemT = TypeVar("ItemT")


class History(Sequence[ItemT]):
    """An immutable sequence that grows at its end and shares what it held: a game's past.

    Each state of a game keeps its past turns; undo keeps every state. With a tuple each
    state would copy the whole past (memory as the square of the game's length); a
    `History` is its newest item and a link to the history before it, so `plus` costs one
    item. The newest item is read at once, others by walking back from the end.

    >>> past = History().plus("a").plus("b")
    >>> list(past), past[-1], len(past), past == ("a", "b")
    (['a', 'b'], 'b', 2, True)
    """

    __slots__ = ("_before", "_last", "_length")

    def __init__(self, items: Sequence[ItemT] = ()) -> None:
        before: History[ItemT] | None = None
        last: Any = None
        length = 0
        for item in items:
            if length:
                before = _history(before, last, length)
            last, length = item, length + 1
        self._before = before
        self._last = last
        self._length = length

    def plus(self, item: ItemT) -> History[ItemT]:
        """This history with `item` after its newest one (this one is left as it is)."""
        return _history(self if self._length else None, item, self._length + 1)

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[ItemT]:
        return iter(self._items())

    def __reversed__(self) -> Iterator[ItemT]:
        node: History[ItemT] | None = self
        while node is not None and node._length:
            yield node._last
            node = node._before

    def _items(self) -> list[ItemT]:
        items = list(reversed(self))
        items.reverse()
        return items

    @overload
    def __getitem__(self, index: int) -> ItemT: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[ItemT, ...]: ...

    def __getitem__(self, index: int | slice) -> ItemT | tuple[ItemT, ...]:
        if isinstance(index, slice):
            return tuple(self._items()[index])
        position = index + self._length if index < 0 else index
        if not 0 <= position < self._length:
            raise IndexError("history index out of range")
        node = self
        for _ in range(self._length - 1 - position):
            assert node._before is not None
            node = node._before
        return node._last  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, History):
            return len(other) == self._length and self._items() == other._items()
        if isinstance(other, tuple):
            return tuple(self._items()) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._items()))

    def __repr__(self) -> str:
        return f"History({tuple(self._items())!r})"


def _history(before: History[ItemT] | None, last: ItemT, length: int) -> History[ItemT]:
    history: History[ItemT] = History.__new__(History)
    history._before = before
    history._last = last
    history._length = length
    return history


# The dice actions every dice game shares ---------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held; `dice` is the result, None for the game to draw it.

    `drawn` when the game drew the dice (a virtual roll): once seen it cannot be undone.
    A roll with `drawn` False is a throw of real dice read from the table (the camera's
    automatic mode), which counts as a roll and can be undone.
    """

    dice: Dice | None = None
    drawn: bool = False


TurnExtra = tuple[tuple[str, Any], ...]
"""A recorded turn's keys that this program does not use, in their order, kept on save."""


@dataclass(frozen=True)
class RecordedRoll(Roll):
    """A recorded turn's last roll when the turn ends on it, carrying the turn's unknown keys."""

    extra: TurnExtra = field(default=(), compare=False)


@dataclass(frozen=True)
class Hold:
    """Hold (or release) die `index` (from 0) before the next roll."""

    index: int
    held: bool


@dataclass(frozen=True)
class EnterDice:
    """Dice read from the table (typed in or seen by the camera); None stands for any dice."""

    dice: Dice | None = None


@dataclass(frozen=True)
class RenamePlayers:
    """Give the seats new names, in seat order; nothing else changes.

    Before the first turn, renaming every seat is also how the order of play and who starts
    are chosen.
    """

    names: tuple[str, ...]


@dataclass(frozen=True)
class Standing:
    """A player's place at the end (or so far): ties share a rank."""

    rank: int
    player: int
    name: str
    total: int


class JokerCase(enum.Enum):
    """What the joker does with the current dice (the Yahtzee family; NONE in other games)."""

    NONE = "none"
    """The joker plays no part: no five of a kind, or a sheet without the joker rule."""
    LOWER_FULL_VALUE = "lower_full_value"
    """The lower boxes score their full value (a full house with five of a kind, say)."""
    UPPER_AT_ZERO = "upper_at_zero"
    """Every lower box is filled: the dice go in a free upper box, at 0."""


def rank_players(players: Sequence[str], totals: Sequence[int]) -> tuple[Standing, ...]:
    """Players ranked by total, highest first; equal totals share a rank.

    >>> [(s.rank, s.name) for s in rank_players(["A", "B", "C"], [3, 9, 3])]
    [(1, 'B'), (2, 'A'), (2, 'C')]
    """
    ordered = sorted(enumerate(totals), key=lambda item: (-item[1], item[0]))
    standings: list[Standing] = []
    for position, (index, total) in enumerate(ordered):
        tied = standings and standings[-1].total == total
        rank = standings[-1].rank if tied else position + 1
        standings.append(Standing(rank, index, players[index], total))
    return tuple(standings)


def kept_player_name(name: str) -> str:
    """`name` as a game keeps it: without the spaces around it (tabs, U+3000 included).

    Empty when the name is blank; the settings keep such a seat for a default name.

    >>> kept_player_name(" Anna\t"), kept_player_name("\u3000")
    ('Anna', '')
    """
    return name.strip()


def player_name_problem(name: str) -> str | None:
    """Why `name`, as a game keeps it, cannot name a player; None when it can.

    The one rule for names, asked by the engine and by the settings alike.
    """
    kept = kept_player_name(name)
    if not kept:
        return "every player needs a name"
    if len(kept) > MAX_NAME_LENGTH:
        return f"player names have at most {MAX_NAME_LENGTH} characters"
    problem = shown_text_problem(kept, max_length=MAX_NAME_LENGTH)
    if problem is not None:
        return f"player name {name!r} {problem}"
    return None


def check_player_name(name: str) -> None:
    """Raise IllegalActionError unless `name` shows as written, in 1 to 40 characters."""
    problem = player_name_problem(name)
    if problem is not None:
        raise IllegalActionError(problem, RefusalCode.BAD_PLAYERS)


StateT = TypeVar("StateT")


class GameRules(ABC, Generic[StateT]):
    """The rules of one game, as configured: its dice, its actions, its turns and its end.

    Subclasses hold their options as data and say how a state follows from an action.
    """

    game_id: ClassVar[str]
    """The game's id in the registry (the Yahtzee family answers for all its grids)."""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = MAX_PLAYERS
    total_key: ClassVar[str] = "total"
    """What a player's number is called in summaries ("total" points, "tokens" in 421)."""
    has_losers: ClassVar[bool] = False
    """True for games decided by who loses (421) rather than who wins."""

    @property
    @abstractmethod
    def dice_count(self) -> int:
        """How many dice a throw has."""

    @property
    def faces(self) -> int:
        """How many faces each die has."""
        return 6

    @property
    @abstractmethod
    def option_values(self) -> dict[str, Any]:
        """The options as the game record keeps them."""

    @abstractmethod
    def initial_state(self, players: int) -> StateT:
        """The state before anyone plays."""

    @abstractmethod
    def next_state(self, state: StateT, action: Action) -> StateT:
        """The state after `action`; IllegalActionError (with a code) if the rules forbid it."""

    @abstractmethod
    def legal_actions(self, state: StateT) -> tuple[Action, ...]:
        """Every action allowed now; `Roll()` and `EnterDice()` stand for any dice."""

    @abstractmethod
    def current_player(self, state: StateT) -> int:
        """Index of the player whose turn it is."""

    @abstractmethod
    def is_finished(self, state: StateT) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def totals(self, state: StateT) -> tuple[int, ...]:
        """Each player's score (or tokens) now, by seat."""

    @abstractmethod
    def turns_played(self, state: StateT) -> int:
        """How many turns have ended; a change in it means the turn passed."""

    def dice(self, state: StateT) -> Dice | None:
        """The dice on the table, None before the turn's first roll."""
        return None

    @property
    def face_range(self) -> range:
        """The faces a die may show: 1 to `faces`."""
        return range(1, self.faces + 1)

    def dice_entered(self, state: StateT) -> bool:
        """Whether this turn's dice were entered from the table rather than rolled.

        Such dice are scored or corrected, not rolled again virtually (the Yahtzee family);
        no game but that family keeps them apart.
        """
        return False

    def joker_case(self, state: StateT) -> JokerCase:
        """What the joker does with the current dice; NONE in a game without a joker."""
        return JokerCase.NONE

    def turn_number(self, state: StateT) -> int | None:
        """The round the current player is in, from 1, for a game of so many turns each
        (`turn_count`); None for a game without a set number of turns."""
        return None

    def turn_count(self) -> int | None:
        """How many turns each player has in a game of a set length; None otherwise."""
        return None

    def winning_seats(self, state: StateT) -> tuple[int, ...]:
        """The seats of the winners once the game is over (several on a tie), else none."""
        if not self.is_finished(state):
            return ()
        totals = self.totals(state)
        return tuple(s.player for s in rank_players([""] * len(totals), totals) if s.rank == 1)

    def held(self, state: StateT) -> tuple[bool, ...]:
        """Which dice are held (none unless the game holds dice)."""
        return (False,) * self.dice_count

    def details(self, state: StateT, players: Sequence[str]) -> dict[str, Any]:
        """More of the state for `missdice replay` (JSON-ready), e.g. the 421's pot; none here."""
        return {}

    def shown_dice(self, state: StateT) -> Dice | None:
        """The dice to show on the table: this turn's, or those that just ended a turn."""
        return self.dice(state)

    def rolls_left(self, state: StateT) -> int | None:
        """Rolls left this turn; None when there is no limit."""
        return None

    def standings(self, state: StateT, players: Sequence[str]) -> tuple[Standing, ...]:
        """Players ranked, best first (by total, highest first, unless a game says otherwise)."""
        return rank_players(players, self.totals(state))

    def winners(self, state: StateT, players: Sequence[str]) -> tuple[str, ...]:
        """The names of the winners once the game is over."""
        if not self.is_finished(state):
            return ()
        return tuple(s.name for s in self.standings(state, players) if s.rank == 1)

    def losers(self, state: StateT, players: Sequence[str]) -> tuple[str, ...]:
        """The names of the losers, for games that have one (421); else none."""
        return ()

    def draw(self, state: StateT, rng: random.Random) -> Dice:
        """Random dice for a roll: held dice stay, the others are drawn."""
        current = self.dice(state) or (1,) * self.dice_count
        held = self.held(state)
        return tuple(
            current[i] if held[i] else rng.randint(1, self.faces) for i in range(self.dice_count)
        )

    def make_dice(self, values: Sequence[int] | str) -> Dice:
        """`values` as this game's dice, or InvalidDiceError."""
        return make_dice(values, count=self.dice_count, faces=self.faces)

    @property
    def record_id(self) -> str:
        """The record's `game` value (a grid's id in the Yahtzee family)."""
        return self.game_id

    def record_definition(self) -> dict[str, Any]:
        """What a record keeps after its turns to make these rules again (a house grid)."""
        return {}

    record_past_end: ClassVar[str] = "a turn after the end: the game was already over"
    """What a record's turn after the end of the game is told."""

    def record_turns(self, state: StateT) -> list[dict[str, Any]]:
        """The game record's turns for `state` (docs/game-record.md), the open turn last."""
        raise NotImplementedError(f"{self.game_id} writes its own records")

    def record_current(self, state: StateT) -> dict[str, Any] | None:
        """The record's `current` turn (a turn in progress kept apart), None when none."""
        return None

    def current_actions(self, state: StateT, current: Any) -> list[Action]:
        """The actions of a record's `current` turn; IllegalActionError when it is wrong."""
        raise IllegalActionError("this game keeps no separate turn in progress")

    def turn_actions(
        self, state: StateT, turn: Any, *, last: bool, players: Sequence[str] = ()
    ) -> list[Action]:
        """The actions of one recorded turn; IllegalActionError when its shape is wrong.

        `last` tells whether it is the record's last turn (which may still be open);
        `players` names the seats, for the messages.
        """
        raise NotImplementedError(f"{self.game_id} reads its own records")

    def why_not(self, state: StateT, action: Action) -> Refusal | None:
        """Why `action` is refused now, or None when it is allowed."""
        try:
            self.next_state(state, self._concrete(state, action))
        except IllegalActionError as error:
            return error.refusal
        return None

    def _concrete(self, state: StateT, action: Action) -> Action:
        """Stand-in dice for `Roll()` / `EnterDice()`, whose legality does not hang on them."""
        if isinstance(action, Roll) and action.dice is None:
            return Roll(self.dice(state) or (1,) * self.dice_count, drawn=True)
        if isinstance(action, EnterDice) and action.dice is None:
            return EnterDice((1,) * self.dice_count)
        return action


@dataclass(frozen=True)
class Change:
    """What an action did, for views to redraw and autosave to react."""

    action: Action
    undone: bool = False
    redone: bool = False
    previous: Any = None
    state: Any = None
    turn_ended: bool = False
    """True when the turn passed (a turn ended, or undoing one)."""
    totals_changed: tuple[int, ...] = ()
    """The seats whose total (points, tokens) changed: the columns a view redraws."""

    @property
    def names_changed(self) -> bool:
        """True when the players' names changed (a rename, undone or redone)."""
        return isinstance(self.action, RenamePlayers)

    @property
    def dice_changed(self) -> bool:
        """True when the dice on the table may differ (a roll, dice entered, a turn passed)."""
        return self.turn_ended or isinstance(self.action, Roll | EnterDice)


Listener = Callable[[Change], None]
RulesT = TypeVar("RulesT", bound=GameRules[Any])


class DiceGame(Generic[RulesT]):
    """A game of any registered rules for named players: the shell around the rules.

    >>> from missdice_desktop.rules.pig import PigRules
    >>> game = DiceGame(PigRules(target=20), ["Anna", "Ben"], seed=1)
    >>> game.why_not(Roll()) is None
    True
    """

    def __init__(
        self,
        rules: RulesT,
        players: Sequence[str],
        *,
        seed: int | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> None:
        names = tuple(kept_player_name(str(name)) for name in players)
        low, high = rules.min_players, rules.max_players
        if not low <= len(names) <= high:
            raise IllegalActionError(
                f"a game needs {low} to {high} players, got {len(names)}",
                RefusalCode.BAD_PLAYERS,
            )
        for name in names:
            check_player_name(name)
        self.rules = rules
        self._names: list[tuple[str, ...]] = [names]
        """The players' names after each action (renaming is an action, undone like any)."""
        self.extra: dict[str, Any] = dict(extra or {})
        """Keys of a loaded record that this program does not use, kept on save."""
        self._random = random.Random(seed)
        self._states: list[Any] = [rules.initial_state(len(names))]
        self._actions: list[Action] = []
        self._redo: list[Action] = []
        self._listeners: list[Listener] = []

    # Reading the game -------------------------------------------------------------------------

    @property
    def game_id(self) -> str:
        """The registry id of the game's rules."""
        return self.rules.game_id

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in seat order."""
        return self._names[-1]

    @property
    def state(self) -> Any:
        """The current state (its type is the rules')."""
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action applied so far, oldest first."""
        return tuple(self._actions)

    @property
    def current_player(self) -> int:
        """Index of the player whose turn it is."""
        return self.rules.current_player(self.state)

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return self.rules.is_finished(self.state)

    @property
    def dice(self) -> Dice | None:
        """The dice on the table this turn, None before the first roll or entry."""
        return self.rules.dice(self.state)

    @property
    def held(self) -> tuple[bool, ...]:
        """Which dice are held."""
        return self.rules.held(self.state)

    @property
    def rolls_left(self) -> int | None:
        """Rolls left this turn, None when a turn has no limit."""
        return self.rules.rolls_left(self.state)

    def standings(self) -> tuple[Standing, ...]:
        """Players ranked, best first; ties share a rank."""
        return self.rules.standings(self.state, self.players)

    def winners(self) -> tuple[str, ...]:
        """The names of the winners (several on a tie) once the game is over."""
        return self.rules.winners(self.state, self.players)

    def losers(self) -> tuple[str, ...]:
        """The names of the losers, for games that have one."""
        return self.rules.losers(self.state, self.players)

    # What may happen now ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action allowed now (`Roll()`, `EnterDice()` stand for any dice)."""
        return self.rules.legal_actions(self.state)

    def why_not(self, action: Action) -> Refusal | None:
        """Why `action` would be refused now, or None when it is allowed."""
        if isinstance(action, RenamePlayers):
            try:
                self._next(self.state, action)
            except IllegalActionError as error:
                return error.refusal
            return None
        return self.rules.why_not(self.state, action)

    def is_legal(self, action: Action) -> bool:
        """Whether `action` is allowed now."""
        return self.why_not(action) is None

    # The one door -----------------------------------------------------------------------------

    def apply(self, action: Action) -> Change:
        """Check `action`, apply it and record it; IllegalActionError if the rules forbid it.

        A `Roll()` without dice is drawn here, so the record keeps the dice rolled.
        """
        previous = self.state
        if isinstance(action, Roll) and action.dice is None:
            refusal = self.rules.why_not(previous, action)
            if refusal is not None:
                raise IllegalActionError(
                    refusal.message, refusal.code, value=refusal.value, reason=refusal.reason
                )
            action = Roll(self.rules.draw(previous, self._random), drawn=True)
        state, names = self._next(previous, action)
        self._states.append(state)
        self._names.append(names)
        self._actions.append(action)
        self._redo.clear()
        return self._notify(Change(action, previous=previous, state=state))

    def _next(self, state: Any, action: Action) -> tuple[Any, tuple[str, ...]]:
        """The state and the names after `action` (the shell's own, or the rules')."""
        if isinstance(action, RenamePlayers):
            names = tuple(kept_player_name(str(name)) for name in action.names)
            if len(names) != len(self.players):
                raise IllegalActionError(
                    f"{len(self.players)} names needed, got {len(names)}", RefusalCode.BAD_PLAYERS
                )
            for name in names:
                check_player_name(name)
            return state, names
        return self.rules.next_state(state, action), self.players

    def relabel_names(self, labels: Mapping[str, str]) -> None:
        """Show names under other labels, all along the game, without an action.

        For names the window makes up (a default "Player 2" shown in another language):
        not a player's choice, so nothing to undo. A player's own rename is `rename_players`.
        """
        for label in labels.values():
            check_player_name(label)
        for index, names in enumerate(self._names):
            self._names[index] = tuple(kept_player_name(labels.get(name, name)) for name in names)

    def rename_players(self, names: Sequence[str]) -> Change:
        """Rename the seats (in seat order), through the one door so that undo follows."""
        return self.apply(RenamePlayers(tuple(names)))

    def roll(self) -> Change:
        """Roll every die that is not held."""
        return self.apply(Roll())

    def hold(self, index: int, held: bool | None = None) -> Change:
        """Hold or release die `index`; toggles when `held` is None."""
        if not 0 <= index < self.rules.dice_count:
            raise IllegalActionError(
                f"there is no die {index + 1}", RefusalCode.NO_SUCH_DIE, value=index + 1
            )
        return self.apply(Hold(index, not self.held[index] if held is None else held))

    def enter_dice(self, dice: Sequence[int] | str) -> Change:
        """Put dice from the table into the turn (e.g. "26266")."""
        return self.apply(EnterDice(self.rules.make_dice(dice)))

    def throw(self, dice: Sequence[int] | str) -> Change:
        """Real dice thrown on the table (e.g. read by the camera): the turn's next roll."""
        return self.apply(Roll(self.rules.make_dice(dice)))

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
        """The action `redo` would apply again, None when there is none."""
        return self._redo[-1] if self._redo else None

    @property
    def last_actor(self) -> int | None:
        """The seat of the player whose turn it was at the last action (what undo takes
        back), None when nothing was played; the turn may have passed since."""
        if not self._actions:
            return None
        return self.rules.current_player(self._states[-2])

    def undo(self) -> Change:
        """Take back the last action, whoever's turn it was (never a virtual roll seen)."""
        if not self._actions:
            raise IllegalActionError("nothing to undo", RefusalCode.NOTHING_TO_UNDO)
        if not self.can_undo:
            raise IllegalActionError(
                "a virtual roll, once seen, stays: it cannot be undone", RefusalCode.ROLL_SEEN
            )
        previous = self._states.pop()
        self._names.pop()
        action = self._actions.pop()
        self._redo.append(action)
        return self._notify(Change(action, undone=True, previous=previous, state=self.state))

    def redo(self) -> Change:
        """Apply again the last undone action."""
        if not self._redo:
            raise IllegalActionError("nothing to redo", RefusalCode.NOTHING_TO_REDO)
        action = self._redo.pop()
        previous = self.state
        state, names = self._next(previous, action)
        self._states.append(state)
        self._names.append(names)
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
        turns, totals = self.rules.turns_played, self.rules.totals
        ended = turns(change.previous) != turns(change.state)
        before, after = totals(change.previous), totals(change.state)
        moved = tuple(seat for seat, (b, a) in enumerate(zip(before, after, strict=True)) if b != a)
        change = Change(
            change.action,
            change.undone,
            change.redone,
            change.previous,
            change.state,
            ended,
            moved,
        )
        for listener in tuple(self._listeners):
            listener(change)
        return change
