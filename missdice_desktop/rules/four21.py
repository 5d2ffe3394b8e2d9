"""The 421: its hands and their ranking, and the rounds of a game (la charge, la décharge).

Pure logic, no Qt. Three dice and a pot of tokens. In *la charge* each round's worst hand
takes from the pot what the best hand is worth; in *la décharge* it takes that from the
best hand's player. Whoever still holds tokens at the end loses (docs/four21.md).

A game moves from one immutable `Four21State` to the next through `next_state(state, action)`;
`legal_actions(state)` says what may happen now and `refusal(state, action)` why an action
may not, as a `Four21Reason` (a code the UI translates, with an English message). The window
and records play it through the engine shell with `four21_engine.Four21Engine`.

>>> rules = Four21Rules()
>>> state = rules.start(["Anna", "Ben"])
>>> for dice in [(4, 2, 1), (2, 2, 1)]:
...     state = rules.next_state(state, Throw(dice))
>>> state.tokens, state.pot
((0, 10), 11)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from types import MappingProxyType
from typing import Any

from missdice_desktop.rules.dice import Dice, InvalidDiceError
from missdice_desktop.rules.dice import make_dice as _make_dice
from missdice_desktop.rules.engine import History
from missdice_desktop.rules.refusals import IllegalActionError

GAME_ID = "421"
DICE_COUNT = 3
FACES = 6
MAX_THROWS = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 8
POT_SIZES = (11, 21)
FOUR21_WORTHS = (8, 10, 11)
DEFAULT_OPTIONS: Mapping[str, int] = MappingProxyType({"pot": 21, "421": 10})
MAX_TURNS = 10_000
"""No real game has this many turns (throws of the charge and tie-breaks included); a game
that reaches it cannot go on, and a record with more is refused."""
MAX_TIE_BREAKS = 100
"""Tie-break passes in one round: two players tie again about one time in twenty."""

Hand = tuple[int, int, int]
"""Three face values read from high to low: the hand that dice make, whatever their order."""
TurnExtra = tuple[tuple[str, Any], ...]
"""A recorded turn's keys that this program does not use, in their order, kept on save."""


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
class Throw:
    """Throw the dice that are not held; `dice` is the result (virtual or from the table)."""

    dice: Dice
    extra: TurnExtra = field(default=(), compare=False)
    """A recorded turn's unknown keys, when this throw ends it."""


@dataclass(frozen=True)
class Hold:
    """Hold (or release) die `index` (0–2) before the next throw of a décharge turn."""

    index: int
    held: bool


@dataclass(frozen=True)
class Stop:
    """End a décharge turn before its last throw: the dice stand as they are."""

    extra: TurnExtra = field(default=(), compare=False)
    """A recorded turn's unknown keys."""


Four21Action = Throw | Hold | Stop


# Reasons -------------------------------------------------------------------------------------


class Four21ReasonCode(enum.Enum):
    """Why an action is refused."""

    GAME_OVER = "game_over"
    """The game has a loser: nothing more happens."""
    NO_THROWS_LEFT = "no_throws_left"
    """The turn has used every throw it is allowed."""
    ALL_HELD = "all_held"
    """Every die is held: nothing would be thrown."""
    HELD_DIE_CHANGED = "held_die_changed"
    """A throw changed a die that was held."""
    INVALID_DICE = "invalid_dice"
    """The throw is not three dice from 1 to 6."""
    THROW_FIRST = "throw_first"
    """Nothing has been thrown yet this turn."""
    ONE_THROW = "one_throw"
    """This turn has a single throw (la charge, or a throw to break a tie): no holding, no stop."""
    NO_SUCH_DIE = "no_such_die"
    """There are only three dice."""
    TOO_LONG = "too_long"
    """The game has had `MAX_TURNS` turns, or the round `MAX_TIE_BREAKS` tie-breaks."""


@dataclass(frozen=True)
class Four21Reason:
    """A refusal as data; the UI turns the code into translated text."""

    code: Four21ReasonCode
    limit: int = 0
    """The number of throws this turn allows, for NO_THROWS_LEFT."""

    def message(self) -> str:
        """The reason in plain English."""
        match self.code:
            case Four21ReasonCode.GAME_OVER:
                return "the game is over"
            case Four21ReasonCode.NO_THROWS_LEFT:
                return f"no throws left: {self.limit} this turn"
            case Four21ReasonCode.ALL_HELD:
                return "every die is held: release one to throw"
            case Four21ReasonCode.HELD_DIE_CHANGED:
                return "a held die cannot change when throwing"
            case Four21ReasonCode.INVALID_DICE:
                return f"a throw is {DICE_COUNT} dice from 1 to {FACES}"
            case Four21ReasonCode.THROW_FIRST:
                return "throw the dice first"
            case Four21ReasonCode.ONE_THROW:
                return "this turn has a single throw"
            case Four21ReasonCode.NO_SUCH_DIE:
                return f"there are only {DICE_COUNT} dice"
            case Four21ReasonCode.TOO_LONG:
                return (
                    f"no game goes on this long: at most {MAX_TURNS} turns, "
                    f"and {MAX_TIE_BREAKS} tie-breaks in a round"
                )
        raise AssertionError(self.code)  # pragma: no cover


class Four21Error(IllegalActionError):
    """An action the 421 rules refuse; `reason` says why."""

    def __init__(self, reason: Four21Reason) -> None:
        self.reason = reason
        super().__init__(reason.message())


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


