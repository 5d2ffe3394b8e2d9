"""Every box of every built-in grid, with the worked examples of the rule pages."""

import pytest

from missdice_desktop.rules import BUILT_IN_VARIANTS, get_variant

CASES = [
    # (variant, box, dice, score)
    # Yahtzee (seeds 000, 002)
    ("yahtzee", "fours", "44426", 12),
    ("yahtzee", "fours", "34464", 12),
    ("yahtzee", "threes", "33356", 9),
    ("yahtzee", "ones", "23456", 0),
    ("yahtzee", "sixes", "66666", 30),
    ("yahtzee", "three_of_a_kind", "33356", 20),
    ("yahtzee", "three_of_a_kind", "33456", 0),
    ("yahtzee", "three_of_a_kind", "22225", 13),
    ("yahtzee", "four_of_a_kind", "22225", 13),
    ("yahtzee", "four_of_a_kind", "22255", 0),
    ("yahtzee", "four_of_a_kind", "66666", 30),
    ("yahtzee", "full_house", "26266", 25),
    ("yahtzee", "full_house", "22525", 25),
    ("yahtzee", "full_house", "12121", 25),
    ("yahtzee", "full_house", "33333", 0),
    ("yahtzee", "full_house", "22233", 25),
    ("yahtzee", "full_house", "22234", 0),
    ("yahtzee", "small_straight", "12346", 30),
    ("yahtzee", "small_straight", "12344", 30),
    ("yahtzee", "small_straight", "34565", 30),
    ("yahtzee", "small_straight", "12345", 30),
    ("yahtzee", "small_straight", "12356", 0),
    ("yahtzee", "large_straight", "12345", 40),
    ("yahtzee", "large_straight", "65432", 40),
    ("yahtzee", "large_straight", "12346", 0),
    ("yahtzee", "yahtzee", "55555", 50),
    ("yahtzee", "yahtzee", "55556", 0),
    ("yahtzee", "chance", "33356", 20),
    ("yahtzee", "chance", "11111", 5),
    # Yam's Écart (seed 001)
    ("yams-ecart", "fours", "34464", 12),
    ("yams-ecart", "rigole", "11161", 50),
    ("yams-ecart", "rigole", "35333", 0),
    ("yams-ecart", "rigole", "25555", 50),
    ("yams-ecart", "rigole", "44443", 50),
    ("yams-ecart", "rigole", "44444", 0),
    ("yams-ecart", "four_of_a_kind", "22225", 53),
    ("yams-ecart", "four_of_a_kind", "22255", 0),
    ("yams-ecart", "small_straight", "23451", 45),
    ("yams-ecart", "small_straight", "12356", 0),
    ("yams-ecart", "large_straight", "23456", 50),
    ("yams-ecart", "full_house", "22525", 46),
    ("yams-ecart", "full_house", "22524", 0),
    ("yams-ecart", "yahtzee", "66666", 80),
    ("yams-ecart", "yahtzee", "66665", 0),
    ("yams-ecart", "plus", "66654", 27),
    ("yams-ecart", "minus", "11213", 8),
    # Yam's Chances (seed 003)
    ("yams-chances", "ones", "11112", 4),
    ("yams-chances", "twos", "22213", 6),
    ("yams-chances", "chance_minus", "11112", 24),
    ("yams-chances", "chance_minus", "66666", 0),
    ("yams-chances", "chance_plus", "66654", 27),
    ("yams-chances", "three_of_a_kind", "22235", 6),
    ("yams-chances", "three_of_a_kind", "22225", 6),
    ("yams-chances", "three_of_a_kind", "22335", 0),
    ("yams-chances", "four_of_a_kind", "33334", 16),
    ("yams-chances", "full_house", "33344", 25),
    ("yams-chances", "small_straight", "34566", 30),
    ("yams-chances", "large_straight", "12345", 40),
    ("yams-chances", "yahtzee", "44444", 50),
    # Yacht (seed 004)
    ("yacht", "fives", "55521", 15),
    ("yacht", "full_house", "33344", 17),
    ("yacht", "full_house", "33333", 0),
    ("yacht", "four_of_a_kind", "66662", 24),
    ("yacht", "four_of_a_kind", "55553", 20),
    ("yacht", "four_of_a_kind", "66666", 24),
    ("yacht", "four_of_a_kind", "66622", 0),
    ("yacht", "small_straight", "54321", 30),
    ("yacht", "small_straight", "23456", 0),
    ("yacht", "small_straight", "12346", 0),
    ("yacht", "large_straight", "65432", 30),
    ("yacht", "large_straight", "12345", 0),
    ("yacht", "chance", "66654", 27),
    ("yacht", "yahtzee", "22222", 50),
] + [
    (variant, box, dice, score)
    for variant in ("yahtzee", "yams-ecart", "yams-chances", "yacht")
    for box, dice, score in [
        ("ones", "11345", 2),
        ("twos", "22225", 8),
        ("threes", "33356", 9),
        ("fours", "44426", 12),
        ("fives", "55521", 15),
        ("sixes", "61666", 24),
        ("sixes", "12345", 0),
    ]
]


