"""The motion test, the vote of a still scene and the family's learned dice."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.fusion import FusionPolicy
from vision.learned import MAX_PER_FACE, LearnedDice, StoreProblem
from vision.stability import Motion, MotionGate, same_frame, small_grey
from vision.types import DieReading, Reading
from vision.vote import needs_another_read, vote


def table(dice: int = 0, hand: int | None = None) -> np.ndarray:
    """A 1280x720 green table with white squares for dice, and a hand across it."""
    frame = np.zeros((720, 1280, 3), np.uint8)
    frame[:] = (40, 90, 50)
    for n in range(dice):
        frame[300:370, 200 + 150 * n : 270 + 150 * n] = 235
    if hand is not None:  # a hand over the table, `hand` pixels from the left
        frame[200:500, hand : hand + 400] = (120, 150, 205)
    return frame


def test_a_still_table_is_announced_once_however_long_it_stays() -> None:
    gate = MotionGate(still_frames=2)
    states = [gate.update(small_grey(table(3))) for _ in range(300)]
    assert states.count(Motion.CHANGED) == 1
    assert states[:3] == [Motion.MOVING, Motion.SETTLING, Motion.CHANGED]


def test_a_hand_passing_over_unmoved_dice_reads_nothing_new() -> None:
    gate = MotionGate(still_frames=2)
    frames = [table(3)] * 10 + [table(3, hand=x) for x in range(0, 800, 80)] + [table(3)] * 10
    states = [gate.update(small_grey(f)) for f in frames]
    assert states.count(Motion.CHANGED) == 1
    assert Motion.MOVING in states[10:20]


def test_dice_that_moved_start_a_new_reading() -> None:
    gate = MotionGate(still_frames=2)
    states = [gate.update(small_grey(f)) for f in [table(3)] * 5 + [table(4)] * 5 + [table()] * 5]
    assert states.count(Motion.CHANGED) == 3  # three dice, four dice, an empty table


def test_sensor_noise_is_not_motion() -> None:
    rng = np.random.default_rng(0)
    gate = MotionGate(still_frames=2)
    base = table(3).astype(np.int16)
    noisy = [
        np.clip(base + rng.normal(0, 6, base.shape), 0, 255).astype(np.uint8) for _ in range(30)
    ]
    states = [gate.update(small_grey(f)) for f in noisy]
    assert Motion.MOVING not in states[1:]


def test_a_settling_table_shows_a_new_scene_until_it_is_the_one_read() -> None:
    gate = MotionGate(still_frames=2)
    three, four = small_grey(table(3)), small_grey(table(4))
    assert gate.shows_new_scene(three)
    assert [gate.update(three) for _ in range(3)][-1] is Motion.CHANGED
    assert not gate.shows_new_scene(three) and gate.shows_new_scene(four)


def test_only_frames_of_the_same_pixels_are_the_same_frame() -> None:
    frame = table(3)
    assert same_frame(frame, frame) and same_frame(frame, frame.copy())
    nudged = frame.copy()
    nudged[719, 1279, 2] += 1  # one channel of the last pixel
    assert not same_frame(frame, nudged)
    assert not same_frame(frame, frame[:360])


def die(value: int, x: float, confidence: float = 1.0) -> DieReading:
    return DieReading(value, (x, 100.0), (40.0, 40.0), 0.0, confidence)


def test_dice_are_matched_by_position_and_a_disagreeing_die_is_unsure() -> None:
    first = Reading((die(3, 100), die(5, 200), die(1, 300)))
    second = Reading((die(1, 302), die(6, 198), die(3, 101)))
    assert needs_another_read([first, second])
    third = Reading((die(3, 99), die(5, 201), die(1, 299)))
    scene = vote([first, second, third])
    assert [d.value for d in scene.dice] == [3, 5, 1]  # left to right
    assert scene.unsure == (1,)
    assert scene.dice[1].values_seen == (5, 6, 5)
    assert not needs_another_read([first, second, third])


def test_a_die_read_with_low_confidence_or_missed_once_is_unsure() -> None:
    sure = Reading((die(2, 100), die(4, 200)))
    shaky = Reading((die(2, 100), die(4, 200, confidence=0.4)))
    assert vote([sure, shaky]).unsure == (1,)
    missed = Reading((die(2, 100),))
    scene = vote([sure, missed])
    assert scene.values == (2, 4) and scene.unsure == (1,)
    glint = Reading((die(2, 100), die(4, 200), die(6, 400)))
    assert vote([sure, sure, glint]).values == (2, 4)  # seen once in three: dropped


def test_agreeing_reads_need_no_third() -> None:
    sure = Reading((die(2, 100), die(4, 200)))
    assert not needs_another_read([sure, sure])
    scene = vote([sure, sure])
    assert scene.unsure == () and scene.reads == 2


def test_the_vote_follows_its_policy() -> None:
    sure = Reading((die(2, 100), die(4, 200)))
    shaky = Reading((die(2, 100), die(4, 200, confidence=0.4)))
    assert vote([sure, shaky], FusionPolicy(low_confidence=0.3)).unsure == ()
    assert not needs_another_read([shaky], FusionPolicy(reads=(1, 1)))
    nearby = Reading((die(2, 115), die(4, 215)))
    assert len(vote([sure, nearby]).dice) == 2
    assert len(vote([sure, nearby], FusionPolicy(same_die=0.2)).dice) == 4


def test_a_fixed_or_set_aside_die_changes_the_values_in_play() -> None:
    scene = vote([Reading((die(2, 100), die(4, 200), die(6, 300)))] * 2)
    scene = scene.fixed(0, 5).set_aside(2)
    assert scene.values == (4, 5)
    assert scene.dice[0].fixed and not scene.dice[2].in_play
    assert scene.set_aside(2, False).values == (4, 5, 6)


def crops(count: int, shade: int) -> np.ndarray:
    return np.full((count, 32, 32, 3), shade, np.uint8)


def test_kept_crops_are_bounded_per_face_oldest_dropped() -> None:
    store = LearnedDice()
    store.add(crops(MAX_PER_FACE, 10), [3] * MAX_PER_FACE)
    store.add(crops(5, 200), [3] * 5)
    store.add(crops(2, 50), [6, 9])  # 9 is no face: not kept
    assert store.counts()[3] == MAX_PER_FACE and store.counts()[6] == 1 and len(store) == 51
    threes = store.crops[store.values == 3]
    assert int(np.count_nonzero(threes[:, 0, 0, 0] == 200)) == 5  # the newest stayed


def test_the_store_is_saved_loaded_and_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "learned-dice.npz"
    store = LearnedDice()
    store.add(crops(4, 120), [1, 2, 3, 4])
    store.save(path)
    again = LearnedDice.load(path)
    assert again.counts() == {1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 0}
    again.forget()
    assert len(again) == 0
    assert len(LearnedDice.load(tmp_path / "none.npz")) == 0


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],
        lambda data: b"not a numpy archive at all",
        lambda data: b"",
        lambda data: data.replace(b"values", b"valuez"),
    ],
    ids=["truncated", "garbage", "empty", "renamed"],
)
def test_a_bad_or_truncated_store_is_refused_in_one_error(tmp_path: Path, damage) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "learned-dice.npz"
    store = LearnedDice()
    store.add(crops(3, 90), [2, 2, 5])
    store.save(path)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.raises(StoreProblem):
        LearnedDice.load(path)


def test_kept_dice_decide_where_the_die_reader_is_unsure() -> None:
    from vision.learned import DieFeatures

    describe = DieFeatures()
    store = LearnedDice()
    store.add(crops(3, 10), [4, 4, 4])
    store._features = np.tile(np.eye(1, 8, 0, dtype=np.float32), (3, 1))
    features = np.eye(1, 8, 0, dtype=np.float32)
    unsure = np.array([[0.0, 0.1, 0.1, 0.1, 0.3, 0.2, 0.2]], np.float32)
    assert store.decide(features, unsure, describe)[0][0] == 4
    sure = np.array([[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]], np.float32)
    assert store.decide(features, sure, describe)[0][0] == 6
