"""The 421: its hands and their ranking, and the rounds of a game (la charge, la décharge).

Pure logic, no Qt. Three dice and a pot of tokens. In *la charge* each round's worst hand
takes from the pot what the best hand is worth; in *la décharge* it takes that from the
best hand's player. Whoever still holds tokens at the end loses (docs/four21.md).

`Four21Rules` is the 421's row of the engine (`GameRules`): a game moves from one immutable
`Four21State` to the next through `next_state(state, action)` with the engine's `Roll`,
`EnterDice` and `Hold` and the 421's own `Stop`; `legal_actions(state)` says what may happen
now and `why_not(state, action)` why an action may not, as a `Refusal` with a `RefusalCode`.

>>> from missdice_desktop.rules.engine import DiceGame
>>> game = DiceGame(Four21Rules(), ["Anna", "Ben"])
>>> _ = game.apply(Roll((4, 2, 1)))
>>> _ = game.apply(Roll((2, 2, 1)))
>>> game.state.tokens, game.state.pot
((0, 10), 11)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from missdice_desktop.rules.dice import Dice, InvalidDiceError
from missdice_desktop.rules.dice import make_dice as _make_dice
from missdice_desktop.rules.engine import (
    EnterDice,
    GameRules,
    History,
    Hold,
    RecordedRoll,
    Roll,
    Standing,
    TurnExtra,
)
from missdice_desktop.rules.options import FOUR21_POT, FOUR21_WORTH
from missdice_desktop.rules.refusals import IllegalActionError, Refusal, RefusalCode

if TYPE_CHECKING:
    from missdice_desktop.rules.actions import Action

GAME_ID = "421"
DICE_COUNT = 3
FACES = 6
MAX_THROWS = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 8
POT_SIZES = FOUR21_POT.choices
FOUR21_WORTHS = FOUR21_WORTH.choices
DEFAULT_OPTIONS: Mapping[str, int] = MappingProxyType(
    {FOUR21_POT.name: FOUR21_POT.default, FOUR21_WORTH.name: FOUR21_WORTH.default}
)
MAX_TURNS = 10_000
"""No real game has this many turns (throws of the charge and tie-breaks included); a game
that reaches it cannot go on, and a record with more is refused."""
MAX_TIE_BREAKS = 100
"""Tie-break passes in one round: two players tie again about one time in twenty."""

Hand = tuple[int, int, int]
"""Three face values read from high to low: the hand that dice make, whatever their order."""


# Hands -------------------------------------------------------------------------------------------


class HandKind(enum.Enum):
    """The families of hands, best first."""

    FOUR21 = "421"
    """4-2-1, the best hand."""
    THREE_ACES = "three_aces"
    """1-1-1."""
    ACES_PAIR = "aces_pair"
    """A pair of aces with another die x (1-1-x): worth x, above x-x-x."""
    THREE_OF_A_KIND = "three_of_a_kind"
    """x-x-x from 2 to 6: worth x."""
    STRAIGHT = "straight"
    """Three faces in a row (6-5-4 down to 3-2-1)."""
    NENETTE = "nenette"
    """2-2-1, « nénette », the worst hand of all."""
    OTHER = "other"
    """Every other hand, ranked by its dice read from high to low."""


def make_dice(values: Iterable[object]) -> Dice:
    """`values` as the 421's three dice, in the order they lie; InvalidDiceError if not.

    >>> make_dice([4, 1, 2])
    (4, 1, 2)
    """
    return _make_dice(values, count=DICE_COUNT, faces=FACES)


def hand_of(dice: Sequence[int]) -> Hand:
    """The hand the dice make, read from high to low.

    >>> hand_of((1, 4, 2))
    (4, 2, 1)
    """
    high, middle, low = sorted(make_dice(dice), reverse=True)
    return (high, middle, low)


def hand_kind(hand: Hand) -> HandKind:
    """The family of `hand` (read from high to low)."""
    high, middle, low = hand
    if hand == (4, 2, 1):
        return HandKind.FOUR21
    if hand == (1, 1, 1):
        return HandKind.THREE_ACES
    if middle == low == 1:
        return HandKind.ACES_PAIR
    if high == middle == low:
        return HandKind.THREE_OF_A_KIND
    if high - middle == middle - low == 1:
        return HandKind.STRAIGHT
    if hand == (2, 2, 1):
        return HandKind.NENETTE
    return HandKind.OTHER


def hand_worth(hand: Hand, four21: int = DEFAULT_OPTIONS["421"]) -> int:
    """How many tokens `hand` is worth when it is the round's best; 4-2-1 is worth `four21`.

    >>> hand_worth((6, 1, 1)), hand_worth((3, 3, 3)), hand_worth((5, 4, 3)), hand_worth((6, 5, 3))
    (6, 3, 2, 1)
    """
    match hand_kind(hand):
        case HandKind.FOUR21:
            return four21
        case HandKind.THREE_ACES:
            return 7
        case HandKind.ACES_PAIR | HandKind.THREE_OF_A_KIND:
            return hand[0]
        case HandKind.STRAIGHT:
            return 2
    return 1


def _strength(hand: Hand) -> tuple[int, ...]:
    """A sort key: the greater the key, the better the hand."""
    kind = hand_kind(hand)
    match kind:
        case HandKind.FOUR21:
            return (6,)
        case HandKind.THREE_ACES:
            return (5,)
        case HandKind.ACES_PAIR:
            return (4, hand[0], 1)
        case HandKind.THREE_OF_A_KIND:
            return (4, hand[0], 0)
        case HandKind.STRAIGHT:
            return (3, hand[0])
        case HandKind.NENETTE:
            return (1,)
    return (2, *hand)


ALL_HANDS: tuple[Hand, ...] = tuple(
    sorted(
        (
            (high, middle, low)
            for low, middle, high in combinations_with_replacement(range(1, FACES + 1), 3)
        ),
        key=_strength,
        reverse=True,
    )
)
"""The 56 hands, best (4-2-1) first, nénette last."""

_RANKS: Mapping[Hand, int] = MappingProxyType(
    {hand: len(ALL_HANDS) - position for position, hand in enumerate(ALL_HANDS)}
)


def hand_rank(hand: Hand) -> int:
    """The place of `hand` in the order of all hands: 56 for 4-2-1 down to 1 for nénette.

    >>> hand_rank((4, 2, 1)), hand_rank((2, 2, 1))
    (56, 1)
    """
    return _RANKS[hand]


def ranked(hands: Iterable[tuple[int, Hand]]) -> tuple[tuple[int, Hand], ...]:
    """Players' hands best first; equal hands stay in the order they were thrown.

    >>> ranked([(0, (6, 5, 3)), (1, (4, 2, 1)), (2, (6, 5, 3))])
    ((1, (4, 2, 1)), (0, (6, 5, 3)), (2, (6, 5, 3)))
    """
    return tuple(sorted(hands, key=lambda entry: -hand_rank(entry[1])))


def places(hands: Iterable[tuple[int, Hand]]) -> dict[int, int]:
    """Each player's place among `hands`, 1 for the best; equal hands share a place.

    >>> places([(0, (6, 5, 3)), (1, (4, 2, 1)), (2, (6, 5, 3))])
    {0: 2, 1: 1, 2: 2}
    """
    entries = list(hands)
    return {
        player: 1 + sum(hand_rank(other) > hand_rank(hand) for _, other in entries)
        for player, hand in entries
    }


def hand_text(hand: Hand) -> str:
    """The hand as players say it: its dice high to low, a pair of aces first.

    >>> hand_text((4, 2, 1)), hand_text((5, 1, 1)), hand_text((2, 2, 1))
    ('4-2-1', '1-1-5', '2-2-1')
    """
    if hand_kind(hand) is HandKind.ACES_PAIR:
        return f"1-1-{hand[0]}"
    return "-".join(map(str, hand))


# Actions -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stop:
    """End a décharge turn before its last throw: the dice stand as they are."""

    extra: TurnExtra = field(default=(), compare=False)
    """A recorded turn's unknown keys."""


