"""The kept games and the high scores as CSV files, for a spreadsheet.

Columns are fixed and documented (docs/ui.md, "Export"): ids and numbers as data, dates in
ISO 8601, so that a spreadsheet in any language reads them the same way. No Qt: the window
and the command line write the same files. A file is written atomically (a temporary file
beside it, then a rename), so a failed export leaves any earlier file as it was.
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from missdice_desktop.library import HighScore, KeptGame, KeptSummary

GAME_COLUMNS = (
    "date",
    "file",
    "game",
    "sheet",
    "options",
    "player",
    "seat",
    "computer",
    "score",
    "rank",
    "finished",
    "winner",
    "note",
)
"""One row per player per kept game."""
HIGH_SCORE_COLUMNS = ("sheet", "player", "computer", "best", "average", "played", "won")
"""One row per scoresheet and player, over the finished games."""


def iso_date(seconds: float) -> str:
    """Local time as `2024-07-14T21:05:00`."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(seconds))


def game_rows(games: Iterable[KeptSummary | KeptGame]) -> list[list[str]]:
    """The rows of `GAME_COLUMNS`, newest game first as given; rank is empty until a game
    is finished, and in the 421 (decided by its loser) the winner column names the loser
    with "loses"."""
    rows: list[list[str]] = []
    for kept in games:
        summary = kept.summary
        ranks = {name: rank for rank, name, _total in summary.standings}
        options = "; ".join(f"{key}={value}" for key, value in summary.options)
        if summary.finished:
            ended = (
                ", ".join(summary.losers) + " loses"
                if summary.has_losers
                else ", ".join(summary.winners)
            )
        else:
            ended = ""
        sheet = summary.grid_name or summary.variant or summary.game_id
        for seat, (name, total, computer) in enumerate(
            zip(summary.players, summary.totals, summary.computers, strict=True)
        ):
            rank = ranks.get(name) if summary.finished else None
            rows.append(
                [
                    iso_date(kept.saved_at),
                    kept.path.name,
                    summary.game_id,
                    sheet,
                    options,
                    name,
                    str(seat + 1),
                    "yes" if computer else "no",
                    str(total),
                    "" if rank is None else str(rank),
                    "yes" if summary.finished else "no",
                    ended,
                    summary.note,
                ]
            )
    return rows


def high_score_rows(scores: Iterable[HighScore]) -> list[list[str]]:
    """The rows of `HIGH_SCORE_COLUMNS`."""
    return [
        [
            score.sheet,
            score.player,
            "yes" if score.computer else "no",
            str(score.best),
            f"{score.average:.1f}",
            str(score.played),
            str(score.won),
        ]
        for score in scores
    ]


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """CSV with a header row, commas, quotes where needed and CRLF line ends (RFC 4180).

    A cell that a spreadsheet would run as a formula (=, +, -, @ first) is written with a
    leading apostrophe, so that a player named "=1+1" stays a name.

    >>> csv_text(["player", "score"], [["Anna", "212"], ["=1+1", "0"]])
    "player,score\\r\\nAnna,212\\r\\n'=1+1,0\\r\\n"
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_inert(str(cell)) for cell in row])
    return out.getvalue()


def _inert(cell: str) -> str:
    if cell[:1] in ("=", "+", "-", "@") and not _is_number(cell):
        return "'" + cell
    return cell


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def write_games_csv(path: Path, games: Iterable[KeptSummary | KeptGame]) -> int:
    """Write the kept games to `path` (UTF-8 with a byte-order mark, which spreadsheets need
    to see accents); the number of rows. OSError when it cannot be written: nothing else
    changed."""
    rows = game_rows(games)
    write_bytes_atomically(path, ("\ufeff" + csv_text(GAME_COLUMNS, rows)).encode("utf-8"))
    return len(rows)


def write_high_scores_csv(path: Path, scores: Iterable[HighScore]) -> int:
    """Write the high scores to `path`; the number of rows. OSError when it cannot be
    written."""
    rows = high_score_rows(scores)
    text = "\ufeff" + csv_text(HIGH_SCORE_COLUMNS, rows)
    write_bytes_atomically(path, text.encode("utf-8"))
    return len(rows)


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, then rename it over `path` (a PDF, a
    CSV file: bytes as they are, no line-end translation). OSError when it cannot be
    written; an earlier file at `path` is then left as it was."""
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise IsADirectoryError(21, "Is a directory", str(path))
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        mask = os.umask(0o22)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
