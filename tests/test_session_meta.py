"""What the window keeps with a game: read in one place, written only through the session."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from missdice_desktop.computers import Level
from missdice_desktop.records import dumps_record, loads_record, session_meta
from missdice_desktop.rules import get_variant, new_game
from missdice_desktop.session_meta import SessionMeta, seats_moved, write_meta

UI = Path(__file__).parents[1] / "missdice_desktop" / "ui"
WRITES = re.compile(r"\.extra(\[[^\]]+\]\s*=|\.(pop|setdefault|update|clear)\()")
"""A write into a game's record keys."""


def test_every_key_reads_back_from_a_saved_record() -> None:
    meta = SessionMeta(
        dice_source="table",
        default_names={"Player 2": 2},
        table_draft=(6, None, 6, None, None),
        computers={1: Level.BEGINNER},
        coach=frozenset({0}),
        note="At the lake",
    )
    game = new_game(get_variant("yahtzee").configure(), ["Anna", "Player 2"], extra=meta.keys())
    again = loads_record(dumps_record(game))
    assert session_meta(again) == meta
    assert again.extra["computer_players"] == {"1": "beginner"}


def test_a_value_that_does_not_fit_reads_as_absent_and_stays_as_written() -> None:
    extra = {
        "dice_source": "banana",
        "coach": "everyone",
        "computer_players": {"7": "optimal", "1": "genius"},
        "table_draft": ["six"],
        "default_names": {"Player 2": 200},
        "note": "x" * 2001,
    }
    meta = SessionMeta.read(extra, players=2)
    assert meta == SessionMeta()
    kept = dict(extra)
    write_meta(kept, SessionMeta(coach=frozenset({1})), meta)
    assert kept == {**extra, "coach": [1]}  # only what changed is written


def test_a_key_dropped_is_removed() -> None:
    extra = {"table_draft": [1, None], "started": "2026-11-30"}
    before = SessionMeta.read(extra, players=1)
    write_meta(extra, SessionMeta(), before)
    assert extra == {"started": "2026-11-30"}


def test_what_cannot_be_kept_is_refused_before_anything_is_written() -> None:
    with pytest.raises(ValueError):
        SessionMeta(dice_source="webcam")
    with pytest.raises(ValueError):
        SessionMeta(note="x" * 2001)


def test_computer_players_move_with_their_seats() -> None:
    levels = {0: Level.OPTIMAL, 2: Level.BEGINNER}
    assert seats_moved(levels, [1, 2, 0]) == {1: Level.BEGINNER, 2: Level.OPTIMAL}


def test_the_window_writes_a_games_keys_only_through_the_session() -> None:
    allowed = {
        "play/session.py",  # the door
        "game_night/controller.py",  # the note of a kept game not in the window
    }
    offenders = []
    for path in UI.rglob("*.py"):
        text, name = path.read_text(encoding="utf-8"), path.relative_to(UI).as_posix()
        if WRITES.search(text) or ("write_meta(" in text and name not in allowed):
            offenders.append(name)
    assert offenders == []


@pytest.mark.parametrize(
    "line", ['game.extra["coach"] = [0]', "game.extra.pop(KEY, None)", "g.extra.setdefault(K, 1)"]
)
def test_the_check_sees_a_write(line: str) -> None:
    assert WRITES.search(line)