# State -------------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """Where the game stands."""

    CHARGE = "charge"
    """The pot still holds tokens: each round's worst hand takes from it."""
    DECHARGE = "decharge"
    """The pot is empty: each round's worst hand takes from the best hand's player."""
    OVER = "over"
    """One player is left holding tokens (or took them all in the charge): they lost."""


@dataclass(frozen=True)
class Turn:
    """A turn in progress or played: whose, the dice after each throw, the held dice."""

    player: int
    throws: tuple[Dice, ...] = ()
    held: tuple[bool, ...] = (False,) * DICE_COUNT
    limit: int = 1
    """How many throws this turn allows."""
    tie_break: bool = False
    """A throw that only decides who is worst among tied players."""
    extra: TurnExtra = ()
    """Keys of the recorded turn this program does not use, written back on save."""

    @property
    def dice(self) -> Dice | None:
        """The dice on the table, None before the first throw."""
        return self.throws[-1] if self.throws else None

    @property
    def throws_left(self) -> int:
        """Throws this turn still allows."""
        return self.limit - len(self.throws)


@dataclass(frozen=True)
class Payment:
    """How a round ended: who was worst, whose hand was best, and the tokens that moved."""

    phase: Phase
    worst: int
    best: int
    best_hand: Hand
    worth: int
    tokens: int
    """The tokens that moved: the worth, or less when the pot or the payer ran short."""
    payer: int | None
    """The player who gave them, None when they came from the pot."""
    hands: tuple[tuple[int, Hand], ...]
    """Each player's hand of the round, in playing order."""
    tie_breaks: tuple[tuple[tuple[int, Hand], ...], ...] = ()
    """The throws that decided who was worst, one tuple per pass."""

    @property
    def ranking(self) -> tuple[tuple[int, Hand], ...]:
        """The round's hands best first (the tie-break throws aside)."""
        return ranked(self.hands)

    @property
    def final_places(self) -> tuple[tuple[int, Hand, int], ...]:
        """(player, hand, place) best first, as the round ended: equal hands share a place,
        except that the tie-breaks put the worst player alone in last place."""
        shared = places(self.hands)
        worst_last = sorted(self.ranking, key=lambda entry: entry[0] == self.worst)
        return tuple(
            (player, hand, len(self.hands) if player == self.worst else shared[player])
            for player, hand in worst_last
        )


