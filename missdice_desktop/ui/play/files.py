"""Games and their files: the game at start (resumed, given, or new), New game, Open, Save
as, and the kept games (Game › Games and high scores). A game never takes the place of
another without its file being kept."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from missdice_desktop.library import has_content
from missdice_desktop.records import RecordError, load_record, save_record
from missdice_desktop.rules import DiceGame, find_game, new_game
from missdice_desktop.rules.engine import kept_player_name
from missdice_desktop.session_meta import DICE_VIRTUAL, SessionMeta, seats_moved
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.new_game import NewGameChoice
from missdice_desktop.ui.games import playable, view_of
from missdice_desktop.ui.play.session import GameSession
from missdice_desktop.ui.settings import save_settings
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.ui.dialogs.games_window import GamesWindow
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate


class Files(QObject):
    """Starts, opens, saves and lists the games of the window."""

    def __init__(self, controller: GameController, session: GameSession) -> None:
        super().__init__(controller)
        self.controller = controller
        self.session = session
        self.window = controller.window
        self.games_window: GamesWindow | None = None
        window = self.window
        window.new_game_action.triggered.connect(self.ask_new_game)
        window.open_action.triggered.connect(self.open_file)
        window.save_as_action.triggered.connect(self.save_as)
        window.games_action.triggered.connect(self.show_games)

    @property
    def autosave(self) -> Any:
        """The session's autosave (the games folder and the file of the game shown)."""
        return self.session.autosave

    # At start ---------------------------------------------------------------------------------

    def start(self, record_path: str | None = None, *, camera: str | None = None) -> None:
        """What the app does once its window is up: a given record, a resumed game, or a new one.

        The camera then starts when asked for (`camera`), or when it was on last time.
        """
        table_dice = self.controller.table_dice
        if camera is not None:
            QTimer.singleShot(0, lambda: table_dice.set_camera(True, camera))
        elif self.session.settings.camera_on:
            QTimer.singleShot(0, table_dice.resume_camera)
        self._start_game(record_path)

    def _start_game(self, record_path: str | None) -> None:
        """Open the file given, or offer back the last unfinished game; never drop a game.

        Every game keeps its own file in the games folder, so a file given on the command
        line, a new game or a declined resume each play in a new file.
        """
        prompts = self.session.prompts
        try:
            self.autosave.adopt_legacy()
        except RecordError as error:
            kept_as = self.autosave.kept_as
            if kept_as is not None:
                what = translate(
                    "Controller", "%1\n\nThe file was kept aside as %2; a new game starts."
                )
                text = fill(what, str(error), kept_as.name)
            else:
                what = translate(
                    "Controller",
                    "%1\n\nThe file could not be moved aside (%2), so it stays where it is; "
                    "a new game starts.",
                )
                text = fill(what, str(error), self.autosave.keep_failure)
            prompts.error(translate("Controller", "The saved game cannot be read"), text)
        unfinished, broken = self.autosave.library.latest_unfinished(
            lambda game: playable(game.game_id)
        )
        if broken:
            prompts.error(
                translate("Controller", "The saved game cannot be read"),
                fill(
                    translate(
                        "Controller",
                        "%1\n\nThe file stays where it is (Game › Games lists it); "
                        "a new game starts.",
                    ),
                    "\n".join(str(error) for error in broken),
                ),
            )
        if record_path is not None and self.open_path(record_path):
            return
        if unfinished is not None and prompts.resume(self.summary(unfinished.game)):
            self.controller.replace_game(unfinished.game, unfinished.path)
            return
        if unfinished is not None:
            self.autosave.library.unlock(unfinished.path)  # declined: free for another window
        self.ask_new_game()

    # New games ----------------------------------------------------------------------------------

    def ask_new_game(self) -> None:
        """The New game dialog; the current game stays if it is cancelled."""
        if not self.may_leave_game():
            return
        choice = self.session.prompts.new_game(self.session.settings)
        if choice is not None:
            self.new_game(choice)

    def new_game(self, choice: NewGameChoice) -> None:
        """Start the game chosen, and remember the choice for next time."""
        settings = self.session.settings
        settings.game = choice.game
        if choice.rules is None:
            save_settings(self.session.paths.settings_file, settings)
            self.controller.roller.show()
            return
        players = [kept_player_name(name) for name in choice.players]
        numbers = choice.default_numbers or [0] * len(players)
        meta = SessionMeta(
            dice_source=choice.dice_source,
            computers=choice.computers,
            default_names={
                name: number for name, number in zip(players, numbers, strict=True) if number
            },
        )
        game = new_game(choice.rules, players, extra=meta.keys())
        typed = choice.typed_names if choice.typed_names is not None else choice.players
        settings.players = list(typed)
        settings.dice_source = choice.dice_source
        if find_game(game.game_id).grids:
            settings.grid_file = choice.grid_file
            if not choice.grid_file:
                settings.variant = game.rules.record_id  # the built-in grid's id
            settings.options = dict(choice.options)
        else:
            settings.game_options[choice.game] = dict(choice.game_options)
        save_settings(self.session.paths.settings_file, settings)
        table_dice = self.controller.table_dice
        camera_on = self.window.camera_action.isChecked()
        if camera_on and not choice.camera:
            table_dice.set_camera(False)
        self.controller.replace_game(game)
        if choice.camera and not camera_on:
            table_dice.set_camera(True)

    def new_game_same_players(self) -> None:
        """A rematch: same sheet, options and dice source; the next player starts.

        The game just played stays in the games folder.
        """
        old = self.session.game
        players = old.players
        count = len(players)
        before = self.session.meta
        meta = SessionMeta(
            dice_source=before.dice_source or DICE_VIRTUAL,
            default_names=before.default_names,
            # each computer player keeps its level in its new seat
            computers=seats_moved(before.computers, [(seat + 1) % count for seat in range(count)]),
        )
        game = new_game(old.rules, (*players[1:], *players[:1]), extra=meta.keys())
        self.controller.replace_game(game)

    # Opening and saving ---------------------------------------------------------------------

    def may_leave_game(self, *, opening: bool = False) -> bool:
        """Ask before another game takes the place of one in progress (it stays in Games)."""
        game = self.session.game
        started = has_content(game) and not game.finished
        return not started or self.session.prompts.confirm_abandon(
            self.summary(game), opening=opening
        )

    def open_file(self) -> None:
        """Game › Open…"""
        if not self.may_leave_game(opening=True):
            return
        path = self.session.prompts.open_path()
        if path:
            self.open_path(path)

    def open_requested(self, path: str) -> None:
        """A game the desktop hands over while the app runs (macOS opens files this way)."""
        if self.may_leave_game():
            self.open_path(path)

    def open_path(self, path: str) -> bool:
        """Open a game record or a `missdice:` link; on error one message, the game stays.

        A file of the games folder is that kept game resumed in its own file; any other
        file, and every link, becomes a game of its own.
        """
        from missdice_desktop.links import is_link, load_game  # links load when first used

        game = self._playable(load_game, path)
        if game is None:
            return False
        kept = None if is_link(path) else self.autosave.library.kept_path(path)
        self._replace_kept(game, kept)
        return True

    def _replace_kept(self, game: DiceGame[Any], path: Path | None) -> None:
        """Play `game` in its kept file, or in a copy when another window plays that file."""
        elsewhere = path is not None and self.autosave.open_elsewhere(path)
        self.controller.replace_game(game, None if elsewhere else path)
        if elsewhere and path is not None:
            self.controller.note(
                fill(
                    translate(
                        "Controller",
                        "%1 is open in another window: this is a copy, kept as a game of its own.",
                    ),
                    path.name,
                )
            )

    def _playable(
        self, load: Callable[[Any], DiceGame[Any]], source: str | Path
    ) -> DiceGame[Any] | None:
        """A game loaded for this window, or None after one message (the game stays)."""
        try:
            game = load(source)
            self.check_playable(game)
        except RecordError as error:
            self.session.prompts.error(
                translate("Controller", "This game cannot be opened"),
                fill(
                    translate("Controller", "%1\n\nThe game in progress is unchanged."), str(error)
                ),
            )
            return None
        return game

    @staticmethod
    def check_playable(game: DiceGame[Any]) -> None:
        """RecordError unless the window has a view for the game."""
        if not playable(game.game_id):
            raise RecordError(
                fill(
                    translate("Controller", "This window cannot play %1 yet."),
                    texts.game_name(game.game_id),
                )
            )

    def save_as(self) -> None:
        """Game › Save as…"""
        suggested = str(Path.home() / "missdice-game.json")
        path = self.session.prompts.save_path(suggested)
        if not path:
            return
        try:
            save_record(path, self.session.game)
        except OSError as error:
            self.session.prompts.error(
                translate("Controller", "The game was not saved"),
                f"{path}: {error.strerror or error}",
            )
            return
        self.controller.note(fill(translate("Controller", "Saved to %1"), os.fspath(path)))

    # The kept games ----------------------------------------------------------------------------

    def show_games(self) -> None:
        """Game › Games and high scores…: every kept game, to open, resume or delete."""
        from missdice_desktop.ui.dialogs.games_window import GamesWindow  # opened when first asked

        if self.games_window is None:
            self.games_window = GamesWindow(self.window)
            self.games_window.open_requested.connect(self.open_kept)
            self.games_window.delete_requested.connect(self.delete_kept)
            self.controller.game_night.attach(self.games_window)
        self.fill_games_window()
        self.games_window.show()
        self.games_window.raise_()
        self.games_window.activateWindow()

    def fill_games_window(self) -> None:
        """List the kept games again (the game in the window as it is now)."""
        if self.games_window is None:
            return
        self.autosave.flush()
        self.games_window.list_games(self.autosave.library, self.autosave.path)

    def open_kept(self, path: Path) -> None:
        """Show a kept game and play on in its own file (the game left stays kept)."""
        game = self._playable(load_record, path)
        if game is None:
            return
        if self.games_window is not None:
            self.games_window.hide()
        self._replace_kept(game, path)

    def delete_kept(self, path: Path) -> None:
        """Delete a kept game after asking (never the game in the window)."""
        if path == self.autosave.path:
            return
        try:
            summary = self.summary(load_record(path))
        except RecordError:
            summary = path.name
        prompts = self.session.prompts
        if not prompts.confirm_delete(summary):
            return
        try:
            self.autosave.library.delete(path)
        except OSError as error:
            prompts.error(
                translate("Controller", "The game was not deleted"),
                f"{path}: {error.strerror or error}",
            )
        self.fill_games_window()

    @staticmethod
    def summary(game: DiceGame[Any]) -> str:
        """The game in one line, for the questions about resuming, leaving or deleting it."""
        return view_of(game).summary(game) if playable(game.game_id) else game.game_id
