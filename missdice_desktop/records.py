"""Game records: the JSON file format of a game (docs/game-record.md).

One format serves the autosave, "Save as" files and share links. Loading replays every
turn through the engine's own door, so a record is checked by the very rules that play.
Every problem becomes one RecordError naming the file, the turn and the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from missdice_desktop.files import FileReadError, decode_text, read_regular_file
from missdice_desktop.rules import (
    MAX_PLAYERS,
    DiceGame,
    GridError,
    IllegalActionError,
    InvalidDiceError,
    RulesError,
    check_player_name,
    find_game,
    new_game,
)
from missdice_desktop.rules.text import unsaveable_part
from missdice_desktop.session_meta import SessionMeta

if TYPE_CHECKING:
    from missdice_desktop.rules import Action

RECORD_FORMAT = "missdice-game"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 5_000_000
MAX_NESTING = 64
"""The deepest a record's lists and objects may nest (a game's own keys need 4), for files
and links alike: checked on the text before parsing, so that the stack never decides."""
_KNOWN_KEYS = {"format", "version", "game", "options", "players", "turns", "grid", "current"}


class RecordError(ValueError):
    """A game record that cannot be read or does not follow the rules."""

    def __init__(
        self, message: str, *, source: str = "", turn: int | None = None, player: str | None = None
    ) -> None:
        self.source = source
        self.turn = turn
        self.player = player
        self.detail = message
        where = [source] if source else []
        if turn is not None:
            where.append(f"turn {turn}" + (f" ({player})" if player else ""))
        super().__init__(": ".join([*where, message]))


def _check_header(data: Any, source: str) -> None:
    if not isinstance(data, Mapping):
        raise RecordError("not a game record (expected a JSON object)", source=source)
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record (format is not {RECORD_FORMAT!r})", source=source)
    if not _is_int(data.get("version")) or data.get("version") != RECORD_VERSION:
        raise RecordError(
            f"unsupported record version {data.get('version')!r} "
            f"(this program reads version {RECORD_VERSION})",
            source=source,
        )


def check_record_data(data: Any, *, source: str = "") -> None:
    """RecordError unless `data` can be written back as it is: standard JSON in UTF-8 (no NaN,
    no lone surrogate), nested at most `MAX_NESTING` deep. Every record read passes here,
    from a file or a link, before it is replayed."""
    unsaveable = unsaveable_part(data)
    if unsaveable is not None:
        raise RecordError(f"not a game record ({unsaveable})", source=source)
    if _data_nesting(data) > MAX_NESTING:
        raise RecordError(_TOO_DEEP, source=source)


_TOO_DEEP = f"not a game record (nested too deeply: lists and objects {MAX_NESTING} deep at most)"


def _data_nesting(data: Any) -> int:
    """How deep lists and objects nest in `data` (0 for a plain value), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            children: Iterable[Any] = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > MAX_NESTING:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def game_from_record(data: Any, *, source: str = "") -> DiceGame[Any]:
    """Replay a parsed record of a game of the engine; RecordError says what is wrong and where.

    The game's row in the registry makes its rules from the record's options; the rules read
    each recorded turn as actions, which go through the game's one door.
    """
    check_record_data(data, source=source)
    _check_header(data, source)
    try:
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise RulesError('game must name a scoresheet, e.g. "yahtzee"')
        kind = find_game(game_id)
        rules = kind.rules_from_options(data.get("options", {}), record=data)
        game = new_game(rules, _players(data), extra=_extra(data))
    except GridError as error:
        raise RecordError(f"grid: {error}", source=source) from None
    except (RulesError, IllegalActionError) as error:
        raise RecordError(str(error), source=source) from None
    return _replay(game, data, source)


_REPLAY_ERRORS = (RecordError, InvalidDiceError, IllegalActionError)


def _replay(game: DiceGame[Any], data: Mapping[str, Any], source: str) -> DiceGame[Any]:
    """Replay a record's turns, then its turn in progress; each problem names where it is."""
    rules = game.rules
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("turns must be a list", source=source)
    for number, turn in enumerate(turns, 1):
        player = game.players[game.current_player]
        try:
            if game.finished:
                raise RecordError(rules.record_past_end)
            last = number == len(turns)
            _apply_all(game, rules.turn_actions(game.state, turn, last=last, players=game.players))
        except _REPLAY_ERRORS as error:
            detail = error.detail if isinstance(error, RecordError) else str(error)
            raise RecordError(detail, source=source, turn=number, player=player) from None
    if data.get("current") is not None:
        player = game.players[game.current_player]
        try:
            if game.finished:
                raise RecordError("the game is over")
            _apply_all(game, rules.current_actions(game.state, data["current"]))
        except _REPLAY_ERRORS as error:
            detail = error.detail if isinstance(error, RecordError) else str(error)
            raise RecordError(f"current turn ({player}): {detail}", source=source) from None
    return game


def _apply_all(game: DiceGame[Any], actions: Iterable[Action]) -> None:
    for action in actions:
        game.apply(action)


