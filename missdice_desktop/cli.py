"""The `missdice` command: start the app, or work on game records from a terminal."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import stat
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the commands load the game records, links and rules when they run
    from missdice_desktop.rules import DiceGame

COMMANDS = ("replay", "read-dice", "share", "advise")


class VersionAction(argparse.Action):
    """`--version`: the version is read from the package metadata only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.update(nargs=0, default=argparse.SUPPRESS)
        super().__init__(option_strings, argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kwargs: Any) -> None:
        """Print the version and exit."""
        import missdice_desktop

        print(f"missdice {missdice_desktop.__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The grammar of `missdice [options] [RECORD]`, which opens the window."""
    parser = argparse.ArgumentParser(
        prog="missdice",
        description="Miss Dice Desktop: dice games at the table — the Yahtzee family (Yahtzee, "
        "Yam's, Yacht), the 421, Cochon and a free roller. "
        f"Opens the window; commands: {', '.join(COMMANDS)} (missdice COMMAND --help).",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and exit")
    parser.add_argument(
        "record",
        nargs="?",
        metavar="RECORD",
        help="a saved game (JSON) or a missdice: link to open in the window",
    )
    parser.add_argument(
        "--camera",
        metavar="SOURCE",
        help="read the dice on the table with a camera: its number (0, 1…), a video file, "
        "a folder of photos, or 'demo'",
    )
    return parser


def build_command_parser() -> argparse.ArgumentParser:
    """The grammar of the terminal commands."""
    parser = argparse.ArgumentParser(prog="missdice")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    replay = commands.add_parser(
        "replay",
        help="check and score saved games",
        description="Check game records and print their scores.",
    )
    replay.add_argument(
        "files", nargs="+", metavar="FILE", help="game record (JSON) or missdice: link"
    )
    replay.add_argument("--json", action="store_true", help="print JSON instead of a sheet")
    share = commands.add_parser(
        "share",
        help="print a saved game's link",
        description="Print the missdice: link that holds a whole saved game, to open it "
        "on another computer (missdice LINK); --qr also writes its QR code.",
    )
    share.add_argument("file", metavar="FILE", help="game record (JSON) or missdice: link")
    share.add_argument("--qr", metavar="OUT", help="write the link's QR code to OUT (.png or .svg)")
    read = commands.add_parser(
        "read-dice",
        help="read the dice in photos",
        description="Read the face values of the dice in photos.",
    )
    read.add_argument("images", nargs="+", metavar="IMAGE", help="a photo (JPEG, PNG…)")
    read.add_argument("--json", action="store_true", help="print JSON")
    advise = commands.add_parser(
        "advise",
        help="the coach's best play",
        description="Print the best choices for the turn in progress of a saved game, or with "
        "--expected the average final score of a new game under optimal play (Cochon and the "
        "421: the first player's chance to win). The first use of a scoresheet or a Cochon "
        "target solves it (up to a few minutes) and keeps the result in the cache.",
    )
    advise.add_argument("file", nargs="?", metavar="FILE", help="game record (JSON)")
    advise.add_argument(
        "--game", metavar="GAME", help="pig, 421 or a scoresheet: " + ", ".join(_games())
    )
    advise.add_argument("--joker", metavar="POLICY", help="joker policy: forced, hasbro or free")
    advise.add_argument("--rigole", action="store_true", help="with the Rigole box")
    advise.add_argument(
        "--expected", action="store_true", help="print the expected score of a new game"
    )
    advise.add_argument(
        "--review", action="store_true", help="judge every turn played so far (FILE)"
    )
    advise.add_argument("--top", type=int, default=5, metavar="N", help="choices to list (5)")
    advise.add_argument("--target", type=int, metavar="N", help="Cochon's target (100)")
    advise.add_argument("--players", type=int, metavar="N", help="421: players in the round (2)")
    return parser


def _games() -> list[str]:
    from missdice_desktop.rules import BUILT_IN_VARIANTS

    return list(BUILT_IN_VARIANTS)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `missdice` console script; returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments and arguments[0] in COMMANDS:
        options = build_command_parser().parse_args(arguments)
        for stream in (sys.stdout, sys.stderr):
            # A terminal that cannot show a character gets an escape, never a crash.
            if isinstance(stream, io.TextIOWrapper):
                stream.reconfigure(errors="backslashreplace")
        try:
            if options.command == "read-dice":
                return read_dice_command(options.images, as_json=options.json)
            if options.command == "advise":
                from missdice_desktop.coach.command import advise

                return advise(options)
            if options.command == "share":
                return share_command(options.file, qr=options.qr)
            return replay(options.files, as_json=options.json)
        except BrokenPipeError:
            # The reader of the output went away (`missdice replay … | head`): not an error
            # to report. Python's own flush at exit would fail again, so stdout goes nowhere.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    parser = build_parser()
    options = parser.parse_args(arguments)
    camera = options.camera
    if camera is not None and not (camera == "demo" or camera.isdigit() or os.path.exists(camera)):
        parser.error(f"--camera: no camera, video or folder called {camera!r}")
    return start_app(local_path(options.record), camera)


def local_path(argument: str | None) -> str | None:
    """A file:// URL as a path: desktops pass files that way to the menu entry's %u.

    >>> local_path("file:///home/anna/Partie%20du%20soir.missdice")
    '/home/anna/Partie du soir.missdice'
    >>> local_path("partie.json")
    'partie.json'
    """
    if argument is None or not argument.lower().startswith("file://"):
        return argument
    import urllib.parse
    import urllib.request  # only for a file:// URL: it costs start-up time

    parsed = urllib.parse.urlsplit(argument)
    return urllib.request.url2pathname(parsed.path)


def start_app(record: str | None, camera: str | None = None) -> int:
    """Open the window (the Qt side is imported only here)."""
    if not _has_display():
        print(
            "missdice: no screen to open the window on (DISPLAY and WAYLAND_DISPLAY are not "
            "set); 'missdice replay' and 'missdice read-dice' work without one.",
            file=sys.stderr,
        )
        return 1
    try:
        from missdice_desktop.ui.app import run
    except ImportError as error:
        print(f"missdice: the window cannot start: {error}", file=sys.stderr)
        return 1
    status: int = run(record, camera=camera)
    return status


def _has_display() -> bool:
    """Whether a window can be shown: always off Linux, else an X or Wayland display."""
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def replay(files: Sequence[str], *, as_json: bool) -> int:
    """Check and score each record; 2 when any of them is bad."""
    from missdice_desktop.links import is_link, load_game
    from missdice_desktop.records import RecordError

    results = []
    status = 0
    for path in files:
        try:
            game = load_game(path)
        except RecordError as error:
            _say(f"missdice replay: {error}")
            status = 2
            continue
        results.append(("link" if is_link(path) else path, game))
    if as_json:
        summaries = [summarize(path, game) for path, game in results]
        if summaries:
            payload: Any = summaries[0] if len(files) == 1 else summaries
            print(json.dumps(payload, ensure_ascii=False, indent=2))
    elif results:
        print("\n\n".join(format_sheet(path, game) for path, game in results))
    return status


def share_command(path: str, *, qr: str | None) -> int:
    """Print the link of a saved game (and write its QR code); 2 when it cannot be done."""
    from missdice_desktop.links import link_from_game, load_game, save_qr
    from missdice_desktop.records import RecordError

    try:
        game = load_game(path)
    except RecordError as error:
        _say(f"missdice share: {error}")
        return 2
    link = link_from_game(game)
    if qr is not None:
        try:
            _check_writable_target(qr)
            save_qr(link, qr)
        except ValueError as error:
            _say(f"missdice share: {error}")
            return 2
        except OSError as error:
            _say(f"missdice share: {qr}: cannot write ({error.strerror or error})")
            return 2
    print(link)
    return 0


def _check_writable_target(path: str) -> None:
    """OSError unless `path` is missing or a regular file: writing to a named pipe would wait
    for a reader for ever, and a device or folder is no place for a picture."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    except ValueError:  # a NUL in the name
        raise OSError(errno.EINVAL, "not a valid file name") from None
    if stat.S_ISDIR(mode):
        raise OSError(errno.EISDIR, "it is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise OSError(errno.EINVAL, "not a regular file: a pipe or a device")


def read_dice_command(images: Sequence[str], *, as_json: bool) -> int:
    """Read the dice in each photo; 2 when any photo could not be read.

    Each photo that cannot be read gets its own line, and the others are still read.
    """
    import cv2

    from missdice_desktop.files import FileReadError, read_regular_file
    from vision import read_dice  # only this command needs OpenCV
    from vision.images import MAX_IMAGE_BYTES, ImageRefused, read_image
    from vision.net import NetworksUnavailable, networks

    try:
        networks().load()  # once, before any photo: a damaged install is said once
    except NetworksUnavailable as error:
        _say(f"missdice read-dice: cannot read dice: {error}; install Miss Dice again")
        return 2

    results: list[dict[str, Any]] = []
    status = 0
    for path in images:
        try:
            data = read_regular_file(path, MAX_IMAGE_BYTES)
            with native_messages_silenced():
                reading = read_dice(read_image(data))
        except (FileReadError, ImageRefused, MemoryError, cv2.error) as error:
            why = error.reason if isinstance(error, FileReadError) else str(error)
            if isinstance(error, MemoryError):
                why = "not enough memory to decode it"
            elif isinstance(error, cv2.error):
                why = "OpenCV could not process it"
            _say(f"missdice read-dice: {path}: cannot read the image ({why})")
            status = 2
            continue
        results.append(
            {
                "file": path,
                "values": list(reading.values),
                "dice": [die.to_json() for die in reading.dice],
                "flags": sorted(reading.flags),
            }
        )
    if as_json:
        if results:
            payload: Any = results[0] if len(images) == 1 else results
            print(json.dumps(payload, indent=2))
    else:
        for result in results:
            values = " ".join(map(str, result["values"])) or "no dice"
            count = len(result["values"])
            flags = f"  [{', '.join(result['flags'])}]" if result["flags"] else ""
            print(f"{result['file']}: {values} ({count} {'die' if count == 1 else 'dice'}){flags}")
    return status


@contextlib.contextmanager
def native_messages_silenced() -> Iterator[None]:
    """Send what C libraries write to stderr (libjpeg's "Corrupt JPEG data…", OpenCV's log)
    nowhere for the duration, so that each file keeps its one line."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as nowhere:
            os.dup2(nowhere.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _say(message: str) -> None:
    """One line on stderr, whatever the message holds (new lines, unprintable text)."""
    print(_one_line(message), file=sys.stderr)


def _one_line(text: str) -> str:
    return "".join(
        char if char.isprintable() or char == " " else ascii(char)[1:-1] for char in text
    )


def summarize(path: str, game: DiceGame[Any]) -> dict[str, Any]:
    """A game's scores (or its totals: Cochon's points, the 421's tokens) as JSON-ready data."""
    from missdice_desktop.records import record_game
    from missdice_desktop.rules import Game

    if not isinstance(game, Game):
        return _summarize_other(path, game)
    players = []
    for name, sheet in zip(game.players, game.state.sheets, strict=True):
        entry: dict[str, Any] = {
            "name": name,
            "boxes": {
                box_id: sheet.scores[box_id]
                for box_id in game.rules.box_ids
                if box_id in sheet.scores
            },
            "upper_bonus": sheet.upper_bonus,
            "yahtzee_bonus": sheet.yahtzee_bonus,
        }
        if sheet.ecart is not None:
            entry["ecart"] = sheet.ecart
        entry["total"] = sheet.total
        players.append(entry)
    return {
        "file": path,
        "game": record_game(game),
        "finished": game.finished,
        "players": players,
        "winners": list(game.winners()) if game.finished else [],
    }


def _summarize_other(path: str, game: DiceGame[Any]) -> dict[str, Any]:
    from missdice_desktop.records import record_game

    key = game.rules.total_key
    totals = game.rules.totals(game.state)
    summary: dict[str, Any] = {
        "file": path,
        "game": record_game(game),
        "options": game.rules.option_values,
        "finished": game.finished,
        "players": [
            {"name": name, key: total} for name, total in zip(game.players, totals, strict=True)
        ],
    }
    if game.rules.has_losers:
        summary["losers"] = list(game.losers())
    else:
        summary["winners"] = list(game.winners())
    summary.update(game.rules.details(game.state, game.players))
    return summary


def _format_other(path: str, game: DiceGame[Any]) -> str:
    summary = _summarize_other(path, game)
    key = game.rules.total_key
    options = ", ".join(f"{name}: {value}" for name, value in summary["options"].items())
    width = max(len(name) for name in game.players)
    lines = [f"{path} — {game.game_id}" + (f" ({options})" if options else "")]
    lines += [f"{p['name'].ljust(width)}  {p[key]:>5}" for p in summary["players"]]
    for name, value in game.rules.details(game.state, game.players).items():
        if isinstance(value, dict):
            value = ", ".join(f"{label}: {part}" for label, part in value.items())
        elif isinstance(value, list):
            value = ", ".join(map(str, value)) or "none"
        lines.append(f"{name.replace('_', ' ')}: {value}")
    if not game.finished:
        lines.append(f"In progress: {game.players[game.current_player]} to play.")
    elif game.rules.has_losers:
        lines.append("Lost: " + ", ".join(summary["losers"]))
    else:
        lines.append("Winner: " + ", ".join(summary["winners"]))
    return "\n".join(lines)


def format_sheet(path: str, game: DiceGame[Any]) -> str:
    """A game's scoresheet (or its totals, for games without a sheet) as a plain-text table."""
    from missdice_desktop.rules import Game

    if not isinstance(game, Game):
        return _format_other(path, game)
    sheets = game.state.sheets
    rows: list[tuple[str, list[str]]] = []
    for box in game.rules.boxes:
        rows.append(
            (box.label, [str(s.scores[box.id]) if box.id in s.scores else "·" for s in sheets])
        )
    if game.rules.variant.upper_bonus is not None:
        rows.append(("Upper bonus", [str(s.upper_bonus) for s in sheets]))
    if game.rules.variant.ecart is not None:
        rows.append(("Écart", [str(s.ecart) for s in sheets]))
    if game.rules.variant.yahtzee_bonus:
        rows.append(("Yahtzee bonus", [str(s.yahtzee_bonus) for s in sheets]))
    rows.append(("Total", [str(s.total) for s in sheets]))
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(name), 4) for name in game.players]
    options = ", ".join(f"{key}: {_option_text(value)}" for key, value in game.rules.options)
    title = f"{path} — {game.rules.variant.name}" + (f" ({options})" if options else "")
    lines = [
        title,
        " " * label_width
        + "  "
        + "  ".join(name.rjust(width) for name, width in zip(game.players, widths, strict=True)),
    ]
    for label, cells in rows:
        if label == "Total":
            lines.append("-" * len(lines[1]))
        lines.append(
            label.ljust(label_width)
            + "  "
            + "  ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True))
        )
    if game.finished:
        winners = game.winners()
        lines.append(("Winners: " if len(winners) > 1 else "Winner: ") + ", ".join(winners))
    else:
        lines.append(f"In progress: {game.players[game.current_player]} to play.")
    return "\n".join(lines)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)
