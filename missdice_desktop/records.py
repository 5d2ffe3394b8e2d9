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
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from missdice_desktop.files import FileReadError, decode_text, read_regular_file
from missdice_desktop.rules import (
    HOUSE_GAME,
    MAX_PLAYERS,
    MAX_ROLLS,
    DiceGame,
    EnterDice,
    Game,
    GridError,
    Hold,
    IllegalActionError,
    InvalidDiceError,
    Roll,
    RulesError,
    Score,
    check_player_name,
    find_game,
    get_variant,
    grid_from_mapping,
    make_dice,
    new_game,
)
from missdice_desktop.rules.text import unsaveable_part

RECORD_FORMAT = "missdice-game"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 5_000_000
MAX_NESTING = 64
"""The deepest a record's lists and objects may nest (a game's own keys need 4), for files
and links alike: checked on the text before parsing, so that the stack never decides."""
_KNOWN_KEYS = {"format", "version", "game", "options", "players", "turns", "grid", "current"}
_TURN_KEYS = {"player", "dice", "rolls", "box"}


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
    """Replay a parsed record of a game of the engine; RecordError says what is wrong and where."""
    check_record_data(data, source=source)
    _check_header(data, source)
    game_id = data.get("game")
    if isinstance(game_id, str) and game_id not in (HOUSE_GAME, *_yahtzee_ids()):
        return _generic_game(data, source)
    try:
        game = _new_game(data)
    except GridError as error:
        raise RecordError(f"grid: {error}", source=source) from None
    except (RulesError, IllegalActionError) as error:
        raise RecordError(str(error), source=source) from None
    return _replay(
        game,
        data,
        source,
        over="more turns than boxes: the game was already over",
        replay_turn=lambda turn, _last: _replay_turn(game, turn),
        replay_current=lambda current: _replay_current(game, current),
    )


def _yahtzee_ids() -> tuple[str, ...]:
    return find_game(HOUSE_GAME).record_ids


def _generic_game(data: Mapping[str, Any], source: str) -> DiceGame[Any]:
    """A game of any other registered rules: its rules read each recorded turn."""
    try:
        kind = find_game(data["game"])
        if kind.rules_from_options is None:  # pragma: no cover - every other row has one
            raise RulesError(f"{kind.name} records cannot be read")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RulesError("options must be an object")
        game = new_game(kind.rules_from_options(options), _players(data), extra=_extra(data))
    except (RulesError, IllegalActionError) as error:
        raise RecordError(str(error), source=source) from None
    return _replay(
        game,
        data,
        source,
        over="a turn after the end: the game was already over",
        replay_turn=lambda turn, last: _apply_all(
            game, game.rules.turn_actions(game.state, turn, last=last)
        ),
        replay_current=lambda current: _replay_generic_current(game, current),
    )


def _replay_generic_current(game: DiceGame[Any], current: Any) -> None:
    if game.finished:
        raise RecordError("the game is over")
    _apply_all(game, game.rules.current_actions(game.state, current))


def _apply_all(game: DiceGame[Any], actions: Iterable[Any]) -> None:
    for action in actions:
        game.apply(action)


_REPLAY_ERRORS = (RecordError, InvalidDiceError, IllegalActionError)


def _replay(
    game: DiceGame[Any],
    data: Mapping[str, Any],
    source: str,
    *,
    over: str,
    replay_turn: Callable[[Any, bool], None],
    replay_current: Callable[[Any], None],
) -> DiceGame[Any]:
    """Replay a record's turns, then its turn in progress; each problem names where it is."""
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("turns must be a list", source=source)
    for number, turn in enumerate(turns, 1):
        player = game.players[game.current_player]
        try:
            if game.finished:
                raise RecordError(over)
            replay_turn(turn, number == len(turns))
        except _REPLAY_ERRORS as error:
            detail = error.detail if isinstance(error, RecordError) else str(error)
            raise RecordError(detail, source=source, turn=number, player=player) from None
    if data.get("current") is not None:
        player = game.players[game.current_player]
        try:
            replay_current(data["current"])
        except _REPLAY_ERRORS as error:
            detail = error.detail if isinstance(error, RecordError) else str(error)
            raise RecordError(f"current turn ({player}): {detail}", source=source) from None
    return game


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


def _extra(data: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in _KNOWN_KEYS}


def _new_game(data: Mapping[str, Any]) -> Game:
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise RulesError('game must name a scoresheet, e.g. "yahtzee"')
    if game_id == HOUSE_GAME:
        if "grid" not in data:
            raise RulesError("a house game needs its grid")
        variant = grid_from_mapping(data["grid"])
    else:
        variant = get_variant(game_id)
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise RulesError("options must be an object")
    return Game(variant.configure(options), _players(data), extra=_extra(data))


def _replay_turn(game: Game, turn: Any) -> None:
    if not isinstance(turn, Mapping):
        raise RecordError("a turn must be an object")
    expected = game.current_player
    if not _is_int(turn.get("player")) or turn.get("player") != expected:
        raise RecordError(
            f"out of order: player {expected} ({game.players[expected]}) plays "
            f"this turn, the record says {turn.get('player')!r}"
        )
    if "dice" not in turn:
        raise RecordError("dice are missing")
    dice = make_dice(_list(turn["dice"], "dice"))
    _replay_dice(game, dice, turn.get("rolls"))
    box = turn.get("box")
    if not isinstance(box, str):
        raise RecordError("box is missing")
    extra = {key: value for key, value in turn.items() if key not in _TURN_KEYS}
    game.apply(Score(box, extra))


