"""Share links: exact round trips for every game, their size, and every kind of bad link."""

import base64
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from missdice_desktop.links import (
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    PREFIX,
    LinkError,
    game_from_link,
    is_link,
    link_from_game,
    link_from_record,
    link_sizes,
    make_qr,
    record_from_link,
    save_qr,
)
from missdice_desktop.records import RecordError, game_from_record, record_from_game
from missdice_desktop.rules import Game, Roll, get_variant, grid_from_mapping
from missdice_desktop.share_bench import PLAYERS, realistic_four21, realistic_game, realistic_pig
from tests.rules.support import new_game, play

GAMES = [
    ("yahtzee", {}),
    ("yahtzee", {"rigole": True, "joker": "free"}),
    ("yahtzee", {"joker": "hasbro"}),
    ("yams-ecart", {}),
    ("yams-chances", {}),
    ("yacht", {}),
]
HOUSE_GRID = {
    "id": "mamie",
    "name": "Chez Mamie",
    "boxes": [
        {"id": "sixes", "kind": "face", "face": 6},
        {"id": "brelan", "kind": "of_a_kind", "count": 3, "scoring": "sum"},
        {"id": "yams", "kind": "of_a_kind", "count": 5, "points": 60},
    ],
    "upper_bonus": {"threshold": 20, "points": 10},
}


def assert_round_trip(game: Game) -> str:
    link = link_from_game(game)
    again = game_from_link(link)
    assert record_from_game(again) == record_from_game(game)
    assert again.state == game.state
    assert link_from_game(again) == link  # canonical: the same game, the same link
    return link


@pytest.mark.parametrize(("variant", "options"), GAMES)
@pytest.mark.parametrize("rolls", [0, 1, 3])
def test_finished_games_of_every_grid_come_back_exactly(
    variant: str, options: dict[str, object], rolls: int
) -> None:
    link = assert_round_trip(realistic_game(variant, rolls=rolls, **options))
    assert link.startswith(PREFIX + "U")  # the packed form: "P" in base64url


def test_a_house_grid_travels_inside_its_link() -> None:
    variant = grid_from_mapping(HOUSE_GRID)
    game = Game(variant.configure(), ["Anna", "Ben"])
    play(game, ("66612", "sixes"), ("33345", "brelan"))
    game.roll()
    link = assert_round_trip(game)
    assert record_from_link(link)["grid"] == HOUSE_GRID


def test_the_turn_in_progress_comes_back_with_its_holds_and_undo() -> None:
    game = new_game(players=["Anna", "Ben"])
    play(game, ("12345", "large_straight"))
    game.roll()
    game.hold(1)
    game.hold(3)
    game.roll()
    game.hold(0)
    again = game_from_link(assert_round_trip(game))
    assert again.held == game.held
    assert again.rolls_left == 1
    again.undo()  # the hold
    assert again.held == (False, True, False, True, False)  # as held for the second roll
    assert not again.can_undo  # the second roll, once seen, stays (issue 12)
    assert again.rolls_left == 1


def test_dice_typed_in_and_the_dice_source_come_back() -> None:
    game = new_game(players=["Anna"])
    game.extra["dice_source"] = "table"
    game.enter_dice("66666")
    game.score("yahtzee")
    game.enter_dice("66662")
    again = game_from_link(assert_round_trip(game))
    assert again.extra["dice_source"] == "table"
    assert again.dice == (6, 6, 6, 6, 2)


@pytest.mark.parametrize(
    "rolls",
    [
        [[1, 2, 3, 4, 5], [6, 5, 4, 3, 2], [1, 1, 1, 1, 1]],  # every die changes
        [[6, 6, 6, 6, 6], [6, 6, 6, 6, 6], [6, 6, 6, 6, 6]],  # none does
        [[1, 6, 1, 6, 1], [6, 1, 6, 1, 6], [6, 1, 6, 1, 6]],
    ],
)
def test_later_rolls_packed_as_what_changed_come_back(rolls: list[list[int]]) -> None:
    record = {
        "format": "missdice-game",
        "version": 1,
        "game": "yacht",
        "options": {},
        "players": ["Anna"],
        "turns": [{"player": 0, "dice": rolls[-1], "rolls": rolls, "box": "chance"}],
    }
    link = link_from_record(record)
    assert link.startswith(PREFIX + "U")
    assert record_from_link(link)["turns"] == record["turns"]


