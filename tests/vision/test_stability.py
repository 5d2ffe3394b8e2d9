"""The stability gate holds back moving dice and passes dice that have stopped."""

from hypothesis import given
from hypothesis import strategies as st

from vision.stability import StabilityGate


def test_values_pass_after_half_a_second_unchanged() -> None:
    gate = StabilityGate(hold_seconds=0.5, min_frames=3)
    frames = [(t / 30, (1, 2, 3, 4, 5)) for t in range(20)]
    passed = [gate.update(values, t) for t, values in frames]
    first = next(i for i, v in enumerate(passed) if v is not None)
    assert frames[first][0] >= 0.5
    assert passed[first] == (1, 2, 3, 4, 5)


def test_moving_dice_never_pass() -> None:
    gate = StabilityGate()
    rolling = [(1, 2, 3, 4, 5), (1, 2, 3, 4, 6), (2, 2, 3, 4, 6)] * 20
    assert all(gate.update(values, i / 30) is None for i, values in enumerate(rolling))


def test_an_empty_table_passes_as_no_dice() -> None:
    gate = StabilityGate()
    passed = {gate.update((), i / 30) for i in range(60)}
    assert passed == {None, ()}


def test_reset_starts_the_wait_again() -> None:
    gate = StabilityGate(hold_seconds=0.5, min_frames=1)
    gate.update((6,), 0.0)
    assert gate.update((6,), 0.6) == (6,)
    gate.reset()
    assert gate.update((6,), 0.7) is None


@given(st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=1, max_size=40))
def test_a_reading_passes_only_after_it_was_seen_steadily(
    readings: list[tuple[int, int]],
) -> None:
    gate = StabilityGate(hold_seconds=0.5, min_frames=3)
    for index, values in enumerate(readings):
        passed = gate.update(values, index * 0.1)
        if passed is not None:
            recent = readings[max(0, index - 5) : index + 1]
            assert len(recent) == 6 and all(v == values for v in recent)
