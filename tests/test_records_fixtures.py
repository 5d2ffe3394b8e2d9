"""Records written before a change to the engine load, replay and save the same after it.

Each file under tests/fixtures/records/ was written by the program as it was; beside it,
`<name>.state.json` holds what the game looked like once replayed. Loading must give that
state again, and saving must give back the very same text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from missdice_desktop.records import dumps_record, load_record
from missdice_desktop.rules import DiceGame

FIXTURES = Path(__file__).parent / "fixtures" / "records"
RECORDS = sorted(path for path in FIXTURES.glob("*.json") if not path.name.endswith(".state.json"))


def state_of(game: DiceGame[Any]) -> dict[str, Any]:
    """What a replayed game looks like from outside, JSON-ready."""
    return json.loads(
        json.dumps(
            {
                "game": game.game_id,
                "players": list(game.players),
                "current_player": game.current_player,
                "finished": game.finished,
                "totals": list(game.rules.totals(game.state)),
                "turns_played": game.rules.turns_played(game.state),
                "dice": game.dice,
                "shown_dice": game.rules.shown_dice(game.state),
                "held": list(game.held),
                "rolls_left": game.rolls_left,
                "winners": list(game.winners()),
                "losers": list(game.losers()),
                "standings": [[s.rank, s.player, s.total] for s in game.standings()],
                "details": game.rules.details(game.state, game.players),
                "actions": len(game.actions),
                "can_undo": game.can_undo,
            }
        )
    )


def test_there_are_records_of_every_game() -> None:
    games = {load_record(path).game_id for path in RECORDS}
    assert games == {"yahtzee", "pig", "421"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda path: path.stem)
def test_a_record_replays_to_the_same_state_and_saves_the_same_text(path: Path) -> None:
    game = load_record(path)
    assert dumps_record(game) == path.read_text(encoding="utf-8")
    expected = json.loads(path.with_suffix(".state.json").read_text(encoding="utf-8"))
    assert state_of(game) == expected
