"""Scoresheets as data: the built-in grids and the rules a game is played with."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from missdice_desktop.rules.boxes import Box, BoxKind, Scoring, Section


class JokerPolicy(enum.Enum):
    """Where a five-of-a-kind may go once the Yahtzee box is filled."""

    FORCED = "forced"
    """The upper box of that face if free; else any free lower box; else an upper box at 0."""
    HASBRO = "hasbro"
    """As FORCED, but Three/Four of a kind must be taken before the other lower boxes."""
    FREE = "free"
    """Any free box; lower boxes at full value."""


class RulesError(ValueError):
    """An unknown game, option or option value."""


@dataclass(frozen=True)
class UpperBonus:
    """Points for reaching `threshold` in the upper section (plus `per_point_over` beyond it)."""

    threshold: int
    points: int
    per_point_over: int = 0

    def award(self, upper_total: int) -> int:
        """The bonus an upper total earns."""
        if upper_total < self.threshold:
            return 0
        return self.points + self.per_point_over * (upper_total - self.threshold)

    def missing(self, upper_total: int) -> int:
        """Points still needed for the bonus (0 once reached)."""
        return max(0, self.threshold - upper_total)


@dataclass(frozen=True)
class OptionalBox:
    """A box a yes/no option adds to the grid, placed before `before` (or last)."""

    box: Box
    before: str | None = None


@dataclass(frozen=True)
class Variant:
    """A scoresheet template: its boxes, bonuses and the options players may choose."""

    id: str
    name: str
    boxes: tuple[Box, ...]
    upper_bonus: UpperBonus | None = None
    yahtzee_box: str | None = None
    """The five-of-a-kind box whose score unlocks the Yahtzee bonus and the joker."""
    yahtzee_bonus: int = 0
    jokers: tuple[JokerPolicy, ...] = ()
    """Joker policies the players may choose, the default first; none means no joker."""
    ecart: tuple[str, str] | None = None
    """(plus, minus) boxes whose positive difference counts in the total."""
    optional_boxes: tuple[OptionalBox, ...] = ()
    grid: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The grid-file table a house grid was read from (kept in its game records)."""

    def option_defaults(self) -> dict[str, str | bool]:
        """Every option of this variant with its default value."""
        defaults: dict[str, str | bool] = {}
        if len(self.jokers) > 1:
            defaults["joker"] = self.jokers[0].value
        for optional in self.optional_boxes:
            defaults[optional.box.id] = False
        return defaults

    def option_choices(self, name: str) -> tuple[str | bool, ...]:
        """The values option `name` accepts."""
        if name == "joker" and len(self.jokers) > 1:
            return tuple(policy.value for policy in self.jokers)
        if any(optional.box.id == name for optional in self.optional_boxes):
            return (False, True)
        raise RulesError(f"unknown option {name!r} for {self.id}")

    def configure(self, options: Mapping[str, object] | None = None) -> Ruleset:
        """The rules of a game of this variant with `options` (missing ones take defaults)."""
        chosen: dict[str, str | bool] = self.option_defaults()
        for name, value in (options or {}).items():
            choices = self.option_choices(name)
            if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
                allowed = ", ".join(_option_text(choice) for choice in choices)
                raise RulesError(
                    f"option {name!r} of {self.id} cannot be {_option_text(value)}"
                    f" (choose {allowed})"
                )
            chosen[name] = choices[choices.index(value)]
        boxes = list(self.boxes)
        for optional in self.optional_boxes:
            if chosen[optional.box.id]:
                ids = [box.id for box in boxes]
                at = ids.index(optional.before) if optional.before in ids else len(boxes)
                boxes.insert(at, optional.box)
        joker = None
        if self.jokers:
            joker = JokerPolicy(chosen["joker"]) if "joker" in chosen else self.jokers[0]
        return Ruleset(self, tuple(sorted(chosen.items())), tuple(boxes), joker)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


@dataclass(frozen=True)
class Ruleset:
    """A variant with its options settled: what the engine actually plays by."""

    game_id: ClassVar[str] = "yahtzee"
    """The registry's row for every grid: the Yahtzee family."""
    variant: Variant
    options: tuple[tuple[str, str | bool], ...]
    boxes: tuple[Box, ...]
    joker: JokerPolicy | None
    _by_id: dict[str, Box] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {box.id: box for box in self.boxes})

    def box(self, box_id: str) -> Box:
        """The box called `box_id`; KeyError if this sheet has none."""
        return self._by_id[box_id]

    def has_box(self, box_id: str) -> bool:
        """Whether this sheet has a box called `box_id`."""
        return box_id in self._by_id

    @property
    def box_ids(self) -> tuple[str, ...]:
        """The sheet's box ids, top to bottom."""
        return tuple(box.id for box in self.boxes)

    @property
    def option_values(self) -> dict[str, str | bool]:
        """The chosen options as a dict."""
        return dict(self.options)


def _upper_boxes() -> tuple[Box, ...]:
    names = ("ones", "twos", "threes", "fours", "fives", "sixes")
    labels = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
    return tuple(
        Box(box_id, BoxKind.FACE, Section.UPPER, label, face=face)
        for face, (box_id, label) in enumerate(zip(names, labels, strict=True), start=1)
    )


