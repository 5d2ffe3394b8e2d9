"""Options, bonuses and the registry of built-in grids."""

import pytest

from missdice_desktop.rules import JokerPolicy, RulesError, UpperBonus, get_variant


def test_yahtzee_defaults_to_the_forced_joker_without_rigole() -> None:
    rules = get_variant("yahtzee").configure()
    assert rules.joker is JokerPolicy.FORCED
    assert rules.option_values == {"joker": "forced", "rigole": False}


@pytest.mark.parametrize("policy", ["forced", "hasbro", "free"])
def test_joker_policy_option(policy: str) -> None:
    assert get_variant("yahtzee").configure({"joker": policy}).joker is JokerPolicy(policy)


@pytest.mark.parametrize(
    ("variant_id", "options", "message"),
    [
        ("yahtzee", {"joker": "sometimes"}, "option 'joker' of yahtzee cannot be 'sometimes'"),
        ("yahtzee", {"rigole": 1}, "option 'rigole' of yahtzee cannot be 1"),
        ("yahtzee", {"rigole": "yes"}, "cannot be 'yes'"),
        ("yahtzee", {"speed": 3}, "unknown option 'speed'"),
        ("yacht", {"joker": "forced"}, "unknown option 'joker' for yacht"),
    ],
)
def test_bad_options_are_named(variant_id: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_variant(variant_id).configure(options)


def test_unknown_game() -> None:
    with pytest.raises(RulesError, match="unknown game 'poker'"):
        get_variant("poker")


@pytest.mark.parametrize(
    ("bonus", "upper_total", "award", "missing"),
    [
        (UpperBonus(63, 35), 62, 0, 1),
        (UpperBonus(63, 35), 63, 35, 0),
        (UpperBonus(63, 35), 80, 35, 0),
        (UpperBonus(60, 30, per_point_over=1), 59, 0, 1),
        (UpperBonus(60, 30, per_point_over=1), 60, 30, 0),
        (UpperBonus(60, 30, per_point_over=1), 71, 41, 0),
    ],
)
def test_upper_bonus(bonus: UpperBonus, upper_total: int, award: int, missing: int) -> None:
    assert bonus.award(upper_total) == award
    assert bonus.missing(upper_total) == missing
