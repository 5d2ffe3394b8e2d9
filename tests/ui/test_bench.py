"""The window benchmark times start-up to the first paint, and each action to the repaint it
causes, naming it."""

from __future__ import annotations

import pytest

from missdice_desktop.ui.bench import measure_actions, measure_startup


@pytest.mark.slow
def test_each_action_of_a_whole_game_is_timed_to_its_repaint(qapp) -> None:  # type: ignore[no-untyped-def]
    timings = measure_actions(1, (800, 600))

    kinds = {name.split(" (")[0].split(" ")[0] for _seconds, name in timings}
    assert {"roll", "hold", "undo", "redo", "score"} <= kinds
    # 8 players, 13 boxes each: a score per turn, each turn rolled and held
    assert sum(name.startswith("score") for _seconds, name in timings) == 8 * 13
    # (an action whose repaint is never seen raises instead of being timed)


@pytest.mark.slow
def test_start_up_times_the_app_the_sheet_alone_and_a_bare_window_each_to_its_first_paint() -> None:
    measured = measure_startup(1)

    assert {name: len(values) for name, values in measured.items()} == {
        "bare_s": 1,
        "app_s": 1,
        "sheet_s": 1,
        "bare_mib": 1,
        "app_mib": 1,
        "sheet_mib": 1,
    }
    assert all(value > 0 for values in measured.values() for value in values)