def _lower(box_id: str, kind: BoxKind, label: str, **params: object) -> Box:
    return Box(box_id, kind, Section.LOWER, label, **params)  # type: ignore[arg-type]


RIGOLE = _lower("rigole", BoxKind.RIGOLE, "Rigole", points=50)

YAHTZEE = Variant(
    id="yahtzee",
    name="Yahtzee",
    boxes=(
        *_upper_boxes(),
        _lower(
            "three_of_a_kind", BoxKind.OF_A_KIND, "Three of a kind", count=3, scoring=Scoring.SUM
        ),
        _lower("four_of_a_kind", BoxKind.OF_A_KIND, "Four of a kind", count=4, scoring=Scoring.SUM),
        _lower("full_house", BoxKind.FULL_HOUSE, "Full house", points=25),
        _lower("small_straight", BoxKind.STRAIGHT, "Small straight", length=4, points=30),
        _lower("large_straight", BoxKind.STRAIGHT, "Large straight", length=5, points=40),
        _lower("yahtzee", BoxKind.OF_A_KIND, "Yahtzee", count=5, points=50),
        _lower("chance", BoxKind.CHANCE, "Chance"),
    ),
    upper_bonus=UpperBonus(63, 35),
    yahtzee_box="yahtzee",
    yahtzee_bonus=100,
    jokers=(JokerPolicy.FORCED, JokerPolicy.HASBRO, JokerPolicy.FREE),
    optional_boxes=(OptionalBox(RIGOLE, before="chance"),),
)

YAMS_ECART = Variant(
    id="yams-ecart",
    name="Yam's Écart",
    boxes=(
        *_upper_boxes(),
        RIGOLE,
        _lower(
            "four_of_a_kind",
            BoxKind.OF_A_KIND,
            "Four of a kind",
            count=4,
            scoring=Scoring.SUM,
            points=40,
        ),
        _lower("small_straight", BoxKind.STRAIGHT, "Small straight", length=4, points=45),
        _lower("large_straight", BoxKind.STRAIGHT, "Large straight", length=5, points=50),
        _lower("full_house", BoxKind.FULL_HOUSE, "Full house", scoring=Scoring.SUM, points=30),
        _lower("yahtzee", BoxKind.OF_A_KIND, "Yahtzee", count=5, scoring=Scoring.SUM, points=50),
        _lower("plus", BoxKind.CHANCE, "Plus", counts=False),
        _lower("minus", BoxKind.CHANCE, "Minus", counts=False),
    ),
    upper_bonus=UpperBonus(60, 30, per_point_over=1),
    ecart=("plus", "minus"),
)

YAMS_CHANCES = Variant(
    id="yams-chances",
    name="Yam's Chances",
    boxes=(
        *_upper_boxes(),
        _lower("chance_minus", BoxKind.INVERSE_SUM, "Chance −", points=30),
        _lower("chance_plus", BoxKind.CHANCE, "Chance +"),
        _lower(
            "three_of_a_kind",
            BoxKind.OF_A_KIND,
            "Three of a kind",
            count=3,
            scoring=Scoring.MATCHED,
        ),
        _lower("four_of_a_kind", BoxKind.OF_A_KIND, "Four of a kind", count=4, scoring=Scoring.SUM),
        _lower("full_house", BoxKind.FULL_HOUSE, "Full house", points=25),
        _lower("small_straight", BoxKind.STRAIGHT, "Small straight", length=4, points=30),
        _lower("large_straight", BoxKind.STRAIGHT, "Large straight", length=5, points=40),
        _lower("yahtzee", BoxKind.OF_A_KIND, "Yahtzee", count=5, points=50),
    ),
    upper_bonus=UpperBonus(63, 30),
)

YACHT = Variant(
    id="yacht",
    name="Yacht",
    boxes=(
        *_upper_boxes(),
        _lower("full_house", BoxKind.FULL_HOUSE, "Full house", scoring=Scoring.SUM),
        _lower(
            "four_of_a_kind", BoxKind.OF_A_KIND, "Four of a kind", count=4, scoring=Scoring.MATCHED
        ),
        _lower(
            "small_straight", BoxKind.STRAIGHT, "Little straight", faces=(1, 2, 3, 4, 5), points=30
        ),
        _lower(
            "large_straight", BoxKind.STRAIGHT, "Big straight", faces=(2, 3, 4, 5, 6), points=30
        ),
        _lower("chance", BoxKind.CHANCE, "Choice"),
        _lower("yahtzee", BoxKind.OF_A_KIND, "Yacht", count=5, points=50),
    ),
)

BUILT_IN_VARIANTS: dict[str, Variant] = {
    variant.id: variant for variant in (YAHTZEE, YAMS_ECART, YAMS_CHANCES, YACHT)
}
DEFAULT_VARIANT = YAHTZEE.id


def get_variant(variant_id: str) -> Variant:
    """The built-in variant called `variant_id`; RulesError if there is none."""
    try:
        return BUILT_IN_VARIANTS[variant_id]
    except KeyError:
        known = ", ".join(BUILT_IN_VARIANTS)
        raise RulesError(f"unknown game {variant_id!r} (known: {known})") from None
