"""The free roller: dice notation, mixed dice, holds and the last 20 rolls."""

import random

import pytest

from missdice_desktop.roller import (
    FreeRoller,
    NotationError,
    notation,
    parse_notation,
    parse_setup,
)


@pytest.mark.parametrize(
    ("text", "faces"),
    [("2d6+d20", (6, 6, 20)), ("d4", (4,)), ("20d12", (12,) * 20), ("d8 + 2D10", (8, 10, 10))],
)
def test_notation_reads_mixed_dice(text: str, faces: tuple[int, ...]) -> None:
    assert parse_notation(text) == faces


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no dice"),
        ("2d7", "4, 6, 8, 10, 12 or 20"),
        ("21d6", "1 to 20 dice"),
        ("10d6+11d4", "1 to 20 dice"),
        ("0d6", "1 to 20 dice"),
        ("2x6", "not dice notation"),
        ("2d6+", "not dice notation"),
    ],
)
def test_bad_notation_says_why(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_notation(text)


def test_notation_groups_dice_by_shape() -> None:
    assert notation((20, 6, 6)) == "d20+2d6"


def test_rolls_stay_within_each_die_and_held_dice_keep_their_value() -> None:
    roller = FreeRoller((4, 20, 6))
    rng = random.Random(2)
    for _ in range(50):
        throw = roller.roll(rng)
        assert all(1 <= v <= f for v, f in zip(throw.values, throw.faces, strict=True))
    roller.hold(1)
    kept = roller.values[1]
    for _ in range(10):
        assert roller.roll(rng).values[1] == kept
    assert len(roller.history) == 20
    assert roller.history[0].values == roller.values


@pytest.mark.parametrize(
    ("text", "faces", "modifier"),
    [("2d6+3", (6, 6), 3), ("d20-2", (20,), -2), ("1+d4+d4-1", (4, 4), 0), ("d8+1000", (8,), 1000)],
)
def test_a_number_is_added_to_every_total(text: str, faces: tuple[int, ...], modifier: int) -> None:
    setup = parse_setup(text)
    assert (setup.faces, setup.modifier) == (faces, modifier)
    roller = FreeRoller()
    roller.set_dice(setup.faces, setup.modifier)
    throw = roller.roll(random.Random(3))
    assert throw.total == sum(throw.values) + modifier == roller.total
    assert parse_setup(setup.notation) == setup


@pytest.mark.parametrize("text", ["-d6", "3", "d6+1001", "d6+" + "9" * 4300, "9" * 4300 + "d6"])
def test_modifiers_and_counts_are_bounded(text: str) -> None:
    with pytest.raises(NotationError):
        parse_setup(text)
