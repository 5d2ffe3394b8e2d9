"""Each game's row on the window's side of the wall: what the window shows and says for it.

The window never asks what type a game is: it looks the game's registry id up in this table
(napari's layer → controls table) and asks the row. A row is a `GameView`: the board under
the dice, the status texts, the words for its own actions, its rules page. Adding a game adds
a rules row (`rules.registry.GAMES`) and a view row here, nothing else.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from missdice_desktop.computers import Level
from missdice_desktop.rules import Change, DiceGame, Game
from missdice_desktop.ui import texts
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.rules import Action, Refusal
    from missdice_desktop.ui.dialogs.prompts import Prompts
    from missdice_desktop.ui.games.coaching import GameCoach
    from missdice_desktop.ui.main_window import MainWindow
    from missdice_desktop.ui.settings import Settings

translate = QCoreApplication.translate


class PlayContext(Protocol):
    """What a game's view may use of the window it plays in (the controller provides it)."""

    window: MainWindow
    settings: Settings
    prompts: Prompts

    @property
    def settings_file(self) -> Path:
        """Where the settings are saved (a view may change one, e.g. asking before a 0)."""

    @property
    def game(self) -> DiceGame[Any]:
        """The game shown."""

    @property
    def table_mode(self) -> bool:
        """True when the dice are real ones from the table."""

    def act(self, action: Action, *, box_name: str = "") -> None:
        """Apply `action` through the engine's door, saying why when it is refused."""

    def note(self, text: str, *, beep: bool = False) -> None:
        """Say `text` in the status line until the next action."""

    def refusal_text(self, refusal: Refusal, box_name: str = "") -> str:
        """Why the engine refuses an action, in the user's language."""

    def refused(self, action: Action, *, beep: bool = True, box_name: str = "") -> bool:
        """Whether `action` cannot be played now (someone else's turn, or the rules), saying
        why in the status line."""

    def refresh_status(self) -> None:
        """Say again what the game is waiting for."""


