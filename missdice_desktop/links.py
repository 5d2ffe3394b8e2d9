"""Share links: a whole game record in one `missdice:` URI, for a QR code or a message.

A link is `missdice:` + the link version (`1`) + the payload in base64url (no padding).
The payload's first byte says how the record is held:

- `P` (packed): the game's own structure as one mixed-radix number: turn order is implied,
  a first roll is a number below 6⁵ and a later one what changed, a box is its index among
  the player's free boxes. Each game has its codec (`_PACKERS`): the Yahtzee family
  (built-in and house grids), 421, Cochon. Top-level keys it does not know ride along as
  deflated JSON.
- `Z` (zlib): the record as canonical JSON, deflated. It holds any record, unknown keys
  inside turns included.

The encoder makes both and keeps the shorter, so nothing is ever dropped to fit. Decoding
is bounded: a link longer than `MAX_LINK_CHARS` is refused before it is read, inflating
stops at `MAX_JSON_BYTES`, its JSON is parsed as a file's is (`records.parse_record_json`:
no NaN, no key given twice, nesting bounded), and the record found then goes through the
same checks and replay as a file (`records.check_record_data`, `records.game_from_record`).
A link is data: it names no file.

>>> from missdice_desktop.rules import Game, get_variant
>>> game = Game(get_variant("yacht").configure(), ["Anna", "Ben"])
>>> _ = game.enter_dice("12345")
>>> _ = game.score("small_straight")
>>> link = link_from_game(game)
>>> link
'missdice:1UCPlVnNG4sH6NDvaRDsDrQg3'
>>> game_from_link(link).state.sheets[0].scores["small_straight"]
30
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import re
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from missdice_desktop.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    RecordError,
    check_record_data,
    game_from_record,
    load_record,
    parse_record_json,
    record_from_game,
)
from missdice_desktop.rules import (
    DICE_COUNT,
    FACES,
    HOUSE_GAME,
    MAX_PLAYERS,
    MAX_ROLLS,
    DiceGame,
    GridError,
    RulesError,
    Variant,
    get_variant,
    grid_from_mapping,
)
from missdice_desktop.rules.options import FOUR21_POT, FOUR21_WORTH, PIG_TARGET

if TYPE_CHECKING:
    import segno

SCHEME = "missdice"
LINK_VERSION = 1
PREFIX = f"{SCHEME}:{LINK_VERSION}"
MAX_LINK_CHARS = 8_000
"""Far above any real game (an 8-player game is under 1,000); longer text is refused unread."""
MAX_JSON_BYTES = 200_000
"""The most a `Z` payload may inflate to."""
MAX_NAME_BYTES = 160
MAX_GRID_BYTES = 20_000
_PACKED = ord("P")
_ZLIB = ord("Z")
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
_ROLL = FACES**DICE_COUNT
_DICE_SOURCES = (None, "virtual", "table")
_HOLDS = 2**DICE_COUNT
_CHECKSUM = 2**16
_GAME_RADIX = 32
"""Room for games to come: a game's code never changes once links carry it."""


class LinkError(RecordError):
    """A text that is not a Miss Dice link this program can open; the message says why."""


def is_link(text: str) -> bool:
    """Whether `text` claims to be a Miss Dice link (`missdice:…`, any case)."""
    return text[: MAX_LINK_CHARS + 1].lstrip()[: len(SCHEME) + 1].lower() == f"{SCHEME}:"


# Making links ------------------------------------------------------------------------------


def link_from_game(game: DiceGame[Any]) -> str:
    """The shortest link that holds the whole of `game`."""
    return link_from_record(record_from_game(game))


def link_from_record(record: Mapping[str, Any]) -> str:
    """The shortest link that holds `record` (a record as `records.record_from_game` makes)."""
    candidates = [_zlib_payload(record)]
    packed = _packed_payload(record)
    if packed is not None:
        candidates.append(packed)
    best = min(candidates, key=len)
    return PREFIX + base64.urlsafe_b64encode(best).decode("ascii").rstrip("=")


def link_sizes(game: DiceGame[Any]) -> dict[str, int]:
    """How long the link of `game` is each way, in characters (for the note and the bench)."""
    record = record_from_game(game)
    sizes = {"json": len(_canonical_json(record)), "zlib": _text_length(_zlib_payload(record))}
    packed = _packed_payload(record)
    if packed is not None:
        sizes["packed"] = _text_length(packed)
    sizes["link"] = len(link_from_record(record))
    return sizes


