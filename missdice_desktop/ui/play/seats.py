"""The seats: players' names (a rename is an engine action, undone like any), the order of
play before the first turn, and default names ("Player 2") shown in the language of the
moment."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from missdice_desktop.rules import IllegalActionError, RenamePlayers
from missdice_desktop.session_meta import seats_moved
from missdice_desktop.ui.dialogs.new_game import default_player_name
from missdice_desktop.ui.play.session import GameSession

if TYPE_CHECKING:
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class Seats(QObject):
    """Renames, reorders and relabels the players of the game shown."""

    def __init__(self, controller: GameController, session: GameSession) -> None:
        super().__init__(controller)
        self.controller = controller
        self.session = session
        sheet = controller.window.sheet
        sheet.player_rename_requested.connect(self.rename_player)
        sheet.player_moved.connect(self.move_player)
        sheet.player_first.connect(self.let_player_start)

    def default_names(self) -> dict[str, int]:
        """The record's default names and their numbers, when they fit (else none)."""
        return dict(self.session.meta.default_names)

    def relabel_default_names(self) -> bool:
        """Show default names ("Player 2") in the language of the moment; True if any."""
        game = self.session.game
        names = self.default_names()
        labels = {name: default_player_name(number) for name, number in names.items()}
        if not labels:
            return False
        try:
            game.relabel_names(labels)
        except IllegalActionError:
            return False
        relabelled = {labels[name]: n for name, n in names.items()}
        self.session.update_meta(replace(self.session.meta, default_names=relabelled), save=False)
        self.controller.names_relabelled()
        return True

    def rename_player(self, index: int) -> None:
        """Rename one player (a double-click on their column), through the engine's door."""
        game = self.session.game
        if not 0 <= index < len(game.players):
            return
        name = self.session.prompts.player_name(game.players[index])
        if name is None or name.strip() == game.players[index]:
            return
        names = list(game.players)
        names[index] = name
        self.controller.act(RenamePlayers(tuple(names)))

    @property
    def movable(self) -> bool:
        """The order of play may change until something is played (renames aside)."""
        return all(isinstance(action, RenamePlayers) for action in self.session.game.actions)

    def move_player(self, seat: int, to: int) -> None:
        """Before the first turn: swap two neighbouring players in the order of play."""
        order = list(range(len(self.session.game.players)))
        if not (0 <= seat < len(order) and 0 <= to < len(order)):
            return
        order[seat], order[to] = order[to], order[seat]
        self._reorder(order)

    def let_player_start(self, seat: int) -> None:
        """Before the first turn: this player starts, the others follow in their order."""
        count = len(self.session.game.players)
        if 0 <= seat < count:
            self._reorder([(seat + i) % count for i in range(count)])

    def _reorder(self, order: list[int]) -> None:
        """New seat i gets the player of old seat order[i] (a rename of empty seats)."""
        if not self.movable:
            self.controller.note(
                translate("Controller", "The order of play is set once the game has begun."),
                beep=True,
            )
            return
        game = self.session.game
        names = [game.players[i] for i in order]
        meta = self.session.meta
        if meta.computers:  # a computer player moves with its name
            moved = seats_moved(meta.computers, order)
            self.session.update_meta(replace(meta, computers=moved), save=False)
        self.controller.act(RenamePlayers(tuple(names)))
