"""The games kept on this computer: one record file per game, finished or not.

Every game played in the window is written to its own file in one folder after each
action, so no game is ever replaced by another: a new game, an opened file or a declined
resume each get their own file. A game leaves the folder only when the user deletes it.
The folder also gives the high scores (best, average and games played per player and
scoresheet), computed from the finished games.

A file that cannot be read now (unreadable for a moment, written by a newer version, grown
past the size cap) stays where it is and is listed with the reason; it is set aside only when
the player asks, and a newer version's game never. Each game has a short summary kept beside
it (`.summaries/NAME`, valid while the game file's time and size match) so that the Games
window lists thousands of games without replaying them. A game played in a window is locked
(`.NAME.lock`, holding the process id): another window opens a copy, never the same file; a
lock whose process is gone is stale and taken over.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from missdice_desktop.files import FileReadError, read_regular_file
from missdice_desktop.records import (
    MAX_RECORD_BYTES,
    RECORD_VERSION,
    RecordError,
    dumps_record,
    load_record,
    session_meta,
    write_atomically,
)
from missdice_desktop.rules import DiceGame, Game

GAME_PREFIX = "game-"
BROKEN_SUFFIX = ".broken"
SUMMARIES_DIR = ".summaries"
LOCK_SUFFIX = ".lock"
MAX_SUMMARY_BYTES = 64_000


@dataclass(frozen=True)
class GameSummary:
    """What the Games window and the high scores need of a game, without replaying it."""

    game_id: str
    sheet: str
    """`sheet_id` of the game: what high scores are kept by."""
    variant: str
    """The built-in variant's id of a Yahtzee-family game ("" for the other games)."""
    grid_name: str
    """A house grid's own name ("" otherwise)."""
    players: tuple[str, ...]
    totals: tuple[int, ...]
    finished: bool
    standings: tuple[tuple[int, str, int], ...]
    """(rank, name, total), best first."""
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    has_losers: bool
    """A game decided by its loser (421): no high score."""
    turn: int
    """The turn being played in a Yahtzee-family game (0 for the other games)."""
    turns: int
    """The turns in a Yahtzee-family game (its boxes)."""
    computers: tuple[bool, ...]
    """For each seat: whether the computer plays it."""
    options: tuple[tuple[str, str], ...]
    """The game's options as (id, value) text pairs, e.g. (("joker", "forced"),)."""
    note: str
    """The game's note ("" when none)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> GameSummary:
        """The summary back from `to_json`; ValueError when it does not fit."""
        if not isinstance(data, dict) or set(data) != set(cls.__dataclass_fields__):
            raise ValueError("not a summary")
        summary = cls(
            game_id=str(data["game_id"]),
            sheet=str(data["sheet"]),
            variant=str(data["variant"]),
            grid_name=str(data["grid_name"]),
            players=tuple(str(name) for name in data["players"]),
            totals=tuple(int(total) for total in data["totals"]),
            finished=bool(data["finished"]),
            standings=tuple((int(r), str(n), int(t)) for r, n, t in data["standings"]),
            winners=tuple(str(name) for name in data["winners"]),
            losers=tuple(str(name) for name in data["losers"]),
            has_losers=bool(data["has_losers"]),
            turn=int(data["turn"]),
            turns=int(data["turns"]),
            computers=tuple(bool(flag) for flag in data["computers"]),
            options=tuple((str(key), str(value)) for key, value in data["options"]),
            note=str(data["note"]),
        )
        if not len(summary.totals) == len(summary.computers) == len(summary.players):
            raise ValueError("not a summary")
        return summary


def summarize(game: DiceGame[Any]) -> GameSummary:
    """The summary of `game`."""
    variant = game.rules.variant if isinstance(game, Game) else None
    house = variant is not None and variant.grid is not None
    turn = game.rules.turn_number(game.state) or 0
    turns = game.rules.turn_count() or 0
    meta = session_meta(game)  # read once: it parses the record's keys
    return GameSummary(
        game_id=game.game_id,
        sheet=sheet_id(game),
        variant=variant.id if variant is not None else "",
        grid_name=variant.name if variant is not None and house else "",
        players=tuple(game.players),
        totals=tuple(int(total) for total in game.rules.totals(game.state)),
        finished=game.finished,
        standings=tuple((s.rank, s.name, s.total) for s in game.standings()),
        winners=tuple(game.winners()),
        losers=tuple(game.losers()),
        has_losers=bool(getattr(game.rules, "has_losers", False)),
        turn=turn,
        turns=turns,
        computers=tuple(seat in meta.computers for seat in range(len(game.players))),
        options=tuple(
            (str(key), json.dumps(value) if isinstance(value, bool) else str(value))
            for key, value in game.rules.option_values.items()
        ),
        note=meta.note,
    )


@dataclass(frozen=True)
class GameSnapshot:
    """A game's record text and summary, taken at one moment, ready to be written."""

    record: str
    summary: GameSummary


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

    @functools.cached_property
    def summary(self) -> GameSummary:
        """What the Games window shows of it."""
        return summarize(self.game)