@pytest.mark.parametrize(("variant_id", "box_id", "dice", "expected"), CASES)
def test_box_scores(variant_id: str, box_id: str, dice: str, expected: int) -> None:
    box = get_variant(variant_id).configure().box(box_id)
    assert box.score(tuple(int(d) for d in dice)) == expected


def test_every_box_of_every_built_in_grid_has_a_case() -> None:
    covered = {(variant, box) for variant, box, _, _ in CASES}
    for variant in BUILT_IN_VARIANTS.values():
        for box in variant.boxes:
            assert (variant.id, box.id) in covered, f"{variant.id}.{box.id} has no case"


@pytest.mark.parametrize(
    ("variant_id", "expected_boxes"),
    [
        (
            "yahtzee",
            "ones twos threes fours fives sixes three_of_a_kind four_of_a_kind "
            "full_house small_straight large_straight yahtzee chance",
        ),
        (
            "yams-ecart",
            "ones twos threes fours fives sixes rigole four_of_a_kind "
            "small_straight large_straight full_house yahtzee plus minus",
        ),
        (
            "yams-chances",
            "ones twos threes fours fives sixes chance_minus chance_plus "
            "three_of_a_kind four_of_a_kind full_house small_straight large_straight yahtzee",
        ),
        (
            "yacht",
            "ones twos threes fours fives sixes full_house four_of_a_kind "
            "small_straight large_straight chance yahtzee",
        ),
    ],
)
def test_canonical_box_ids(variant_id: str, expected_boxes: str) -> None:
    assert get_variant(variant_id).configure().box_ids == tuple(expected_boxes.split())


def test_rigole_option_adds_a_lower_box_to_yahtzee() -> None:
    rules = get_variant("yahtzee").configure({"rigole": True})
    assert "rigole" in rules.box_ids
    assert rules.box("rigole").score((1, 1, 1, 6, 1)) == 50
    assert "rigole" not in get_variant("yahtzee").configure().box_ids


def test_a_matched_box_takes_the_best_qualifying_face_whatever_the_order() -> None:
    from missdice_desktop.rules import grid_from_mapping

    pair = (
        grid_from_mapping(
            {
                "id": "x",
                "boxes": [{"id": "pair", "kind": "of_a_kind", "count": 2, "scoring": "matched"}],
            }
        )
        .configure()
        .box("pair")
    )
    assert pair.score((2, 2, 3, 3, 6)) == pair.score((3, 3, 2, 2, 6)) == 6


@pytest.mark.parametrize("text", ["²2345", "1234", "12345 6", "a2345", "0 1 2 3 4"])
def test_typed_dice_that_are_not_five_faces_are_refused(text: str) -> None:
    from missdice_desktop.rules import InvalidDiceError, make_dice

    with pytest.raises(InvalidDiceError):
        make_dice(text)
