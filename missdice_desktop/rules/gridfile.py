"""House grids: a family's own scoresheet, read from a TOML file in the box vocabulary.

The format is documented in docs/grid-file.md. Every mistake is reported as a GridError
naming the file and the key (or the line, for TOML syntax errors).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from missdice_desktop.files import FileReadError, decode_text, read_regular_file
from missdice_desktop.rules.boxes import Box, BoxKind, Scoring, Section
from missdice_desktop.rules.dice import DICE_COUNT, FACES
from missdice_desktop.rules.text import key_text, shown_text_problem, unsaveable_part
from missdice_desktop.rules.variants import JokerPolicy, UpperBonus, Variant

GRID_FORMAT = "missdice-grid"
GRID_VERSION = 1
MAX_BOXES = 40
MAX_GRID_BYTES = 100_000
"""A grid of 40 boxes fits in a few kilobytes; a file beyond this is refused unread."""
MAX_LABEL_LENGTH = 60
_ID = re.compile(r"[a-z][a-z0-9_-]{0,39}")
_TOP_KEYS = {
    "format",
    "version",
    "id",
    "name",
    "boxes",
    "upper_bonus",
    "yahtzee_box",
    "yahtzee_bonus",
    "joker",
    "ecart",
}
_BOX_KEYS = {
    "id",
    "kind",
    "label",
    "section",
    "face",
    "count",
    "length",
    "faces",
    "scoring",
    "points",
    "counts",
}
_NEEDS_POINTS = {BoxKind.STRAIGHT, BoxKind.INVERSE_SUM, BoxKind.RIGOLE}


class GridError(ValueError):
    """A grid file or grid mapping that is not a valid scoresheet."""


def load_grid_file(path: str | Path) -> Variant:
    """Read a house grid from a TOML file."""
    path = Path(path)
    try:
        text = decode_text(read_regular_file(path, MAX_GRID_BYTES))
    except FileReadError as error:
        if error.too_large:
            raise GridError(f"{path}: file too large for a grid ({error.reason})") from None
        raise GridError(f"{path}: cannot read the file ({error.reason})") from None
    except UnicodeDecodeError:
        raise GridError(f"{path}: not a text file (UTF-8 expected)") from None
    import tomllib  # the TOML parser loads with the first grid file

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GridError(f"{path}: not valid TOML: {error}") from None
    except (RecursionError, ValueError) as error:  # nesting or numbers beyond reason
        raise GridError(f"{path}: not a grid file ({type(error).__name__})") from None
    try:
        return grid_from_mapping(data)
    except GridError as error:
        raise GridError(f"{path}: {error}") from None


def grid_from_mapping(data: Mapping[str, Any]) -> Variant:
    """Build a variant from a parsed grid (a TOML file, or the copy kept in a game record)."""
    if not isinstance(data, Mapping):
        raise GridError("a grid must be a table of keys")
    _no_unknown_keys(data, _TOP_KEYS, "")
    unsaveable = unsaveable_part(data)
    if unsaveable is not None:
        raise GridError(unsaveable)
    if data.get("format", GRID_FORMAT) != GRID_FORMAT:
        raise GridError(f"format: expected {GRID_FORMAT!r}")
    version = data.get("version", GRID_VERSION)
    if type(version) is not int or version != GRID_VERSION:
        raise GridError(f"version: this program reads version {GRID_VERSION}")
    grid_id = _identifier(data, "id", "")
    name = _text(data, "name", "", default=grid_id)
    raw_boxes = data.get("boxes")
    if not isinstance(raw_boxes, list) or not raw_boxes:
        raise GridError("boxes: a grid needs at least one [[boxes]] table")
    if len(raw_boxes) > MAX_BOXES:
        raise GridError(f"boxes: at most {MAX_BOXES} boxes")
    boxes = tuple(_box(raw, f"boxes[{index}].") for index, raw in enumerate(raw_boxes, 1))
    ids = [box.id for box in boxes]
    for index, box_id in enumerate(ids, 1):
        if box_id in ids[: index - 1]:
            raise GridError(f"boxes[{index}].id: {box_id!r} is used twice")

    upper_bonus = None
    if "upper_bonus" in data:
        raw = data["upper_bonus"]
        if not isinstance(raw, Mapping):
            raise GridError("upper_bonus: must be a table")
        _no_unknown_keys(raw, {"threshold", "points", "per_point_over"}, "upper_bonus.")
        upper_bonus = UpperBonus(
            _whole(raw, "threshold", "upper_bonus.", 1, 1000),
            _whole(raw, "points", "upper_bonus.", 0, 1000),
            _whole(raw, "per_point_over", "upper_bonus.", 0, 100, default=0),
        )

    yahtzee_box = None
    if "yahtzee_box" in data:
        yahtzee_box = _text(data, "yahtzee_box", "")
        box = boxes[ids.index(yahtzee_box)] if yahtzee_box in ids else None
        if box is None or box.kind is not BoxKind.OF_A_KIND or box.count != DICE_COUNT:
            raise GridError("yahtzee_box: must name a box of kind of_a_kind with count = 5")
    yahtzee_bonus = _whole(data, "yahtzee_bonus", "", 0, 1000, default=0)
    jokers: tuple[JokerPolicy, ...] = ()
    if "joker" in data:
        choices = [policy.value for policy in JokerPolicy]
        value = data["joker"]
        if value not in choices:
            raise GridError(f"joker: must be one of {', '.join(choices)}")
        jokers = (JokerPolicy(value),)
    if (yahtzee_bonus or jokers) and yahtzee_box is None:
        raise GridError("yahtzee_bonus and joker need yahtzee_box")

    ecart = None
    if "ecart" in data:
        pair = data["ecart"]
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or pair[0] == pair[1]
            or any(box_id not in ids for box_id in pair)
        ):
            raise GridError("ecart: must list two different boxes of the grid, [plus, minus]")
        ecart = (str(pair[0]), str(pair[1]))

    return Variant(
        id=grid_id,
        name=name,
        boxes=boxes,
        upper_bonus=upper_bonus,
        yahtzee_box=yahtzee_box,
        yahtzee_bonus=yahtzee_bonus,
        jokers=jokers,
        ecart=ecart,
        grid=dict(data),
    )


def _box(raw: object, where: str) -> Box:
    if not isinstance(raw, Mapping):
        raise GridError(f"{where[:-1]}: must be a table")
    _no_unknown_keys(raw, _BOX_KEYS, where)
    box_id = _identifier(raw, "id", where)
    kinds = [kind.value for kind in BoxKind]
    if raw.get("kind") not in kinds:
        raise GridError(f"{where}kind: must be one of {', '.join(kinds)}")
    kind = BoxKind(raw["kind"])
    default_section = Section.UPPER if kind is BoxKind.FACE else Section.LOWER
    section_name = raw.get("section", default_section.value)
    if section_name not in ("upper", "lower"):
        raise GridError(f"{where}section: must be upper or lower")
    scorings = [scoring.value for scoring in Scoring]
    scoring_name = raw.get("scoring", Scoring.FIXED.value)
    if scoring_name not in scorings:
        raise GridError(f"{where}scoring: must be one of {', '.join(scorings)}")
    scoring = Scoring(scoring_name)
    params: dict[str, Any] = {
        "label": _text(raw, "label", where, default=box_id.replace("_", " ").capitalize()),
        "points": _whole(raw, "points", where, 0, 1000, default=0),
        "counts": raw.get("counts", True),
        "scoring": scoring,
    }
    if not isinstance(params["counts"], bool):
        raise GridError(f"{where}counts: must be true or false")
    if kind is BoxKind.FACE:
        params["face"] = _whole(raw, "face", where, 1, FACES)
    if kind is BoxKind.OF_A_KIND:
        params["count"] = _whole(raw, "count", where, 2, DICE_COUNT)
    if kind is BoxKind.STRAIGHT:
        if ("length" in raw) == ("faces" in raw):
            raise GridError(f"{where}: a straight needs either length or faces")
        if "length" in raw:
            params["length"] = _whole(raw, "length", where, 2, DICE_COUNT)
        else:
            faces = raw["faces"]
            if (
                not isinstance(faces, list)
                or len(faces) != DICE_COUNT
                or any(type(face) is not int or not 1 <= face <= FACES for face in faces)
            ):
                raise GridError(f"{where}faces: must list {DICE_COUNT} faces from 1 to {FACES}")
            params["faces"] = tuple(faces)
    needs_points = kind in _NEEDS_POINTS or (
        kind in (BoxKind.OF_A_KIND, BoxKind.FULL_HOUSE) and scoring is Scoring.FIXED
    )
    if needs_points and "points" not in raw:
        raise GridError(f"{where}points: a {kind.value} box with fixed scoring needs points")
    if scoring is Scoring.MATCHED and kind is not BoxKind.OF_A_KIND:
        raise GridError(f"{where}scoring: matched applies to of_a_kind boxes only")
    return Box(box_id, kind, Section(section_name), **params)


def _no_unknown_keys(data: Mapping[str, Any], known: set[str], where: str) -> None:
    for key in data:
        if key not in known:
            name = key_text(key) if isinstance(key, str) else ascii(key)
            raise GridError(f"{where}{name}: unknown key (known: {', '.join(sorted(known))})")


def _identifier(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise GridError(f"{where}{key}: must be a short lower-case name such as 'full_house'")
    return value


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise GridError(f"{where}{key}: must be a text of 1 to {MAX_LABEL_LENGTH} characters")
    value = value.strip()
    problem = shown_text_problem(value, max_length=MAX_LABEL_LENGTH)
    if problem is not None:
        raise GridError(f"{where}{key}: {problem}")
    return value


def _whole(
    data: Mapping[str, Any], key: str, where: str, low: int, high: int, default: int | None = None
) -> int:
    value = data.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise GridError(f"{where}{key}: must be a whole number from {low} to {high}")
    return value