def test_a_new_game_and_names_with_any_letters() -> None:
    assert_round_trip(Game(get_variant("yacht").configure(), ["Zoë", "李雷", "Ольга", "🎲 Max"]))


def test_top_level_keys_this_version_does_not_know_ride_in_the_packed_form() -> None:
    game = realistic_game("yahtzee", rolls=3)
    plain = link_from_game(game)
    game.extra["table_draft"] = [6, None, 6, None, None]
    game.extra["started"] = "2026-11-30T21:00"
    link = link_from_game(game)
    assert link.startswith(PREFIX + "U")
    assert len(link) < len(plain) + 100  # the two keys, deflated
    assert record_from_game(game_from_link(link)) == record_from_game(game)


def test_keys_this_version_does_not_know_are_kept_by_the_zlib_form() -> None:
    record = record_from_game(realistic_game("yacht", players=("Anna", "Ben")))
    record["table"] = "kitchen"
    record["turns"][0]["comment"] = "nice"
    link = link_from_record(record)
    assert link.startswith(PREFIX + "W")  # "Z" in base64url
    assert record_from_game(game_from_link(link)) == record_from_game(game_from_record(record))
    assert record_from_link(link)["turns"][0]["comment"] == "nice"


def test_the_largest_realistic_game_fits_in_1000_characters() -> None:
    sizes = link_sizes(realistic_game("yahtzee", rolls=3))
    assert sizes["link"] <= 800  # later rolls as what changed: 744 (845 as whole rolls)
    assert sizes["link"] == sizes["packed"]
    assert sizes["zlib"] > 3.5 * sizes["packed"]  # the packed form wins by several times
    for variant, options in GAMES:
        assert len(link_from_game(realistic_game(variant, rolls=3, **options))) <= 1000
        assert len(link_from_game(realistic_game(variant, rolls=0, **options))) <= 500


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(0, 200), st.sampled_from(GAMES), st.integers(1, 8))
def test_any_moment_of_any_game_comes_back(
    seed: int, actions: int, game_kind: tuple[str, dict[str, object]], players: int
) -> None:
    variant, options = game_kind
    game = Game(get_variant(variant).configure(options), [f"P{n}" for n in range(players)])
    chooser = __import__("random").Random(seed)
    for _ in range(actions):
        if game.finished:
            break
        move = chooser.random()
        if game.dice is not None and (move < 0.3 or game.rolls_left == 0):
            box = chooser.choice([s.box.id for s in game.box_states() if s.allowed])
            game.score(box)
        elif game.dice is not None and move < 0.5:
            game.hold(chooser.randrange(5))
        elif move < 0.6:
            game.enter_dice([chooser.randint(1, 6) for _ in range(5)])
        elif game.is_legal(Roll()):  # not after dice typed in, nor with every die held
            game.roll()
    assert_round_trip(game)


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("seed", [1, 2])
def test_finished_421_games_come_back_exactly(players: int, seed: int) -> None:
    game = realistic_four21(PLAYERS[:players], seed=seed, pot=11 if seed == 2 else 21)
    link = link_from_game(game)
    assert link.startswith(PREFIX + "U")
    again = game_from_link(link)
    assert again.game_id == "421"
    assert record_from_game(again) == record_from_game(game)
    assert again.state == game.state
    assert again.losers() == game.losers()
    assert len(link) < 600


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 300), st.integers(2, 8))
def test_any_moment_of_a_421_comes_back(seed: int, actions: int, players: int) -> None:
    game = realistic_four21(PLAYERS[:players], seed=seed, actions=actions, **{"421": 8})
    again = game_from_link(link_from_game(game))
    assert record_from_game(again) == record_from_game(game)
    assert again.state.turn == game.state.turn