@dataclass(frozen=True)
class Four21State:
    """Everything about a 421 game at one moment. Immutable."""

    tokens: tuple[int, ...]
    pot: int
    phase: Phase
    order: tuple[int, ...]
    """This round's players, in playing order (the round's first player first)."""
    turn: Turn
    hands: tuple[tuple[int, Hand], ...] = ()
    """The hands of this round so far, in playing order."""
    tied: tuple[int, ...] = ()
    """The players now throwing to decide who is worst, in round order."""
    tie_hands: tuple[tuple[int, Hand], ...] = ()
    """This tie-break pass's throws so far."""
    tie_breaks: tuple[tuple[tuple[int, Hand], ...], ...] = ()
    """This round's finished tie-break passes."""
    out: tuple[bool, ...] = ()
    """Players who are out (safe), holding no token in the décharge."""
    loser: int | None = None
    payments: History[Payment] = field(default_factory=History)
    """Every finished round, oldest first (states share them, as they share the turns)."""
    turns: History[Turn] = field(default_factory=History)
    """Every finished turn, oldest first: what the record keeps."""

    @property
    def finished(self) -> bool:
        """True once the game has a loser."""
        return self.phase is Phase.OVER

    @property
    def current_player(self) -> int:
        """The player whose turn it is (the loser once the game is over)."""
        return self.turn.player

    @property
    def in_play(self) -> tuple[int, ...]:
        """The players still in the game, in seating order."""
        return tuple(index for index, out in enumerate(self.out) if not out)