@dataclass(frozen=True)
class KeptSummary:
    """One game of the folder, known by its summary only."""

    path: Path
    summary: GameSummary
    saved_at: float

    @property
    def finished(self) -> bool:
        """True once every sheet is full."""
        return self.summary.finished


@dataclass(frozen=True)
class UnreadableGame:
    """A file of the folder that cannot be opened now; it stays where it is."""

    path: Path
    reason: str
    """Why, in a few words."""
    saved_at: float
    newer: bool
    """Written by a newer version of the app: it is never set aside."""


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
    computer: bool = False
    """Played by the computer: kept apart from a person of the same name."""


def has_content(game: DiceGame[Any]) -> bool:
    """True when the game holds something to lose: an action played, or faces set."""
    draft = session_meta(game).table_draft
    faces_set = draft is not None and any(face is not None for face in draft)
    return bool(game.actions) or faces_set


def sheet_id(game: DiceGame[Any]) -> str:
    """What the high scores are kept by: the scoresheet of a Yahtzee-family game, else the
    game."""
    return game.rules.variant.id if isinstance(game, Game) else game.game_id


class GameLibrary:
    """The folder of kept games."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._locked: set[Path] = set()
        """The games this process holds the lock of."""

    def new_path(self) -> Path:
        """A file name for a new game, never one already used."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        number = 1
        while True:
            path = self.folder / f"{GAME_PREFIX}{stamp}-{number}.json"
            taken = path.exists() or path.with_name(path.name + BROKEN_SUFFIX).exists()
            if not taken and not _lock_path(path).exists():
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
        """Write `game` to `path`, with its summary; a game with nothing in it is not kept
        (its file goes)."""
        self.write(path, self.snapshot(game))

    @staticmethod
    def snapshot(game: DiceGame[Any], *, keep_empty: bool = False) -> GameSnapshot | None:
        """What `write` needs of `game`, taken now (None: nothing in it to keep, unless
        `keep_empty`: a kept game resumed stays kept even before its first turn)."""
        if not (keep_empty or has_content(game)):
            return None
        return GameSnapshot(dumps_record(game), summarize(game))

    def write(self, path: Path, snapshot: GameSnapshot | None) -> None:
        """Write a snapshot to `path` with its summary, or remove the file of a game with
        nothing in it; safe to call from a thread other than the one that took it."""
        if snapshot is not None:
            write_atomically(path, snapshot.record)
            self._keep_summary(path, snapshot.summary)
        elif path.exists():
            path.unlink()
            self._forget_summary(path)

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
        """Every readable game, newest first, and what was wrong with the others (which stay
        where they are)."""
        kept: list[KeptGame] = []
        problems: list[RecordError] = []
        for path in self.paths():
            loaded = self._load(path, problems)
            if loaded is not None:
                kept.append(loaded)
        return kept, problems

    def entry(self, path: Path) -> KeptSummary | UnreadableGame:
        """One game of the folder for the Games window: its summary kept beside it when still
        valid, else read from the game (and kept for next time)."""
        try:
            status = path.stat()
        except OSError as error:
            return UnreadableGame(path, _reason(error), 0.0, newer=False)
        stamp = [status.st_mtime_ns, status.st_size]
        try:
            data = json.loads(
                read_regular_file(self._summary_path(path), MAX_SUMMARY_BYTES).decode("utf-8")
            )
            if isinstance(data, dict) and data.get("stamp") == stamp:
                return KeptSummary(path, GameSummary.from_json(data.get("summary")), _secs(status))
        except (OSError, ValueError, TypeError, KeyError):
            pass
        try:
            game = load_record(path)
        except RecordError as error:
            newer = _written_by_newer_version(path)
            return UnreadableGame(path, error.detail, _secs(status), newer=newer)
        summary = summarize(game)
        with contextlib.suppress(OSError):
            self._write_summary(path, summary, stamp)
        return KeptSummary(path, summary, _secs(status))

    def latest_unfinished(
        self, playable: Callable[[DiceGame[Any]], bool] = lambda _game: True, *, scan: int = 50
    ) -> tuple[KeptGame | None, list[RecordError]]:
        """The unfinished game saved last that `playable` accepts and no other window plays,
        looking at the `scan` newest files only (start-up stays quick with hundreds of
        finished games), and what was wrong with the files that could not be read (they stay
        where they are). The game found is locked for this process (`unlock` when declined),
        so that a window starting meanwhile is not offered it too."""
        problems: list[RecordError] = []
        self.remove_stale_temporaries()
        for path in self.paths()[:scan]:
            if self.locked_elsewhere(path):
                continue
            loaded = self._load(path, problems)
            playing = loaded is not None and not loaded.finished and playable(loaded.game)
            if loaded is not None and playing and self.lock(path):
                return loaded, problems
        return None, problems

    def remove_stale_temporaries(self, *, older_than: float = 10.0) -> int:
        """Delete what interrupted saves left in the folder (`.game-….json.*.tmp` files older
        than `older_than` seconds: a save in progress in another window is younger), and the
        locks of processes that are gone."""
        removed = 0
        limit = time.time() - older_than
        try:
            candidates = list(self.folder.glob(f".{GAME_PREFIX}*.json.*.tmp"))
            locks = list(self.folder.glob(f".{GAME_PREFIX}*.json{LOCK_SUFFIX}"))
        except OSError:
            return 0
        for lock in locks:
            with contextlib.suppress(OSError):
                if lock.stat().st_mtime < limit and not _holder_alive(lock):
                    lock.unlink()
        for candidate in candidates:
            with contextlib.suppress(OSError):
                if candidate.is_file() and candidate.stat().st_mtime < limit:
                    candidate.unlink()
                    removed += 1
        return removed

    def _load(self, path: Path, problems: list[RecordError]) -> KeptGame | None:
        """One kept game; a file that cannot be read stays where it is, its error kept."""
        modified = _modified(path)
        try:
            game = load_record(path)
        except RecordError as error:
            problems.append(error)
            return None
        return KeptGame(path, game, modified)

    def set_aside(self, path: Path) -> Path:
        """Rename a game that cannot be opened to NAME.json.broken (the player asked); never
        a newer version's game (ValueError). Returns the new name."""
        if _written_by_newer_version(path):
            raise ValueError("a game written by a newer version is never set aside")
        target = path.with_name(path.name + BROKEN_SUFFIX)
        number = 1
        while target.exists():
            number += 1
            target = path.with_name(f"{path.name}.{number}{BROKEN_SUFFIX}")
        path.rename(target)
        self._forget_summary(path)
        return target

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
        self._forget_summary(path)
        return text

    def restore(self, path: Path, text: str) -> None:
        """Put back a deleted game."""
        write_atomically(path, text)

    # One window per game -----------------------------------------------------------------------

    def lock(self, path: Path) -> bool:
        """Take the lock of the game at `path` for this process; False when another running
        process holds it. A lock left by a process that is gone is taken over."""
        if path in self._locked:
            return True
        lock = _lock_path(path)
        mine = json.dumps(_this_process()).encode()
        for _attempt in range(3):
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                descriptor = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                if _holder_alive(lock):
                    return False
                with contextlib.suppress(OSError):
                    lock.unlink()  # stale: its process is gone
                continue
            except OSError:
                return True  # a folder without locks (read-only): play on, as before
            with os.fdopen(descriptor, "wb") as file:
                file.write(mine)
            self._locked.add(path)
            return True
        return False

    def unlock(self, path: Path) -> None:
        """Give back the lock of `path` (when this process holds it)."""
        if path in self._locked:
            self._locked.discard(path)
            with contextlib.suppress(OSError):
                _lock_path(path).unlink()

    def locked_elsewhere(self, path: Path) -> bool:
        """True while another running process holds the lock of `path`."""
        return path not in self._locked and _holder_alive(_lock_path(path))

    # Summaries -----------------------------------------------------------------------------------

    def _summary_path(self, path: Path) -> Path:
        return path.parent / SUMMARIES_DIR / path.name

    def _keep_summary(self, path: Path, summary: GameSummary) -> None:
        try:
            status = path.stat()
            self._write_summary(path, summary, [status.st_mtime_ns, status.st_size])
        except OSError:
            self._forget_summary(path)  # read from the game next time

    def _write_summary(self, path: Path, summary: GameSummary, stamp: list[int]) -> None:
        target = self._summary_path(path)
        target.parent.mkdir(exist_ok=True)
        text = json.dumps({"stamp": stamp, "summary": summary.to_json()}, ensure_ascii=False)
        # One name per process and thread: the autosave's writer and the Games window's
        # reader may both write a game's summary.
        temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        temporary.write_text(text, "utf-8")
        os.replace(temporary, target)

    def _forget_summary(self, path: Path) -> None:
        with contextlib.suppress(OSError):
            self._summary_path(path).unlink()