def _text_length(payload: bytes) -> int:
    return len(PREFIX) + len(base64.urlsafe_b64encode(payload).rstrip(b"="))


def _canonical_json(record: Mapping[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def _zlib_payload(record: Mapping[str, Any]) -> bytes:
    return bytes([_ZLIB]) + zlib.compress(_canonical_json(record), 9)


# Reading links -----------------------------------------------------------------------------


def game_from_link(text: str) -> DiceGame[Any]:
    """The game a link holds, as the engine plays it (the window); LinkError otherwise."""
    record = record_from_link(text)
    try:
        return game_from_record(record)
    except RecordError as error:
        raise LinkError(f"the game in this link breaks the rules: {error}") from None


def load_game(source: str) -> DiceGame[Any]:
    """The game of a record file or of a link (`missdice:…`), as the engine plays it."""
    return game_from_link(source) if is_link(source) else load_record(source)


def record_from_link(text: str) -> dict[str, Any]:
    """The game record a link holds (not yet replayed); LinkError if it is not one."""
    if not isinstance(text, str):
        raise LinkError("not a Miss Dice link")
    if len(text) > MAX_LINK_CHARS:  # spaces around it count: nothing longer is read at all
        raise LinkError(f"not a Miss Dice link (longer than {MAX_LINK_CHARS} characters)")
    text = text.strip()
    if not is_link(text):
        shown = text if len(text) <= 40 else text[:37] + "…"
        raise LinkError(f"not a Miss Dice link (it should start with {SCHEME}:, not {shown!r})")
    body = text[len(SCHEME) + 1 :]
    if not body or body[0] not in "0123456789":
        raise LinkError("damaged link: the link version is missing")
    version = int(body[:1])
    if version != LINK_VERSION:
        raise LinkError(
            f"this link was made by a newer Miss Dice (link version {version}; "
            f"this program reads version {LINK_VERSION})"
        )
    payload = _decode_base64(body[1:])
    if not payload:
        raise LinkError("damaged link: it holds no game (truncated?)")
    if payload[0] == _PACKED:
        record = _unpack(payload[1:])
    elif payload[0] == _ZLIB:
        record = _inflate(payload[1:])
        record_version = record.get("version")
        if type(record_version) is int and record_version > RECORD_VERSION:
            raise LinkError(
                "this link holds a game record of a newer Miss Dice "
                f"(record version {record_version}; this program reads version {RECORD_VERSION})"
            )
    else:
        raise LinkError("damaged link: unknown encoding (made by a newer Miss Dice?)")
    _check(record)
    return record


def _check(data: Any) -> None:
    """The checks a record file's data passes (`records.check_record_data`), as LinkError."""
    try:
        check_record_data(data)
    except RecordError as error:
        raise LinkError(f"damaged link: {error.detail}") from None


def _parsed_json(text: bytes, what: str) -> Any:
    """JSON inside a link, parsed as a record file's JSON is (`records.parse_record_json`)."""
    try:
        data = parse_record_json(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise LinkError(f"damaged link: {what} is not readable text") from None
    except RecordError as error:
        raise LinkError(f"damaged link: {what}: {error.detail}") from None
    _check(data)
    return data


def _decode_base64(data: str) -> bytes:
    if not _BASE64URL.fullmatch(data) or len(data) % 4 == 1:
        raise LinkError("damaged link: it has characters a link never holds, or was cut")
    try:
        payload = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("damaged link: it was cut or changed") from None
    if base64.urlsafe_b64encode(payload).decode("ascii").rstrip("=") != data:
        raise LinkError("damaged link: it was cut or changed")
    return payload


def _inflate(data: bytes) -> dict[str, Any]:
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(data, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise LinkError("damaged link: its data does not unpack (truncated or changed)") from None
    if len(text) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise LinkError("not a Miss Dice link: it would unpack to far more than any game")
    if not inflater.eof or inflater.unused_data:
        raise LinkError("damaged link: its data is cut short or has extra bytes")
    record = _parsed_json(text, "its game record")
    if not isinstance(record, dict):
        raise LinkError("damaged link: it does not hold a game record")
    if _canonical_json(record) != text:
        raise LinkError("damaged link: it was changed by hand")
    return record


# The packed form ---------------------------------------------------------------------------


class _Writer:
    """Digits of a mixed-radix number, first digit least significant."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int]] = []

    def put(self, value: int, radix: int) -> None:
        if not 0 <= value < radix:
            raise _CannotPack
        self.digits.append((value, radix))

    def put_bytes(self, data: bytes, max_length: int) -> None:
        self.put(len(data), max_length + 1)
        for byte in data:
            self.put(byte, 256)

    def to_bytes(self) -> bytes:
        number = 0
        for value, radix in reversed(self.digits):
            number = number * radix + value
        return number.to_bytes((number.bit_length() + 7) // 8, "little")


class _Reader:
    """Reads back what a `_Writer` wrote; any inconsistency is a LinkError."""

    def __init__(self, data: bytes) -> None:
        self.number = int.from_bytes(data, "little")

    def get(self, radix: int) -> int:
        self.number, value = divmod(self.number, radix)
        return value

    def get_bytes(self, max_length: int) -> bytes:
        return bytes(self.get(256) for _ in range(self.get(max_length + 1)))

    def text(self, max_length: int, what: str) -> str:
        try:
            return self.get_bytes(max_length).decode("utf-8")
        except UnicodeDecodeError:
            raise LinkError(f"damaged link: {what} is not readable text") from None


class _CannotPack(Exception):
    """The record holds something the packed form cannot (then the zlib form is used)."""


_Packer = tuple[
    frozenset[str],
    Callable[[_Writer, Mapping[str, Any]], None],
    Callable[[_Reader, dict[str, Any]], None],
]
"""A game's packed form: the record keys it packs, how to write them (`_CannotPack` if it
cannot), how to read them. Other top-level keys ride along as deflated JSON."""
MAX_EXTRA_BYTES = 20_000


def _packed_payload(record: Mapping[str, Any]) -> bytes | None:
    """The packed payload of `record`, or None when its game has no packed form for it."""
    game = record.get("game")
    if not isinstance(game, str) or game not in _GAME_CODES:
        return None
    keys, write, _read = _PACKERS[game]
    writer = _Writer()
    writer.put(_GAME_CODES.index(game), _GAME_RADIX)
    extra = {key: value for key, value in record.items() if key not in keys}
    try:
        if record["format"] != RECORD_FORMAT or record["version"] != RECORD_VERSION:
            raise _CannotPack
        write(writer, {key: value for key, value in record.items() if key in keys})
        blob = zlib.compress(_canonical_json(extra), 9) if extra else b""
        if len(blob) > MAX_EXTRA_BYTES:
            raise _CannotPack
        writer.put_bytes(blob, MAX_EXTRA_BYTES)
    except (_CannotPack, KeyError, TypeError, ValueError, IndexError, GridError, RulesError):
        return None
    writer.put(_checksum(record), _CHECKSUM)
    return bytes([_PACKED]) + writer.to_bytes()


def _checksum(record: Mapping[str, Any]) -> int:
    """16 bits of the record's CRC-32: a cut or mistyped link is caught, not misread."""
    return zlib.crc32(_canonical_json(record)) % _CHECKSUM


def _unpack(data: bytes) -> dict[str, Any]:
    if not data or data[-1:] == b"\0":
        raise LinkError("damaged link: it was changed (extra bytes at its end)")
    reader = _Reader(data)
    code = reader.get(_GAME_RADIX)
    if code >= len(_GAME_CODES):
        raise LinkError("this link holds a game this version does not know (a newer Miss Dice?)")
    game = _GAME_CODES[code]
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": game,
    }
    keys, _write, read = _PACKERS[game]
    read(reader, record)
    blob = reader.get_bytes(MAX_EXTRA_BYTES)
    if blob:
        extra = _inflate_json(blob, "the keys this version does not know")
        if not isinstance(extra, dict) or not extra or set(extra) & keys:
            raise LinkError("damaged link: the keys this version does not know are not readable")
        record.update(extra)
    if not _checksum_matches(reader.number, record):
        raise LinkError("damaged link: it was cut or changed (its check does not match)")
    return record


def _checksum_matches(number: int, record: Mapping[str, Any]) -> bool:
    """Whether what is left of a packed link is the record's checksum (fuzzers skip it)."""
    _check(record)  # a record that cannot be written has no checksum
    return number == _checksum(record)


def _inflate_json(data: bytes, what: str) -> Any:
    """JSON deflated inside a packed link, inflated at most to `MAX_JSON_BYTES`."""
    inflater = zlib.decompressobj()
    try:
        text = inflater.decompress(data, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise LinkError(f"damaged link: {what} cannot be read") from None
    if len(text) > MAX_JSON_BYTES or not inflater.eof or inflater.unused_data:
        raise LinkError(f"damaged link: {what} cannot be read")
    return _parsed_json(text, what)


# The Yahtzee family: built-in grids and house grids -----------------------------------------

_SCORESHEET_KEYS = frozenset(
    {"format", "version", "game", "options", "players", "turns", "grid", "current", "dice_source"}
)


def _write_scoresheet_game(writer: _Writer, record: Mapping[str, Any]) -> None:
    if set(record) - _SCORESHEET_KEYS:
        raise _CannotPack
    variant = _write_variant(writer, record)
    options = record.get("options", {})
    rules = variant.configure(options)
    if rules.option_values != options:
        raise _CannotPack  # e.g. options left to their defaults: keep the record as it is
    for name in sorted(variant.option_defaults()):
        choices = variant.option_choices(name)
        writer.put(choices.index(options[name]), len(choices))
    players = record["players"]
    _write_players(writer, players)
    writer.put(_DICE_SOURCES.index(record.get("dice_source")), len(_DICE_SOURCES))
    box_ids = rules.box_ids
    free = [list(box_ids) for _ in players]
    turns = record["turns"]
    writer.put(len(turns), len(players) * len(box_ids) + 1)
    for number, turn in enumerate(turns):
        player = number % len(players)
        if set(turn) - {"player", "dice", "rolls", "box"} or turn["player"] != player:
            raise _CannotPack
        rolls = turn.get("rolls", [])
        if rolls and rolls[-1] != turn["dice"]:
            raise _CannotPack
        _write_rolls(writer, rolls, turn["dice"])
        writer.put(free[player].index(turn["box"]), len(free[player]))
        free[player].remove(turn["box"])
    current = record.get("current")
    writer.put(current is not None, 2)
    if current is not None:
        if set(current) - {"player", "dice", "rolls", "roll_holds", "held"}:
            raise _CannotPack
        if current["player"] != len(turns) % len(players):
            raise _CannotPack
        rolls = current.get("rolls", [])
        if rolls and rolls[-1] != current["dice"]:
            raise _CannotPack
        _write_rolls(writer, rolls, current["dice"])
        roll_holds = current.get("roll_holds")
        writer.put(roll_holds is not None, 2)
        if roll_holds is not None:
            if len(roll_holds) != len(rolls) or not any(any(holds) for holds in roll_holds):
                raise _CannotPack
            for holds in roll_holds:
                writer.put(_holds_number(holds, present=False), _HOLDS)
        held = current.get("held")
        writer.put(0 if held is None else _holds_number(held, present=True), _HOLDS)


def _write_variant(writer: _Writer, record: Mapping[str, Any]) -> Variant:
    if record["game"] != HOUSE_GAME:
        return get_variant(record["game"])
    grid = record["grid"]
    variant = grid_from_mapping(grid)
    writer.put_bytes(zlib.compress(_canonical_json(grid), 9), MAX_GRID_BYTES)
    return variant


def _write_players(writer: _Writer, players: Sequence[str]) -> None:
    writer.put(len(players) - 1, MAX_PLAYERS)
    for name in players:
        writer.put_bytes(name.encode("utf-8"), MAX_NAME_BYTES)


def _read_players(reader: _Reader) -> list[str]:
    count = reader.get(MAX_PLAYERS) + 1
    return [reader.text(MAX_NAME_BYTES, "a player's name") for _ in range(count)]


def _write_rolls(writer: _Writer, rolls: Sequence[Any], dice: Sequence[Any]) -> None:
    """The roll count, the first roll whole, then each next roll as what changed.

    After the first roll, held dice keep their faces: a roll is the dice that stayed (5
    bits), then each die that changed as one of the 5 other faces (about 10 bits instead
    of 13 for a usual roll).
    """
    writer.put(len(rolls), MAX_ROLLS + 1)
    first, *later = rolls or [dice]
    writer.put(_dice_number(first), _ROLL)
    previous = first
    for roll in later:
        _dice_number(roll)  # checks the faces
        pairs = list(zip(roll, previous, strict=True))
        writer.put(_holds_number([new == old for new, old in pairs], present=False), _HOLDS)
        for new, old in pairs:
            if new != old:
                writer.put(new - 1 - (new > old), FACES - 1)
        previous = roll


def _dice_number(dice: Sequence[Any], count: int = DICE_COUNT) -> int:
    if len(dice) != count or not all(type(v) is int and 1 <= v <= FACES for v in dice):
        raise _CannotPack
    number = 0
    for value in reversed(dice):
        number = number * FACES + value - 1
    return number


def _holds_number(holds: Sequence[Any], *, present: bool, count: int = DICE_COUNT) -> int:
    """The held dice as bits; `present`: a list the record writes only when a die is held."""
    if len(holds) != count or not all(type(flag) is bool for flag in holds):
        raise _CannotPack
    number = sum(1 << index for index, flag in enumerate(holds) if flag)
    if present and not number:
        raise _CannotPack
    return number


def _read_scoresheet_game(reader: _Reader, record: dict[str, Any]) -> None:
    variant = _read_variant(reader, record)
    options: dict[str, str | bool] = {}
    for name in sorted(variant.option_defaults()):
        choices = variant.option_choices(name)
        options[name] = choices[reader.get(len(choices))]
    try:
        rules = variant.configure(options)
    except RulesError as error:
        raise LinkError(f"damaged link: {error}") from None
    record["options"] = options
    players = record["players"] = _read_players(reader)
    box_ids = rules.box_ids
    free = [list(box_ids) for _ in players]
    dice_source = _DICE_SOURCES[reader.get(len(_DICE_SOURCES))]
    turns: list[dict[str, Any]] = []
    for number in range(reader.get(len(players) * len(box_ids) + 1)):
        player = number % len(players)
        turn: dict[str, Any] = {"player": player}
        turn.update(_read_rolls(reader))
        if not free[player]:
            raise LinkError("damaged link: more turns than boxes")
        turn["box"] = free[player].pop(reader.get(len(free[player])))
        turns.append(turn)
    record["turns"] = turns
    if reader.get(2):
        current: dict[str, Any] = {"player": len(turns) % len(players)}
        current.update(_read_rolls(reader))
        if reader.get(2):
            count = len(current.get("rolls", []))
            current["roll_holds"] = [_holds_list(reader.get(_HOLDS)) for _ in range(count)]
        held = reader.get(_HOLDS)
        if held:
            current["held"] = _holds_list(held)
        record["current"] = current
    if dice_source is not None:
        record["dice_source"] = dice_source


def _read_variant(reader: _Reader, record: dict[str, Any]) -> Variant:
    if record["game"] != HOUSE_GAME:
        return get_variant(record["game"])
    grid = _inflate_json(reader.get_bytes(MAX_GRID_BYTES), "its house grid")
    if not isinstance(grid, dict):
        raise LinkError("damaged link: its house grid cannot be read")
    try:
        variant = grid_from_mapping(grid)
    except GridError as error:
        raise LinkError(f"the house grid in this link is not valid: {error}") from None
    record["grid"] = grid
    return variant


def _read_rolls(reader: _Reader) -> dict[str, Any]:
    count = reader.get(MAX_ROLLS + 1)
    rolls = [_dice_list(reader.get(_ROLL))]
    for _ in range(count - 1):
        stayed = _holds_list(reader.get(_HOLDS))
        roll = []
        for kept, old in zip(stayed, rolls[-1], strict=True):
            if kept:
                roll.append(old)
            else:
                face = reader.get(FACES - 1) + 1
                roll.append(face + (face >= old))
        rolls.append(roll)
    if count == 0:
        return {"dice": rolls[0]}
    return {"dice": rolls[-1], "rolls": rolls}


def _dice_list(number: int, count: int = DICE_COUNT) -> list[int]:
    values = []
    for _ in range(count):
        number, value = divmod(number, FACES)
        values.append(value + 1)
    return values


def _holds_list(number: int, count: int = DICE_COUNT) -> list[bool]:
    return [bool(number >> index & 1) for index in range(count)]


# 421 -----------------------------------------------------------------------------------------

_FOUR21_KEYS = frozenset(
    {"format", "version", "game", "options", "players", "turns", "current", "dice_source"}
)
_FOUR21_ID = "421"
_FOUR21_DICE = 3
_FOUR21_THROWS = 3
"""The packed form's 421: three dice, at most three throws a turn. The link format's own
numbers, the 421's as its rules have them (a test holds them equal); the rules load only
with a game of the 421, and check the game as a link is read."""
_FOUR21_ROLL = FACES**_FOUR21_DICE
_FOUR21_HOLDS = 2**_FOUR21_DICE
MAX_FOUR21_TURNS = 4095
"""More turns than this (no real game has them) keep the zlib form."""


def _write_four21(writer: _Writer, record: Mapping[str, Any]) -> None:
    if set(record) - _FOUR21_KEYS:
        raise _CannotPack
    options = record["options"]
    if set(options) != {"pot", "421"}:
        raise _CannotPack
    writer.put(FOUR21_POT.choices.index(options["pot"]), len(FOUR21_POT.choices))
    writer.put(FOUR21_WORTH.choices.index(options["421"]), len(FOUR21_WORTH.choices))
    players = record["players"]
    _write_players(writer, players)
    writer.put(_DICE_SOURCES.index(record.get("dice_source")), len(_DICE_SOURCES))
    turns = record["turns"]
    writer.put(len(turns), MAX_FOUR21_TURNS + 1)
    for turn in turns:
        if set(turn) != {"player", "rolls"}:
            raise _CannotPack
        _write_four21_throws(writer, turn, len(players))
    current = record.get("current")
    writer.put(current is not None, 2)
    if current is not None:
        if set(current) - {"player", "rolls", "held"}:
            raise _CannotPack
        _write_four21_throws(writer, current, len(players))
        held = current.get("held")
        holds = 0
        if held is not None:
            holds = _holds_number(held, present=True, count=_FOUR21_DICE)
        writer.put(holds, _FOUR21_HOLDS)


def _write_four21_throws(writer: _Writer, turn: Mapping[str, Any], players: int) -> None:
    player, throws = turn["player"], turn["rolls"]
    if type(player) is not int or not throws:
        raise _CannotPack
    writer.put(player, players)
    writer.put(len(throws) - 1, _FOUR21_THROWS)
    for dice in throws:
        writer.put(_dice_number(dice, _FOUR21_DICE), _FOUR21_ROLL)


def _read_four21(reader: _Reader, record: dict[str, Any]) -> None:
    pot = FOUR21_POT.choices[reader.get(len(FOUR21_POT.choices))]
    worth = FOUR21_WORTH.choices[reader.get(len(FOUR21_WORTH.choices))]
    record["options"] = {"pot": pot, "421": worth}
    players = record["players"] = _read_players(reader)
    dice_source = _DICE_SOURCES[reader.get(len(_DICE_SOURCES))]
    count = reader.get(MAX_FOUR21_TURNS + 1)
    record["turns"] = [_read_four21_throws(reader, len(players)) for _ in range(count)]
    if reader.get(2):
        current = _read_four21_throws(reader, len(players))
        holds = reader.get(_FOUR21_HOLDS)
        if holds:
            current["held"] = _holds_list(holds, _FOUR21_DICE)
        record["current"] = current
    if dice_source is not None:
        record["dice_source"] = dice_source


def _read_four21_throws(reader: _Reader, players: int) -> dict[str, Any]:
    player = reader.get(players)
    count = reader.get(_FOUR21_THROWS) + 1
    throws = [_dice_list(reader.get(_FOUR21_ROLL), _FOUR21_DICE) for _ in range(count)]
    return {"player": player, "rolls": throws}


# Cochon ------------------------------------------------------------------------------------

_PIG_KEYS = frozenset({"format", "version", "game", "options", "players", "turns", "dice_source"})
_PIG_HOLD, _PIG_OPEN, _PIG_SYMBOLS = 0, 7, 8
"""A turn is its faces (1–6), then «hold» or, for the last turn only, «still open»; a 1
ends a turn by itself."""
MAX_PIG_TURNS = 4095


def _write_pig(writer: _Writer, record: Mapping[str, Any]) -> None:
    if set(record) - _PIG_KEYS or set(record["options"]) != {"target"}:
        raise _CannotPack
    target = record["options"]["target"]
    if type(target) is not int:
        raise _CannotPack
    writer.put(target - PIG_TARGET.low, PIG_TARGET.high - PIG_TARGET.low + 1)
    players = record["players"]
    _write_players(writer, players)
    writer.put(_DICE_SOURCES.index(record.get("dice_source")), len(_DICE_SOURCES))
    turns = record["turns"]
    writer.put(len(turns), MAX_PIG_TURNS + 1)
    for number, turn in enumerate(turns):
        if set(turn) - {"player", "rolls", "hold"} or turn["player"] != number % len(players):
            raise _CannotPack
        rolls, hold = turn["rolls"], turn.get("hold")
        if not rolls or hold not in (None, True):
            raise _CannotPack
        for index, face in enumerate(rolls):
            if type(face) is not int or not 1 <= face <= FACES:
                raise _CannotPack
            if face == 1 and index < len(rolls) - 1:
                raise _CannotPack
            writer.put(face, _PIG_SYMBOLS)
        if rolls[-1] == 1:
            if hold:
                raise _CannotPack
        else:
            writer.put(_PIG_HOLD if hold else _PIG_OPEN, _PIG_SYMBOLS)


def _read_pig(reader: _Reader, record: dict[str, Any]) -> None:
    target = reader.get(PIG_TARGET.high - PIG_TARGET.low + 1) + PIG_TARGET.low
    record["options"] = {"target": target}
    players = record["players"] = _read_players(reader)
    dice_source = _DICE_SOURCES[reader.get(len(_DICE_SOURCES))]
    turns: list[dict[str, Any]] = []
    for number in range(reader.get(MAX_PIG_TURNS + 1)):
        turn: dict[str, Any] = {"player": number % len(players)}
        rolls: list[int] = []
        while True:
            symbol = reader.get(_PIG_SYMBOLS)
            if not 1 <= symbol <= FACES:
                break
            rolls.append(symbol)
            if symbol == 1:
                break
        if not rolls:
            raise LinkError("damaged link: a turn of Cochon without a roll")
        turn["rolls"] = rolls
        if symbol == _PIG_HOLD:
            turn["hold"] = True
        turns.append(turn)
    record["turns"] = turns
    if dice_source is not None:
        record["dice_source"] = dice_source


_SCORESHEETS: _Packer = (_SCORESHEET_KEYS, _write_scoresheet_game, _read_scoresheet_game)
_GAME_CODES: tuple[str, ...] = (
    "yahtzee",
    "yams-ecart",
    "yams-chances",
    "yacht",
    HOUSE_GAME,
    _FOUR21_ID,
    "pig",
)
"""The games with a packed form; a game's code is its place here (never reorder: append)."""
_PACKERS: dict[str, _Packer] = {
    **dict.fromkeys(_GAME_CODES[:5], _SCORESHEETS),
    _FOUR21_ID: (_FOUR21_KEYS, _write_four21, _read_four21),
    "pig": (_PIG_KEYS, _write_pig, _read_pig),
}


# QR codes ----------------------------------------------------------------------------------

QR_ERROR = "m"
"""Error correction M: about 15% of the code may be damaged or hidden and still read."""
QR_KINDS = ("png", "svg")


def make_qr(link: str) -> segno.QRCode:
    """The QR code of a link (segno; error correction M, never Micro QR)."""
    import segno  # only when a code is made: it costs start-up time

    return segno.make(link, error=QR_ERROR, micro=False, boost_error=False)


def save_qr(link: str, path: str | os.PathLike[str], *, scale: int = 8) -> None:
    """Write the QR code of `link` as PNG or SVG, chosen by the file's extension.

    ValueError when the extension is neither; OSError when the file cannot be written.
    """
    kind = os.fspath(path).rsplit(".", 1)[-1].lower()
    if kind not in QR_KINDS or "." not in os.fspath(path):
        raise ValueError(f"{os.fspath(path)}: a QR code is saved as .png or .svg")
    make_qr(link).save(os.fspath(path), kind=kind, scale=scale, border=4)
