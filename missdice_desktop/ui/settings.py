"""The app's settings, declared once with their defaults, and the folders it keeps files in.

Settings live in the platform's user config folder (platformdirs), autosaves in the user
data folder. Both folders are passed in (`AppPaths`) so that tests point them elsewhere.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

from missdice_desktop.files import (
    FileReadError,
    decode_text,
    keep_aside,
    read_regular_file,
    remove_stale_temporaries,
)
from missdice_desktop.records import write_atomically
from missdice_desktop.rules import MAX_PLAYERS
from missdice_desktop.rules.engine import kept_player_name, player_name_problem
from missdice_desktop.rules.text import unsaveable_part
from missdice_desktop.session_meta import DICE_TABLE, DICE_VIRTUAL

APP_NAME = "missdice"
LANGUAGES = ("system", "en", "fr")
THEMES = ("system", "light", "dark")


@dataclass(frozen=True)
class AppPaths:
    """Where settings and autosaves are kept."""

    config_dir: Path
    data_dir: Path

    @classmethod
    def default(cls) -> AppPaths:
        """The user's platform folders (~/.config/missdice, ~/.local/share/missdice on Linux)."""
        return cls(
            Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
            Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        )

    @property
    def settings_file(self) -> Path:
        """The settings file."""
        return self.config_dir / "settings.json"

    @property
    def autosave_file(self) -> Path:
        """Where versions before the games folder kept the game in progress (moved at start)."""
        return self.data_dir / "autosave.json"

    @property
    def games_dir(self) -> Path:
        """The kept games, one record file each, saved after every action."""
        return self.data_dir / "games"


@dataclass
class Settings:
    """What the app remembers between runs."""

    players: list[str] = field(default_factory=list)
    """The names of the last game (none before the first)."""
    variant: str = "yahtzee"
    options: dict[str, str | bool] = field(default_factory=dict)
    grid_file: str = ""
    """The house grid file last played ("" when a built-in variant was)."""
    dice_source: str = DICE_VIRTUAL
    language: str = "system"
    theme: str = "system"
    confirm_zero: bool = True
    """Ask before scoring 0 when another box would score more."""
    window_geometry: str = ""
    camera: str = "demo"
    """The camera source: "demo", a camera index ("0"), a video file or a folder of photos."""
    camera_on: bool = False
    """Whether the camera panel reads the table (with dice from the table)."""
    camera_automatic: bool = False
    """Put steady dice into the turn without pressing "Use these dice"."""
    game: str = "yahtzee"
    """The game last chosen in New game: an id of the games table, or "roller"."""
    game_options: dict[str, dict[str, int]] = field(default_factory=dict)
    """The whole-number options last chosen, by game id (e.g. {"pig": {"target": 100}})."""
    roller_dice: str = "2d6"
    """The free roller's last dice, in dice notation."""
    reduce_motion: bool = False
    """View › Reduce motion: the dice show their faces at once instead of tumbling."""


MAX_SETTINGS_BYTES = 1_000_000
"""A settings file is a few hundred bytes; a larger one is not read."""
_MAX_TEXT = 4096
_BASE64 = re.compile(r"[A-Za-z0-9+/=]*")


@dataclass(frozen=True)
class SettingsFile:
    """What was found in a settings file: the values read and what was wrong with it."""

    values: dict[str, Any]
    """The file's object as read ({} when there was none or it could not be read)."""
    problem: str = ""
    """Why the whole file was not used ("" when it was, or when there was none)."""
    broken: bool = False
    """The file exists but holds no settings object (it is kept aside before a save)."""
    locked: bool = False
    """The file exists but cannot be read: it is never replaced."""


@dataclass(frozen=True)
class SettingsProblems:
    """What in a settings file could not be used, for one message at start."""

    file: str = ""
    """Why the whole file was not used ("" when it was, or when there is none)."""
    reset: tuple[str, ...] = ()
    """The settings whose values were refused and are back to their defaults."""


def read_settings(path: Path) -> tuple[Settings, SettingsProblems]:
    """Settings and what was wrong: a bad value falls back to its default, the rest stay."""
    found = _read_file(path)
    settings, bad = _settings_from(found.values)
    return settings, SettingsProblems(found.problem, tuple(bad))


