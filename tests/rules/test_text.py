"""The one rule for shown text, and the check that what is kept can be saved as JSON."""

import datetime

import pytest

from missdice_desktop.rules.text import shown_text_problem, unsaveable_part


@pytest.mark.parametrize(
    "text",
    ["Anna", "Chloé", "Zoë 🎲", "👨\u200d👩\u200d👧", "מרים", "محمد", "e\u0301", "日本"],
)
def test_names_in_any_script_are_shown(text: str) -> None:
    assert shown_text_problem(text, max_length=40) is None


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "shows nothing"),
        ("\u200b\u200b", "shows nothing"),
        ("\u200d", "shows nothing"),
        ("\u2800", "shows nothing"),
        ("\u0301", "shows nothing"),
        ("\ue000", "shows nothing"),
        ("a\x00b", "U+0000"),
        ("a\nb", "U+000A"),
        ("a\u2028b", "U+2028"),
        ("a\u202eb", "U+202E"),
        ("a\u200fb", "U+200F"),
        ("a\ufeffb", "U+FEFF"),
        ("a\ud800", "U+D800"),
        ("a\U000e0001", "U+E0001"),
        ("abc", "more than 2"),
    ],
)
def test_text_that_shows_nothing_or_reorders_is_refused(text: str, problem: str) -> None:
    found = shown_text_problem(text, max_length=2 if text == "abc" else 40)
    assert found is not None and problem in found


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"a": float("inf")}, "a: NaN"),
        ({"a": [1, {"b": float("nan")}]}, "a[2].b: NaN"),
        ({"a": "x\udc80"}, "a: a text holds a lone surrogate (\\udc80)"),
        ({"a\ud800": 1}, "a key that cannot be saved"),
        ({"boxes": [{"count": datetime.date(1979, 5, 27)}]}, "boxes[1].count: date values"),
        ({"t": datetime.time(7, 32)}, "t: time values"),
    ],
)
def test_values_json_cannot_hold_are_found(data: object, where: str) -> None:
    found = unsaveable_part(data)
    assert found is not None and found.startswith(where)


def test_plain_data_is_saveable() -> None:
    assert unsaveable_part({"a": [1, 2.5, None, True, "é🎲", {"b": []}]}) is None
