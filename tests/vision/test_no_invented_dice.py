"""No die is invented (`vision.reader`'s merge of the networks and the pip counter): a die only
the pip counter sees is kept only where something die-shaped is, touching dice never turn
into one die per pip, a big die's pips seen close up are not dice of their own, and printed
dots, a keyboard's glyphs and a table of coins read as no dice; a face the networks doubt is
kept only where the pip counter's colour blobs see a die too."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from synth import GREEN, YELLOW, Die, background, scene

from vision import read_dice, reader
from vision.fusion import DEFAULT_FUSION
from vision.net import Face, networks
from vision.reader import _close_up_pips, _merge, _part_of_face, _stands_out
from vision.types import DieReading


def counted(x: float, y: float, size: float, value: int = 1) -> DieReading:
    return DieReading(value, (x, y), (size, size), 0.0, 0.9)


def face(x: float, y: float, size: float, value: int = 6) -> Face:
    return Face(x, y, size, value, 0.95, 0.95, 0.99)


def test_a_pip_of_a_die_the_networks_see_is_no_die_of_its_own() -> None:
    six = face(200, 200, 90)
    assert _part_of_face(counted(180, 175, 30), [six])  # one of its pips, read as a 1
    assert not _part_of_face(counted(300, 200, 30), [six])  # a die beside it
    assert not _part_of_face(counted(200, 200, 80), [six])  # the die itself, as big


def test_ones_far_smaller_than_the_sure_dice_are_pips_seen_close_up() -> None:
    dice = [face(100, 100, 180, 3), face(400, 100, 170, 4), face(250, 300, 190, 6)]
    pips = [face(230, 280, 36, 1), face(270, 320, 40, 2)]
    assert _close_up_pips(dice + pips) == {3}  # the 1; a 2 that small is no pip of theirs
    assert _close_up_pips([face(100, 100, 60, 1), face(300, 100, 58, 1)]) == set()
    assert _close_up_pips([dice[0], pips[0]]) == set()  # one sure die says no roll's size


def test_a_die_stands_out_from_its_table_and_printed_dots_do_not() -> None:
    frame = background(320, 240, "cloth")
    draw = scene([Die(3, 100, 120, 50)], 320, 240, table="cloth")
    assert _stands_out(draw, counted(100, 120, 50, 3))
    paper = np.full((240, 320, 3), 235, np.uint8)
    for y in range(10, 240, 22):
        for x in range(10, 320, 22):
            cv2.circle(paper, (x, y), 3, (40, 40, 40), -1, cv2.LINE_AA)
    assert not _stands_out(paper, counted(164, 120, 40, 2))
    assert not _stands_out(frame, counted(250, 60, 40, 1))  # plain cloth


def dotted_paper(step: int, radius: int, pairs: bool) -> np.ndarray:
    """White paper printed with dark dots (single or in pairs, like a 2 on no die)."""
    paper = np.full((480, 640, 3), 232, np.uint8)
    rng = np.random.default_rng(step)
    paper = np.clip(paper + rng.normal(0, 3, paper.shape), 0, 255).astype(np.uint8)
    for y in range(step // 2, 480, step):
        for x in range(step // 2, 640, step):
            cv2.circle(paper, (x, y), radius, (50, 45, 40), -1, cv2.LINE_AA)
            if pairs:
                cv2.circle(
                    paper, (x + 3 * radius, y + 3 * radius), radius, (50, 45, 40), -1, cv2.LINE_AA
                )
    return paper


@pytest.mark.parametrize(
    ("step", "radius", "pairs"), [(30, 3, False), (40, 3, True), (60, 4, True)]
)
def test_printed_dots_read_as_no_dice(step: int, radius: int, pairs: bool) -> None:
    assert read_dice(dotted_paper(step, radius, pairs)).values == ()


def test_dice_on_dotted_paper_are_still_read() -> None:
    frame = dotted_paper(60, 4, False)
    dice = [Die(5, 200, 240, 70, 10), Die(3, 420, 240, 70, -20)]
    for die in dice:
        one = scene([die], 640, 480, table="paper")
        mask = np.zeros((480, 640), np.uint8)
        cv2.circle(mask, (round(die.x), round(die.y)), 48, 255, -1)
        frame[mask > 0] = one[mask > 0]
    assert read_dice(frame).values == (3, 5)


def test_touching_white_dice_are_not_read_as_a_crowd_of_ones() -> None:
    dice = [Die(v, 200 + 64 * i, 240, 64, 0) for i, v in enumerate((4, 6, 5, 2))]
    values = read_dice(scene(dice, table="wood")).values
    assert values == (2, 4, 5, 6)


def net_face(x: float, y: float, size: float, value: int, is_die: float) -> Face:
    """A face the networks found, `is_die` sure that it is a die."""
    return Face(x, y, size, value, is_die, is_die, 0.9)


class BlobDice:
    """The colour blobs' dice for `_merge`, counting how often they are asked for."""

    def __init__(self, *dice: DieReading) -> None:
        self.dice = list(dice)
        self.asked = 0

    def __call__(self, over: list[Face]) -> list[DieReading]:
        assert over  # only asked over a doubted face
        self.asked += 1
        return self.dice


