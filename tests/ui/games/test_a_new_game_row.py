"""A game defined only here, "highest roll wins", played by the window through the two tables
(a rules row in `rules.registry.GAMES`, a view row in `ui.games`) with no other change: the
proof that adding a game touches its own modules and the two tables, nothing else."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from missdice_desktop.records import load_record
from missdice_desktop.rules import (
    GAMES,
    GameKind,
    IllegalActionError,
    RefusalCode,
    Roll,
    get_variant,
    new_game,
)
from missdice_desktop.rules.engine import GameRules
from missdice_desktop.ui import games as game_views
from missdice_desktop.ui.dialogs.new_game import NewGameChoice
from missdice_desktop.ui.games import GameView, PlayContext

ROUNDS = 2


@dataclass(frozen=True)
class HighState:
    """Each player's rolls so far, in seat order."""

    rolls: tuple[tuple[int, ...], ...]


class HighRollRules(GameRules[HighState]):
    """One die; each player rolls once a round; after two rounds the highest total wins."""

    game_id = "highroll"

    @classmethod
    def from_options(
        cls, options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> HighRollRules:
        return cls()

    @property
    def dice_count(self) -> int:
        return 1

    @property
    def option_values(self) -> dict[str, Any]:
        return {}

    def initial_state(self, players: int) -> HighState:
        return HighState(((),) * players)

    def _played(self, state: HighState) -> int:
        return sum(len(rolls) for rolls in state.rolls)

    def current_player(self, state: HighState) -> int:
        return self._played(state) % len(state.rolls)

    def is_finished(self, state: HighState) -> bool:
        return self._played(state) == ROUNDS * len(state.rolls)

    def totals(self, state: HighState) -> tuple[int, ...]:
        return tuple(sum(rolls) for rolls in state.rolls)

    def turns_played(self, state: HighState) -> int:
        return self._played(state)

    def shown_dice(self, state: HighState) -> tuple[int, ...] | None:
        last = [rolls[-1] for rolls in state.rolls if rolls]
        return (last[-1],) if last else None

    def legal_actions(self, state: HighState) -> tuple[Any, ...]:
        return () if self.is_finished(state) else (Roll(),)

    def next_state(self, state: HighState, action: Any) -> HighState:
        if self.is_finished(state):
            raise IllegalActionError("the game is over", RefusalCode.GAME_OVER)
        if not isinstance(action, Roll) or action.dice is None:
            raise IllegalActionError("only rolls", RefusalCode.NOT_THIS_GAME)
        (face,) = self.make_dice(action.dice)
        seat = self.current_player(state)
        rolls = list(state.rolls)
        rolls[seat] = (*rolls[seat], face)
        return replace(state, rolls=tuple(rolls))

    def record_turns(self, state: HighState) -> list[dict[str, Any]]:
        count = len(state.rolls)
        return [
            {"player": index % count, "rolls": [state.rolls[index % count][index // count]]}
            for index in range(self._played(state))
        ]

    def turn_actions(
        self, state: HighState, turn: Any, *, last: bool, players: Any = ()
    ) -> list[Any]:
        return [Roll((turn["rolls"][0],), drawn=True)]


class HighRollView(GameView):
    """The window's row: a label that says the totals."""

    def __init__(self) -> None:
        self.label: QLabel | None = None

    def board(self, window: Any) -> QWidget:
        if self.label is None:
            self.label = QLabel(window)
            self.label.setObjectName("highRollBoard")
        return self.label

    def show(self, context: PlayContext, legal: tuple[Any, ...]) -> None:
        game = context.game
        assert self.label is not None
        self.label.setText(
            " · ".join(
                f"{name} {total}"
                for name, total in zip(game.players, game.rules.totals(game.state), strict=True)
            )
        )

    def status_text(self, context: PlayContext) -> str:
        return "Roll (Space): the highest total wins."


@pytest.fixture
def high_roll() -> Iterator[HighRollView]:
    """The game in both tables for one test."""
    GAMES["highroll"] = GameKind(
        "highroll", "Highest roll", 1, ("highroll",), HighRollRules.from_options
    )
    view = HighRollView()
    game_views.register_view("highroll", view)
    yield view
    del GAMES["highroll"]
    del game_views.views()["highroll"]


def test_the_window_plays_a_game_it_knows_only_from_the_two_tables(
    qtbot, high_roll: HighRollView, make_app
) -> None:  # type: ignore[no-untyped-def]
    parts, prompts = make_app()
    prompts.new_game_choice = NewGameChoice(HighRollRules(), ["Anna", "Ben"], game="highroll")
    parts.controller.start()
    window, controller = parts.window, parts.controller
    game = controller.game
    assert game.game_id == "highroll"
    assert window.boards.currentWidget() is high_roll.label
    for _ in range(ROUNDS * 2):
        qtbot.keyClick(window, Qt.Key.Key_Space)
    assert game.finished
    totals = game.rules.totals(game.state)
    assert high_roll.label is not None
    assert high_roll.label.text() == f"Anna {totals[0]} · Ben {totals[1]}"
    assert controller.end_dialog is not None and controller.end_dialog.isVisible()
    saved = load_record(controller.autosave.path)
    assert saved.state == game.state  # kept and read back by the generic record code
    assert not window.undo_action.isEnabled()  # a roll seen stays seen
    controller.close_end_of_game()
    # The window outlives the test: it goes back to a game the tables keep.
    controller.replace_game(new_game(get_variant("yacht").configure(), ["Anna"]))