class GameView:
    """The window's side of one game. Subclasses answer for their game; the defaults suit a
    game of turns with no board of its own."""

    speaks_of_throws = False
    """The tray says "throw" rather than "roll" (the 421)."""
    readings_are_throws = False
    """With the camera in automatic mode, each reading is the turn's next throw."""
    same_reading_same_throw = False
    """The dice stay on the table all turn: the same reading again is the same throw."""
    coached = False
    """The coach and the computer players play this game."""
    named_actions: ClassVar[dict[str, Callable[[], Action]]] = {}
    """The game's own actions the window's keys reach: "bank" (H), "stop" (S)."""

    def board(self, window: MainWindow) -> QWidget:
        """The game's board under the dice (made once per window)."""
        raise NotImplementedError

    def connect(self, window: MainWindow, context: PlayContext) -> None:
        """Connect the board's own requests to the game (once per window)."""

    def show(self, context: PlayContext, legal: tuple[Action, ...]) -> None:
        """Draw the game's state on its board."""

    def name(self, game: DiceGame[Any]) -> str:
        """The game's name as players know it (a Yahtzee-family sheet's own name)."""
        return texts.game_name(game.game_id)

    def game_text(self, game: DiceGame[Any], *, table_mode: bool) -> str:
        """The line beside the turn: the game and where its dice come from."""
        source = (
            translate("texts", "dice from the table")
            if table_mode
            else translate("texts", "virtual dice")
        )
        return f"{self.name(game)} · {source}"

    def turn_text(self, game: DiceGame[Any]) -> str:
        """Who plays now (and which turn, where the game counts them)."""
        name = game.players[game.current_player]
        turn, count = game.rules.turn_number(game.state), game.rules.turn_count()
        if turn is None or count is None:
            return fill(translate("Controller", "%1 to play"), name)
        return fill(
            translate("Controller", "%1 to play — turn %2 of %3"), name, str(turn), str(count)
        )

    def dice_first_text(self, *, table_mode: bool) -> str:
        """The status line before the turn's first dice."""
        return translate("Controller", "Roll the dice first (Space).")

    def status_text(self, context: PlayContext) -> str:
        """The status line once the turn has dice (the game not over)."""
        return ""

    def where(self, game: DiceGame[Any]) -> str:
        """How far a game is, for a shared link's question ("turn 3 of 13", "Anna to play")."""
        turn, count = game.rules.turn_number(game.state), game.rules.turn_count()
        if turn is None or count is None:
            return fill(translate("Controller", "%1 to play"), game.players[game.current_player])
        return fill(translate("Controller", "turn %1 of %2"), str(turn), str(count))

    def summary(self, game: DiceGame[Any]) -> str:
        """The game in one line, for the questions about resuming or leaving it."""
        turn, count = game.rules.turn_number(game.state), game.rules.turn_count()
        players = ", ".join(game.players)
        if turn is None or count is None:
            return fill(translate("Controller", "%1 — %2"), self.name(game), players)
        return fill(
            translate("Controller", "%1 — %2, turn %3 of %4"),
            self.name(game),
            players,
            str(turn),
            str(count),
        )

    def action_text(self, game: DiceGame[Any], action: Action, player: str, *, done: bool) -> str:
        """An action in words for Undo and Redo ("Anna's Fours (12)", "Ben's roll"); `done`
        when it is the last one applied (undo), else the one redo would apply."""
        return texts.action_text(action, player)

    def on_change(self, context: PlayContext, change: Change) -> None:
        """React to a change before the window redraws (a bonus to announce…)."""

    def rules_title(self, rules: Any) -> str:
        """The game with its options, as Help › Rules lists it."""
        return texts.game_name(rules.game_id)

    def rules_page(self, rules: Any) -> str:
        """The game's rules page, as HTML."""
        raise NotImplementedError

    def rules_examples(self) -> list[tuple[str, Any]]:
        """The game's rules pages Help › Rules always lists (name, rules with their defaults)."""
        return []

    def corrected_boxes(self, game: DiceGame[Any]) -> frozenset[tuple[int, str]]:
        """(player, box id) of the boxes corrected after they were scored (a sheet's)."""
        return frozenset()

    def scoresheet(self, game: DiceGame[Any]) -> Game | None:
        """The game as a scoresheet game (boxes, the coach's tables, corrections), None
        for a game without a sheet."""
        return None

    def coach(self) -> GameCoach | None:
        """The coach of a game played for the chance to win (`games/coaching.py`), None for
        a scoresheet game (its coach reads `scoresheet`) or a game without a coach."""
        return None

    def computer_levels(self) -> tuple[Level, ...]:
        """The computer players the New game dialog offers for this game (none: people only)."""
        coach = self.coach()
        return () if coach is None else coach.levels

    def tray_rolls_left(self, game: DiceGame[Any]) -> int | None:
        """The rolls the tray shows as left."""
        return game.rolls_left

    def tray_throws(self, game: DiceGame[Any]) -> int:
        """Throws of real dice this turn, for the tray in table mode (0: not counted)."""
        return 0


BUILT_IN_VIEWS: dict[str, tuple[str, str]] = {
    "yahtzee": ("missdice_desktop.ui.games.yahtzee", "YahtzeeView"),
    "pig": ("missdice_desktop.ui.games.pig", "PigView"),
    "421": ("missdice_desktop.ui.games.four21", "Four21View"),
}
"""The built-in rows: each game's view module and class, loaded when that game is first
shown (a window that starts on a scoresheet never loads Cochon's or the 421's)."""

_VIEWS: dict[str, GameView] = {}


def register_view(game_id: str, view: GameView) -> None:
    """Add (or replace) the window's row for `game_id`."""
    _VIEWS[game_id] = view


def views() -> dict[str, GameView]:
    """Every game the window can play, by registry id: the built-in rows (all loaded now)
    in their table's order, then the rows registered since."""
    built_in = {game_id: _view(game_id) for game_id in BUILT_IN_VIEWS}
    if list(_VIEWS)[: len(built_in)] != list(built_in):
        added = {game_id: view for game_id, view in _VIEWS.items() if game_id not in built_in}
        _VIEWS.clear()
        _VIEWS.update(built_in | added)
    return _VIEWS


def _view(game_id: str) -> GameView:
    """The row of `game_id`, its module loaded on first use; KeyError when there is none."""
    view = _VIEWS.get(game_id)
    if view is None:
        module, name = BUILT_IN_VIEWS[game_id]
        view = _VIEWS[game_id] = getattr(importlib.import_module(module), name)()
    return view


def view_of(game: DiceGame[Any]) -> GameView:
    """The window's row for `game`; KeyError when the window cannot play it."""
    return _view(game.game_id)


def playable(game_id: str) -> bool:
    """Whether the window has a row for the game `game_id`."""
    return game_id in _VIEWS or game_id in BUILT_IN_VIEWS
