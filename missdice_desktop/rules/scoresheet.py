"""One player's scoresheet: what is filled, what the current dice would score, and the joker."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from missdice_desktop.rules.boxes import Box, BoxKind, Section
from missdice_desktop.rules.dice import Dice, is_five_of_a_kind
from missdice_desktop.rules.engine import IllegalActionError as IllegalActionError  # re-exported
from missdice_desktop.rules.engine import JokerCase, RefusalCode
from missdice_desktop.rules.variants import JokerPolicy, Ruleset

FACE_WORDS = ("ones", "twos", "threes", "fours", "fives", "sixes")


class ReasonCode(enum.Enum):
    """Why a box cannot take the current dice."""

    FILLED = "filled"
    """The box already holds a score."""
    JOKER_FACE_FIRST = "joker_face_first"
    """A joker must go in the upper box of its face while that box is free."""
    JOKER_KINDS_FIRST = "joker_kinds_first"
    """Hasbro joker: Three or Four of a kind must be used while either is free."""
    JOKER_LOWER_FIRST = "joker_lower_first"
    """A joker may score 0 in an upper box only once the lower section is full."""


@dataclass(frozen=True)
class Reason:
    """A closed box's reason as data; the UI turns it into translated text."""

    code: ReasonCode
    face: int = 0
    boxes: tuple[str, ...] = ()
    """The boxes that must be used first."""

    def message(self, labels: Mapping[str, str] | None = None) -> str:
        """The reason in plain English, naming boxes by `labels` (their ids otherwise)."""
        names = [(labels or {}).get(box_id, box_id) for box_id in self.boxes]
        listed = " or ".join(names)
        dice = f"five {self.face}s"
        match self.code:
            case ReasonCode.FILLED:
                return "this box is already filled"
            case ReasonCode.JOKER_FACE_FIRST:
                return f"{dice} must go in {listed} while {listed} is free"
            case ReasonCode.JOKER_KINDS_FIRST:
                return f"{dice} must go in {listed} while one of them is free"
            case ReasonCode.JOKER_LOWER_FIRST:
                return f"{dice} must go in a free lower box while one is free"
        raise AssertionError(self.code)  # pragma: no cover


class IllegalMoveError(IllegalActionError):
    """A score the rules do not allow; `reason` says why."""

    def __init__(self, box_id: str, reason: Reason, labels: Mapping[str, str] | None = None):
        self.box_id = box_id
        self.reason = reason
        name = (labels or {}).get(box_id, box_id)
        code = (
            RefusalCode.BOX_FILLED if reason.code is ReasonCode.FILLED else RefusalCode.BOX_CLOSED
        )
        super().__init__(f"{name}: {reason.message(labels)}", code, reason=reason)


@dataclass(frozen=True)
class BoxState:
    """A box as the player sees it for the current dice."""

    box: Box
    filled: bool
    score: int | None
    """The recorded score when filled, else what the dice would give (None without dice)."""
    allowed: bool
    reason: Reason | None = None
    joker: bool = False
    """True when the dice score here at full value through the joker."""