def load_settings(path: Path) -> Settings:
    """Read settings; missing, unreadable or wrong values fall back to their defaults."""
    return read_settings(path)[0]


def _read_file(path: Path) -> SettingsFile:
    try:
        raw = read_regular_file(path, MAX_SETTINGS_BYTES)
    except FileReadError as error:
        if error.too_large:
            return SettingsFile({}, f"the file is too large ({error.reason})", broken=True)
        if not os.path.lexists(path):
            return SettingsFile({})
        return SettingsFile({}, f"the file cannot be read ({error.reason})", locked=True)
    try:
        data = json.loads(decode_text(raw), parse_constant=_refuse, parse_float=_finite)
    except (ValueError, RecursionError):
        return SettingsFile({}, "the file is not JSON", broken=True)
    if not isinstance(data, dict):
        return SettingsFile({}, "the file holds no settings", broken=True)
    return SettingsFile(data)


def _refuse(name: str) -> Any:
    raise ValueError(name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _settings_from(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    defaults = Settings()
    values: dict[str, Any] = {}
    bad = []
    for spec in fields(Settings):
        if spec.name not in data:
            continue
        value = data[spec.name]
        if _valid(spec.name, value):
            values[spec.name] = _kept(spec.name, value)
        else:
            bad.append(spec.name)
    settings = Settings(**{**asdict(defaults), **values})
    return settings, bad


def _valid(name: str, value: Any) -> bool:
    if unsaveable_part(value) is not None:
        return False
    match name:
        case "players":
            return (
                isinstance(value, list)
                and len(value) <= MAX_PLAYERS
                # a blank name stands for "Player N" in the language of the moment
                and all(
                    isinstance(player, str)
                    and (not kept_player_name(player) or player_name_problem(player) is None)
                    for player in value
                )
            )
        case "options":
            return isinstance(value, dict) and all(
                isinstance(key, str) and isinstance(option, str | bool)
                for key, option in value.items()
            )
        case "dice_source":
            return value in (DICE_VIRTUAL, DICE_TABLE)
        case "language":
            return value in LANGUAGES
        case "theme":
            return value in THEMES
        case "confirm_zero" | "camera_on" | "camera_automatic" | "reduce_motion":
            return isinstance(value, bool)
        case "window_geometry":
            return (
                isinstance(value, str)
                and len(value) <= _MAX_TEXT
                and bool(_BASE64.fullmatch(value))
            )
        case "camera":
            return isinstance(value, str) and 0 < len(value) <= _MAX_TEXT and "\0" not in value
        case "game_options":
            return isinstance(value, dict) and all(
                isinstance(game, str)
                and isinstance(options, dict)
                and all(
                    isinstance(name, str) and type(number) is int
                    for name, number in options.items()
                )
                for game, options in value.items()
            )
        case _:
            return isinstance(value, str) and len(value) <= _MAX_TEXT and "\0" not in value


def _kept(name: str, value: Any) -> Any:
    """A valid value as the app uses it: names as a game keeps them ("" for a blank one)."""
    if name == "players":
        return [kept_player_name(player) for player in value]
    return value


def _json_text(data: dict[str, Any]) -> str:
    """JSON that a person can edit; escaped only where kept text cannot be UTF-8."""
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=2) + "\n"
    return text


def save_settings(path: Path, settings: Settings) -> bool:
    """Write the settings that differ from the file's; False when nothing could be written.

    What the user did not change stays as the file has it: a value this version refuses, or
    a key it does not know. A file that holds no settings is kept aside first, and one that
    cannot be read is never replaced.
    """
    found = _read_file(path)
    if found.locked:
        return False
    remove_stale_temporaries(path)
    merged = dict(found.values)
    on_file, _bad = _settings_from(found.values)
    for name, value in asdict(settings).items():
        if name not in merged or value != getattr(on_file, name):
            merged[name] = value
    try:
        if found.broken:
            keep_aside(path, "settings")
        write_atomically(path, _json_text(merged))
    except OSError:
        return False
    return True