@dataclass(frozen=True)
class LegalActions:
    """What may happen now: throw, hold or release which dice, stop."""

    throw: bool = False
    hold: tuple[int, ...] = ()
    """Dice that may be held (or released) before the next throw."""
    stop: bool = False


# The rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Four21Rules:
    """The 421 with its options: the pot (11 or 21 tokens) and what 4-2-1 is worth."""

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

    @property
    def options(self) -> dict[str, int]:
        """The options as a record writes them."""
        return {"pot": self.pot, "421": self.four21}

    def worth(self, hand: Hand) -> int:
        """What `hand` is worth with these options."""
        return hand_worth(hand, self.four21)

    def start(self, players: Sequence[str]) -> Four21State:
        """The state before the first throw: the first player starts la charge."""
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise IllegalActionError(
                f"the 421 needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}"
            )
        count = len(players)
        return Four21State(
            tokens=(0,) * count,
            pot=self.pot,
            phase=Phase.CHARGE,
            order=tuple(range(count)),
            turn=Turn(player=0, limit=1),
            out=(False,) * count,
        )

    # What may happen ----------------------------------------------------------------------------

    def refusal(self, state: Four21State, action: Four21Action) -> Four21Reason | None:
        """Why `action` may not happen now, or None when it may."""
        if state.finished:
            return Four21Reason(Four21ReasonCode.GAME_OVER)
        turn = state.turn
        match action:
            case Throw(dice=dice):
                if turn.throws_left <= 0:
                    return Four21Reason(Four21ReasonCode.NO_THROWS_LEFT, turn.limit)
                if self._too_long(state):
                    return Four21Reason(Four21ReasonCode.TOO_LONG)
                try:
                    dice = make_dice(dice)
                except InvalidDiceError:
                    return Four21Reason(Four21ReasonCode.INVALID_DICE)
                if turn.dice is not None:
                    if all(turn.held):
                        return Four21Reason(Four21ReasonCode.ALL_HELD)
                    pairs = zip(turn.held, dice, turn.dice, strict=True)
                    if any(held and new != old for held, new, old in pairs):
                        return Four21Reason(Four21ReasonCode.HELD_DIE_CHANGED)
                return None
            case Hold(index=index):
                if turn.limit == 1:
                    return Four21Reason(Four21ReasonCode.ONE_THROW)
                if type(index) is not int or not 0 <= index < DICE_COUNT:
                    return Four21Reason(Four21ReasonCode.NO_SUCH_DIE)
                if turn.dice is None:
                    return Four21Reason(Four21ReasonCode.THROW_FIRST)
                return None
            case Stop():
                if turn.limit == 1:
                    return Four21Reason(Four21ReasonCode.ONE_THROW)
                if turn.dice is None:
                    return Four21Reason(Four21ReasonCode.THROW_FIRST)
                return None
        raise TypeError(f"not a 421 action: {action!r}")

    def legal_actions(self, state: Four21State) -> LegalActions:
        """What the current player may do now."""
        if state.finished:
            return LegalActions()
        turn = state.turn
        may_hold = turn.limit > 1 and turn.dice is not None
        return LegalActions(
            throw=not all(turn.held) and not self._too_long(state),
            hold=tuple(range(DICE_COUNT)) if may_hold else (),
            stop=may_hold,
        )

    @staticmethod
    def _too_long(state: Four21State) -> bool:
        """Whether the game has reached its most turns, or the round its most tie-breaks."""
        if state.turn.throws:
            return False  # a turn begun may end
        return len(state.turns) >= MAX_TURNS or (
            state.turn.tie_break and len(state.tie_breaks) >= MAX_TIE_BREAKS
        )

    # What happens -------------------------------------------------------------------------------

    def next_state(self, state: Four21State, action: Four21Action) -> Four21State:
        """The state after `action`; Four21Error when the rules refuse it."""
        reason = self.refusal(state, action)
        if reason is not None:
            raise Four21Error(reason)
        turn = state.turn
        match action:
            case Throw(dice=dice, extra=extra):
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
        raise TypeError(f"not a 421 action: {action!r}")  # pragma: no cover

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


def play_turn(
    rules: Four21Rules,
    state: Four21State,
    player: int,
    throws: Sequence[Sequence[int]],
) -> Four21State:
    """The state after one whole played turn: its throws, then a Stop if it ended early."""
    for action in turn_actions(state, player, throws):
        if isinstance(action, Stop) and not state.turn.throws:
            break  # the turn ended by itself with its last throw
        state = rules.next_state(state, action)
    return state


def turn_actions(
    state: Four21State, player: int, throws: Sequence[Sequence[int]]
) -> list[Four21Action]:
    """The actions of a played turn as a record gives it: each throw, then a Stop.

    IllegalActionError when it is not `player`'s turn or the turn has too many throws.
    """
    if state.finished:
        raise Four21Error(Four21Reason(Four21ReasonCode.GAME_OVER))
    if player != state.current_player:
        raise IllegalActionError(
            f"out of order: player {state.current_player} throws now, not player {player}"
        )
    if not throws:
        raise IllegalActionError("a turn has at least one throw")
    if len(throws) > state.turn.limit:
        raise IllegalActionError(f"{len(throws)} throws: this turn allows {state.turn.limit}")
    return [*(Throw(tuple(dice)) for dice in throws), Stop()]