@dataclass(frozen=True)
class Scoresheet:
    """One player's sheet. Immutable: scoring returns a new sheet."""

    rules: Ruleset
    scores: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    yahtzee_bonus: int = 0

    @property
    def labels(self) -> dict[str, str]:
        """Box labels by id."""
        return {box.id: box.label for box in self.rules.boxes}

    def is_filled(self, box_id: str) -> bool:
        """Whether `box_id` holds a score."""
        return box_id in self.scores

    @property
    def is_full(self) -> bool:
        """Whether every box holds a score."""
        return len(self.scores) == len(self.rules.boxes)

    @property
    def free_boxes(self) -> tuple[str, ...]:
        """The ids of the boxes still free, top to bottom."""
        return tuple(box.id for box in self.rules.boxes if box.id not in self.scores)

    def box_states(self, dice: Dice | None) -> tuple[BoxState, ...]:
        """Every box, top to bottom, with what `dice` would score and whether it may."""
        if dice is None:
            return tuple(
                BoxState(
                    box,
                    box.id in self.scores,
                    self.scores.get(box.id),
                    allowed=False,
                    reason=self._filled_reason(box),
                )
                for box in self.rules.boxes
            )
        closed, joker = self._joker_constraints(dice)
        states = []
        for box in self.rules.boxes:
            if box.id in self.scores:
                states.append(
                    BoxState(box, True, self.scores[box.id], False, Reason(ReasonCode.FILLED))
                )
                continue
            full_value = joker and box.section is Section.LOWER
            score = box.score(dice, joker=full_value)
            reason = closed.get(box.id)
            states.append(BoxState(box, False, score, reason is None, reason, full_value))
        return tuple(states)

    def joker_case(self, dice: Dice | None) -> JokerCase:
        """What the joker does with `dice` on this sheet: lower boxes at full value, the last
        case (every lower box filled: a free upper box at 0), or nothing."""
        if dice is None:
            return JokerCase.NONE
        states = self.box_states(dice)
        if any(state.joker and not state.filled for state in states):
            return JokerCase.LOWER_FULL_VALUE
        yahtzee_box = self.rules.variant.yahtzee_box
        if (
            self.rules.joker is not None
            and len(set(dice)) == 1
            and yahtzee_box is not None
            and any(state.box.id == yahtzee_box and state.filled for state in states)
            and all(state.filled for state in states if state.box.section is Section.LOWER)
        ):
            return JokerCase.UPPER_AT_ZERO
        return JokerCase.NONE

    def allowed_boxes(self, dice: Dice) -> tuple[str, ...]:
        """The ids of the boxes `dice` may be scored in, top to bottom: those `box_states`
        marks allowed, without working out the points and the reasons."""
        open_boxes, _, _ = self._joker_rule(dice)
        if open_boxes is None:
            return tuple(box.id for box in self.rules.boxes if box.id not in self.scores)
        return tuple(box.id for box in open_boxes)

    def box_state(self, box_id: str, dice: Dice | None) -> BoxState:
        """The state of one box (KeyError for a box this sheet does not have)."""
        for state in self.box_states(dice):
            if state.box.id == box_id:
                return state
        raise KeyError(box_id)

    def score(self, box_id: str, dice: Dice) -> tuple[Scoresheet, int, int]:
        """Write `dice` in `box_id`: the new sheet, the box's score and any Yahtzee bonus.

        Raises IllegalMoveError when the box is filled or the joker closes it.
        """
        state = self.box_state(box_id, dice)
        if not state.allowed:
            assert state.reason is not None
            raise IllegalMoveError(box_id, state.reason, self.labels)
        assert state.score is not None
        bonus = self._yahtzee_bonus_for(dice)
        scores = dict(self.scores)
        scores[box_id] = state.score
        sheet = Scoresheet(self.rules, MappingProxyType(scores), self.yahtzee_bonus + bonus)
        return sheet, state.score, bonus

    def _filled_reason(self, box: Box) -> Reason | None:
        return Reason(ReasonCode.FILLED) if box.id in self.scores else None

    def _yahtzee_bonus_for(self, dice: Dice) -> int:
        yahtzee_box = self.rules.variant.yahtzee_box
        if yahtzee_box is None or not is_five_of_a_kind(dice):
            return 0
        return self.rules.variant.yahtzee_bonus if self.scores.get(yahtzee_box, 0) > 0 else 0

    def _joker_constraints(self, dice: Dice) -> tuple[dict[str, Reason], bool]:
        """Boxes the joker closes (with why) and whether lower boxes score at full value."""
        open_boxes, code, joker = self._joker_rule(dice)
        if open_boxes is None or code is None:
            return {}, joker
        free = [box for box in self.rules.boxes if box.id not in self.scores]
        return self._close_all_but(free, open_boxes, code, dice[0]), joker

    def _joker_rule(self, dice: Dice) -> tuple[list[Box] | None, ReasonCode | None, bool]:
        """The free boxes the joker leaves open, in sheet order (None: every free box), why
        it closes the others, and whether lower boxes score at full value."""
        yahtzee_box = self.rules.variant.yahtzee_box
        policy = self.rules.joker
        if (
            policy is None
            or yahtzee_box is None
            or not is_five_of_a_kind(dice)
            or yahtzee_box not in self.scores
        ):
            return None, None, False
        face = dice[0]
        free = [box for box in self.rules.boxes if box.id not in self.scores]
        if policy is JokerPolicy.FREE:
            return None, None, True
        face_box = next(
            (box for box in free if box.kind is BoxKind.FACE and box.face == face), None
        )
        if face_box is not None:
            return [face_box], ReasonCode.JOKER_FACE_FIRST, True
        lower = [box for box in free if box.section is Section.LOWER]
        if policy is JokerPolicy.HASBRO:
            kinds = [box for box in lower if box.kind is BoxKind.OF_A_KIND and box.count in (3, 4)]
            if kinds:
                return kinds, ReasonCode.JOKER_KINDS_FIRST, True
        if lower:
            return lower, ReasonCode.JOKER_LOWER_FIRST, True
        return None, None, True

    @staticmethod
    def _close_all_but(
        free: list[Box], open_boxes: list[Box], code: ReasonCode, face: int
    ) -> dict[str, Reason]:
        reason = Reason(code, face, tuple(box.id for box in open_boxes))
        keep = {box.id for box in open_boxes}
        return {box.id: reason for box in free if box.id not in keep}

    # Totals ---------------------------------------------------------------------------------

    def _section_total(self, section: Section) -> int:
        return sum(
            self.scores[box.id]
            for box in self.rules.boxes
            if box.section is section and box.counts and box.id in self.scores
        )

    @property
    def upper_total(self) -> int:
        """The sum of the upper boxes."""
        return self._section_total(Section.UPPER)

    @property
    def upper_bonus(self) -> int:
        """The upper bonus earned so far."""
        rule = self.rules.variant.upper_bonus
        return rule.award(self.upper_total) if rule else 0

    @property
    def upper_bonus_reachable(self) -> bool:
        """Whether the upper bonus can still be earned (five dice of the best face in each
        free upper box would reach it); False on a grid without one."""
        rule = self.rules.variant.upper_bonus
        if rule is None:
            return False
        best = self.upper_total + sum(
            max(box.score((face,) * 5) for face in range(1, 7))
            for box in self.rules.boxes
            if box.section is Section.UPPER and box.counts and box.id not in self.scores
        )
        return rule.award(best) > 0

    @property
    def upper_bonus_missing(self) -> int | None:
        """Points still needed for the upper bonus; None when the grid has no such bonus."""
        rule = self.rules.variant.upper_bonus
        return rule.missing(self.upper_total) if rule else None

    @property
    def lower_total(self) -> int:
        """The sum of the lower boxes that count (Plus and Moins do not)."""
        return self._section_total(Section.LOWER)

    @property
    def ecart(self) -> int | None:
        """Plus − Moins once both are filled and Plus is higher, else 0; None without Écart."""
        rule = self.rules.variant.ecart
        if rule is None:
            return None
        plus, minus = (self.scores.get(box_id) for box_id in rule)
        if plus is None or minus is None:
            return 0
        return max(0, plus - minus)

    @property
    def total(self) -> int:
        """The grand total: both sections, the bonuses and the Écart."""
        return (
            self.upper_total
            + self.upper_bonus
            + self.lower_total
            + (self.ecart or 0)
            + self.yahtzee_bonus
        )