def test_a_421_in_progress_with_held_dice_comes_back() -> None:
    for actions in range(40, 400):
        game = realistic_four21(PLAYERS[:3], seed=5, actions=actions)
        if any(game.state.turn.held) and game.state.turn.throws:
            break
    record = record_from_game(game)
    assert "held" in record["current"]
    assert record_from_game(game_from_link(link_from_game(game))) == record


def test_the_window_gets_421_as_an_engine_game() -> None:
    game = realistic_four21(PLAYERS[:3], seed=4)
    again = game_from_link(link_from_game(game))
    assert again.game_id == "421"
    assert record_from_game(again) == record_from_game(game)


@pytest.mark.parametrize("players", [1, 2, 8])
@pytest.mark.parametrize("target", [10, 100, 1000])
def test_finished_games_of_cochon_come_back_exactly(players: int, target: int) -> None:
    game = realistic_pig(PLAYERS[:players], seed=players, target=target)
    link = link_from_game(game)
    assert link.startswith(PREFIX + "U")
    again = game_from_link(link)
    assert record_from_game(again) == record_from_game(game)
    assert again.winners() == game.winners()
    assert len(link) < (1000 if target <= 100 else 3000)  # a race to 1,000 is a long game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 200), st.integers(1, 8))
def test_any_moment_of_cochon_comes_back(seed: int, actions: int, players: int) -> None:
    game = realistic_pig(PLAYERS[:players], seed=seed, actions=actions, target=50)
    game.extra["dice_source"] = "table"
    link = link_from_game(game)
    assert link.startswith(PREFIX + "U")
    assert record_from_game(game_from_link(link)) == record_from_game(game)


def test_a_cochon_record_the_packed_form_cannot_hold_keeps_the_zlib_form() -> None:
    record = record_from_game(realistic_pig(PLAYERS[:2], seed=3))
    record["turns"][0]["comment"] = "bien joué"
    link = link_from_record(record)
    assert link.startswith(PREFIX + "W")
    assert record_from_link(link) == record


# Bad links --------------------------------------------------------------------------------


def reason(text: str) -> str:
    with pytest.raises(LinkError) as caught:
        game_from_link(text)
    return str(caught.value)


GOOD = link_from_game(realistic_game("yahtzee", players=("Anna", "Ben"), rolls=3))