# The rules ---------------------------------------------------------------------------------------

_TURN_KEYS = frozenset({"player", "rolls"})
"""The keys of a recorded turn that the 421 reads; any other is kept as it was."""


def _refused(code: RefusalCode, message: str, value: int = 0) -> IllegalActionError:
    return IllegalActionError(message, code, value=value)


def _too_long_message() -> str:
    return (
        f"no game goes on this long: at most {MAX_TURNS} turns, "
        f"and {MAX_TIE_BREAKS} tie-breaks in a round"
    )


@dataclass(frozen=True)
class Four21Rules(GameRules[Four21State]):
    """The 421 with its options: the pot (11 or 21 tokens) and what 4-2-1 is worth.

    It plays the engine's `Roll` (or `EnterDice`: dice from the table, a throw like any), `Hold`
    and its own `Stop`, and refuses with the engine's `RefusalCode`s.
    """

    game_id: ClassVar[str] = GAME_ID
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    total_key: ClassVar[str] = "tokens"
    has_losers: ClassVar[bool] = True

    pot: int = DEFAULT_OPTIONS["pot"]
    four21: int = DEFAULT_OPTIONS["421"]

    def __post_init__(self) -> None:
        if self.pot not in POT_SIZES:
            raise IllegalActionError(f"the pot holds 11 or 21 tokens, not {self.pot!r}")
        if self.four21 not in FOUR21_WORTHS:
            raise IllegalActionError(f"4-2-1 is worth 8, 10 or 11 tokens, not {self.four21!r}")

    @classmethod
    def configure(cls, options: Mapping[str, Any] | None = None) -> Four21Rules:
        """Rules from a record's options (`pot`, `421`); missing ones take their defaults."""
        values = dict(options or {})
        unknown = sorted(set(values) - set(DEFAULT_OPTIONS))
        if unknown:
            raise IllegalActionError(f"unknown 421 option {unknown[0]!r} (options: pot, 421)")
        pot = values.get("pot", DEFAULT_OPTIONS["pot"])
        four21 = values.get("421", DEFAULT_OPTIONS["421"])
        if type(pot) is not int or type(four21) is not int:
            raise IllegalActionError("the 421 options pot and 421 are whole numbers")
        return cls(pot=pot, four21=four21)

    @classmethod
    def from_options(
        cls, options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> Four21Rules:
        """The game for a record's options ({"pot": 21, "421": 10}); IllegalActionError if bad."""
        if not isinstance(options, Mapping):
            raise IllegalActionError("options must be an object")
        return cls.configure(options)

    @property
    def options(self) -> dict[str, int]:
        """The options as a record writes them."""
        return {"pot": self.pot, "421": self.four21}

    @property
    def option_values(self) -> dict[str, Any]:
        """The pot and the worth of 4-2-1."""
        return self.options

    @property
    def dice_count(self) -> int:
        """Three dice."""
        return DICE_COUNT

    def worth(self, hand: Hand) -> int:
        """What `hand` is worth with these options."""
        return hand_worth(hand, self.four21)

    def initial_state(self, players: int) -> Four21State:
        """The state before the first throw: the first player starts la charge."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalActionError(
                f"the 421 needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}"
            )
        return Four21State(
            tokens=(0,) * players,
            pot=self.pot,
            phase=Phase.CHARGE,
            order=tuple(range(players)),
            turn=Turn(player=0, limit=1),
            out=(False,) * players,
        )

    # Readings ----------------------------------------------------------------------------------

    def current_player(self, state: Four21State) -> int:
        """The player throwing (the loser once the game is over)."""
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

    def held(self, state: Four21State) -> tuple[bool, ...]:
        """The held dice."""
        return state.turn.held

    def rolls_left(self, state: Four21State) -> int:
        """Throws this turn still allows."""
        return max(0, state.turn.throws_left)

    def shown_dice(self, state: Four21State) -> Dice | None:
        """This turn's dice, or the last turn's while the next player has not thrown."""
        if state.turn.dice is not None:
            return state.turn.dice
        return state.turns[-1].dice if state.turns else None

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
                "hand": hand_text(last.best_hand),
                "tokens": last.tokens,
                "from": "pot" if last.payer is None else players[last.payer],
            }
        return details

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

    def winning_seats(self, state: Four21State) -> tuple[int, ...]:
        """No winner in the 421: only a loser."""
        return ()

    def losers(self, state: Four21State, players: Sequence[str]) -> tuple[str, ...]:
        """The one left holding tokens."""
        return () if state.loser is None else (players[state.loser],)

    # What may happen ----------------------------------------------------------------------------

    def legal_actions(self, state: Four21State) -> tuple[Action, ...]:
        """Throw (or dice from the table), hold or release a die, stop the turn.

        >>> rules = Four21Rules()
        >>> rules.legal_actions(rules.initial_state(2))
        (Roll(dice=None, drawn=False), EnterDice(dice=None))
        """
        if state.finished:
            return ()
        turn = state.turn
        may_hold = turn.limit > 1 and turn.dice is not None
        actions: list[Action] = []
        if not all(turn.held) and not self._too_long(state):
            actions.extend((Roll(), EnterDice()))
        if may_hold:
            actions.extend(Hold(index, not turn.held[index]) for index in range(DICE_COUNT))
            actions.append(Stop())
        return tuple(actions)

    def why_not(self, state: Four21State, action: Action) -> Refusal | None:
        """Why `action` may not happen now, or None when it may.

        A throw without dice (`Roll()`, `EnterDice()`) stands for any dice: dice from the table
        stand for a throw that keeps the held dice, as a virtual one does.
        """
        try:
            self._check(state, action)
        except IllegalActionError as error:
            return error.refusal
        return None

    def _check(self, state: Four21State, action: Action) -> None:
        """IllegalActionError with the refusal when `action` may not happen now."""
        if not isinstance(action, Roll | EnterDice | Hold | Stop):
            raise _refused(RefusalCode.NOT_THIS_GAME, f"not an action of the 421: {action!r}")
        if state.finished:
            raise _refused(RefusalCode.GAME_OVER, "the game is over")
        turn = state.turn
        match action:
            case Roll(dice=dice) | EnterDice(dice=dice):
                if turn.throws_left <= 0:
                    raise _refused(
                        RefusalCode.NO_THROWS_LEFT,
                        f"no throws left: {turn.limit} this turn",
                        turn.limit,
                    )
                if self._too_long(state):
                    raise _refused(RefusalCode.TOO_LONG, _too_long_message())
                if dice is not None:
                    try:
                        dice = make_dice(dice)
                    except InvalidDiceError:
                        raise _refused(
                            RefusalCode.BAD_DICE, f"a throw is {DICE_COUNT} dice from 1 to {FACES}"
                        ) from None
                if turn.dice is not None:
                    if all(turn.held):
                        raise _refused(
                            RefusalCode.ALL_HELD, "every die is held: release one to throw"
                        )
                    pairs = zip(turn.held, dice or turn.dice, turn.dice, strict=True)
                    if any(held and new != old for held, new, old in pairs):
                        raise _refused(
                            RefusalCode.HELD_DIE_CHANGED, "a held die cannot change when throwing"
                        )
            case Hold(index=index):
                if turn.limit == 1:
                    raise _refused(RefusalCode.ONE_THROW, "this turn has a single throw")
                if type(index) is not int or not 0 <= index < DICE_COUNT:
                    raise _refused(RefusalCode.NO_SUCH_DIE, f"there are only {DICE_COUNT} dice")
                if turn.dice is None:
                    raise _refused(RefusalCode.NO_DICE_YET, "throw the dice first")
            case Stop():
                if turn.limit == 1:
                    raise _refused(RefusalCode.ONE_THROW, "this turn has a single throw")
                if turn.dice is None:
                    raise _refused(RefusalCode.NO_DICE_YET, "throw the dice first")

    @staticmethod
    def _too_long(state: Four21State) -> bool:
        """Whether the game has reached its most turns, or the round its most tie-breaks."""
        if state.turn.throws:
            return False  # a turn begun may end
        return len(state.turns) >= MAX_TURNS or (
            state.turn.tie_break and len(state.tie_breaks) >= MAX_TIE_BREAKS
        )

    # What happens -------------------------------------------------------------------------------

    def next_state(self, state: Four21State, action: Action) -> Four21State:
        """The state after a throw, a hold or a stop; IllegalActionError when refused."""
        if isinstance(action, Roll | EnterDice) and action.dice is None:
            raise _refused(RefusalCode.BAD_DICE, "a throw needs its dice")
        self._check(state, action)
        turn = state.turn
        match action:
            case Roll(dice=dice) | EnterDice(dice=dice):
                assert dice is not None
                extra = action.extra if isinstance(action, RecordedRoll) else ()
                turn = replace(
                    turn, throws=(*turn.throws, make_dice(dice)), extra=turn.extra + extra
                )
                if turn.throws_left == 0:
                    return self._turn_played(state, turn)
                return replace(state, turn=turn)
            case Hold(index=index, held=held):
                flags = list(turn.held)
                flags[index] = bool(held)
                return replace(state, turn=replace(turn, held=tuple(flags)))
            case Stop(extra=extra):
                return self._turn_played(state, replace(turn, extra=turn.extra + extra))
        raise AssertionError(action)  # pragma: no cover

    def _turn_played(self, state: Four21State, turn: Turn) -> Four21State:
        assert turn.dice is not None
        played = replace(turn, held=(False,) * DICE_COUNT)
        state = replace(state, turns=state.turns.plus(played))
        hand = hand_of(turn.dice)
        if turn.tie_break:
            tie_hands = (*state.tie_hands, (turn.player, hand))
            if len(tie_hands) < len(state.tied):
                turn = self._tie_turn(state.tied, tie_hands)
                return replace(state, tie_hands=tie_hands, turn=turn)
            state = replace(state, tie_breaks=(*state.tie_breaks, tie_hands), tie_hands=())
            return self._worst_found_or_tie(state, tie_hands)
        hands = (*state.hands, (turn.player, hand))
        state = replace(state, hands=hands)
        if len(hands) < len(state.order):
            # In la décharge the others may throw no more times than the round's first player.
            limit = len(turn.throws) if len(hands) == 1 else state.turn.limit
            return replace(state, turn=Turn(player=state.order[len(hands)], limit=limit))
        return self._worst_found_or_tie(state, hands)

    @staticmethod
    def _tie_turn(tied: tuple[int, ...], tie_hands: tuple[tuple[int, Hand], ...]) -> Turn:
        return Turn(player=tied[len(tie_hands)], limit=1, tie_break=True)

    def _worst_found_or_tie(
        self, state: Four21State, hands: tuple[tuple[int, Hand], ...]
    ) -> Four21State:
        lowest = min(hand_rank(hand) for _, hand in hands)
        tied = tuple(player for player, hand in hands if hand_rank(hand) == lowest)
        if len(tied) > 1:
            return replace(state, tied=tied, tie_hands=(), turn=self._tie_turn(tied, ()))
        return self._settle(state, tied[0])

    def _settle(self, state: Four21State, worst: int) -> Four21State:
        others = [(player, hand) for player, hand in state.hands if player != worst]
        best, best_hand = max(others, key=lambda entry: hand_rank(entry[1]))  # first wins a tie
        worth = self.worth(best_hand)
        tokens = list(state.tokens)
        out = list(state.out)
        pot = state.pot
        phase = state.phase
        loser: int | None = None
        if phase is Phase.CHARGE:
            moved = min(worth, pot)
            pot -= moved
            payer = None
            tokens[worst] += moved
            if pot == 0:
                if tokens[worst] == self.pot:
                    phase, loser = Phase.OVER, worst
                else:
                    phase = Phase.DECHARGE
                    out = [held == 0 for held in tokens]
        else:
            moved = min(worth, tokens[best])
            payer = best
            tokens[best] -= moved
            tokens[worst] += moved
            out[best] = tokens[best] == 0
            holders = [player for player, held in enumerate(tokens) if held]
            if len(holders) == 1:
                phase, loser = Phase.OVER, holders[0]
        payment = Payment(
            state.phase,
            worst,
            best,
            best_hand,
            worth,
            moved,
            payer,
            state.hands,
            state.tie_breaks,
        )
        count = len(tokens)
        order = tuple(
            player
            for player in ((worst + step) % count for step in range(count))
            if not out[player]
        )
        limit = MAX_THROWS if phase is Phase.DECHARGE else 1
        first = loser if loser is not None else worst
        return Four21State(
            tokens=tuple(tokens),
            pot=pot,
            phase=phase,
            order=order,
            turn=Turn(player=first, limit=0 if loser is not None else limit),
            out=tuple(out),
            loser=loser,
            payments=state.payments.plus(payment),
            turns=state.turns,
        )

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

    def turn_actions(
        self, state: Four21State, turn: Any, *, last: bool, players: Sequence[str] = ()
    ) -> list[Action]:
        """A played turn's throws, then a stop when it ended before its last throw."""
        player, throws = _player_and_throws(turn)
        _check_played_turn(state, player, throws)
        extra = tuple((key, value) for key, value in turn.items() if key not in _TURN_KEYS)
        # A recorded throw was seen: replayed as drawn, so that undo never takes it back.
        actions: list[Action] = [Roll(tuple(dice), drawn=True) for dice in throws]
        if len(throws) < state.turn.limit:
            actions.append(Stop(extra))
        elif extra:
            actions[-1] = RecordedRoll(tuple(throws[-1]), drawn=True, extra=extra)
        return actions

    def current_actions(self, state: Four21State, current: Any) -> list[Action]:
        """The throws of the turn in progress, then its held dice."""
        player, throws = _player_and_throws(current)
        if player != state.current_player:
            raise IllegalActionError(f"player {state.current_player} plays now")
        if len(throws) >= state.turn.limit:
            raise IllegalActionError(
                f"{len(throws)} throws: a turn in progress has fewer than its {state.turn.limit}"
            )
        actions: list[Action] = [Roll(tuple(dice), drawn=True) for dice in throws]
        held = current.get("held", [])
        if (
            not isinstance(held, list)
            or len(held) > DICE_COUNT
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


def _check_played_turn(state: Four21State, player: int, throws: Sequence[Sequence[int]]) -> None:
    """IllegalActionError when it is not `player`'s turn or the turn has too many throws."""
    if state.finished:
        raise _refused(RefusalCode.GAME_OVER, "the game is over")
    if player != state.current_player:
        raise IllegalActionError(
            f"out of order: player {state.current_player} throws now, not player {player}"
        )
    if not throws:
        raise IllegalActionError("a turn has at least one throw")
    if len(throws) > state.turn.limit:
        raise IllegalActionError(f"{len(throws)} throws: this turn allows {state.turn.limit}")


def play_turn(
    rules: Four21Rules,
    state: Four21State,
    player: int,
    throws: Sequence[Sequence[int]],
) -> Four21State:
    """The state after one whole played turn: its throws, then a Stop if it ended early.

    IllegalActionError when it is not `player`'s turn or the turn has too many throws.
    """
    _check_played_turn(state, player, throws)
    for dice in throws:
        state = rules.next_state(state, Roll(tuple(dice)))
    if state.turn.throws:  # the turn did not end by itself with its last throw
        state = rules.next_state(state, Stop())
    return state