def _players(data: Mapping[str, Any]) -> list[str]:
    players = data.get("players")
    if (
        not isinstance(players, list)
        or not 1 <= len(players) <= MAX_PLAYERS
        or not all(isinstance(name, str) for name in players)
    ):
        raise RulesError(f"players must be a list of 1 to {MAX_PLAYERS} names")
    for name in players:
        check_player_name(name)
    return players


def _is_int(value: Any) -> bool:
    return type(value) is int


def _extra(data: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in _KNOWN_KEYS}


def session_meta(game: DiceGame[Any]) -> SessionMeta:
    """What the window keeps in `game`'s record keys, read with the record's checks: a
    value that does not fit reads as absent, and stays in the record as written."""
    return SessionMeta.read(game.extra, len(game.players))


def record_game(game: DiceGame[Any]) -> str:
    """The record's `game` value: the built-in grid's id, "house" for a house grid, or the
    game's id for the other games."""
    record_id: str = game.rules.record_id
    return record_id


def record_from_game(game: DiceGame[Any]) -> dict[str, Any]:
    """The record of `game` as JSON-ready data, unknown keys of a loaded record kept."""
    rules, state = game.rules, game.state
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": rules.record_id,
        "options": rules.option_values,
        "players": list(game.players),
        "turns": rules.record_turns(state),
    }
    record.update(rules.record_definition())
    current = rules.record_current(state)
    if current is not None:
        record["current"] = current
    for key, value in game.extra.items():
        record.setdefault(key, value)
    return record


def dumps_record(game: DiceGame[Any]) -> str:
    """The record of `game` as JSON text, one turn a line so that people can read it."""
    lines = []
    for key, value in record_from_game(game).items():
        if key == "turns" and value:
            turns = ",\n".join(f"    {_compact(turn)}" for turn in value)
            lines.append(f'  "turns": [\n{turns}\n  ]')
        else:
            lines.append(f"  {json.dumps(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


_COMPACT = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(", ", ": "))
"""One encoder for every value of a record (`json.dumps` would make one per turn)."""


def _compact(value: Any) -> str:
    return _COMPACT.encode(value)


def loads_record(text: str, *, source: str = "") -> DiceGame[Any]:
    """Parse JSON text and replay it (a game of the engine)."""
    return game_from_record(parse_record_json(text, source=source), source=source)


def parse_record_json(text: str, *, source: str = "") -> Any:
    """The JSON data of a record's text, for files and links alike; RecordError if it is not.

    Only standard JSON is read: NaN and Infinity, a key given twice in one object and
    nesting deeper than `MAX_NESTING` are refused; `check_record_data` then refuses what
    cannot be written back (a lone surrogate), so that every record accepted can be saved
    again exactly. A leading byte-order mark is read past.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if _text_nesting(text) > MAX_NESTING:
        raise RecordError(_TOO_DEEP, source=source)
    try:
        data = json.loads(
            text, parse_constant=_refuse_constant, object_pairs_hook=_object_without_twins
        )
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not JSON ({error.msg} at line {error.lineno}, column {error.colno})", source=source
        ) from None
    except RecursionError:  # pragma: no cover - the nesting is checked first
        raise RecordError(_TOO_DEEP, source=source) from None
    except ValueError as error:  # a number with thousands of digits, NaN, a twin key
        raise RecordError(f"not a game record ({error})", source=source) from None
    return data


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _text_nesting(text: str) -> int:
    """How deep brackets nest in JSON text, strings left out (a bound, read before parsing)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= MAX_NESTING:
        return len(brackets)
    depth = deepest = 0
    for bracket in brackets:
        depth += 1 if bracket in "[{" else -1
        if depth > deepest:
            deepest = depth
            if deepest > MAX_NESTING:
                break
    return deepest


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not standard JSON")


def _object_without_twins(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return result


def load_record(path: str | os.PathLike[str]) -> DiceGame[Any]:
    """Read and replay the record file of a game of the engine."""
    return loads_record(_read_text(path), source=str(path))


def _read_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file: a regular file of at most MAX_RECORD_BYTES, UTF-8."""
    source = str(path)
    try:
        raw = read_regular_file(path, MAX_RECORD_BYTES)
    except FileReadError as error:
        if error.too_large:
            raise RecordError(
                f"file too large for a game record ({error.reason})", source=source
            ) from None
        raise RecordError(f"cannot read the file ({error.reason})", source=source) from None
    try:
        text = decode_text(raw)
    except UnicodeDecodeError:
        raise RecordError("not a text file (UTF-8 JSON expected)", source=source) from None
    return text


def save_record(path: str | os.PathLike[str], game: DiceGame[Any]) -> None:
    """Write the record of `game` atomically: a crash never leaves a half-written file."""
    write_atomically(Path(path), dumps_record(game))


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, then rename it over `path`.

    The file keeps its permissions, and a link is followed rather than replaced.
    """
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    descriptor, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(path.parent)


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