def merged(faces: list[Face], blobs: BlobDice, *count: DieReading) -> list[DieReading]:
    frame = background(640, 480, "wood")
    return _merge(frame, networks(), list(count), faces, DEFAULT_FUSION, blobs)


def test_a_doubted_face_is_kept_where_the_colour_blobs_see_a_die() -> None:
    unsure = net_face(200, 200, 40, 5, 0.6)
    kept = merged([unsure], BlobDice(counted(204, 197, 38, 4)))
    assert [(d.value, d.center) for d in kept] == [(5, (200, 200))]  # the networks' value
    assert merged([unsure], BlobDice(counted(400, 300, 38, 5))) == []  # a blob elsewhere
    assert merged([unsure], BlobDice()) == []


def test_a_face_doubted_too_much_is_not_kept_by_a_blob() -> None:
    below = DEFAULT_FUSION.net_confirmed - 0.05
    assert merged([net_face(200, 200, 40, 3, below)], BlobDice(counted(200, 200, 40, 3))) == []


def test_the_colour_blobs_are_asked_only_for_a_doubted_face_left_alone() -> None:
    blobs = BlobDice(counted(200, 200, 40, 2))
    sure = net_face(200, 200, 40, 2, 0.9)
    assert len(merged([sure], blobs)) == 1 and blobs.asked == 0
    matched = net_face(300, 200, 40, 2, 0.6)  # the pip counter counted it: no blob needed
    assert len(merged([matched], blobs, counted(302, 201, 40, 2))) == 1 and blobs.asked == 0
    merged([net_face(100, 100, 40, 2, 0.6)], blobs)
    assert blobs.asked == 1


def test_a_blob_die_around_a_doubted_pip_does_not_keep_it() -> None:
    pip = net_face(200, 200, 14, 1, 0.6)  # a gold pip of a dark die, taken for a face
    assert merged([pip], BlobDice(counted(205, 205, 60, 4))) == []


def test_a_doubted_face_far_smaller_than_the_sure_dice_is_not_kept() -> None:
    sure = net_face(300, 300, 120, 4, 0.9)
    pip = net_face(200, 200, 22, 2, 0.6)  # a gold pip of a dark die, read as a tiny die
    kept = merged([sure, pip], BlobDice(counted(201, 199, 24, 1)))
    assert [d.value for d in kept] == [4]
    alike = net_face(200, 200, 100, 2, 0.6)  # a die of the roll's size is kept
    assert len(merged([sure, alike], BlobDice(counted(201, 199, 110, 2)))) == 2


class DoubtingNetworks:
    """Networks that doubt every die: a face at each place given, 0.6 sure it is a die."""

    def __init__(self, *places: tuple[float, float, float, int]) -> None:
        self.places = places

    def faces(self, frame: np.ndarray, floor: float) -> list[Face]:
        return [net_face(x, y, size, value, 0.6) for x, y, size, value in self.places]

    def read(self, frame: np.ndarray, places: list[tuple[float, float, float]]) -> np.ndarray:
        return np.zeros((len(places), 7), np.float32)  # "a die" wherever the counter asks


def test_a_doubted_coloured_die_is_confirmed_in_a_big_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Yellow pips on green: no grey image shows them, so only the colour blobs see this die;
    # the frame is shrunk for the pip counter, so its blobs are found at another scale.
    frame = scene([Die(5, 900, 400, 56, 10.0, GREEN, YELLOW)], 1280, 720, table="wood")
    doubting = DoubtingNetworks((900, 400, 54, 5), (300, 300, 54, 4))  # a die, and bare wood
    monkeypatch.setattr(reader, "networks", lambda: doubting)
    assert read_dice(frame).values == (5,)
    unconfirmed = replace(DEFAULT_FUSION, net_confirmed=1.0)
    assert read_dice(frame, policy=unconfirmed).values == ()