def high_scores(
    games: Iterable[KeptGame | KeptSummary], sheet_name: dict[str, str] | None = None
) -> list[HighScore]:
    """Best, average, games played and won per scoresheet and player, best first.

    Only finished games count. `sheet_name` maps a `sheet_id` to the name shown.
    """
    totals: dict[tuple[str, str, bool], list[int]] = {}
    wins: dict[tuple[str, str, bool], int] = {}
    for kept in games:
        summary = kept.summary
        if not summary.finished or summary.has_losers:
            continue  # a game decided by its loser (421) has no high score
        sheet = (sheet_name or {}).get(summary.sheet, summary.sheet)
        winners = set(summary.winners)
        computer = {
            name for name, flag in zip(summary.players, summary.computers, strict=True) if flag
        }
        for _rank, name, total in summary.standings:
            key = (sheet, name, name in computer)
            totals.setdefault(key, []).append(total)
            wins[key] = wins.get(key, 0) + (name in winners)
    scores = [
        HighScore(
            sheet,
            player,
            max(values),
            sum(values) / len(values),
            len(values),
            wins[key],
            computer,
        )
        for key, values in totals.items()
        for sheet, player, computer in [key]
    ]
    return sorted(
        scores, key=lambda score: (score.sheet, -score.best, score.player, score.computer)
    )


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _secs(status: os.stat_result) -> float:
    return status.st_mtime


