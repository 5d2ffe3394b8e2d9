"""The games kept on this computer: one record file per game, finished or not.

Every game played in the window is written to its own file in one folder after each
action, so no game is ever replaced by another: a new game, an opened file or a declined
resume each get their own file. A game leaves the folder only when the user deletes it.
The folder also gives the high scores (best, average and games played per player and
scoresheet), computed from the finished games.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from missdice_desktop.records import RecordError, dumps_record, load_record, write_atomically
from missdice_desktop.rules import DiceGame, Game

GAME_PREFIX = "game-"
BROKEN_SUFFIX = ".broken"


@dataclass(frozen=True)
class KeptGame:
    """One game of the folder, as last saved."""

    path: Path
    game: DiceGame[Any]
    saved_at: float
    """When it was last saved (seconds since the epoch)."""

    @property
    def finished(self) -> bool:
        """True once every sheet is full."""
        return self.game.finished


@dataclass(frozen=True)
class HighScore:
    """One player's results on one scoresheet, over the finished games."""

    sheet: str
    """The scoresheet's or game's name (a variant id, a house grid's name, "pig"…)."""
    player: str
    best: int
    average: float
    played: int
    won: int


TABLE_DRAFT_KEY = "table_draft"
"""Record key: faces set so far for table dice not all entered (docs/game-record.md)."""


def has_content(game: DiceGame[Any]) -> bool:
    """True when the game holds something to lose: an action played, or faces set."""
    draft = game.extra.get(TABLE_DRAFT_KEY)
    faces_set = isinstance(draft, list) and any(face is not None for face in draft)
    return bool(game.actions) or faces_set


def sheet_id(game: DiceGame[Any]) -> str:
    """What the high scores are kept by: the scoresheet of a Yahtzee-family game, else the
    game."""
    return game.rules.variant.id if isinstance(game, Game) else game.game_id


class GameLibrary:
    """The folder of kept games."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._cache: dict[Path, KeptGame] = {}
        """Games already read, by file; read again when the file changed (a replay of a
        long game takes milliseconds, and the Games window lists them all)."""

    def new_path(self) -> Path:
        """A file name for a new game, never one already used."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        number = 1
        while True:
            path = self.folder / f"{GAME_PREFIX}{stamp}-{number}.json"
            if not path.exists() and not path.with_name(path.name + BROKEN_SUFFIX).exists():
                return path
            number += 1

    def kept_path(self, source: str | os.PathLike[str]) -> Path | None:
        """The game file of the folder that `source` names (opening it resumes that game,
        never copies it), or None for a file from elsewhere."""
        try:
            path = Path(source).resolve()
            folder = self.folder.resolve()
        except (OSError, RuntimeError, ValueError):
            return None
        named = path.name.startswith(GAME_PREFIX) and path.suffix == ".json"
        # The folder's own spelling, as `paths()` lists it (the Games window marks its row).
        return self.folder / path.name if named and path.parent == folder else None

    def save(self, path: Path, game: DiceGame[Any]) -> None:
        """Write `game` to `path`; a game with nothing in it is not kept (its file goes)."""
        if has_content(game):
            write_atomically(path, dumps_record(game))
        elif path.exists():
            path.unlink()

    def paths(self) -> list[Path]:
        """The files of the folder, newest first."""
        try:
            files = [
                path
                for path in self.folder.glob(f"{GAME_PREFIX}*.json")
                if path.is_file() and not path.name.startswith(".")
            ]
        except OSError:
            return []
        return sorted(files, key=_modified, reverse=True)

    def games(self) -> tuple[list[KeptGame], list[RecordError]]:
        """Every readable game, newest first, and what was wrong with the others.

        A file that cannot be read is renamed aside (name.json.broken), never deleted.
        """
        kept: list[KeptGame] = []
        problems: list[RecordError] = []
        for path in self.paths():
            loaded = self._load(path, problems)
            if loaded is not None:
                kept.append(loaded)
        return kept, problems

    def latest_unfinished(
        self, playable: Callable[[DiceGame[Any]], bool] = lambda _game: True, *, scan: int = 50
    ) -> tuple[KeptGame | None, list[RecordError]]:
        """The unfinished game saved last that `playable` accepts, looking at the `scan`
        newest files only (start-up stays quick with hundreds of finished games), and what
        was wrong with the files that could not be read."""
        problems: list[RecordError] = []
        self.remove_stale_temporaries()
        for path in self.paths()[:scan]:
            loaded = self._load(path, problems)
            if loaded is not None and not loaded.finished and playable(loaded.game):
                return loaded, problems
        return None, problems

    def remove_stale_temporaries(self, *, older_than: float = 10.0) -> int:
        """Delete what interrupted saves left in the folder (`.game-….json.*.tmp` files older
        than `older_than` seconds: a save in progress in another window is younger)."""
        removed = 0
        limit = time.time() - older_than
        try:
            candidates = list(self.folder.glob(f".{GAME_PREFIX}*.json.*.tmp"))
        except OSError:
            return 0
        for candidate in candidates:
            with contextlib.suppress(OSError):
                if candidate.is_file() and candidate.stat().st_mtime < limit:
                    candidate.unlink()
                    removed += 1
        return removed

    def _load(self, path: Path, problems: list[RecordError]) -> KeptGame | None:
        """One kept game; a file that cannot be read is renamed aside and its error kept."""
        modified = _modified(path)
        cached = self._cache.get(path)
        if cached is not None and cached.saved_at == modified:
            return cached
        try:
            game = load_record(path)
        except RecordError as error:
            problems.append(error)
            with contextlib.suppress(OSError):
                path.replace(path.with_name(path.name + BROKEN_SUFFIX))
            return None
        kept = KeptGame(path, game, modified)
        self._cache[path] = kept
        return kept

    def adopt(self, path: Path) -> Path:
        """Move a record made elsewhere (an older autosave) into the folder; its new path."""
        target = self.new_path()
        self.folder.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
        return target

    def delete(self, path: Path) -> str:
        """Remove a game; returns its text so that the deletion can be undone."""
        text = path.read_text("utf-8")
        path.unlink()
        return text

    def restore(self, path: Path, text: str) -> None:
        """Put back a deleted game."""
        write_atomically(path, text)


def high_scores(
    games: Iterable[KeptGame], sheet_name: dict[str, str] | None = None
) -> list[HighScore]:
    """Best, average, games played and won per scoresheet and player, best first.

    Only finished games count. `sheet_name` maps a `sheet_id` to the name shown.
    """
    totals: dict[tuple[str, str], list[int]] = {}
    wins: dict[tuple[str, str], int] = {}
    for kept in games:
        if not kept.finished or getattr(kept.game.rules, "has_losers", False):
            continue  # a game decided by its loser (421) has no high score
        sheet = (sheet_name or {}).get(sheet_id(kept.game), sheet_id(kept.game))
        winners = set(kept.game.winners())
        for standing in kept.game.standings():
            key = (sheet, standing.name)
            totals.setdefault(key, []).append(standing.total)
            wins[key] = wins.get(key, 0) + (standing.name in winners)
    scores = [
        HighScore(sheet, player, max(values), sum(values) / len(values), len(values), wins[key])
        for key in totals
        for sheet, player in [key]
        for values in [totals[key]]
    ]
    return sorted(scores, key=lambda score: (score.sheet, -score.best, score.player))


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