def _replay_current(game: Game, current: Any) -> None:
    if game.finished:
        raise RecordError("the game is over")
    if not isinstance(current, Mapping):
        raise RecordError("must be an object")
    if not _is_int(current.get("player")) or current.get("player") != game.current_player:
        raise RecordError(f"player {game.current_player} plays now")
    if current.get("dice") is None:
        return
    dice = make_dice(_list(current["dice"], "dice"))
    rolls = _checked_rolls(current.get("rolls"), dice)
    roll_holds = current.get("roll_holds", [[False] * len(game.held)] * len(rolls))
    if not isinstance(roll_holds, list) or len(roll_holds) != len(rolls):
        raise RecordError("roll_holds must list the held dice of each roll")
    thrown = current.get("thrown", [False] * len(rolls))
    if (
        not isinstance(thrown, list)
        or len(thrown) != len(rolls)
        or not all(isinstance(flag, bool) for flag in thrown)
    ):
        raise RecordError("thrown must say of each roll whether it was thrown on the table")
    if not rolls:
        game.apply(EnterDice(dice))
    entered = False
    for roll, holds, on_table in zip(rolls, roll_holds, thrown, strict=True):
        if game.dice is None and isinstance(holds, list) and any(holds):
            game.apply(EnterDice(roll))  # typed in, then dice held and rolled
            entered = True  # rolls after dice typed in: kept as throws (records before 12/2026)
        _hold_exactly(game, holds, "roll_holds")
        before = game.dice
        if before is not None and any(
            held and new != old for held, new, old in zip(game.held, roll, before, strict=True)
        ):
            # Dice corrected after this roll (EnterDice): a held die changed with the
            # correction, not with the roll. Replay both, as they were played.
            rolled = tuple(
                old if held else new for held, new, old in zip(game.held, roll, before, strict=True)
            )
            game.apply(Roll(rolled, drawn=not (on_table or entered)))
            game.apply(EnterDice(roll))
        else:
            game.apply(Roll(roll, drawn=not (on_table or entered)))
    _hold_exactly(game, current.get("held", [False] * len(game.held)), "held")


def _hold_exactly(game: Game, flags: Any, name: str) -> None:
    """Apply the Hold actions that make the held dice `flags` (a list of true/false)."""
    if (
        not isinstance(flags, list)
        or len(flags) > len(game.held)
        or not all(isinstance(flag, bool) for flag in flags)
    ):
        raise RecordError(f"{name} must be lists of true/false, one per die")
    for index, flag in enumerate(flags):
        if game.held[index] != flag:
            game.apply(Hold(index, flag))


def _checked_rolls(rolls: Any, dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    if rolls is None or rolls == []:
        return []
    rolls = _list(rolls, "rolls")
    if len(rolls) > MAX_ROLLS:
        raise RecordError(f"{len(rolls)} rolls: at most {MAX_ROLLS} per turn")
    checked = [make_dice(_list(roll, "each roll")) for roll in rolls]
    if checked[-1] != dice:
        raise RecordError("the last roll must equal the dice scored")
    return checked


def _replay_dice(game: Game, dice: tuple[int, ...], rolls: Any) -> None:
    checked = _checked_rolls(rolls, dice)
    if not checked:
        game.apply(EnterDice(dice))
    for roll in checked:
        game.apply(Roll(roll, drawn=True))


def _is_int(value: Any) -> bool:
    return type(value) is int


def _list(value: Any, name: str) -> Sequence[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{name} must be a list")
    return value


def record_game(game: DiceGame[Any]) -> str:
    """The record's `game` value: the built-in grid's id, "house" for a house grid, or the
    game's id for the other games."""
    if not isinstance(game, Game):
        return game.game_id
    return HOUSE_GAME if game.rules.variant.grid is not None else game.rules.variant.id


def record_from_game(game: DiceGame[Any]) -> dict[str, Any]:
    """The record of `game` as JSON-ready data, unknown keys of a loaded record kept."""
    if not isinstance(game, Game):
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": game.game_id,
            "options": game.rules.option_values,
            "players": list(game.players),
            "turns": game.rules.record_turns(game.state),
        }
        current = game.rules.record_current(game.state)
        if current is not None:
            record["current"] = current
        for key, value in game.extra.items():
            record.setdefault(key, value)
        return record
    return _yahtzee_record(game)


def _yahtzee_record(game: Game) -> dict[str, Any]:
    variant = game.rules.variant
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": record_game(game),
        "options": game.rules.option_values,
        "players": list(game.players),
        "turns": [],
    }
    if variant.grid is not None:
        record["grid"] = dict(variant.grid)
    for scored in game.state.scored_turns:
        turn: dict[str, Any] = {"player": scored.player, "dice": list(scored.dice)}
        if scored.rolls:
            turn["rolls"] = [list(roll) for roll in scored.rolls]
        turn["box"] = scored.box
        turn.update(scored.extra)
        record["turns"].append(turn)
    in_progress = game.state.turn
    if in_progress.dice is not None and not game.finished:
        current: dict[str, Any] = {"player": in_progress.player, "dice": list(in_progress.dice)}
        if in_progress.rolls:
            current["rolls"] = [list(roll) for roll in in_progress.rolls]
        if any(any(holds) for holds in in_progress.roll_holds):
            current["roll_holds"] = [list(holds) for holds in in_progress.roll_holds]
        if any(in_progress.held):
            current["held"] = list(in_progress.held)
        thrown = _thrown_flags(game)
        if any(thrown):
            current["thrown"] = thrown
        record["current"] = current
    for key, value in game.extra.items():
        record.setdefault(key, value)
    return record


def _thrown_flags(game: Game) -> list[bool]:
    """For each roll of the turn in progress: thrown on the table (True) or drawn (False)."""
    flags: list[bool] = []
    for action in reversed(game.actions):
        if isinstance(action, Score):
            break
        if isinstance(action, Roll):
            flags.insert(0, not action.drawn)
    return flags


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


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))


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