def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


def _written_by_newer_version(path: Path) -> bool:
    """Whether `path` is a game record of a version above the one this app reads."""
    try:
        data = json.loads(read_regular_file(path, MAX_RECORD_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return False
    version = data.get("version") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > RECORD_VERSION


def _lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


def _this_process() -> dict[str, Any]:
    return {"pid": os.getpid(), "host": _host_name(), "started": _started(os.getpid())}


def _host_name() -> str:
    """This computer's name, as a lock names it: its host name, which the system's node name
    is where there is one (asked of the network module elsewhere: Windows)."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket

    return socket.gethostname()


def _holder_alive(lock: Path) -> bool:
    """Whether the process named in `lock` still runs (a lock from another computer counts as
    held: its process cannot be asked)."""
    try:
        holder = json.loads(read_regular_file(lock, 4096).decode("utf-8"))
        pid = int(holder["pid"])
        host = str(holder.get("host", ""))
        started = holder.get("started")
    except FileReadError:
        return False
    except (ValueError, TypeError, KeyError):
        # Being written right now, or damaged: young means a window starting up.
        return time.time() - _modified(lock) < 5.0
    if host != _host_name():
        return True
    if not _pid_alive(pid):
        return False
    # The same number may now belong to another process: compare start times where known.
    return started is None or _started(pid) in (None, started)


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill would end the process there
        import ctypes

        kernel = ctypes.windll.kernel32  # type: ignore[attr-defined,unused-ignore]
        handle = kernel.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        kernel.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel.CloseHandle(handle)
        return bool(code.value == 259)  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _started(pid: int) -> int | None:
    """When process `pid` started (clock ticks since boot; Linux only, else None)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
        return int(text.rsplit(")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        return None
