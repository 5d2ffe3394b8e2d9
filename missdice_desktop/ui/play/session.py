"""The game session: the game in the window, its file in the games folder, who listens.

The feature helpers (files, seats, table dice, sharing) and the play controller depend on
this one object instead of on each other: it holds the game, says when it changed or was
replaced, and keeps it saved.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace as replaced
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from missdice_desktop.records import session_meta
from missdice_desktop.rules import Change, DiceGame
from missdice_desktop.session_meta import DICE_VIRTUAL, SESSION_KEYS, SessionMeta, write_meta
from missdice_desktop.ui.dialogs.prompts import Prompts
from missdice_desktop.ui.play.autosave import Autosave, AutosaveError
from missdice_desktop.ui.settings import AppPaths, Settings
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
_META_KEYS = tuple(sorted(SESSION_KEYS))


class GameSession(QObject):
    """The game shown, saved after every change to its own file in the games folder."""

    changed = Signal(object)
    """A `Change` of the game (an action, an undo, a redo), after the engine applied it."""
    replaced = Signal()
    """Another game took the window (new, opened, resumed, shared)."""

    def __init__(
        self,
        game: DiceGame[Any],
        settings: Settings,
        paths: AppPaths,
        prompts: Prompts,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.paths = paths
        self.prompts = prompts
        self.autosave = Autosave(paths.games_dir, paths.autosave_file)
        self.autosave.signals.failed.connect(self._autosave_failed)
        self.game: DiceGame[Any] = game
        self._meta: tuple[DiceGame[Any], int, tuple[Any, ...], SessionMeta] | None = None
        """The meta last read: of which game, of how many players, from which record values."""
        _say_dice_source(game)
        game.add_listener(self._on_change)

    @property
    def table_mode(self) -> bool:
        """True when the dice are physical ones read from the table."""
        return self.meta.table_dice

    @property
    def meta(self) -> SessionMeta:
        """What the window keeps with the game: dice source, default names, draft, computer
        players, coach, note.

        Read from the record keys once, and again only when they hold other values than
        they did (every refresh asks, an action changes them seldom)."""
        game = self.game
        values = tuple(game.extra.get(key) for key in _META_KEYS)
        kept = self._meta
        if (
            kept is not None
            and kept[0] is game
            and kept[1] == len(game.players)
            and _same(kept[2], values)
        ):
            return kept[3]
        meta = session_meta(game)
        self._meta = (game, len(game.players), deepcopy(values), meta)
        return meta

    def update_meta(self, meta: SessionMeta, *, save: bool = True) -> None:
        """The one way the window changes what it keeps with the game: the record keys that
        `meta` changes are written, then the game is saved (unless `save` is False, when a
        save follows anyway)."""
        write_meta(self.game.extra, meta, self.meta)
        self._meta = None
        if save:
            self.save()

    def replace(self, game: DiceGame[Any], path: Path | None = None) -> None:
        """Play `game` from now on, saved to `path` (a kept game) or to a new file; the game
        shown before keeps its own file. Listeners hear `replaced` once the game is in."""
        self.game.remove_listener(self._on_change)
        self.autosave.follow(path)
        self.game = game
        self._meta = None
        _say_dice_source(game)
        game.add_listener(self._on_change)

    def save(self) -> None:
        """Keep the game as it is now (a failure is said once, play goes on)."""
        try:
            self.autosave.save(self.game)
        except AutosaveError as error:
            self._autosave_failed(str(error))

    def _on_change(self, change: Change) -> None:
        self.changed.emit(change)

    def _autosave_failed(self, reason: str) -> None:
        self.prompts.error(
            translate("Controller", "Autosave is not working"),
            fill(
                translate(
                    "Controller",
                    "The game cannot be saved automatically:\n%1\n\n"
                    "You can keep playing and use Game › Save as… to keep it.",
                ),
                reason,
            ),
        )


def _same(kept: Any, now: Any) -> bool:
    """Whether record values are the same: equal, and of the same types all the way down
    (1, 1.0 and True are equal but do not read the same)."""
    if type(kept) is not type(now):
        return False
    if isinstance(kept, dict):
        return kept.keys() == now.keys() and all(_same(kept[key], now[key]) for key in kept)
    if isinstance(kept, (list, tuple)):
        return len(kept) == len(now) and all(map(_same, kept, now))
    return bool(kept == now)


def _say_dice_source(game: DiceGame[Any]) -> None:
    """A game in the window says where its dice come from (virtual when its record does not)."""
    meta = session_meta(game)
    if meta.dice_source is None:
        write_meta(game.extra, replaced(meta, dice_source=DICE_VIRTUAL), meta)
