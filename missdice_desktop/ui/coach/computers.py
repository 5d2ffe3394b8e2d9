"""Computer players in the window: their turns play out at a watchable pace, one ordinary
engine action at a time, so undo, autosave and the record work as for a person.

A scoresheet game's computer is `coach.player.ComputerPlayer`; a game played for the chance
to win says its computer's next action through its own coach (`GameView.coach`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from missdice_desktop.computers import Level
from missdice_desktop.rules import Change, DiceGame, Game, IllegalActionError

if TYPE_CHECKING:  # the coach loads when a computer first plays
    from missdice_desktop.coach.player import ComputerPlayer
    from missdice_desktop.ui.coach.controller import CoachController
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate
PACE_MS = 700
"""Between two actions of a computer player: time to see what it does."""
FAST_PACE_MS = 120


class ComputerController(QObject):
    """Plays the computer players' turns of the game shown by a GameController."""

    def __init__(self, controller: GameController, coach: CoachController) -> None:
        super().__init__(controller)
        self.controller = controller
        self.coach = coach
        self.window = controller.window
        self.paused = False
        """Set by an undo into a computer's turn, so that it does not replay at once."""
        self._players: dict[tuple[int, Level], ComputerPlayer] = {}
        self._game: DiceGame[Any] | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.step)
        controller.input_blocked = self.is_computer_turn
        controller.turn_hint = self.turn_hint
        controller.view_refreshed.connect(self._on_view_refreshed)
        controller.game_replaced.connect(self._watch_game)
        self.coach.table_ready.connect(self._on_view_refreshed)
        self.coach.build_progressed.connect(self._show_study)
        self.window.play_computer_action.triggered.connect(self.finish_turn)
        self._watch_game()

    @property
    def game(self) -> DiceGame[Any]:
        """The game in the window."""
        return self.controller.game

    @property
    def pace_ms(self) -> int:
        """Milliseconds between two of a computer's actions."""
        return FAST_PACE_MS if self.window.fast_computer_action.isChecked() else PACE_MS

    def level_of(self, player: int) -> Level | None:
        """The level of `player` if the computer plays them."""
        return self._levels().get(player)

    def is_computer_turn(self) -> bool:
        """Whether the player to play is a computer (and the game is on)."""
        view = self.controller.view
        return (
            (view.scoresheet(self.game) is not None or view.coach() is not None)
            and not self.game.finished
            and self.level_of(self.game.current_player) is not None
        )

    def _watch_game(self) -> None:
        if self._game is not None:
            self._game.remove_listener(self._on_change)
        self._game = self.game
        self._game.add_listener(self._on_change)
        self.paused = False
        self._on_view_refreshed()

    def _on_change(self, change: Change) -> None:
        # The window was redrawn for the change just before (the session hears it first);
        # only an undo changes what the status line says of the computer (it waits).
        if change.undone:
            self.paused = self.is_computer_turn()
            self.timer.stop()
            self.controller.refresh_status()

    def turn_hint(self) -> str:
        """The status line's word on the computer to play ("" on a person's turn)."""
        if not self.is_computer_turn():
            return ""
        name = self.game.players[self.game.current_player]
        if self.paused:
            note = translate(
                "ComputerPlayers",
                "%1 (computer) waits after the undo: Ctrl+Shift+J lets it play, or undo further.",
            )
        else:
            note = translate("ComputerPlayers", "%1 (computer) is playing…")
        return note.replace("%1", name)

    def _on_view_refreshed(self) -> None:
        computer = self.is_computer_turn()
        self.window.play_computer_action.setEnabled(computer)
        self.controller.model.set_computers(set(self._levels()))
        if not computer:
            self.paused = False
            return
        self.window.tray.setEnabled(False)
        self.window.roll_action.setEnabled(False)
        if not self.paused and not self.timer.isActive():
            self.timer.start(self.pace_ms)
        self.controller.refresh_status()

    def _levels(self) -> dict[int, Level]:
        return dict(self.controller.session.meta.computers)

    def _player(self, game: Game) -> ComputerPlayer | None:
        from missdice_desktop.coach.player import ComputerPlayer

        index = game.current_player
        level = self.level_of(index)
        coach = self.coach.coach_for(game.rules)
        if level is None or coach is None:
            return None
        key = (index, level)
        if key not in self._players or self._players[key].coach is not coach:
            self._players[key] = ComputerPlayer(coach, level)
        return self._players[key]

    def step(self) -> bool:
        """One action of the computer player to play; False when it cannot act now."""
        if not self.is_computer_turn() or self.paused:
            return False
        game = self.controller.view.scoresheet(self.game)
        if game is None:
            return self._step_to_win()
        player = self._player(game)
        if player is None:
            # The coach's table is still being built: try again when it is ready.
            self._show_study(0, 1)
            return False
        try:
            player.step(game)
        except IllegalActionError:
            self.paused = True
            return False
        return True

    def _step_to_win(self) -> bool:
        """One action of a computer player of a game played for the chance to win."""
        coach = self.controller.view.coach()
        level = self.level_of(self.game.current_player)
        if coach is None or level is None:
            return False
        table = self.coach.game_table(coach) if coach.needs_table(level) else None
        if table is None and coach.needs_table(level):
            self._show_study(0, 1)  # the table is being built: play when it is ready
            return False
        try:
            self.game.apply(coach.computer_action(self.game, table, level))
        except IllegalActionError:
            self.paused = True
            return False
        return True

    def _show_study(self, done: int, total: int) -> None:
        if self.is_computer_turn():
            if self.controller.view.scoresheet(self.game) is None:
                text = translate("ComputerPlayers", "The computer is studying the game: %1%")
            else:
                text = translate("ComputerPlayers", "The computer is studying the scoresheet: %1%")
            self.window.status_label.setText(text.replace("%1", str(100 * done // max(total, 1))))

    def finish_turn(self) -> None:
        """Play the rest of the computer's turn at once (and go on after an undo)."""
        self.paused = False
        self.timer.stop()
        player = self.game.current_player
        turns = self.game.rules.turns_played(self.game.state)
        while (
            self.is_computer_turn()
            and self.game.current_player == player
            and self.game.rules.turns_played(self.game.state) == turns
            and self.step()
        ):
            pass
        self._on_view_refreshed()