def test_a_cut_link_is_refused() -> None:
    for length in (len(PREFIX), len(PREFIX) + 1, len(GOOD) // 2, len(GOOD) - 1, len(GOOD) - 3):
        assert "damaged link" in reason(GOOD[:length])


def test_a_changed_character_is_refused() -> None:
    changed = 0
    for position in range(len(PREFIX), len(GOOD)):
        edited = GOOD[:position] + ("A" if GOOD[position] != "A" else "B") + GOOD[position + 1 :]
        with pytest.raises(LinkError):
            game_from_link(edited)
        changed += 1
    assert changed > 100


@pytest.mark.parametrize(
    "text",
    ["https://example.com/game", "WIFI:T:WPA;S:home;P:secret;;", "", "missdice", "hello"],
)
def test_codes_that_are_not_ours_are_named_so(text: str) -> None:
    assert "not a Miss Dice link" in reason(text)
    assert not is_link(text)


def test_a_newer_link_version_says_so() -> None:
    assert "newer Miss Dice" in reason("missdice:2" + GOOD[len(PREFIX) :])
    unknown_form = base64.urlsafe_b64encode(b"Q123").decode().rstrip("=")
    assert "newer Miss Dice" in reason(PREFIX + unknown_form)
    unknown_game = base64.urlsafe_b64encode(b"P\x1f\x01").decode().rstrip("=")
    assert "a game this version does not know" in reason(PREFIX + unknown_game)


def test_a_version_digit_that_is_no_ascii_digit_is_damage() -> None:
    assert "link version is missing" in reason("missdice:²" + GOOD[len(PREFIX) :])


def test_a_newer_record_inside_a_link_says_so() -> None:
    record = record_from_game(realistic_game("yacht", players=("Anna",)))
    record["version"] = 2
    link = link_from_record(record)
    assert "newer Miss Dice (record version 2" in reason(link)


def test_the_scheme_is_case_blind_and_spaces_around_are_ignored() -> None:
    assert is_link("  MissDice:1abc")
    upper = "MISSDICE:" + GOOD[len("missdice:") :]
    assert record_from_game(game_from_link(f" {upper}\n")) == record_from_game(game_from_link(GOOD))


def test_characters_a_link_never_holds_are_refused() -> None:
    for bad in (GOOD + "=", GOOD[:20] + " " + GOOD[20:], GOOD + "+", GOOD.replace("-", "é")):
        if bad != GOOD:
            assert "damaged link" in reason(bad)


def zlib_link(payload: bytes) -> str:
    data = b"Z" + zlib.compress(payload, 9)
    return PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_a_decompression_bomb_is_refused_before_it_expands() -> None:
    bomb = zlib_link(b" " * 5_000_000)
    assert len(bomb) < MAX_LINK_CHARS
    assert "far more than any game" in reason(bomb)
    assert MAX_JSON_BYTES < 5_000_000


def test_a_link_longer_than_any_game_is_not_even_read() -> None:
    assert "longer than" in reason(PREFIX + "A" * MAX_LINK_CHARS)


def test_a_hand_edited_record_is_refused() -> None:
    record = record_from_game(realistic_game("yacht", players=("Anna",)))
    text = json.dumps(record, indent=1).encode()
    assert "changed by hand" in reason(zlib_link(text))


def test_a_record_that_breaks_the_rules_names_the_turn() -> None:
    record = record_from_game(realistic_game("yacht", players=("Anna",)))
    record["turns"][1]["box"] = record["turns"][0]["box"]
    link = link_from_record(record)  # the packed form cannot hold it: zlib form
    message = reason(link)
    assert "breaks the rules" in message
    assert "turn 2 (Anna)" in message
    assert isinstance(LinkError("x"), RecordError)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_end_in_a_clear_error(data: bytes) -> None:
    for first in (b"P", b"Z", b""):
        text = PREFIX + base64.urlsafe_b64encode(first + data).decode().rstrip("=")
        with pytest.raises(LinkError):
            game_from_link(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2000), st.characters()), min_size=1, max_size=4))
def test_random_edits_of_real_links_end_in_a_clear_error_or_a_good_game(
    edits: list[tuple[int, str]],
) -> None:
    text = GOOD
    for position, character in edits:
        position %= len(text) + 1
        text = text[:position] + character + text[position + 1 :]
    try:
        game = game_from_link(text)
    except LinkError:
        return
    assert isinstance(game, Game)  # a change the checksum cannot see is still a valid game


# QR codes -------------------------------------------------------------------------------


def test_the_qr_code_uses_error_correction_m() -> None:
    qr = make_qr(GOOD)
    assert qr.error == "M"
    assert not qr.is_micro


def test_qr_codes_are_saved_as_png_or_svg(tmp_path: Path) -> None:
    save_qr(GOOD, tmp_path / "game.png")
    save_qr(GOOD, tmp_path / "game.SVG")
    assert (tmp_path / "game.png").read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in (tmp_path / "game.SVG").read_bytes()[:400]
    with pytest.raises(ValueError, match=r"\.png or \.svg"):
        save_qr(GOOD, tmp_path / "game.jpg")


def test_the_scheme_is_the_one_the_installers_register() -> None:
    import tomllib

    from missdice_desktop.links import SCHEME

    associations = Path(__file__).parents[1] / "installer" / "associations.toml"
    assert tomllib.loads(associations.read_text(encoding="utf-8"))["scheme"] == SCHEME


def test_the_packed_421_has_the_421s_dice_and_throws() -> None:
    from missdice_desktop import links
    from missdice_desktop.rules import four21

    assert (links._FOUR21_ID, links._FOUR21_DICE, links._FOUR21_THROWS) == (
        four21.GAME_ID,
        four21.DICE_COUNT,
        four21.MAX_THROWS,
    )
